//! The fuzz properties on stable: a bounded number of random cases per target in `cargo test` (the
//! `cargo fuzz` targets in `fuzz/` run the same functions for hours), and the crashes fuzzing found, as
//! regression tests.

use proptest::collection::vec;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn records_replay_or_give_one_line_errors(data in vec(any::<u8>(), 0..96)) {
        sylvan_fuzzing::records(&data);
    }

    #[test]
    fn action_notation_round_trips_or_gives_one_line_errors(data in vec(any::<u8>(), 0..48)) {
        sylvan_fuzzing::notation(&data);
    }

    #[test]
    fn notation_of_words_round_trips(game in any::<u8>(), text in "[a-z]{2,8}( [a-zA-Z0-9>]{1,6}){0,3}") {
        let mut data = vec![game];
        data.extend_from_slice(text.as_bytes());
        sylvan_fuzzing::notation(&data);
    }

    #[test]
    fn card_files_load_or_give_one_line_errors(data in vec(any::<u8>(), 0..64)) {
        sylvan_fuzzing::card_files(&data);
    }

    #[test]
    fn setups_are_refused_or_play_out(data in vec(any::<u8>(), 0..96)) {
        sylvan_fuzzing::setups(&data);
    }
}

/// Crashes `cargo fuzz` found, kept as regression tests.
mod found {
    /// `notation`: a 2,000-byte action was echoed whole in its parse error (issue 13); errors now quote a
    /// 60-character prefix.
    #[test]
    fn a_long_action_text_gives_a_short_error() {
        for game in 0..4 {
            let mut data = vec![game];
            data.extend(std::iter::repeat_n(0u8, 3_000));
            sylvan_fuzzing::notation(&data);
            data.truncate(1);
            data.extend(std::iter::repeat_n(b'x', 100_000));
            sylvan_fuzzing::notation(&data);
        }
    }
}
