//! Glorus, upgraded (EN:1639-1645): at the end of the game worth `amount` VP plus 1 VP per symbol of one
//! spirit kind printed in the costs of the owner's vales, the "any" symbol counting as that kind. The
//! kind's icon is lost: forest (provisional, ruling MV60).

use super::Module;
use crate::cards::Timing;
use crate::harvest::Table;

/// VP plus 1 per forest or any symbol in your vales' costs.
pub const MODULE: Module =
    Module { end_points: Some(end_points), ..Module::new("vale-cost-points", &[Timing::EndOfGame]) };

fn end_points(table: &dyn Table, seat: usize, amount: u8) -> i32 {
    let db = table.db();
    let symbols: i32 =
        table.vales(seat).iter().map(|&v| db.vale(v).cost).map(|c| i32::from(c[1]) + i32::from(c[3])).sum();
    i32::from(amount) + symbols
}
