//! The final count: VP tokens, VP on the right of advancements and leaders (negative ones subtract,
//! EN:858; covered eclipse advancements count none, EN:783), end-of-game abilities, vale VP; ties go to
//! the most level-3 advancements plus level-2 vales, then are shared.

use crate::cards::{Ability, CardDb, Count, Effect, Face, Timing};
use crate::harvest::Table;
use crate::state::{LeaderCard, MysticVale, NUM_CARDS, Sleeve, ability_list, card_abilities, leader_face};

/// End-of-game points of a player's 20 cards: right-side VP of the visible advancements and of the
/// leader's side, and the end-of-game gains of their abilities. One function for the rules and the views.
pub fn card_points(db: &CardDb, cards: &[Sleeve; NUM_CARDS], leader: Option<LeaderCard>) -> i32 {
    let own: i32 =
        cards.iter().enumerate().map(|(c, s)| card_end_points(db, *s, leader_face(db, leader, c as u8))).sum();
    own.saturating_add(owned_points(db, cards, leader))
}

/// End-of-game gains that count over all the player's advancements (Sporeling Reclaimer, EN:1174:
/// "deck" means every advancement owned). Covered eclipse advancements count no symbols; a leader is
/// not an advancement (EN:838).
pub fn owned_points(db: &CardDb, cards: &[Sleeve; NUM_CARDS], leader: Option<LeaderCard>) -> i32 {
    let mut guardians: Option<i32> = None;
    let mut total = 0i32;
    for (c, s) in cards.iter().enumerate() {
        let face = leader_face(db, leader, c as u8);
        if s.slots == [crate::state::EMPTY; 3] && face.is_none() {
            continue;
        }
        for ab in card_abilities(db, *s, face) {
            if let Some(n) = owned_gain(db, cards, leader, ab, &mut guardians) {
                total = total.saturating_add(n);
            }
        }
    }
    total
}

/// What one end-of-game ability counting over all the player's advancements gives ([`owned_points`]),
/// `None` for any other ability. `guardians` keeps the guardian count once counted.
fn owned_gain(
    db: &CardDb,
    cards: &[Sleeve; NUM_CARDS],
    leader: Option<LeaderCard>,
    ab: Ability,
    guardians: &mut Option<i32>,
) -> Option<i32> {
    if ab.timing != Timing::EndOfGame || ab.effect != Effect::Gain {
        return None;
    }
    let n = match ab.per {
        Count::GuardiansOwned => *guardians.get_or_insert_with(|| {
            cards.iter().flat_map(|x| x.advs()).map(|a| i32::from(db.adv(a).symbols.guardian)).sum()
        }),
        // Itself and covered eclipse advancements included (EN:943-949).
        Count::Level3Owned => cards.iter().flat_map(|x| x.owned()).filter(|&a| db.adv(a).level == 3).count() as i32,
        Count::BlankCardsOwnedSteps => {
            let blanks = crate::harvest::blank_cards(cards, leader, 0..NUM_CARDS as u8);
            blank_steps(blanks)
        }
        _ => return None,
    };
    Some(n.saturating_mul(i32::from(ab.amount)))
}

/// Gaia's Kin's table (EN:993-1008): VP by the number of totally blank cards owned.
pub fn blank_steps(blanks: u32) -> i32 {
    match blanks {
        0 => 0,
        1..=2 => 2,
        3..=4 => 3,
        5..=6 => 6,
        _ => 13,
    }
}

/// End-of-game points of one card (with the leader side `face` if it carries one).
pub fn card_end_points(db: &CardDb, s: Sleeve, face: Option<&Face>) -> i32 {
    if s.slots == [crate::state::EMPTY; 3] && face.is_none() {
        return 0;
    }
    // One walk: the printed VP, then (added after them) the end-of-game gains in ability order.
    let mut printed = 0i32;
    let mut gains = [0i32; 4];
    let mut n = 0;
    let mut end_gain = |ab: Ability| {
        if ab.timing == Timing::EndOfGame && ab.effect == Effect::Gain {
            let k = match ab.per {
                // Printed symbols on the card, text effects ignored (EN:987-991).
                Count::PrintedSymbolsOnCard => s
                    .advs()
                    .map(|b| &db.hot_ref(b).symbols)
                    .chain(face.map(|f| &f.symbols))
                    .map(|x| i32::from(x.counted()))
                    .sum(),
                Count::One => 1,
                Count::GuardiansOnCard => i32::from(crate::state::CardStats::of(s, db, face).guardians),
                _ => 0,
            };
            gains[n] = k.saturating_mul(i32::from(ab.amount));
            n += 1;
        }
    };
    for a in s.slots {
        if a != crate::state::EMPTY {
            let h = db.hot_ref(a);
            printed += i32::from(h.symbols.vp_end);
            end_gain(h.ability);
        }
    }
    if let Some(f) = face {
        printed += i32::from(f.symbols.vp_end);
        end_gain(f.ability);
    }
    gains[..n].iter().fold(printed, |t, &g| t.saturating_add(g))
}

/// The end-of-game points of a card with no leader side ([`card_end_points`]) when none of its visible
/// advancements has an end-of-game ability: its printed VP alone. `None` when one has (the general walk
/// counts it). [`score_of`]'s fast path: an empty card gives `Some(0)`.
#[inline]
fn plain_end_points(db: &CardDb, s: Sleeve) -> Option<i32> {
    let mut printed = 0i32;
    let mut end = false;
    for a in s.slots {
        if a != crate::state::EMPTY {
            let h = db.hot_ref(a);
            printed += i32::from(h.symbols.vp_end);
            end |= h.ability.timing == Timing::EndOfGame;
        }
    }
    if end { None } else { Some(printed) }
}

