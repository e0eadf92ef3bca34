//! Any game behind one object-safe interface, for front ends that pick the game at run time (the CLI,
//! the web server, the Python package): [`GameType`] is the game itself (name, players, options, new
//! games, replays), [`DynGame`] one game in progress (legal actions by id and notation, views and
//! events as JSON and text, outcome, record). Both are implemented once, for every
//! `G: Game + Heuristic`, by [`Typed<G>`] and [`Erased<G>`]; a game crate writes nothing for them.
//!
//! Every call goes to the typed game underneath, so the rules, the legality checks and the errors are
//! the game's own. Views stay views: [`DynGame::view`] gives a [`DynView`], which holds only what the
//! seat may see, and bots choose from it (`sylvan_bots::DynBot`).

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;

use serde_json::Value;
use thiserror::Error;

use crate::conformance::{self, ConformanceError, Report};
use crate::{
    ActionHelp, Breakdown, EventLog, Game, GameRng, Heuristic, Lang, Locale, Message, NoEvents, OptionDoc, Outcome,
    ParseError, Record, ReplayError, Seat, SetupError, SetupErrorKind, Start, replay_actions,
};

/// A request the erased game cannot carry out; the state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DynError {
    /// The text is not an action of this game.
    #[error("{0}")]
    Notation(#[from] ParseError),
    /// No action of this game has this id.
    #[error("{game} has no action with id {id} (ids are 0 to {})", max - 1)]
    UnknownId {
        /// The game.
        game: &'static str,
        /// The id asked for.
        id: usize,
        /// The number of ids.
        max: usize,
    },
    /// The action exists but is not legal now.
    #[error("illegal action `{action}`: {reason}")]
    Illegal {
        /// The action, in notation.
        action: String,
        /// Why (the game's own reason), in English.
        reason: String,
        /// Why, as a message of the game's or the engine's catalog ([`Game::illegal_message`]), for a
        /// front end that says it in the player's language.
        message: Option<Message>,
    },
    /// There is no such seat at this table.
    #[error("seat {seat} does not exist at a table of {seats}")]
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// The number of seats.
        seats: usize,
    },
    /// A view of another game was given.
    #[error("a view of {found} given to {expected}")]
    WrongGame {
        /// The game expected.
        expected: &'static str,
        /// The game of the view.
        found: &'static str,
    },
    /// No action has been played, so none can be taken back.
    #[error("no action to take back")]
    NothingToUndo,
    /// The game could not be dealt again from its start (to take an action back).
    #[error("dealing the game again failed: {0}")]
    Setup(String),
}

/// One legal action: its stable id, its notation, and a description for a human at the seat to move.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LegalAction {
    /// The action's stable id ([`Game::action_id`]).
    pub id: usize,
    /// Its notation.
    pub notation: String,
    /// What it does, as [`Game::describe_action`] says it to the seat to move.
    pub description: String,
}

/// An event as one seat (or a spectator) may see it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct DynEvent {
    /// The event as text.
    pub text: String,
    /// The event as JSON.
    pub json: Value,
}

/// What one seat may see, erased: JSON, text, and the typed view for code that knows the game (a bot
/// built for it).
pub trait DynView: fmt::Debug + Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The seat the view belongs to.
    fn seat(&self) -> Seat;
    /// The view as JSON.
    fn to_json(&self) -> Value;
    /// The view as JSON text, written straight from the view (no [`Value`] built on the way).
    fn to_json_text(&self) -> String {
        self.to_json().to_string()
    }
    /// The view as the terminal shows it.
    fn text(&self) -> String;
    /// A description of the action `id` for the seat of this view (`None` for an unknown id).
    fn describe(&self, id: usize) -> Option<String>;
    /// The typed view, for code built for this game (bots): `G::View` of the game named by
    /// [`game`](DynView::game).
    fn as_any(&self) -> &dyn Any;
    /// The view as the terminal shows it, in `locale` ([`text`](DynView::text) by default).
    fn text_locale(&self, locale: Locale) -> String {
        let _ = locale;
        self.text()
    }
    /// [`describe`](DynView::describe) in `locale`.
    fn describe_locale(&self, id: usize, locale: Locale) -> Option<String> {
        let _ = locale;
        self.describe(id)
    }
}

/// The view of one seat of game `G`.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewOf<G: Game>(pub G::View);

