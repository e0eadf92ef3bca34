//! The games the server offers: the registry's games ([`sylvan_registry::Registry`]), each with the
//! server's table builder. A game the server knows by type gets a typed table, which can tell whether
//! an action may be undone ([`sylvan_engine::undo`]); any other registered game is played through its
//! erased interface, without undo.

use serde_json::Value;
use sylvan_bots::{BotSpec, DynBot, SpecError};
use sylvan_engine::erased::GameType;
use sylvan_engine::{Heuristic, SetupError};
use sylvan_registry::{Entry, Registry};

use crate::table::{Table, erased_table, new_table};

/// Deals a new table of one game from options (JSON) and a seed.
pub type TableBuilder = fn(&Value, u64) -> Result<Box<dyn Table>, SetupError>;

/// One game the server offers.
#[derive(Clone, Copy)]
pub struct CatalogEntry<'a> {
    entry: &'a Entry,
    tables: Option<TableBuilder>,
}

impl CatalogEntry<'_> {
    /// The game, erased.
    pub fn game(&self) -> &dyn GameType {
        self.entry.game()
    }

    /// Builds the bot of `spec` for this game.
    pub fn bot(&self, spec: &BotSpec, seed: u64) -> Result<Box<dyn DynBot>, SpecError> {
        self.entry.bot(spec, seed)
    }

    /// The bot names usable with this game.
    pub fn bot_names(&self) -> Vec<&'static str> {
        self.entry.bot_names()
    }

    /// A new table of this game.
    pub fn new_table(&self, options: &Value, seed: u64) -> Result<Box<dyn Table>, SetupError> {
        match self.tables {
            Some(f) => f(options, seed),
            None => erased_table(self.entry.game().new_game(options, seed)?),
        }
    }
}

/// The games the server offers, by name.
pub struct Catalog {
    registry: Registry,
    typed: Vec<(&'static str, TableBuilder)>,
}

fn typed<G: Heuristic>() -> (&'static str, TableBuilder)
where
    G::View: 'static,
{
    (G::NAME, new_table::<G>)
}

impl Catalog {
    /// The registry's standard games, the four games with typed tables (and undo).
    pub fn standard() -> Catalog {
        Catalog {
            registry: Registry::standard(),
            typed: vec![
                typed::<sylvan_equinox::Equinox>(),
                typed::<sylvan_mystic_vale::MysticVale>(),
                typed::<sylvan_command_of_nature::CommandOfNature>(),
                typed::<sylvan_spirit_duel::SpiritDuel>(),
                typed::<sylvan_bots::toy::Toy>(),
            ],
        }
    }

    /// The games of a registry, played through their erased interface (no undo).
    pub fn of_registry(registry: Registry) -> Catalog {
        Catalog { registry, typed: Vec::new() }
    }

    fn wrap<'a>(&self, entry: &'a Entry) -> CatalogEntry<'a> {
        let tables = self.typed.iter().find(|(n, _)| *n == entry.name()).map(|&(_, f)| f);
        CatalogEntry { entry, tables }
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Option<CatalogEntry<'_>> {
        self.registry.get(name).ok().map(|e| self.wrap(e))
    }

    /// The listed games, in order.
    pub fn listed(&self) -> impl Iterator<Item = CatalogEntry<'_>> {
        self.registry.listed().map(|e| self.wrap(e))
    }
}
