//! # sylvan-command-of-nature
//!
//! *Command of Nature* (Unstable Games, 2024), rules-exact, for 2 players and for two teams of two, on the
//! Sylvan game API, with its cards as data files. Guide: `docs/players.md` (options, notation) and
//! `docs/designers.md` (card files).
//!
//! Modules follow the rulebook: [`cards`] (the data files and their provenance),
//! [`state`] (setup, formation geometry), [`turn`] (phases I–IV and the resolution loop), [`combat`]
//! (attacks, instants, damage, defeat, refill), [`effects`] (daybreak and reaction effects, utility
//! commands, faction actions), [`view`] (what a seat may see), [`actions`] (the notation), [`events`],
//! [`heuristic`].
//!
//! Options: `players` (2, or 4 in two teams), `teams`, `sages`, `sage_commands` (ruling C1), `turn_limit`
//! (ruling C23, default 60: every game ends, within [`Game::max_game_length`]) and `cards` (ruling C24: a
//! user card file, one TOML file with the `[[elemental]]`, `[[command]]` and `[[sage]]` sections of
//! `data/*.toml`, validated at set-up with errors naming the file, the line and the field).
//!
//! Events ([`Event`]): every decision, and what it causes on the table (damage with what instants and
//! shields took off, defeats, levels, champions and faction actions, refills, market buys, sales and
//! refreshes, fallen Sages) for everyone; hand contents only to their owner and partner.
//!
//! Rulings on ambiguities are in `docs/rulings/command-of-nature.md`, numbered C1, C2, ...
#![deny(missing_docs)]

pub mod actions;
pub mod analytics;
pub mod cards;
pub mod combat;
pub mod effects;
pub mod events;
pub mod heuristic;
pub mod observe;
pub mod state;
pub mod turn;
pub mod view;
pub mod words;

pub use actions::{Action, Slot, slot};
pub use cards::{Card, Class, Effect, Faction};
pub use events::Event;
pub use state::{Ask, CommandOfNature, Options, Phase, Position, SageCommands, Setup, TURN_LIMIT_MAX, Unit};
pub use view::View;

use sylvan_engine::{EventSink, Game, GameRng, OptionDoc, OptionKind, Outcome, Seat, SeatSet, SetupError};

/// The number of distinct actions.
pub const NUM_ACTIONS: usize = 771;

/// The default turn limit (ruling C23): turns of a player or team after which the game is a draw.
pub const DEFAULT_TURN_LIMIT: u32 = 60;

