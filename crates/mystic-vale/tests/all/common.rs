//! Helpers shared by the rules tests of every set: explicit setups, actions by notation.
#![allow(dead_code)]

use sylvan_engine::{Game, NoEvents};
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

pub fn act(g: &mut MysticVale, a: &str) {
    let action: Action = a.parse().unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = g.try_apply(action, &mut NoEvents) {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        panic!("{e}; legal: {}", legal.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", "));
    }
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
