//! `cargo +nightly fuzz run records`: see `sylvan_fuzzing::records` for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sylvan_fuzzing::records(data));
