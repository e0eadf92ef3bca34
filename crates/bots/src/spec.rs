//! Bots named in text, as on the command line: `random`, `heuristic`, search bots with parameters such
//! as `ismcts:iters=2000`, and the difficulty levels `easy`, `medium`, `hard`, `expert` (see [`Level`]).
//!
//! Grammar: `NAME` or `NAME:KEY=VALUE[:KEY=VALUE...]`. Parameters are separated by `:` so that a list of
//! specs can be separated by `,` (see [`BotSpec::parse_list`]).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use sylvan_engine::{Heuristic, Message, message};
use thiserror::Error;

use crate::search::{Budget, LeafEval, Playout, SearchBot, SearchConfig, SearchKind};
use crate::value::ValueNet;
use crate::{Bot, HeuristicBot, NoisyBot, RandomBot};

/// The bots that exist, as written in specs.
const KNOWN: &[&str] =
    &["random", "heuristic", "ismcts", "flatmc", "paired", "robot", "easy", "medium", "hard", "expert"];
/// Bots that are planned and recognised, but not built yet.
const PLANNED: &[&str] = &[];

/// A bot described by name (and, for future bots, parameters). Build it with [`BotSpec::build`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BotSpec {
    /// [`RandomBot`]: uniform over the legal actions.
    Random,
    /// [`HeuristicBot`]: the game's rule of thumb.
    Heuristic,
    /// The game's rule of thumb, replaced by a uniformly random legal action with probability
    /// `noise_milli / 1000`: `heuristic:noise=X` (0 < X ≤ 1).
    Noisy {
        /// The probability of a random move, in thousandths.
        noise_milli: u32,
    },
    /// A difficulty level, mapped to a configuration tuned per game (see [`Levels`]); a budget given
    /// here (`hard:iters=50`, `expert:ms=200`) replaces the search budget of levels that search.
    Level(Level, Budget),
    /// [`SearchBot`] running ISMCTS: `ismcts[:iters=N][:ms=M][:threads=T][:c=X][:playout=heuristic|rollout]`
    /// `[:margin=W][:depth=D][:prior=W][:eval=game|learned][:net=W]`.
    Ismcts(SearchConfig),
    /// [`SearchBot`] running flat Monte Carlo, with the same parameters as `ismcts`.
    FlatMc(SearchConfig),
    /// [`SearchBot`] running paired Monte Carlo (every root action played out on the same samples with the
    /// same draws), with the same parameters as `ismcts`; `paired:playout=heuristic` improves on the
    /// heuristic by one move of lookahead.
    Paired(SearchConfig),
    /// [`PolicyBot`](crate::PolicyBot) playing the game's `robot` policy (the spirit duel's Robot); only for
    /// games that define one ([`Heuristic::named_policy`]).
    Robot,
}

/// A bot spec that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// Nothing was written.
    #[error("empty bot spec")]
    Empty,
    /// No bot has this name.
    #[error("unknown bot `{name}` (known bots: {})", KNOWN.join(", "))]
    Unknown {
        /// The name that was written.
        name: String,
    },
    /// The bot exists, but not for this game.
    #[error("bot `{bot}` is not available for {game}")]
    NotForGame {
        /// The bot.
        bot: String,
        /// The game.
        game: String,
    },
    /// The bot is planned but not written yet.
    #[error("bot `{name}` is not implemented yet")]
    NotImplemented {
        /// The bot's name.
        name: String,
    },
    /// A parameter is malformed, unknown or out of range.
    #[error("bot `{bot}`: {problem}")]
    BadParameter {
        /// The bot's name.
        bot: String,
        /// What is wrong.
        problem: ParamProblem,
    },
}

/// What is wrong with a bot's parameter (the `KEY=VALUE` after its name).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParamProblem {
    /// A parameter without `=`.
    #[error("parameter `{0}` is not written KEY=VALUE")]
    Syntax(String),
    /// A parameter given to a bot that takes none.
    #[error("takes no parameters, got `{0}`")]
    NoParameters(String),
    /// A key the bot does not know.
    #[error("unknown parameter `{key}` (known: {known})")]
    Unknown {
        /// The key written.
        key: String,
        /// The keys the bot knows, comma-separated.
        known: &'static str,
    },
    /// A value that is not a whole number in range.
    #[error("`{key}={value}`: expected a whole number from {lo} to {hi}")]
    Whole {
        /// The key.
        key: String,
        /// The value written.
        value: String,
        /// The least value.
        lo: u64,
        /// The greatest value.
        hi: u64,
    },
    /// A value that is not a number in range.
    #[error("`{key}={value}`: expected a number from {lo} to {hi}")]
    Number {
        /// The key.
        key: &'static str,
        /// The value written.
        value: String,
        /// The least value.
        lo: u32,
        /// The greatest value.
        hi: u32,
    },
    /// A value that is not one of the choices.
    #[error("`{key}={value}`: expected {}", or_list(choices))]
    Choice {
        /// The key.
        key: &'static str,
        /// The value written.
        value: String,
        /// The values allowed.
        choices: &'static [&'static str],
    },
}

