//! # sylvan-engine
//!
//! The game API every Sylvan game implements (legal actions, apply, per-seat views, determinization,
//! events), and the plumbing shared by all of them: seats, the one seeded generator, records, the
//! conformance suite, the erased game. Guide: `docs/ARCHITECTURE.md`.
//!
//! - [`Game`]: one trait per game — options, explicit setups, whose decision it is, legal actions with a
//!   stable notation and integer id, checked and unchecked apply, scores, per-seat [views](Game::View),
//!   [determinization](Game::determinize) and [events](EventSink) redacted per seat.
//! - [`Seat`] and [`SeatSet`]: who plays and who may see.
//! - [`GameRng`]: the one seeded, version-stable random generator (ChaCha8) with our own shuffle.
//! - [`Lang`] and [`Breakdown`]: what a game says to players (events, views, card catalogs, final score
//!   breakdowns) in English or French.
//! - [`Record`]: the JSON game record used for saves, replays and test scenarios.
//! - [`conformance`]: the property suite every game runs with one line.
//! - [`erased`]: any game behind one object-safe interface ([`erased::GameType`], [`erased::DynGame`]),
//!   for front ends that choose the game at run time.
//!
//! A game is a value: cloning it clones everything, including the generator used for chance (shuffles and
//! random draws inside an `apply`). Search code never sees a full state it did not build itself from a
//! view: see [`Game::determinize`].
#![deny(missing_docs)]

mod action_ids;
pub mod analytics;
mod breakdown;
pub mod carddata;
pub mod conformance;
pub mod erased;
mod error;
mod event;
mod game;
mod lang;
mod message;
mod outcome;
mod record;
mod rng;
mod seat;
pub mod testing;
pub mod undo;

pub use action_ids::ActionIds;
pub use breakdown::{Breakdown, BreakdownRow, number};
pub use error::{IllegalAction, ParseError, ReplayError, SetupError, SetupErrorKind, data_file_error};
pub use event::{Audience, EventLog, EventSink, NoEvents};
pub use game::{ActionHelp, Game, Heuristic, OptionDoc, OptionKind, Policy, lead_values};
pub use lang::{Lang, Locale};
pub use message::{Message, MessageArg};
pub use outcome::{MAX_SEATS, Outcome};
pub use record::{Record, Start, replay, replay_actions};
pub use rng::GameRng;
pub use seat::{Seat, SeatSet};

/// Private helpers reached by the crate's tests (`tests/all/`), not part of the API.
#[doc(hidden)]
pub mod internals {
    pub use crate::record::{check_version, version_numbers};
    pub use crate::undo::positions;
}

/// The engine version written into every [`Record`].
pub const ENGINE_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Implements `Serialize`/`Deserialize` for a type through its text notation (`Display`/`FromStr`), the
/// way actions and cards are written in records: `sylvan_engine::serde_via_notation!(Action);`. The
/// calling crate needs `serde` as a dependency.
#[macro_export]
macro_rules! serde_via_notation {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = <String as serde::Deserialize>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}
