//! # sylvan-registry
//!
//! The one list of games every front end uses (the `sylvan` command line, the game server and the Python
//! package), with each game's bots, card tools, observation tensors and the batch runs (`sim`,
//! `tournament`, `ladder`). Guide: `docs/ARCHITECTURE.md` ("The registry").
//!
//! An [`Entry`] holds a game erased ([`GameType`]: name, players, options, new
//! games and replays as [`DynGame`](sylvan_engine::erased::DynGame)) and its optional capabilities:
//! a card database ([`CardTools`]), designer statistics, named policies, bot specs, and the shorthand
//! flags of its options ([`Shorthand`]). [`Registry::standard`] lists the four games; adding a game is
//! one crate plus one line there.
//!
//! ```
//! use sylvan_registry::Registry;
//! let registry = Registry::standard();
//! let equinox = registry.get("equinox").map_err(|e| e.to_string())?;
//! let options = equinox.game().options(Some(3), &[]).map_err(|e| e.to_string())?;
//! let mut game = equinox.game().new_game(&options, 7).map_err(|e| e.to_string())?;
//! let first = game.legal_actions()[0].notation.clone();
//! game.apply_notation(&first).map_err(|e| e.to_string())?;
//! assert_eq!(game.move_number(), 1);
//! # Ok::<(), String>(())
//! ```
#![deny(missing_docs)]

pub mod analysis;
mod bot_words;
mod cards;
pub mod learned;
pub mod observe;
pub mod runs;

use std::any::Any;

use serde_json::{Value, json};
use sylvan_bots::audit::{PeekAudit, analysis_never_peeks_with, never_peeks_with};
use sylvan_bots::{BotSpec, DynBot, LeafEval, Level, Levels, Playout, SearchConfig, SpecError, ValueNet};
use sylvan_engine::analytics::{DesignerStats, DesignerTally};
use sylvan_engine::erased::{DynError, DynGame, DynView, Erased, GameType, Typed};
use sylvan_engine::{Game, GameRng, Heuristic, Locale, Record, ReplayError, Seat, SetupError, Start, replay_actions};
use thiserror::Error;

pub use bot_words::spec_error_text;
pub use cards::{CardTools, Coverage, overlay_coverage, read_error as card_read_error};
pub use observe::{Observation, Observe, ObserveState, Section, Tensor};

/// A command-line flag that stands for an option of some games (e.g. `--solo` for `-o solo=true`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shorthand {
    /// The flag, without its dashes.
    pub flag: &'static str,
    /// The option it sets.
    pub option: &'static str,
    /// The value it sets; `None` when the flag takes the value (`--team b`).
    pub value: Option<&'static str>,
    /// What it does.
    pub help: &'static str,
}

impl Shorthand {
    /// The option override (`NAME=VALUE`) of the flag given with `value` (ignored for a flag that sets a
    /// fixed value).
    pub fn expand(&self, value: &str) -> String {
        format!("{}={}", self.option, self.value.unwrap_or(value))
    }
}

/// Builds the bot of a spec for one game, erased.
type BotBuilder = fn(&BotSpec, u64) -> Result<Box<dyn DynBot>, SpecError>;
/// Writes the observation tensor of an erased view.
type ObserveFn = fn(&dyn DynView, &mut Observation) -> Result<(), DynError>;
/// Adds the designer statistics of one finished game, given its record, to a tally.
type DesignerFn = fn(&Value, &mut DesignerTally) -> Result<(), ReplayError>;

/// One game of the registry: the game erased and its capabilities.
pub struct Entry {
    game: Box<dyn GameType>,
    summary: &'static str,
    listed: bool,
    bots: BotBuilder,
    audit: AuditFn,
    designer: Option<DesignerFn>,
    row_names: Option<runs::balance::RowNames>,
    observe: Option<ObserveFn>,
    slots: Option<runs::vector::SlotsFn>,
    cards: Option<CardTools>,
    shorthands: &'static [Shorthand],
    levels: Levels,
    erase: EraseFn,
    learned: bool,
    reseed: ReseedFn,
}

