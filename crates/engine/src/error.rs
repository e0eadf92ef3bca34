//! Errors of the game API: each names what was wrong and where.

use std::fmt;

use thiserror::Error;

/// A text that is not a valid notation (of an action, a seat, a card...).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read {text:?}: {expected}")]
pub struct ParseError {
    /// The text that was read, cut to its first 60 characters (errors never echo a whole input).
    pub text: String,
    /// What was expected instead.
    pub expected: String,
}

impl ParseError {
    /// A parse error for `text`, saying what was expected.
    pub fn new(text: &str, expected: impl Into<String>) -> ParseError {
        ParseError { text: crate::carddata::short(text), expected: expected.into() }
    }
}

/// An action that is not legal in the current state. The state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct IllegalAction<A> {
    /// The rejected action.
    pub action: A,
    /// Why it is not legal here (the phase, the seat to move...).
    pub reason: String,
}

impl<A: fmt::Display> fmt::Display for IllegalAction<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal action `{}`: {}", self.action, self.reason)
    }
}

/// Options or an explicit setup that do not describe a valid game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid setup: {field}: {message}")]
pub struct SetupError {
    /// The option or setup field at fault (e.g. `players`, `hands[2]`).
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl SetupError {
    /// An error on `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> SetupError {
        SetupError { field: field.into(), message: message.into() }
    }
}

/// A game record that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ReplayError {
    /// The record is not valid JSON of a record, or of this game's options or setup.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// The record is for another game.
    #[error("record is for game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game this replayer expected.
        expected: String,
        /// The game named in the record.
        found: String,
    },
    /// The options or setup are invalid.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// Action number `step` (0-based) cannot be read.
    #[error("action {step} `{text}`: {message}")]
    BadNotation {
        /// 0-based index into the record's actions.
        step: usize,
        /// The action text.
        text: String,
        /// The parse error.
        message: String,
    },
    /// Action number `step` (0-based) is not legal at that point.
    #[error("action {step} `{text}` is illegal: {message}")]
    Illegal {
        /// 0-based index into the record's actions.
        step: usize,
        /// The action text.
        text: String,
        /// Why it is illegal.
        message: String,
    },
    /// The record was written by a newer engine than this one (its rules or notation may differ).
    #[error("record written by engine {found}, newer than this engine ({ours})")]
    NewerEngine {
        /// The record's `engine_version`.
        found: String,
        /// This engine's version.
        ours: String,
    },
    /// The record states scores, but its actions do not finish the game.
    #[error("record states scores {claimed:?} but the game is not over after its {moves} actions")]
    NotOver {
        /// The scores written in the record.
        claimed: Vec<f64>,
        /// How many actions the record has.
        moves: usize,
    },
    /// The record states a result that differs from the replayed one.
    #[error("record says the scores are {claimed:?} but the replay gives {actual:?}")]
    ResultMismatch {
        /// The scores written in the record.
        claimed: Vec<f64>,
        /// The scores of the replayed game.
        actual: Vec<f64>,
    },
}

/// The text of an error in a data file (a card file): `file:line: field: message`, leaving out a line of
/// 0 (the whole file) and a field of `-` (none), so a file that cannot be read says just
/// `cards.toml: cannot read: …`.
pub fn data_file_error(file: &str, line: usize, field: &str, message: &str) -> String {
    let mut out = file.to_owned();
    if line > 0 {
        out.push_str(&format!(":{line}"));
    }
    if field != "-" {
        out.push_str(&format!(": {field}"));
    }
    out.push_str(&format!(": {message}"));
    out
}

#[cfg(test)]
mod data_file_error_tests {
    use super::{ParseError, data_file_error};

    #[test]
    fn parse_errors_quote_a_short_prefix() {
        let e = ParseError::new(&"x".repeat(5_000_000), "an action");
        assert_eq!(e.to_string(), format!("cannot read \"{}…\": an action", "x".repeat(60)));
    }

    #[test]
    fn leaves_out_what_is_unknown() {
        assert_eq!(data_file_error("a.toml", 3, "cost", "bad"), "a.toml:3: cost: bad");
        assert_eq!(data_file_error("a.toml", 0, "-", "cannot read"), "a.toml: cannot read");
        assert_eq!(data_file_error("a.toml", 0, "copies", "too many"), "a.toml: copies: too many");
    }
}
