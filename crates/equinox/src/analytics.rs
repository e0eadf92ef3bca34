//! Designer statistics of finished games ([`DesignerStats`]): which creatures survive each round, and
//! what a prediction is worth by the round it was made in.
//!
//! Each game is replayed from its start with an [`EventLog`]; the tables are
//!
//! - `creature survival`: per creature (when it is one of the game's champions), the share of games in
//!   which it is still in play after round 1, 2, ... (counted only for rounds that ended with an
//!   elimination), and at the end of the game;
//! - `prediction value by round`: per round in which a stone was placed (a prediction, or Griso's
//!   stone; a stone taken back with Lichen does not count), and separately for secret predictions: the
//!   share of those whose creature survived, the prestige they scored (row 1: 4 ... row 5: 0, secret 5,
//!   plus ½ on Ursus), and the share of games the stone's owner won;
//! - [`DRAWN`]: per card held in hand at some point (the opening hand included; by its English name,
//!   `Ursus 7`, `Chameleon 3`, `Dryade`, the copies of a tree counting as one): the share of games in
//!   which some player drew it, the win rate of the players who drew it and of the others (a shared
//!   win counts `1/k`), and their difference within a game (the improvement when drawn);
//! - [`sylvan_engine::analytics::END_TRIGGERS`]: the share of games ended by the fifth round, by the
//!   draw pile running out, and by a table turn without play (ruling E9).

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use sylvan_engine::analytics::{Compare, DRAWN_COLUMNS, DesignerStats, DesignerTally};
use sylvan_engine::{EventLog, Game, Locale, Seat};

use crate::Action;
use crate::cards::{Card, CardSet, Creature};
use crate::events::{EndReason, Event};
use crate::state::{Equinox, MAX_PLAYERS, Phase, ROUNDS};
use crate::words::{card_name, creature_name};

/// The survival table's name.
pub const SURVIVAL: &str = "creature survival";
/// The prediction table's name.
pub const PREDICTIONS: &str = "prediction value by round";
/// The drawn-cards table's name.
pub const DRAWN: &str = "cards drawn: improvement when drawn";

/// A row label of these tables (a creature's name in [`SURVIVAL`], a card's English name in [`DRAWN`],
/// `Ursus 7`) in `locale`: the name the game's catalog gives it in that language (the French book's in
/// French; made pseudo in the pseudo-locale). `None` when the label names no creature or card (a
/// column's or an end condition's name). The tally keeps the English label: it is the row's key.
pub fn row_name(label: &str, locale: Locale) -> Option<String> {
    static NAMES: OnceLock<HashMap<String, Option<Card>>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        let mut names: HashMap<String, Option<Card>> = (0..Card::COUNT)
            .filter_map(|i| u8::try_from(i).ok())
            .map(|i| (card_name(Card(i), Locale::En), Some(Card(i))))
            .collect();
        // A creature's name alone is a survival row (`None` stands for the creature, found below).
        names.extend(Creature::ALL.iter().map(|c| (c.name().to_owned(), None)));
        names
    });
    match names.get(label)? {
        Some(card) => Some(card_name(*card, locale)),
        None => Creature::ALL.iter().find(|c| c.name() == label).map(|&c| creature_name(c, locale)),
    }
}

/// The end triggers' names (rows of [`sylvan_engine::analytics::END_TRIGGERS`]), by [`EndReason`].
pub fn end_trigger_name(reason: EndReason) -> &'static str {
    match reason {
        EndReason::FiveRounds => "fifth round ended",
        EndReason::DeckExhausted => "draw pile exhausted",
        EndReason::Stalled => "a table turn passed with no play",
    }
}

/// One stone (or secret) placed during the game.
#[derive(Clone, Copy, Debug)]
struct Stone {
    seat: Seat,
    creature: Creature,
    /// Table row 1..=5, or 0 for a secret prediction.
    row: u8,
    round: u8,
    kept: bool,
}

