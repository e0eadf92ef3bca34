//! Unique effects: abilities no primitive of [`Effect`](crate::cards::Effect) expresses, one small
//! module each. A card names one with `ability = "unique"` and `module = "<key>"`; the rules call the
//! module's hooks at its timing. To add one: write `src/effects/<name>.rs` with a `pub const MODULE:
//! Module`, declare it below, and add one line to [`MODULES`] (see `crates/mystic-vale/MODEL.md`).

use crate::cards::Timing;
use crate::harvest::{Table, Totals};
use crate::state::MysticVale;

mod flip_back;
mod neighbour_on_deck;
mod refill_pool;
mod take_level_1_vale;
mod vale_cost_points;

/// A harvest hook: adds to the totals of `seat`, whose card `card` carries the ability.
pub type HarvestHook = fn(table: &dyn Table, seat: usize, card: u8, totals: &mut Totals);

/// A "when bought" hook: acts on the game right after `seat` bought the vale carrying the ability.
pub type BoughtHook = fn(game: &mut MysticVale, seat: usize);

/// An end-of-game hook: the points the ability (its `amount`) gives `seat`.
pub type EndHook = fn(table: &dyn Table, seat: usize, amount: u8) -> i32;

/// An end-of-harvest hook: runs when `seat` ends a Harvest Phase it completed, with the card carrying
/// the ability in its field.
pub type HarvestDoneHook = fn(game: &mut MysticVale, seat: usize);

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
    /// End of game: points.
    pub end_points: Option<EndHook>,
    /// End of a completed Harvest Phase.
    pub harvest_done: Option<HarvestDoneHook>,
}

/// Every unique effect: one line per module. Card files refer to them by key; ids are positions here,
/// so new modules are appended.
pub const MODULES: &[&Module] = &[
    &neighbour_on_deck::MODULE,
    &take_level_1_vale::MODULE,
    &refill_pool::MODULE,
    &vale_cost_points::MODULE,
    &flip_back::MODULE,
];

/// The module with index `k`.
pub fn module(k: u8) -> Option<&'static Module> {
    MODULES.get(usize::from(k)).copied()
}
