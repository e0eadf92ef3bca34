//! Guilduin, upgraded side (EN:1647-1651): in the Harvest Phase, choose another card of your field;
//! for the rest of the turn the leader's card also has its symbols and abilities, keeping its own. The
//! chosen card's symbols and harvest abilities count a second time (ruling MV53).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::MysticVale;

/// This card also has the symbols and abilities of another field card.
pub const MODULE: Module = Module {
    choice: Choice::Card,
    actions: Some(actions),
    cards: Some(cards),
    apply: Some(apply),
    hint: super::Hint::CopyCard,
    choose: Some(choose),
    describe: Some("describe-copy"),
    ..Module::new("copy-card", &[Timing::Harvest])
};

fn actions(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>) {
    crate::turn::push_cards(out, cards(game, card, ab), Action::AbilityCard);
}

fn cards(game: &MysticVale, card: u8, _ab: Ability) -> u32 {
    game.cur().field_mask() & !(1 << card)
}

fn apply(game: &mut MysticVale, _card: u8, _ab: Ability, action: Action) -> Step {
    if let Action::AbilityCard(c) = action {
        game.turn.fx.copy_card.card = Some(c);
        game.recount();
    }
    Step::Used
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The field card whose symbols and abilities the leader's card also has this turn (Guilduin).
    #[serde(rename = "copy")]
    pub card: Option<u8>,
}

/// The default bot: the card that brings most to a play.
fn choose(view: &crate::view::View, legal: &[Action]) -> Option<Action> {
    let p = &view.players[view.seat.index()];
    crate::heuristic::best_card(legal, |c| crate::heuristic::play_value(&view.db, p.cards[c as usize], 0))
}

crate::effects::cleared_each_turn!(TurnState);
