//! Mystic Vale's tests, one binary with modules: the rules from explicit setups, one module per card set
//! ([`rules`], helpers in [`common`]), the engine's conformance suite ([`conformance`]), the search
//! evaluation ([`evaluate`]), the designer statistics ([`analytics`]) and the unit tests of `src/`
//! ([`units`]). The allocation test has its own
//! binary (`tests/allocations.rs`, a counting global allocator); the strength test (the heuristic beats
//! the random player) is in the workspace's `#[ignore]`d strength suite (`tests/all/strength.rs` at the
//! root).

mod analytics;
mod common;
mod conclave_names;
mod conformance;
mod dispatch;
mod evaluate;
mod records;
mod rules;
mod setup_words;
mod text;
mod units;