fn build_bot<G: Heuristic>(spec: &BotSpec, seed: u64) -> Result<Box<dyn DynBot>, SpecError>
where
    G::View: 'static,
{
    spec.build_dyn::<G>(seed)
}

/// [`build_bot`] with the game's value network (for `eval=learned`).
fn build_learned_bot<G: learned::Learned>(spec: &BotSpec, seed: u64) -> Result<Box<dyn DynBot>, SpecError>
where
    G::View: 'static,
{
    spec.build_dyn_with::<G>(seed, G::value_net())
}

/// What [`Entry::audit_bot`] checks: the bot's choices, or its analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audited {
    /// The action the bot chooses ([`sylvan_bots::audit::never_peeks`]).
    Choice,
    /// The visits and win estimates it reports per action ([`sylvan_bots::audit::analysis_never_peeks`]).
    Analysis,
}

type AuditFn = fn(&Value, &BotSpec, u64, usize, Audited) -> Result<PeekAudit, String>;

type EraseFn = fn(Box<dyn Any>, u64) -> Option<Box<dyn DynGame>>;

type ReseedFn = fn(&dyn DynGame, u64) -> Result<Box<dyn DynGame>, String>;

/// A copy of `game` whose generator (all chance from now on) is a fresh one seeded with `seed`: through
/// the state's JSON, whose `rng` field is the generator.
fn reseed<G: Game>(game: &dyn DynGame, seed: u64) -> Result<Box<dyn DynGame>, String>
where
    G::View: 'static,
{
    if game.name() != G::NAME {
        return Err(format!("a {} state given to reseed {}", game.name(), G::NAME));
    }
    let mut json = game.state_json();
    let rng = json.get_mut("rng").ok_or_else(|| format!("{}: the state has no generator to reseed", G::NAME))?;
    *rng = serde_json::to_value(GameRng::new(seed)).map_err(|e| format!("{}: reseeding: {e}", G::NAME))?;
    let state: G = serde_json::from_value(json).map_err(|e| format!("{}: reseeding: {e}", G::NAME))?;
    let options = state.options().clone();
    Ok(Box::new(Erased::new(state, options, Start::Seed { seed })))
}

fn erase_state<G: Game>(state: Box<dyn Any>, seed: u64) -> Option<Box<dyn DynGame>>
where
    G::View: 'static,
{
    let state = state.downcast::<G>().ok()?;
    let options = state.options().clone();
    Some(Box::new(Erased::new(*state, options, Start::Seed { seed })))
}

fn audit_bot<G: Heuristic>(
    options: &Value,
    spec: &BotSpec,
    games: u64,
    every: usize,
    audited: Audited,
) -> Result<PeekAudit, String> {
    audit_bot_with::<G>(options, spec, None, games, every, audited)
}

/// [`audit_bot`] with the game's value network in the loop.
fn audit_learned_bot<G: learned::Learned>(
    options: &Value,
    spec: &BotSpec,
    games: u64,
    every: usize,
    audited: Audited,
) -> Result<PeekAudit, String> {
    audit_bot_with::<G>(options, spec, G::value_net(), games, every, audited)
}

fn audit_bot_with<G: Heuristic>(
    options: &Value,
    spec: &BotSpec,
    net: Option<ValueNet<G>>,
    games: u64,
    every: usize,
    audited: Audited,
) -> Result<PeekAudit, String> {
    if spec.uses_value_net() && net.is_none() {
        return Err(format!("{}: bot `{spec}`: the game has no value network", G::NAME));
    }
    if spec.uses_policy_net() && net.and_then(|n| n.policy()).is_none() {
        return Err(format!("{}: bot `{spec}`: the game has no policy network", G::NAME));
    }
    let options: G::Options =
        serde_json::from_value(options.clone()).map_err(|e| format!("{}: options: {e}", G::NAME))?;
    match audited {
        Audited::Choice => never_peeks_with::<G>(&options, spec, net, games, every),
        Audited::Analysis => analysis_never_peeks_with::<G>(&options, spec, net, games, every),
    }
    .map_err(|e| e.to_string())
}

