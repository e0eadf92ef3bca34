//! The cards: 14 creatures (11 cards each, strength 0–10), 11 chameleons, and the tree cards.
//!
//! A [`Card`] is a compact id: creature `c` of strength `s` is `c * 11 + s` (0..154), chameleon `s` is
//! `154 + s`, the tree cards are 165..168 (L'Ancêtre) and 168..171 (Dryade). Hands and piles of cards are
//! [`CardSet`] bitsets, so they iterate in id order and never allocate.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sylvan_engine::ParseError;

/// One of the 14 creatures of the tournament (a champion card and its 11 creature cards).
/// Serialized as its three-letter code (`gru`); its full name is also read.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Creature {
    /// Gruyère: draw 3 cards.
    Gruyere,
    /// Lichen: take back one of your prediction stones.
    Lichen,
    /// Panache: set aside half of another player's hand.
    Panache,
    /// Griso: place a stone in any row up to the current one.
    Griso,
    /// Bicéphale: play a second card (once per turn).
    Bicephale,
    /// Le Duc: ask a player for a creature card, or see their hand.
    Duc,
    /// Carmen: discard any creature cards, unshown, in phase 3.
    Carmen,
    /// Bolet: use the power of an eliminated creature.
    Bolet,
    /// Sabot: draw 3 cards from a player's hand and keep one.
    Sabot,
    /// Croc ardent: take back a visible Croc ardent card from an earlier row.
    Croc,
    /// Rainette: swap two visible creature cards of a column.
    Rainette,
    /// Plume de velours: discard a visible card of another column of the current row.
    Plume,
    /// Ursus: half a point stronger, half a prestige point per stone at the end.
    Ursus,
    /// Le Pèlerin: take a visible chameleon into your hand.
    Pelerin,
}

impl Creature {
    /// The number of creatures.
    pub const COUNT: usize = 14;
    /// All creatures, in id order.
    pub const ALL: [Creature; 14] = [
        Creature::Gruyere,
        Creature::Lichen,
        Creature::Panache,
        Creature::Griso,
        Creature::Bicephale,
        Creature::Duc,
        Creature::Carmen,
        Creature::Bolet,
        Creature::Sabot,
        Creature::Croc,
        Creature::Rainette,
        Creature::Plume,
        Creature::Ursus,
        Creature::Pelerin,
    ];

    /// The creature with this index.
    #[inline]
    pub fn from_index(i: usize) -> Creature {
        Creature::ALL[if i < 14 { i } else { 0 }]
    }

    /// Its index in `0..14`.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name as printed on the champion card.
    pub fn name(self) -> &'static str {
        [
            "Gruyère",
            "Lichen",
            "Panache",
            "Griso",
            "Bicéphale",
            "Le Duc",
            "Carmen",
            "Bolet",
            "Sabot",
            "Croc ardent",
            "Rainette",
            "Plume de velours",
            "Ursus",
            "Le Pèlerin",
        ][self.index()]
    }

    /// Its three-letter code, used in action and card notation.
    pub fn code(self) -> &'static str {
        ["gru", "lic", "pan", "gri", "bic", "duc", "car", "bol", "sab", "cro", "rai", "plu", "urs", "pel"][self.index()]
    }

    /// The creature card of this creature with `strength` (0..=10).
    #[inline]
    pub fn card(self, strength: u8) -> Card {
        Card(self as u8 * 11 + strength)
    }
}

impl fmt::Display for Creature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Serialize for Creature {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Creature {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Creature {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_lowercase();
        Creature::ALL
            .iter()
            .copied()
            .find(|c| c.code() == lower || c.name().to_lowercase() == lower)
            .ok_or_else(|| crate::words::parse_error(s, sylvan_engine::Message::new("expect-creature")))
    }
}

/// The two kinds of tree card.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[repr(u8)]
pub enum TreeKind {
    /// L'Ancêtre: every secret prediction on a named creature is revealed.
    Ancetre,
    /// Dryade: take a visible creature card into your hand.
    Dryade,
}

impl TreeKind {
    /// Both kinds.
    pub const ALL: [TreeKind; 2] = [TreeKind::Ancetre, TreeKind::Dryade];