/// `` `a`, `b` or `c` ``.
fn or_list(choices: &[&str]) -> String {
    let quoted: Vec<String> = choices.iter().map(|c| format!("`{c}`")).collect();
    match quoted.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl SpecError {
    /// The error as a message of the bots' catalog (`bots-…`, in the registry's `bots.ftl`), for a front
    /// end that says it in the reader's language.
    pub fn words(&self) -> Message {
        match self {
            SpecError::Empty => Message::new("bots-empty"),
            SpecError::Unknown { name } => message!("bots-unknown", name = name.as_str(), known = KNOWN.join(", ")),
            SpecError::NotForGame { bot, game } => {
                message!("bots-not-for-game", bot = bot.as_str(), game = game.as_str())
            }
            SpecError::NotImplemented { name } => message!("bots-not-implemented", name = name.as_str()),
            SpecError::BadParameter { bot, problem } => {
                message!("bots-bad-parameter", bot = bot.as_str(), problem = problem.words())
            }
        }
    }
}

impl ParamProblem {
    /// The problem as a message of the bots' catalog.
    pub fn words(&self) -> Message {
        match self {
            ParamProblem::Syntax(p) => message!("bots-param-syntax", param = p.as_str()),
            ParamProblem::NoParameters(k) => message!("bots-param-none", key = k.as_str()),
            ParamProblem::Unknown { key, known } => message!("bots-param-unknown", key = key.as_str(), known = *known),
            ParamProblem::Whole { key, value, lo, hi } => {
                message!("bots-param-whole", key = key.as_str(), value = value.as_str(), lo = *lo, hi = *hi)
            }
            ParamProblem::Number { key, value, lo, hi } => {
                message!("bots-param-number", key = *key, value = value.as_str(), lo = *lo, hi = *hi)
            }
            ParamProblem::Choice { key, value, choices } => {
                let quoted: Vec<String> = choices.iter().map(|c| format!("`{c}`")).collect();
                let (last, rest) = quoted.split_last().map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
                let m = message!("bots-param-choice", key = *key, value = value.as_str(), last = last);
                m.arg("choices", rest.join(", "))
            }
        }
    }
}

/// Checks that a bot without parameters was given none.
fn no_parameters(bot: &str, params: &[(&str, &str)]) -> Result<(), SpecError> {
    match params.first() {
        None => Ok(()),
        Some((k, _)) => {
            Err(SpecError::BadParameter { bot: bot.to_owned(), problem: ParamProblem::NoParameters((*k).to_owned()) })
        }
    }
}

impl SpecError {
    /// The error with every piece of the user's spec it quotes made printable and cut (a name or key to
    /// 60 characters, a message to 200): a spec of 100,000 characters gives an error of one short line.
    fn cut(self) -> SpecError {
        use sylvan_engine::carddata::{printable, short};
        match self {
            SpecError::Unknown { name } => SpecError::Unknown { name: short(&name) },
            SpecError::NotImplemented { name } => SpecError::NotImplemented { name: short(&name) },
            SpecError::BadParameter { bot, problem } => {
                let problem = match problem {
                    ParamProblem::Syntax(p) => ParamProblem::Syntax(printable(&p, 200)),
                    ParamProblem::NoParameters(k) => ParamProblem::NoParameters(short(&k)),
                    ParamProblem::Unknown { key, known } => ParamProblem::Unknown { key: short(&key), known },
                    ParamProblem::Whole { key, value, lo, hi } => {
                        ParamProblem::Whole { key: short(&key), value: short(&value), lo, hi }
                    }
                    ParamProblem::Number { key, value, lo, hi } => {
                        ParamProblem::Number { key, value: short(&value), lo, hi }
                    }
                    ParamProblem::Choice { key, value, choices } => {
                        ParamProblem::Choice { key, value: short(&value), choices }
                    }
                };
                SpecError::BadParameter { bot: short(&bot), problem }
            }
            SpecError::NotForGame { bot, game } => SpecError::NotForGame { bot: short(&bot), game: short(&game) },
            SpecError::Empty => SpecError::Empty,
        }
    }
}

impl FromStr for BotSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse_spec(text).map_err(SpecError::cut)
    }
}

