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

/// The setups the `setups` target mutates are valid before mutation (else it would only test errors).
#[test]
fn unmutated_setups_are_accepted_and_play_out() {
    use sylvan_engine::{Game, GameRng};
    for k in 0u8..24 {
        let data = [k, k.wrapping_mul(37), k ^ 0x5a, 7, 1, 2, 3, 4, 5, 6, 7, 8];
        let (o, s) = sylvan_fuzzing::con_setup(&mut sylvan_fuzzing::Bytes::new(&data));
        match sylvan_command_of_nature::CommandOfNature::from_setup(&o, &s, u64::from(k)) {
            Ok(g) => sylvan_fuzzing::check_playout(g, &mut GameRng::new(u64::from(k))),
            Err(e) => panic!("Command of Nature ({} players): {e}", o.players),
        }
        let Some((o, s)) = sylvan_fuzzing::mv_setup(&mut sylvan_fuzzing::Bytes::new(&data)) else {
            panic!("no Mystic Vale deal for {data:?}")
        };
        match sylvan_mystic_vale::MysticVale::from_setup(&o, &s, u64::from(k)) {
            Ok(g) => sylvan_fuzzing::check_playout(g, &mut GameRng::new(u64::from(k))),
            Err(e) => panic!("Mystic Vale ({} players, sets {}, leaders {:?}): {e}", o.players, o.sets, o.leaders),
        }
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

    /// `card_files`: Command of Nature and spirit-duel card files quoted whole values and keys in errors
    /// (`unknown effect `xxx…``); they now quote short prefixes.
    #[test]
    fn card_file_errors_quote_short_prefixes() {
        for input in [
            [0x86, 0x86, 0x2e, 0x73, 0x65, 0x79, 0x86, 0x86],
            [0x09, 0x2e, 0x05, 0xff, 0x2d, 0x09, 0x2e, 0x3a],
            [0x2e, 0x86, 0x08, 0x86, 0x86, 0x08, 0x86, 0xf5],
            [0x2e, 0x86, 0x86, 0x29, 0xff, 0x11, 0x86, 0xe5],
        ] {
            sylvan_fuzzing::card_files(&input);
        }
    }

    /// `card_files`: Mystic Vale's card-file errors quoted a whole provenance value; its loader now goes
    /// through `sylvan_engine::carddata`, whose errors quote short prefixes.
    #[test]
    fn mystic_vale_provenance_errors_quote_short_prefixes() {
        for input in [
            [0x00, 0x00, 0x6c, 0x65, 0x00, 0x00, 0x26, 0x75],
            [0x64, 0x00, 0x00, 0x00, 0x70, 0x01, 0x76, 0x7e],
            [0x60, 0x0e, 0x30, 0x00, 0x2e, 0x60, 0x0e, 0x0e],
        ] {
            sylvan_fuzzing::card_files(&input);
        }
    }
}
