//! The full state of a game: each player's 20 sleeved cards and where they are, the commons, the vales,
//! the VP pool, and the phase of the turn.

use serde::{Deserialize, Serialize};
use sylvan_engine::GameRng;

use crate::cards::{Ability, CardDb, Count, DbRef, Effect, Face, Reward, Timing};
use crate::setup::Options;

/// Cards in a player's deck (a sleeve each).
pub const NUM_CARDS: usize = 20;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Marker in a sleeve slot: no advancement.
pub const EMPTY: u8 = u8::MAX;

/// A card: a sleeve holding a starting card and up to three advancements, one per slot (top, middle,
/// bottom), each an advancement id or [`EMPTY`]. Under a slot's advancement may lie a covered eclipse
/// advancement (EN:773-783): it is owned but its symbols, ability and end-of-game VP no longer count.
/// Serialized as its three slots, with the covered ones only when there are any.
#[derive(Clone, Copy, Eq, Debug)]
pub struct Sleeve {
    /// Advancement ids by slot (the visible ones).
    pub slots: [u8; 3],
    /// Covered eclipse advancements by slot, or [`EMPTY`].
    pub covered: [u8; 3],
}

/// Two sleeves are equal when their six bytes are, compared as one word (not two arrays of three bytes,
/// each read in two loads): the content checks of the Harvest Phase compare a sleeve per field card.
impl PartialEq for Sleeve {
    #[inline]
    fn eq(&self, o: &Sleeve) -> bool {
        let word = |s: &Sleeve| {
            let ([a, b, c], [d, e, f]) = (s.slots, s.covered);
            u64::from_le_bytes([a, b, c, d, e, f, 0, 0])
        };
        word(self) == word(o)
    }
}

impl Default for Sleeve {
    fn default() -> Self {
        Sleeve { slots: [EMPTY; 3], covered: [EMPTY; 3] }
    }
}

/// A sleeve in JSON: an empty slot is `null` (255, as older files wrote it, reads as empty too).
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum SleeveRepr {
    Plain([Option<u8>; 3]),
    Covered { slots: [Option<u8>; 3], covered: [Option<u8>; 3] },
}

fn json_slots(x: [u8; 3]) -> [Option<u8>; 3] {
    x.map(|a| (a != EMPTY).then_some(a))
}

fn from_json_slots(x: [Option<u8>; 3]) -> [u8; 3] {
    x.map(|a| a.unwrap_or(EMPTY))
}

impl Serialize for Sleeve {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.covered == [EMPTY; 3] {
            SleeveRepr::Plain(json_slots(self.slots)).serialize(s)
        } else {
            SleeveRepr::Covered { slots: json_slots(self.slots), covered: json_slots(self.covered) }.serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Sleeve {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match SleeveRepr::deserialize(d)? {
            SleeveRepr::Plain(slots) => Sleeve { slots: from_json_slots(slots), covered: [EMPTY; 3] },
            SleeveRepr::Covered { slots, covered } => {
                Sleeve { slots: from_json_slots(slots), covered: from_json_slots(covered) }
            }
        })
    }
}

impl Sleeve {
    /// The advancement showing in slot `k` (0 top, 1 middle, 2 bottom), if any.
    pub fn slot(self, k: usize) -> Option<u8> {
        self.slots.get(k).copied().filter(|&a| a != EMPTY)
    }
    /// The eclipse advancement covered in slot `k`, if any.
    pub fn covered_in(self, k: usize) -> Option<u8> {
        self.covered.get(k).copied().filter(|&a| a != EMPTY)
    }
    /// A sleeve with these advancements by slot.
    pub fn with(slots: [u8; 3]) -> Sleeve {
        Sleeve { slots, covered: [EMPTY; 3] }
    }
    /// The visible advancements in the sleeve.
    pub fn advs(self) -> impl Iterator<Item = u8> {
        self.slots.into_iter().filter(|&a| a != EMPTY)
    }
    /// Every advancement in the sleeve, covered ones included (they are still owned).
    pub fn owned(self) -> impl Iterator<Item = u8> {
        self.slots.into_iter().chain(self.covered).filter(|&a| a != EMPTY)
    }
    /// Whether the card carries an advancement with this effect.
    pub fn has(self, db: &CardDb, e: Effect) -> bool {
        self.advs().any(|a| db.adv(a).ability.effect == e)
    }
    /// Guardian symbols (printed, plus `bonus` from Conclave of Ents).
    pub fn guardians(self, db: &CardDb, bonus: u8) -> u8 {
        CardStats::of(self, db, None).guardians.saturating_add(bonus)
    }
    /// Decay the card counts, after its abilities (as [`CardStats::of`]).
    pub fn decay(self, db: &CardDb) -> u8 {
        CardStats::of(self, db, None).decay
    }
    /// Growth the card counts, with `bonus` guardians (as [`CardStats::of`]).
    pub fn growth(self, db: &CardDb, bonus: u8) -> u8 {
        let st = CardStats::of(self, db, None);
        st.growth.saturating_add(st.grov.saturating_mul(bonus))
    }
    /// Printed mana.
    pub fn mana(self, db: &CardDb) -> u8 {
        CardStats::of(self, db, None).mana
    }
    /// Spirits by kind, after its abilities.
    pub fn spirits(self, db: &CardDb) -> [u8; 4] {
        CardStats::of(self, db, None).spirits
    }
    /// Whether the card is a Cursed Land.
    pub fn is_cursed(self, db: &CardDb) -> bool {
        self.advs().any(|a| a == db.cursed_land)
    }
    /// Number of free slots.
    pub fn free_slots(self) -> usize {
        self.slots.iter().filter(|&&a| a == EMPTY).count()
    }
    /// Whether advancement `adv` may be sleeved here (EN:556-560, 773-783): into a free slot, over an
    /// uncovered eclipse advancement (not with an eclipse advancement), or under an advancement as an
    /// eclipse advancement. Never on a leader's card (checked by the caller).
    pub fn fits(self, db: &CardDb, adv: u8) -> bool {
        let h = db.hot(adv);
        let s = h.slot as usize;
        let here = self.slots[s];
        // A starting card's printed symbols are behind every advancement: nothing goes under them.
        let printed = here == db.cursed_land || here == db.starting_soil;
        here == EMPTY || (!printed && self.covered[s] == EMPTY && db.hot(here).eclipse != h.eclipse)
    }
    /// Sleeves `adv` (which must [`fit`](Sleeve::fits)): an eclipse advancement goes under what is
    /// there, anything else covers an eclipse advancement.
    pub fn put(&mut self, db: &CardDb, adv: u8) {
        let s = db.hot(adv).slot as usize;
        let here = self.slots[s];
        if here == EMPTY {
            self.slots[s] = adv;
        } else if db.hot(adv).eclipse {
            self.covered[s] = adv;
        } else {
            self.covered[s] = here;
            self.slots[s] = adv;
        }
    }
}

