//! Old Bakarab's workshop (EN:1692-1716), a zone of its owner's: advancements there are face up, do
//! nothing, are neither owned (Dawnfire Dragon ignores them) nor bought (no "when bought", no buy used).
//! - Starting side ([`TAKE`]), in the Harvest Phase: take one advancement of the commons (`ability 2.1`)
//!   or a Fertile Soil of the supply (`ability soil.top`) into the workshop, free; the commons place
//!   refills in the Discard Phase.
//! - Upgraded side ([`SLEEVE`]), in the Harvest Phase: sleeve workshop advancements (`workshop K cN`, the
//!   first one choosing the field card, the others onto the same card) by the usual rules (EN:1712); when
//!   the ability ends (`decline`, or nothing more fits), that card goes to the bottom of the deck, unused.
//!   Besides, `ability 1` pays `amount` (1) mana to turn the leader back to its starting side; it turns
//!   as the Harvest Phase ends, its upgraded side counted in this one (ruling MV75).

use super::{Choice, Module, Step};
use crate::actions::{Action, MAX_WORKSHOP, Source};
use crate::cards::{Ability, Slot, Timing};
use crate::heuristic::{Outlook, sleeve_gain};
use crate::state::{EMPTY, MysticVale, NUM_CARDS};
use crate::view::View;

/// The starting side: take an advancement into the workshop.
/// Take one advancement of the commons (Fertile Soils included) into your workshop, free.
pub const TAKE: Module = Module {
    choice: Choice::Source,
    actions: Some(take_actions),
    apply: Some(take_apply),
    hint: super::Hint::WorkshopTake,
    choose_first: Some(take_first),
    describe: Some("describe-workshop-take"),
    ..Module::new("workshop-take", &[Timing::Harvest])
};

/// The upgraded side: sleeve workshop advancements onto a field card, which goes under the deck.
/// Sleeve workshop advancements onto one field card, which goes under your deck; pay 1 mana to turn back.
pub const SLEEVE: Module = Module {
    choice: Choice::Workshop,
    actions: Some(sleeve_actions),
    apply: Some(sleeve_apply),
    finish: Some(sleeve_finish),
    harvest_done: Some(turn_back),
    hint: super::Hint::WorkshopSleeve,
    choose_first: Some(sleeve_first),
    describe: Some("describe-workshop-turn-back"),
    ..Module::new("workshop-sleeve", &[Timing::Harvest])
};

fn take_actions(game: &MysticVale, _card: u8, _ab: Ability, out: &mut Vec<Action>) {
    if game.cur().fx.workshop.pile.len() >= MAX_WORKSHOP {
        return;
    }
    for i in 0..9u8 {
        if game.commons[usize::from(i / 3)][usize::from(i % 3)] != EMPTY {
            out.push(Action::AbilityCommon(i / 3, i % 3));
        }
    }
    for s in Slot::ALL {
        if game.soil[s as usize] > 0 {
            out.push(Action::AbilityTake(s));
        }
    }
}

fn take_apply(game: &mut MysticVale, _card: u8, _ab: Ability, action: Action) -> Step {
    let source = match action {
        Action::AbilityCommon(l, k) => Source::Common(l, k),
        Action::AbilityTake(s) => Source::Soil(s),
        _ => return Step::Used,
    };
    let a = game.take_from(source);
    if a != EMPTY {
        let i = game.current as usize;
        game.players[i].fx.workshop.pile.push(a);
    }
    Step::Used
}

/// `ability_state` of the upgraded side: the card chosen plus one (low byte), and this flag once the
/// leader is paid to turn back.
const FLIP: u16 = 0x100;

fn chosen(game: &MysticVale) -> Option<u8> {
    (game.turn.ability_state & 0xff).checked_sub(1).map(|c| c as u8)
}

fn sleeve_actions(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>) {
    each_sleeve_action(game, card, ab, |a| out.push(a));
    let from = out.iter().position(|a| matches!(a, Action::Workshop(..))).unwrap_or(out.len());
    out[from..].sort_unstable();
}

/// Calls `f` with each action the upgraded side offers now (unsorted).
fn each_sleeve_action(game: &MysticVale, card: u8, ab: Ability, mut f: impl FnMut(Action)) {
    let state = game.turn.ability_state;
    let p = game.cur();
    if state & FLIP == 0 && game.mana_left() >= ab.amount {
        f(Action::AbilityPick(0));
    }
    let targets = match chosen(game) {
        Some(c) => 1u32 << c,
        // Any field card but the leader's (EN:836) whose departure leaves every purchase a place (MV21).
        None => p.field.iter().fold(0, |m, &c| if c != card && game.purchases_fit_without(c) { m | 1 << c } else { m }),
    };
    for (k, &a) in p.fx.workshop.pile.iter().enumerate() {
        // One action per title: the first copy in the workshop stands for the others.
        if p.fx.workshop.pile[..k].contains(&a) {
            continue;
        }
        let mut m = targets;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            if p.cards[c as usize].fits(&game.db, a) {
                f(Action::Workshop(k as u8, c));
            }
        }
    }
}