/// Reads one spec; the error may quote the text whole ([`SpecError::cut`] bounds it).
fn parse_spec(text: &str) -> Result<BotSpec, SpecError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(SpecError::Empty);
    }
    let mut parts = text.split(':');
    let name = parts.next().unwrap_or_default().trim();
    let params = parts
        .map(|p| {
            p.split_once('=').map(|(k, v)| (k.trim(), v.trim())).ok_or_else(|| SpecError::BadParameter {
                bot: name.to_owned(),
                problem: ParamProblem::Syntax(p.to_owned()),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    match name {
        "random" => no_parameters(name, &params).map(|()| BotSpec::Random),
        "heuristic" => noisy(name, &params),
        _ if Level::from_name(name).is_some() => level(name, &params),
        "ismcts" => search_config(name, &params, false).map(BotSpec::Ismcts),
        "flatmc" => search_config(name, &params, false).map(BotSpec::FlatMc),
        "paired" => search_config(name, &params, true).map(BotSpec::Paired),
        "robot" => no_parameters(name, &params).map(|()| BotSpec::Robot),
        // Extension point: a new bot gets a variant above, an arm here that reads its parameters,
        // a `Display` arm and a `build` arm; then it leaves `PLANNED` for `KNOWN`.
        _ if PLANNED.contains(&name) => Err(SpecError::NotImplemented { name: name.to_owned() }),
        _ => Err(SpecError::Unknown { name: name.to_owned() }),
    }
}

/// Reads `heuristic` and `heuristic:noise=X` (0 to 1; 0 is the plain heuristic).
fn noisy(bot: &str, params: &[(&str, &str)]) -> Result<BotSpec, SpecError> {
    let bad = |problem: ParamProblem| SpecError::BadParameter { bot: bot.to_owned(), problem };
    let mut noise_milli = 0;
    for &(k, v) in params {
        if k != "noise" {
            return Err(bad(ParamProblem::Unknown { key: k.to_owned(), known: "noise" }));
        }
        noise_milli = v
            .parse::<f64>()
            .ok()
            .filter(|x| (0.0..=1.0).contains(x))
            .map(|x| (x * 1000.0).round() as u32)
            .ok_or_else(|| bad(ParamProblem::Number { key: "noise", value: v.to_owned(), lo: 0, hi: 1 }))?;
    }
    Ok(if noise_milli == 0 { BotSpec::Heuristic } else { BotSpec::Noisy { noise_milli } })
}

/// Reads a level with an optional budget override: `hard`, `hard:iters=N`, `hard:ms=M`.
fn level(name: &str, params: &[(&str, &str)]) -> Result<BotSpec, SpecError> {
    let level = Level::from_name(name).ok_or_else(|| SpecError::Unknown { name: name.to_owned() })?;
    if let Some((k, _)) = params.iter().find(|(k, _)| !matches!(*k, "iters" | "ms")) {
        return Err(SpecError::BadParameter {
            bot: name.to_owned(),
            problem: ParamProblem::Unknown { key: (*k).to_owned(), known: "iters, ms" },
        });
    }
    let cfg = search_config(name, params, false)?;
    let budget = if params.is_empty() { Budget { iterations: None, millis: None } } else { cfg.budget };
    Ok(BotSpec::Level(level, budget))
}

/// The parameters every search bot reads (a macro, so that `paired`'s list extends it).
macro_rules! search_keys {
    () => {
        "iters, ms, threads, c, playout, margin, depth, prior, eval, net, pnet"
    };
}
/// The parameters every search bot reads.
const SEARCH_KEYS: &str = search_keys!();
/// The parameters `paired` reads.
const PAIRED_KEYS: &str = concat!(search_keys!(), ", race");

/// Reads the parameters of a search bot: `iters=N`, `ms=M` (either or both; whichever ends first),
/// `threads=T` (1 to 64), `c=X` (the exploration constant, 0 to 100), `playout=random|heuristic|rollout`,
/// `margin=W` (0 to 1), `depth=D` (playout moves before the game's evaluation may end it; 0 = to the
/// end), `prior=W` (the weight of the heuristic's choice as a progressive-bias prior, 0 to 100) and
/// `eval=game|learned` (what estimates a playout cut short: the game's evaluation, or its learned value
/// network, which also cuts at `depth=0`, at the leaf) and `net=W` (with `eval=learned`, the network's
/// share of that estimate, 0 to 1, the rest the game's evaluation at the same point; 1 by default).
/// `paired` also reads `race=Z` (0 to 100; 0, the default, races no action out): see
/// [`SearchConfig::race_milli`].
fn search_config(bot: &str, params: &[(&str, &str)], paired: bool) -> Result<SearchConfig, SpecError> {
    let bad = |problem: ParamProblem| SpecError::BadParameter { bot: bot.to_owned(), problem };
    let number = |k: &str, v: &str, lo: u64, hi: u64| -> Result<u64, SpecError> {
        v.parse::<u64>()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| bad(ParamProblem::Whole { key: k.to_owned(), value: v.to_owned(), lo, hi }))
    };
    // A number from 0 to `hi`, kept in thousandths.
    let thousandths = |key: &'static str, v: &str, hi: u32| -> Result<u32, SpecError> {
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && (0.0..=f64::from(hi)).contains(x))
            .map(|x| (x * 1000.0).round() as u32)
            .ok_or_else(|| bad(ParamProblem::Number { key, value: v.to_owned(), lo: 0, hi }))
    };
    let mut cfg = SearchConfig { budget: Budget { iterations: None, millis: None }, ..SearchConfig::default() };
    for &(k, v) in params {
        match k {
            "iters" => cfg.budget.iterations = Some(number(k, v, 1, u64::from(u32::MAX))? as u32),
            "ms" => cfg.budget.millis = Some(number(k, v, 1, 3_600_000)? as u32),
            "threads" => cfg.threads = number(k, v, 1, 64)? as u8,
            "c" => cfg.c_milli = thousandths("c", v, 100)?,
            "margin" => cfg.margin_milli = thousandths("margin", v, 1)?,
            "depth" => cfg.depth = number(k, v, 0, 1_000_000)? as u32,
            "prior" => cfg.prior_milli = thousandths("prior", v, 100)?,
            "net" => cfg.net_milli = thousandths("net", v, 1)?,
            "race" if paired => cfg.race_milli = thousandths("race", v, 100)?,
            "pnet" => cfg.policy_milli = thousandths("pnet", v, 100)?,
            "eval" => {
                cfg.eval = match v {
                    "game" => LeafEval::Game,
                    "learned" => LeafEval::Learned,
                    _ => {
                        let choices = &["game", "learned"];
                        return Err(bad(ParamProblem::Choice { key: "eval", value: v.to_owned(), choices }));
                    }
                }
            }
            "playout" => {
                cfg.playout = match v {
                    "random" => Playout::Random,
                    "heuristic" => Playout::Heuristic,
                    "rollout" => Playout::Rollout,
                    _ => {
                        let choices = &["random", "heuristic", "rollout"];
                        return Err(bad(ParamProblem::Choice { key: "playout", value: v.to_owned(), choices }));
                    }
                }
            }
            _ => {
                let known = if paired { PAIRED_KEYS } else { SEARCH_KEYS };
                return Err(bad(ParamProblem::Unknown { key: k.to_owned(), known }));
            }
        }
    }
    if cfg.budget.iterations.is_none() && cfg.budget.millis.is_none() {
        cfg.budget.iterations = SearchConfig::default().budget.iterations;
    }
    Ok(cfg)
}

