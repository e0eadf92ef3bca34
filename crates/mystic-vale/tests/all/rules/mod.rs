//! The rules tests: one module per card set, sharing the setup helpers of `crate::common`.

mod base;
mod conclaves;
mod decisions;
mod hunt;
mod hunt_left;
mod issue_33;
mod leaders;
mod magic;
mod manastorm;
mod revision_10;
mod revision_11;
mod revision_5;
mod revision_6;
mod revision_7;
mod revision_8;
mod revision_9;
mod second_review;
mod setup_box;
mod storm;
mod wild;
