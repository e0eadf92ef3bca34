//! The fuzz properties on stable: a bounded number of random cases per target in `cargo test` (the
//! `cargo fuzz` targets in `fuzz/` run the same functions for hours), and the crashes fuzzing found, as
//! regression tests. The cases come from fixed seeds (the empty input first), so a failure names a case
//! that fails again on every run.

use std::panic::{AssertUnwindSafe, catch_unwind};

use sylvan_engine::GameRng;

/// Cases per property.
const CASES: usize = 48;

/// Runs `property` on the empty input, then on `CASES - 1` inputs that `input` draws from one
/// generator seeded with `seed`; a failure names the case and its bytes.
fn cases(seed: u64, mut input: impl FnMut(&mut GameRng) -> Vec<u8>, property: impl Fn(&[u8])) {
    let mut rng = GameRng::new(seed);
    for case in 0..CASES {
        let data = if case == 0 { Vec::new() } else { input(&mut rng) };
        if catch_unwind(AssertUnwindSafe(|| property(&data))).is_err() {
            panic!("case {case} (seed {seed}) fails on {} bytes: {data:?}", data.len());
        }
    }
}

/// Up to `max` random bytes.
fn bytes(max: usize) -> impl FnMut(&mut GameRng) -> Vec<u8> {
    move |rng| {
        let len = rng.index(max + 1);
        (0..len).map(|_| rng.below(256) as u8).collect()
    }
}

/// `n` characters drawn from `chars`.
fn word(rng: &mut GameRng, chars: &[u8], n: usize) -> Vec<u8> {
    (0..n).map(|_| chars[rng.index(chars.len())]).collect()
}

#[test]
fn records_replay_or_give_one_line_errors() {
    cases(1, bytes(96), sylvan_fuzzing::records);
}

#[test]
fn action_notation_round_trips_or_gives_one_line_errors() {
    cases(2, bytes(48), sylvan_fuzzing::notation);
}

/// A game byte, then words shaped like notation: a lower-case word of 2-8 letters and up to three
/// more of 1-6 letters, digits or `>`.
#[test]
fn notation_of_words_round_trips() {
    let lower = b"abcdefghijklmnopqrstuvwxyz";
    let rest = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789>";
    let words = |rng: &mut GameRng| {
        let mut data = vec![rng.below(256) as u8];
        let n = 2 + rng.index(7);
        data.extend(word(rng, lower, n));
        for _ in 0..rng.index(4) {
            data.push(b' ');
            let n = 1 + rng.index(6);
            data.extend(word(rng, rest, n));
        }
        data
    };
    cases(3, words, sylvan_fuzzing::notation);
}

#[test]
fn card_files_load_or_give_one_line_errors() {
    cases(4, bytes(64), sylvan_fuzzing::card_files);
}

#[test]
fn setups_over_the_box_are_refused() {
    cases(6, bytes(96), sylvan_fuzzing::box_counts);
}

#[test]
fn setups_are_refused_or_play_out() {
    cases(5, bytes(96), sylvan_fuzzing::setups);
}

/// The setups the `setups` target mutates are valid before mutation (else it would only test errors).
#[test]
fn unmutated_setups_are_accepted_and_play_out() {
    use sylvan_engine::Game;
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