fn write_search(f: &mut fmt::Formatter<'_>, name: &str, cfg: &SearchConfig) -> fmt::Result {
    f.write_str(name)?;
    if let Some(n) = cfg.budget.iterations {
        write!(f, ":iters={n}")?;
    }
    if let Some(ms) = cfg.budget.millis {
        write!(f, ":ms={ms}")?;
    }
    if cfg.threads != 1 {
        write!(f, ":threads={}", cfg.threads)?;
    }
    if cfg.c_milli != SearchConfig::default().c_milli {
        write!(f, ":c={}", f64::from(cfg.c_milli) / 1000.0)?;
    }
    if cfg.margin_milli != 0 {
        write!(f, ":margin={}", f64::from(cfg.margin_milli) / 1000.0)?;
    }
    if cfg.depth != 0 {
        write!(f, ":depth={}", cfg.depth)?;
    }
    if cfg.prior_milli != 0 {
        write!(f, ":prior={}", f64::from(cfg.prior_milli) / 1000.0)?;
    }
    if cfg.eval == LeafEval::Learned {
        f.write_str(":eval=learned")?;
    }
    if cfg.net_milli != SearchConfig::default().net_milli {
        write!(f, ":net={}", f64::from(cfg.net_milli) / 1000.0)?;
    }
    if cfg.policy_milli != 0 {
        write!(f, ":pnet={}", f64::from(cfg.policy_milli) / 1000.0)?;
    }
    if cfg.race_milli != 0 {
        write!(f, ":race={}", f64::from(cfg.race_milli) / 1000.0)?;
    }
    match cfg.playout {
        Playout::Random => {}
        Playout::Heuristic => f.write_str(":playout=heuristic")?,
        Playout::Rollout => f.write_str(":playout=rollout")?,
    }
    Ok(())
}