fn observe_record<G: DesignerStats>(record: &Value, tally: &mut DesignerTally) -> Result<(), ReplayError> {
    let record: Record<G> = serde_json::from_value(record.clone())?;
    let start = record.initial_state()?;
    // The actions as applied (an older notation resolved), so `observe` may apply them unchecked.
    let (_, actions) = replay_actions(&record)?;
    G::observe(&start, &actions, tally);
    Ok(())
}

impl Entry {
    /// The entry of game `G` (listed, with the bot specs every game has and its named policies).
    pub fn of<G: Game + Heuristic>(summary: &'static str) -> Entry
    where
        G::View: 'static,
    {
        Entry {
            game: Box::new(Typed::<G>::new()),
            summary,
            listed: true,
            bots: build_bot::<G>,
            audit: audit_bot::<G>,
            designer: None,
            row_names: None,
            observe: None,
            slots: None,
            cards: None,
            shorthands: &[],
            levels: Levels::standard(),
            erase: erase_state::<G>,
            learned: false,
            reseed: reseed::<G>,
        }
    }

    /// Adds the game's learned value network ([`learned::Learned`]): search bots with `eval=learned`
    /// evaluate with it (without it, such specs are refused). A game whose weights file is refused
    /// (its tensor layout changed) gets no network.
    pub fn with_value_net<G: learned::Learned>(mut self) -> Entry
    where
        G::View: 'static,
    {
        if G::value_net().is_some() {
            self.bots = build_learned_bot::<G>;
            self.audit = audit_learned_bot::<G>;
            self.learned = true;
        }
        self
    }

    /// Whether the game has a learned value network (`eval=learned`).
    pub fn has_value_net(&self) -> bool {
        self.learned
    }

    /// A typed state of this entry's game (boxed as `Any`), erased, its record starting from `seed`;
    /// `None` for a state of another game. For tests that build twins of a state through the registry,
    /// which holds the erased game of each game once (an erasure in the test would compile it again).
    #[doc(hidden)]
    pub fn erase_state(&self, state: Box<dyn Any>, seed: u64) -> Option<Box<dyn DynGame>> {
        (self.erase)(state, seed)
    }

    /// A copy of `game` (a game of this entry) with every hidden card as it is, whose chance from now on
    /// (shuffles, dice, random picks) comes from a fresh generator seeded with `seed`. What is already
    /// in order in the state (a draw pile shuffled earlier) stays in that order. The copy has no record.
    pub fn reseed(&self, game: &dyn DynGame, seed: u64) -> Result<Box<dyn DynGame>, String> {
        (self.reseed)(game, seed)
    }

    /// Sets what the difficulty levels (`easy`, `medium`, `hard`, `expert`) play in this game.
    pub fn with_levels(mut self, levels: Levels) -> Entry {
        self.levels = levels;
        self
    }

    /// What the difficulty levels play in this game.
    pub fn levels(&self) -> &Levels {
        &self.levels
    }

    /// Adds the designer statistics of `G` (for `sylvan tournament`).
    pub fn with_designer_stats<G: DesignerStats>(mut self) -> Entry {
        self.designer = Some(observe_record::<G>);
        self
    }

    /// Adds the game's names of its designer statistics' rows in a language (see
    /// [`runs::balance::RowNames`]): each game's `analytics::row_name`.
    pub fn with_row_names(mut self, names: runs::balance::RowNames) -> Entry {
        self.row_names = Some(names);
        self
    }

    /// Adds the observation tensors of `G` ([`Observe`], and [`ObserveState`] for the batches of
    /// [`runs::vector`]).
    pub fn with_observation<G: ObserveState>(mut self) -> Entry
    where
        G::View: 'static,
    {
        self.observe = Some(observe::observe_dyn::<G>);
        self.slots = Some(runs::vector::typed_slots::<G>);
        self
    }

    /// Adds a card database.
    pub fn with_cards(mut self, cards: CardTools) -> Entry {
        self.cards = Some(cards);
        self
    }

    /// Adds shorthand flags for options.
    pub fn with_shorthands(mut self, shorthands: &'static [Shorthand]) -> Entry {
        self.shorthands = shorthands;
        self
    }

    /// Keeps the game out of listings (a test fixture): it can still be played by name.
    pub fn unlisted(mut self) -> Entry {
        self.listed = false;
        self
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The game, erased.
    pub fn game(&self) -> &dyn GameType {
        &*self.game
    }

    /// One line about the game.
    pub fn summary(&self) -> &'static str {
        self.summary
    }

    /// Whether listings show the game.
    pub fn is_listed(&self) -> bool {
        self.listed
    }

    /// Builds the bot of `spec` for this game, seeded with `seed` (an error for a named policy the game
    /// lacks). A difficulty level is first resolved with the game's [levels](Entry::levels).
    pub fn bot(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn DynBot>, SpecError> {
        (self.bots)(&self.levels.resolve(spec), seed)
    }

    /// Audits that the bot of `spec` never peeks at hidden information: on `games` random games with
    /// `options` (as [`GameType::options`] gives them), at every `every`-th decision, its choice or its
    /// analysis is the same in the real state and in a twin dealt other hidden cards (see
    /// [`sylvan_bots::audit`]). A difficulty level is first resolved with the game's levels.
    pub fn audit_bot(
        &self,
        options: &Value,
        spec: &BotSpec,
        games: u64,
        every: usize,
        audited: Audited,
    ) -> Result<PeekAudit, String> {
        (self.audit)(options, &self.levels.resolve(spec), games, every, audited)
    }

    /// The bot that estimates win probabilities for analysis and hints: [`bot`](Entry::bot), except that
    /// `hard` (their default) where it does not search (Mystic Vale's, a noisy heuristic) is replaced by
    /// `expert` with the same budget override, so `hard:iters=3000` judges every game.
    pub fn judge(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn DynBot>, SpecError> {
        let spec = match *spec {
            BotSpec::Level(Level::Hard, budget) if self.levels.get(Level::Hard).search().is_none() => {
                BotSpec::Level(Level::Expert, budget)
            }
            _ => *spec,
        };
        self.bot(&spec, seed)
    }

    /// Checks that every spec can be built for this game.
    pub fn check_bots(&self, specs: &[BotSpec]) -> Result<(), SpecError> {
        specs.iter().try_for_each(|s| self.bot(s, 0).map(drop))
    }

    /// The bot names usable with this game (the generic bots, and the named policies it defines).
    pub fn bot_names(&self) -> Vec<&'static str> {
        BotSpec::known()
            .iter()
            .copied()
            .filter(|name| name.parse::<BotSpec>().is_ok_and(|spec| self.bot(&spec, 0).is_ok()))
            .collect()
    }

    /// Adds the designer statistics of a finished game (its record) to `tally`; `None` when the game
    /// reports none.
    pub fn designer(&self, record: &Value, tally: &mut DesignerTally) -> Option<Result<(), ReplayError>> {
        self.designer.map(|f| f(record, tally))
    }

    /// The game's names of its designer statistics' rows in a language (a card's English name, the
    /// row's key, to its name in that language), for the reports; `None` for a game without them.
    pub fn row_names(&self) -> Option<runs::balance::RowNames> {
        self.row_names
    }

    /// Writes the observation tensor of `view` into `out` (cleared first); `None` when the game has no
    /// observation tensors, an error for a view of another game.
    pub fn observe(&self, view: &dyn DynView, out: &mut Observation) -> Option<Result<(), DynError>> {
        self.observe.map(|f| f(view, out))
    }

    /// The observation of seat 0 at the start of a game with these options (seed 0), with its section
    /// table: its length is the length of every observation of games with these options. `Ok(None)` when
    /// the game has no observation tensors.
    pub fn observation_layout(&self, options: &Value) -> Result<Option<Observation>, SetupError> {
        let Some(f) = self.observe else { return Ok(None) };
        let game = self.game.new_game(options, 0)?;
        let mut out = Observation::with_sections();
        let view = game.view(Seat(0)).map_err(|e| SetupError::new("observation", e.to_string()))?;
        f(&*view, &mut out).map_err(|e| SetupError::new("observation", e.to_string()))?;
        Ok(Some(out))
    }

    /// `num_games` games with `options` for [`runs::vector`], game `i` dealt from `seed + i`; `None` when
    /// the game has no observation tensors.
    pub(crate) fn slots(
        &self,
        options: &Value,
        num_games: usize,
        seed: u64,
    ) -> Option<Result<Box<dyn runs::vector::Slots>, String>> {
        self.slots.map(|f| f(options, num_games, seed))
    }

    /// Whether the game reports designer statistics.
    pub fn has_designer_stats(&self) -> bool {
        self.designer.is_some()
    }

    /// The card database, if the game has one.
    pub fn cards(&self) -> Option<&CardTools> {
        self.cards.as_ref()
    }

    /// The shorthand flags of the game's options.
    pub fn shorthands(&self) -> &'static [Shorthand] {
        self.shorthands
    }

    /// The entry as JSON, for listings: name, players, options, capabilities.
    pub fn describe(&self) -> Value {
        let (lo, hi) = self.game.player_range();
        let options: Vec<Value> = self
            .game
            .option_docs()
            .iter()
            .map(|o| {
                let help = self.game.message_text(&o.help(), Locale::En).unwrap_or_else(|| o.help_id.to_owned());
                json!({ "name": o.name, "default": o.default, "help": help, "kind": o.kind })
            })
            .collect();
        let shorthands: Vec<Value> = self
            .shorthands
            .iter()
            .map(|s| json!({ "flag": format!("--{}", s.flag), "option": s.option, "value": s.value, "help": s.help }))
            .collect();
        json!({
            "name": self.name(),
            "summary": self.summary,
            "min_players": lo,
            "max_players": hi,
            "options": options,
            "shorthands": shorthands,
            "bots": self.bot_names(),
            "levels": Level::ALL.iter().map(|&l| json!({ "name": l.name(), "spec": self.levels.get(l).to_string() })).collect::<Vec<_>>(),
            "card_database": self.cards.is_some(),
            "designer_stats": self.designer.is_some(),
            "num_distinct_actions": self.game.num_distinct_actions(),
        })
    }
}

/// A name the registry cannot resolve, or a second entry under one name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    /// No game has this name.
    #[error("unknown game `{name}` (known games: {})", known.join(", "))]
    UnknownGame {
        /// The name asked for.
        name: String,
        /// The listed games.
        known: Vec<&'static str>,
    },
    /// A game of this name is already registered.
    #[error("game `{0}` is registered twice")]
    Duplicate(&'static str),
}

/// The games a front end knows, in listing order.
#[derive(Default)]
pub struct Registry {
    entries: Vec<Entry>,
}

/// The shorthand flags of the spirit duel.
const SPIRIT_DUEL_FLAGS: &[Shorthand] = &[
    Shorthand { flag: "solo", option: "solo", value: Some("true"), help: "play solo against the Robot" },
    Shorthand { flag: "team", option: "team", value: None, help: "the team of seat p0: a or b" },
];
/// The shorthand flags of Command of Nature.
const COMMAND_OF_NATURE_FLAGS: &[Shorthand] = &[
    Shorthand { flag: "teams", option: "teams", value: Some("true"), help: "two teams of two" },
    Shorthand { flag: "cards", option: "cards", value: None, help: "a user card file" },
];
/// The shorthand flags of Mystic Vale.
const MYSTIC_VALE_FLAGS: &[Shorthand] =
    &[Shorthand { flag: "cards", option: "cards", value: None, help: "a corrected or extended card file" }];

/// An ISMCTS level stopping at `iterations` or `millis`, with a playout `depth` (0 = to the end) and
/// `playout` policy.
fn search(iterations: u32, millis: u32, depth: u32, playout: Playout) -> BotSpec {
    BotSpec::Ismcts(SearchConfig { depth, playout, ..Levels::search(iterations, millis) })
}

/// The difficulty levels of each game, in one place. `hard` stops at 1 s and `expert` at 5 s per move
/// whatever happens, but their iteration budgets are chosen to end first on an idle core (docs/ai.md,
/// "Difficulty levels"), so a level replays exactly from its seed. Where search at 1,000 iterations
/// already beats the heuristic clearly (the spirit duel, Command of Nature with cut-short playouts),
/// `hard` is 1,000 and `expert` 10,000, ten times more, so that each is clearly stronger than the
/// level below and a 200-games-per-pair ladder costs core-hours rather than core-days. Mystic Vale's
/// lower three levels are the heuristic with 50%, 30% and 15% random moves, and `expert` is paired
/// Monte Carlo over the heuristic's playouts (1,700 playouts).
/// Equinox's heuristic is too close to random for the lower levels, so all four of its levels search,
/// with budgets the measured ladder separates (20, 80, 300 and 1,000 iterations).
mod levels {
    use super::*;

