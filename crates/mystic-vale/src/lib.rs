//! # sylvan-mystic-vale
//!
//! *Mystic Vale* (AEG, 2016; Essential Edition 2021) for 2 to 4 players on the Sylvan game API: the base
//! set, Vale of Magic, Vale of the Wild (eclipse advancements, leaders) and Mana Storm (amulets, the setup
//! draft), chosen with the `sets`, `leaders`, `amulets` and `edition` options. Guide: `docs/players.md`
//! (options) and `docs/designers.md` (card files, provenance).
//!
//! Modules follow the rulebook: [`cards`] (the card database: card sets as TOML files with per-field
//! provenance, abilities as a timing plus an effect primitive), [`effects`] (unique effects, one module
//! each), [`setup`], [`state`], [`turn`] (the four phases, spoiling, every ability at its timing),
//! [`harvest`] (the one harvest-totals function, shared with the heuristic), [`scoring`], [`view`],
//! [`actions`], [`events`], [`heuristic`], [`amulets`], [`draft`]. `MODEL.md` explains how to add a card, a primitive or a set.
//!
//! Rulings are in `docs/rulings/mystic-vale.md`, numbered MV1, MV2, ...
#![deny(missing_docs)]
// Index loops over the small fixed tables (levels, slots, spirit kinds) read like the rulebook.
#![allow(clippy::needless_range_loop)]

pub mod actions;
pub mod amulets;
pub mod analytics;
pub mod cards;
pub mod conclaves;
mod decisions;
pub mod draft;
pub mod effects;
pub mod events;
pub mod harvest;
pub mod heuristic;
mod memo;
pub mod observe;
mod rollout;
pub mod scoring;
pub mod setup;
mod setup_problem;
pub mod state;
pub mod turn;
pub mod view;
pub mod words;

pub use actions::{Action, Choice, Held, Source};
pub use cards::{CardDb, CardError, DbRef};
pub use events::Event;
pub use setup::{Options, RULES, Setup, SetupPlayer, SetupProblem};
pub use state::{MysticVale, Phase};
pub use view::View;

