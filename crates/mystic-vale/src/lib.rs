//! # sylvan-mystic-vale
//!
//! *Mystic Vale* (AEG, 2016; Essential Edition 2021), the base game for 2 to 4 players, on the Sylvan game
//! API. Modules follow the rulebook: [`cards`] (the card database, loaded from TOML with per-field
//! provenance), [`setup`], [`state`], [`turn`] (the four phases, spoiling, every base ability), [`scoring`],
//! [`view`], [`actions`], [`events`], [`heuristic`].
//!
//! Rulings are in `docs/rulings/mystic-vale.md`, numbered MV1, MV2, ...
#![deny(missing_docs)]
// Index loops over the small fixed tables (levels, slots, spirit kinds) read like the rulebook.
#![allow(clippy::needless_range_loop)]

pub mod actions;
pub mod analytics;
pub mod cards;
pub mod effects;
pub mod events;
pub mod harvest;
pub mod heuristic;
mod rollout;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod turn;
pub mod view;

pub use actions::{Action, Source};
pub use cards::{CardDb, CardError, DbRef};
pub use events::Event;
pub use setup::{Options, Setup, SetupPlayer};
pub use state::{MysticVale, Phase};
pub use view::View;

use sylvan_engine::{EventSink, Game, GameRng, Heuristic, OptionDoc, Seat, SetupError};

impl Game for MysticVale {
    type Options = Options;
    type Setup = Setup;
    type Action = Action;
    type View = View;
    type Event = Event;

    const NAME: &'static str = "mystic-vale";
    const NUM_DISTINCT_ACTIONS: usize = actions::NUM_ACTIONS;

    fn option_docs() -> &'static [OptionDoc] {
        &[
            OptionDoc { name: "players", default: "2", help: "number of players, 2 to 4" },
            OptionDoc {
                name: "cards",
                default: "base",
                help: "card file: `base` (embedded) or a TOML path (see `sylvan cards check`)",
            },
            OptionDoc {
                name: "sets",
                default: "base",
                help: "card sets, `base` first: base, base,magic, base,wild, base,magic,wild (or expansion files)",
            },
            OptionDoc { name: "leaders", default: "none", help: "leaders: none, random, choose (needs base,wild)" },
        ]
    }

    fn options_for_players(players: usize) -> Result<Options, SetupError> {
        let o = Options { players, ..Options::default() };
        o.validate()?;
        Ok(o)
    }

    fn player_range() -> (usize, usize) {
        (2, 4)
    }

    fn new(options: &Options, seed: u64) -> Result<Self, SetupError> {
        let db = options.validate()?;
        Ok(MysticVale::deal(options, db, GameRng::new(seed)))
    }

    fn from_setup(options: &Options, setup: &Setup, seed: u64) -> Result<Self, SetupError> {
        MysticVale::build(options, setup, seed)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn num_seats(&self) -> usize {
        self.n()
    }

    fn to_move(&self) -> Option<Seat> {
        if self.over() { None } else { Some(Seat(self.current)) }
    }

    fn move_number(&self) -> usize {
        self.moves as usize
    }

    /// A proven bound:
    /// - *Turns.* Rounds are numbered from 1 and the game ends after the Discard Phase of the last seat
    ///   of round [`turn::MAX_ROUNDS`] at the latest (ruling MV14), whether or not the VP pool drains: at
    ///   most `MAX_ROUNDS × players` turns (a turn skipped to the Discard Phase by a Prep-phase spoil
    ///   still counts as one).
    /// - *Actions per turn.* At most [`turn::MAX_ACTIONS_PER_TURN`] besides Blooming Arbor and Aether Tree (see its
    ///   proof; the Planting Phase is finite because a "when played" ability resolves at most once per
    ///   phase, ruling MV19, so Deadwood Harvester and Mindful Owl cannot cycle two cards through a
    ///   reshuffle for ever).
    /// - *Blooming Arbor, Aether Tree.* Each use removes that vale from the game (EN:1258, 1228):
    ///   at most as many uses in a game as there are such vale cards in the card set.
    fn max_game_length(options: &Options) -> usize {
        let arbors = match options.validate() {
            Ok(db) => db.vales.iter().filter(|v| v.remove_self).map(|v| usize::from(v.copies)).sum(),
            // No game can be made with these options; bound every vale id and copy count anyway.
            Err(_) => 256 * 256,
        };
        turn::MAX_ROUNDS as usize * options.players * turn::MAX_ACTIONS_PER_TURN + arbors
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    /// As the trait default, but the list is written into a reused per-thread buffer, not a new vector
    /// (`try_apply` and the conformance suite call this for every candidate).
    fn is_legal(&self, action: Action) -> bool {
        thread_local! {
            static BUF: std::cell::RefCell<Vec<Action>> = std::cell::RefCell::new(Vec::with_capacity(256));
        }
        BUF.with(|b| match b.try_borrow_mut() {
            Ok(mut v) => {
                self.legal(&mut v);
                v.binary_search(&action).is_ok()
            }
            Err(_) => {
                let mut v = Vec::new();
                self.legal(&mut v);
                v.binary_search(&action).is_ok()
            }
        })
    }

    fn apply_unchecked<S: EventSink<Event>>(&mut self, action: Action, events: &mut S) {
        self.apply(action, events);
    }

    fn scores(&self) -> Vec<f64> {
        self.final_scores()
    }

    fn winners(&self) -> Vec<Seat> {
        if self.over() { self.final_winners() } else { Vec::new() }
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
        MysticVale::sample(view, rng)
    }

    fn action_id(action: Action) -> usize {
        actions::action_id(action)
    }

    fn action_from_id(id: usize) -> Option<Action> {
        actions::action_from_id(id)
    }
}

impl Heuristic for MysticVale {
    fn heuristic_action(view: &View, legal: &[Action], rng: &mut GameRng) -> Action {
        heuristic::choose(view, legal, rng)
    }

    fn rollout_action(state: &MysticVale, legal: &[Action], rng: &mut GameRng) -> Action {
        rollout::rollout_action(state, legal, rng)
    }

    fn evaluate(state: &MysticVale) -> Option<Vec<f64>> {
        heuristic::estimated_returns(state)
    }
}
