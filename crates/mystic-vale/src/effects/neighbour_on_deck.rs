//! Dione, upgraded (EN:1614-1621): in the Harvest Phase the neighbours' on-deck cards count as if they
//! were in your field (in a 2-player game the one opponent's, once). Their symbols count; they cannot
//! make you Spoil and their growth and "when played" abilities do nothing. Ruling MV23 decides that their
//! Harvest abilities apply too; that is not built yet (rules revisions up to 7 count the symbols only).

use super::Module;
use crate::cards::Timing;
use crate::harvest::{Table, Totals};
use crate::state::{CardStats, leader_face};

/// Your neighbours' on-deck cards count as in your field.
pub const MODULE: Module = Module { harvest: Some(harvest), ..Module::new("neighbour-on-deck", &[Timing::Harvest]) };

fn harvest(table: &dyn Table, seat: usize, _card: u8, totals: &mut Totals) {
    let n = table.seats();
    let left = (seat + 1) % n;
    let right = (seat + n - 1) % n;
    let neighbours: &[usize] = if left == right { &[left][..] } else { &[left, right][..] };
    let db = table.db();
    for &i in neighbours {
        let Some(c) = table.on_deck(i) else { continue };
        let st = CardStats::of(table.cards(i)[c as usize], db, leader_face(db, table.leader(i), c));
        totals.mana = totals.mana.saturating_add(st.mana);
        for k in 0..4 {
            totals.spirits[k] = totals.spirits[k].saturating_add(st.spirits[k]);
        }
        totals.vp = totals.vp.saturating_add(u16::from(st.vp));
    }
}