/// A pile of a player's card numbers (deck, field, discard), stored inline: at most the 20 cards, no heap,
/// so that cloning a state copies memory instead of allocating. Reads like a slice; serialized as a list.
#[derive(Clone, Copy, Default)]
pub struct Pile {
    len: u8,
    items: [u8; NUM_CARDS],
}

impl Pile {
    /// An empty pile.
    pub const fn new() -> Pile {
        Pile { len: 0, items: [0; NUM_CARDS] }
    }

    /// A pile holding `cards` (at most 20; the rest is ignored).
    pub fn from_slice(cards: &[u8]) -> Pile {
        let mut p = Pile::new();
        p.extend_from_slice(cards);
        p
    }

    /// Adds a card on top (ignored if the pile already holds 20 cards, which a player's 20 cards never reach).
    #[inline]
    pub fn push(&mut self, c: u8) {
        debug_assert!((self.len as usize) < NUM_CARDS, "a pile holds at most 20 cards");
        if (self.len as usize) < NUM_CARDS {
            self.items[self.len as usize] = c;
            self.len += 1;
        }
    }

    /// Takes the top card.
    #[inline]
    pub fn pop(&mut self) -> Option<u8> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }

    /// Removes every card.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds cards on top, in order (those beyond 20 cards are ignored, as [`push`](Pile::push)).
    pub fn extend_from_slice(&mut self, cards: &[u8]) {
        let len = self.len as usize;
        let n = cards.len().min(NUM_CARDS - len);
        debug_assert!(n == cards.len(), "a pile holds at most 20 cards");
        self.items[len..len + n].copy_from_slice(&cards[..n]);
        self.len += n as u8;
    }

    /// Adds the cards of `other` on top, in order (those beyond 20 cards are ignored, as
    /// [`push`](Pile::push)). Copies a fixed 20 cards at the end, so no call to `memcpy` and no branch
    /// on the count; the places beyond the length are never read.
    #[inline]
    pub fn append(&mut self, other: &Pile) {
        let len = usize::from(self.len);
        let n = usize::from(other.len).min(NUM_CARDS - len);
        debug_assert!(n == usize::from(other.len), "a pile holds at most 20 cards");
        let mut wide = [0u8; 2 * NUM_CARDS];
        wide[..NUM_CARDS].copy_from_slice(&self.items);
        wide[len..len + NUM_CARDS].copy_from_slice(&other.items);
        self.items.copy_from_slice(&wide[..NUM_CARDS]);
        self.len = (len + n) as u8;
    }

    /// Puts a card under the others (position 0).
    pub fn insert_bottom(&mut self, c: u8) {
        if (self.len as usize) < NUM_CARDS {
            self.items.copy_within(0..self.len as usize, 1);
            self.items[0] = c;
            self.len += 1;
        }
    }

    /// Keeps the first `n` cards.
    #[inline]
    pub fn truncate(&mut self, n: usize) {
        if n < self.len as usize {
            self.len = n as u8;
        }
    }

    /// Removes the card at position `k`, keeping the order of the others.
    pub fn remove(&mut self, k: usize) -> u8 {
        let c = self.items[k];
        self.items.copy_within(k + 1..self.len as usize, k);
        self.len -= 1;
        c
    }

    /// Keeps only the cards for which `keep` holds, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&u8) -> bool) {
        let mut n = 0;
        for k in 0..self.len as usize {
            let c = self.items[k];
            if keep(&c) {
                self.items[n] = c;
                n += 1;
            }
        }
        self.len = n as u8;
    }
}

impl std::ops::Deref for Pile {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
}

impl std::ops::DerefMut for Pile {
    #[inline]
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.items[..self.len as usize]
    }
}

impl<'a> IntoIterator for &'a Pile {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        **self == **other
    }
}

impl Eq for Pile {}

impl PartialEq<Vec<u8>> for Pile {
    fn eq(&self, other: &Vec<u8>) -> bool {
        **self == other[..]
    }
}

impl std::fmt::Debug for Pile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for Pile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<u8>::deserialize(d)?;
        if v.len() > NUM_CARDS {
            return Err(serde::de::Error::custom(format!("a pile holds at most {NUM_CARDS} cards, not {}", v.len())));
        }
        Ok(Pile::from_slice(&v))
    }
}

/// One player's cards and tokens. Equality ignores `stats`, a function of `cards` and the card table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Player {
    /// The 20 cards, by card number (c0..c19).
    pub cards: [Sleeve; NUM_CARDS],
    /// The deck, face down; the top is the last element.
    pub deck: Pile,
    /// The on-deck card.
    pub on_deck: Option<u8>,
    /// The field, left to right.
    pub field: Pile,
    /// Cards put face down under the deck in the open (Burrow Wyrms), bottom first: every seat knows they
    /// are the deck's bottom cards while they stay in it and it is not shuffled (ruling MV56). May hold
    /// cards drawn since; [`Player::known_bottom`] gives those still there.
    #[serde(default)]
    pub under: Pile,
    /// The discard pile (the top is the last element).
    pub discard: Pile,
    /// Whether the mana token shows its active side.
    pub token_active: bool,
    /// VP tokens gained.
    pub vp: u16,
    /// Vales owned (ids), in order bought.
    pub vales: Vec<u8>,
    /// Spoiled in a Prep Phase: the next turn skips to the Discard Phase.
    pub skip_next: bool,
    /// The player's leader, if any: which card carries it and its side.
    pub leader: Option<LeaderCard>,
    /// The two leaders dealt to choose from (`leaders=choose`), until the choice.
    pub leader_offer: Option<[u8; 2]>,
    /// The round in which the player last took an extra turn (0: never).
    #[serde(default)]
    pub extra_turn_round: u16,
    /// The player's amulet (Mana Storm), replacing the mana token; its side is `token_active`.
    #[serde(default)]
    pub amulet: Option<u8>,
    /// Mana gained outside the Harvest Phase for the next one; lost if that harvest is skipped by a
    /// Spoil (EN:1355, 1489).
    #[serde(default)]
    pub pending_mana: u8,
    /// Cached per card: its totals (recomputed when it is sleeved).
    pub stats: [CardStats; NUM_CARDS],
    /// Cached: decay counted on the field and on-deck cards (sum of their `stats.decay`).
    pub shown_decay: u16,
    /// Cached: growth of the field and on-deck cards without Conclave of Ents (sum of `stats.growth`).
    pub shown_growth: u16,
    /// Per-ability state, each part declared by its effect module (public: every seat sees it).
    #[serde(flatten)]
    pub fx: crate::effects::PlayerStates,
}

