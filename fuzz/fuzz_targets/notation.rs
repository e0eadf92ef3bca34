//! `cargo +nightly fuzz run notation`: see `sylvan_fuzzing::notation` for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sylvan_fuzzing::notation(data));
