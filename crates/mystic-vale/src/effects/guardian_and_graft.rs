//! Cyrilla, upgraded side (EN:1600-1606): in the Harvest Phase, a card of your field or your on-deck card
//! counts `amount` more guardian until the end of the turn (as her starting side), and then you may add to
//! it one Harvest or Ongoing ability of a different second card, in your field or in the field of the
//! player to your left or right (`ability p1 c7 top`, or `decline`). The copied ability counts on the
//! first card as if printed there: "per guardian on this card" counts the first card's guardians (the
//! example: Totem Chief with Pack Leader's ability gives 2 and 2, EN:1604-1606). Every Harvest or Ongoing
//! ability may be copied but this one: gains, decay and growth, guardians, unique abilities with their own
//! choices (then the player's next decisions); it lasts the turn, Prep Phase included (rulings MV51, MV80).

use super::{Choice, Module, Step};
use crate::actions::Action;
use crate::cards::{Ability, Effect, Timing};
use crate::harvest;
use crate::heuristic::W;
use crate::state::{Boost, CardStats, EMPTY, MysticVale, NUM_CARDS, leader_face};
use crate::view::View;

/// +1 guardian on a card of your field or your on-deck card, then it may also have a harvest or ongoing
/// ability of another card of your field or a neighbour's field (until the end of the turn).
pub const MODULE: Module = Module {
    choice: Choice::CardThenGraft,
    actions: Some(actions),
    cards: Some(cards),
    apply: Some(apply),
    hint: super::Hint::GuardianOnCard,
    choose: Some(super::guardian_on_card::choose),
    choose_open: Some(choose_graft),
    describe: Some("describe-guardian"),
    ..Module::new("guardian-and-graft", &[Timing::Harvest])
};

/// Slot number of a leader's side in [`Action::AbilityGraft`].
pub const LEADER_SLOT: u8 = 3;

/// Whether `ab` may be copied: a Harvest or Ongoing ability, but not this one (copying it would only
/// resolve it again, MV80), nor Xanos's turning back, which "is not a Harvest ability" (EN:1724, MV82).
fn graftable(ab: Ability) -> bool {
    matches!(ab.timing, Timing::Harvest | Timing::Ongoing)
        && ab.effect != Effect::None
        && !super::is_unique(ab, &MODULE)
        && !super::is_unique(ab, &super::flip_back::MODULE)
}

/// The ability that `AbilityGraft(seat, card, slot)` names, if it is one the harvest may copy.
pub(crate) fn grafted(game: &MysticVale, seat: u8, card: u8, slot: u8) -> Option<Ability> {
    let p = game.players.get(usize::from(seat))?;
    let s = p.cards.get(usize::from(card))?;
    let ab = if slot == LEADER_SLOT {
        leader_face(&game.db, p.leader, card)?.ability
    } else {
        let a = *s.slots.get(usize::from(slot))?;
        if a == EMPTY {
            return None;
        }
        game.db.hot(a).ability
    };
    graftable(ab).then_some(ab)
}

/// The seats whose fields the second card may come from: the player's own, left and right.
fn seats(game: &MysticVale) -> [u8; 3] {
    let n = game.n() as u8;
    [game.current, (game.current + 1) % n, (game.current + n - 1) % n]
}

fn actions(game: &MysticVale, card: u8, ab: Ability, out: &mut Vec<Action>) {
    if game.turn.ability_open != Some(card) {
        crate::turn::push_cards(out, cards(game, card, ab), Action::AbilityCard);
        return;
    }
    push_grafts(game, out);
}

/// The first choice: a card of the field or the on-deck card.
fn cards(game: &MysticVale, _card: u8, _ab: Ability) -> u32 {
    let p = game.cur();
    p.field_mask() | p.on_deck.map_or(0, |c| 1 << c)
}

/// The second choices: one per distinct ability (the same ability elsewhere counts the same), in
/// action order.
fn push_grafts(game: &MysticVale, out: &mut Vec<Action>) {
    let from = out.len();
    each_graft(game, |a| {
        out.push(a);
        true
    });
    out[from..].sort_unstable();
}

/// Calls `f` on each second choice (one per distinct ability) until it returns `false`.
fn each_graft(game: &MysticVale, mut f: impl FnMut(Action) -> bool) {
    let Some(first) = game.turn.fx.guardian_and_graft.guardian_plus else { return };
    let mut seen: [Option<Ability>; 3 * NUM_CARDS * 4] = [None; 3 * NUM_CARDS * 4];
    let mut n = 0;
    let mut seats = seats(game);
    seats.sort_unstable();
    for (k, &s) in seats.iter().enumerate() {
        if k > 0 && seats[k - 1] == s {
            continue;
        }
        for &c in game.players[usize::from(s)].field.iter() {
            if s == game.current && c == first {
                continue;
            }
            for slot in 0..=LEADER_SLOT {
                if let Some(ab) = grafted(game, s, c, slot)
                    && !seen[..n].contains(&Some(ab))
                {
                    seen[n] = Some(ab);
                    n += 1;
                    if !f(Action::AbilityGraft(s, c, slot)) {
                        return;
                    }
                }
            }
        }
    }
}