fn sleeve_apply(game: &mut MysticVale, card: u8, ab: Ability, action: Action) -> Step {
    let i = game.current as usize;
    match action {
        Action::AbilityPick(_) => {
            game.turn.mana_spent = game.turn.mana_spent.saturating_add(ab.amount);
            game.turn.ability_state |= FLIP;
            if card >= super::neighbour_on_deck::USED_KEY {
                // A neighbour's on-deck Old Bakarab used with Dione's upgraded side: that card turns back
                // (rules revision 9, ruling MV23).
                super::neighbour_on_deck::pay_turn_back(game, card);
            }
        }
        Action::Workshop(k, c) => {
            let db = game.db.clone();
            let p = &mut game.players[i];
            let a = p.fx.workshop.pile.remove(usize::from(k));
            p.cards[c as usize].put(&db, a);
            p.refresh(&db, c as usize);
            game.turn.ability_state = (game.turn.ability_state & FLIP) | (u16::from(c) + 1);
        }
        _ => {}
    }
    let mut more = false;
    each_sleeve_action(game, card, ab, |_| more = true);
    if !more {
        sleeve_finish(game);
        Step::Used
    } else {
        Step::Open
    }
}

fn sleeve_finish(game: &mut MysticVale) {
    let state = std::mem::take(&mut game.turn.ability_state);
    let i = game.current as usize;
    if let Some(c) = (state & 0xff).checked_sub(1) {
        // The card goes under the deck, its new advancements unused (EN:1710-1712).
        game.players[i].field_to_deck_bottom(c as u8);
        // Its Call of the Hunt or Canopy Explorer waiting to be resolved (MV91) leaves the field with it
        // and waits no more: the player's `done` is not held back by a card no longer in the field.
        let hunt = &mut game.turn.fx.deck_to_field;
        hunt.fill &= !(1u32 << c);
        hunt.explore &= !(1u32 << c);
    }
    // Paid to turn back: the leader turns as the Harvest Phase ends (its side is counted in this one).
    game.turn.fx.workshop.turn_back |= state & FLIP != 0;
    game.count_places();
    game.recount();
}

/// The end of the Harvest Phase: the leader turns back to its starting side if that was paid for.
fn turn_back(game: &mut MysticVale, seat: usize) {
    if game.turn.fx.workshop.turn_back {
        super::flip_back::turn_leader_back(game, seat);
    }
}

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// The workshop: advancements taken from the commons, face up, neither owned nor bought (EN:1694-1704), in the order taken (public, ruling MV75).
    #[serde(rename = "workshop")]
    pub pile: crate::state::Pile,
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The leader was paid to turn back to its starting side as this Harvest Phase ends (EN:1716).
    pub turn_back: bool,
}

/// The hint of the unique ability on the side of the active player's leader that counts now (the side
/// it had as the turn began), with the leader's card.
fn leader_hint(view: &View) -> Option<(super::Hint, u8)> {
    let l = view.players[view.seat.index()].leader?;
    let ab = view.db.leader(l.id?).sides[usize::from(l.upgraded && !view.turn.upgraded)].ability;
    let m = super::module(ab.module).filter(|_| ab.effect == crate::cards::Effect::Unique)?;
    Some((m.hint, l.card))
}

/// The default bot, starting side (ruling MV75): taking is free and denies the others the card, so it
/// always takes, when the side offers it, the advancement that would add most to one of its cards.
fn take_first(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let (hint, _) = leader_hint(view)?;
    if hint != TAKE.hint || view.turn.ability_open.is_some() {
        return None;
    }
    let db = &*view.db;
    legal
        .iter()
        .filter_map(|&a| {
            let adv = match a {
                Action::AbilityCommon(l, k) => view.commons[l as usize][k as usize]?,
                Action::AbilityTake(s) => db.soil[s as usize],
                _ => return None,
            };
            Some((best_sleeve_gain(view, adv, out), a))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|x| x.1)
}

/// The default bot, upgraded side (ruling MV75): sleeve the workshop advancement that adds most to a
/// field card (then more onto it while they add); pay to turn back once the workshop is empty, so it
/// fills again; else stop.
fn sleeve_first(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    // An empty workshop offers no `workshop K cN`: the list is not walked (most Harvest decisions; the
    // walk would find nothing, since each such action names an advancement of the workshop).
    let sleeve = if p.fx.workshop.pile.is_empty() {
        None
    } else {
        legal
            .iter()
            .filter_map(|&a| {
                let Action::Workshop(k, c) = a else { return None };
                let adv = *p.fx.workshop.pile.get(usize::from(k))?;
                Some((sleeve_gain(db, p.cards[c as usize], adv, out), a))
            })
            .filter(|x| x.0 > 0.0)
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|x| x.1)
    };
    if sleeve.is_some() {
        return sleeve;
    }
    let (hint, card) = leader_hint(view)?;
    let open = view.turn.ability_open;
    if hint != SLEEVE.hint || open.is_some_and(|c| c != card) {
        return None;
    }
    if legal.contains(&Action::AbilityPick(0)) && p.fx.workshop.pile.is_empty() {
        Some(Action::AbilityPick(0))
    } else if open.is_some() {
        legal.contains(&Action::Decline).then_some(Action::Decline)
    } else {
        None
    }
}

/// What advancement `adv` adds to the best of the player's cards it fits (leader's card aside).
fn best_sleeve_gain(view: &View, adv: u8, out: Outlook) -> f64 {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    let leader = p.leader.map(|l| l.card);
    (0..NUM_CARDS as u8)
        .filter(|&c| Some(c) != leader && p.cards[c as usize].fits(db, adv))
        .map(|c| sleeve_gain(db, p.cards[c as usize], adv, out))
        .fold(f64::MIN, f64::max)
}

crate::effects::cleared_each_turn!(TurnState);