impl PartialEq for Player {
    fn eq(&self, o: &Player) -> bool {
        let bytes = |c: &[Sleeve; NUM_CARDS]| -> [u8; 3 * NUM_CARDS] {
            let mut b = [0; 3 * NUM_CARDS];
            for (k, s) in c.iter().enumerate() {
                b[3 * k..3 * k + 3].copy_from_slice(&s.slots);
            }
            b
        };
        bytes(&self.cards) == bytes(&o.cards)
            && self.deck == o.deck
            && self.on_deck == o.on_deck
            && self.field == o.field
            && self.discard == o.discard
            && self.known_bottom() == o.known_bottom()
            && self.token_active == o.token_active
            && self.vp == o.vp
            && self.vales == o.vales
            && self.skip_next == o.skip_next
            && self.leader == o.leader
            && self.leader_offer == o.leader_offer
            && self.extra_turn_round == o.extra_turn_round
            && self.amulet == o.amulet
            && self.pending_mana == o.pending_mana
            && self.fx == o.fx
            && self.shown_decay == o.shown_decay
            && self.shown_growth == o.shown_growth
    }
}

/// What a harvest ability gives one card of its owner until the end of the turn (Cyrilla, EN:1592-1606):
/// guardians, and with her upgraded side another card's ability, counted as if printed there (MV51, MV80).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Boost {
    /// The card.
    pub card: u8,
    /// Guardians it counts more.
    pub guardians: u8,
    /// The ability it also has.
    pub ability: Option<Ability>,
}

/// A leader in a player's deck: its id, the card (a blank starting card) it is sleeved into, its side,
/// and whether the other players have seen it (it is public once played, EN:810-816).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LeaderCard {
    /// The leader.
    pub id: u8,
    /// The card number it is sleeved into.
    pub card: u8,
    /// On its upgraded side.
    pub upgraded: bool,
    /// Played at least once: every seat knows it.
    pub public: bool,
}

impl LeaderCard {
    /// The side showing.
    #[inline]
    pub fn face(self, db: &CardDb) -> &Face {
        &db.leader(self.id).sides[usize::from(self.upgraded)]
    }
}

/// The face of the leader on card `c`, if it carries one.
#[inline]
pub fn leader_face(db: &CardDb, leader: Option<LeaderCard>, c: u8) -> Option<&Face> {
    leader.filter(|l| l.card == c).map(|l| l.face(db))
}

/// The abilities of card `c`: its visible advancements', then its leader side's.
pub fn card_abilities<'a>(db: &'a CardDb, s: Sleeve, face: Option<&'a Face>) -> impl Iterator<Item = Ability> + 'a {
    s.advs().map(move |a| db.hot(a).ability).chain(face.map(|f| f.ability))
}

/// The abilities of a card as [`card_abilities`] gives them, in an array: the first `n` are its.
#[inline]
pub fn ability_list(db: &CardDb, s: Sleeve, face: Option<&Face>) -> ([Ability; 4], usize) {
    let mut list = [Ability::NONE; 4];
    let mut n = 0;
    for a in s.slots {
        if a != EMPTY {
            list[n] = db.hot_ref(a).ability;
            n += 1;
        }
    }
    if let Some(f) = face {
        list[n] = f.ability;
        n += 1;
    }
    (list, n)
}

/// A card's totals, cached so that the hot path never walks the card table. The one place where a
/// card's symbols and its "ongoing" abilities are combined (ruling MV20 gives the order).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct CardStats {
    /// Decay it counts (after its caps).
    pub decay: u8,
    /// Decay printed (cancelled ones included).
    pub decay_printed: u8,
    /// Growth it counts without Conclave of Ents (growth per guardian included).
    pub growth: u8,
    /// Growth per extra guardian (Conclave of Ents).
    pub grov: u8,
    /// Mana printed.
    pub mana: u8,
    /// Spirits it counts (animal, forest, sky, wild), after additions and conversions.
    pub spirits: [u8; 4],
    /// Spirits per extra guardian (animal, forest, sky, wild), after conversions.
    pub spirits_per_guardian: [u8; 4],
    /// Guardians printed.
    pub guardians: u8,
    /// Left-side VP printed.
    pub vp: u8,
    /// The effects of its abilities ([`Effect::bit`]).
    pub effects: u32,
    /// The timings of its abilities ([`Timing::bit`]).
    pub timings: u32,
    /// What each slot offers a purchase (ruling MV21), as counters to add up over a field: 7 bits at
    /// `7 * (3 * slot + kind)` for kind 0 (empty), 1 (an advancement an eclipse one may go under), 2 (an
    /// eclipse advancement that may be covered). Full or printed slots, and a leader's card, count nothing.
    pub places: u64,
}

impl CardStats {
    /// Adds a face's printed symbols and its ability's kind (effect and timing) to these totals.
    #[inline(always)]
    fn add_symbols(&mut self, x: &crate::cards::Symbols, ab: Ability) {
        self.decay = self.decay.saturating_add(x.decay);
        self.growth = self.growth.saturating_add(x.growth);
        self.mana = self.mana.saturating_add(x.mana);
        for k in 0..4 {
            self.spirits[k] = self.spirits[k].saturating_add(x.spirits[k]);
        }
        self.guardians = self.guardians.saturating_add(x.guardian);
        self.vp = self.vp.saturating_add(x.vp_harvest);
        self.effects |= ab.effect.bit();
        self.timings |= ab.timing.bit();
    }

    /// The totals of sleeve `s` (with the leader side `face` if the card carries one). Order: printed
    /// symbols, additions per guardian, conversions to wild, caps (ruling MV20).
    pub fn of(s: Sleeve, db: &CardDb, face: Option<&Face>) -> CardStats {
        CardStats::boosted(s, db, face, None)
    }