impl fmt::Display for BotSpec {
    /// The spec as it would be written (parsing it gives the same spec back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Heuristic => f.write_str("heuristic"),
            BotSpec::Noisy { noise_milli } => write!(f, "heuristic:noise={}", f64::from(*noise_milli) / 1000.0),
            BotSpec::Level(level, budget) => {
                f.write_str(level.name())?;
                if let Some(n) = budget.iterations {
                    write!(f, ":iters={n}")?;
                }
                if let Some(ms) = budget.millis {
                    write!(f, ":ms={ms}")?;
                }
                Ok(())
            }
            BotSpec::Ismcts(cfg) => write_search(f, "ismcts", cfg),
            BotSpec::FlatMc(cfg) => write_search(f, "flatmc", cfg),
            BotSpec::Paired(cfg) => write_search(f, "paired", cfg),
            BotSpec::Robot => f.write_str("robot"),
        }
    }
}

impl BotSpec {
    /// The names of the bots that can be built.
    pub fn known() -> &'static [&'static str] {
        KNOWN
    }

    /// Reads a comma-separated list of specs, e.g. `heuristic,random,random`.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, SpecError> {
        text.split(',').map(str::parse).collect()
    }

    /// Checks that every spec can be built for game `G` (a named policy such as `robot` exists only in
    /// some games).
    pub fn check_all<G: Heuristic>(specs: &[BotSpec]) -> Result<(), SpecError> {
        for spec in specs {
            if *spec == BotSpec::Robot && G::named_policy("robot").is_none() {
                return Err(SpecError::NotForGame { bot: "robot".to_owned(), game: G::NAME.to_owned() });
            }
        }
        Ok(())
    }

    /// Builds the bot for game `G`, its generator seeded with `seed`. Call
    /// [`check_all`](BotSpec::check_all) first: a named policy the game lacks falls back to its heuristic.
    /// A [level](BotSpec::Level) is built from the generic table [`Levels::standard`]; the registry
    /// resolves levels with each game's own table first ([`Levels::resolve`]).
    pub fn build<G: Heuristic>(&self, seed: u64) -> Box<dyn Bot<G>> {
        self.build_with::<G>(seed, None)
    }

    /// The settings of a search bot (`ismcts`, `flatmc`, `paired`); `None` for the others.
    pub fn search(&self) -> Option<SearchConfig> {
        match *self {
            BotSpec::Ismcts(c) | BotSpec::FlatMc(c) | BotSpec::Paired(c) => Some(c),
            _ => None,
        }
    }

    /// This spec with `cfg` as its search settings if it is a search bot; any other spec unchanged.
    pub fn with_search(self, cfg: SearchConfig) -> BotSpec {
        match self {
            BotSpec::Ismcts(_) => BotSpec::Ismcts(cfg),
            BotSpec::FlatMc(_) => BotSpec::FlatMc(cfg),
            BotSpec::Paired(_) => BotSpec::Paired(cfg),
            other => other,
        }
    }

    /// Whether the bot evaluates with a learned value network (`eval=learned`) or uses its policy
    /// (`pnet=W`).
    pub fn uses_value_net(&self) -> bool {
        self.search().is_some_and(|c| c.eval == LeafEval::Learned || c.policy_milli > 0)
    }

    /// Whether the bot uses a learned policy prior (`pnet=W`): the game's network must have one.
    pub fn uses_policy_net(&self) -> bool {
        self.search().is_some_and(|c| c.policy_milli > 0)
    }

    /// [`build`](BotSpec::build) with the game's value network, used by search bots with `eval=learned`
    /// (without one they fall back on the game's evaluation; the registry refuses such specs for games
    /// that have no network).
    pub fn build_with<G: Heuristic>(&self, seed: u64, net: Option<ValueNet<G>>) -> Box<dyn Bot<G>> {
        let search = |kind: SearchKind, cfg: &SearchConfig| {
            let bot = SearchBot::<G>::new(kind, *cfg, Some(G::heuristic_action), seed)
                .with_rollout(G::rollout_action)
                .with_evaluator(G::evaluate);
            match net {
                Some(n) => bot.with_value_net(n),
                None => bot,
            }
        };
        match self {
            BotSpec::Level(..) => Levels::standard().resolve(self).build_with::<G>(seed, net),
            BotSpec::Noisy { noise_milli } => Box::new(NoisyBot::new(*noise_milli, seed)),
            BotSpec::Robot => match G::named_policy("robot") {
                Some(policy) => Box::new(crate::PolicyBot::<G>::new("robot", policy, seed)),
                None => Box::new(HeuristicBot::new(seed)),
            },
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Heuristic => Box::new(HeuristicBot::new(seed)),
            BotSpec::Ismcts(cfg) => Box::new(search(SearchKind::Ismcts, cfg)),
            BotSpec::FlatMc(cfg) => Box::new(search(SearchKind::FlatMc, cfg)),
            BotSpec::Paired(cfg) => Box::new(search(SearchKind::Paired, cfg)),
        }
    }
}

