//! The conformance suite: properties every game must satisfy, checked over many seeded random games.
//!
//! A game plugs in with one line in its tests:
//!
//! ```ignore
//! sylvan_engine::conformance::check::<MyGame>(&options, 1000, 0).unwrap();
//! ```
//!
//! For every step of every game it checks: legal actions are non-empty, sorted and unique; notation
//! and id round-trip; `is_legal` agrees with the list; illegal candidates (every id on some steps, a
//! sample on others) are rejected and leave the state unchanged; clones are equal; state, view and
//! event JSON round-trip; each seat's view is reproduced by a state determinized from it, and the
//! seat to move has the same legal actions there (so a view never carries hidden cards: two different
//! samples give the same view); games end within [`Game::max_game_length`]; and replaying the record
//! reproduces the final state and scores.

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

use crate::erased::GameType;
use crate::{EventLog, Game, GameRng, Record, Seat, replay};

/// The property a [`ConformanceError`] found broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Property {
    /// The game cannot be set up with the given options.
    Setup,
    /// `to_move` or `move_number` is inconsistent.
    Turn,
    /// The legal list is empty before the end, not sorted and unique, or not empty at the end.
    LegalList,
    /// An action's notation does not round-trip.
    Notation,
    /// An action's id is out of range or does not map back.
    ActionId,
    /// `is_legal` disagrees with the legal list, or an illegal action was accepted.
    Legality,
    /// A rejected action changed the state or emitted events.
    Rejection,
    /// A clone differs from its original.
    Clone,
    /// A state, view, event or record does not round-trip through JSON.
    Json,
    /// A determinized state does not reproduce the view, the seat to move or its legal actions.
    Determinize,
    /// The game runs past [`Game::max_game_length`].
    Length,
    /// The scores or the [outcome](Game::outcome) of a game are inconsistent.
    Outcome,
    /// Replaying the game's record fails or gives another state.
    Replay,
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match self {
            Property::Setup => "setup",
            Property::Turn => "turn",
            Property::LegalList => "legal list",
            Property::Notation => "notation",
            Property::ActionId => "action id",
            Property::Legality => "legality",
            Property::Rejection => "rejection",
            Property::Clone => "clone",
            Property::Json => "JSON",
            Property::Determinize => "determinize",
            Property::Length => "length",
            Property::Outcome => "outcome",
            Property::Replay => "replay",
        };
        f.write_str(name)
    }
}

/// A broken property: which, in which game and at which step, and what was seen.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{game}: game seed {seed}, step {step}: {property}: {detail}")]
pub struct ConformanceError {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the failing game.
    pub seed: u64,
    /// The step (action number) where it failed.
    pub step: usize,
    /// The property that failed.
    pub property: Property,
    /// What was seen.
    pub detail: String,
}

/// What the suite saw.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Actions applied in all games.
    pub moves: usize,
    /// The longest game, in actions.
    pub longest: usize,
    /// Games won (or shared) by each seat.
    pub wins_by_seat: Vec<usize>,
}

fn json_round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    what: &str,
    value: &T,
) -> Result<(), String> {
    let text = serde_json::to_string(value).map_err(|e| format!("{what}: cannot serialize: {e}"))?;
    let back: T = serde_json::from_str(&text).map_err(|e| format!("{what}: cannot deserialize: {e}"))?;
    if &back != value {
        return Err(format!("{what}: JSON round-trip changed the value"));
    }
    Ok(())
}

/// How closely [`check_with`] examines the first games of a run; [`check`] uses the default (8 and 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scrutiny {
    /// The first games in which every step tries every action id as an illegal candidate; later games
    /// try 24 random ids per step. With thousands of ids, one such game costs as much as hundreds of
    /// sampled ones.
    pub full_scan_games: usize,
    /// The first games in which every step checks clones, views and determinization; later games do
    /// so every 7th step.
    pub deep_games: usize,
}

impl Default for Scrutiny {
    fn default() -> Scrutiny {
        Scrutiny { full_scan_games: 8, deep_games: 4 }
    }
}

/// Runs `games` random games from `seed` and checks every property; the error names the game, the
/// step and the property that failed.
pub fn check<G: Game>(options: &G::Options, games: usize, seed: u64) -> Result<Report, ConformanceError> {
    check_with::<G>(options, games, seed, Scrutiny::default())
}