    /// [`CardStats::of`] with `boost` on the card (its guardians count as printed ones, its ability as one
    /// of the card's).
    pub fn boosted(s: Sleeve, db: &CardDb, face: Option<&Face>, boost: Option<Boost>) -> CardStats {
        let mut st = CardStats::default();
        let mut cap = u8::MAX;
        let mut to_wild = false;
        // A face's symbols and kind are added in line (`add_symbols`); the few abilities that change
        // other totals (a cap, a conversion, additions: `NOT_ADDED`) go to `add_special`, out of line.
        for k in 0..3 {
            let here = s.slots[k];
            if here == EMPTY {
                if face.is_none() {
                    st.places |= 1 << (7 * (3 * k));
                }
                continue;
            }
            let h = db.hot(here);
            st.add_symbols(&h.symbols, h.ability);
            if h.ability.effect.bit() & Self::NOT_ADDED != 0 {
                st.add_special(h.ability, s, db, &mut cap, &mut to_wild);
            }
            if face.is_none() && s.covered[k] == EMPTY && here != db.cursed_land && here != db.starting_soil {
                st.places |= 1 << (7 * (3 * k + if h.eclipse { 2 } else { 1 }));
            }
        }
        if let Some(f) = face {
            st.add_symbols(&f.symbols, f.ability);
            if f.ability.effect.bit() & Self::NOT_ADDED != 0 {
                st.add_special(f.ability, s, db, &mut cap, &mut to_wild);
            }
        }
        if let Some(b) = boost {
            let symbols = crate::cards::Symbols { guardian: b.guardians, ..Default::default() };
            let ab = b.ability.unwrap_or(Ability::NONE);
            st.add_symbols(&symbols, ab);
            if ab.effect.bit() & Self::NOT_ADDED != 0 {
                st.add_special(ab, s, db, &mut cap, &mut to_wild);
            }
        }
        st.decay_printed = st.decay;
        st.decay = st.decay.min(cap);
        st.growth = st.growth.saturating_add(st.grov.saturating_mul(st.guardians));
        if st.spirits_per_guardian != [0; 4] {
            for k in 0..4 {
                st.spirits[k] = st.spirits[k].saturating_add(st.spirits_per_guardian[k].saturating_mul(st.guardians));
            }
        }
        if to_wild {
            for k in 0..3 {
                st.spirits[3] = st.spirits[3].saturating_add(st.spirits[k]);
                st.spirits[k] = 0;
                st.spirits_per_guardian[3] = st.spirits_per_guardian[3].saturating_add(st.spirits_per_guardian[k]);
                st.spirits_per_guardian[k] = 0;
            }
        }
        st
    }

    /// What an ability of [`NOT_ADDED`](Self::NOT_ADDED) adds to totals being built by
    /// [`CardStats::boosted`] for sleeve `s`: a decay cap (`cap`), the conversion of spirits to wild
    /// (`to_wild`), additions per guardian or per level-1 advancement.
    #[inline(never)]
    fn add_special(&mut self, ab: Ability, s: Sleeve, db: &CardDb, cap: &mut u8, to_wild: &mut bool) {
        // Level-1 advancements on the card (Fertile Soil is level 1), for "+n per level-1 advancement".
        // Counted only for the ability that reads it.
        let level1 = || s.advs().filter(|&a| db.hot_ref(a).level == 1).count() as u8;
        let add = |t: &mut u8, n: u8| *t = t.saturating_add(n);
        let st = self;
        match ab.effect {
            Effect::CapDecay => *cap = (*cap).min(ab.amount),
            Effect::SpiritsToWild => *to_wild = true,
            Effect::AddPer => match (ab.per, ab.reward) {
                (Count::Level1OnCard, Reward::Guardian) => {
                    add(&mut st.guardians, ab.amount.saturating_mul(level1()));
                }
                (Count::GuardiansOnCard, Reward::Growth) => add(&mut st.grov, ab.amount),
                (Count::GuardiansOnCard, r) => {
                    if let Some(k) = r.spirit() {
                        add(&mut st.spirits_per_guardian[k as usize], ab.amount);
                    }
                }
                (_, Reward::Growth) => add(&mut st.growth, ab.amount),
                (_, Reward::Guardian) => add(&mut st.guardians, ab.amount),
                (_, r) => {
                    if let Some(k) = r.spirit() {
                        add(&mut st.spirits[k as usize], ab.amount);
                    }
                }
            },
            _ => {}
        }
    }

    /// The effects whose part of a card's totals is not a sum over its advancements (a cap, a
    /// conversion, additions per guardian or per level-1 advancement): [`CardStats::with_added`] leaves
    /// cards with any of them to [`CardStats::boosted`].
    const NOT_ADDED: u32 = Effect::CapDecay.bit() | Effect::SpiritsToWild.bit() | Effect::AddPer.bit();

    /// The fast path of [`CardStats::boosted`] as an advancement `adv` is sleeved into the empty slot
    /// of a card with neither a leader side nor a boost, `self` being the card's totals before (as
    /// `boosted` made them): with no effect of [`NOT_ADDED`](Self::NOT_ADDED) on the card or on `adv`,
    /// every total is a saturating sum over the advancements (order does not change a saturating sum of
    /// non-negative terms), so `adv`'s symbols are added to it, and its slot's place moves from "empty"
    /// to "upgrade" (or none). `None` where the fast path does not apply. `covered`: the slot's covered
    /// advancement after the sleeving. The reference, `boosted` on the new sleeve, is compared in a debug
    /// assertion at each use (`Player::sleeve_adv`).
    #[inline]
    fn with_added(self, db: &CardDb, adv: u8, covered: u8) -> Option<CardStats> {
        let h = db.hot(adv);
        if (self.effects | h.ability.effect.bit()) & Self::NOT_ADDED != 0 {
            return None;
        }
        let mut st = self;
        st.add_symbols(&h.symbols, h.ability);
        st.decay_printed = st.decay;
        let k = h.slot as u64;
        st.places &= !(1 << (7 * (3 * k)));
        if covered == EMPTY && adv != db.cursed_land && adv != db.starting_soil {
            st.places |= 1 << (7 * (3 * k + if h.eclipse { 2 } else { 1 }));
        }
        Some(st)
    }

    /// Whether the card carries an ability with effect `e`.
    #[inline]
    pub fn has(&self, e: Effect) -> bool {
        self.effects & e.bit() != 0
    }

    /// Whether the card carries an ability with timing `t`.
    #[inline]
    pub fn acts(&self, t: Timing) -> bool {
        self.timings & t.bit() != 0
    }
}

impl Player {
    /// Recomputes the cached totals of card `c` (after sleeving), keeping the field totals right.
    pub fn refresh(&mut self, db: &CardDb, c: usize) {
        let old = self.stats[c];
        let new = CardStats::boosted(self.cards[c], db, leader_face(db, self.leader, c as u8), self.boost_on(c as u8));
        self.stats[c] = new;
        if self.field.contains(&(c as u8)) || self.on_deck == Some(c as u8) {
            self.shown_decay = self.shown_decay - u16::from(old.decay) + u16::from(new.decay);
            self.shown_growth = self.shown_growth - u16::from(old.growth) + u16::from(new.growth);
        }
    }

