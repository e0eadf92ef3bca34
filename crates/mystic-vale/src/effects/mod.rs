//! Unique effects: abilities no primitive of [`Effect`](crate::cards::Effect) expresses, one small
//! module each. A card names one with `ability = "unique"` and `module = "<key>"`; the rules call the
//! module's hooks at its timing. To add one: write `src/effects/<name>.rs` with a `pub const MODULE:
//! Module`, declare it below, and add one line to [`MODULES`] (see `crates/mystic-vale/MODEL.md`).

use crate::cards::Timing;
use crate::harvest::{Table, Totals};
use crate::state::MysticVale;

mod neighbour_on_deck;
mod take_level_1_vale;

/// A harvest hook: adds to the totals of `seat`, whose card `card` carries the ability.
pub type HarvestHook = fn(table: &dyn Table, seat: usize, card: u8, totals: &mut Totals);

/// A "when bought" hook: acts on the game right after `seat` bought the vale carrying the ability.
pub type BoughtHook = fn(game: &mut MysticVale, seat: usize);

/// A unique effect's hooks. A hook left `None` does nothing at that moment.
pub struct Module {
    /// Its key in card files.
    pub key: &'static str,
    /// Its text for people.
    pub text: &'static str,
    /// The timings a card may give it.
    pub timings: &'static [Timing],
    /// Harvest: runs after the other harvest abilities are counted.
    pub harvest: Option<HarvestHook>,
    /// When bought (vales): runs once, right after the purchase.
    pub when_bought: Option<BoughtHook>,
}

/// Every unique effect: one line per module. Card files refer to them by key; ids are positions here,
/// so new modules are appended.
pub const MODULES: &[&Module] = &[&neighbour_on_deck::MODULE, &take_level_1_vale::MODULE];

/// The module with index `k`.
pub fn module(k: u8) -> Option<&'static Module> {
    MODULES.get(usize::from(k)).copied()
}