/// A difficulty level a player can choose, from weakest to strongest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A weak player: the heuristic with many random moves.
    Easy,
    /// The game's heuristic.
    Medium,
    /// ISMCTS answering within about 1 s per move on one core.
    Hard,
    /// ISMCTS answering within about 5 s per move on one core.
    Expert,
}

impl Level {
    /// The levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name as written in specs.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level called `name`.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// What each [`Level`] plays in one game: a table of concrete specs (no level refers to another).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    specs: [BotSpec; 4],
}

impl Levels {
    /// The table `easy`, `medium`, `hard`, `expert`. A spec that is itself a level is replaced by the
    /// heuristic (a table never refers to levels).
    pub fn new(easy: BotSpec, medium: BotSpec, hard: BotSpec, expert: BotSpec) -> Levels {
        let concrete = |s: BotSpec| if matches!(s, BotSpec::Level(..)) { BotSpec::Heuristic } else { s };
        Levels { specs: [concrete(easy), concrete(medium), concrete(hard), concrete(expert)] }
    }

    /// The table for a game without its own: `heuristic:noise=0.5`, `heuristic`,
    /// `ismcts:iters=10000:ms=1000`, `ismcts:iters=50000:ms=5000`.
    pub fn standard() -> Levels {
        Levels::new(
            BotSpec::Noisy { noise_milli: 500 },
            BotSpec::Heuristic,
            BotSpec::Ismcts(Levels::search(10_000, 1_000)),
            BotSpec::Ismcts(Levels::search(50_000, 5_000)),
        )
    }

    /// A search configuration stopping at `iterations` or `millis`, whichever comes first (the rest
    /// default), for building tables.
    pub fn search(iterations: u32, millis: u32) -> SearchConfig {
        SearchConfig {
            budget: Budget { iterations: Some(iterations), millis: Some(millis) },
            ..SearchConfig::default()
        }
    }

    /// The spec a level plays.
    pub fn get(&self, level: Level) -> BotSpec {
        self.specs[level as usize]
    }

    /// `spec` with a level replaced by what it plays in this table (its budget override, if any,
    /// replacing the search budget); any other spec unchanged.
    pub fn resolve(&self, spec: &BotSpec) -> BotSpec {
        let BotSpec::Level(level, budget) = *spec else { return *spec };
        let overridden = budget.iterations.is_some() || budget.millis.is_some();
        let spec = self.get(level);
        match spec.search() {
            Some(cfg) if overridden => spec.with_search(SearchConfig { budget, ..cfg }),
            _ => spec,
        }
    }
}