use sylvan_engine::{EventSink, Game, GameRng, Heuristic, OptionDoc, OptionKind, Seat, SetupError};

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
            OptionDoc {
                name: "players",
                default: "2",
                help_id: "option-players",
                kind: OptionKind::Int { min: 2, max: 4 },
            },
            OptionDoc { name: "cards", default: "base", help_id: "option-cards", kind: OptionKind::Text },
            OptionDoc {
                name: "sets",
                default: "base",
                help_id: "option-sets",
                kind: OptionKind::Multi {
                    choices: &["base", "magic", "wild", "manastorm"],
                    always: &["base"],
                    count: None,
                    names: "option-sets-choice",
                    arg: "set",
                },
            },
            OptionDoc { name: "buy_vp", default: "false", help_id: "option-buy-vp", kind: OptionKind::Bool },
            OptionDoc {
                name: "stacked_duplicates",
                default: "false",
                help_id: "option-stacked-duplicates",
                kind: OptionKind::Bool,
            },
            OptionDoc {
                name: "leaders",
                default: "none",
                help_id: "option-leaders",
                kind: OptionKind::Choice { choices: &["none", "random", "choose", "draft"] },
            },
            OptionDoc {
                name: "amulets",
                default: "none",
                help_id: "option-amulets",
                kind: OptionKind::Choice { choices: &["none", "random", "draft"] },
            },
            OptionDoc { name: "conclaves", default: "", help_id: "option-conclaves", kind: OptionKind::Text },
            OptionDoc {
                name: "edition",
                default: "base",
                help_id: "option-edition",
                kind: OptionKind::Choice { choices: &["base", "essential"] },
            },
            OptionDoc {
                name: "rules",
                default: setup::RULES_DEFAULT,
                help_id: "option-rules",
                kind: OptionKind::Choice { choices: setup::RULES_CHOICES },
            },
        ]
    }

    /// The hash of the card files of the chosen sets (the core file, then each expansion's text).
    /// With conclaves, the conclave file's hash is folded in.
    fn content_hash(options: &Options) -> Option<String> {
        let db = options.validate().ok()?;
        let conclaves = match options.conclave_choice(db.clone()) {
            Ok(Some((c, _))) => c.hash,
            _ => 0,
        };
        Some(format!("{:016x}", db.content_hash ^ conclaves.rotate_left(1)))
    }

    /// `edition=essential` (or `sets=all`) plays every set with the leader and amulet draft: `sets`,
    /// `leaders=none` or `amulets=none` given with it ask for another game and are refused, naming both
    /// options; the options played are written out (`sets=all`, `leaders=draft`, `amulets=draft`).
    fn settle_options(options: &mut Options, given: &[&str], _players_given: bool) -> Result<(), SetupError> {
        options.settle(given)
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
        match self.phase {
            Phase::Over => None,
            // GinGan's upgraded side: a neighbour decides during the active player's Harvest Phase.
            Phase::NeighbourDiscard { seat, .. } => Some(Seat(seat)),
            _ => Some(Seat(self.current)),
        }
    }

    fn move_number(&self) -> usize {
        self.moves as usize
    }

    /// A proven bound (the argument is in `docs/rulings/mystic-vale.md`, MV14 and MV19):
    /// - *Turns.* The game ends after the last seat's Discard Phase of round [`turn::MAX_ROUNDS`] at the
    ///   latest; a player takes at most one extra turn per round (EN:933): at most `2 × MAX_ROUNDS ×
    ///   players` turns with cards that give extra turns, `MAX_ROUNDS × players` without.
    /// - *Actions per turn.* At most [`turn::MAX_ACTIONS_PER_TURN`], plus the leader upgrade, one advancement
    ///   move, one kept card and at most 255 exchanges (each costs at least 1 mana of at most 255).
    /// - *Mana Storm abilities per turn.* Harpy Canyon's one replay with its choices (at most 2 + `N`),
    ///   Nightvale Pathfinder's claims (one per Pathfinder bought or claimed, at most 3 copies a title and 3
    ///   buys: 6), Silver Tree's choice after each Evoke (at most 3): 64 in all.
    /// - *Vales that stay, per turn.* Each vale card's ability once a turn (EN:675, MV89: Conclave of Ents,
    ///   Sunstone Aerie): at most as many uses as the box's vale cards that stay when used.
    /// - *Per game.* Each use of a vale that leaves the game removes it: at most as many as such vale
    ///   cards; one leader choice per player; after the last turn, Borderwatch Bog's Prep Phase (one
    ///   turn's actions) and extra Planting Phase (at most 21 pushes and a pass) per player.
    fn max_game_length(options: &Options) -> usize {
        let (vale_uses, staying, extra) = match options.validate() {
            Ok(db) => (
                db.vales.iter().filter(|v| v.remove_self).map(|v| usize::from(v.copies)).sum(),
                db.vales.iter().filter(|v| !v.remove_self).map(|v| usize::from(v.copies)).sum(),
                db.advancements.iter().any(|a| a.ability.effect == cards::Effect::ExtraTurn),
            ),
            // No game can be made with these options; bound every vale id and copy count anyway.
            Err(_) => (256 * 256, 256 * 256, true),
        };
        let turns = turn::MAX_ROUNDS as usize * options.players * if extra { 2 } else { 1 };
        // The `buy_vp` variant: each purchase spends 3 of at most 4 × 250 spirits a harvest.
        let vp_buys = if options.buy_vp { 334 } else { 0 };
        let bog = options.players * (turn::MAX_ACTIONS_PER_TURN + staying + 22);
        turns * (turn::MAX_ACTIONS_PER_TURN + staying + 3 + 255 + vp_buys + 64) + vale_uses + options.players + bog
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

    /// `ability 1` at Halo Mountain, from records written before ruling MV70.
    fn legacy_action(&self, action: Action) -> Option<Action> {
        effects::halo_mountain::legacy_action(self, action).or_else(|| self.legacy_use(action))
    }

    fn apply_unchecked<S: EventSink<Event>>(&mut self, action: Action, events: &mut S) {
        self.apply(action, events);
    }

    fn scores(&self) -> Vec<f64> {
        self.final_scores()
    }

    fn outcome(&self) -> Option<sylvan_engine::Outcome> {
        if !self.over() {
            return None;
        }
        // Each seat's key once: `best_by` reads it twice.
        let mut keys = [(0, 0); state::MAX_PLAYERS];
        for (i, k) in keys.iter_mut().enumerate().take(self.n()) {
            *k = (self.score(i), self.tie_break(i));
        }
        Some(sylvan_engine::Outcome::best_by(self.n(), |s: Seat| keys.get(s.index()).copied().unwrap_or_default()))
    }

    fn view(&self, seat: Seat) -> View {
        self.view_of(seat)
    }

    fn view_seat(view: &View) -> Seat {
        view.seat
    }

    fn message_text(message: &sylvan_engine::Message, locale: impl Into<sylvan_engine::Locale>) -> Option<String> {
        words::message_text(message, locale.into())
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

    fn breakdown(&self, locale: impl Into<sylvan_engine::Locale>) -> Option<sylvan_engine::Breakdown> {
        self.words_breakdown(locale.into())
    }

    fn catalog(&self, locale: impl Into<sylvan_engine::Locale>) -> serde_json::Value {
        self.words_catalog(locale.into())
    }

    fn action_help(locale: impl Into<sylvan_engine::Locale>) -> Vec<sylvan_engine::ActionHelp> {
        words::action_help(locale.into())
    }

    fn describe_action(view: &View, action: Action) -> String {
        words::describe_in(view, action, sylvan_engine::Locale::En)
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

/// Every module's unit tests, run by `tests/all/units.rs`; not part of the API.
#[doc(hidden)]
pub mod selftests {
    pub use crate::actions::selftest as actions;
    pub use crate::effects::selftest as effects;
    pub use crate::heuristic::selftest as heuristic;
    pub use crate::rollout::selftest as rollout;
    pub use crate::turn::selftest as turn;
    pub use crate::words::selftest as words;
}
