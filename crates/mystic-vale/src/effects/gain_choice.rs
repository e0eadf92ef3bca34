//! Dione, starting side (EN:1608-1612): in the Harvest Phase, gain your choice of `amount` of one
//! symbol or of another. Both icons are lost; we read them as mana (the ability's reward) or a wild
//! spirit, one for advancements and one for vales (ruling MV52).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Reward, Timing};
use crate::state::MysticVale;

/// Gain 1 mana or 1 wild spirit (your choice).
pub const MODULE: Module = Module {
    choice: Choice::Pick,
    actions: Some(actions),
    apply: Some(apply),
    hint: super::Hint::GainChoice,
    choose: Some(choose),
    describe: Some("describe-gain-choice"),
    ..Module::new("gain-choice", &[Timing::Harvest])
};

fn actions(_game: &MysticVale, _card: u8, _ab: Ability, out: &mut Vec<Action>) {
    out.extend([Action::AbilityPick(0), Action::AbilityPick(1)]);
}

fn apply(game: &mut MysticVale, _card: u8, ab: Ability, action: Action) -> Step {
    let reward = if action == Action::AbilityPick(0) { ab.reward } else { Reward::Wild };
    game.gain_now(reward, ab.amount);
    Step::Used
}

/// The default bot: the wild spirit when one more spirit buys a vale, else the mana.
fn choose(view: &crate::view::View, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    let left: u8 = view.turn.spirits.iter().sum::<u8>().saturating_sub(view.turn.spirit_spent.iter().sum());
    let near = view.vale_row.iter().flatten().flatten().any(|&v| db.hot_vale(v).total == left + 1);
    let pick = Action::AbilityPick(u8::from(near && view.turn.vales_bought < 2));
    legal.contains(&pick).then_some(pick)
}
