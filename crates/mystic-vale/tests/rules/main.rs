//! The rules tests: one module per card set, sharing the setup helpers of `common`.

mod base;
mod common;
mod magic;
mod manastorm;
mod wild;