    /// Sleeves advancement `adv` on card `c` ([`Sleeve::put`]) and updates its totals: the card's totals
    /// plus the advancement's symbols (`CardStats::with_added`) where the slot was empty and the card has
    /// neither a leader side nor a boost (most sleevings), else as [`refresh`](Player::refresh) does.
    pub fn sleeve_adv(&mut self, db: &CardDb, c: usize, adv: u8) {
        let slot = db.hot(adv).slot as usize;
        let empty = self.cards[c].slots[slot] == EMPTY;
        self.cards[c].put(db, adv);
        let plain = empty && self.leader.is_none_or(|l| usize::from(l.card) != c) && self.boost_on(c as u8).is_none();
        let Some(new) = plain.then(|| self.stats[c].with_added(db, adv, self.cards[c].covered[slot])).flatten() else {
            self.refresh(db, c);
            return;
        };
        debug_assert_eq!(new, CardStats::boosted(self.cards[c], db, None, None), "CardStats::with_added");
        let old = std::mem::replace(&mut self.stats[c], new);
        if self.field.contains(&(c as u8)) || self.on_deck == Some(c as u8) {
            self.shown_decay = self.shown_decay - u16::from(old.decay) + u16::from(new.decay);
            self.shown_growth = self.shown_growth - u16::from(old.growth) + u16::from(new.growth);
        }
    }

    /// Recomputes every card's totals and the field totals (after building a player from parts).
    pub fn refresh_all(&mut self, db: &CardDb) {
        // Totals are a function of the sleeve (and a leader side or a boost): starting cards repeat, so a
        // plain card with the sleeve of the plain card before it takes that one's totals.
        let mut plain_before = false;
        for c in 0..NUM_CARDS {
            let face = leader_face(db, self.leader, c as u8);
            let boost = self.boost_on(c as u8);
            let plain = face.is_none() && boost.is_none();
            self.stats[c] = if plain && plain_before && self.cards[c] == self.cards[c - 1] {
                self.stats[c - 1]
            } else {
                CardStats::boosted(self.cards[c], db, face, boost)
            };
            plain_before = plain;
        }
        self.recount_shown();
    }

    /// [`refresh_all`](Player::refresh_all) after a change that reaches card `c` alone (its leader
    /// side, as a leader is chosen or drafted at setup): only that card's totals are recomputed, then the
    /// field totals. The other cards' totals must be up to date; in debug builds the result is compared
    /// with `refresh_all` (the reference).
    pub fn refresh_card(&mut self, db: &CardDb, c: u8) {
        if let Some(&sleeve) = self.cards.get(usize::from(c)) {
            self.stats[usize::from(c)] =
                CardStats::boosted(sleeve, db, leader_face(db, self.leader, c), self.boost_on(c));
        }
        self.recount_shown();
        #[cfg(debug_assertions)]
        {
            let mut reference = self.clone();
            reference.refresh_all(db);
            debug_assert!(
                reference.stats == self.stats
                    && (reference.shown_decay, reference.shown_growth) == (self.shown_decay, self.shown_growth),
                "refresh_card: refresh_all"
            );
        }
    }

    /// The boost on card `c`, if any.
    #[inline]
    pub fn boost_on(&self, c: u8) -> Option<Boost> {
        self.fx.guardian_and_graft.boost.filter(|b| b.card == c)
    }

    /// Sets (or ends, with `None`) the boost, recounting the cards it leaves and reaches.
    pub fn set_boost(&mut self, db: &CardDb, boost: Option<Boost>) {
        let old = std::mem::replace(&mut self.fx.guardian_and_graft.boost, boost);
        for c in old.iter().chain(boost.iter()).map(|b| usize::from(b.card)) {
            self.refresh(db, c);
        }
    }

    /// The decay shown in the field and on deck less the growth shown there (the cached totals).
    #[inline]
    pub fn shown_net(&self) -> i32 {
        i32::from(self.shown_decay) - i32::from(self.shown_growth)
    }

    /// Recomputes the field + on-deck decay and growth totals from the card totals.
    pub fn recount_shown(&mut self) {
        let (mut d, mut g) = (0u16, 0u16);
        for &c in self.field.iter().chain(self.on_deck.iter()) {
            d += u16::from(self.stats[c as usize].decay);
            g += u16::from(self.stats[c as usize].growth);
        }
        self.shown_decay = d;
        self.shown_growth = g;
    }

    #[inline]
    fn show(&mut self, c: u8) {
        if let Some(l) = &mut self.leader
            && l.card == c
        {
            l.public = true;
        }
        self.shown_decay += u16::from(self.stats[c as usize].decay);
        self.shown_growth += u16::from(self.stats[c as usize].growth);
    }

    #[inline]
    fn hide(&mut self, c: u8) {
        self.shown_decay -= u16::from(self.stats[c as usize].decay);
        self.shown_growth -= u16::from(self.stats[c as usize].growth);
    }

    /// Turns the top card of the deck over as the new on-deck card (the deck must not be empty for a card).
    pub fn reveal_top(&mut self) -> Option<u8> {
        debug_assert!(self.on_deck.is_none());
        let c = self.deck.pop();
        if let Some(c) = c {
            self.show(c);
        }
        self.on_deck = c;
        c
    }

    /// Puts the on-deck card into the discard pile (Peacekeeper Druid).
    pub fn discard_on_deck(&mut self) -> Option<u8> {
        let c = self.on_deck.take();
        if let Some(c) = c {
            self.hide(c);
            self.discard.push(c);
        }
        c
    }

    /// Moves card `c` from the field to the discard pile.
    pub fn discard_from_field(&mut self, c: u8) {
        if let Some(k) = self.field.iter().position(|&x| x == c) {
            self.field.remove(k);
            self.hide(c);
            self.discard.push(c);
        }
    }

    /// Discards the whole field (not the on-deck card).
    pub fn discard_field(&mut self) {
        self.discard_field_but(0, None);
    }

    /// Discards the field but its first `kept` cards (Hatchery) and card `keep` (Pool of Visions): they
    /// stay, in that order, as the first cards of the next field.
    /// In line for the whole field (most Discard Phases): only the on-deck card shows after it.
    #[inline]
    pub fn discard_field_but(&mut self, kept: usize, keep: Option<u8>) {
        if kept == 0 && keep.is_none() {
            let (field, discard) = (&mut self.field, &mut self.discard);
            discard.append(field);
            field.clear();
            // `recount_shown` of the on-deck card alone.
            let st = self.on_deck.map(|c| self.stats[c as usize]);
            self.shown_decay = st.map_or(0, |st| u16::from(st.decay));
            self.shown_growth = st.map_or(0, |st| u16::from(st.growth));
            return;
        }
        self.discard_field_keeping(kept, keep);
    }

    /// [`discard_field_but`](Player::discard_field_but) when some cards stay.
    #[inline(never)]
    fn discard_field_keeping(&mut self, kept: usize, keep: Option<u8>) {
        let kept = kept.min(self.field.len());
        let mut stay = Pile::from_slice(&self.field[..kept]);
        for &c in self.field[kept..].iter() {
            if Some(c) == keep {
                stay.push(c);
            } else {
                self.discard.push(c);
            }
        }
        self.field = stay;
        self.recount_shown();
    }

