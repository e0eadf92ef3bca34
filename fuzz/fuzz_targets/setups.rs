//! `cargo +nightly fuzz run setups`: see `sylvan_fuzzing::setups` for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sylvan_fuzzing::setups(data));