    /// Equinox: four search budgets. At two players the heuristic beats random only about 70% of the
    /// time, so search makes every level, each budget about four times the one below; 200 games per
    /// pair put each level 100 Elo or more above the one below (docs/ai.md, "Difficulty levels").
    pub fn equinox() -> Levels {
        Levels::new(
            search(20, 1_000, 0, Playout::Random),
            search(80, 1_000, 0, Playout::Random),
            search(300, 1_000, 0, Playout::Random),
            search(1_000, 5_000, 0, Playout::Random),
        )
    }

    /// Mystic Vale: the heuristic with less and less noise, then search. `hard` is the heuristic with
    /// 15% random moves (about 200 Elo below it). `expert` is paired Monte Carlo: 1,700 playouts of the
    /// heuristic, every root action on the same samples, racing the root actions (`race=2`), each
    /// playout cut at the evaluation after 80 moves and judged there by the learned value network
    /// (the game's own evaluation where the network does not fit the options), about the time a
    /// decision of the ISMCTS it replaced (10,000 iterations) (docs/ai.md, "Difficulty levels").
    pub fn mystic_vale() -> Levels {
        let paired = SearchConfig {
            depth: 80,
            playout: Playout::Heuristic,
            race_milli: 2_000,
            eval: LeafEval::Learned,
            ..Levels::search(1_700, 5_000)
        };
        Levels::new(
            BotSpec::Noisy { noise_milli: 500 },
            BotSpec::Noisy { noise_milli: 300 },
            BotSpec::Noisy { noise_milli: 150 },
            BotSpec::Paired(paired),
        )
    }

