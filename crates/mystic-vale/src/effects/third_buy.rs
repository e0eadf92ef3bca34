//! Nepeto, upgraded side (EN:1686-1690): in the Harvest Phase you may buy a third advancement, and a
//! third purchase costs `amount` (2) less; the discount is for the third purchase only (ruling MV54).

use super::Module;
use crate::cards::Timing;

/// You may buy a third advancement, 2 mana cheaper.
pub const MODULE: Module = Module { extra_buys: 1, ..Module::new("third-buy", &[Timing::Harvest]) };
