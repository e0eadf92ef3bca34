//! # sylvan-command-of-nature
//!
//! *Command of Nature* (Unstable Games, 2024), rules-exact, for 2 players and for two teams of two, on the
//! Sylvan game API. Modules follow the rulebook: [`cards`] (the data files and their provenance),
//! [`state`] (setup, formation geometry), [`turn`] (phases I–IV and the resolution loop), [`combat`]
//! (attacks, instants, damage, defeat, refill), [`effects`] (daybreak and reaction effects, utility
//! commands, faction actions), [`view`] (what a seat may see), [`actions`] (the notation), [`events`],
//! [`heuristic`].
//!
//! Rulings on ambiguities are in `docs/rulings/command-of-nature.md`, numbered C1, C2, ...
#![deny(missing_docs)]

pub mod actions;
pub mod cards;
pub mod combat;
pub mod effects;
pub mod events;
pub mod heuristic;
pub mod state;
pub mod turn;
pub mod view;

pub use actions::{Action, Slot, slot};
pub use cards::{Card, Class, Effect, Faction};
pub use events::Event;
pub use state::{Ask, CommandOfNature, Options, Phase, Position, SageCommands, Setup, Unit};
pub use view::View;

use sylvan_engine::{EventSink, Game, GameRng, OptionDoc, Seat, SetupError};

/// The number of distinct actions.
pub const NUM_ACTIONS: usize = 771;

/// Actions per turn allowed for in [`Game::max_game_length`] (ruling C12).
const ACTIONS_PER_TURN: usize = 2_000;

impl Game for CommandOfNature {
    type Options = Options;
    type Setup = Setup;
    type Action = Action;
    type View = View;
    type Event = Event;

    const NAME: &'static str = "command-of-nature";
    const NUM_DISTINCT_ACTIONS: usize = NUM_ACTIONS;

    fn option_docs() -> &'static [OptionDoc] {
        &[
            OptionDoc { name: "players", default: "2", help: "2 players, or 4 in two teams (seats 0+2 against 1+3)" },
            OptionDoc { name: "teams", default: "false", help: "2v2 teams (sets 4 players): `-o teams=true`" },
            OptionDoc {
                name: "sages",
                default: "random",
                help: "Sage per seat: twig,pebble,leaf,droplet (comma list)",
            },
            OptionDoc {
                name: "sage_commands",
                default: "ts",
                help: "Sage-pack commands: ts (2 Close Strike, Far Strike, Natural Restoration, Charm) or godot (2 Close, 2 Far, Charm)",
            },
            OptionDoc { name: "turn_limit", default: "200", help: "turns after which the game is a draw (0: none)" },
        ]
    }

    fn options_for_players(players: usize) -> Result<Options, SetupError> {
        Options { players, teams: players == 4, ..Options::default() }.validate()
    }

    fn player_range() -> (usize, usize) {
        (2, 4)
    }

    fn new(options: &Options, seed: u64) -> Result<Self, SetupError> {
        let mut rng = GameRng::new(seed);
        let first_side = rng.below(2) as u8;
        CommandOfNature::build(options, &Setup { first_side, ..Setup::default() }, rng.next_u64())
    }

    fn from_setup(options: &Options, setup: &Setup, seed: u64) -> Result<Self, SetupError> {
        CommandOfNature::build(options, setup, seed)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_seats(&self) -> usize {
        self.n()
    }

    fn to_move(&self) -> Option<Seat> {
        self.decider()
    }

    fn move_number(&self) -> usize {
        self.moves as usize
    }

    fn max_game_length(options: &Options) -> usize {
        match options.turn_limit {
            0 => usize::MAX / 2,
            t => t as usize * ACTIONS_PER_TURN + 64,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn is_legal(&self, action: Action) -> bool {
        self.contains_legal(action)
    }

    fn illegal_reason(&self, action: Action) -> String {
        match self.decider() {
            None => "the game is over".into(),
            Some(seat) => format!("`{action}` is not legal for {seat} now ({})", self.view_of(seat).phase_text()),
        }
    }

    fn apply_unchecked<S: EventSink<Event>>(&mut self, action: Action, events: &mut S) {
        self.apply(action, events);
    }

    fn scores(&self) -> Vec<f64> {
        let n = self.n();
        match self.phase {
            Phase::Over(2) => vec![0.5; n],
            Phase::Over(w) => (0..n).map(|s| if (s as u8 & 1) == w { 1.0 } else { 0.0 }).collect(),
            _ => vec![0.0; n],
        }
    }

    fn winners(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Over(2) => Seat::all(self.n()).collect(),
            Phase::Over(w) => Seat::all(self.n()).filter(|s| s.0 & 1 == w).collect(),
            _ => Vec::new(),
        }
    }

    fn returns(&self) -> Vec<f64> {
        self.scores()
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(seat)
    }

    fn determinize(view: &View, rng: &mut GameRng) -> Self {
        CommandOfNature::sample(view, rng)
    }

    fn view_seat(view: &View) -> Seat {
        view.seat
    }

    fn describe_action(view: &View, action: Action) -> String {
        heuristic::describe(view, action)
    }

    fn action_id(action: Action) -> usize {
        actions::action_id(action)
    }

    fn action_from_id(id: usize) -> Option<Action> {
        actions::all_actions().get(id).copied()
    }
}
