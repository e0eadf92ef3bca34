//! Cyrilla, starting side (EN:1592-1598): in the Harvest Phase, a card of your field or your on-deck
//! card counts `amount` more guardian until the end of the turn (the lost symbol is read as a guardian,
//! the one Totem Chief counts in the example, ruling MV51). Her upgraded side (EN:1600-1606) does the
//! same; its copy of a second card's ability is not implemented (ruling MV51).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::MysticVale;

/// The module.
pub const MODULE: Module = Module {
    choice: Choice::Card,
    actions: Some(actions),
    apply: Some(apply),
    ..Module::new("guardian-on-card", "+1 guardian on a card of your field or your on-deck card", &[Timing::Harvest])
};

fn actions(game: &MysticVale, _card: u8, _ab: Ability, out: &mut Vec<Action>) {
    let p = game.cur();
    crate::turn::push_cards(out, p.field_mask() | p.on_deck.map_or(0, |c| 1 << c), Action::AbilityCard);
}

fn apply(game: &mut MysticVale, _card: u8, _ab: Ability, action: Action) -> Step {
    if let Action::AbilityCard(c) = action {
        game.turn.guardian_plus = Some(c);
        game.recount();
    }
    Step::Used
}
