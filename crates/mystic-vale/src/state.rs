//! The full state of a game: each player's 20 sleeved cards and where they are, the commons, the vales,
//! the VP pool, and the phase of the turn.

use serde::{Deserialize, Serialize};
use sylvan_engine::GameRng;

use crate::cards::{AdvAbility, CardDb, DbRef, Spirit};
use crate::setup::Options;

/// Cards in a player's deck (a sleeve each).
pub const NUM_CARDS: usize = 20;
/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Marker in a sleeve slot: no advancement.
pub const EMPTY: u8 = u8::MAX;

/// A card: a sleeve holding a starting card and up to three advancements, one per slot (top, middle,
/// bottom). Each slot holds an advancement id or [`EMPTY`]. Serialized as its three slots.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Sleeve {
    /// Advancement ids by slot.
    pub slots: [u8; 3],
}

impl Default for Sleeve {
    fn default() -> Self {
        Sleeve { slots: [EMPTY; 3] }
    }
}

impl Sleeve {
    /// The advancements in the sleeve.
    pub fn advs(self) -> impl Iterator<Item = u8> {
        self.slots.into_iter().filter(|&a| a != EMPTY)
    }
    /// Whether the card carries an advancement with this ability.
    pub fn has(self, db: &CardDb, ab: AdvAbility) -> bool {
        self.advs().any(|a| db.adv(a).ability == ab)
    }
    /// Guardian symbols (printed, plus `bonus` from Conclave of Ents).
    pub fn guardians(self, db: &CardDb, bonus: u8) -> u8 {
        self.advs().map(|a| db.adv(a).symbols.guardian).sum::<u8>() + bonus
    }
    /// Decay the card counts, after Lifebringer Seed (none) and Seedling (at most its amount).
    pub fn decay(self, db: &CardDb) -> u8 {
        let mut d = 0;
        let mut cap = u8::MAX;
        for a in self.advs() {
            let x = db.adv(a);
            d += x.symbols.decay;
            match x.ability {
                AdvAbility::LifebringerSeed => cap = 0,
                AdvAbility::Seedling => cap = cap.min(x.amount),
                _ => {}
            }
        }
        d.min(cap)
    }
    /// Growth the card counts, with Grovtender's growth per guardian.
    pub fn growth(self, db: &CardDb, bonus: u8) -> u8 {
        let mut g = 0;
        let guardians = self.guardians(db, bonus);
        for a in self.advs() {
            let x = db.adv(a);
            g += x.symbols.growth;
            if x.ability == AdvAbility::Grovtender {
                g = g.saturating_add(x.amount.saturating_mul(guardians));
            }
        }
        g
    }
    /// Printed mana.
    pub fn mana(self, db: &CardDb) -> u8 {
        self.advs().map(|a| db.adv(a).symbols.mana).sum()
    }
    /// Printed spirits by kind.
    pub fn spirits(self, db: &CardDb) -> [u8; 4] {
        let mut s = [0; 4];
        for a in self.advs() {
            for (k, v) in db.adv(a).symbols.spirits.iter().enumerate() {
                s[k] += v;
            }
        }
        s
    }
    /// Whether the card is a Cursed Land.
    pub fn is_cursed(self, db: &CardDb) -> bool {
        self.advs().any(|a| a == db.cursed_land)
    }
    /// Number of free slots.
    pub fn free_slots(self) -> usize {
        self.slots.iter().filter(|&&a| a == EMPTY).count()
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

    /// Adds cards on top, in order.
    pub fn extend_from_slice(&mut self, cards: &[u8]) {
        for &c in cards {
            self.push(c);
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
    /// Growth from Blooming Arbor, until the next Prep Phase.
    pub arbor_growth: u8,
    /// The card given +1 guardian by Conclave of Ents, and whether it was given in a Prep Phase
    /// (then it lasts through the next Planting Phase).
    pub conclave: Option<(u8, bool)>,
    /// Peacekeeper Druid used this turn.
    pub druid_used: bool,
    /// Peacekeeper Druid used in the last Prep Phase (not again in the next Planting Phase).
    pub druid_prep: bool,
    /// Cached per card: its totals (recomputed when it is sleeved).
    pub stats: [CardStats; NUM_CARDS],
    /// Cached: decay counted on the field and on-deck cards (sum of their `stats.decay`).
    pub shown_decay: u16,
    /// Cached: growth of the field and on-deck cards without Conclave of Ents (sum of `stats.growth`).
    pub shown_growth: u16,
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
            && self.token_active == o.token_active
            && self.vp == o.vp
            && self.vales == o.vales
            && self.skip_next == o.skip_next
            && self.arbor_growth == o.arbor_growth
            && self.conclave == o.conclave
            && self.druid_used == o.druid_used
            && self.druid_prep == o.druid_prep
            && self.shown_decay == o.shown_decay
            && self.shown_growth == o.shown_growth
    }
}

/// Bit of an advancement ability in [`CardStats::flags`].
#[inline]
pub const fn flag(ab: AdvAbility) -> u16 {
    1 << ab as u16
}

/// Abilities whose harvest gain depends on more than the card's printed symbols.
pub const HARVEST_FLAGS: u16 = flag(AdvAbility::PerGuardian)
    | flag(AdvAbility::Aurora)
    | flag(AdvAbility::MagicSeed)
    | flag(AdvAbility::Grassland);
/// Abilities that may ask a decision when their card is played.
pub const WHEN_PLAYED_FLAGS: u16 =
    flag(AdvAbility::DiscardFromField) | flag(AdvAbility::CleansingRain) | flag(AdvAbility::CalmWeather);

/// A card's totals, cached so that the hot path never walks the card table.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct CardStats {
    /// Decay it counts (after Lifebringer Seed and Seedling).
    pub decay: u8,
    /// Growth it counts without Conclave of Ents (Grovtender included).
    pub growth: u8,
    /// Grovtender growth per extra guardian (Conclave of Ents).
    pub grov: u8,
    /// Printed mana.
    pub mana: u8,
    /// Printed spirits (animal, forest, sky, wild).
    pub spirits: [u8; 4],
    /// Printed guardians.
    pub guardians: u8,
    /// Printed left-side VP.
    pub vp: u8,
    /// The abilities on the card ([`flag`] bits).
    pub flags: u16,
}

impl CardStats {
    /// The totals of sleeve `s`: decay after Lifebringer Seed (none) and Seedling (at most its amount),
    /// growth with Grovtender's growth per guardian (as [`Sleeve::decay`] and [`Sleeve::growth`]).
    pub fn of(s: Sleeve, db: &CardDb) -> CardStats {
        let mut st = CardStats::default();
        let mut cap = u8::MAX;
        for a in s.advs() {
            let x = db.adv(a);
            st.decay += x.symbols.decay;
            st.growth += x.symbols.growth;
            match x.ability {
                AdvAbility::LifebringerSeed => cap = 0,
                AdvAbility::Seedling => cap = cap.min(x.amount),
                AdvAbility::Grovtender => st.grov += x.amount,
                _ => {}
            }
            st.mana += x.symbols.mana;
            for k in 0..4 {
                st.spirits[k] += x.symbols.spirits[k];
            }
            st.guardians += x.symbols.guardian;
            st.vp += x.symbols.vp_harvest;
            st.flags |= flag(x.ability);
        }
        st.decay = st.decay.min(cap);
        st.growth = st.growth.saturating_add(st.grov.saturating_mul(st.guardians));
        debug_assert_eq!((st.decay, st.growth), (s.decay(db), s.growth(db, 0)));
        st
    }

