//! Magpie (EN:1087-1093): in the Harvest Phase, choose any cards of your discard pile and shuffle them
//! into your deck; the on-deck card stays. The cards are chosen one by one (`ability cN`), `decline`
//! stops and the deck is shuffled; choosing none (not using it) shuffles nothing (ruling MV69).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::MysticVale;

/// The module.
pub const MODULE: Module = Module {
    choice: Choice::Card,
    actions: Some(actions),
    cards: Some(cards),
    apply: Some(apply),
    finish: Some(finish),
    hint: super::Hint::ShuffleFromDiscard,
    describe: Some("describe-magpie"),
    ..Module::new("magpie", "shuffle any cards of your discard pile into your deck", &[Timing::Harvest])
};

fn actions(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>) {
    crate::turn::push_cards(out, cards(game, card, ab), Action::AbilityCard);
}

fn cards(game: &MysticVale, _card: u8, _ab: Ability) -> u32 {
    game.cur().discard.iter().fold(0u32, |m, &c| m | 1 << c)
}

fn apply(game: &mut MysticVale, _card: u8, _ab: Ability, action: Action) -> Step {
    if let Action::AbilityCard(c) = action {
        let p = &mut game.players[game.current as usize];
        if let Some(k) = p.discard.iter().position(|&x| x == c) {
            p.discard.remove(k);
            p.deck.push(c);
            game.turn.ability_state = 1;
        }
    }
    if game.cur().discard.is_empty() {
        finish(game);
        Step::Used
    } else {
        Step::Open
    }
}

fn finish(game: &mut MysticVale) {
    if std::mem::take(&mut game.turn.ability_state) != 0 {
        let i = game.current as usize;
        game.rng.shuffle(&mut game.players[i].deck);
        game.players[i].shuffled();
    }
}
