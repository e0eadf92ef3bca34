//! Command of Nature's tests, one binary with modules: the conformance suite on both modes, the rules
//! scenario by scenario, the search evaluation, the small parts (`units`), and places and questions in
//! words (`words`). The allocation test has its own binary (`tests/allocations.rs`, without the libtest
//! harness).

mod conformance;
mod evaluate;
mod rules;
mod text;
mod units;
mod words;
