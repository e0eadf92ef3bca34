//! Equinox's tests, one binary with modules: the conformance suite on every player count, and the rules
//! scenario by scenario. The allocation test has its own binary (`tests/allocations.rs`).

mod conformance;
mod rules;