    /// Moves the top card of the deck face up to the right end of the field (Canopy Explorer); `None`
    /// when the deck is empty.
    pub fn deck_to_field(&mut self) -> Option<u8> {
        let c = self.deck.pop()?;
        self.put_in_field(c);
        Some(c)
    }

    /// Puts card `c` (taken from the deck) at the end of the field, without playing it.
    pub fn put_in_field(&mut self, c: u8) {
        self.field.push(c);
        self.show(c);
    }

    /// Moves card `c` from the field to the bottom of the deck, face down.
    pub fn field_to_deck_bottom(&mut self, c: u8) {
        if let Some(k) = self.field.iter().position(|&x| x == c) {
            self.field.remove(k);
            self.hide(c);
            self.deck.insert_bottom(c);
            let deck = &self.deck;
            self.under.retain(|x| *x != c && deck.contains(x));
            self.under.insert_bottom(c);
        }
    }

    /// The deck's bottom cards every seat saw go there (Burrow Wyrms), bottom first (ruling MV56).
    pub fn known_bottom(&self) -> Pile {
        let mut p = self.under;
        p.retain(|x| self.deck.contains(x));
        p
    }

    /// The deck was shuffled: nobody knows its order any more.
    pub fn shuffled(&mut self) {
        self.under.clear();
    }

    /// The effects of the field's cards ([`CardStats::effects`] together) and the sum of their
    /// [`CardStats::places`], in one walk.
    #[inline]
    pub fn field_effects_and_places(&self) -> (u32, u64) {
        self.field.iter().fold((0, 0), |(e, s), &c| {
            let st = &self.stats[c as usize];
            (e | st.effects, s + st.places)
        })
    }

    /// The player's cards neither in the field nor on-deck (its deck and discard pile, by number: their
    /// contents, never their order).
    pub fn out_of_play(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.cards.len().min(NUM_CARDS) as u8).filter(|&c| !self.field.contains(&c) && self.on_deck != Some(c))
    }

    /// Bit mask of the field's cards.
    #[inline]
    pub fn field_mask(&self) -> u32 {
        self.field.iter().fold(0, |m, &c| m | 1 << c)
    }

    /// The extra guardians on card `c` this turn: Conclave of Ents' and Wildfire Ember's.
    #[inline]
    pub fn bonus(&self, c: u8) -> u8 {
        let ember = match self.fx.amulets.extra_guardians {
            Some((x, n)) if x == c => n,
            _ => 0,
        };
        let conclaves = u8::from(matches!(self.fx.plus_guardian.first, Some((x, _)) if x == c))
            + u8::from(matches!(self.fx.plus_guardian.second, Some((x, _)) if x == c));
        conclaves.saturating_add(ember)
    }

    /// The cards given extra guardians this turn, and how many (Conclave of Ents, Wildfire Ember).
    #[inline]
    pub fn bonuses(&self) -> [Option<(u8, u8)>; 3] {
        [
            self.fx.plus_guardian.first.map(|(c, _)| (c, 1)),
            self.fx.plus_guardian.second.map(|(c, _)| (c, 1)),
            self.fx.amulets.extra_guardians,
        ]
    }
}

/// An advancement bought this turn and waiting to be sleeved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Bought {
    /// The advancement.
    pub adv: u8,
    /// The card it must go on (Earthchant Chorus), or `None` for the player's choice.
    pub target: Option<u8>,
}

/// What the active player did this turn.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct Turn {
    /// Mana this Harvest Phase from symbols and abilities (after Grassland), without the token.
    pub mana_total: u8,
    /// Mana spent.
    pub mana_spent: u8,
    /// Spirits in the field and from abilities (animal, forest, sky, wild).
    pub spirits: [u8; 4],
    /// Spirits spent.
    pub spirit_spent: [u8; 4],
    /// VP the harvest gives.
    pub vp_total: u16,
    /// VP from the box the harvest gives.
    pub box_vp_total: u16,
    /// The leader was upgraded this turn (one of the advancement buys, EN:852).
    pub upgraded: bool,
    /// An extra turn follows this one (Centaur, Primal Power).
    #[serde(default)]
    pub extra_turn: bool,
    /// Extra advancement purchases the usable vales allow.
    #[serde(default)]
    pub extra_buys: u8,
    /// Effects of the usable vales that leave the game when used.
    #[serde(default)]
    pub removable: u32,
    /// Gains made this harvest by actions (vales, exchanges), added to the counted totals.
    #[serde(default)]
    pub gained: crate::harvest::Totals,
    /// Each field card's gains banked this harvest (index 20: the vales'). Rules revision 3: what each
    /// card's abilities gave when resolved (`use c7`, or at once when their gain cannot change), never
    /// re-derived (ruling MV87). Revision 2: the most each card gave at any count (MV83).
    #[serde(default, alias = "best")]
    pub banked: crate::harvest::Parts,
    /// The field changed in this Harvest Phase (an action that may lower a count): from then on the totals
    /// are read from `banked` at every recount; before, the field's gains as counted (the same).
    #[serde(default)]
    pub banking: bool,
    /// The cards counted in `banked` (bit per card; bit 20: the vales).
    #[serde(default, alias = "best_seen")]
    pub seen: u32,
    /// Rules revision 3: the cards (bit per card; bit 20: the vales) whose Harvest abilities can still
    /// change their gain and wait for the player's `use` (or the next action that is not a field change).
    #[serde(default)]
    pub open: u32,
    /// Rules revision 3: the units (as `open`) whose gain can change with the field, resolved or not.
    #[serde(default)]
    pub variable: u32,
    /// VP gained at once this harvest (exchanges, the `buy_vp` variant, vales), already in the player's
    /// play area (EN:695).
    #[serde(default)]
    pub vp_now: u16,
    /// Rules revision 6 (ruling MV83): the field's VP (from the pool, from the box) scored so far in this
    /// Harvest Phase by `score`; the Harvest's end scores what the field gives beyond them.
    #[serde(default)]
    pub scored: [u16; 2],
    /// The mana token was spent this turn.
    pub token_used: bool,
    /// Advancements bought.
    pub bought: Vec<Bought>,
    /// Vales bought (the last ones in the player's list).
    pub vales_bought: u8,
    /// Effects of the vales usable this turn ([`Effect::bit`]): owned before the turn began (EN:518).
    pub usable: u32,
    /// Per slot, the field's places for purchases (set when the Harvest and the Sleeve steps begin):
    /// empty slots, advancements an eclipse one may go under, eclipse ones that may be covered (MV21).
    pub places: [[u8; 3]; 3],
    /// Mana this Harvest Phase from the mana token and "when bought" gains (not recounted).
    #[serde(default)]
    pub mana_extra: u8,
    /// "When played" abilities already resolved in this Planting Phase (or this Prep Phase once it has
    /// begun): bit `3 * card + slot`. They do not resolve again in the same phase (ruling MV19).
    pub when_played_used: u64,
    /// Cards whose unique harvest ability with choices was used this turn (bit per card).
    #[serde(default)]
    pub ability_used: u32,
    /// The card whose unique harvest ability waits for more choices (only its actions and `decline`).
    #[serde(default)]
    pub ability_open: Option<u8>,
    /// Scratch of the unique ability in progress (Hempero: the commons positions cleared, bit `3l + k`).
    #[serde(default)]
    pub ability_state: u16,
    /// Purchases a unique ability adds this Harvest Phase, and the discount on the purchase beyond two
    /// (Nepeto).
    #[serde(default)]
    pub ability_buys: (u8, u8),
    /// The player Spoiled this turn (in its Planting Phase, or in the Prep Phase before it).
    #[serde(default)]
    pub spoiled: bool,
    /// The amulet was Evoked this turn (once a turn, EN:1811).
    #[serde(default)]
    pub evoked: bool,
    /// Per-ability state of this turn, each part declared by its effect module.
    #[serde(flatten)]
    pub fx: crate::effects::TurnStates,
}

