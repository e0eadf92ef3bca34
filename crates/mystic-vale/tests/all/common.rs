//! Helpers shared by the rules tests of every set: explicit setups, actions by notation.
#![allow(dead_code)]

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::{Action, MysticVale, Options, Setup, SetupPlayer};

/// 20 cards: the given ones first, blanks after.
pub fn cards(given: &[&[&str]]) -> Vec<Vec<String>> {
    let mut v: Vec<Vec<String>> = given.iter().map(|c| c.iter().map(|s| s.to_string()).collect()).collect();
    v.resize(20, Vec::new());
    v
}

/// A player: `field`, `on_deck`, `deck` (top first); every other card in the discard pile.
pub fn player(given: &[&[&str]], field: &[u8], on_deck: Option<u8>, deck: &[u8]) -> SetupPlayer {
    let used: Vec<u8> = field.iter().chain(deck).chain(on_deck.iter()).copied().collect();
    SetupPlayer {
        cards: cards(given),
        field: field.to_vec(),
        on_deck,
        deck: deck.to_vec(),
        discard: (0..20).filter(|c| !used.contains(c)).collect(),
        ..SetupPlayer::default()
    }
}

/// A quiet opponent: blanks, one card on-deck, the rest in the deck.
pub fn quiet() -> SetupPlayer {
    player(&[], &[], Some(0), &(1..20).collect::<Vec<u8>>())
}

pub fn game(p0: SetupPlayer, commons: Option<[Vec<String>; 3]>, vales: Option<[Vec<String>; 2]>) -> MysticVale {
    game_with(&Options::default(), p0, commons, vales)
}

/// A two-player game with these options, player 0 to move, from an explicit setup.
pub fn game_with(
    options: &Options,
    p0: SetupPlayer,
    commons: Option<[Vec<String>; 3]>,
    vales: Option<[Vec<String>; 2]>,
) -> MysticVale {
    let setup = Setup { start: 0, players: vec![p0, quiet()], commons, vales, ..Setup::default() };
    match MysticVale::from_setup(options, &setup, 7) {
        Ok(g) => g,
        Err(e) => panic!("setup: {e}"),
    }
}

/// Applies the action written `a`. A card-named notation of rules revisions 1-3 (`druid`, `sow`,
/// `conclave c3`...) that is not legal here is taken as a record's replay takes it: as the `use` of the
/// card those rules chose (`Game::legacy_action`).
pub fn act(g: &mut MysticVale, a: &str) {
    let mut action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
    if !g.is_legal(action)
        && let Some(meant) = g.legacy_action(action).filter(|&m| g.is_legal(m))
    {
        action = meant;
    }
    if let Err(e) = g.try_apply(action, &mut NoEvents) {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        panic!("{e}; legal: {}", legal.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", "));
    }
}

/// The legal decisions that use a field card's ability (`use cN SLOT`, `use cN SLOT cM`; rules revision
/// 4), not `use cN` (revision 3's banking).
pub fn card_uses(g: &MysticVale) -> Vec<String> {
    legal(g).into_iter().filter(|a| a.starts_with("use c") && a.split(' ').count() >= 3).collect()
}

/// The legal decisions that use a vale's ability with a choice (`use vN cM`, `use vN KIND`).
pub fn vale_uses(g: &MysticVale) -> Vec<String> {
    legal(g).into_iter().filter(|a| a.starts_with("use v") && a.split(' ').count() >= 3).collect()
}

/// The id of the vale with this key in the game's card table.
pub fn vale_no(g: &MysticVale, key: &str) -> u8 {
    g.db.vales.iter().position(|v| v.key == key).unwrap_or_else(|| panic!("no vale {key}")) as u8
}