    /// Whether the card carries ability `ab`.
    #[inline]
    pub fn has(&self, ab: AdvAbility) -> bool {
        self.flags & flag(ab) != 0
    }
}

impl Player {
    /// Recomputes the cached totals of card `c` (after sleeving), keeping the field totals right.
    pub fn refresh(&mut self, db: &CardDb, c: usize) {
        let old = self.stats[c];
        let new = CardStats::of(self.cards[c], db);
        self.stats[c] = new;
        if self.field.contains(&(c as u8)) || self.on_deck == Some(c as u8) {
            self.shown_decay = self.shown_decay - u16::from(old.decay) + u16::from(new.decay);
            self.shown_growth = self.shown_growth - u16::from(old.growth) + u16::from(new.growth);
        }
    }

    /// Recomputes every card's totals and the field totals (after building a player from parts).
    pub fn refresh_all(&mut self, db: &CardDb) {
        for c in 0..NUM_CARDS {
            self.stats[c] = CardStats::of(self.cards[c], db);
        }
        self.recount_shown();
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
        let (field, discard) = (&mut self.field, &mut self.discard);
        discard.extend_from_slice(field);
        field.clear();
        self.recount_shown();
    }

    /// Bit mask of the field's cards.
    #[inline]
    pub fn field_mask(&self) -> u32 {
        self.field.iter().fold(0, |m, &c| m | 1 << c)
    }

