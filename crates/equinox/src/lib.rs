//! # sylvan-equinox
//!
//! Reiner Knizia's *Equinox* (Plan B Games, 2021), rules-exact, for 2 to 5 players, on the Sylvan game
//! API; the reference implementation of a game. Guide: `docs/players.md` (options, notation) and
//! `docs/ARCHITECTURE.md` (the path of one action, through this crate).
//!
//! Modules follow the rulebook: [`cards`] (creatures, chameleons, trees), [`setup`], [`turn`] (the
//! five phases), [`powers`] (the appendix), [`scoring`] (final count and tie-breaks), [`view`] (what a
//! seat may see), [`actions`] (the notation), [`events`], [`heuristic`].
//!
//! Rulings on ambiguities are in `docs/rulings/equinox.md`, numbered E1, E2, ...
#![deny(missing_docs)]

pub mod actions;
pub mod analytics;
pub mod cards;
pub mod events;
pub mod heuristic;
pub mod observe;
pub mod powers;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod turn;
pub mod view;
pub mod words;

pub use actions::{Action, StoneSpot};
pub use cards::{Card, CardSet, Creature, TreeKind};
pub use events::{EndReason, Event};
pub use setup::{Options, RULES_REVISION, Setup, StoneSetup};
pub use state::{Equinox, Phase, TurnFlags};
pub use view::{View, ViewPhase};

use sylvan_engine::{
    ActionHelp, Breakdown, EventSink, Game, GameRng, Locale, Message, OptionDoc, OptionKind, Outcome, Seat, SetupError,
};

/// A proven bound on the actions of one game (ruling E9 in `docs/rulings/equinox.md`): at most 15 actions
/// a turn, 6 in a passing turn, and at most 4,229 turns of which at most 337 are not passes.
const MAX_GAME_LENGTH: usize = 42_000;

impl Game for Equinox {
    type Options = Options;
    type Setup = Setup;
    type Action = Action;
    type View = View;
    type Event = Event;

    const NAME: &'static str = "equinox";
    const NUM_DISTINCT_ACTIONS: usize = actions::NUM_ACTIONS;