impl<G: Game> DynView for ViewOf<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seat(&self) -> Seat {
        G::view_seat(&self.0)
    }

    fn to_json(&self) -> Value {
        serde_json::to_value(&self.0).unwrap_or(Value::Null)
    }

    fn to_json_text(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "null".to_owned())
    }

    fn text(&self) -> String {
        self.0.to_string()
    }

    fn describe(&self, id: usize) -> Option<String> {
        G::action_from_id(id).map(|a| G::describe_action(&self.0, a))
    }

    fn as_any(&self) -> &dyn Any {
        &self.0
    }

    fn text_locale(&self, locale: Locale) -> String {
        locale.lang().typeset(&G::view_text(&self.0, locale))
    }

    fn describe_locale(&self, id: usize, locale: Locale) -> Option<String> {
        G::action_from_id(id).map(|a| locale.lang().typeset(&G::describe_action_in(&self.0, a, locale)))
    }
}

/// A game in progress, whatever the game. Changes go through the game's own checks; a rejected
/// request returns a [`DynError`] and changes nothing.
pub trait DynGame: fmt::Debug + Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The options as JSON.
    fn options_json(&self) -> Value;
    /// The number of seats.
    fn num_seats(&self) -> usize;
    /// The seat whose decision it is, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// The number of actions applied so far.
    fn move_number(&self) -> usize;
    /// An upper bound on the number of actions of this game ([`Game::max_game_length`]).
    fn max_game_length(&self) -> usize;
    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.to_move().is_none()
    }
    /// Who plays `seat` when the game plays it itself (the solo Robot), as the game's catalog message
    /// ([`message_text`](DynGame::message_text)); `None` for a seat a human or a bot plays.
    fn automated_seat(&self, seat: Seat) -> Option<Message>;

    /// The number of legal actions now (0 once the game is over).
    fn num_legal(&self) -> usize;
    /// The ids of the legal actions, in the game's legal order, into `out` (cleared first).
    fn legal_ids(&self, out: &mut Vec<usize>);
    /// The legal actions with their ids, notations and descriptions.
    fn legal_actions(&self) -> Vec<LegalAction>;
    /// The notation of the action with this id.
    fn notation(&self, id: usize) -> Result<String, DynError>;
    /// The id of the action written `text`.
    fn action_id(&self, text: &str) -> Result<usize, DynError>;

    /// Applies the action with this id, if legal.
    fn apply_id(&mut self, id: usize) -> Result<(), DynError>;
    /// Applies the action written `text`, if legal; returns its id.
    fn apply_notation(&mut self, text: &str) -> Result<usize, DynError>;
    /// For replaying stored games: when the action with this id is not legal now, the id of the action
    /// an older notation meant by it here ([`Game::legacy_action`]); `None` otherwise.
    fn legacy_id(&self, _id: usize) -> Option<usize> {
        None
    }
    /// Applies the `index`-th legal action (the fast path for random playouts).
    fn apply_nth(&mut self, index: usize) -> Result<(), DynError>;
    /// Applies the action with this id, if legal, and tells whether it may be taken back
    /// ([`undo::undoable`](crate::undo::undoable), sampling `samples` twins per seat from `rng`).
    fn apply_id_undoable(&mut self, id: usize, samples: usize, rng: &mut GameRng) -> Result<bool, DynError>;
    /// Takes back the last action: the game is dealt again from its start and replays every other
    /// action (the kept events are cleared). Whether that is fair is the caller's question
    /// ([`apply_id_undoable`](DynGame::apply_id_undoable) answers it).
    fn undo_last(&mut self) -> Result<(), DynError>;

    /// What `seat` may see now.
    fn view(&self, seat: Seat) -> Result<Box<dyn DynView>, DynError>;
    /// Whether applied actions keep their events (for [`events`](DynGame::events)); off, play is
    /// faster. On by default.
    fn keep_events(&mut self, on: bool);
    /// The events kept since the last [`clear_events`](DynGame::clear_events), as `seat` may see them
    /// (`None`: as a spectator sees them, public events only).
    fn events(&self, seat: Option<Seat>) -> Vec<DynEvent>;
    /// Forgets the kept events.
    fn clear_events(&mut self);

    /// Each seat's score as the rulebook counts it.
    fn scores(&self) -> Vec<f64>;
    /// How the game ended, once it is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The game's record (JSON): options, start, every action, and the scores once it is over.
    fn record(&self) -> Value;
    /// The full state as JSON (for saving and debugging: it holds every hidden card).
    fn state_json(&self) -> Value;
    /// A copy of the game, history and events included.
    fn clone_box(&self) -> Box<dyn DynGame>;
    /// A full state consistent with what `seat` may see now ([`Game::determinize`]): the cards hidden
    /// from `seat` and every future draw come from a generator seeded with `seed`, so the sample's view
    /// for `seat` is this state's. The sample carries no history (its record holds no action, its start
    /// is `seed`, and it cannot be taken back), so nothing of the real game leaks through it.
    fn determinize(&self, seat: Seat, seed: u64) -> Result<Box<dyn DynGame>, DynError>;
    /// Starts a new game from `seed` with the same options in place of this one, reusing its buffers
    /// (history and events are cleared).
    fn restart(&mut self, seed: u64) -> Result<(), SetupError>;

    /// A message of this game's catalog in `locale`, not yet typeset ([`Game::message_text`]); `None`
    /// for a message the game does not have (the engine's own are in `sylvan_words::engine`).
    fn message_text(&self, message: &Message, locale: Locale) -> Option<String>;

    /// [`legal_actions`](DynGame::legal_actions) with descriptions in `locale`.
    fn legal_actions_locale(&self, locale: Locale) -> Vec<LegalAction>;
    /// [`events`](DynGame::events) with texts in `locale` (the JSON is the same in every language).
    fn events_locale(&self, seat: Option<Seat>, locale: Locale) -> Vec<DynEvent>;
    /// Once the game is over, where each seat's points came from and why the game ended, in `locale`
    /// ([`Game::breakdown`]); `None` before.
    fn breakdown_locale(&self, locale: Locale) -> Option<Breakdown>;
    /// The cards of the game in play, in `locale` ([`Game::catalog`]; shapes in `docs/PROTOCOL.md`).
    fn catalog_locale(&self, locale: Locale) -> Value;
    /// Each form of action notation with what it does, in `locale` ([`Game::action_help`]).
    fn action_help_locale(&self, locale: Locale) -> Vec<ActionHelp>;
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// [`DynGame`] for game `G`: the state, its options and start and actions (for the record), the legal
/// list of the position, and the kept events.
#[derive(Clone, Debug)]
pub struct Erased<G: Game> {
    state: G,
    /// The options as given, which may differ from `state.options()` (a game may fill in what was left
    /// to chance, like Command of Nature's Sages); a record must hold these to replay.
    options: G::Options,
    start: Start<G::Setup>,
    actions: Vec<G::Action>,
    legal: Vec<G::Action>,
    events: Option<EventLog<G::Event>>,
}

