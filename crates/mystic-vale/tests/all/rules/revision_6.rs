//! Rules revision 6 (issue 33, ruling MV83): the field's VP are scored when the player decides (`score`),
//! where the order can change something; elsewhere as the Harvest ends. Revision 5 plays the same games as
//! before.

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::{MysticVale, Options};

/// Uniform random games of revision 5 with every set, as written before revision 6 existed (one line
/// per game: the seed, then every action's notation).
const RULES_5_GAMES: &str = include_str!("../../fixtures/rules-5-random-games.txt");

/// The options of the revision-5 fixture.
fn rules_5() -> Options {
    Options { sets: "base,wild,magic,manastorm".into(), rules: 5, ..Options::default() }
}

/// One uniform random game from `seed`, its actions written out.
fn random_game(options: &Options, seed: u64) -> Vec<String> {
    let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ 0x0006);
    let mut legal = Vec::new();
    let mut out = Vec::new();
    while g.to_move().is_some() {
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        out.push(a.to_string());
        g.apply_unchecked(a, &mut NoEvents);
    }
    out
}

#[test]
fn issue_33_rules_5_plays_the_same_games_as_before_revision_6() {
    let mut games = 0;
    for line in RULES_5_GAMES.lines() {
        let mut words = line.split(',');
        let seed: u64 = words.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("seed: {line:.20}"));
        let before: Vec<&str> = words.collect();
        let now = random_game(&rules_5(), seed);
        assert_eq!(now, before, "seed {seed}");
        games += 1;
    }
    assert!(games >= 8, "{games} games");
}

/// Writes the fixture (run once, before revision 6: `SYLVAN_WRITE_RULES_5=1`).
#[test]
fn write_rules_5_fixture() {
    if std::env::var_os("SYLVAN_WRITE_RULES_5").is_none() {
        return;
    }
    let mut text = String::new();
    for seed in 1..=12u64 {
        let moves = random_game(&rules_5(), seed);
        text.push_str(&format!("{seed},{}\n", moves.join(",")));
    }
    std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules-5-random-games.txt"), text)
        .unwrap_or_else(|e| panic!("{e}"));
}