impl DesignerStats for Equinox {
    fn observe(start: &Self, actions: &[Action], tally: &mut DesignerTally) {
        let mut state = start.clone();
        let mut log = EventLog::new();
        let n = usize::from(state.players).min(MAX_PLAYERS);
        // The cards each seat held in hand at some point: the opening hand, then after every action.
        let mut held = [CardSet::EMPTY; MAX_PLAYERS];
        let look = |state: &Equinox, held: &mut [CardSet; MAX_PLAYERS]| {
            for (h, hand) in held.iter_mut().zip(&state.hands).take(n) {
                *h = h.or(*hand);
            }
        };
        look(&state, &mut held);
        for &a in actions {
            state.apply_unchecked(a, &mut log);
            look(&state, &mut held);
        }
        tally.games += 1;
        tally.describe(SURVIVAL, "stat-caption-equinox-creature-survival");
        tally.describe(PREDICTIONS, "stat-caption-equinox-prediction-value-by-round");
        // Natural order: rounds 1 to 5, then the end (not the order of first observation).
        let rounds: Vec<String> = (1..=ROUNDS).map(|r| format!("after round {r}")).collect();
        let columns: Vec<&str> = rounds.iter().map(String::as_str).chain(["at the end"]).collect();
        let creatures: Vec<&str> = Creature::ALL.iter().map(|c| c.name()).collect();
        tally.declare(SURVIVAL, &columns, &creatures);
        let placed: Vec<String> = (1..=ROUNDS)
            .map(|r| format!("round {r}"))
            .chain((1..=ROUNDS).map(|r| format!("secret, round {r}")))
            .collect();
        let placed: Vec<&str> = placed.iter().map(String::as_str).collect();
        tally.declare(PREDICTIONS, &["creature survived", "prestige scored", "owner won"], &placed);
        let mut round = 1u8;
        let mut stones: Vec<Stone> = Vec::new();
        let mut eliminated: Vec<(Creature, u8)> = Vec::new();
        for (_, e) in &log.events {
            match *e {
                Event::TurnStarted { round: r, .. } => round = r,
                Event::Predicted { seat, creature, row } | Event::StonePlaced { seat, creature, row } => {
                    stones.push(Stone { seat, creature, row, round, kept: true });
                }
                Event::SecretPlaced { seat, card: Some(card) } => {
                    if let Some(creature) = card.creature() {
                        stones.push(Stone { seat, creature, row: 0, round, kept: true });
                    }
                }
                Event::StoneRetrieved { seat, ref creature, ref row } => {
                    let target = |s: &Stone| match (creature, row) {
                        (Some(c), Some(r)) => s.seat == seat && s.creature == *c && s.row == *r,
                        _ => s.seat == seat && s.row == 0,
                    };
                    if let Some(s) = stones.iter_mut().rev().find(|s| s.kept && target(s)) {
                        s.kept = false;
                    }
                }
                Event::Eliminated { creature, round: r } => eliminated.push((creature, r)),
                _ => {}
            }
        }
        tally.columns(DRAWN, "stat-caption-equinox-cards-drawn-improvement-when-drawn", &DRAWN_COLUMNS);
        let win = match state.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; n],
        };
        let score = state.scores();
        let mut drawn: BTreeMap<String, Vec<bool>> = BTreeMap::new();
        for (s, h) in held.iter().enumerate().take(n) {
            for card in h.iter() {
                let name = crate::words::card_name(card, Locale::En);
                if let Some(x) = drawn.entry(name).or_insert_with(|| vec![false; n]).get_mut(s) {
                    *x = true;
                }
            }
        }
        for (name, used) in &drawn {
            tally.compare(DRAWN, name, used, &win, &score, Compare::DRAWN);
        }
        if let Phase::Over(reason) = state.phase {
            let all = EndReason::ALL.map(end_trigger_name);
            tally.end_trigger(&all, end_trigger_name(reason));
        }
        let eliminated_in = |c: Creature| eliminated.iter().find(|(x, _)| *x == c).map(|&(_, r)| r);
        let winners = state.winners();
        for &c in &state.champions {
            let out = eliminated_in(c);
            for r in 1..=eliminated.len() as u8 {
                let alive = out.is_none_or(|e| e > r);
                tally.add(SURVIVAL, c.name(), &format!("after round {r}"), f64::from(u8::from(alive)));
            }
            tally.add(SURVIVAL, c.name(), "at the end", f64::from(u8::from(out.is_none())));
        }
        for s in stones.iter().filter(|s| s.kept) {
            let survived = eliminated_in(s.creature).is_none();
            let prestige = if s.row == 0 { 5.0 } else { f64::from(5u8.saturating_sub(s.row)) };
            let bonus = if s.creature == Creature::Ursus { 0.5 } else { 0.0 };
            let points = if survived { prestige + bonus } else { 0.0 };
            let label = if s.row == 0 { format!("secret, round {}", s.round) } else { format!("round {}", s.round) };
            tally.add(PREDICTIONS, &label, "creature survived", f64::from(u8::from(survived)));
            tally.add(PREDICTIONS, &label, "prestige scored", points);
            tally.add(PREDICTIONS, &label, "owner won", f64::from(u8::from(winners.contains(&s.seat))));
        }
    }
}