impl<G: Game> Erased<G> {
    /// Wraps a game that starts now, created with `options` from `start`.
    pub fn new(state: G, options: G::Options, start: Start<G::Setup>) -> Erased<G> {
        let mut e =
            Erased { state, options, start, actions: Vec::new(), legal: Vec::new(), events: Some(EventLog::new()) };
        e.state.legal_actions(&mut e.legal);
        e
    }

    /// The typed state.
    pub fn state(&self) -> &G {
        &self.state
    }

    fn seat_ok(&self, seat: Seat) -> Result<(), DynError> {
        let seats = self.state.num_seats();
        if seat.index() < seats { Ok(()) } else { Err(DynError::NoSuchSeat { seat, seats }) }
    }

    fn apply_legal(&mut self, action: G::Action) {
        match &mut self.events {
            Some(log) => self.state.apply_unchecked(action, log),
            None => self.state.apply_unchecked(action, &mut NoEvents),
        }
        self.actions.push(action);
        self.state.legal_actions(&mut self.legal);
    }

    fn try_legal(&mut self, action: G::Action) -> Result<(), DynError> {
        if self.legal.binary_search(&action).is_err() {
            return Err(DynError::Illegal {
                action: action.to_string(),
                reason: self.state.illegal_reason(action),
                message: Some(self.state.illegal_message(action)),
            });
        }
        self.apply_legal(action);
        Ok(())
    }

