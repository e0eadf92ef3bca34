//! The bots' tests, one binary with modules: the search bots ([`search`]) and the unit tests of
//! `src/` ([`units`]). The allocation test has its own binary (`tests/allocations.rs`, a counting
//! global allocator).

mod search;
mod units;
