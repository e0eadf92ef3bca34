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

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{EventLog, Game, GameRng, Record, Seat, replay};

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

/// Runs `games` random games from `seed` and checks every property; the error names the game, the
/// step and the property that failed.
pub fn check<G: Game>(options: &G::Options, games: usize, seed: u64) -> Result<Report, String> {
    let mut report = Report::default();
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let ctx = |step: usize, msg: String| format!("game seed {game_seed}, step {step}: {msg}");
        let mut state = G::new(options, game_seed).map_err(|e| ctx(0, e.to_string()))?;
        let n = state.num_seats();
        if report.wins_by_seat.is_empty() {
            report.wins_by_seat = vec![0; n];
        }
        let mut rng = GameRng::new(game_seed ^ 0x5eed_cafe);
        let mut record = Record::<G>::from_seed(options.clone(), game_seed);
        let mut events = EventLog::new();
        let max_len = G::max_game_length(options);
        let full_illegal_check = g < 8;
        let mut step = 0;
        while let Some(seat) = state.to_move() {
            if step >= max_len {
                return Err(ctx(step, format!("game longer than the declared maximum {max_len}")));
            }
            if seat.index() >= n {
                return Err(ctx(step, format!("to_move {seat} out of range")));
            }
            if state.move_number() != step {
                return Err(ctx(step, format!("move_number() is {}", state.move_number())));
            }
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                return Err(ctx(step, "no legal action in a non-terminal state".into()));
            }
            if legal.windows(2).any(|w| w[0] >= w[1]) {
                return Err(ctx(step, format!("legal actions not sorted and unique: {legal:?}")));
            }
            for &a in &legal {
                let text = a.to_string();
                match text.parse::<G::Action>() {
                    Ok(b) if b == a => {}
                    Ok(b) => return Err(ctx(step, format!("notation `{text}` parses back as {b:?}, not {a:?}"))),
                    Err(e) => return Err(ctx(step, format!("notation `{text}` of {a:?} does not parse: {e}"))),
                }
                let id = G::action_id(a);
                if id >= G::NUM_DISTINCT_ACTIONS {
                    return Err(ctx(step, format!("id {id} of `{a}` out of range")));
                }
                if G::action_from_id(id) != Some(a) {
                    return Err(ctx(step, format!("id {id} of `{a}` does not map back")));
                }
                if !state.is_legal(a) {
                    return Err(ctx(step, format!("`{a}` is listed but is_legal says no")));
                }
            }
            // Illegal candidates.
            let tries: Box<dyn Iterator<Item = usize>> = if full_illegal_check {
                Box::new(0..G::NUM_DISTINCT_ACTIONS)
            } else {
                let picks: Vec<usize> = (0..24).map(|_| rng.index(G::NUM_DISTINCT_ACTIONS)).collect();
                Box::new(picks.into_iter())
            };
            for id in tries {
                let Some(a) = G::action_from_id(id) else { continue };
                if legal.binary_search(&a).is_ok() {
                    continue;
                }
                if state.is_legal(a) {
                    return Err(ctx(step, format!("`{a}` is not listed but is_legal says yes")));
                }
                let before = state.clone();
                let mut sink = EventLog::new();
                if state.try_apply(a, &mut sink).is_ok() {
                    return Err(ctx(step, format!("illegal `{a}` was accepted")));
                }
                if state != before || !sink.events.is_empty() {
                    return Err(ctx(step, format!("rejected `{a}` changed the state or emitted events")));
                }
            }
            // Clone, JSON, views and determinization (every step in the first games, then sampled).
            let deep = g < 4 || step % 7 == 0;
            if deep {
                let c = state.clone();
                if c != state {
                    return Err(ctx(step, "clone differs from the original".into()));
                }
                if step % 21 == 0 {
                    json_round_trip("state", &state).map_err(|e| ctx(step, e))?;
                }
                for s in Seat::all(n) {
                    let view = state.view(s);
                    json_round_trip("view", &view).map_err(|e| ctx(step, e))?;
                    for k in 0..2 {
                        let d = G::determinize(&view, &mut rng);
                        if d.view(s) != view {
                            return Err(ctx(
                                step,
                                format!("determinized state #{k} for {s} does not give the same view"),
                            ));
                        }
                        if d.to_move() != Some(seat) {
                            return Err(ctx(step, format!("determinized state for {s} has another seat to move")));
                        }
                        if s == seat {
                            d.legal_actions(&mut scratch);
                            if scratch != legal {
                                return Err(ctx(step, format!("determinized state for {s} has other legal actions")));
                            }
                        }
                    }
                }
            }
            let a = legal[rng.index(legal.len())];
            record.actions.push(a.to_string());
            state.try_apply(a, &mut events).map_err(|e| ctx(step, e.to_string()))?;
            if deep && step % 21 == 0 {
                for (aud, e) in &events.events {
                    json_round_trip("event", e).map_err(|er| ctx(step, er))?;
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
            return Err(ctx(step, "terminal state has legal actions".into()));
        }
        let scores = state.scores();
        if scores.len() != n {
            return Err(ctx(step, format!("{} scores for {n} seats", scores.len())));
        }
        let winners = state.winners();
        if winners.is_empty() {
            return Err(ctx(step, "finished game has no winner".into()));
        }
        let returns = state.returns();
        if returns.iter().any(|r| !(0.0..=1.0).contains(r)) || winners.iter().any(|w| returns[w.index()] <= 0.0) {
            return Err(ctx(step, format!("returns {returns:?} disagree with winners {winners:?}")));
        }
        for w in &winners {
            report.wins_by_seat[w.index()] += 1;
        }
        json_round_trip("final state", &state).map_err(|e| ctx(step, e))?;
        record.scores = Some(scores);
        let text = record.to_json();
        let back = Record::<G>::from_json(&text).map_err(|e| ctx(step, e.to_string()))?;
        if back != record {
            return Err(ctx(step, "record JSON round-trip changed it".into()));
        }
        let replayed = replay(&back).map_err(|e| ctx(step, format!("replay failed: {e}")))?;
        if replayed != state {
            return Err(ctx(step, "replaying the record gives another final state".into()));
        }
        report.games += 1;
        report.moves += step;
        report.longest = report.longest.max(step);
    }
    Ok(report)
}