    /// The printed name.
    pub fn name(self) -> &'static str {
        match self {
            TreeKind::Ancetre => "L'Ancêtre",
            TreeKind::Dryade => "Dryade",
        }
    }

    /// The `n`-th card (0..3) of this kind.
    #[inline]
    pub fn card(self, n: u8) -> Card {
        Card(Card::FIRST_TREE + self as u8 * 3 + n)
    }
}

/// What a card is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardKind {
    /// A creature card of a creature, with its strength.
    Creature(Creature, u8),
    /// A chameleon with its strength.
    Chameleon(u8),
    /// A tree card.
    Tree(TreeKind),
}

/// One physical card, as a compact id (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Card(pub u8);

impl Card {
    /// The first chameleon id.
    pub const FIRST_CHAMELEON: u8 = 154;
    /// The first tree id.
    pub const FIRST_TREE: u8 = 165;
    /// The number of card ids.
    pub const COUNT: usize = 171;

    /// The chameleon of `strength`.
    #[inline]
    pub fn chameleon(strength: u8) -> Card {
        Card(Self::FIRST_CHAMELEON + strength)
    }

    /// What this card is.
    #[inline]
    pub fn kind(self) -> CardKind {
        if self.0 < Self::FIRST_CHAMELEON {
            CardKind::Creature(Creature::from_index((self.0 / 11) as usize), self.0 % 11)
        } else if self.0 < Self::FIRST_TREE {
            CardKind::Chameleon(self.0 - Self::FIRST_CHAMELEON)
        } else if self.0 < Self::FIRST_TREE + 3 {
            CardKind::Tree(TreeKind::Ancetre)
        } else {
            CardKind::Tree(TreeKind::Dryade)
        }
    }

    /// Whether this is a creature card.
    #[inline]
    pub fn is_creature(self) -> bool {
        self.0 < Self::FIRST_CHAMELEON
    }

    /// Whether this is a chameleon.
    #[inline]
    pub fn is_chameleon(self) -> bool {
        (Self::FIRST_CHAMELEON..Self::FIRST_TREE).contains(&self.0)
    }

    /// The creature of a creature card.
    #[inline]
    pub fn creature(self) -> Option<Creature> {
        self.is_creature().then(|| Creature::from_index((self.0 / 11) as usize))
    }

    /// The tree kind of a tree card.
    #[inline]
    pub fn tree(self) -> Option<TreeKind> {
        match self.kind() {
            CardKind::Tree(k) => Some(k),
            _ => None,
        }
    }

    /// The printed strength (0..=10) of a creature card or chameleon; 0 for trees.
    #[inline]
    pub fn strength(self) -> u8 {
        match self.kind() {
            CardKind::Creature(_, s) | CardKind::Chameleon(s) => s,
            CardKind::Tree(_) => 0,
        }
    }

    /// Strength in half points as it counts on the table: Ursus creature cards are half a point stronger.
    #[inline]
    pub fn half_strength(self) -> u8 {
        // A table of 256 entries: any `u8` id indexes it without a check.
        HALF_STRENGTH[usize::from(self.0)]
    }

    /// The canonical card for notation: tree cards of one kind are interchangeable, so they all read
    /// as the first card of their kind.
    #[inline]
    pub fn canonical(self) -> Card {
        match self.tree() {
            Some(k) => k.card(0),
            None => self,
        }
    }

