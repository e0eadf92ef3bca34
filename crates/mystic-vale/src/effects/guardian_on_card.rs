//! Cyrilla, starting side (EN:1592-1598): in the Harvest Phase, a card of your field or your on-deck
//! card counts `amount` more guardian until the end of the turn (the lost symbol is read as a guardian,
//! the one Totem Chief counts in the example, ruling MV51). Her upgraded side (EN:1600-1606) does the
//! same, then copies a second card's ability (`guardian_and_graft.rs`).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::MysticVale;

/// +1 guardian on a card of your field or your on-deck card.
pub const MODULE: Module = Module {
    choice: Choice::Card,
    actions: Some(actions),
    cards: Some(cards),
    apply: Some(apply),
    hint: super::Hint::GuardianOnCard,
    choose: Some(choose),
    describe: Some("describe-guardian"),
    ..Module::new("guardian-on-card", &[Timing::Harvest])
};

fn actions(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>) {
    crate::turn::push_cards(out, cards(game, card, ab), Action::AbilityCard);
}

fn cards(game: &MysticVale, _card: u8, _ab: Ability) -> u32 {
    let p = game.cur();
    p.field_mask() | p.on_deck.map_or(0, |c| 1 << c)
}

fn apply(game: &mut MysticVale, _card: u8, ab: Ability, action: Action) -> Step {
    if let Action::AbilityCard(c) = action {
        game.turn.fx.guardian_and_graft.guardian_plus = Some(c);
        let (i, db) = (game.current as usize, game.db.clone());
        game.players[i].set_boost(&db, Some(crate::state::Boost { card: c, guardians: ab.amount, ability: None }));
        // Canopy Explorer resolved after the guardian was added (EN:462, 919).
        game.explore_more(c, u32::from(ab.amount), &mut sylvan_engine::NoEvents);
        game.recount();
    }
    Step::Used
}

/// The default bot: the field card where one more guardian adds most to a play.
pub(crate) fn choose(view: &crate::view::View, legal: &[Action]) -> Option<Action> {
    use crate::heuristic::{best_card, play_value};
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    best_card(legal, |c| {
        let s = p.cards[c as usize];
        if p.field.contains(&c) { play_value(db, s, 1) - play_value(db, s, 0) } else { 0.0 }
    })
}
