//! Dione, upgraded (EN:1614-1621): in the Harvest Phase the neighbours' on-deck cards count as if they
//! were in your field (in a 2-player game the one opponent's, once). Their symbols count; they cannot
//! make you Spoil and their growth and "when played" abilities do nothing.
//!
//! Rules revisions up to 7 count their symbols only. Ruling MV23 decides that their Harvest abilities
//! apply too, acting on the user's things; rules revision 8 ([`DIONE_RULES`]) builds that, each only
//! where Dione's upgraded side is harvested (this module's hooks; nothing else pays for it):
//! - a used card's Harvest gains, counted on the user's field with the used cards in it (Aurora, Magic
//!   Seed, Wolf Rider and Ashae's upgraded side on a used card count it; Feral Chieftain, Dawnsinger and
//!   Woodland Warden the guardians printed on the used card), its VP doubled by a Stag Champion on it;
//! - the user's own field cards and vales whose gain counts the field (Aurora, Magic Seed, Ashae's
//!   upgraded side, blank-card counts, Manadew Meadow) count the used cards too; those whose gain
//!   shrinks as cards join (Wolf Rider, Beastbrother Hunter) are resolved before Dione's ability, the
//!   player's order (EN:462, 478, rulings MV41, MV83);
//! - Ley Line Overflow on a used card doubles the harvest's mana, Grassland on one takes 1 after it
//!   (EN:1029, 1049-1055, ruling MV42); a card that can cost (Grassland) is used only by the player's
//!   decision `use p1 c7` ([`push_uses`], [`apply_use`]), the others at once;
//! - Call of the Hunt on a used card fills the user's field from the user's deck, the used cards
//!   counting towards its 8 (the user's own Call of the Hunt, the player's decision, MV91, ends at 8 either way);
//!   Canopy Explorer on a used card takes a card of the user's deck for each guardian printed on it;
//! - Earthchant Chorus on a used card does nothing (EN:967); a neighbour's leader card brings its
//!   showing side's gains (Ashae's);
//! - the used cards' unique Harvest abilities act as the user's, through the rules' walk of the field's
//!   unique abilities ([`for_each_used_module`], keys after Cyrilla's): Magpie on the user's discard
//!   pile, a neighbour's leader side's choice (Cyrilla's guardian on the user's card), and a leader
//!   side's hook as the Harvest begins (GinGan's upgraded side asks the user's neighbours, [`begin`];
//!   a card revealed then is used from then on, [`after_reveal`]);
//! - Seed Sowers on a used card: `use p1 c7 middle` pays the user's mana for its reward
//!   ([`apply_exchange`]).
//! - A used card's choices are named by the card and its owner (`crate::words`, through
//!   [`for_each_used_in_view`]); the heuristic asks the module of a used leader side to choose among the
//!   actions it takes, and the rollout tries each on a copy of the game (taking the one that leaves more
//!   to spend, never one that leaves less).
//!
//! Rules revision 9 closes revision 8's three known gaps (ruling MV23): Old Bakarab's paid turning back
//! on a used leader card turns that neighbour's leader back as the Harvest ends ([`pay_turn_back`],
//! [`turn_back`]); a Dione card that joins the field in the Harvest acts as she joins ([`joined`]); what
//! the user's own cards and vales gain through the used cards is banked as theirs ([`rebank`]).

use super::Module;
use crate::cards::{Count, Effect, Reward, Timing};
use crate::harvest::{Gains, Table, Totals, blank_cards};
use crate::setup::{DIONE_BANK_RULES, DIONE_JOIN_RULES, DIONE_RULES, DIONE_TURN_BACK_RULES};
use crate::state::{CardStats, MysticVale, NUM_CARDS, card_abilities, leader_face};

/// Your neighbours' on-deck cards count as in your field.
pub const MODULE: Module = Module {
    harvest: Some(harvest),
    harvest_begin: Some(begin),
    ..Module::new("neighbour-on-deck", &[Timing::Harvest])
};

fn harvest(table: &dyn Table, seat: usize, _card: u8, totals: &mut Totals, minus: &mut u32) {
    if table.rules() >= DIONE_RULES {
        harvest_used(table, seat, totals, minus);
        return;
    }
    let n = table.seats();
    let left = (seat + 1) % n;
    let right = (seat + n - 1) % n;
    let neighbours: &[usize] = if left == right { &[left][..] } else { &[left, right][..] };
    let db = table.db();
    for &i in neighbours {
        let Some(c) = table.on_deck(i) else { continue };
        let st = CardStats::of(table.cards(i)[c as usize], db, leader_face(db, table.leader(i), c));
        totals.mana = totals.mana.saturating_add(st.mana);
        for k in 0..4 {
            totals.spirits[k] = totals.spirits[k].saturating_add(st.spirits[k]);
        }
        totals.vp = totals.vp.saturating_add(u16::from(st.vp));
    }
}

