//! The trait every game implements.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{
    Breakdown, EventSink, GameRng, IllegalAction, Locale, Message, MessageArg, Outcome, ParseError, Seat, SetupError,
};

/// One documented game option, for `sylvan games`, `--help` texts and the lobby's widgets.
///
/// Its words are the game's: [`help`](OptionDoc::help) and [`choice_name`](OptionDoc::choice_name) are
/// messages of the game's catalog, said through [`Game::message_text`] in the reader's language.
#[derive(Clone, Copy, Debug)]
pub struct OptionDoc {
    /// The option's name as written in records and on the command line.
    pub name: &'static str,
    /// Its default value.
    pub default: &'static str,
    /// The id of the game's catalog message that says what it does (`option-sets`).
    pub help_id: &'static str,
    /// The values it takes, so a front end offers the right widget without guessing.
    pub kind: OptionKind,
}

/// The values an option takes: what widget a front end offers for it (a switch, a number, a list).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// Free text (a path, a list of codes).
    Text,
    /// `true` or `false`.
    Bool,
    /// A whole number from `min` to `max`, both included.
    Int {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// One of a few values, written as they are given.
    Choice {
        /// The values, the default among them.
        choices: &'static [&'static str],
    },
    /// Several of a few values (Mystic Vale's card sets, Equinox's champions), written comma-separated
    /// in the order of `choices`; no value picked means the default (`random`). Each value has a name in
    /// the game's catalog ([`OptionDoc::choice_name`]), so a front end shows names, never codes.
    Multi {
        /// The values, in the order they are offered and written.
        choices: &'static [&'static str],
        /// The values every pick holds (Mystic Vale's `base`, which holds the starting cards).
        always: &'static [&'static str],
        /// How many values a pick holds, when the game needs an exact number (Equinox's 8 champions).
        count: Option<u8>,
        /// The id of the catalog message that names a value, given as argument [`arg`](OptionKind::Multi::arg).
        names: &'static str,
        /// The name of that message's argument (`creature` for Equinox's `creature`).
        arg: &'static str,
    },
}

impl OptionDoc {
    /// The game's catalog message that says what the option does (say it with [`Game::message_text`];
    /// not yet typeset: callers pass it through [`Lang::typeset`](crate::Lang::typeset)).
    pub fn help(&self) -> Message {
        Message::new(self.help_id)
    }

    /// The game's catalog message that names `choice` of a [`Multi`](OptionKind::Multi) option; `None`
    /// for another kind. A value outside the listed ones (a card set an operator offers) gets the same
    /// message, whose catalog falls back to the value itself.
    pub fn choice_name(&self, choice: &str) -> Option<Message> {
        match self.kind {
            OptionKind::Multi { names, arg, .. } => Some(Message::new(names).arg(arg, choice.to_owned())),
            _ => None,
        }
    }
}