/// Whether a second choice exists once the first card is chosen (no allocation: it runs in `apply`).
fn any_graft(game: &MysticVale) -> bool {
    let mut any = false;
    each_graft(game, |_| {
        any = true;
        false
    });
    any
}

fn apply(game: &mut MysticVale, _card: u8, ab: Ability, action: Action) -> Step {
    match action {
        Action::AbilityCard(c) => {
            game.turn.fx.guardian_and_graft.guardian_plus = Some(c);
            let boost = Boost { card: c, guardians: ab.amount, ability: None };
            let (i, db) = (game.current as usize, game.db.clone());
            game.players[i].set_boost(&db, Some(boost));
            // Canopy Explorer resolved after the guardian was added (EN:462, 919).
            game.explore_more(c, u32::from(ab.amount), &mut sylvan_engine::NoEvents);
            game.recount();
            if any_graft(game) { Step::Open } else { Step::Used }
        }
        Action::AbilityGraft(s, c, slot) => {
            let i = game.current as usize;
            if let (Some(first), Some(copied), Some(b)) = (
                game.turn.fx.guardian_and_graft.guardian_plus,
                grafted(game, s, c, slot),
                game.players[i].fx.guardian_and_graft.boost,
            ) {
                game.turn.fx.guardian_and_graft.graft = Some((first, s, c, slot));
                let db = game.db.clone();
                game.players[i].set_boost(&db, Some(Boost { ability: Some(copied), ..b }));
                game.recount();
            }
            Step::Used
        }
        _ => Step::Used,
    }
}

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// Guardians and a copied ability on one card until the end of the turn (Cyrilla, rulings MV51, MV80).
    pub boost: Option<crate::state::Boost>,
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The card given +1 guardian this turn by a harvest ability (Cyrilla).
    pub guardian_plus: Option<u8>,
    /// A card given another card's ability this turn (Cyrilla's upgraded side): the card, then the seat, card and slot (3: the leader's side) the ability is printed on.
    pub graft: Option<(u8, u8, u8, u8)>,
}

/// The default bot's second choice: the copied ability that gives most (a harvest gain or spirits), if
/// any gives.
fn choose_graft(view: &View, legal: &[Action]) -> Option<Action> {
    let db = &*view.db;
    legal
        .iter()
        .filter_map(|&a| {
            let Action::AbilityGraft(s, c, slot) = a else { return None };
            let pv = view.players.get(usize::from(s))?;
            let ab = match pv.cards[c as usize].slots.get(usize::from(slot)) {
                Some(&x) if x != EMPTY => db.hot(x).ability,
                Some(_) => return None,
                None => leader_face(db, view.leader_card(usize::from(s)), c)?.ability,
            };
            Some((graft_value(view, ab), a))
        })
        .filter(|x| x.0 > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|x| x.1)
}

/// What the copy of `ab` onto the first card brings, in VP: the change it makes to this harvest's
/// totals (the rules' count), or for what acts later (choices, cards to the field, decay in the Prep
/// Phase) a rough share of what it may bring.
fn graft_value(view: &View, ab: crate::cards::Ability) -> f64 {
    let me = view.seat.index();
    let p = &view.players[me];
    let Some(b) = p.fx.guardian_and_graft.boost else { return 0.0 };
    let db = &*view.db;
    let mut stats = view.all_stats(me);
    let face = leader_face(db, view.leader_card(me), b.card);
    stats[b.card as usize] =
        CardStats::boosted(p.cards[b.card as usize], db, face, Some(Boost { ability: Some(ab), ..b }));
    let base = view.all_stats(me);
    let count = |stats: &[CardStats; NUM_CARDS], graft| {
        let cards = harvest::Cards {
            db,
            cards: &p.cards,
            stats,
            leader: view.leader_card(me),
            bonus: p.bonuses(),
            copy: view.turn.fx.copy_card.card,
            graft,
            added: view.turn.fx.deck_to_field.added,
            table: Some((view, me)),
        };
        let t = harvest::totals(&cards, &p.field, &p.vales);
        let spirits: f64 = t.spirits[..3].iter().map(|&x| f64::from(x)).sum();
        W.mana * f64::from(t.mana) + W.spirit * spirits + W.wild * f64::from(t.spirits[3]) + f64::from(t.vp + t.box_vp)
    };
    let now = count(&stats, Some((b.card, ab))) - count(&base, None);
    let later = match ab.effect {
        Effect::Unique | Effect::Exchange | Effect::DiscountOnCard => 0.3,
        Effect::DeckToField | Effect::FillField => W.mana,
        _ => {
            let (old, new) = (base[b.card as usize], stats[b.card as usize]);
            W.decay * (f64::from(old.decay) - f64::from(new.decay)).max(0.0) * 0.5
                + W.growth * (f64::from(new.growth) - f64::from(old.growth)).max(0.0) * 0.5
        }
    };
    now + later
}

crate::effects::cleared_each_turn!(TurnState);
