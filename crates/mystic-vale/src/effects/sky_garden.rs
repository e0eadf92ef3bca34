//! Sky Garden (EN:1456-1466): when bought, its owner may count every growth they have (field cards,
//! effects, amulets, vales; decay does not cancel it here), gain 2 VP per growth (10 at most) and put
//! Sky Garden out of the game; or keep it for its end VP. `ability 1` resolves it, `decline` keeps it
//! (ruling MV68).

use super::Module;
use crate::actions::Action;
use crate::cards::{Reward, Timing};
use crate::state::MysticVale;

/// You may gain 2 VP per growth you have (10 at most), then remove this vale from the game.
pub const MODULE: Module = Module {
    when_bought: Some(super::vale_choice::wait),
    bought_actions: Some(actions),
    bought_apply: Some(apply),
    hint: super::Hint::VpForGrowth,
    bought_worth: Some(worth),
    ..Module::new("sky-garden", &[Timing::WhenBought])
};

/// Most VP it gives (EN:1464).
pub const CAP: u8 = 10;

/// The VP resolving it gives the active player now: `per` (2) per growth, at most [`CAP`].
pub fn gain(game: &MysticVale, per: u8) -> u8 {
    let growth = game.field_growth(game.current as usize).clamp(0, 255) as u8;
    growth.saturating_mul(per).min(CAP)
}

fn actions(_game: &MysticVale, _spent: u8, out: &mut Vec<Action>) {
    out.push(Action::AbilityPick(0));
}

fn apply(game: &mut MysticVale, v: u8, action: Action) -> bool {
    if action == Action::AbilityPick(0) {
        let n = gain(game, game.db.hot_vale(v).ability.amount);
        game.gain_now(Reward::Vp, n);
        super::vale_choice::remove(game, v);
    }
    true
}

/// The default bot: resolved when its VP for the growth shown beat its end VP.
fn worth(view: &crate::view::View, v: u8, _spent: u8) -> bool {
    let x = view.db.vale(v);
    let (_, growth) = view.decay_growth(view.seat.index());
    growth.saturating_mul(i32::from(x.ability.amount)).min(i32::from(CAP)) > i32::from(x.vp)
}
