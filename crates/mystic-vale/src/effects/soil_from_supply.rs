//! Nepeto, starting side (EN:1678-1684): in the Harvest Phase you may sleeve a Fertile Soil from the
//! supply on any card of your field; it is not a purchase, and with none left it does nothing. It is
//! sleeved at once, so its symbols count in this harvest; a place the purchases already made need is
//! not offered (ruling MV54).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Slot, Timing};
use crate::state::MysticVale;

/// May sleeve a Fertile Soil from the supply on a field card.
pub const MODULE: Module = Module {
    choice: Choice::Soil,
    actions: Some(actions),
    apply: Some(apply),
    hint: super::Hint::SoilFromSupply,
    choose: Some(choose),
    describe: Some("describe-soil-from-supply"),
    ..Module::new("soil-from-supply", &[Timing::Harvest])
};

fn actions(game: &MysticVale, _card: u8, _ab: Ability, out: &mut Vec<Action>) {
    let p = game.cur();
    let db = &*game.db;
    let leader = p.leader.map(|l| l.card);
    for s in Slot::ALL {
        if game.soil[s as usize] == 0 {
            continue;
        }
        let adv = db.soil[s as usize];
        let mut mask = p.field_mask();
        while mask != 0 {
            let c = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            let mut sleeve = p.cards[c as usize];
            if Some(c) == leader || !sleeve.fits(db, adv) {
                continue;
            }
            sleeve.put(db, adv);
            if game.purchases_fit_with(c, sleeve) {
                out.push(Action::AbilitySoil(s, c));
            }
        }
    }
}

fn apply(game: &mut MysticVale, _card: u8, _ab: Ability, action: Action) -> Step {
    if let Action::AbilitySoil(s, c) = action {
        let i = game.current as usize;
        let db = game.db.clone();
        game.soil[s as usize] = game.soil[s as usize].saturating_sub(1);
        game.players[i].cards[c as usize].put(&db, db.soil[s as usize]);
        game.players[i].refresh(&db, c as usize);
        game.count_places();
        game.recount();
    }
    Step::Used
}

/// The default bot: a free Fertile Soil always (the first place offered).
fn choose(_view: &crate::view::View, legal: &[Action]) -> Option<Action> {
    legal.iter().copied().find(|a| matches!(a, Action::AbilitySoil(..)))
}
