//! `cargo +nightly fuzz run box_counts`: see `sylvan_fuzzing::box_counts` for the property checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| sylvan_fuzzing::box_counts(data));
