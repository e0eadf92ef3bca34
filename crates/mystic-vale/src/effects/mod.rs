//! Unique effects: abilities no primitive of [`Effect`](crate::cards::Effect) expresses, one small
//! module each. A card names one with `ability = "unique"` and `module = "<key>"`; the rules call the
//! module's hooks at its timing. To add one: write `src/effects/<name>.rs` with a `pub const MODULE:
//! Module`, declare it below, and add one line to [`MODULES`] (see `crates/mystic-vale/MODEL.md`).

use crate::cards::Timing;
use crate::harvest::{Table, Totals};

mod neighbour_on_deck;

/// A harvest hook: adds to the totals of `seat`, whose card `card` carries the ability.
pub type HarvestHook = fn(table: &dyn Table, seat: usize, card: u8, totals: &mut Totals);

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
}

/// Every unique effect: one line per module. Card files refer to them by key; ids are positions here,
/// so new modules are appended.
pub const MODULES: &[&Module] = &[&neighbour_on_deck::MODULE];

/// The module with index `k`.
pub fn module(k: u8) -> Option<&'static Module> {
    MODULES.get(usize::from(k)).copied()
}