    fn typed_record(&self) -> Record<G> {
        let options = self.options.clone();
        let mut record = match &self.start {
            Start::Seed { seed } => Record::<G>::from_seed(options, *seed),
            Start::Setup { setup, seed } => Record::<G>::from_setup(options, setup.clone(), *seed),
        };
        record.actions = self.actions.iter().map(ToString::to_string).collect();
        if self.state.is_terminal() {
            record.scores = Some(self.state.scores());
        }
        record
    }
}

impl<G: Game> DynGame for Erased<G>
where
    G::View: 'static,
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn options_json(&self) -> Value {
        serde_json::to_value(self.state.options()).unwrap_or(Value::Null)
    }

    fn num_seats(&self) -> usize {
        self.state.num_seats()
    }

    fn to_move(&self) -> Option<Seat> {
        self.state.to_move()
    }

    fn move_number(&self) -> usize {
        self.state.move_number()
    }

    fn max_game_length(&self) -> usize {
        G::max_game_length(self.state.options())
    }

    fn automated_seat(&self, seat: Seat) -> Option<Message> {
        G::automated_seat(self.state.options(), seat)
    }

    fn num_legal(&self) -> usize {
        self.legal.len()
    }

    fn legal_ids(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend(self.legal.iter().map(|&a| G::action_id(a)));
    }

    fn legal_actions(&self) -> Vec<LegalAction> {
        self.legal_actions_locale(Locale::En)
    }

    fn notation(&self, id: usize) -> Result<String, DynError> {
        G::action_from_id(id).map(|a| a.to_string()).ok_or(DynError::UnknownId {
            game: G::NAME,
            id,
            max: G::NUM_DISTINCT_ACTIONS,
        })
    }

    fn action_id(&self, text: &str) -> Result<usize, DynError> {
        Ok(G::action_id(text.parse::<G::Action>()?))
    }

    fn apply_id(&mut self, id: usize) -> Result<(), DynError> {
        let action =
            G::action_from_id(id).ok_or(DynError::UnknownId { game: G::NAME, id, max: G::NUM_DISTINCT_ACTIONS })?;
        self.try_legal(action)
    }

    fn apply_notation(&mut self, text: &str) -> Result<usize, DynError> {
        let action: G::Action = text.trim().parse()?;
        self.try_legal(action)?;
        Ok(G::action_id(action))
    }

    fn legacy_id(&self, id: usize) -> Option<usize> {
        let action = G::action_from_id(id)?;
        if self.state.is_legal(action) {
            return None;
        }
        self.state.legacy_action(action).filter(|&a| self.state.is_legal(a)).map(G::action_id)
    }

    fn apply_nth(&mut self, index: usize) -> Result<(), DynError> {
        match self.legal.get(index) {
            Some(&action) => {
                self.apply_legal(action);
                Ok(())
            }
            None => Err(DynError::Illegal {
                action: format!("#{index}"),
                reason: format!("there are {} legal actions", self.legal.len()),
                message: Some(crate::message!("engine-no-nth", count = self.legal.len())),
            }),
        }
    }

    fn apply_id_undoable(&mut self, id: usize, samples: usize, rng: &mut GameRng) -> Result<bool, DynError> {
        let action =
            G::action_from_id(id).ok_or(DynError::UnknownId { game: G::NAME, id, max: G::NUM_DISTINCT_ACTIONS })?;
        let before = self.state.clone();
        self.try_legal(action)?;
        Ok(crate::undo::undoable(&before, action, &self.state, samples, rng))
    }

    fn undo_last(&mut self) -> Result<(), DynError> {
        let Some((_, kept)) = self.actions.split_last() else { return Err(DynError::NothingToUndo) };
        let setup_failed = |e: SetupError| DynError::Setup(e.to_string());
        let mut state = match &self.start {
            Start::Seed { seed } => G::new(&self.options, *seed).map_err(setup_failed)?,
            Start::Setup { setup, seed } => G::from_setup(&self.options, setup, *seed).map_err(setup_failed)?,
        };
        for &a in kept {
            state.apply_unchecked(a, &mut NoEvents);
        }
        self.state = state;
        self.actions.pop();
        self.clear_events();
        self.state.legal_actions(&mut self.legal);
        Ok(())
    }

    fn view(&self, seat: Seat) -> Result<Box<dyn DynView>, DynError> {
        self.seat_ok(seat)?;
        Ok(Box::new(ViewOf::<G>(self.state.view(seat))))
    }

    fn keep_events(&mut self, on: bool) {
        match (on, self.events.is_some()) {
            (true, false) => self.events = Some(EventLog::new()),
            (false, true) => self.events = None,
            _ => {}
        }
    }

    fn events(&self, seat: Option<Seat>) -> Vec<DynEvent> {
        self.events_locale(seat, Locale::En)
    }

    fn clear_events(&mut self) {
        if let Some(log) = &mut self.events {
            log.clear();
        }
    }

    fn scores(&self) -> Vec<f64> {
        self.state.scores()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    fn record(&self) -> Value {
        serde_json::to_value(self.typed_record()).unwrap_or(Value::Null)
    }

    fn state_json(&self) -> Value {
        serde_json::to_value(&self.state).unwrap_or(Value::Null)
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn determinize(&self, seat: Seat, seed: u64) -> Result<Box<dyn DynGame>, DynError> {
        self.seat_ok(seat)?;
        let view = self.state.view(seat);
        let state = G::determinize(&view, &mut GameRng::new(seed));
        let mut sample = Erased::new(state, self.options.clone(), Start::Seed { seed });
        if self.events.is_none() {
            sample.events = None;
        }
        Ok(Box::new(sample))
    }

    fn restart(&mut self, seed: u64) -> Result<(), SetupError> {
        self.state = G::new(&self.options, seed)?;
        self.start = Start::Seed { seed };
        self.actions.clear();
        self.clear_events();
        self.state.legal_actions(&mut self.legal);
        Ok(())
    }

    fn message_text(&self, message: &Message, locale: Locale) -> Option<String> {
        G::message_text(message, locale)
    }

    fn legal_actions_locale(&self, locale: Locale) -> Vec<LegalAction> {
        let lang = locale.lang();
        let view = self.state.to_move().map(|s| self.state.view(s));
        self.legal
            .iter()
            .map(|&a| LegalAction {
                id: G::action_id(a),
                notation: a.to_string(),
                description: view
                    .as_ref()
                    .map_or_else(|| a.to_string(), |v| lang.typeset(&G::describe_action_in(v, a, locale))),
            })
            .collect()
    }

    fn events_locale(&self, seat: Option<Seat>, locale: Locale) -> Vec<DynEvent> {
        let lang = locale.lang();
        let Some(log) = &self.events else { return Vec::new() };
        log.events
            .iter()
            .filter(|(aud, _)| match seat {
                Some(s) => aud.includes(s),
                None => aud.is_public(),
            })
            .map(|(_, e)| DynEvent {
                text: lang.typeset(&G::event_text(e, locale)),
                json: serde_json::to_value(e).unwrap_or(Value::Null),
            })
            .collect()
    }

    fn breakdown_locale(&self, locale: Locale) -> Option<Breakdown> {
        let lang = locale.lang();
        if self.state.is_terminal() { self.state.breakdown(locale).map(|b| b.typeset(lang)) } else { None }
    }

    fn catalog_locale(&self, locale: Locale) -> Value {
        let mut c = self.state.catalog(locale);
        typeset_json(&mut c, locale.lang());
        c
    }

    fn action_help_locale(&self, locale: Locale) -> Vec<ActionHelp> {
        let lang = locale.lang();
        G::action_help(locale)
            .into_iter()
            .map(|h| ActionHelp { description: lang.typeset(&h.description), ..h })
            .collect()
    }
}

/// What a run of random playouts did: the answer a benchmark checks while timing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Playouts {
    /// Games played.
    pub games: u64,
    /// Actions applied.
    pub moves: u64,
    /// The sum of every seat's final score over all games (a checksum).
    pub score_sum: f64,
    /// Seats at the table.
    pub seats: usize,
}