/// One step of SplitMix64: a bijective mixer with good avalanche.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of the bot at `seat` in game number `game` of a run seeded with `base`: depends only on
/// these three numbers (not on threads or order of play), and differs between seats and games.
pub fn bot_seed(base: u64, game: u64, seat: usize) -> u64 {
    mix(mix(mix(base) ^ game) ^ seat as u64)
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::toy::Toy;

    pub fn known_specs_parse_and_display_back() {
        for text in [
            "random",
            "heuristic",
            "ismcts:iters=2000",
            "ismcts:ms=1000",
            "ismcts:iters=500:ms=20:threads=2:c=1.5:playout=heuristic",
            "flatmc:iters=300:playout=rollout",
            "ismcts:iters=500:margin=0.25:playout=rollout",
            "ismcts:iters=500:depth=40:playout=rollout",
            "ismcts:iters=500:c=0.4:depth=80:prior=2:playout=rollout",
            "ismcts:iters=500:depth=4:eval=learned:playout=rollout",
            "ismcts:ms=50:eval=learned",
            "ismcts:iters=500:depth=80:eval=learned:net=0.5:playout=rollout",
            "ismcts:iters=500:depth=1:pnet=1:playout=rollout",
            "ismcts:ms=50:depth=1:eval=learned:net=0.5:pnet=0.25:playout=rollout",
            "flatmc:iters=300",
            "paired:iters=500:depth=30:playout=heuristic",
            "paired:ms=450:race=2.5:playout=heuristic",
        ] {
            let spec: Result<BotSpec, _> = text.parse();
            assert_eq!(spec.map(|s| s.to_string()), Ok(text.to_owned()));
        }
        assert_eq!(" heuristic ".parse(), Ok(BotSpec::Heuristic));
    }

    pub fn lists_parse_in_order() {
        assert_eq!(
            BotSpec::parse_list("heuristic,random,random"),
            Ok(vec![BotSpec::Heuristic, BotSpec::Random, BotSpec::Random])
        );
        assert_eq!(BotSpec::parse_list("random,,random"), Err(SpecError::Empty));
    }

    pub fn errors_name_the_problem() {
        let err = |t: &str| t.parse::<BotSpec>().map_err(|e| e.to_string()).err().unwrap_or_default();
        assert_eq!(err(""), "empty bot spec");
        assert_eq!(
            err("alphazero"),
            "unknown bot `alphazero` (known bots: random, heuristic, ismcts, flatmc, paired, robot, easy, medium, hard, expert)"
        );
        assert_eq!(err("ismcts:iters=0"), "bot `ismcts`: `iters=0`: expected a whole number from 1 to 4294967295");
        assert_eq!(
            err("ismcts:depht=3"),
            "bot `ismcts`: unknown parameter `depht` (known: iters, ms, threads, c, playout, margin, depth, prior, eval, net, pnet)"
        );
        assert_eq!(err("ismcts:prior=x"), "bot `ismcts`: `prior=x`: expected a number from 0 to 100");
        assert_eq!(err("ismcts:margin=2"), "bot `ismcts`: `margin=2`: expected a number from 0 to 1");
        assert_eq!(err("paired:race=-1"), "bot `paired`: `race=-1`: expected a number from 0 to 100");
        assert_eq!(
            err("ismcts:race=2"),
            "bot `ismcts`: unknown parameter `race` (known: iters, ms, threads, c, playout, margin, depth, prior, eval, net, pnet)"
        );
        assert_eq!(
            err("paired:rase=2"),
            "bot `paired`: unknown parameter `rase` (known: iters, ms, threads, c, playout, margin, depth, prior, eval, net, pnet, race)"
        );
        assert_eq!(
            err("flatmc:playout=smart"),
            "bot `flatmc`: `playout=smart`: expected `random`, `heuristic` or `rollout`"
        );
        assert_eq!(err("ismcts:eval=nn"), "bot `ismcts`: `eval=nn`: expected `game` or `learned`");
        assert_eq!(err("ismcts:net=1.5"), "bot `ismcts`: `net=1.5`: expected a number from 0 to 1");
        assert_eq!(err("ismcts:net=NaN"), "bot `ismcts`: `net=NaN`: expected a number from 0 to 1");
        assert_eq!(err("ismcts:pnet=-1"), "bot `ismcts`: `pnet=-1`: expected a number from 0 to 100");
        assert_eq!(err("ismcts:c=-1"), "bot `ismcts`: `c=-1`: expected a number from 0 to 100");
        assert_eq!("ismcts".parse::<BotSpec>().map(|s| s.to_string()), Ok("ismcts:iters=1000".to_owned()));
        assert_eq!(err("random:iters=5"), "bot `random`: takes no parameters, got `iters`");
        assert_eq!(err("heuristic:fast"), "bot `heuristic`: parameter `fast` is not written KEY=VALUE");
        assert_eq!(err("robot:x=1"), "bot `robot`: takes no parameters, got `x`");
        assert_eq!("robot".parse::<BotSpec>(), Ok(BotSpec::Robot));
        assert_eq!(
            BotSpec::check_all::<crate::toy::Toy>(&[BotSpec::Random, BotSpec::Robot]).map_err(|e| e.to_string()),
            Err("bot `robot` is not available for toy".to_owned())
        );
    }

    pub fn built_bots_carry_their_name() {
        assert_eq!(BotSpec::Random.build::<Toy>(1).name(), "random");
        assert_eq!(BotSpec::Heuristic.build::<Toy>(1).name(), "heuristic");
        assert_eq!(BotSpec::Ismcts(SearchConfig::default()).build::<Toy>(1).name(), "ismcts");
        assert_eq!(BotSpec::FlatMc(SearchConfig::default()).build::<Toy>(1).name(), "flatmc");
        assert_eq!(BotSpec::Paired(SearchConfig::default()).build::<Toy>(1).name(), "paired");
    }

    pub fn levels_resolve_through_a_table_and_overrides_replace_the_budget() -> Result<(), String> {
        let table = Levels::standard();
        let hard: BotSpec = "hard".parse().map_err(|e: SpecError| e.to_string())?;
        assert_eq!(table.resolve(&hard).to_string(), "ismcts:iters=10000:ms=1000");
        let quick: BotSpec = "expert:iters=30".parse().map_err(|e: SpecError| e.to_string())?;
        assert_eq!(table.resolve(&quick).to_string(), "ismcts:iters=30");
        assert_eq!(
            table.resolve(&"easy".parse().map_err(|e: SpecError| e.to_string())?).to_string(),
            "heuristic:noise=0.5"
        );
        // A table never refers to a level, so resolving once is enough.
        let odd = Levels::new(hard, BotSpec::Random, BotSpec::Random, BotSpec::Random);
        assert_eq!(odd.get(Level::Easy), BotSpec::Heuristic);
        // Built for a game, a level plays the generic table's bot.
        assert_eq!(quick.build::<Toy>(1).name(), "ismcts");
        assert_eq!(
            BotSpec::Level(Level::Easy, Budget { iterations: None, millis: None }).build::<Toy>(1).name(),
            "heuristic:noise=0.5"
        );
        Ok(())
    }

    pub fn the_noisy_heuristic_mixes_heuristic_and_random_moves() -> Result<(), String> {
        use crate::toy::ToyOptions;
        use sylvan_engine::Game;
        // p0 leads c0; p1 answers with its cheapest card that takes the trick, always.
        let setup = crate::toy::ToySetup {
            hands: vec![vec![0, 2, 4, 6, 8, 11], vec![1, 3, 5, 7, 9, 10]],
            leader: sylvan_engine::Seat(0),
        };
        let options = ToyOptions { players: 2, hand_size: 6 };
        let mut g = Toy::from_setup(&options, &setup, 0).map_err(|e| e.to_string())?;
        g.try_apply(crate::toy::Play(0), &mut sylvan_engine::NoEvents).map_err(|e| e.to_string())?;
        let seat = g.to_move().ok_or("over at start")?;
        let view = g.view(seat);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mut rng = sylvan_engine::GameRng::new(0);
        let best = <Toy as Heuristic>::heuristic_action(&view, &legal, &mut rng);
        let count = |noise: u32| {
            let mut bot = crate::NoisyBot::new(noise, 3);
            (0..2000).filter(|_| Bot::<Toy>::choose(&mut bot, &view, &legal) == best).count()
        };
        assert_eq!(count(0), 2000);
        // Half random over 6 cards: the heuristic's card about 1/2 + 1/12 of the time.
        let half = count(500);
        assert!((1050..1290).contains(&half), "{half}");
        let all = count(1000);
        assert!((250..420).contains(&all), "{all}");
        Ok(())
    }

    pub fn bot_seeds_differ_and_are_stable() {
        let mut seen = std::collections::HashSet::new();
        for game in 0..50 {
            for seat in 0..4 {
                assert!(seen.insert(bot_seed(7, game, seat)), "collision at game {game} seat {seat}");
            }
        }
        assert_eq!(bot_seed(7, 3, 1), bot_seed(7, 3, 1));
        assert_ne!(bot_seed(7, 3, 1), bot_seed(8, 3, 1));
    }
}