    fn option_docs() -> &'static [OptionDoc] {
        &[
            // The front ends' default, the game's minimum (`options_for_players(2)`); `Options::default()`
            // and JSON options without `players` (a record's) have 4.
            OptionDoc {
                name: "players",
                default: "2",
                help_id: "option-players",
                kind: OptionKind::Int { min: 2, max: 5 },
            },
            OptionDoc {
                name: "champions",
                default: "random",
                help_id: "option-champions",
                kind: OptionKind::Multi {
                    choices: &[
                        "gru", "lic", "pan", "gri", "bic", "duc", "car", "bol", "sab", "cro", "rai", "plu", "urs",
                        "pel",
                    ],
                    always: &[],
                    count: Some(8),
                    names: "creature",
                    arg: "creature",
                },
            },
            OptionDoc {
                name: "ancestors",
                default: "1",
                help_id: "option-ancestors",
                kind: OptionKind::Int { min: 0, max: 3 },
            },
            OptionDoc {
                name: "dryads",
                default: "2",
                help_id: "option-dryads",
                kind: OptionKind::Int { min: 0, max: 3 },
            },
            OptionDoc {
                name: "rules",
                default: "2",
                help_id: "option-rules",
                kind: OptionKind::Choice { choices: &["2", "1"] },
            },
        ]
    }

    fn options_for_players(players: usize) -> Result<Options, SetupError> {
        let o = Options { players, ..Options::default() };
        o.validate()?;
        Ok(o)
    }

    fn player_range() -> (usize, usize) {
        (2, 5)
    }

    fn new(options: &Options, seed: u64) -> Result<Self, SetupError> {
        options.validate()?;
        Ok(Equinox::deal(options, GameRng::new(seed)))
    }

    fn from_setup(options: &Options, setup: &Setup, seed: u64) -> Result<Self, SetupError> {
        Equinox::build(options, setup, GameRng::new(seed))
    }

    #[inline]
    fn options(&self) -> &Options {
        &self.options
    }

    #[inline]
    fn num_seats(&self) -> usize {
        self.n()
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.decider()
    }

    #[inline]
    fn move_number(&self) -> usize {
        self.moves as usize
    }

    #[inline]
    fn max_game_length(_options: &Options) -> usize {
        MAX_GAME_LENGTH
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    #[inline]
    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Option<Action> {
        self.random_legal(rng, scratch)
    }

    fn illegal_message(&self, action: Action) -> Message {
        match self.decider() {
            None => Message::new("engine-game-over"),
            Some(seat) => {
                let in_hand = match action {
                    Action::Play(c) | Action::Secret(c) | Action::Discard(c) | Action::Give(c) => {
                        self.hand(seat).contains(c)
                    }
                    _ => true,
                };
                let id = if in_hand { "illegal-now" } else { "illegal-not-in-hand" };
                Message::new(id)
                    .arg("seat", seat)
                    .arg("phase", self.view_of(seat).phase_message())
                    .arg("moves", self.moves)
            }
        }
    }

    fn message_text(message: &Message, locale: impl Into<Locale>) -> Option<String> {
        words::message_text(message, locale.into())
    }

    fn apply_unchecked<S: EventSink<Event>>(&mut self, action: Action, events: &mut S) {
        self.apply(action, events);
    }

    fn scores(&self) -> Vec<f64> {
        self.final_scores()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over().then(|| self.final_outcome())
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(seat)
    }

    fn view_seat(view: &View) -> Seat {
        view.seat
    }

    fn describe_action(view: &View, action: Action) -> String {
        heuristic::describe(view, action)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        Equinox::sample(view, rng)
    }

    fn view_text(view: &View, locale: impl Into<Locale>) -> String {
        let locale: sylvan_engine::Locale = locale.into();
        view.render(locale)
    }

    fn describe_action_in(view: &View, action: Action, locale: impl Into<Locale>) -> String {
        let locale: sylvan_engine::Locale = locale.into();
        words::describe_in(view, action, locale)
    }

    fn event_text(event: &Event, locale: impl Into<Locale>) -> String {
        let locale: sylvan_engine::Locale = locale.into();
        words::event_text(event, locale)
    }

    fn breakdown(&self, locale: impl Into<Locale>) -> Option<Breakdown> {
        let locale: sylvan_engine::Locale = locale.into();
        self.words_breakdown(locale)
    }

    fn catalog(&self, locale: impl Into<Locale>) -> serde_json::Value {
        let locale: sylvan_engine::Locale = locale.into();
        self.words_catalog(locale)
    }

    fn action_help(locale: impl Into<Locale>) -> Vec<ActionHelp> {
        let locale: sylvan_engine::Locale = locale.into();
        words::action_help(locale)
    }

    fn action_id(action: Action) -> usize {
        actions::action_id(action)
    }

    fn action_from_id(id: usize) -> Option<Action> {
        actions::ids().action(id)
    }
}

/// Private parts, public only for the crate's integration tests (`tests/all/units.rs`): not part of
/// the API.
#[doc(hidden)]
pub mod internals {
    use sylvan_engine::{GameRng, SetupError};

    use crate::state::COLUMNS;
    use crate::{Creature, Equinox, Options, Setup};

    pub fn champions(state: &Equinox) -> [Creature; COLUMNS] {
        state.champions
    }

    pub fn in_play(state: &Equinox, col: usize) -> bool {
        state.in_play(col)
    }

    pub fn deal(options: &Options, rng: GameRng) -> Equinox {
        Equinox::deal(options, rng)
    }

    pub fn build(options: &Options, setup: &Setup, rng: GameRng) -> Result<Equinox, SetupError> {
        Equinox::build(options, setup, rng)
    }
}