/// A game as a type, erased: its name, player range and options, and the ways to start or replay one
/// game ([`DynGame`]). Implemented for every `G: Game + Heuristic` by [`Typed<G>`]. Options travel as
/// JSON (the game's `Options` serialized).
pub trait GameType: Send + Sync {
    /// The game's name.
    fn name(&self) -> &'static str;
    /// The smallest and largest supported number of seats.
    fn player_range(&self) -> (usize, usize);
    /// The documented options.
    fn option_docs(&self) -> &'static [OptionDoc];
    /// The number of distinct action ids.
    fn num_distinct_actions(&self) -> usize;
    /// The names of the rule-of-thumb policies the game defines ([`Heuristic::policy_names`]).
    fn policy_names(&self) -> &'static [&'static str];

    /// The options for `players` seats (the minimum when `None`) with `NAME=VALUE` overrides (a bare
    /// `NAME` means `NAME=true`), as JSON; the error's [kind](SetupError::kind) tells a bad player
    /// count, an unknown option and a bad value apart.
    fn options(&self, players: Option<usize>, overrides: &[String]) -> Result<Value, SetupError>;
    /// A new game from `seed`.
    fn new_game(&self, options: &Value, seed: u64) -> Result<Box<dyn DynGame>, SetupError>;
    /// A new game from an explicit setup (JSON of the game's `Setup`).
    fn with_setup(&self, options: &Value, setup: &Value, seed: u64) -> Result<Box<dyn DynGame>, SetupError>;
    /// Replays a record (JSON text), validating every action; with `upto`, only its first `upto`
    /// actions (and the stated scores are not checked).
    fn replay(&self, record: &str, upto: Option<usize>) -> Result<Box<dyn DynGame>, ReplayError>;
    /// Who plays `seat` when the game plays it itself, under these options.
    fn automated_seat(&self, options: &Value, seat: Seat) -> Option<Message>;

    /// A message of this game's catalog in `locale`, not yet typeset ([`Game::message_text`]): a setup
    /// problem, an option's help; `None` for a message the game does not have.
    fn message_text(&self, message: &Message, locale: Locale) -> Option<String>;

    /// Runs the [conformance suite](crate::conformance) on `games` random games, then checks the erased
    /// game against the typed one ([`check_erased`](conformance::check_erased)) on up to 20 more.
    fn conformance(&self, options: &Value, games: usize, seed: u64) -> Result<Report, ConformanceError>;
    /// Plays `games` uniform random playouts on the typed game (seeds `seed..`, moves drawn from one
    /// generator seeded from `seed`), the reference for [`dyn_playouts`].
    fn typed_playouts(&self, options: &Value, games: u64, seed: u64) -> Result<Playouts, String>;
}