/// The neighbours' on-deck cards `seat` may use, as (owner, card), and how many: left then right; in a
/// 2-player game the single opponent's, once (EN:1621).
fn neighbours(table: &dyn Table, seat: usize) -> ([(usize, u8); 2], usize) {
    let n = table.seats();
    let mut out = [(0, 0); 2];
    let mut k = 0;
    for i in [(seat + 1) % n, (seat + n - 1) % n] {
        if i == seat || (k == 1 && out[0].0 == i) {
            continue;
        }
        if let Some(c) = table.on_deck(i) {
            out[k] = (i, c);
            k += 1;
        }
    }
    (out, k)
}

/// Whether player `i`'s card `c` has a Harvest ability that can cost its user (Grassland's mana, EN:1029):
/// using it is the player's decision (`use p1 c7`, ruling MV23).
fn can_cost(table: &dyn Table, i: usize, c: u8) -> bool {
    let db = table.db();
    card_abilities(db, table.cards(i)[c as usize], leader_face(db, table.leader(i), c))
        .any(|ab| ab.timing == Timing::Harvest && ab.effect == Effect::ManaMinus)
}

/// The neighbours' on-deck cards `seat` uses (as [`neighbours`]): each, but one that can cost only once
/// the player chose it ([`Table::on_deck_chosen`]).
fn used(table: &dyn Table, seat: usize) -> ([(usize, u8); 2], usize) {
    let (all, n) = neighbours(table, seat);
    let chosen = table.on_deck_chosen();
    let mut out = [(0, 0); 2];
    let mut k = 0;
    for &(i, c) in &all[..n] {
        if chosen & (1 << i) != 0 || !can_cost(table, i, c) {
            out[k] = (i, c);
            k += 1;
        }
    }
    (out, k)
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`],
/// held by [`crate::state::Turn`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Rules revision 8: the seats whose on-deck card, one that can cost, the player chose to use (`use
    /// p1 c7`), a bit per seat.
    #[serde(rename = "on_deck_chosen", skip_serializing_if = "is_zero")]
    pub chosen: u8,
    /// Rules revision 9: the seats whose on-deck leader card, Old Bakarab's upgraded side used with
    /// Dione's, the player paid to turn back (EN:1716); it turns as the Harvest Phase ends, a bit per seat.
    #[serde(rename = "on_deck_turn_back", skip_serializing_if = "is_zero")]
    pub turn_back: u8,
    /// Rules revision 9: what Dione's ability does as the Harvest begins happened in this Harvest Phase
    /// (once, EN:480, even if her card leaves the field and joins it again).
    #[serde(rename = "on_deck_begun", skip_serializing_if = "std::ops::Not::not")]
    pub begun: bool,
}

fn is_zero(x: &u8) -> bool {
    *x == 0
}

/// Whether the active player harvests Dione's upgraded side (the leader's card in the field, the side it
/// had as the Harvest began) under rules revision 8.
fn harvesting(game: &MysticVale) -> bool {
    game.options.rules >= DIONE_RULES
        && game.harvest_leader().is_some_and(|l| {
            let ab = l.face(&game.db).ability;
            ab.effect == Effect::Unique && ab.module == INDEX && game.cur().field.contains(&l.card)
        })
}

/// This module's index in [`super::MODULES`] (checked when compiling): the `module` of Dione's ability.
const INDEX: u8 = 0;
const _: () = assert!(same_key(super::MODULES[INDEX as usize].key, MODULE.key));