/// [`check`], with the first games examined as closely as `scrutiny` says.
pub fn check_with<G: Game>(
    options: &G::Options,
    games: usize,
    seed: u64,
    scrutiny: Scrutiny,
) -> Result<Report, ConformanceError> {
    let mut report = Report::default();
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let ctx = |step: usize, property: Property, detail: String| ConformanceError {
            game: G::NAME,
            seed: game_seed,
            step,
            property,
            detail,
        };
        let mut state = G::new(options, game_seed).map_err(|e| ctx(0, Property::Setup, e.to_string()))?;
        let n = state.num_seats();
        if report.wins_by_seat.is_empty() {
            report.wins_by_seat = vec![0; n];
        }
        let mut rng = GameRng::new(game_seed ^ 0x5eed_cafe);
        let mut record = Record::<G>::from_seed(options.clone(), game_seed);
        let mut events = EventLog::new();
        let max_len = G::max_game_length(options);
        let full_illegal_check = g < scrutiny.full_scan_games;
        let mut step = 0;
        while let Some(seat) = state.to_move() {
            if step >= max_len {
                return Err(ctx(step, Property::Length, format!("game longer than the declared maximum {max_len}")));
            }
            if seat.index() >= n {
                return Err(ctx(step, Property::Turn, format!("to_move {seat} out of range")));
            }
            if state.outcome().is_some() {
                return Err(ctx(step, Property::Outcome, "an outcome before the game is over".into()));
            }
            if state.move_number() != step {
                return Err(ctx(step, Property::Turn, format!("move_number() is {}", state.move_number())));
            }
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                return Err(ctx(step, Property::LegalList, "no legal action in a non-terminal state".into()));
            }
            if legal.windows(2).any(|w| w[0] >= w[1]) {
                return Err(ctx(step, Property::LegalList, format!("legal actions not sorted and unique: {legal:?}")));
            }
            for &a in &legal {
                let text = a.to_string();
                match text.parse::<G::Action>() {
                    Ok(b) if b == a => {}
                    Ok(b) => {
                        return Err(ctx(
                            step,
                            Property::Notation,
                            format!("notation `{text}` parses back as {b:?}, not {a:?}"),
                        ));
                    }
                    Err(e) => {
                        return Err(ctx(
                            step,
                            Property::Notation,
                            format!("notation `{text}` of {a:?} does not parse: {e}"),
                        ));
                    }
                }
                let id = G::action_id(a);
                if id >= G::NUM_DISTINCT_ACTIONS {
                    return Err(ctx(step, Property::ActionId, format!("id {id} of `{a}` out of range")));
                }
                if G::action_from_id(id) != Some(a) {
                    return Err(ctx(step, Property::ActionId, format!("id {id} of `{a}` does not map back")));
                }
                if !state.is_legal(a) {
                    return Err(ctx(step, Property::Legality, format!("`{a}` is listed but is_legal says no")));
                }
            }
            // Illegal candidates.
            let tries: Box<dyn Iterator<Item = usize>> = if full_illegal_check {
                Box::new(0..G::NUM_DISTINCT_ACTIONS)
            } else {
                let picks: Vec<usize> = (0..24).map(|_| rng.index(G::NUM_DISTINCT_ACTIONS)).collect();
                Box::new(picks.into_iter())
            };
            // One copy per step: a rejection that changes the state ends the check, so every candidate
            // is tried on a state equal to it.
            let before = state.clone();
            for id in tries {
                let Some(a) = G::action_from_id(id) else { continue };
                if legal.binary_search(&a).is_ok() {
                    continue;
                }
                if state.is_legal(a) {
                    return Err(ctx(step, Property::Legality, format!("`{a}` is not listed but is_legal says yes")));
                }
                let mut sink = EventLog::new();
                if state.try_apply(a, &mut sink).is_ok() {
                    return Err(ctx(step, Property::Legality, format!("illegal `{a}` was accepted")));
                }
                if state != before || !sink.events.is_empty() {
                    return Err(ctx(
                        step,
                        Property::Rejection,
                        format!("rejected `{a}` changed the state or emitted events"),
                    ));
                }
            }
            // Clone, JSON, views and determinization (every step in the first games, then sampled).
            let deep = g < scrutiny.deep_games || step % 7 == 0;
            if deep {
                let c = state.clone();
                if c != state {
                    return Err(ctx(step, Property::Clone, "clone differs from the original".into()));
                }
                if step % 21 == 0 {
                    json_round_trip("state", &state).map_err(|e| ctx(step, Property::Json, e))?;
                }
                for s in Seat::all(n) {
                    let view = state.view(s);
                    json_round_trip("view", &view).map_err(|e| ctx(step, Property::Json, e))?;
                    for k in 0..2 {
                        let d = G::determinize(&view, &mut rng);
                        if d.view(s) != view {
                            return Err(ctx(
                                step,
                                Property::Determinize,
                                format!("determinized state #{k} for {s} does not give the same view"),
                            ));
                        }
                        if d.to_move() != Some(seat) {
                            return Err(ctx(
                                step,
                                Property::Determinize,
                                format!("determinized state for {s} has another seat to move"),
                            ));
                        }
                        if s == seat {
                            d.legal_actions(&mut scratch);
                            if scratch != legal {
                                return Err(ctx(
                                    step,
                                    Property::Determinize,
                                    format!("determinized state for {s} has other legal actions"),
                                ));
                            }
                        }
                    }
                }
            }
            let a = legal[rng.index(legal.len())];
            record.actions.push(a.to_string());
            state.try_apply(a, &mut events).map_err(|e| ctx(step, Property::Legality, e.to_string()))?;
            if deep && step % 21 == 0 {
                for (aud, e) in &events.events {
                    json_round_trip("event", e).map_err(|er| ctx(step, Property::Json, er))?;
                    let _ = aud;
                    let _ = e.to_string();
                }
            }
            events.clear();
            step += 1;
        }
        // Terminal.
        let mut none = Vec::new();
        state.legal_actions(&mut none);
        if !none.is_empty() {
            return Err(ctx(step, Property::LegalList, "terminal state has legal actions".into()));
        }
        let scores = state.scores();
        if scores.len() != n {
            return Err(ctx(step, Property::Outcome, format!("{} scores for {n} seats", scores.len())));
        }
        let Some(outcome) = state.outcome() else {
            return Err(ctx(step, Property::Outcome, "finished game has no outcome".into()));
        };
        if outcome.num_seats() != n {
            return Err(ctx(step, Property::Outcome, format!("outcome for {} seats, not {n}", outcome.num_seats())));
        }
        let winners = state.winners();
        if winners.is_empty() {
            return Err(ctx(step, Property::Outcome, "finished game has no winner".into()));
        }
        let returns = state.returns();
        if returns.iter().any(|r| !(0.0..=1.0).contains(r)) || winners.iter().any(|w| returns[w.index()] <= 0.0) {
            return Err(ctx(step, Property::Outcome, format!("returns {returns:?} disagree with winners {winners:?}")));
        }
        for lang in crate::Locale::ALL {
            if let Some(b) = state.breakdown(lang) {
                if b.totals != scores || !b.rows_add_up() || b.end_reason.is_empty() {
                    return Err(ctx(
                        step,
                        Property::Outcome,
                        format!("{lang} breakdown {b:?} does not add up to the scores {scores:?}"),
                    ));
                }
            }
        }
        for w in &winners {
            report.wins_by_seat[w.index()] += 1;
        }
        json_round_trip("final state", &state).map_err(|e| ctx(step, Property::Json, e))?;
        record.scores = Some(scores);
        let text = record.to_json();
        let back = Record::<G>::from_json(&text).map_err(|e| ctx(step, Property::Json, e.to_string()))?;
        if back != record {
            return Err(ctx(step, Property::Json, "record JSON round-trip changed it".into()));
        }
        let replayed = replay(&back).map_err(|e| ctx(step, Property::Replay, format!("replay failed: {e}")))?;
        if replayed != state {
            return Err(ctx(step, Property::Replay, "replaying the record gives another final state".into()));
        }
        report.games += 1;
        report.moves += step;
        report.longest = report.longest.max(step);
    }
    Ok(report)
}