/// [`GameType`] for game `G`.
pub struct Typed<G>(PhantomData<fn() -> G>);

impl<G> Typed<G> {
    /// The erased type of game `G`.
    pub const fn new() -> Typed<G> {
        Typed(PhantomData)
    }
}

impl<G> Default for Typed<G> {
    fn default() -> Self {
        Typed::new()
    }
}

/// Reads options of `G` from JSON, naming the game in the error.
/// Every string in `v` set in `lang`'s typography, except object keys and the fields that hold a
/// notation or a code (`notation`, `key`, `code`).
fn typeset_json(v: &mut Value, lang: Lang) {
    if lang == Lang::En {
        return;
    }
    match v {
        Value::String(s) => *s = lang.typeset(s),
        Value::Array(a) => a.iter_mut().for_each(|x| typeset_json(x, lang)),
        Value::Object(o) => {
            for (k, x) in o.iter_mut() {
                if !matches!(k.as_str(), "notation" | "key" | "code") {
                    typeset_json(x, lang);
                }
            }
        }
        _ => {}
    }
}

fn typed_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    serde_json::from_value(options.clone())
        .map_err(|e| SetupError::of_kind(SetupErrorKind::BadValue, "options", e.to_string()))
}

/// The generator that picks the moves of random playouts.
fn playout_rng(seed: u64) -> GameRng {
    GameRng::new(seed ^ 0xbe9c_4a11)
}

/// Plays `games` uniform random playouts through the erased game (seeds `seed..`), picking moves
/// exactly as [`GameType::typed_playouts`] does, so both give the same checksum.
pub fn dyn_playouts(game: &dyn GameType, options: &Value, games: u64, seed: u64) -> Result<Playouts, String> {
    let mut rng = playout_rng(seed);
    let mut out = Playouts { games, ..Playouts::default() };
    let mut g = game.new_game(options, seed).map_err(|e| format!("{} seed {seed}: {e}", game.name()))?;
    g.keep_events(false);
    for i in 0..games {
        let s = seed.wrapping_add(i);
        if i > 0 {
            g.restart(s).map_err(|e| format!("{} seed {s}: {e}", game.name()))?;
        }
        while g.to_move().is_some() {
            let n = g.num_legal();
            if n == 0 {
                return Err(format!("{} seed {s}: no legal action at move {}", game.name(), g.move_number()));
            }
            g.apply_nth(rng.index(n)).map_err(|e| e.to_string())?;
            out.moves += 1;
        }
        out.seats = g.num_seats();
        out.score_sum += g.scores().iter().sum::<f64>();
    }
    Ok(out)
}

