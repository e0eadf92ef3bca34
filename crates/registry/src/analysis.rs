//! Game analysis, shared by `sylvan analyze` and the server (hints during play, the win-probability
//! chart of a finished game): at a decision of a seat, a search bot estimates from that seat's view
//! only ([`DynBot::action_values`]) the win probability of each legal move. The preferred move is the
//! one the bot would play (the most tried); a decision's `before` is its value, `after` the value of
//! the move played.

use std::time::Instant;

use serde::Serialize;
use sylvan_bots::DynBot;
use sylvan_engine::erased::{DynError, DynGame};
use sylvan_engine::{ReplayError, Seat};
use thiserror::Error;

/// Why an analysis failed.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The record does not replay.
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// An action of the record does not apply.
    #[error("action {step} `{notation}`: {error}")]
    Action {
        /// Its number (0 for the first).
        step: usize,
        /// Its notation.
        notation: String,
        /// What is wrong.
        error: Box<DynError>,
    },
    /// The record goes on after the end of the game.
    #[error("action {0} comes after the end of the game")]
    AfterEnd(usize),
    /// The bot gives no estimates (not a search bot); the message follows the bot's name.
    #[error("does not estimate win probabilities: use a search bot or a level that searches (hard, expert)")]
    NoEstimates,
    /// The bot failed.
    #[error("the bot: {0}")]
    Bot(Box<DynError>),
}

/// One analysed decision.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// Move number (0 for the first move of the game).
    #[serde(rename = "move")]
    pub move_number: usize,
    /// The seat that decided.
    pub seat: Seat,
    /// Legal actions the seat chose from.
    pub legal: usize,
    /// The move played, in notation.
    pub played: String,
    /// The move the bot prefers, in notation.
    pub preferred: String,
    /// Estimated win probability if the seat plays the preferred move.
    pub before: f64,
    /// Estimated win probability after the move played.
    pub after: f64,
    /// `before - after`: what the move played cost, by the bot's estimate.
    pub loss: f64,
    /// Search iterations spent on the move played (how sure `after` is).
    pub played_visits: u64,
    /// Search iterations of the decision.
    pub iterations: u64,
}

/// The decisions of a record that were analysed.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Analysis {
    /// The analysed decisions, in order.
    pub decisions: Vec<Decision>,
    /// Decisions of the analysed seats with one legal move (skipped).
    pub forced: usize,
    /// Whether every decision was analysed (`false`: the deadline came first).
    pub complete: bool,
}

/// Per legal move: how often the search tried it and its mean return (win probability) for the seat.
pub type Estimates = Vec<(u64, f64)>;

/// The index, in `values`, of the move the bot would play: the most tried, ties to the better mean.
pub fn preferred(values: &[(u64, f64)]) -> usize {
    let mut best = 0;
    for (i, v) in values.iter().enumerate().skip(1) {
        if (v.0, v.1) > (values[best].0, values[best].1) {
            best = i;
        }
    }
    best
}

/// The estimates of `bot` for the decision of `game`'s seat to move, from that seat's view only: per
/// legal id (in the order of `legal`, filled here), visits and mean return. `Ok(None)` when the game
/// is over.
pub fn estimate(
    game: &dyn DynGame,
    bot: &mut dyn DynBot,
    legal: &mut Vec<usize>,
) -> Result<Option<(Seat, Estimates)>, AnalysisError> {
    let Some(seat) = game.to_move() else { return Ok(None) };
    game.legal_ids(legal);
    let view = game.view(seat).map_err(|e| AnalysisError::Bot(Box::new(e)))?;
    let values = bot
        .action_values(&*view, legal)
        .map_err(|e| AnalysisError::Bot(Box::new(e)))?
        .ok_or(AnalysisError::NoEstimates)?;
    Ok(Some((seat, values)))
}

/// Replays `record` (the JSON text of a game record, whose `actions` are `actions`) and judges every
/// decision of `seats` with more than one legal move, until `deadline` if one is given.
pub fn analyze(
    game_type: &dyn sylvan_engine::erased::GameType,
    record: &str,
    actions: &[&str],
    seats: &[Seat],
    bot: &mut dyn DynBot,
    deadline: Option<Instant>,
) -> Result<Analysis, AnalysisError> {
    let mut game = game_type.replay(record, Some(0))?;
    let mut out = Analysis { complete: true, ..Analysis::default() };
    let mut legal = Vec::new();
    for (step, &notation) in actions.iter().enumerate() {
        let bad = |error| AnalysisError::Action { step, notation: notation.to_owned(), error: Box::new(error) };
        let seat = game.to_move().ok_or(AnalysisError::AfterEnd(step))?;
        if seats.contains(&seat) {
            game.legal_ids(&mut legal);
            if legal.len() < 2 {
                out.forced += 1;
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                out.complete = false;
                break;
            } else if let Some((seat, values)) = estimate(&*game, bot, &mut legal)? {
                let played = game.action_id(notation).map_err(bad)?;
                out.decisions.push(judge(&*game, step, seat, &legal, &values, played).map_err(bad)?);
            }
        }
        game.apply_notation(notation).map_err(bad)?;
    }
    Ok(out)
}

/// The decision at `step` judged from the bot's values for `legal`.
pub fn judge(
    game: &dyn DynGame,
    step: usize,
    seat: Seat,
    legal: &[usize],
    values: &[(u64, f64)],
    played: usize,
) -> Result<Decision, DynError> {
    let n = values.len().min(legal.len());
    let best = preferred(&values[..n]);
    let p = legal[..n].iter().position(|&id| id == played).ok_or_else(|| DynError::Illegal {
        action: game.notation(played).unwrap_or_default(),
        reason: "not among the legal actions".into(),
        message: None,
    })?;
    let (before, after) = (values[best].1, values[p].1);
    Ok(Decision {
        move_number: step,
        seat,
        legal: legal.len(),
        played: game.notation(played)?,
        preferred: game.notation(legal[best])?,
        before,
        after,
        loss: before - after,
        played_visits: values[p].0,
        iterations: values.iter().map(|v| v.0).sum(),
    })
}
