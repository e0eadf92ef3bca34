//! The games the server offers: each one erased ([`GameType`]) with the builder of its bots.
//!
//! The one list of games lives in the registry (issue 11); until the server is wired to it, this is the
//! same list built from the game crates. [`Catalog::standard`] is the only place that names them.

use sylvan_bots::{BotSpec, DynBot, SpecError};
use sylvan_engine::Heuristic;
use sylvan_engine::SetupError;
use sylvan_engine::erased::{GameType, Typed};

use crate::table::{Table, new_table};

/// Builds the bot of a spec for one game, erased.
pub type BotBuilder = fn(&BotSpec, u64) -> Result<Box<dyn DynBot>, SpecError>;

/// Deals a new table of one game from options (JSON) and a seed.
pub type TableBuilder = fn(&serde_json::Value, u64) -> Result<Box<dyn Table>, SetupError>;

/// One game the server offers.
pub struct CatalogEntry {
    game: Box<dyn GameType>,
    bots: BotBuilder,
    tables: TableBuilder,
    listed: bool,
}

impl CatalogEntry {
    /// The entry of game `G`.
    pub fn of<G: Heuristic>() -> CatalogEntry
    where
        G::View: 'static,
    {
        CatalogEntry {
            game: Box::new(Typed::<G>::new()),
            bots: |spec, seed| spec.build_dyn::<G>(seed),
            tables: new_table::<G>,
            listed: true,
        }
    }

    /// A new table of this game.
    pub fn new_table(&self, options: &serde_json::Value, seed: u64) -> Result<Box<dyn Table>, SetupError> {
        (self.tables)(options, seed)
    }

    /// The game, erased.
    pub fn game(&self) -> &dyn GameType {
        &*self.game
    }

    /// Builds the bot of `spec` for this game.
    pub fn bot(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn DynBot>, SpecError> {
        (self.bots)(spec, seed)
    }

    /// Whether the lobby lists the game.
    pub fn is_listed(&self) -> bool {
        self.listed
    }
}

/// The games the server offers, by name.
#[derive(Default)]
pub struct Catalog {
    entries: Vec<CatalogEntry>,
}

impl Catalog {
    /// The four games, and `toy` (the bots' test fixture) unlisted.
    pub fn standard() -> Catalog {
        Catalog {
            entries: vec![
                CatalogEntry::of::<sylvan_equinox::Equinox>(),
                CatalogEntry::of::<sylvan_mystic_vale::MysticVale>(),
                CatalogEntry::of::<sylvan_command_of_nature::CommandOfNature>(),
                CatalogEntry::of::<sylvan_spirit_duel::SpiritDuel>(),
                CatalogEntry { listed: false, ..CatalogEntry::of::<sylvan_bots::toy::Toy>() },
            ],
        }
    }

    /// A catalog of these entries.
    pub fn new(entries: Vec<CatalogEntry>) -> Catalog {
        Catalog { entries }
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Option<&CatalogEntry> {
        self.entries.iter().find(|e| e.game.name() == name)
    }

    /// The listed games, in order.
    pub fn listed(&self) -> impl Iterator<Item = &CatalogEntry> {
        self.entries.iter().filter(|e| e.listed)
    }
}