/// A bound on the decisions of one turn, for [`Game::max_game_length`] (ruling C23).
///
/// Worst case is a team turn (4 seats, 12 slots a side, 6 AP, gold cap 20). At most 144 cards exist
/// (4 Sage packs of 16, two markets of at most 40: card files are held to this, ruling C24), so no hand,
/// deck or pile holds more; every market card costs at least 1 gold (also checked for card files), and a
/// sale adds at most 20 gold (the cap), whatever the card's cost. Every decision of a
/// turn is one of:
///
/// | decisions | bound | why |
/// |---|---|---|
/// | `done` ending a phase, `partner` | 5 + 4 | phases I, II, III, IV (lead, partner); hand-overs capped at 4 |
/// | `dawn` | 12 | each elemental ready at the start of the turn, once (readiness is never restored) |
/// | AP actions (summon, play, swap, draw, faction) | 6 | nothing gives AP back |
/// | `sell` | 144 | a sold card leaves the game |
/// | `buy`, `buy+`, `refresh` | 2,900 | each costs ≥ 1 gold; gold ≤ 20 at the start of phase III, plus ≤ 20 per sale (740 with the embedded costs, ≤ 5 per sale) |
/// | phase IV `discard` | 288 | ≤ 144 cards in each of the two hands |
/// | instants played | 6 × 144 | each leaves a hand and stays out of every hand and pile until its attack ends (ruling C17): once per attack |
/// | answers to the questions of one cause | ≤ 12 each, ≤ 12 reactions per entry | e.g. Elemental Incantation: 3 discards, 6 hits, `done`s |
/// | Pebble level 6 shields | 2 × 255 | one `pick` per shield, at most 255 (the `u8` count), one per seat |
///
/// Causes of questions: the ≤ 6 AP actions, ≤ 12 dawns, ≤ 12 `buy+` (each fills an empty slot), ≤ 6
/// attacks (each also ≤ 2 instant `done`s, 3 choices, 2 targets), the ≤ 144 instants (charm targets),
/// damage events (≤ 2 interception offers each), defeats and removals (each ≤ 6 refill choices, 12 entry
/// reactions), entries (≤ 12 reactions each). Damage, defeats and entries are finite in a turn: effects deal damage only as a direct
/// consequence of one of the bounded causes above, except Oxen Avenger (one copy in the game, Pebble's
/// level 8), which answers a loss of shields on its own side by damaging the *other* side; that damage
/// cannot make its own side lose shields, so the chain stops after one link. Defeats are at most the 24
/// elementals on the table plus those entering during the turn (summons, `buy+`, Komodo Kin: each tied to
/// a bounded cause), and every refill move fills a front slot from behind, so refills per removal are at
/// most 6. The rows above the causes sum to under 4,800; the causes number a few hundred (at most ~200
/// damage events: 12 from attacks, ≤ 6 hits per other cause, one Avenger hit per loss of shields), each
/// with ≤ 12 answers and ≤ 12 reactions, which the margin of this constant covers. Random play (the
/// conformance suite) sees at most about 90 decisions in a turn, heuristic play about 60.
pub const ACTIONS_PER_TURN: usize = 16_384;

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
            OptionDoc {
                name: "players",
                default: "2",
                help_id: "option-players",
                kind: OptionKind::Choice { choices: &["2", "4"] },
            },
            OptionDoc { name: "teams", default: "false", help_id: "option-teams", kind: OptionKind::Bool },
            OptionDoc { name: "sages", default: "random", help_id: "option-sages", kind: OptionKind::Text },
            OptionDoc {
                name: "sage_commands",
                default: "ts",
                help_id: "option-sage-commands",
                kind: OptionKind::Choice { choices: &["ts", "godot"] },
            },
            OptionDoc { name: "cards", default: "base", help_id: "option-cards", kind: OptionKind::Text },
            OptionDoc {
                name: "turn_limit",
                default: "60",
                help_id: "option-turn-limit",
                kind: OptionKind::Int { min: 1, max: 100_000 },
            },
            OptionDoc {
                name: "revision",
                default: "4",
                help_id: "option-revision",
                kind: OptionKind::Choice { choices: &["4", "3", "2", "1"] },
            },
        ]
    }

    /// `teams=true` is 4 players and 4 players are teams: `--players 2` with `teams=true`, or `--players 4`
    /// with `teams=false`, ask for two different games and are refused, naming both; the options played
    /// are written out (`teams=true` sets `players: 4`).
    fn settle_options(options: &mut Options, given: &[&str], players_given: bool) -> Result<(), SetupError> {
        if given.contains(&"teams") && players_given && (options.players == 4) != options.teams {
            return Err(SetupError::of_kind(
                sylvan_engine::SetupErrorKind::Conflict,
                "teams",
                format!(
                    "options `--players {}` and `teams={}` conflict: Command of Nature is 2 players, or 4 in two teams",
                    options.players, options.teams
                ),
            ));
        }
        *options = options.validate()?;
        Ok(())
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

    fn record_options(options: &Options, version: [u64; 3]) -> Options {
        let mut o = options.clone();
        if version < [0, 2, 0] {
            o.revision = 1;
        }
        o
    }

    fn max_game_length(options: &Options) -> usize {
        // Setup: two warrior choices per seat at most (ruling C5); then at most `turn_limit` turns
        // (1..=100,000, ruling C23).
        (options.turn_limit as usize).saturating_mul(ACTIONS_PER_TURN).saturating_add(2 * options.players)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal(out);
    }

    fn is_legal(&self, action: Action) -> bool {
        self.contains_legal(action)
    }

    fn illegal_message(&self, action: Action) -> sylvan_engine::Message {
        match self.decider() {
            None => sylvan_engine::Message::new("engine-game-over"),
            Some(seat) => sylvan_engine::message!(
                "illegal-now",
                action = action.to_string(),
                seat = seat,
                brief = sylvan_engine::Message::new(self.brief())
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
            None => vec![0.0; self.n()],
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let n = self.n();
        match self.phase {
            Phase::Over(None) => Some(Outcome::draw(n, 0.5)),
            Phase::Over(Some(w)) => {
                let side = Seat::all(n).filter(|s| s.0 & 1 == w).fold(SeatSet::EMPTY, SeatSet::with);
                Some(Outcome::team(n, side))
            }
            _ => None,
        }
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

    fn view_text(view: &View, locale: impl Into<sylvan_engine::Locale>) -> String {
        view.render(locale.into())
    }

    fn describe_action_in(view: &View, action: Action, locale: impl Into<sylvan_engine::Locale>) -> String {
        words::describe_in(view, action, locale.into())
    }

    fn event_text(event: &Event, locale: impl Into<sylvan_engine::Locale>) -> String {
        words::event_text(event, locale.into())
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
        actions::ids().action(id)
    }
}
