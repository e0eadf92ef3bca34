//! Rules revision 5 (issue 33): Hatchery, Pool of Visions, Bramble Spire and Aether Tree decide as
//! `use`, naming the card or vale whose ability acts. Revision 4 keeps its card-named actions and plays
//! the same games as before.

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::{MysticVale, Options};

/// Uniform random games of revision 4 with every set, as written before revision 5 existed (one line
/// per game: the seed, then every action's notation).
const RULES_4_GAMES: &str = include_str!("../../fixtures/rules-4-random-games.txt");

/// The seeds and options of the revision-4 fixture.
fn rules_4() -> Options {
    Options { sets: "base,wild,magic,manastorm".into(), rules: 4, ..Options::default() }
}

/// One uniform random game from `seed`, its actions written out.
fn random_game(options: &Options, seed: u64) -> Vec<String> {
    let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ 0x0005);
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
fn issue_33_rules_4_plays_the_same_games_as_before_revision_5() {
    let mut games = 0;
    let mut named = 0;
    for line in RULES_4_GAMES.lines() {
        let mut words = line.split(',');
        let seed: u64 = words.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("seed: {line:.20}"));
        let before: Vec<&str> = words.collect();
        let now = random_game(&rules_4(), seed);
        assert_eq!(now, before, "seed {seed}");
        named += before.iter().filter(|a| a.starts_with("keep c") || a.starts_with("cancel c")).count();
        games += 1;
    }
    assert!(games >= 8, "{games} games");
    assert!(named > 0, "the games use keep or cancel, which revision 5 writes as use");
}

/// Writes the fixture (run once, before revision 5: `SYLVAN_WRITE_RULES_4=1`).
#[test]
fn write_rules_4_fixture() {
    if std::env::var_os("SYLVAN_WRITE_RULES_4").is_none() {
        return;
    }
    let mut text = String::new();
    for seed in 1..=12u64 {
        let moves = random_game(&rules_4(), seed);
        text.push_str(&format!("{seed},{}\n", moves.join(",")));
    }
    std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rules-4-random-games.txt"), text)
        .unwrap_or_else(|e| panic!("{e}"));
}
