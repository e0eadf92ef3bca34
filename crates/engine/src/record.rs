//! Game records: the one JSON format for saves, replays and test scenarios.

use serde::{Deserialize, Serialize};

use crate::{ENGINE_VERSION, Game, NoEvents, ReplayError};

/// How a recorded game started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
}

impl<G: Game> Record<G> {
    /// An empty record of a game started from a seed.
    pub fn from_seed(options: G::Options, seed: u64) -> Self {
        Record {
            game: G::NAME.to_owned(),
            engine_version: ENGINE_VERSION.to_owned(),
            options,
            start: Start::Seed { seed },
            actions: Vec::new(),
            scores: None,
        }
    }

    /// An empty record of a game started from an explicit setup.
    pub fn from_setup(options: G::Options, setup: G::Setup, seed: u64) -> Self {
        Record {
            game: G::NAME.to_owned(),
            engine_version: ENGINE_VERSION.to_owned(),
            options,
            start: Start::Setup { setup, seed },
            actions: Vec::new(),
            scores: None,
        }
    }

    /// The initial state the record describes.
    pub fn initial_state(&self) -> Result<G, ReplayError> {
        if self.game != G::NAME {
            return Err(ReplayError::WrongGame { expected: G::NAME.to_owned(), found: self.game.clone() });
        }
        check_engine_version(&self.engine_version)?;
        Ok(match &self.start {
            Start::Seed { seed } => G::new(&self.options, *seed)?,
            Start::Setup { setup, seed } => G::from_setup(&self.options, setup, *seed)?,
        })
    }

    /// Parses a record from JSON text.
    pub fn from_json(text: &str) -> Result<Self, ReplayError> {
        serde_json::from_str(text).map_err(|e| ReplayError::Malformed(e.to_string()))
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
    let mut state = record.initial_state()?;
    for (step, text) in record.actions.iter().enumerate() {
        let action: G::Action = text.parse().map_err(|e: crate::ParseError| ReplayError::BadNotation {
            step,
            text: text.clone(),
            message: e.to_string(),
        })?;
        state.try_apply(action, &mut NoEvents).map_err(|e| ReplayError::Illegal {
            step,
            text: text.clone(),
            message: e.reason,
        })?;
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
    Ok(state)
}

/// `major.minor.patch` of a version text (a pre-release or build suffix is ignored).
fn version_triple(v: &str) -> Option<[u64; 3]> {
    let core = v.split(['-', '+']).next()?;
    let mut parts = core.split('.').map(|p| p.parse::<u64>().ok());
    let out = [parts.next()??, parts.next()??, parts.next()??];
    parts.next().is_none().then_some(out)
}

/// Refuses a record from a newer engine (or with a version that is not `major.minor.patch`).
fn check_engine_version(found: &str) -> Result<(), ReplayError> {
    let newer = || ReplayError::NewerEngine { found: crate::carddata::short(found), ours: ENGINE_VERSION.to_owned() };
    match (version_triple(found), version_triple(ENGINE_VERSION)) {
        (Some(f), Some(ours)) if f > ours => Err(newer()),
        (Some(_), _) => Ok(()),
        (None, _) => Err(ReplayError::Malformed(format!(
            "engine_version `{}` is not a version such as `{ENGINE_VERSION}`",
            crate::carddata::short(found)
        ))),
    }
}

#[cfg(test)]
mod version_tests {
    use super::*;

    #[test]
    fn newer_engines_and_bad_versions_are_refused() {
        assert_eq!(check_engine_version(ENGINE_VERSION), Ok(()));
        assert_eq!(check_engine_version("0.0.1"), Ok(()));
        assert!(matches!(check_engine_version("99.0.0"), Err(ReplayError::NewerEngine { .. })));
        assert!(matches!(check_engine_version("0.99.0-beta"), Err(ReplayError::NewerEngine { .. })));
        assert!(matches!(check_engine_version("ninety"), Err(ReplayError::Malformed(_))));
        assert!(matches!(check_engine_version("1.2"), Err(ReplayError::Malformed(_))));
    }
}