impl<G: Game + Heuristic> GameType for Typed<G>
where
    G::View: 'static,
{
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn player_range(&self) -> (usize, usize) {
        G::player_range()
    }

    fn option_docs(&self) -> &'static [OptionDoc] {
        G::option_docs()
    }

    fn num_distinct_actions(&self) -> usize {
        G::NUM_DISTINCT_ACTIONS
    }

    fn policy_names(&self) -> &'static [&'static str] {
        G::policy_names()
    }

    fn options(&self, players: Option<usize>, overrides: &[String]) -> Result<Value, SetupError> {
        let options = options_with::<G>(players, overrides)?;
        serde_json::to_value(&options).map_err(|e| SetupError::new("options", e.to_string()))
    }

    fn new_game(&self, options: &Value, seed: u64) -> Result<Box<dyn DynGame>, SetupError> {
        let options = typed_options::<G>(options)?;
        let state = G::new(&options, seed)?;
        Ok(Box::new(Erased::new(state, options, Start::Seed { seed })))
    }

    fn with_setup(&self, options: &Value, setup: &Value, seed: u64) -> Result<Box<dyn DynGame>, SetupError> {
        let options = typed_options::<G>(options)?;
        let setup: G::Setup = serde_json::from_value(setup.clone())
            .map_err(|e| SetupError::of_kind(SetupErrorKind::BadValue, "setup", e.to_string()))?;
        let state = G::from_setup(&options, &setup, seed)?;
        Ok(Box::new(Erased::new(state, options, Start::Setup { setup, seed })))
    }

    fn replay(&self, record: &str, upto: Option<usize>) -> Result<Box<dyn DynGame>, ReplayError> {
        let mut record = Record::<G>::from_json(record)?;
        if let Some(k) = upto {
            if k > record.actions.len() {
                return Err(ReplayError::Truncated { upto: k, actions: record.actions.len() });
            }
            record.actions.truncate(k);
            record.scores = None;
        }
        let (state, actions) = replay_actions(&record)?;
        let mut e = Erased::new(state, record.options.clone(), record.start.clone());
        e.actions = actions;
        Ok(Box::new(e))
    }

    fn automated_seat(&self, options: &Value, seat: Seat) -> Option<Message> {
        typed_options::<G>(options).ok().and_then(|o| G::automated_seat(&o, seat))
    }

    fn message_text(&self, message: &Message, locale: Locale) -> Option<String> {
        G::message_text(message, locale)
    }

    fn conformance(&self, options: &Value, games: usize, seed: u64) -> Result<Report, ConformanceError> {
        let typed = typed_options::<G>(options).map_err(|e| ConformanceError {
            game: G::NAME,
            seed,
            step: 0,
            property: conformance::Property::Setup,
            detail: e.to_string(),
        })?;
        let report = conformance::check::<G>(&typed, games, seed)?;
        conformance::check_erased::<G>(self, options, games.clamp(1, 20), seed)?;
        Ok(report)
    }

    fn typed_playouts(&self, options: &Value, games: u64, seed: u64) -> Result<Playouts, String> {
        let options = typed_options::<G>(options).map_err(|e| e.to_string())?;
        typed_playouts::<G>(&options, games, seed)
    }
}

/// The typed random playouts of [`GameType::typed_playouts`].
pub fn typed_playouts<G: Game>(options: &G::Options, games: u64, seed: u64) -> Result<Playouts, String> {
    let max = G::max_game_length(options);
    let mut rng = playout_rng(seed);
    let mut legal = Vec::with_capacity(256);
    let mut out = Playouts { games, ..Playouts::default() };
    for i in 0..games {
        let s = seed.wrapping_add(i);
        let mut state = G::new(options, s).map_err(|e| format!("{} seed {s}: {e}", G::NAME))?;
        let mut length = 0;
        while state.to_move().is_some() {
            state.legal_actions(&mut legal);
            if legal.is_empty() || length >= max {
                return Err(format!(
                    "{} seed {s}: stuck at move {length} (no legal action, or past the maximum {max})",
                    G::NAME
                ));
            }
            let action = legal[rng.index(legal.len())];
            state.apply_unchecked(action, &mut NoEvents);
            length += 1;
        }
        out.moves += length as u64;
        out.seats = state.num_seats();
        out.score_sum += state.scores().iter().sum::<f64>();
    }
    Ok(out)
}

