//! The workspace's cross-game tests, one binary with modules: the `sylvan` command line end to end
//! ([`cli`], [`tournament`]), the search bots on every game ([`search_every_game`]), and the strength
//! suite ([`strength`], `#[ignore]`d: `cargo test --release -- --ignored strength`, sample size from
//! `SYLVAN_STRENGTH_SAMPLE`), and the long conformance run ([`conformance_long`], `#[ignore]`d: 10,000
//! random games for every game and player count), and the documents' commands and links ([`docs`]).

mod analyze;
mod bad_input;
mod balance;
mod cli;
mod conformance_long;
#[cfg(unix)]
mod docs;
mod french;
mod languages;
mod locales;
mod search_every_game;
mod serve;
mod strength;
mod tournament;