/// Checks the erased game ([`Erased<G>`](crate::erased::Erased)) against the typed one over `games`
/// random games: the same legal ids in the same order, ids and notations that apply the same action,
/// illegal ids and notations rejected without a change, views whose JSON is the typed view's, the same
/// scores and outcome, and a record that replays (through [`GameType::replay`]) to the same state.
pub fn check_erased<G: Game + crate::Heuristic>(
    game: &dyn GameType,
    options: &serde_json::Value,
    games: usize,
    seed: u64,
) -> Result<Report, ConformanceError>
where
    G::View: 'static,
{
    let mut report = Report::default();
    let typed_options: G::Options = serde_json::from_value(options.clone()).map_err(|e| ConformanceError {
        game: G::NAME,
        seed,
        step: 0,
        property: Property::Setup,
        detail: e.to_string(),
    })?;
    let mut legal = Vec::new();
    let mut ids = Vec::new();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64).wrapping_add(0xe2a5_ed00);
        let ctx = |step: usize, property: Property, detail: String| ConformanceError {
            game: G::NAME,
            seed: game_seed,
            step,
            property,
            detail,
        };
        let mut typed = G::new(&typed_options, game_seed).map_err(|e| ctx(0, Property::Setup, e.to_string()))?;
        let mut erased = game.new_game(options, game_seed).map_err(|e| ctx(0, Property::Setup, e.to_string()))?;
        let mut rng = GameRng::new(game_seed ^ 0xd1ce);
        let mut step = 0;
        while let Some(seat) = typed.to_move() {
            if step > G::max_game_length(&typed_options) {
                return Err(ctx(step, Property::Length, "the erased game runs past the maximum".into()));
            }
            if erased.to_move() != Some(seat) || erased.move_number() != step {
                return Err(ctx(step, Property::Turn, "the erased game has another seat to move".into()));
            }
            typed.legal_actions(&mut legal);
            erased.legal_ids(&mut ids);
            let typed_ids: Vec<usize> = legal.iter().map(|&a| G::action_id(a)).collect();
            if ids != typed_ids || erased.num_legal() != legal.len() {
                return Err(ctx(step, Property::LegalList, format!("erased ids {ids:?}, typed {typed_ids:?}")));
            }
            // An illegal id and a bad notation change nothing.
            let before = erased.state_json();
            let probe = rng.index(G::NUM_DISTINCT_ACTIONS);
            if !typed_ids.contains(&probe) && erased.apply_id(probe).is_ok() {
                return Err(ctx(step, Property::Legality, format!("erased game accepted illegal id {probe}")));
            }
            if erased.apply_id(G::NUM_DISTINCT_ACTIONS).is_ok() || erased.apply_notation("\u{1}?").is_ok() {
                return Err(ctx(step, Property::Legality, "erased game accepted a non-action".into()));
            }
            if erased.state_json() != before {
                return Err(ctx(step, Property::Rejection, "a rejected erased action changed the state".into()));
            }
            if step % 5 == 0 {
                for s in Seat::all(typed.num_seats()) {
                    let v = erased.view(s).map_err(|e| ctx(step, Property::Determinize, e.to_string()))?;
                    let want =
                        serde_json::to_value(typed.view(s)).map_err(|e| ctx(step, Property::Json, e.to_string()))?;
                    if v.seat() != s || v.to_json() != want || v.as_any().downcast_ref::<G::View>().is_none() {
                        return Err(ctx(step, Property::Json, format!("the erased view of {s} differs")));
                    }
                    // A sample for `s` gives `s` the same view and carries none of the real history.
                    let sample = erased
                        .determinize(s, game_seed ^ step as u64)
                        .map_err(|e| ctx(step, Property::Determinize, e.to_string()))?;
                    let seen = sample.view(s).map_err(|e| ctx(step, Property::Determinize, e.to_string()))?;
                    if seen.to_json() != want || sample.to_move() != erased.to_move() {
                        return Err(ctx(step, Property::Determinize, format!("the erased sample for {s} differs")));
                    }
                    if sample.record().get("actions").and_then(|a| a.as_array()).is_some_and(|a| !a.is_empty()) {
                        return Err(ctx(step, Property::Determinize, "an erased sample carries the history".into()));
                    }
                }
            }
            let i = rng.index(legal.len());
            let a = legal[i];
            let id = G::action_id(a);
            match step % 3 {
                0 => erased.apply_id(id),
                1 => erased.apply_notation(&a.to_string()).and_then(|got| {
                    if got == id {
                        Ok(())
                    } else {
                        Err(crate::erased::DynError::UnknownId { game: G::NAME, id: got, max: G::NUM_DISTINCT_ACTIONS })
                    }
                }),
                _ => erased.apply_nth(i),
            }
            .map_err(|e| ctx(step, Property::Legality, format!("erased game refused `{a}`: {e}")))?;
            typed.apply_unchecked(a, &mut crate::NoEvents);
            step += 1;
        }
        if erased.outcome() != typed.outcome() || erased.scores() != typed.scores() || erased.num_legal() != 0 {
            return Err(ctx(step, Property::Outcome, "the erased game ends differently".into()));
        }
        let state = serde_json::to_value(&typed).map_err(|e| ctx(step, Property::Json, e.to_string()))?;
        if erased.state_json() != state {
            return Err(ctx(step, Property::Json, "the erased state differs from the typed one".into()));
        }
        let record = erased.record();
        let back = game.replay(&record.to_string(), None).map_err(|e| ctx(step, Property::Replay, e.to_string()))?;
        if back.state_json() != state || back.record() != record {
            return Err(ctx(step, Property::Replay, "the erased record replays to another game".into()));
        }
        report.games += 1;
        report.moves += step;
        report.longest = report.longest.max(step);
    }
    Ok(report)
}