    /// A readable name in English (`Gruyère 7`, `Chameleon 3`, `Dryade`); [`crate::words::card_name`] gives it in a language.
    pub fn long_name(self) -> String {
        match self.kind() {
            CardKind::Creature(c, s) => format!("{} {s}", c.name()),
            CardKind::Chameleon(s) => format!("Chameleon {s}"),
            CardKind::Tree(k) => k.name().to_owned(),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            CardKind::Creature(c, s) => write!(f, "{}{s}", c.code()),
            CardKind::Chameleon(s) => write!(f, "cam{s}"),
            CardKind::Tree(TreeKind::Ancetre) => f.write_str("ancetre"),
            CardKind::Tree(TreeKind::Dryade) => f.write_str("dryade"),
        }
    }
}

impl FromStr for Card {
    type Err = ParseError;

    /// Reads `gru7`, `cam3`, `ancetre`, `dryade` (tree notation gives the first card of the kind).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || crate::words::parse_error(s, sylvan_engine::Message::new("expect-card"));
        match s {
            "ancetre" => return Ok(TreeKind::Ancetre.card(0)),
            "dryade" => return Ok(TreeKind::Dryade.card(0)),
            _ => {}
        }
        if s.len() < 4 || !s.is_char_boundary(3) {
            return Err(err());
        }
        let (code, num) = s.split_at(3);
        let strength: u8 = num.parse().map_err(|_| err())?;
        if strength > 10 || (num.len() > 1 && num.starts_with('0')) {
            return Err(err());
        }
        if code == "cam" {
            return Ok(Card::chameleon(strength));
        }
        let c: Creature = code.parse().map_err(|_| err())?;
        Ok(c.card(strength))
    }
}

/// Table strength in half points of every card id (trees and ids past the last card: 0).
const HALF_STRENGTH: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < Card::COUNT {
        let id = i as u8;
        t[i] = if id < Card::FIRST_CHAMELEON {
            2 * (id % 11) + if id / 11 == Creature::Ursus as u8 { 1 } else { 0 }
        } else if id < Card::FIRST_TREE {
            2 * (id - Card::FIRST_CHAMELEON)
        } else {
            0
        };
        i += 1;
    }
    t
};

/// The cards of each creature, built at compile time (a table read instead of [`CardSet::range`]'s loop).
static CREATURE_SETS: [CardSet; Creature::COUNT] = {
    let mut sets = [CardSet::EMPTY; Creature::COUNT];
    let mut c = 0;
    while c < Creature::COUNT {
        sets[c] = CardSet::range(c as u8 * 11, c as u8 * 11 + 11);
        c += 1;
    }
    sets
};

