//! The spirit duel's tests, one binary with modules: the conformance suite on every mode, the rules
//! scenario by scenario, and the small parts (`units`). The allocation test has its own binary
//! (`tests/allocations.rs`).

mod conformance;
mod rules;
mod text;
mod units;
