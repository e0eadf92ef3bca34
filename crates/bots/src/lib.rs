//! # sylvan-bots
//!
//! Players for any Sylvan game, generic over the engine's [`Game`](sylvan_engine::Game) trait: random,
//! heuristic and search bots (ISMCTS, flat Monte Carlo) that see only their seat's view, named by specs
//! and difficulty levels. Guide: `docs/ai.md` (the bots, the levels, how strength is measured).
//!
//! - [`Bot`]: the one interface — a bot receives the [view](sylvan_engine::Game::View) of its seat and the
//!   legal actions, never the full state, and owns its own seeded [`GameRng`](sylvan_engine::GameRng).
//! - [`RandomBot`] (uniform over the legal actions) and [`HeuristicBot`] (the game's
//!   [`Heuristic`](sylvan_engine::Heuristic) rule of thumb).
//! - [`SearchBot`]: information-set MCTS ([`Ismcts`], `ismcts:iters=2000`) and a flat Monte Carlo
//!   baseline (`flatmc:iters=2000`), fed views only and sampling hidden cards with `determinize`.
//! - [`BotSpec`]: bots named on the command line (`random`, `heuristic`, `ismcts:iters=2000`, `ismcts:ms=1000`...),
//!   including the difficulty [`Level`]s `easy`, `medium`, `hard`, `expert`, which each game maps to its own
//!   configuration through a [`Levels`] table.
//! - [`play_game`]: plays a game to the end with one bot per seat, for simulations and tournaments.
//! - [`DynBot`] and [`play_dyn`]: the same bots for the erased game
//!   ([`DynGame`](sylvan_engine::erased::DynGame)), built with [`BotSpec::build_dyn`] and fed erased views.
//! - [`ValueNet`]: a learned leaf evaluation (a small network over a view's features, read from a
//!   weights file), which ISMCTS uses with `eval=learned`; the registry supplies each game's.
//! - [`audit::never_peeks`]: the test that a bot cannot peek, for any game.
//! - [`toy`]: a tiny hidden-hand game implementing the whole API, used as a test fixture.
#![deny(missing_docs)]

pub mod audit;
mod bot;
mod erased;
mod play;
mod search;
mod spec;
pub mod toy;
pub mod value;

pub use bot::{Bot, HeuristicBot, NoisyBot, PolicyBot, RandomBot};
pub use erased::{DynBot, DynDecision, play_dyn};
pub use play::{Decision, Finished, PlayError, play_game, play_game_observed};
pub use search::{
    Budget, Ismcts, LeafEval, Playout, PlayoutPolicy, RolloutPolicy, SearchBot, SearchConfig, SearchKind, SearchStats,
    playout_values,
};
pub use spec::{BotSpec, Level, Levels, ParamProblem, SpecError, bot_seed};
pub use value::{BaseEvaluation, EvaluationPoint, Features, Mlp, NetError, NetHeader, NetScratch, Residual, ValueNet};

/// Every module's unit tests, run by `tests/all/units.rs`; not part of the API.
#[doc(hidden)]
pub mod selftests {
    pub use crate::bot::selftest as bot;
    pub use crate::erased::selftest as erased;
    pub use crate::play::selftest as play;
    pub use crate::search::selftest as search;
    pub use crate::spec::selftest as spec;
    pub use crate::toy::selftest as toy;
    pub use crate::value::selftest as value;
}
