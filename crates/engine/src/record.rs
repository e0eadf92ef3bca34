//! Game records: the one JSON format for saves, replays and test scenarios.

use serde::{Deserialize, Serialize};

use crate::carddata::short;
use crate::{ENGINE_VERSION, Game, NoEvents, ReplayError};

/// How a recorded game started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Start<S> {
    /// Set up at random from the seed.
    Seed {
        /// The seed of the game.
        seed: u64,
    },
    /// An explicit setup; the seed drives the remaining chance.
    Setup {
        /// The setup.
        setup: S,
        /// The seed for chance during play.
        seed: u64,
    },
}

/// A game record: game, engine version, options, how it started, and every action in notation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The engine version that wrote the record.
    pub engine_version: String,
    /// The game options.
    pub options: G::Options,
    /// Seed or explicit setup.
    pub start: Start<G::Setup>,
    /// The actions, in notation, in order.
    pub actions: Vec<String>,
    /// The final scores, if the game ended (checked on replay when present).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<f64>>,
    /// The [content hash](Game::content_hash) of the card data the game was played with, for games
    /// that have one; checked on replay when present (records written before it existed have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_hash: Option<String>,
}

impl<G: Game> Record<G> {
    /// An empty record of a game started from a seed.
    pub fn from_seed(options: G::Options, seed: u64) -> Self {
        Record {
            game: G::NAME.to_owned(),
            engine_version: ENGINE_VERSION.to_owned(),
            content_hash: G::content_hash(&options),
            start: Start::Seed { seed },
            actions: Vec::new(),
            scores: None,
            options,
        }
    }

    /// An empty record of a game started from an explicit setup.
    pub fn from_setup(options: G::Options, setup: G::Setup, seed: u64) -> Self {
        Record {
            game: G::NAME.to_owned(),
            engine_version: ENGINE_VERSION.to_owned(),
            content_hash: G::content_hash(&options),
            start: Start::Setup { setup, seed },
            actions: Vec::new(),
            scores: None,
            options,
        }
    }

    /// The initial state the record describes, after checking that the record is for this game, was
    /// written by this engine version or an older one, and (when it says) was played with the card data
    /// these options give.
    pub fn initial_state(&self) -> Result<G, ReplayError> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame { expected: G::NAME.to_owned(), found: short(&self.game) });
        }
        check_version(&self.engine_version)?;
        // `check_version` has read the version: a record of an older engine replays with the rules it
        // was played with.
        let options = G::record_options(&self.options, version_numbers(&self.engine_version).unwrap_or([0; 3]));
        if let Some(recorded) = &self.content_hash {
            let ours = G::content_hash(&self.options);
            if ours.as_ref() != Some(recorded) {
                return Err(ReplayError::ContentMismatch {
                    recorded: recorded.clone(),
                    ours: ours.unwrap_or_else(|| "none".to_owned()),
                });
            }
        }
        Ok(match &self.start {
            Start::Seed { seed } => G::new(&options, *seed)?,
            Start::Setup { setup, seed } => G::from_setup(&options, setup, *seed)?,
        })
    }

    /// Parses a record from JSON text.
    pub fn from_json(text: &str) -> Result<Self, ReplayError> {
        let record: Self = serde_json::from_str(text)?;
        // A struct also reads from a JSON array (`"options": []` would be the default options): a
        // record's options are an object, as written (issue 38).
        let value: serde_json::Value = serde_json::from_str(text)?;
        if value.get("options").is_some_and(|o| !o.is_object()) {
            return Err(ReplayError::Malformed {
                message: "`options` must be an object of the game's options, e.g. {\"players\": 2}".to_owned(),
                line: 0,
                column: 0,
            });
        }
        Ok(record)
    }

    /// The record's actions parsed from their notation; a bad one names its step.
    pub fn parsed_actions(&self) -> Result<Vec<G::Action>, ReplayError> {
        self.actions
            .iter()
            .enumerate()
            .map(|(step, text)| {
                text.parse().map_err(|source| ReplayError::BadNotation { step, text: short(text), source })
            })
            .collect()
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        // A record holds only plain data (strings, numbers, the game's own serializable types):
        // serialization cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Replays a record, validating every action; returns the final state.
pub fn replay<G: Game>(record: &Record<G>) -> Result<G, ReplayError> {
    replay_actions(record).map(|(state, _)| state)
}

/// Replays a record as [`replay`] does; returns the final state and the actions as applied: an action
/// in an older notation ([`Game::legacy_action`]) is replaced by the action it meant.
pub fn replay_actions<G: Game>(record: &Record<G>) -> Result<(G, Vec<G::Action>), ReplayError> {
    let mut state = record.initial_state()?;
    let mut applied = record.parsed_actions()?;
    for (step, (action, text)) in applied.iter_mut().zip(&record.actions).enumerate() {
        if let Err(e) = state.try_apply(*action, &mut NoEvents) {
            let meant = state.legacy_action(*action).filter(|&a| state.is_legal(a));
            let Some(meant) = meant else {
                return Err(ReplayError::Illegal { step, text: short(text), reason: e.reason, message: e.message });
            };
            state.apply_unchecked(meant, &mut NoEvents);
            *action = meant;
        }
    }
    if let Some(claimed) = &record.scores {
        if !state.is_terminal() {
            return Err(ReplayError::NotOver { claimed: claimed.clone(), moves: record.actions.len() });
        }
        let actual = state.scores();
        if claimed.len() != actual.len() || claimed.iter().zip(&actual).any(|(a, b)| (a - b).abs() > 1e-9) {
            return Err(ReplayError::ResultMismatch { claimed: claimed.clone(), actual });
        }
    }
    Ok((state, applied))
}

/// `MAJOR.MINOR.PATCH` as numbers (a pre-release or build suffix after `-` or `+` is ignored).
pub fn version_numbers(text: &str) -> Option<[u64; 3]> {
    let core = text.split(['-', '+']).next()?;
    let mut parts = core.split('.').map(|p| p.parse::<u64>().ok());
    let v = [parts.next()??, parts.next()??, parts.next()??];
    parts.next().is_none().then_some(v)
}

/// Refuses a record written by a newer engine than this one (its rules may have changed since).
pub fn check_version(recorded: &str) -> Result<(), ReplayError> {
    let theirs = version_numbers(recorded).ok_or_else(|| ReplayError::BadVersion(short(recorded)))?;
    let ours = version_numbers(ENGINE_VERSION).unwrap_or([0, 0, 0]);
    if theirs > ours {
        return Err(ReplayError::NewerEngine { record: short(recorded), ours: ENGINE_VERSION.to_owned() });
    }
    Ok(())
}
