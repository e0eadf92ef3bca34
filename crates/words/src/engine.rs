//! The engine's own words (`crates/words/i18n/{en,fr}/engine.ftl`), and the one place that turns the
//! game API's typed errors ([`DynError`], [`SetupError`], [`ParseError`]) into a sentence in the
//! reader's locale: each message is looked up in the game's catalog first
//! ([`Game::message_text`](sylvan_engine::Game::message_text)), then in the engine's.

use std::sync::LazyLock;

use sylvan_engine::erased::{DynError, DynGame, GameType};
use sylvan_engine::{Locale, Message, ParseError, ReplayError, SetupError, message};

use crate::Catalog;

static CATALOG: LazyLock<Catalog> = crate::catalog!("crates/words", "engine.ftl");

/// The engine's catalog, parsed once.
pub fn catalog() -> &'static Catalog {
    &CATALOG
}

/// An engine message in `locale`, not typeset; a message the engine does not have is shown by its id
/// and arguments (never a panic, never an empty text).
pub(crate) fn message_raw(message: &Message, locale: Locale) -> String {
    CATALOG.message(locale, message).unwrap_or_else(|| message.to_string())
}

/// Looks a message up in a game's catalog, then the engine's.
pub trait Words {
    /// The game's own text for `message` in `locale`, if it has one.
    fn game_text(&self, message: &Message, locale: Locale) -> Option<String>;
}

impl Words for dyn DynGame + '_ {
    fn game_text(&self, message: &Message, locale: Locale) -> Option<String> {
        self.message_text(message, locale)
    }
}

impl Words for dyn GameType + '_ {
    fn game_text(&self, message: &Message, locale: Locale) -> Option<String> {
        self.message_text(message, locale)
    }
}

/// No game: the engine's words only.
impl Words for () {
    fn game_text(&self, _message: &Message, _locale: Locale) -> Option<String> {
        None
    }
}

fn raw(game: &(impl Words + ?Sized), m: &Message, locale: Locale) -> String {
    if m.is_engine() {
        message_raw(m, locale)
    } else {
        game.game_text(m, locale).unwrap_or_else(|| message_raw(m, locale))
    }
}

/// `message` in `locale`, set in its typography: from the game's catalog, else the engine's.
pub fn text(game: &(impl Words + ?Sized), message: &Message, locale: Locale) -> String {
    locale.lang().typeset(&raw(game, message, locale))
}

/// A text that does not read as an action, in `locale` (`cannot read "xyz": …`): the game's own
/// expectation when it gave one as a message, else its English text.
pub fn parse_error(game: &(impl Words + ?Sized), e: &ParseError, locale: Locale) -> String {
    let expected = match &e.message {
        Some(m) => raw(game, m, locale),
        None => e.expected.clone(),
    };
    text(&(), &message!("engine-cannot-read", text = e.text.as_str(), expected = expected), locale)
}

/// A refused setup in `locale` (`invalid setup: players: …`).
pub fn setup_error(game: &(impl Words + ?Sized), e: &SetupError, locale: Locale) -> String {
    text(
        &(),
        &message!("engine-invalid-setup", field = e.field.as_str(), problem = setup_problem(game, e, locale)),
        locale,
    )
}

/// What is wrong in a refused setup, in `locale`, without the field (not typeset).
pub fn setup_problem(game: &(impl Words + ?Sized), e: &SetupError, locale: Locale) -> String {
    match &e.words {
        Some(m) => raw(game, m, locale),
        None => e.message.clone(),
    }
}

/// A refused request to a game in progress, in `locale`.
pub fn dyn_error(game: &(impl Words + ?Sized), e: &DynError, locale: Locale) -> String {
    let m = match e {
        DynError::Notation(p) => return parse_error(game, p, locale),
        DynError::UnknownId { game, id, max } => {
            message!("engine-unknown-id", game = *game, id = *id, last = max.saturating_sub(1))
        }
        DynError::Illegal { action, reason, message } => {
            let reason = match message {
                Some(m) => raw(game, m, locale),
                None => reason.clone(),
            };
            message!("engine-illegal", action = action.as_str(), reason = reason)
        }
        DynError::NoSuchSeat { seat, seats } => message!("engine-no-such-seat", seat = *seat, seats = *seats),
        DynError::WrongGame { expected, found } => message!("engine-wrong-game", expected = *expected, found = *found),
        DynError::NothingToUndo => Message::new("engine-nothing-to-undo"),
        DynError::Setup(detail) => message!("engine-deal-again-failed", detail = detail.as_str()),
        _ => return e.to_string(),
    };
    text(&(), &m, locale)
}

/// A record that does not replay, in `locale`: what is wrong and where (the action's number and text, a
/// line and column of the JSON), each said once. The JSON reader's own detail is quoted as it is
/// (English): the catalog says where.
pub fn replay_error(game: &(impl Words + ?Sized), e: &ReplayError, locale: Locale) -> String {
    let scores = |v: &[f64]| format!("{v:?}");
    let m = match e {
        ReplayError::Malformed { message, line: 0, .. } => {
            message!("engine-replay-malformed", detail = message.as_str())
        }
        ReplayError::Malformed { message, line, column } => {
            message!("engine-replay-malformed-at", detail = message.as_str(), line = *line, column = *column)
        }
        ReplayError::WrongGame { expected, found } => {
            message!("engine-replay-wrong-game", expected = expected.as_str(), found = found.as_str())
        }
        ReplayError::NewerEngine { record, ours } => {
            message!("engine-replay-newer", record = record.as_str(), ours = ours.as_str())
        }
        ReplayError::BadVersion(v) => message!("engine-replay-bad-version", version = v.as_str()),
        ReplayError::ContentMismatch { recorded, ours } => {
            message!("engine-replay-content", recorded = recorded.as_str(), ours = ours.as_str())
        }
        ReplayError::Setup(s) => return setup_error(game, s, locale),
        ReplayError::BadNotation { step, text: t, source } => {
            let error = parse_error(game, source, locale);
            message!("engine-replay-notation", step = *step, text = t.as_str(), error = error)
        }
        ReplayError::Illegal { step, text: t, message, reason } => {
            // In English the game's own reason, which may say more than its message (`p1 does not hold
            // c31`); in another language the message.
            let reason = if locale == Locale::En { reason.clone() } else { raw(game, message, locale) };
            message!("engine-replay-illegal", step = *step, text = t.as_str(), reason = reason)
        }
        ReplayError::Truncated { upto, actions } => {
            message!("engine-replay-truncated", upto = *upto, actions = *actions)
        }
        ReplayError::NotOver { claimed, moves } => {
            message!("engine-replay-not-over", claimed = scores(claimed), moves = *moves)
        }
        ReplayError::ResultMismatch { claimed, actual } => {
            message!("engine-replay-mismatch", claimed = scores(claimed), actual = scores(actual))
        }
        _ => return e.to_string(),
    };
    text(&(), &m, locale)
}
