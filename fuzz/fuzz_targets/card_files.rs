//! `cargo +nightly fuzz run card_files`: see `sylvan_fuzzing::card_files` for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sylvan_fuzzing::card_files(data));