/// Whether two module keys are equal (in a constant).
const fn same_key(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether the active player's leader shows Dione's upgraded side for this Harvest under rules revision
/// 8: the cheap test the rules make, inline, before any of this module's work (which then reads the
/// field, [`harvesting`]), so that games without it pay one load and a branch.
#[inline]
pub(crate) fn may_harvest(game: &MysticVale) -> bool {
    match game.cur().leader {
        Some(l) if l.upgraded && !game.turn.upgraded && game.options.rules >= DIONE_RULES => {
            let ab = l.face(&game.db).ability;
            ab.effect == Effect::Unique && ab.module == INDEX
        }
        _ => false,
    }
}

/// The key, in `Turn::ability_used` and `Turn::ability_open`, of the left neighbour's used on-deck card's
/// unique ability (rules revision 8); the right one's is the next. The card's number in the hooks is
/// the key too: the used card is not one of the user's.
pub(crate) const USED_KEY: u8 = super::BOOST_KEY + 1;

/// Rules revision 8: calls `f(key, key, ability, module)` for each unique Harvest ability of the used
/// on-deck cards (a neighbour's leader card's side, Magpie), which act as the user's (ruling MV23).
/// Dione's own ability on a neighbour's card does not come again (the same cards, EN:1621).
#[cold]
#[inline(never)]
pub(crate) fn for_each_used_module(
    game: &MysticVale,
    f: &mut impl FnMut(u8, u8, crate::cards::Ability, &'static Module),
) {
    if !harvesting(game) {
        return;
    }
    let seat = game.current as usize;
    let left = (seat + 1) % game.players.len();
    let (used, k) = used(game, seat);
    for &(i, c) in &used[..k] {
        let key = if i == left { USED_KEY } else { USED_KEY + 1 };
        let p = &game.players[i];
        for ab in card_abilities(&game.db, p.cards[c as usize], leader_face(&game.db, p.leader, c)) {
            if ab.timing == Timing::Harvest
                && ab.effect == Effect::Unique
                && !super::is_unique(ab, &MODULE)
                && let Some(m) = super::module(ab.module)
            {
                f(key, key, ab, m);
            }
        }
    }
}

/// The owner and number of the used on-deck card a key of [`for_each_used_module`] names.
pub(crate) fn used_card(game: &MysticVale, key: u8) -> Option<(usize, u8)> {
    let side = key.checked_sub(USED_KEY).filter(|&s| s < 2)?;
    let n = game.players.len();
    let seat = game.current as usize;
    let i = if side == 0 { (seat + 1) % n } else { (seat + n - 1) % n };
    Some((i, game.players[i].on_deck?))
}

/// Rules revision 8: pushes `use p1 c7` for each neighbour's on-deck card that can cost and is not used
/// yet, while the mana left pays what it can take (in seat order: the actions' order).
#[cold]
#[inline(never)]
pub(crate) fn push_uses(game: &MysticVale, out: &mut Vec<crate::actions::Action>) {
    if !harvesting(game) {
        return;
    }
    let seat = game.current as usize;
    let (all, n) = neighbours(game, seat);
    let chosen = game.turn.fx.neighbour_on_deck.chosen;
    let mut offer = [None; 2];
    // The cards used now, as [`used`] gives them (one reading of each card's abilities for both).
    let (mut used, mut k) = ([(0, 0); 2], 0);
    for (j, &(i, c)) in all[..n].iter().enumerate() {
        let costs = can_cost(game, i, c);
        if chosen & (1 << i) != 0 || !costs {
            used[k] = (i, c);
            k += 1;
        } else if game.mana_left() >= cost(game, i, c) {
            offer[j] = Some(crate::actions::Action::UseOnDeck(i as u8, c));
        }
    }
    if let [Some(a), Some(b)] = offer
        && b < a
    {
        offer = [Some(b), Some(a)];
    }
    out.extend(offer.into_iter().flatten());
    // The exchange abilities (Seed Sowers) of the used cards the mana left pays, in seat order.
    let mut owners: [(usize, u8); 2] = used;
    owners[..k].sort_unstable();
    let mana = game.mana_left();
    for &(i, c) in &owners[..k] {
        let p = &game.players[i];
        let sleeve = p.cards[c as usize];
        let face = leader_face(&game.db, p.leader, c);
        let places = sleeve.slots.iter().enumerate().filter(|x| *x.1 != crate::state::EMPTY);
        let slots = places.map(|(at, &a)| (at as u8, game.db.hot_ref(a).ability));
        for (at, ab) in slots.chain(face.map(|f| (3, f.ability))) {
            if ab.timing == Timing::Harvest && ab.effect == Effect::Exchange && ab.amount <= mana {
                out.push(crate::actions::Action::UseOnDeckAbility(i as u8, c, at));
            }
        }
    }
}

/// Rules revision 8: `use p1 c7 middle`, the exchange ability (Seed Sowers, EN:1160) of a used card:
/// the user pays its mana for its reward, doubled by a Stag Champion on that card.
pub(crate) fn apply_exchange(game: &mut MysticVale, s: u8, c: u8, at: u8) {
    let p = &game.players[usize::from(s)];
    let Some(&sleeve) = p.cards.get(usize::from(c)) else { return };
    let ab = match sleeve.slots.get(usize::from(at)) {
        Some(&a) if a != crate::state::EMPTY => game.db.hot_ref(a).ability,
        Some(_) => return,
        None => match leader_face(&game.db, p.leader, c) {
            Some(f) => f.ability,
            None => return,
        },
    };
    if ab.timing != Timing::Harvest || ab.effect != Effect::Exchange {
        return;
    }
    let double = if CardStats::of(sleeve, &game.db, leader_face(&game.db, p.leader, c)).has(Effect::DoubleAbilityVp) {
        2
    } else {
        1
    };
    game.turn.mana_spent = game.turn.mana_spent.saturating_add(ab.amount);
    game.gain_now(ab.reward, double);
}

/// The most mana player `i`'s card `c` can take from its user (its Grassland abilities).
fn cost(game: &MysticVale, i: usize, c: u8) -> u8 {
    let db = &game.db;
    card_abilities(db, game.players[i].cards[c as usize], leader_face(db, game.players[i].leader, c))
        .filter(|ab| ab.timing == Timing::Harvest && ab.effect == Effect::ManaMinus)
        .fold(0u8, |m, ab| m.saturating_add(ab.amount))
}

/// Rules revision 8: `use p1 c7`, the player uses seat `s`'s on-deck card `c` (offered by [`push_uses`]):
/// it counts from now on, and what it does as the Harvest begins happens now.
pub(crate) fn apply_use(game: &mut MysticVale, s: u8, _c: u8) {
    game.turn.fx.neighbour_on_deck.chosen |= 1 << s;
    join(game, Some(usize::from(s)));
    game.recount();
}

/// Rules revision 9 ([`DIONE_TURN_BACK_RULES`], ruling MV23): the player paid Old Bakarab's "pay 1 to
/// turn Barkarb back to the starting side" (EN:1716) on the used on-deck card of key `key` (a key of
/// [`for_each_used_module`]): the ability names its own card, the neighbour's leader, which turns back as
/// the user's Harvest Phase ends ([`turn_back`]; its upgraded side counted in this one, as for its owner,
/// ruling MV75). Revision 8 took the mana and turned nothing.
pub(crate) fn pay_turn_back(game: &mut MysticVale, key: u8) {
    if game.options.rules < DIONE_TURN_BACK_RULES {
        return;
    }
    if let Some((i, _)) = used_card(game, key) {
        game.turn.fx.neighbour_on_deck.turn_back |= 1 << i;
    }
}

/// As the Harvest Phase ends (rules revision 9): the leaders the player paid to turn back through a used
/// Old Bakarab card turn to their starting side ([`pay_turn_back`]).
#[cold]
#[inline(never)]
pub(crate) fn turn_back(game: &mut MysticVale) {
    let seats = std::mem::take(&mut game.turn.fx.neighbour_on_deck.turn_back);
    for i in 0..game.players.len() {
        if seats & (1 << i) != 0 {
            super::flip_back::turn_leader_back(game, i);
        }
    }
}

/// What the field's counts read: printed decay, the most mana printed on one card, blank cards.
#[derive(Clone, Copy, Default)]
struct FieldCounts {
    /// Cards.
    cards: u32,
    /// Decay printed (Ashae's upgraded side, EN:1586-1590).
    decay: u32,
    /// The most mana printed on one card.
    most_mana: u32,
    /// Totally blank cards.
    blank: u32,
}

impl FieldCounts {
    /// The amount `per` multiplies for a card with `guardians` printed guardians, in this field (the
    /// used cards' and the user's own counting cards' reading of [`crate::harvest::harvest_count`]).
    fn count(&self, per: Count, guardians: u8) -> u32 {
        match per {
            Count::One => 1,
            Count::GuardiansOnCard => u32::from(guardians),
            Count::FieldPairs => self.cards / 2,
            Count::OtherFieldCards => self.cards.saturating_sub(1),
            Count::FieldShortfall => 7u32.saturating_sub(self.cards),
            Count::DecayField => self.decay,
            Count::MostManaOnFieldCard => self.most_mana,
            Count::BlankFieldCards => self.blank,
            _ => 0,
        }
    }
}

/// Whether a gain counted `per` grows as cards join the field: the user's own cards and vales counted
/// so count the used cards. A count that shrinks (Wolf Rider's and Beastbrother Hunter's shortfall) is
/// taken before Dione's ability brings them, the player's order (ruling MV23).
fn counts_field(per: Count) -> bool {
    matches!(
        per,
        Count::FieldPairs
            | Count::OtherFieldCards
            | Count::DecayField
            | Count::MostManaOnFieldCard
            | Count::BlankFieldCards
    )
}

/// The field's counts for `seat`: its own field (`own`), and with the used cards `used` in it (`all`);
/// the user's field cards with a Harvest ability (a bit per card, read again for their counts); and the
/// used cards' totals, in `used`'s order (the first repeated if there is one).
fn field_counts(table: &dyn Table, seat: usize, used: &[(usize, u8)]) -> (Counts, [CardStats; 2]) {
    let db = table.db();
    let field = table.field(seat);
    let mine = table.cards(seat);
    let my_leader = table.leader(seat);
    let mut own = FieldCounts { cards: field.len() as u32, ..FieldCounts::default() };
    // The field cards with a Harvest ability, read again by the caller (most have none).
    let mut acting = 0u32;
    for &c in field {
        let st = CardStats::of(mine[c as usize], db, leader_face(db, my_leader, c));
        own.decay += u32::from(st.decay_printed);
        own.most_mana = own.most_mana.max(u32::from(st.mana));
        if st.acts(Timing::Harvest) {
            acting |= 1 << c;
        }
    }
    own.blank = blank_cards(mine, my_leader, field.iter().copied());
    let mut all = own;
    let stats: [CardStats; 2] = std::array::from_fn(|j| match used.get(j).or(used.first()) {
        Some(&(i, c)) => CardStats::of(table.cards(i)[c as usize], db, leader_face(db, table.leader(i), c)),
        None => CardStats::default(),
    });
    for (j, &(i, c)) in used.iter().enumerate().take(2) {
        let st = &stats[j];
        all.cards += 1;
        all.decay += u32::from(st.decay_printed);
        all.most_mana = all.most_mana.max(u32::from(st.mana));
        all.blank += blank_cards(table.cards(i), table.leader(i), std::iter::once(c));
    }
    ((own, all, acting), stats)
}

/// The user's own field counts, those with the used cards, and the user's field cards with a Harvest
/// ability (see [`field_counts`]).
type Counts = (FieldCounts, FieldCounts, u32);

/// Whether the user's own field cards or vales have a Harvest gain that counts the field as it grows
/// ([`counts_field`]): else the used cards add nothing to them. Reads the sleeves, not their totals.
fn any_extra(table: &dyn Table, seat: usize) -> bool {
    let db = table.db();
    let (mine, my_leader) = (table.cards(seat), table.leader(seat));
    let counts =
        |ab: crate::cards::Ability| ab.timing == Timing::Harvest && ab.effect == Effect::Gain && counts_field(ab.per);
    table.harvest_vales(seat).iter().any(|&v| !db.hot_vale(v).remove_self && counts(db.hot_vale(v).ability))
        || table
            .field(seat)
            .iter()
            .any(|&c| card_abilities(db, mine[c as usize], leader_face(db, my_leader, c)).any(counts))
}

/// What the user's own field cards and vales that count the field gain more with the used cards in it
/// than without (`own` and `all` as [`field_counts`] gives them, `acting` its cards): `f(card, reward,
/// gain, double)` for each, `card` `None` for a vale. A count that shrinks (Wolf Rider's shortfall) is
/// taken before the used cards join (ruling MV23): only the counts of [`counts_field`] are read.
fn each_extra(
    table: &dyn Table,
    seat: usize,
    (own, all, acting): Counts,
    mut f: impl FnMut(Option<u8>, Reward, u32, u32),
) {
    let db = table.db();
    let mine = table.cards(seat);
    let my_leader = table.leader(seat);
    for &c in table.field(seat).iter().filter(|&&c| acting & (1 << c) != 0) {
        let face = leader_face(db, my_leader, c);
        let st = CardStats::of(mine[c as usize], db, face);
        let double = if st.has(Effect::DoubleAbilityVp) { 2 } else { 1 };
        for ab in card_abilities(db, mine[c as usize], face) {
            if ab.timing == Timing::Harvest && ab.effect == Effect::Gain && counts_field(ab.per) {
                let more = all.count(ab.per, st.guardians).saturating_sub(own.count(ab.per, st.guardians));
                f(Some(c), ab.reward, u32::from(ab.amount) * more, double);
            }
        }
    }
    // The user's vales that count the field (Manadew Meadow may choose a used card, EN:1397-1399: "1 card
    // in your field"); the neighbours' vales never come (they are not cards).
    for &v in table.harvest_vales(seat) {
        let x = db.hot_vale(v);
        let ab = x.ability;
        if ab.timing == Timing::Harvest && ab.effect == Effect::Gain && !x.remove_self && counts_field(ab.per) {
            let more = all.count(ab.per, 0).saturating_sub(own.count(ab.per, 0));
            f(None, ab.reward, u32::from(ab.amount) * more, 1);
        }
    }
}

/// Rules revision 8 (ruling MV23): the used cards' symbols and Harvest abilities, and what the user's
/// own counting cards gain from them, added to `totals` (see the module's documentation).
fn harvest_used(table: &dyn Table, seat: usize, totals: &mut Totals, minus: &mut u32) {
    let (used, k) = used(table, seat);
    if k == 0 {
        return;
    }
    let db = table.db();
    let (counts, stats) = field_counts(table, seat, &used[..k]);
    let all = counts.1;
    let mut sums = Gains::default();
    let mut factor = 1u32;
    for (j, &(i, c)) in used[..k].iter().enumerate() {
        let face = leader_face(db, table.leader(i), c);
        let st = &stats[j];
        sums.mana += u32::from(st.mana);
        for x in 0..4 {
            sums.spirits[x] += u32::from(st.spirits[x]);
        }
        sums.vp += u32::from(st.vp);
        let double = if st.has(Effect::DoubleAbilityVp) { 2 } else { 1 };
        for ab in card_abilities(db, table.cards(i)[c as usize], face) {
            if ab.timing != Timing::Harvest {
                continue;
            }
            match ab.effect {
                Effect::Gain => sums.add(ab.reward, u32::from(ab.amount) * all.count(ab.per, st.guardians), double),
                Effect::FillField if ab.reward == Reward::Mana => sums.mana += all.count(ab.per, st.guardians),
                Effect::ManaMinus => *minus += u32::from(ab.amount),
                Effect::MultiplyMana => factor = (factor * u32::from(ab.amount.max(1))).min(250),
                // Earthchant Chorus: its discount is for a card sleeved by its owner (EN:967). Call of
                // the Hunt and Canopy Explorer act as the Harvest begins (`begin`).
                _ => {}
            }
        }
    }
    // The user's own cards and vales that count the field count the used cards too.
    each_extra(table, seat, counts, |_, reward, gain, double| sums.add(reward, gain, double));
    let cap8 = |x: u32| x.min(250) as u8;
    let cap16 = |x: u32| x.min(u32::from(u16::MAX)) as u16;
    totals.mana = totals.mana.saturating_add(cap8(sums.mana));
    for x in 0..4 {
        totals.spirits[x] = totals.spirits[x].saturating_add(cap8(sums.spirits[x]));
    }
    totals.vp = totals.vp.saturating_add(cap16(sums.vp));
    totals.box_vp = totals.box_vp.saturating_add(cap16(sums.box_vp));
    totals.mana_factor = cap8(u32::from(totals.mana_factor.max(1)) * factor);
}

/// Rules revision 9 ([`DIONE_BANK_RULES`], rulings MV23, MV83): in the gains of each unit `out` (field
/// cards by number, the vales at [`NUM_CARDS`]), what the user's own cards and vales gain through the
/// used cards moves from Dione's card `dione` (where the harvest hook counted it) to the card or vales
/// whose ability gains it. Manadew Meadow's gain is then one gain, kept at its best as a whole (the card
/// it chooses, the user's or a used one), and a card that leaves the field keeps only its own gain. The
/// totals do not change. Revision 8 keeps it under Dione's card.
#[cold]
#[inline(never)]
pub(crate) fn rebank(table: &dyn Table, seat: usize, dione: u8, out: &mut crate::harvest::Parts) {
    if table.rules() < DIONE_BANK_RULES {
        return;
    }
    let (used, k) = used(table, seat);
    if k == 0 || !any_extra(table, seat) {
        return;
    }
    let mut extras: [(Option<u8>, Gains); NUM_CARDS + 1] = std::array::from_fn(|_| (None, Gains::default()));
    let mut n = 0;
    each_extra(table, seat, field_counts(table, seat, &used[..k]).0, |card, reward, gain, double| {
        if gain == 0 || n == extras.len() {
            return;
        }
        extras[n].0 = card;
        extras[n].1.add(reward, gain, double);
        n += 1;
    });
    for (card, sums) in &extras[..n] {
        let to = card.map_or(NUM_CARDS, usize::from);
        if to == usize::from(dione) {
            continue;
        }
        let from = &mut out[usize::from(dione)];
        let mana = from.mana.min(sums.mana.min(250) as u8);
        from.mana -= mana;
        let mut spirits = [0u8; 4];
        for x in 0..4 {
            spirits[x] = from.spirits[x].min(sums.spirits[x].min(250) as u8);
            from.spirits[x] -= spirits[x];
        }
        let vp = from.vp.min(sums.vp.min(u32::from(u16::MAX)) as u16);
        from.vp -= vp;
        let box_vp = from.box_vp.min(sums.box_vp.min(u32::from(u16::MAX)) as u16);
        from.box_vp -= box_vp;
        let into = &mut out[to];
        into.mana = into.mana.saturating_add(mana);
        for x in 0..4 {
            into.spirits[x] = into.spirits[x].saturating_add(spirits[x]);
        }
        into.vp = into.vp.saturating_add(vp);
        into.box_vp = into.box_vp.saturating_add(box_vp);
    }
}

/// Rules revision 8, as the Harvest Phase begins (after the user's own Call of the Hunt and Canopy
/// Explorer): Call of the Hunt on a used card fills the user's field until it holds its number of cards,
/// the used cards included; Canopy Explorer on a used card takes a card of the user's deck for each
/// guardian printed on it. The cards join the right end of the field (ruling MV41's `added`: the user's
/// Wolf Rider is resolved before them).
///
/// Then the used cards' own "as the Harvest begins" hooks act as the user's (GinGan's upgraded side on a
/// neighbour's on-deck leader card asks the user's neighbours, ruling MV23): the rules run the field's
/// first hook only, Dione's, and this one runs the used cards'.
fn begin(game: &mut MysticVale) {
    if game.options.rules < DIONE_RULES {
        return;
    }
    if game.options.rules >= DIONE_JOIN_RULES {
        game.turn.fx.neighbour_on_deck.begun = true;
    }
    join(game, None);
    let mut hooks: [Option<super::HarvestBeginHook>; 2] = [None; 2];
    let mut n = 0;
    for_each_used_module(game, &mut |_, _, _, m| {
        if let (Some(f), true) = (m.harvest_begin, n < 2) {
            hooks[n] = Some(f);
            n += 1;
        }
    });
    for f in hooks.into_iter().flatten() {
        f(game);
    }
}

/// Rules revision 9 ([`DIONE_JOIN_RULES`], ruling MV23): cards joined the active player's field at
/// `from` on during the Harvest (Summoner Stone's Evoke, Canopy Explorer resolved after a guardian was
/// added): if Dione's upgraded side is among them, her ability is in the field from now on (EN:478), and
/// what it does as the Harvest begins happens now ([`begin`]: the used cards' Call of the Hunt, Canopy
/// Explorer and leader hooks). Her card's symbols and the used cards' gains are counted by the recounts
/// from then on either way; revision 8 did not run this part. (A fill or Canopy Explorer the player
/// resolves, rules revision 8's decision, runs the hooks of the cards it brings already, MV91.)
#[inline]
pub(crate) fn joined(game: &mut MysticVale, from: usize) {
    if game.options.rules >= DIONE_JOIN_RULES && may_harvest(game) {
        dione_joined(game, from);
    }
}

/// [`joined`] once the active player's leader shows Dione's upgraded side.
#[cold]
#[inline(never)]
fn dione_joined(game: &mut MysticVale, from: usize) {
    let Some(l) = game.harvest_leader() else { return };
    if game.turn.fx.neighbour_on_deck.begun || !game.cur().field.get(from..).is_some_and(|new| new.contains(&l.card)) {
        return;
    }
    begin(game);
    game.count_places();
    game.recount();
}

/// Rules revision 8: seat `s` revealed a new on-deck card during the user's Harvest Phase (GinGan's
/// upgraded side): while the user harvests Dione's upgraded side, the new card is the one used from now
/// on, and what it does as the Harvest begins happens now (the card discarded no longer counts).
pub(crate) fn after_reveal(game: &mut MysticVale, s: usize) {
    if !harvesting(game) {
        return;
    }
    join(game, Some(s));
    game.recount();
}

/// The amount of the used cards' unique ability of `module` (GinGan's VP), if one is used now.
pub(crate) fn used_amount(game: &MysticVale, module: &Module) -> Option<u8> {
    let mut out = None;
    for_each_used_module(game, &mut |_, _, ab, _| {
        if out.is_none() && super::is_unique(ab, module) {
            out = Some(ab.amount);
        }
    });
    out
}

/// Rules revision 9 (ruling MV91): the neighbours' on-deck cards the active player uses now (as
/// [`used`]), none unless Dione's upgraded side is harvested. Their Call of the Hunt and Canopy Explorer
/// are the user's units (`turn/deck_to_field.rs`).
pub(crate) fn used_cards(game: &MysticVale) -> ([(usize, u8); 2], usize) {
    if !harvesting(game) {
        return ([(0, 0); 2], 0);
    }
    used(game, game.current as usize)
}

/// How many neighbours' on-deck cards `seat` uses now (as [`used`]; the words of a used fill, MV91).
pub(crate) fn used_count(table: &dyn Table, seat: usize) -> usize {
    used(table, seat).1
}

/// Rules revision 9 (ruling MV91): the neighbours' on-deck cards the active player may use this
/// Harvest (as [`neighbours`]: those that can cost included), none unless Dione's upgraded side is
/// harvested.
pub(crate) fn usable_cards(game: &MysticVale) -> ([(usize, u8); 2], usize) {
    if !harvesting(game) {
        return ([(0, 0); 2], 0);
    }
    neighbours(game, game.current as usize)
}

/// [`begin`]'s work for the used cards (of `only` that seat, if given). From rules revision 9 their
/// Call of the Hunt and Canopy Explorer are the user's units (ruling MV91, `turn/deck_to_field.rs`).
fn join(game: &mut MysticVale, only: Option<usize>) {
    if game.options.rules >= crate::effects::deck_to_field::HUNT_REOPEN_RULES {
        game.hunt_join_used(only);
        return;
    }
    let seat = game.current as usize;
    let (used, k) = used(game, seat);
    let (mut fill, mut explore) = (0usize, 0u32);
    for &(i, c) in used[..k].iter().filter(|x| only.is_none_or(|o| o == x.0)) {
        let sleeve = game.players[i].cards[c as usize];
        let face = leader_face(&game.db, game.players[i].leader, c);
        let guardians = CardStats::of(sleeve, &game.db, face).guardians;
        for ab in card_abilities(&game.db, sleeve, face) {
            match (ab.timing, ab.effect) {
                (Timing::Harvest, Effect::FillField) => fill = fill.max(usize::from(ab.amount)),
                (Timing::Harvest, Effect::DeckToField) => {
                    let per = if ab.per == Count::GuardiansOnCard { u32::from(guardians) } else { 1 };
                    explore += u32::from(ab.amount) * per;
                }
                _ => {}
            }
        }
    }
    if fill == 0 && explore == 0 {
        return;
    }
    let before = game.players[seat].field.len();
    let need = fill.min(NUM_CARDS).saturating_sub(before + k);
    game.deck_to_field(need as u32 + explore, &mut sylvan_engine::NoEvents);
    let added = game.players[seat].field.len() - before;
    if added > 0 {
        let fx = &mut game.turn.fx.deck_to_field;
        fx.added = fx.added.saturating_add(added as u8);
        game.count_places();
        game.recount();
    }
}

/// Rules revision 8, as the active player's view reads it (the words and the heuristic): calls `f(key,
/// owner, card, ability, module)` for each unique Harvest ability of the used on-deck cards, in the
/// order and with the keys of [`for_each_used_module`]. On-deck cards and their leader sides are public,
/// so the view sees what the rules walk.
pub(crate) fn for_each_used_in_view(
    view: &crate::view::View,
    f: &mut impl FnMut(u8, usize, u8, crate::cards::Ability, &'static Module),
) {
    if view.rules() < DIONE_RULES {
        return;
    }
    let seat = view.current as usize;
    let db = &*view.db;
    let dione = view.leader_card(seat).is_some_and(|l| {
        let side = crate::state::LeaderCard { upgraded: l.upgraded && !view.turn.upgraded, ..l };
        view.players[seat].field.contains(&l.card) && super::is_unique(side.face(db).ability, &MODULE)
    });
    if !dione {
        return;
    }
    let left = (seat + 1) % view.players.len();
    let (used, k) = used(view, seat);
    for &(i, c) in &used[..k] {
        let key = if i == left { USED_KEY } else { USED_KEY + 1 };
        for ab in card_abilities(db, view.cards(i)[c as usize], leader_face(db, view.leader(i), c)) {
            if ab.timing == Timing::Harvest
                && ab.effect == Effect::Unique
                && !super::is_unique(ab, &MODULE)
                && let Some(m) = super::module(ab.module)
            {
                f(key, i, c, ab, m);
            }
        }
    }
}

impl crate::effects::NewTurn for TurnState {
    /// From rules revision 9 ([`crate::setup::NEW_TURN_RULES`]) the cards chosen through Dione belong to
    /// one Harvest Phase (EN:1617-1619, MV23); revision 8 kept them, and its records replay so.
    fn new_turn(&mut self, rules: u8) {
        if rules >= crate::setup::NEW_TURN_RULES {
            *self = Self::default();
        }
    }
}
