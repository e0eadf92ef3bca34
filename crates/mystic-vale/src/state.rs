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
/// bottom). Each slot holds an advancement id or [`EMPTY`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
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
                g += x.amount * guardians;
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

/// One player's cards and tokens.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Player {
    /// The 20 cards, by card number (c0..c19).
    pub cards: [Sleeve; NUM_CARDS],
    /// The deck, face down; the top is the last element.
    pub deck: Vec<u8>,
    /// The on-deck card.
    pub on_deck: Option<u8>,
    /// The field, left to right.
    pub field: Vec<u8>,
    /// The discard pile (the top is the last element).
    pub discard: Vec<u8>,
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
    /// Cached per card: decay it counts, growth without Conclave, Grovtender growth per extra guardian.
    pub cache: [[u8; 3]; NUM_CARDS],
}

impl Player {
    /// Recomputes the cached decay and growth of card `c` (after sleeving).
    pub fn refresh(&mut self, db: &CardDb, c: usize) {
        let s = self.cards[c];
        let grov: u8 =
            s.advs().filter(|&a| db.adv(a).ability == AdvAbility::Grovtender).map(|a| db.adv(a).amount).sum();
        self.cache[c] = [s.decay(db), s.growth(db, 0), grov];
    }

    /// Recomputes every card's cache.
    pub fn refresh_all(&mut self, db: &CardDb) {
        for c in 0..NUM_CARDS {
            self.refresh(db, c);
        }
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
        let mut decay = 0i32;
        let mut growth = i32::from(pl.arbor_growth);
        for &v in &pl.vales {
            let vale = db.vale(v);
            if vale.ability == crate::cards::ValeAbility::AncientLiferoots {
                growth += i32::from(vale.amount);
            }
        }
        for &c in pl.field.iter().chain(pl.on_deck.iter()) {
            let [d, g, grov] = pl.cache[c as usize];
            decay += i32::from(d);
            growth += i32::from(g) + i32::from(grov * pl.bonus(c));
        }
        decay - growth
    }
}