/// Printed decay on player `i`'s cards (visible advancements and leader side), cancelled ones included.
pub fn decay_owned(t: &dyn Table, i: usize) -> u32 {
    let db = t.db();
    let leader = t.leader(i);
    t.cards(i)
        .iter()
        .enumerate()
        .map(|(c, s)| {
            let face = leader_face(db, leader, c as u8);
            s.advs().map(|a| u32::from(db.adv(a).symbols.decay)).sum::<u32>()
                + face.map_or(0, |f| u32::from(f.symbols.decay))
        })
        .sum()
}

/// Player `i`'s score now: tokens, card points, vale VP and "most among" abilities (EN:1010-1017,
/// 1387-1393: strictly the most, ties give nothing). One function for the rules and the views.
pub fn score_of(t: &dyn Table, i: usize) -> i32 {
    let db = t.db();
    let (cards, leader) = (t.cards(i), t.leader(i));
    // One walk over the cards: their points (as `card_points`), the "most among" bonuses (only the
    // gross decay count exists, paid when strictly the most) and the cards with unique end-of-game
    // effects (Glorus, upgraded), scored after the vales.
    let mut own = 0i32;
    let mut owned = 0i32;
    let mut guardians: Option<i32> = None;
    // "Most among" VP from advancements' text (Gaia's Outcast), which Medusa Grotto doubles (EN:1407),
    // and from vales, which it does not (EN:1411).
    let mut most_cards = 0i32;
    let mut most = 0i32;
    let mut end_factor = 1i32;
    let mut unique = 0u32;
    for (c, s) in cards.iter().enumerate() {
        let face = leader_face(db, leader, c as u8);
        if face.is_none() {
            // Most cards: no leader side and no end-of-game ability, their points the printed VP alone
            // (`plain_end_points`, checked against `card_end_points` in debug builds).
            if let Some(points) = plain_end_points(db, *s) {
                debug_assert_eq!(points, card_end_points(db, *s, None), "plain_end_points: card_end_points");
                own += points;
                continue;
            }
        }
        own += card_end_points(db, *s, face);
        let (list, n) = ability_list(db, *s, face);
        for &ab in &list[..n] {
            if ab.timing != Timing::EndOfGame {
                continue;
            }
            match ab.effect {
                Effect::Gain => {
                    if let Some(n) = owned_gain(db, cards, leader, ab, &mut guardians) {
                        owned = owned.saturating_add(n);
                    }
                }
                Effect::MostAmong if ab.per == Count::DecayOwned => most_cards += i32::from(ab.amount),
                Effect::Unique => unique |= 1 << c,
                _ => {}
            }
        }
    }
    let mut total = i32::from(t.vp(i)) + own.saturating_add(owned);
    for &v in t.vales(i) {
        let x = db.vale(v);
        total += i32::from(x.vp);
        let ab = x.ability;
        if ab.timing != Timing::EndOfGame {
            continue;
        }
        match ab.effect {
            Effect::MostAmong if ab.per == Count::DecayOwned => most += i32::from(ab.amount),
            // Gaia's Tears: per vale owned, itself included (EN:1357-1363).
            Effect::Gain if ab.per == Count::ValesOwned => {
                total += i32::from(ab.amount) * t.vales(i).len() as i32;
            }
            // Medusa Grotto: the advancements' end VP (printed and from text) count again; a leader is
            // not an advancement (EN:1401-1411).
            Effect::MultiplyEndVp => {
                let cards = t.cards(i);
                let own: i32 = cards.iter().map(|s| card_end_points(db, *s, None)).sum();
                let advs = own.saturating_add(owned_points(db, cards, t.leader(i)));
                total += advs.saturating_mul(i32::from(ab.amount.saturating_sub(1)));
                end_factor = end_factor.saturating_mul(i32::from(ab.amount.max(1)));
            }
            Effect::Unique => {
                if let Some(f) = crate::effects::module(ab.module).and_then(|m| m.end_points) {
                    total += f(t, i, ab.amount);
                }
            }
            _ => {}
        }
    }
    // Grey amulet VP add, red ones subtract (EN:828-830).
    if let Some(a) = t.amulet(i) {
        total += i32::from(db.amulet(a).vp);
    }
    // Unique end-of-game effects on cards (Glorus, upgraded).
    for (c, s) in cards.iter().enumerate() {
        if unique & (1 << c) == 0 {
            continue;
        }
        for ab in card_abilities(db, *s, leader_face(db, leader, c as u8)) {
            if ab.timing == Timing::EndOfGame
                && ab.effect == Effect::Unique
                && let Some(f) = crate::effects::module(ab.module).and_then(|m| m.end_points)
            {
                total += f(t, i, ab.amount);
            }
        }
    }
    // Rules revision 1 did not double them.
    let end_factor = if t.rules() < 2 { 1 } else { end_factor };
    most = most.saturating_add(most_cards.saturating_mul(end_factor));
    if most > 0 {
        let mine = decay_owned(t, i);
        if (0..t.seats()).all(|j| j == i || decay_owned(t, j) < mine) {
            total += most;
        }
    }
    total
}

impl MysticVale {
    /// Seat `i`'s score now ([`score_of`]).
    pub fn score(&self, i: usize) -> i32 {
        score_of(self, i)
    }

    /// The tie-break count: level-3 advancements plus level-2 vales.
    pub fn tie_break(&self, i: usize) -> usize {
        let db = &*self.db;
        let p = &self.players[i];
        let advs = p.cards.iter().flat_map(|s| s.advs()).filter(|&a| db.adv(a).level == 3).count();
        advs + p.vales.iter().filter(|&&v| db.vale(v).level == 2).count()
    }

    pub(crate) fn final_scores(&self) -> Vec<f64> {
        (0..self.n()).map(|i| f64::from(self.score(i))).collect()
    }
}