/// A game: a full state, the rules that change it, and what each seat may see of it.
///
/// A value of the type is one game in progress. Decisions are made one at a time by the seat
/// [`to_move`](Game::to_move), which may be a seat whose turn it is not (a forced reveal, a response).
/// Chance (shuffles, random draws) is resolved inside [`apply_unchecked`](Game::apply_unchecked) with the
/// state's own [`GameRng`], seeded from the game's seed; [`determinize`](Game::determinize) gives a
/// sampled state a fresh generator, so search code cannot foresee chance either.
pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Typed options (player count, variants). `Default` gives the standard game for its minimum of players.
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// An explicit setup (fixed deal, chosen components, first player), to reproduce a scenario exactly.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// One decision. Ordered (legal lists are sorted), with a text notation that round-trips.
    type Action: Copy
        + Debug
        + Display
        + FromStr<Err = ParseError>
        + Eq
        + Ord
        + Hash
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// What one seat may see: bots and clients receive this, never the full state. Its `Display` is the
    /// terminal rendering of the table from that seat.
    type View: Clone + Debug + Display + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// Something that happened, for narration; emitted with an audience (see [`EventSink`]).
    type Event: Clone + Debug + Display + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// The game's name on the command line and in records (e.g. `equinox`).
    const NAME: &'static str;
    /// The number of distinct action ids: every [`action_id`](Game::action_id) is below it.
    const NUM_DISTINCT_ACTIONS: usize;

    /// The documented options of this game.
    fn option_docs() -> &'static [OptionDoc];
    /// Options for `players` seats with every variant at its default.
    fn options_for_players(players: usize) -> Result<Self::Options, SetupError>;
    /// The smallest and largest supported number of seats.
    fn player_range() -> (usize, usize);
    /// Who plays `seat` when the game plays it itself (the spirit duel's solo Robot): the game's catalog
    /// message that names it for tables and headers (say it with [`message_text`](Game::message_text)).
    /// Such a seat is never [`to_move`](Game::to_move). `None` (the default) for a seat that a human or a
    /// bot plays.
    fn automated_seat(options: &Self::Options, seat: Seat) -> Option<Message> {
        let _ = (options, seat);
        None
    }

    /// A new game, set up at random from `seed`.
    fn new(options: &Self::Options, seed: u64) -> Result<Self, SetupError>;
    /// A new game from an explicit setup; `seed` drives the chance that the setup leaves open.
    fn from_setup(options: &Self::Options, setup: &Self::Setup, seed: u64) -> Result<Self, SetupError>;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;
    /// The number of seats.
    fn num_seats(&self) -> usize;
    /// The seat whose decision it is, or `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// The number of actions applied so far.
    fn move_number(&self) -> usize;
    /// An upper bound on the number of actions in any game with these options.
    fn max_game_length(options: &Self::Options) -> usize;

    /// Writes the legal actions of the seat to move into `out` (cleared first): sorted, unique, and never
    /// empty unless the game is over. Does not allocate once `out` has grown to its working size.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// A uniformly random legal action, exactly `legal[rng.index(legal.len())]` for the list
    /// [`legal_actions`](Game::legal_actions) writes (the same single draw from `rng`), or `None` when
    /// there is none. The default lists into `scratch` and picks; a game may count its actions and build
    /// only the drawn one, and must then pick the same action with the same draw (random playouts and
    /// search stay identical).
    #[inline]
    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<Self::Action>) -> Option<Self::Action> {
        self.legal_actions(scratch);
        (!scratch.is_empty()).then(|| scratch[rng.index(scratch.len())])
    }
    /// Whether `action` is legal now.
    fn is_legal(&self, action: Self::Action) -> bool {
        let mut v = Vec::new();
        self.legal_actions(&mut v);
        v.binary_search(&action).is_ok()
    }
    /// Why `action` is not legal now, as a message for the player; called only for illegal actions. The
    /// default names the engine's `engine-game-over` or `engine-not-legal` (seat, move).
    fn illegal_message(&self, _action: Self::Action) -> Message {
        match self.to_move() {
            None => Message::new("engine-game-over"),
            Some(seat) => crate::message!("engine-not-legal", seat = seat, moves = self.move_number()),
        }
    }
    /// Why `action` is not legal now, in English (logs, records, `Display`): the English text of
    /// [`illegal_message`](Game::illegal_message) by default.
    fn illegal_reason(&self, action: Self::Action) -> String {
        let m = self.illegal_message(action);
        Self::message_text(&m, Locale::En).unwrap_or_else(|| engine_english(&m))
    }

    /// Applies a legal action, sending events to `events`. The action must come from
    /// [`legal_actions`](Game::legal_actions): anything else may corrupt the state.
    fn apply_unchecked<S: EventSink<Self::Event>>(&mut self, action: Self::Action, events: &mut S);
    /// Applies `action` if legal; otherwise returns an error naming it and leaves the state unchanged.
    fn try_apply<S: EventSink<Self::Event>>(
        &mut self,
        action: Self::Action,
        events: &mut S,
    ) -> Result<(), IllegalAction<Self::Action>> {
        if self.is_legal(action) {
            self.apply_unchecked(action, events);
            Ok(())
        } else {
            Err(IllegalAction { action, reason: self.illegal_reason(action), message: self.illegal_message(action) })
        }
    }

    /// For replaying old records: the action that an older notation meant at this state, when a
    /// record's `action` is not legal here (a game whose notation changed maps it to what the older rules
    /// did). Only [`replay`](crate::replay) asks, and only for an illegal action; the default knows no
    /// older notation.
    fn legacy_action(&self, _action: Self::Action) -> Option<Self::Action> {
        None
    }

    /// For replaying old records: the options that replay a record written by engine `version`
    /// (`MAJOR.MINOR.PATCH`) under the rules it was played with. A game whose rules changed keeps the older
    /// rules behind an option and sets it here for records older than the change; the default replays
    /// with the options as recorded. Only [`Record::initial_state`](crate::Record::initial_state) asks.
    fn record_options(options: &Self::Options, _version: [u64; 3]) -> Self::Options {
        options.clone()
    }

    /// Options set on a command line, checked in one pass for conflicts and settled into the options
    /// played (issue 38): `given` names the options set explicitly (`-o NAME=VALUE` and the shorthand
    /// flags) and `players_given` whether the number of players was. A conflict (two options that ask
    /// for different games) is an error naming both; an option implied by another is written out, so a
    /// record states exactly what was played. Called by [`options_with`](crate::erased::options_with)
    /// only: records replay with the options they state. The default accepts everything as it is.
    fn settle_options(_options: &mut Self::Options, _given: &[&str], _players_given: bool) -> Result<(), SetupError> {
        Ok(())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.to_move().is_none()
    }
    /// Each seat's score as the rulebook counts it (final once the game is over).
    fn scores(&self) -> Vec<f64>;
    /// How the game ended (winners after every tie-break, draw, each seat's return), or `None` while it
    /// is not over. Must not allocate: search calls it at the end of every playout.
    fn outcome(&self) -> Option<Outcome>;
    /// The winning seats (several on a shared victory, every seat on a draw); empty while the game is not
    /// over. Derived from [`outcome`](Game::outcome).
    fn winners(&self) -> Vec<Seat> {
        self.outcome().map(|o| o.winners().iter().collect()).unwrap_or_default()
    }
    /// Each seat's return in `[0, 1]` (all 0 while the game is not over). Derived from
    /// [`outcome`](Game::outcome).
    fn returns(&self) -> Vec<f64> {
        match self.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; self.num_seats()],
        }
    }

    /// A hash of the card data a game with these options is played with, for games whose cards come
    /// from data files a user may change: stored in [records](crate::Record) and checked on replay, so
    /// a record is never replayed silently with other cards. `None` (the default) for games whose
    /// cards are fixed in code.
    fn content_hash(options: &Self::Options) -> Option<String> {
        let _ = options;
        None
    }

    /// What `seat` may see now.
    fn view(&self, seat: Seat) -> Self::View;
    /// A full state consistent with `view`: every card the view does not show is resampled from what the
    /// view allows, and chance gets a fresh generator from `rng`. `determinize(v).view(v.seat) == v`.
    fn determinize(view: &Self::View, rng: &mut GameRng) -> Self;

    /// The seat a view belongs to.
    fn view_seat(view: &Self::View) -> Seat;
    /// A one-line description of an action for a human reading `view` (e.g. with card names spelled
    /// out); defaults to the notation.
    fn describe_action(_view: &Self::View, action: Self::Action) -> String {
        action.to_string()
    }

    /// [`describe_action`](Game::describe_action) in `locale` (English by default). The text methods
    /// take a [`Locale`] (or a [`Lang`], which converts), so a front end can select the pseudo-locale.
    fn describe_action_in(view: &Self::View, action: Self::Action, locale: impl Into<Locale>) -> String {
        let _ = locale;
        Self::describe_action(view, action)
    }
    /// The terminal rendering of `view` in `locale` (the view's `Display`, English, by default).
    fn view_text(view: &Self::View, locale: impl Into<Locale>) -> String {
        let _ = locale;
        view.to_string()
    }
    /// An event as a sentence in `locale` (the event's `Display`, English, by default).
    fn event_text(event: &Self::Event, locale: impl Into<Locale>) -> String {
        let _ = locale;
        event.to_string()
    }
    /// Each form of action notation with what it does, in `locale`, for a player's `help` (none by
    /// default).
    fn action_help(locale: impl Into<Locale>) -> Vec<ActionHelp> {
        let _ = locale;
        Vec::new()
    }
    /// Once the game is over, where each seat's points came from (the rulebook's scoring steps, totals
    /// equal to [`scores`](Game::scores)) and why the game ended, in `locale`; `None` while it is not
    /// over (and by default).
    fn breakdown(&self, locale: impl Into<Locale>) -> Option<Breakdown> {
        let _ = locale;
        None
    }
    /// The cards of this game (every card, leader, vale, spirit... id as it appears in the views) with
    /// their name, text, cost and kind-specific stats in `locale`, as a JSON object keyed by kind then
    /// id; the shape per game is in `docs/PROTOCOL.md` ("Catalog"). An empty object by default.
    fn catalog(&self, locale: impl Into<Locale>) -> serde_json::Value {
        let _ = locale;
        serde_json::Value::Object(serde_json::Map::new())
    }

    /// A message of this game's catalog in `locale` (a parse error's expectation, an illegal action's
    /// reason, a setup problem, an option's help), not yet typeset; `None` when the game has no such
    /// message (the engine's own, `engine-…`, are in the shared catalog, `sylvan_words::engine`). The
    /// default knows none. This is the trait's one entry point for a game's words outside views,
    /// events and the breakdown. Like the other text methods it takes a [`Locale`] or a [`Lang`]; the
    /// erased [`DynGame::message_text`](crate::erased::DynGame::message_text) takes a `Locale` (a
    /// generic method cannot be called through `dyn`).
    fn message_text(message: &Message, locale: impl Into<Locale>) -> Option<String> {
        let _ = (message, locale);
        None
    }

    /// The action's stable integer id, in `[0, NUM_DISTINCT_ACTIONS)`.
    fn action_id(action: Self::Action) -> usize;
    /// The action with this id, if any.
    fn action_from_id(id: usize) -> Option<Self::Action>;
}

