//! GinGan, starting side (EN:1623-1629): in the Harvest Phase you may put your on-deck card into your
//! discard pile and reveal a new one. The harvest has begun: the new card cannot make you Spoil.

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::MysticVale;

/// May discard your on-deck card and reveal another.
pub const MODULE: Module = Module {
    choice: Choice::Card,
    actions: Some(actions),
    cards: Some(cards),
    apply: Some(apply),
    hint: super::Hint::RedrawOnDeck,
    choose: Some(choose),
    describe: Some("describe-redraw"),
    ..Module::new("redraw-on-deck", &[Timing::Harvest])
};

fn actions(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>) {
    crate::turn::push_cards(out, cards(game, card, ab), Action::AbilityCard);
}

fn cards(game: &MysticVale, _card: u8, _ab: Ability) -> u32 {
    game.cur().on_deck.map_or(0, |c| 1 << c)
}

fn apply(game: &mut MysticVale, _card: u8, _ab: Ability, _action: Action) -> Step {
    let i = game.current as usize;
    game.players[i].discard_on_deck();
    Step::UsedReveal
}

/// The default bot: a fresh on-deck card when the one shown brings more decay than growth.
fn choose(view: &crate::view::View, legal: &[Action]) -> Option<Action> {
    let me = view.seat.index();
    crate::heuristic::card_choices(legal)
        .find(|&c| {
            let st = view.card_stats(me, c);
            st.decay > st.growth
        })
        .map(Action::AbilityCard)
}