impl Turn {
    /// What a new turn does to the turn's state, every field named (no `..`: a field added to `Turn` must
    /// say here what a new turn does to it). Each effect module's state resets as the module declares
    /// ([`crate::effects::NewTurn`], by rules revision). `usable`, `removable` and `extra_buys` are read
    /// from the usable vales right after (`begin_turn`); `seen` is set as the Harvest Phase begins.
    #[inline]
    pub(crate) fn new_turn(&mut self, rules: u8) {
        let Turn {
            mana_total,
            mana_spent,
            spirits,
            spirit_spent,
            vp_total,
            box_vp_total,
            upgraded,
            extra_turn,
            extra_buys: _,
            removable: _,
            gained,
            banked,
            banking,
            seen: _,
            open,
            variable,
            vp_now,
            scored,
            token_used,
            bought,
            vales_bought,
            usable: _,
            places,
            mana_extra,
            when_played_used,
            ability_used,
            ability_open,
            ability_state,
            ability_buys,
            spoiled,
            evoked,
            fx,
        } = self;
        fx.new_turn(rules);
        (*mana_total, *mana_spent, *mana_extra) = (0, 0, 0);
        (*spirits, *spirit_spent) = ([0; 4], [0; 4]);
        (*vp_total, *box_vp_total, *vp_now, *scored) = (0, 0, 0, [0; 2]);
        (*upgraded, *extra_turn, *token_used, *spoiled, *evoked) = (false, false, false, false, false);
        *gained = crate::harvest::Totals::default();
        if *banking {
            // Written only once banking began (the field changed in a Harvest): cleared only then.
            *banked = [crate::harvest::Totals::default(); NUM_CARDS + 1];
            *banking = false;
        }
        (*open, *variable) = (0, 0);
        bought.clear();
        *vales_bought = 0;
        *places = [[0; 3]; 3];
        (*when_played_used, *ability_used, *ability_open, *ability_state) = (0, 0, None, 0);
        *ability_buys = (0, 0);
    }

    /// Mana left to spend: the harvest's, the token's and "when bought" gains, less what was spent.
    pub fn mana_left(&self) -> u8 {
        self.mana_total.saturating_add(self.mana_extra).saturating_sub(self.mana_spent)
    }
}

/// Where the turn stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Planting: pass or push.
    Planting,
    /// About to spoil (in the Planting Phase, or the Prep Phase when `prep`): use Peacekeeper Druid,
    /// Blooming Arbor or Conclave of Ents, or accept.
    SpoilPrompt {
        /// In the Prep Phase.
        prep: bool,
    },
    /// A "when played" ability of card `card`, slot `slot`, waits for its choice.
    WhenPlayed {
        /// The card just played.
        card: u8,
        /// The slot of the ability.
        slot: u8,
        /// The slots (bit `1 << slot`) of the card's other "when played" abilities still to resolve.
        pending: u8,
        /// In the Prep Phase.
        prep: bool,
    },
    /// Several "when played" abilities of card `card` wait and their order can change the outcome: the
    /// active player chooses which resolves next (ruling MV6).
    Order {
        /// The card just played.
        card: u8,
        /// The slots (bit `1 << slot`) of the abilities still to resolve.
        pending: u8,
        /// In the Prep Phase.
        prep: bool,
    },
    /// Harvest: buy, use, end.
    Harvest,
    /// Wood Sprite Hoard, in the Harvest: the card `depth` below the top of the deck is shown (`peek`);
    /// discard it (`mill`) or keep it (`decline`); `left` cards still to look at, this one included.
    Look {
        /// Cards still to look at, this one included.
        left: u8,
        /// Cards kept above it.
        depth: u8,
    },
    /// Discard Phase, Hatchery: the player may keep field cards with the ability (not the leftmost at
    /// the start of the phase, `first`) as the leftmost cards of the next field, in the order chosen;
    /// the first `kept` cards of the field are kept so far.
    Hatch {
        /// The leftmost field card when the Discard Phase began.
        first: u8,
        /// Cards kept so far (they are the first of the field).
        kept: u8,
    },
    /// Setup with `leaders=choose`: the active player keeps one of the two leaders dealt.
    ChooseLeader,
    /// Setup, the official draft (EN:810-816): the active player takes a leader or an amulet from the
    /// table (`first`: the first round, in seat order; then the other kind, in reverse order).
    Draft {
        /// In the first round.
        first: bool,
    },
    /// Setup: the active player keeps the amulet or trades it for a regular mana token (EN:816).
    AmuletTrade,
    /// Discard Phase after a Spoil: the amulet may be Evoked on a field card (`evoke cN`) or not
    /// (`decline`).
    DiscardEvoke,
    /// Discard Phase: a vale may keep one field card for the next field (`keep`, or `decline`).
    Keep,
    /// Harvest Phase, GinGan's upgraded side: seat `seat` (not the active player) may discard its on-deck
    /// card (`discard cN`) or keep it (`decline`); then `next` decides the same; then the Harvest goes on.
    NeighbourDiscard {
        /// The seat deciding (to move).
        seat: u8,
        /// The seat asked next, if any.
        next: Option<u8>,
    },
    /// Discard Phase: sleeve the next bought advancement.
    Sleeve,
    /// After the last turn, Borderwatch Bog's extra Planting Phase for the active player: `push` or
    /// `pass`, nothing else (EN:1264-1276, ruling MV74).
    Bog,
    /// The game is over.
    Over,
}