/// One form of action notation and what it does, for a player's `help`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct ActionHelp {
    /// The notation with placeholders, e.g. `play CARD>COLUMN`.
    pub notation: String,
    /// What it does.
    pub description: String,
}

impl ActionHelp {
    /// A help line.
    pub fn new(notation: impl Into<String>, description: impl Into<String>) -> ActionHelp {
        ActionHelp { notation: notation.into(), description: description.into() }
    }
}

/// A game with a simple rule-of-thumb player, used by the `heuristic` bot and as a playout policy.
pub trait Heuristic: Game {
    /// Picks one of `legal` (non-empty) for the seat of `view`.
    fn heuristic_action(view: &Self::View, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action;

    /// Other rule-of-thumb players the game defines, by name (e.g. the spirit duel's `robot`, which plays
    /// like its rulebook's Robot); none by default. The `sylvan` bot spec of the same name uses it.
    fn named_policy(_name: &str) -> Option<Policy<Self>> {
        None
    }

    /// The names [`named_policy`](Heuristic::named_policy) knows (none by default), for listings.
    fn policy_names() -> &'static [&'static str] {
        &[]
    }

    /// The move of a fast rollout policy for search playouts (`ismcts:playout=rollout`), read from a full
    /// state. Search bots only call it on their own samples (from [`Game::determinize`]), never on the
    /// real game, so reading the whole state peeks at nothing. Uniform over `legal` (non-empty) by
    /// default; a game overrides it with a cheap rule of thumb that makes playouts more informative than
    /// random play at a small fraction of [`heuristic_action`](Heuristic::heuristic_action)'s cost.
    fn rollout_action(state: &Self, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action {
        let _ = state;
        legal[rng.index(legal.len())]
    }

    /// An estimate of [`returns`](Game::returns) (one value per seat, on the same scale: 1 a sure win, 0
    /// a sure loss; partners alike in team games) if `state` is at a point where the game can estimate
    /// them well (e.g. between turns); `None` elsewhere, and always `None` by default. Search bots with a
    /// playout depth (`ismcts:depth=N`) stop a playout at the first such point after `N` moves and back
    /// up this estimate instead of playing to the end, trading the noise of a long playout for the bias
    /// of the estimate. Like [`rollout_action`](Heuristic::rollout_action) it is only called on a
    /// searcher's own samples, so reading the whole state peeks at nothing.
    fn evaluate(state: &Self) -> Option<Vec<f64>> {
        let _ = state;
        None
    }
}

/// A policy: picks one of `legal` (non-empty) for the seat of the view.
pub type Policy<G> = fn(&<G as Game>::View, &[<G as Game>::Action], &mut GameRng) -> <G as Game>::Action;

/// Each seat's lead over the best other seat in `scores`, squashed into 0..1 by
/// `0.5 + 0.5 · tanh(lead / scale)`: 0.5 when level, about 0.88 a `scale` ahead. Search uses it to turn
/// score margins (final, or projected by [`Heuristic::evaluate`]) into values on the scale of returns.
pub fn lead_values(scores: &[f64], scale: f64) -> Vec<f64> {
    (0..scores.len())
        .map(|i| {
            let best_other =
                scores.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &s)| s).fold(f64::MIN, f64::max);
            0.5 + 0.5 * ((scores[i] - best_other) / scale).tanh()
        })
        .collect()
}

/// The English of the engine's own messages that the default trait methods return, for `Display` and
/// logs (the words layer formats them from the shared catalog in every language).
pub(crate) fn engine_english(m: &Message) -> String {
    let arg = |name: &str| {
        m.args
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| match v {
                MessageArg::Text(s) => s.clone(),
                MessageArg::Number(n) => n.to_string(),
                MessageArg::Message(m) => engine_english(m),
            })
            .unwrap_or_default()
    };
    match m.id {
        "engine-game-over" => "the game is over".to_owned(),
        "engine-not-legal" => format!("not among the legal actions of {} at move {}", arg("seat"), arg("moves")),
        _ => m.to_string(),
    }
}