/// The options of `G` for `players` seats (the game's minimum when `None`), with `NAME=VALUE` overrides
/// (a bare `NAME` means `NAME=true`). Each value is read as JSON (a number, `true`, `[..]`), else as a
/// string, else as a comma-separated list of strings: the first reading the options accept wins.
pub fn options_with<G: Game>(players: Option<usize>, overrides: &[String]) -> Result<G::Options, SetupError> {
    let (lo, hi) = G::player_range();
    let players_given = players.is_some();
    let players = players.unwrap_or(lo);
    if !(lo..=hi).contains(&players) {
        return Err(SetupError::of_kind(
            SetupErrorKind::PlayerCount,
            "players",
            format!("{} is played by {lo} to {hi} players, not {players}", G::NAME),
        )
        .with_words(crate::message!(
            "engine-player-count",
            game = G::NAME,
            min = lo,
            max = hi,
            players = players
        )));
    }
    let mut options = G::options_for_players(players)?;
    if overrides.is_empty() {
        G::settle_options(&mut options, &[], players_given)?;
        return Ok(options);
    }
    let mut given: Vec<&str> = Vec::with_capacity(overrides.len());
    let bad = |name: &str, message: String| SetupError::of_kind(SetupErrorKind::BadValue, name, message);
    let mut value = serde_json::to_value(&options).map_err(|e| bad("options", e.to_string()))?;
    if !value.is_object() {
        return Err(SetupError::of_kind(
            SetupErrorKind::UnknownOption,
            "options",
            format!("{} has no settable options", G::NAME),
        )
        .with_words(crate::message!("engine-no-options", game = G::NAME)));
    }
    for text in overrides {
        let (name, raw) = text.split_once('=').unwrap_or((text.as_str(), "true"));
        let (name, raw) = (name.trim(), raw.trim());
        given.push(name);
        if name == "players" {
            return Err(SetupError::of_kind(
                SetupErrorKind::PlayerCount,
                "players",
                "set the number of players with --players",
            )
            .with_words(Message::new("engine-players-option")));
        }
        if name.is_empty() || value.get(name).is_none() {
            let known: Vec<&str> = value
                .as_object()
                .into_iter()
                .flat_map(|o| o.keys().map(String::as_str))
                .filter(|&k| k != "players")
                .collect();
            return Err(SetupError::of_kind(
                SetupErrorKind::UnknownOption,
                name,
                format!("{} has no option `{}` (options: {})", G::NAME, crate::carddata::short(name), known.join(", ")),
            )
            .with_words(crate::message!(
                "engine-unknown-option",
                game = G::NAME,
                name = crate::carddata::short(name),
                known = known.join(", ")
            )));
        }
        let mut readings: Vec<Value> = serde_json::from_str(raw).into_iter().collect();
        readings.push(Value::String(raw.to_owned()));
        readings.push(Value::Array(raw.split(',').map(|s| Value::String(s.trim().to_owned())).collect()));
        // A value with a comma was meant as a list: its error is the one to show.
        let list = raw.contains(',');
        let mut first_error = None;
        let mut accepted = None;
        for reading in readings {
            let is_list = reading.is_array();
            let mut candidate = value.clone();
            candidate[name] = reading;
            match serde_json::from_value::<G::Options>(candidate.clone()) {
                Ok(_) => {
                    accepted = Some(candidate);
                    break;
                }
                Err(e) if list && is_list => first_error = Some(e),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (accepted, first_error) {
            (Some(v), _) => value = v,
            (None, e) => {
                let detail = e.map(|e| e.to_string()).unwrap_or_default();
                let why = if detail.is_empty() { String::new() } else { format!(": {detail}") };
                return Err(bad(name, format!("cannot use `{}`{why}", crate::carddata::short(raw))).with_words(
                    crate::message!("engine-bad-value", value = crate::carddata::short(raw), detail = detail),
                ));
            }
        }
    }
    let mut options: G::Options = serde_json::from_value(value).map_err(|e| bad("options", e.to_string()))?;
    G::settle_options(&mut options, &given, players_given)?;
    Ok(options)
}