    /// The Conclave of Ents bonus on card `c`.
    #[inline]
    pub fn bonus(&self, c: u8) -> u8 {
        u8::from(matches!(self.conclave, Some((x, _)) if x == c))
    }
}

/// An advancement bought this turn and waiting to be sleeved.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Bought {
    /// The advancement.
    pub adv: u8,
    /// The card it must go on (Earthchant Chorus), or [`EMPTY`] for the player's choice.
    pub target: u8,
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
    /// The mana token was spent this turn.
    pub token_used: bool,
    /// Sunstone Aerie used: the kind turned wild.
    pub aerie: Option<Spirit>,
    /// Conclave of Ents used this turn.
    pub conclave_used: bool,
    /// Advancements bought.
    pub bought: Vec<Bought>,
    /// Vales bought (the last ones in the player's list).
    pub vales_bought: u8,
    /// Vale abilities usable this turn (bit `ValeAbility as u8`): owned before the turn began.
    pub usable: u8,
    /// An Earthchant Chorus is in the field (set when the Harvest Phase begins).
    pub chorus: bool,
    /// Per slot: field cards with that slot free, minus the purchases of that slot (set when the Harvest
    /// Phase begins; each purchase takes one place).
    pub free: [i8; 3],
    /// "When played" abilities already resolved in this Planting Phase (or this Prep Phase once it has
    /// begun): bit `3 * card + slot`. They do not resolve again in the same phase (ruling MV19).
    pub when_played_used: u64,
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
    /// Discard Phase: sleeve the next bought advancement.
    Sleeve,
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
    /// VP tokens left in the pool.
    pub pool: u16,
    /// The pool ran out: the round is being finished.
    pub ending: bool,
    /// The current turn.
    pub turn: Turn,
    /// Calm Weather: the top card of the deck the active player is looking at.
    pub peek: Option<u8>,
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

    /// Decay showing (field and on-deck) minus growth (field, on-deck, abilities) for player `p`.
    pub fn net_decay(&self, p: usize) -> i32 {
        let db = &*self.db;
        let pl = &self.players[p];
        let mut growth = i32::from(pl.shown_growth) + i32::from(pl.arbor_growth);
        for &v in &pl.vales {
            let vale = db.hot_vale(v);
            if vale.ability == crate::cards::ValeAbility::AncientLiferoots {
                growth += i32::from(vale.amount);
            }
        }
        if let Some((c, _)) = pl.conclave
            && (pl.on_deck == Some(c) || pl.field.contains(&c))
        {
            growth += i32::from(pl.stats[c as usize].grov);
        }
        debug_assert_eq!(
            (pl.shown_decay, pl.shown_growth),
            pl.field.iter().chain(pl.on_deck.iter()).fold((0, 0), |(d, g), &c| (
                d + u16::from(pl.stats[c as usize].decay),
                g + u16::from(pl.stats[c as usize].growth)
            )),
            "cached field totals"
        );
        i32::from(pl.shown_decay) - growth
    }
}
