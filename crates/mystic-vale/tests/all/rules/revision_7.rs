//! Rules revision 7 (issue 33, ruling MV90's "Wayfarer Portal reconsidered"): Wayfarer Portal's move is a
//! sequence of `use` decisions. Revision 6 plays the same games as before.

use sylvan_mystic_vale::Options;

use crate::common::*;

/// Uniform random games of revision 6 with every set, as written before revision 7 existed (one line
/// per game: the seed, then every action's notation).
const RULES_6_GAMES: &str = include_str!("../../fixtures/rules-6-random-games.txt");

/// The options of the revision-6 fixture.
fn rules_6() -> Options {
    Options { sets: "base,wild,magic,manastorm".into(), rules: 6, ..Options::default() }
}

#[test]
fn issue_33_rules_6_plays_the_same_games_as_before_revision_7() {
    let mut games = 0;
    for line in RULES_6_GAMES.lines() {
        let mut words = line.split(',');
        let seed: u64 = words.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("seed: {line:.20}"));
        let before: Vec<&str> = words.collect();
        let now = random_game(&rules_6(), seed, 0x0007);
        assert_eq!(now, before, "seed {seed}");
        games += 1;
    }
    assert!(games >= 8, "{games} games");
    assert!(RULES_6_GAMES.contains(",portal c"), "the fixture moves advancements with Wayfarer Portal");
}

/// Writes the fixture (run once, before revision 7: `SYLVAN_WRITE_RULES_6=1`).
#[test]
fn write_rules_6_fixture() {
    if std::env::var_os("SYLVAN_WRITE_RULES_6").is_none() {
        return;
    }
    let mut text = String::new();
    for seed in 1..=40u64 {
        let moves = random_game(&rules_6(), seed, 0x0007);
        text.push_str(&format!("{seed},{}\n", moves.join(",")));
    }
    std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules-6-random-games.txt"), text)
        .unwrap_or_else(|e| panic!("{e}"));
}
