//! Magpie (EN:1087-1093): in the Harvest Phase, choose any cards of your discard pile and shuffle them
//! into your deck; the on-deck card stays. The cards are chosen one by one (`ability cN`), `decline`
//! stops and the deck is shuffled; choosing none (not using it) shuffles nothing (ruling MV69).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Timing};
use crate::state::MysticVale;

/// Shuffle any cards of your discard pile into your deck.
pub const MODULE: Module = Module {
    choice: Choice::Card,
    actions: Some(actions),
    cards: Some(cards),
    apply: Some(apply),
    finish: Some(finish),
    hint: super::Hint::ShuffleFromDiscard,
    choose: Some(choose),
    choose_open: Some(choose),
    describe: Some("describe-magpie"),
    ..Module::new("magpie", &[Timing::Harvest])
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

/// The default bot (ruling MV69): the best card of the discard pile back into the deck, while it plays
/// better than the player's average card.
fn choose(view: &crate::view::View, legal: &[Action]) -> Option<Action> {
    use crate::heuristic::play_value;
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    let discard = p.discard?;
    let avg = p.cards.iter().map(|&s| play_value(db, s, 0)).sum::<f64>() / p.cards.len().max(1) as f64;
    legal
        .iter()
        .filter_map(|&a| match a {
            Action::AbilityCard(c) if discard.contains(&c) => Some((play_value(db, p.cards[c as usize], 0), a)),
            _ => None,
        })
        .filter(|x| x.0 > avg)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|x| x.1)
}
