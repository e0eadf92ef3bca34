//! Errors of the game API: each names what was wrong and where.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Message;

/// A text that is not a valid notation (of an action, a seat, a card...).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot read {text:?}: {expected}")]
pub struct ParseError {
    /// The text that was read, cut to its first 60 characters (errors never echo a whole input).
    pub text: String,
    /// What was expected instead, in English (for logs and `Display`).
    pub expected: String,
    /// What was expected, as a message of the game's catalog (see [`Message`]), so a front end says it
    /// in the player's language; `None` where only the English text exists.
    pub message: Option<Message>,
}

impl ParseError {
    /// A parse error for `text`, saying (in English) what was expected.
    pub fn new(text: &str, expected: impl Into<String>) -> ParseError {
        ParseError { text: crate::carddata::short(text), expected: expected.into(), message: None }
    }

    /// A parse error for `text` whose expectation is `message`, `expected` being its English text.
    pub fn with_message(text: &str, expected: impl Into<String>, message: Message) -> ParseError {
        ParseError { text: crate::carddata::short(text), expected: expected.into(), message: Some(message) }
    }
}

/// An action that is not legal in the current state. The state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct IllegalAction<A> {
    /// The rejected action.
    pub action: A,
    /// Why it is not legal here (the phase, the seat to move...), in English.
    pub reason: String,
    /// The reason as a message ([`Game::illegal_message`](crate::Game::illegal_message)), for a front end
    /// that says it in the player's language.
    pub message: Message,
}

impl<A: fmt::Display> fmt::Display for IllegalAction<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal action `{}`: {}", self.action, self.reason)
    }
}

/// What kind of problem a [`SetupError`] is, for code and tests that must tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum SetupErrorKind {
    /// The number of players is outside what the game (or this mode of it) supports.
    PlayerCount,
    /// An option the game does not have.
    UnknownOption,
    /// An option or a field of an explicit setup has a value the game does not accept.
    BadValue,
    /// The card data the game would be played with (a card file) cannot be used.
    CardData,
    /// The setup's cards are not the game's components: a card of a pack not in play, more copies than
    /// the packs in play hold, or a card before it can be in play.
    Components,
    /// A position the rules cannot reach between two actions (two units on a slot, a side without its
    /// Sage, an empty front slot with elementals behind it, ...).
    Unreachable,
    /// Two options that ask for different games (`edition=essential` with `sets=base`): the message names
    /// both.
    Conflict,
}

/// Options or an explicit setup that do not describe a valid game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid setup: {field}: {message}")]
pub struct SetupError {
    /// What kind of problem it is.
    pub kind: SetupErrorKind,
    /// The option or setup field at fault (e.g. `players`, `hands[2]`).
    pub field: String,
    /// What is wrong with it, in English.
    pub message: String,
    /// What is wrong, as a message of the game's or the engine's catalog, for a front end that says it
    /// in the player's language; `None` where only the English text exists.
    pub words: Option<Message>,
}

impl SetupError {
    /// An error on `field`, its kind read from the field's name: `players` is a
    /// [`PlayerCount`](SetupErrorKind::PlayerCount) error, `cards` and `card data`
    /// [`CardData`](SetupErrorKind::CardData), anything else a [`BadValue`](SetupErrorKind::BadValue).
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> SetupError {
        let field = field.into();
        let kind = match field.as_str() {
            "players" => SetupErrorKind::PlayerCount,
            "cards" | "card data" => SetupErrorKind::CardData,
            _ => SetupErrorKind::BadValue,
        };
        SetupError { kind, field, message: message.into(), words: None }
    }

    /// An error of the given kind on `field`.
    pub fn of_kind(kind: SetupErrorKind, field: impl Into<String>, message: impl Into<String>) -> SetupError {
        SetupError { kind, field: field.into(), message: message.into(), words: None }
    }

    /// The error with its problem also given as a message (see [`SetupError::words`]).
    pub fn with_words(mut self, words: Message) -> SetupError {
        self.words = Some(words);
        self
    }
}

/// A game record that cannot be replayed. Each variant keeps its cause: [`std::error::Error::source`]
/// gives the parse or setup error underneath.
#[derive(Clone, Debug, PartialEq, Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// The record is not valid JSON of a record, or of this game's options or setup.
    #[error("malformed record: {message}{}", position(*line, *column))]
    Malformed {
        /// What the JSON reader said.
        message: String,
        /// Where (1-based; 0 when unknown).
        line: usize,
        /// Where (1-based; 0 when unknown).
        column: usize,
    },
    /// The record is for another game.
    #[error("record is for game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game this replayer expected.
        expected: String,
        /// The game named in the record.
        found: String,
    },
    /// The record was written by a newer engine than this one, whose rules may differ.
    #[error("record written by engine version {record}, newer than this engine ({ours}): update Sylvan to replay it")]
    NewerEngine {
        /// The version in the record.
        record: String,
        /// This engine's version.
        ours: String,
    },
    /// The record's engine version cannot be read.
    #[error("record has engine version `{0}`, expected MAJOR.MINOR.PATCH")]
    BadVersion(String),
    /// The record was played with other card data than these options give now.
    #[error("record was played with card data {recorded}, but these options give {ours}: the cards changed")]
    ContentMismatch {
        /// The content hash stored in the record.
        recorded: String,
        /// The content hash of the card data the options give now (`none` for a game without one).
        ours: String,
    },
    /// The options or setup are invalid.
    #[error("{0}")]
    Setup(#[from] SetupError),
    /// Action number `step` (0-based) cannot be read.
    #[error("action {step} `{text}`: {source}")]
    BadNotation {
        /// 0-based index into the record's actions.
        step: usize,
        /// The action text.
        text: String,
        /// The parse error.
        source: ParseError,
    },
    /// Action number `step` (0-based) is not legal at that point.
    #[error("action {step} `{text}` is illegal: {reason}")]
    Illegal {
        /// 0-based index into the record's actions.
        step: usize,
        /// The action text.
        text: String,
        /// Why it is illegal (the game's [`IllegalAction::reason`]).
        reason: String,
        /// The reason as a message ([`IllegalAction::message`]), said in the reader's language by
        /// `sylvan_words::engine::replay_error`.
        message: Message,
    },
    /// A replay was asked to stop after more actions than the record has.
    #[error("the record has only {actions} actions, not {upto}")]
    Truncated {
        /// The number of actions asked for.
        upto: usize,
        /// The number of actions in the record.
        actions: usize,
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

/// ` (line L, column C)`, or nothing when the position is unknown (0).
fn position(line: usize, column: usize) -> String {
    if line == 0 { String::new() } else { format!(" (line {line}, column {column})") }
}

impl From<serde_json::Error> for ReplayError {
    fn from(e: serde_json::Error) -> ReplayError {
        // The reader's message ends with its own " at line L column C": the position is said once, by
        // this error (issue 38). It may quote the input (an unknown variant, a string): short, printable.
        let message = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = message.strip_suffix(&suffix).unwrap_or(&message);
        ReplayError::Malformed { message: crate::carddata::printable(message, 300), line: e.line(), column: e.column() }
    }
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
