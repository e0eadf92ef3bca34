//! Halo Mountain (EN:1365-1377): when bought, its owner may spend up to 5 more spirit symbols, gaining
//! 2 VP for each (10 at most), then put Halo Mountain out of the game; or keep it for its 4 end VP. Each
//! `ability animal|forest|sky|wild` spends one spirit of the kind the player picks (ruling MV70);
//! `decline` stops: after at least one spirit the vale leaves the game, else it is kept (ruling MV68).
//! Records written before MV70 said `ability 1` for each spirit: [`legacy_action`] replays them.

use super::Module;
use crate::actions::Action;
use crate::cards::{Reward, Spirit, Timing};
use crate::state::MysticVale;

/// You may spend up to 5 more spirits for 2 VP each, then remove this vale from the game.
pub const MODULE: Module = Module {
    when_bought: Some(super::vale_choice::wait),
    bought_actions: Some(actions),
    bought_apply: Some(apply),
    hint: super::Hint::VpForSpirits,
    bought_worth: Some(worth),
    ..Module::new("halo-mountain", &[Timing::WhenBought])
};

/// Most spirits spent on it.
const MAX_SPENT: u8 = 5;

fn actions(game: &MysticVale, spent: u8, out: &mut Vec<Action>) {
    if spent < MAX_SPENT {
        let left = game.spirits_left();
        out.extend(Spirit::ALL.into_iter().filter(|&s| left[s as usize] > 0).map(Action::AbilitySpirit));
    }
}

fn apply(game: &mut MysticVale, v: u8, action: Action) -> bool {
    let Some((_, spent)) = game.turn.fx.vale_choice.waiting else { return true };
    if let Action::AbilitySpirit(s) = action
        && game.spirits_left()[s as usize] > 0
    {
        let k = s as usize;
        game.turn.spirit_spent[k] = game.turn.spirit_spent[k].saturating_add(1);
        let per = game.db.hot_vale(v).ability.amount;
        game.gain_now(Reward::Vp, per);
        let spent = spent + 1;
        game.turn.fx.vale_choice.waiting = Some((v, spent));
        if spent < MAX_SPENT && game.spirits_left().iter().any(|&n| n > 0) {
            return false;
        }
        super::vale_choice::remove(game, v);
        return true;
    }
    // `decline`: the ability is resolved if a spirit was spent.
    if spent > 0 {
        super::vale_choice::remove(game, v);
    }
    true
}

/// The spirit an `ability 1` of a record written before ruling MV70 spent, while Halo Mountain waits:
/// one of the kind with the most left, animal, forest, sky before wild (that version's rule).
pub(crate) fn legacy_action(game: &MysticVale, action: Action) -> Option<Action> {
    let (v, _) = game.turn.fx.vale_choice.waiting?;
    if action != Action::AbilityPick(0) || !super::is_unique(game.db.hot_vale(v).ability, &MODULE) {
        return None;
    }
    let left = game.spirits_left();
    let kind = (0..3).filter(|&k| left[k] > 0).max_by_key(|&k| (left[k], 3 - k)).or((left[3] > 0).then_some(3))?;
    Some(Action::AbilitySpirit(Spirit::ALL[kind]))
}

/// The default bot: resolved when 3 spirits or more are left (its clarification's advice, EN:1377), then
/// to the end.
fn worth(view: &crate::view::View, _v: u8, spent: u8) -> bool {
    let left: u8 = view.turn.spirits.iter().sum::<u8>().saturating_sub(view.turn.spirit_spent.iter().sum());
    spent > 0 || left >= 3
}