pub fn legal(g: &MysticVale) -> Vec<String> {
    let mut v = Vec::new();
    g.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

pub fn commons(l1: &[&str], l2: &[&str], l3: &[&str]) -> Option<[Vec<String>; 3]> {
    let f = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
    Some([f(l1), f(l2), f(l3)])
}

pub fn vales(l1: &[&str], l2: &[&str]) -> Option<[Vec<String>; 2]> {
    let f = |x: &[&str]| x.iter().map(|s| s.to_string()).collect();
    Some([f(l1), f(l2)])
}

pub const CL: &str = "cursed-land";
pub const FS: &str = "fertile-soil";

/// One uniform random game from `seed`, its actions written out: the fixtures of a rules revision's
/// "plays the same games as before" tests. `salt` is mixed into the seed of the random choices (each
/// fixture keeps the one it was written with).
pub fn random_game(options: &Options, seed: u64, salt: u64) -> Vec<String> {
    let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ salt);
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

/// The revision-`rules` fixture's options: every set.
/// Plays random game `seed` under `options` as [`random_game`] does (the players' choices from `seed ^
/// salt`) and counts the active players' Harvest Phases in which `moment` held at a decision (once a
/// Harvest Phase): where a later rules revision plays a fixture's game differently.
pub fn harvest_moments(options: &Options, seed: u64, salt: u64, moment: impl Fn(&MysticVale) -> bool) -> usize {
    let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = GameRng::new(seed ^ salt);
    let mut legal = Vec::new();
    let mut moments = 0;
    let mut last: Option<(usize, u16)> = None;
    while g.to_move().is_some() {
        let turn = (g.current as usize, g.rounds);
        if g.phase == sylvan_mystic_vale::Phase::Harvest && last != Some(turn) && moment(&g) {
            moments += 1;
            last = Some(turn);
        }
        g.legal_actions(&mut legal);
        let a = legal[rng.index(legal.len())];
        g.apply_unchecked(a, &mut NoEvents);
    }
    moments
}

pub fn every_set(rules: u8) -> Options {
    Options { sets: "base,wild,magic,manastorm".into(), rules, ..Options::default() }
}

/// Replays a fixture of [`random_game`]s (one line per game: the seed, then every action's notation)
/// under `options` and `salt`, asserting each game is played move for move as written; returns the
/// recorded games' actions, for the caller's own checks on what they contain.
pub fn replay_fixture<'a>(fixture: &'a str, options: &Options, salt: u64) -> Vec<Vec<&'a str>> {
    let mut games = Vec::new();
    for line in fixture.lines() {
        let mut words = line.split(',');
        let seed: u64 = words.next().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("seed: {line:.20}"));
        let before: Vec<&str> = words.collect();
        assert_eq!(random_game(options, seed, salt), before, "seed {seed}");
        games.push(before);
    }
    assert!(games.len() >= 8, "{} games", games.len());
    games
}

/// Writes a fixture of [`random_game`]s for seeds `1..=seeds` into `tests/fixtures/<file>`, when the
/// environment variable `var` is set (run once, before the revision that follows).
pub fn write_fixture(var: &str, file: &str, options: &Options, salt: u64, seeds: u64) {
    if std::env::var_os(var).is_none() {
        return;
    }
    let mut text = String::new();
    for seed in 1..=seeds {
        text.push_str(&format!("{seed},{}\n", random_game(options, seed, salt).join(",")));
    }
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{e}"));
}

/// Uniform random games of seeds `1..=seeds` dealt under `options`, then played under rules revision
/// `rules` (the same deals), the random players' choices salted by `salt`. At each decision the heuristic
/// and the rollout pick a legal action; the legal list is sorted and unique; each move's notation and id
/// round trip; every legal action's words are written in English and French; the events are logged; the
/// games end within the proven bound. Returns the Harvest Phases (once a turn) in which `moment` holds.
pub fn random_games_keep_the_rules_consistent(
    options: &Options,
    rules: u8,
    salt: u64,
    seeds: u64,
    moment: impl Fn(&MysticVale) -> bool,
) -> usize {
    use sylvan_engine::{Heuristic, Locale};
    use sylvan_mystic_vale::actions::{action_from_id, action_id};
    let mut moments = 0;
    for seed in 1..=seeds {
        let mut g = MysticVale::new(options, seed).unwrap_or_else(|e| panic!("{e}"));
        g.options.rules = rules;
        let mut rng = GameRng::new(seed ^ salt);
        let mut legal = Vec::new();
        let mut log = sylvan_engine::EventLog::new();
        let mut last = None;
        let mut moves = 0usize;
        while let Some(seat) = g.to_move() {
            if g.phase == sylvan_mystic_vale::Phase::Harvest && last != Some((g.current, g.rounds)) && moment(&g) {
                moments += 1;
                last = Some((g.current, g.rounds));
            }
            g.legal_actions(&mut legal);
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted, unique: {legal:?}");
            let view = g.view(seat);
            for &a in &legal {
                for locale in [Locale::En, Locale::Fr] {
                    let _ = sylvan_mystic_vale::words::describe_in(&view, a, locale);
                }
            }
            let h = <MysticVale as Heuristic>::heuristic_action(&view, &legal, &mut rng);
            let r = <MysticVale as Heuristic>::rollout_action(&g, &legal, &mut rng);
            assert!(legal.contains(&h) && legal.contains(&r), "{h} {r}");
            let a = legal[rng.index(legal.len())];
            assert_eq!(a.to_string().parse::<Action>().ok(), Some(a));
            assert_eq!(action_from_id(action_id(a)), Some(a));
            g.apply_unchecked(a, &mut log);
            moves += 1;
            assert!(moves <= MysticVale::max_game_length(&g.options));
        }
    }
    moments
}
