//! # sylvan-spirit-duel
//!
//! The spirit duel of `spirit-duel-initiation.fr.txt` (a spirit-battle card game's print-and-play
//! initiation rules), rules-exact, on the Sylvan game API: the 1-vs-1 game and the solo mode against the
//! rulebook's Robot (option `solo`: seat p1 is the Robot, whose turns and defences the game plays itself
//! with seeded dice; only p0 decides). Guide: `docs/players.md` (options, notation).
//!
//! Modules follow the rulebook: [`cards`] (the data files and their
//! provenance), [`setup`] (MISE EN PLACE, options), [`state`], [`turn`] (the three phases, ATTAQUER,
//! IMPORTANT, the Robot), [`view`], [`actions`] (notation), [`events`], [`heuristic`] (the `heuristic` and
//! `robot` bots).
//!
//! Rulings are in `docs/rulings/spirit-duel.md`, numbered SD-1, SD-2, ...
#![deny(missing_docs)]

pub mod actions;
pub mod analytics;
pub mod cards;
pub mod events;
pub mod heuristic;
pub mod observe;
pub mod setup;
pub mod state;
pub mod turn;
pub mod view;
pub mod words;

pub use actions::Action;
pub use cards::{Card, Element, Spirit, Tables, Team};
pub use events::Event;
pub use heuristic::robot_policy;
pub use setup::{Options, Setup, SideSetup};
pub use state::{Outcome, Phase, SpiritDuel};
pub use view::View;

use sylvan_engine::{EventSink, Game, GameRng, OptionDoc, OptionKind, Seat, SetupError};

/// A bound on the actions of one game (ruling SD-13): 16 turns of at most 120 decisions.
const MAX_GAME_LENGTH: usize = 2_000;

fn data() -> Result<&'static Tables, SetupError> {
    Tables::default_set().map_err(|e| SetupError::new("card data", e.to_string()))
}

impl Game for SpiritDuel {
    type Options = Options;
    type Setup = Setup;
    type Action = Action;
    type View = View;
    type Event = Event;

    const NAME: &'static str = "spirit-duel";
    const NUM_DISTINCT_ACTIONS: usize = actions::NUM_ACTIONS;

    fn option_docs() -> &'static [OptionDoc] {
        &[
            OptionDoc { name: "solo", default: "false", help_id: "option-solo", kind: OptionKind::Bool },
            OptionDoc {
                name: "team",
                default: "a",
                help_id: "option-team",
                kind: OptionKind::Choice { choices: &["a", "b"] },
            },
            OptionDoc {
                name: "robot",
                default: "3",
                help_id: "option-robot",
                kind: OptionKind::Choice { choices: &["3", "2", "1"] },
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
        if players != 2 {
            return Err(SetupError::new(
                "players",
                format!("the spirit duel has 2 seats (solo: p1 is the Robot), not {players}"),
            ));
        }
        Ok(Options::default())
    }

    fn player_range() -> (usize, usize) {
        (2, 2)
    }

    fn automated_seat(options: &Options, seat: Seat) -> Option<sylvan_engine::Message> {
        (options.solo && seat == Seat(1)).then(|| sylvan_engine::Message::new("automated-robot"))
    }

    fn new(options: &Options, seed: u64) -> Result<Self, SetupError> {
        let t = data()?;
        let mut rng = GameRng::new(seed);
        let setup = Setup::deal(options, t, &mut rng);
        SpiritDuel::build(options, &setup, t, rng)
    }

    fn from_setup(options: &Options, setup: &Setup, seed: u64) -> Result<Self, SetupError> {
        SpiritDuel::build(options, setup, data()?, GameRng::new(seed))
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        self.decider()
    }

    fn move_number(&self) -> usize {
        self.moves as usize
    }

    fn max_game_length(_options: &Options) -> usize {
        MAX_GAME_LENGTH
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn illegal_message(&self, action: Action) -> sylvan_engine::Message {
        match self.decider() {
            None => sylvan_engine::Message::new("engine-game-over"),
            Some(seat) => sylvan_engine::message!(
                "illegal-now",
                seat = seat,
                phase = self.view_of(seat).phase_message(),
                moves = self.moves,
                action = action.to_string()
            ),
        }
    }

    fn message_text(message: &sylvan_engine::Message, locale: impl Into<sylvan_engine::Locale>) -> Option<String> {
        words::message_text(message, locale.into())
    }

    fn apply_unchecked<S: EventSink<Event>>(&mut self, action: Action, events: &mut S) {
        self.apply(action, events);
    }

    fn scores(&self) -> Vec<f64> {
        match self.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0, 0.0],
        }
    }

    fn outcome(&self) -> Option<sylvan_engine::Outcome> {
        match self.phase {
            Phase::Over(Outcome::Destroyed(s) | Outcome::Exhausted(s)) => Some(sylvan_engine::Outcome::shared(2, [s])),
            Phase::Over(Outcome::Draw) => Some(sylvan_engine::Outcome::draw(2, 0.5)),
            _ => None,
        }
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(seat)
    }

    fn breakdown(&self, locale: impl Into<sylvan_engine::Locale>) -> Option<sylvan_engine::Breakdown> {
        self.words_breakdown(locale.into())
    }

    fn catalog(&self, locale: impl Into<sylvan_engine::Locale>) -> serde_json::Value {
        words::catalog(locale.into())
    }

    fn action_help(locale: impl Into<sylvan_engine::Locale>) -> Vec<sylvan_engine::ActionHelp> {
        words::action_help(locale.into())
    }

    fn view_text(view: &View, locale: impl Into<sylvan_engine::Locale>) -> String {
        view.render(locale.into())
    }

    fn describe_action_in(view: &View, action: Action, locale: impl Into<sylvan_engine::Locale>) -> String {
        words::describe_in(view, action, locale.into())
    }

    fn event_text(event: &Event, locale: impl Into<sylvan_engine::Locale>) -> String {
        words::event_text(event, locale.into())
    }

    fn view_seat(view: &View) -> Seat {
        view.seat
    }

    fn describe_action(view: &View, action: Action) -> String {
        heuristic::describe(view, action)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        SpiritDuel::sample(view, rng)
    }

    fn action_id(action: Action) -> usize {
        actions::action_id(action)
    }

    fn action_from_id(id: usize) -> Option<Action> {
        actions::ids().action(id)
    }
}