    /// Command of Nature: playouts cut at the material evaluation after 40 moves. 100 iterations win
    /// about 75% against the heuristic and 1,000 about 85% against 100, while 300 to 1,000 (57%) or
    /// 1,000 to 10,000 are too close or too costly to calibrate (docs/ai.md, "Difficulty levels").
    pub fn command_of_nature() -> Levels {
        Levels::new(
            BotSpec::Noisy { noise_milli: 500 },
            BotSpec::Heuristic,
            search(100, 1_000, 40, Playout::Random),
            search(1_000, 5_000, 40, Playout::Random),
        )
    }

    /// The spirit duel: random playouts (1,000 iterations win 80% and 10,000 win 85% against the
    /// heuristic; 10,000 win 70% against 1,000).
    pub fn spirit_duel() -> Levels {
        Levels::new(
            BotSpec::Noisy { noise_milli: 500 },
            BotSpec::Heuristic,
            search(1_000, 1_000, 0, Playout::Random),
            search(10_000, 5_000, 0, Playout::Random),
        )
    }

    /// The test fixture: tiny budgets.
    pub fn toy() -> Levels {
        Levels::new(
            BotSpec::Noisy { noise_milli: 500 },
            BotSpec::Heuristic,
            search(200, 1_000, 0, Playout::Random),
            search(1_000, 5_000, 0, Playout::Random),
        )
    }
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The four games, listed, and `toy` (the test fixture of `sylvan-bots`), unlisted.
    pub fn standard() -> Registry {
        let mut r = Registry::new();
        let entries = [
            Entry::of::<sylvan_equinox::Equinox>("Equinox (Reiner Knizia): 2 to 5 players")
                .with_designer_stats::<sylvan_equinox::Equinox>()
                .with_row_names(sylvan_equinox::analytics::row_name)
                .with_observation::<sylvan_equinox::Equinox>()
                .with_levels(levels::equinox()),
            Entry::of::<sylvan_mystic_vale::MysticVale>(
                "Mystic Vale (AEG): 2 to 4 players, the base set and its expansions",
            )
            .with_designer_stats::<sylvan_mystic_vale::MysticVale>()
            .with_row_names(sylvan_mystic_vale::analytics::row_name)
            .with_observation::<sylvan_mystic_vale::MysticVale>()
            .with_cards(cards::mystic_vale())
            .with_shorthands(MYSTIC_VALE_FLAGS)
            .with_value_net::<sylvan_mystic_vale::MysticVale>()
            .with_levels(levels::mystic_vale()),
            Entry::of::<sylvan_command_of_nature::CommandOfNature>("Command of Nature: 2 players, or 2v2 teams")
                .with_designer_stats::<sylvan_command_of_nature::CommandOfNature>()
                .with_row_names(sylvan_command_of_nature::analytics::row_name)
                .with_observation::<sylvan_command_of_nature::CommandOfNature>()
                .with_cards(cards::command_of_nature())
                .with_shorthands(COMMAND_OF_NATURE_FLAGS)
                .with_levels(levels::command_of_nature()),
            Entry::of::<sylvan_spirit_duel::SpiritDuel>("The spirit duel: 1v1, or solo against its Robot")
                .with_designer_stats::<sylvan_spirit_duel::SpiritDuel>()
                .with_row_names(sylvan_spirit_duel::analytics::row_name)
                .with_observation::<sylvan_spirit_duel::SpiritDuel>()
                .with_shorthands(SPIRIT_DUEL_FLAGS)
                .with_levels(levels::spirit_duel()),
            Entry::of::<sylvan_bots::toy::Toy>("A tiny trick-taking game, the test fixture of sylvan-bots")
                .with_observation::<sylvan_bots::toy::Toy>()
                .with_levels(levels::toy())
                .unlisted(),
        ];
        for e in entries {
            // The names above are distinct.
            let _ = r.register(e);
        }
        r
    }

    /// Adds a game.
    pub fn register(&mut self, entry: Entry) -> Result<(), RegistryError> {
        if self.entries.iter().any(|e| e.name() == entry.name()) {
            return Err(RegistryError::Duplicate(entry.name()));
        }
        self.entries.push(entry);
        Ok(())
    }

    /// The game called `name` (listed or not).
    pub fn get(&self, name: &str) -> Result<&Entry, RegistryError> {
        self.entries.iter().find(|e| e.name() == name).ok_or_else(|| RegistryError::UnknownGame {
            name: sylvan_engine::carddata::short(name),
            known: self.listed().map(Entry::name).collect(),
        })
    }

    /// The listed games, in order.
    pub fn listed(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| e.listed)
    }

    /// Every game, listed or not.
    pub fn all(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter()
    }

    /// Every shorthand flag of every game, once per flag name (for a command line that accepts them all
    /// and lets the chosen game refuse those it lacks).
    pub fn shorthands(&self) -> Vec<Shorthand> {
        let mut out: Vec<Shorthand> = Vec::new();
        for s in self.entries.iter().flat_map(|e| e.shorthands.iter()) {
            if !out.iter().any(|o| o.flag == s.flag) {
                out.push(*s);
            }
        }
        out
    }
}