/// One game of Mystic Vale.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct MysticVale {
    /// The options.
    pub options: Options,
    /// The card database in use.
    pub db: DbRef,
    /// Chance.
    pub rng: GameRng,
    /// The players.
    pub players: Vec<Player>,
    /// The starting player.
    pub start: u8,
    /// The active player.
    pub current: u8,
    /// The phase.
    pub phase: Phase,
    /// The commons: 3 face-up advancements per level.
    pub commons: [[u8; 3]; 3],
    /// Copies stacked under each commons advancement (variant `stacked_duplicates`), usually 0.
    #[serde(default)]
    pub commons_stack: [[u8; 3]; 3],
    /// The advancement decks per level (top last).
    pub adv_decks: [Vec<u8>; 3],
    /// Buyable Fertile Soils left, per slot.
    pub soil: [u8; 3],
    /// The face-up vales, 4 per level (`EMPTY` when none).
    pub vale_row: [[u8; 4]; 2],
    /// The vale decks (top last).
    pub vale_decks: [Vec<u8>; 2],
    /// Vales removed from the game (Blooming Arbor).
    pub removed_vales: Vec<u8>,
    /// Advancements removed from the game (Hempero).
    #[serde(default)]
    pub removed_advs: Vec<u8>,
    /// A vale every seat saw put face down on top of the level-1 vale deck (Crystal Cavern): still its top
    /// card while `vale_decks[0]` ends with it (ruling MV66).
    #[serde(default)]
    pub vale_top: Option<u8>,
    /// VP tokens left in the pool.
    pub pool: u16,
    /// The pool ran out: the round is being finished.
    pub ending: bool,
    /// The current turn.
    pub turn: Turn,
    /// Calm Weather: the top card of the deck the active player is looking at.
    pub peek: Option<u8>,
    /// The draft table during setup (public).
    #[serde(default)]
    pub draft: Option<crate::draft::DraftTable>,
    /// The six conclaves whose cards make the commons and vale decks (public; ids into
    /// `Conclaves::for_db`), when the option is set.
    #[serde(default)]
    pub conclaves: Option<[u8; crate::conclaves::PICK]>,
    /// Rounds begun.
    pub rounds: u16,
    /// Actions applied.
    pub moves: u32,
}

impl MysticVale {
    /// Number of players.
    #[inline]
    pub fn n(&self) -> usize {
        self.players.len()
    }

    /// The active player's state.
    #[inline]
    pub fn cur(&self) -> &Player {
        &self.players[self.current as usize]
    }

    /// The level-1 vale deck's top card if every seat saw it put there (Crystal Cavern, ruling MV66).
    pub fn known_vale_top(&self) -> Option<u8> {
        self.vale_top.filter(|v| self.vale_decks[0].last() == Some(v))
    }

    /// Decay showing (field and on-deck) minus growth (field, on-deck, abilities) for player `p`.
    pub fn net_decay(&self, p: usize) -> i32 {
        let db = &*self.db;
        let pl = &self.players[p];
        debug_assert_eq!(
            (pl.shown_decay, pl.shown_growth),
            pl.field.iter().chain(pl.on_deck.iter()).fold((0, 0), |(d, g), &c| (
                d + u16::from(pl.stats[c as usize].decay),
                g + u16::from(pl.stats[c as usize].growth)
            )),
            "cached field totals"
        );
        let mut net = pl.shown_net() - i32::from(pl.fx.spoil_growth.growth);
        if db.growth_vales {
            net -= vale_growth(db, &pl.vales);
        }
        if pl.fx.plus_guardian.first.is_some()
            || pl.fx.plus_guardian.second.is_some()
            || pl.fx.amulets.extra_guardians.is_some()
            || pl.fx.cancel_decay.until_prep.is_some()
            || pl.fx.cancel_decay.until_discard.is_some()
        {
            net -= self.growth_this_turn(p);
        }
        net
    }

    /// The part of player `p`'s growth in [`net_decay`](MysticVale::net_decay) that no card turned over
    /// changes (a Spoil's growth, the vales'), when no growth this turn depends on which cards show
    /// (else `None`): the net decay is then `shown_decay - shown_growth -` it.
    #[inline]
    pub(crate) fn steady_growth(&self, p: usize) -> Option<i32> {
        let pl = &self.players[p];
        if pl.fx.plus_guardian.first.is_some()
            || pl.fx.plus_guardian.second.is_some()
            || pl.fx.amulets.extra_guardians.is_some()
            || pl.fx.cancel_decay.until_prep.is_some()
            || pl.fx.cancel_decay.until_discard.is_some()
        {
            return None;
        }
        Some(i32::from(pl.fx.spoil_growth.growth) + vale_growth(&self.db, &pl.vales))
    }

    /// Growth and cancelled decay player `p`'s field and on-deck cards get this turn: Conclave of Ents',
    /// Wildfire Ember's extra guardians, Aether Tree, Bramble Spire.
    #[cold]
    fn growth_this_turn(&self, p: usize) -> i32 {
        let db = &*self.db;
        let pl = &self.players[p];
        let shown = |c: u8| pl.on_deck == Some(c) || pl.field.contains(&c);
        let mut growth = 0;
        for (c, n) in pl.bonuses().into_iter().flatten() {
            if shown(c) {
                growth += i32::from(pl.stats[c as usize].grov) * i32::from(n);
            }
        }
        if let Some(c) = pl.fx.cancel_decay.until_prep
            && shown(c)
        {
            growth += i32::from(aether_cancel(db, pl.cards[c as usize], &pl.stats[c as usize]));
        }
        if let Some(c) = pl.fx.cancel_decay.until_discard
            && shown(c)
        {
            growth += i32::from(pl.stats[c as usize].decay);
        }
        growth
    }
}

impl MysticVale {
    /// Growth player `p` has in the field, from effects and from vales, decay not subtracted (Sky Garden,
    /// EN:1462-1466).
    pub fn field_growth(&self, p: usize) -> i32 {
        let db = &*self.db;
        let pl = &self.players[p];
        let mut growth = i32::from(pl.fx.spoil_growth.growth) + vale_growth(db, &pl.vales);
        for &c in pl.field.iter() {
            let st = &pl.stats[c as usize];
            growth += i32::from(st.growth) + i32::from(st.grov) * i32::from(pl.bonus(c));
        }
        growth
    }
}

/// Growth the vales `vales` always give their owner.
pub fn vale_growth(db: &CardDb, vales: &[u8]) -> i32 {
    if !db.growth_vales {
        return 0;
    }
    vales.iter().map(|&v| i32::from(db.hot_vale_ref(v).growth)).sum()
}

/// Decay Aether Tree cancels on a card: all it counts but a Cursed Land's (EN:1230-1234).
pub fn aether_cancel(db: &CardDb, s: Sleeve, st: &CardStats) -> u8 {
    let cursed = if s.is_cursed(db) { db.adv(db.cursed_land).symbols.decay } else { 0 };
    st.decay.saturating_sub(cursed)
}