const fn clamp(x: u32, lo: u32, hi: u32) -> u32 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// A set of cards as a bitset over card ids.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
pub struct CardSet(pub [u64; 3]);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet([0; 3]);

    /// The set of the 11 creature cards of `c`.
    #[inline]
    pub fn of_creature(c: Creature) -> CardSet {
        CREATURE_SETS[c.index()]
    }

    /// Every creature card.
    #[inline]
    pub fn all_creature_cards() -> CardSet {
        CardSet::CREATURE_CARDS
    }

    /// The cards with ids in `lo..hi`.
    pub const fn range(lo: u8, hi: u8) -> CardSet {
        let mut s = CardSet::EMPTY;
        let mut w = 0;
        while w < 3 {
            let base = w as u32 * 64;
            let l = clamp(lo as u32, base, base + 64) - base;
            let h = clamp(hi as u32, base, base + 64) - base;
            if h > l {
                let width = h - l;
                let bits = if width == 64 { u64::MAX } else { ((1u64 << width) - 1) << l };
                s.0[w] |= bits;
            }
            w += 1;
        }
        s
    }

    /// Every chameleon.
    pub const CHAMELEONS: CardSet = CardSet::range(Card::FIRST_CHAMELEON, Card::FIRST_TREE);
    /// Every L'Ancêtre card.
    pub const ANCESTORS: CardSet = CardSet::range(Card::FIRST_TREE, Card::FIRST_TREE + 3);
    /// Every Dryade card.
    pub const DRYADS: CardSet = CardSet::range(Card::FIRST_TREE + 3, Card::FIRST_TREE + 6);
    /// Every tree card.
    pub const TREES: CardSet = CardSet::range(Card::FIRST_TREE, Card::FIRST_TREE + 6);
    /// Every creature card.
    pub const CREATURE_CARDS: CardSet = CardSet::range(0, Card::FIRST_CHAMELEON);

    /// Adds a card.
    #[inline]
    pub fn insert(&mut self, c: Card) {
        self.0[(c.0 >> 6) as usize] |= 1 << (c.0 & 63);
    }

    /// Removes a card.
    #[inline]
    pub fn remove(&mut self, c: Card) {
        self.0[(c.0 >> 6) as usize] &= !(1 << (c.0 & 63));
    }

    /// Whether the card is in the set.
    #[inline]
    pub fn contains(self, c: Card) -> bool {
        self.0[(c.0 >> 6) as usize] & (1 << (c.0 & 63)) != 0
    }

    /// The number of cards.
    #[inline]
    pub fn len(self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    /// The cards in both sets.
    #[inline]
    pub fn and(self, o: CardSet) -> CardSet {
        CardSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }

    /// The cards in either set.
    #[inline]
    pub fn or(self, o: CardSet) -> CardSet {
        CardSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }

    /// The cards of `self` not in `o`.
    #[inline]
    pub fn minus(self, o: CardSet) -> CardSet {
        CardSet([self.0[0] & !o.0[0], self.0[1] & !o.0[1], self.0[2] & !o.0[2]])
    }

    /// The lowest card, if any.
    #[inline]
    pub fn first(self) -> Option<Card> {
        for w in 0..3 {
            if self.0[w] != 0 {
                return Some(Card((w as u32 * 64 + self.0[w].trailing_zeros()) as u8));
            }
        }
        None
    }

    /// The number of cards in each of the set's three 64-bit words (their sum is [`len`](CardSet::len)).
    #[inline]
    pub fn counts(self) -> [usize; 3] {
        self.0.map(|w| w.count_ones() as usize)
    }

    /// The `n`-th lowest card (0-based), if any, given the set's [`counts`](CardSet::counts).
    #[inline]
    pub fn nth_counted(self, counts: [usize; 3], mut n: usize) -> Option<Card> {
        for (w, (&word, &ones)) in self.0.iter().zip(&counts).enumerate() {
            if n < ones {
                let mut x = word;
                for _ in 0..n {
                    x &= x - 1;
                }
                return Some(Card((w as u32 * 64 + x.trailing_zeros()) as u8));
            }
            n -= ones;
        }
        None
    }

    /// The `n`-th lowest card (0-based), if any.
    pub fn nth(self, mut n: usize) -> Option<Card> {
        for w in 0..3 {
            let ones = self.0[w].count_ones() as usize;
            if n < ones {
                let mut x = self.0[w];
                for _ in 0..n {
                    x &= x - 1;
                }
                return Some(Card((w as u32 * 64 + x.trailing_zeros()) as u8));
            }
            n -= ones;
        }
        None
    }

    /// Calls `f` on each card in id order (faster than [`iter`](CardSet::iter) in hot loops).
    #[inline]
    pub fn for_each(self, mut f: impl FnMut(Card)) {
        for (w, &word) in self.0.iter().enumerate() {
            let mut x = word;
            while x != 0 {
                f(Card((w as u32 * 64 + x.trailing_zeros()) as u8));
                x &= x - 1;
            }
        }
    }

    /// The cards in id order.
    #[inline]
    pub fn iter(self) -> CardIter {
        CardIter { set: self, word: 0 }
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

/// Iterator over a [`CardSet`] in id order.
#[derive(Clone, Debug)]
pub struct CardIter {
    set: CardSet,
    word: usize,
}

impl Iterator for CardIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        while self.word < 3 {
            let w = self.set.0[self.word];
            if w != 0 {
                self.set.0[self.word] = w & (w - 1);
                return Some(Card((self.word as u32 * 64 + w.trailing_zeros()) as u8));
            }
            self.word += 1;
        }
        None
    }
}
