//! Command of Nature's tests, one binary with modules: the conformance suite on both modes, the rules
//! scenario by scenario, and the search evaluation. The allocation test has its own binary
//! (`tests/allocations.rs`, without the libtest harness).

mod conformance;
mod evaluate;
mod rules;
