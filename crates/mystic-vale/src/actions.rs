//! Actions: every decision, with its text notation and stable integer id.
//!
//! | notation | when |
//! |---|---|
//! | `pass`, `push` | Planting Phase |
//! | `spoil`, `druid`, `arbor` | about to spoil: accept, Peacekeeper Druid, Blooming Arbor |
//! | `conclave c7` | Conclave of Ents on card 7 (planting, spoil prompt, harvest) |
//! | `discard c7`, `decline`, `mill` | when played: Deadwood Harvester / Mindful Owl / Cleansing Rain discard card 7, decline, Calm Weather discards the top card |
//! | `token`, `aerie sky`, `vale 2.1`, `vale 2.1 forest`, `buy 1.3`, `buy soil.top`, `buy 2.2 on c7`, `done` | Harvest Phase (levels and positions 1-based; the spirit pays the "any" part of a vale's cost; `on c7`: Earthchant Chorus) |
//! | `sleeve c7` | Discard Phase: sleeve the next bought advancement on card 7 |
//! | `resolve top`, `resolve middle`, `resolve bottom` | when played: which of the card's pending abilities resolves next (ruling MV6) |
//! | `upgrade` | Harvest Phase: turn the leader to its upgraded side |
//! | `leader 1`, `leader 2` | setup with `leaders=choose`: keep the first or second leader dealt |
//! | `cancel c7` | about to spoil: Aether Tree cancels the decay of card 7 (but a Cursed Land's) |
//! | `keep c7` | Discard Phase: Hatchery keeps card 7 as the next leftmost card of the next field |
//! | `mill`, `decline` | Wood Sprite Hoard: discard or keep the card shown |

use std::fmt;
use std::str::FromStr;

use sylvan_engine::ParseError;

use crate::cards::{Slot, Spirit};
use crate::state::NUM_CARDS;

/// Where an advancement is bought from.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Source {
    /// The commons: level (0-based), position (0-based).
    Common(u8, u8),
    /// The Fertile Soil supply, by slot.
    Soil(Slot),
}

impl Source {
    fn index(self) -> usize {
        match self {
            Source::Common(l, k) => l as usize * 3 + k as usize,
            Source::Soil(s) => 9 + s as usize,
        }
    }
    fn from_index(i: usize) -> Option<Source> {
        match i {
            0..9 => Some(Source::Common((i / 3) as u8, (i % 3) as u8)),
            9..12 => Some(Source::Soil(Slot::ALL[i - 9])),
            _ => None,
        }
    }
}

/// One decision.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// End the Planting Phase.
    Pass,
    /// Play the on-deck card and reveal the next.
    Push,
    /// Accept the spoil.
    Spoil,
    /// Peacekeeper Druid: discard the on-deck card and reveal another.
    Druid,
    /// Blooming Arbor: remove it from the game for growth.
    Arbor,
    /// Decline an optional "when played" ability (or keep the top card for Calm Weather).
    Decline,
    /// Calm Weather: discard the top card of the deck.
    Mill,
    /// Spend the active mana token for 1 mana.
    Token,
    /// End the Harvest Phase.
    Done,
    /// Conclave of Ents: +1 guardian on this card.
    Conclave(u8),
    /// Discard this card (from the field, or from the deck for Cleansing Rain).
    Discard(u8),
    /// Sunstone Aerie: one spirit of this kind becomes wild.
    Aerie(Spirit),
    /// Buy a vale: level (0-based), position (0-based), the kind paying the "any" part.
    Vale(u8, u8, Option<Spirit>),
    /// Buy an advancement.
    Buy(Source),
    /// Buy an advancement declared for this card with Earthchant Chorus.
    BuyOn(Source, u8),
    /// Sleeve the next bought advancement on this card.
    Sleeve(u8),
    /// Several "when played" abilities of the card just played wait: resolve the one in this slot next
    /// (ruling MV6).
    Resolve(Slot),
    /// Turn the leader to its upgraded side, paying its cost (one of the Harvest's advancement buys).
    Upgrade,
    /// Keep the first (0) or second (1) leader dealt (`leaders=choose`).
    ChooseLeader(u8),
    /// Aether Tree: cancel the decay of this field or on-deck card (but a Cursed Land's).
    CancelDecay(u8),
    /// Hatchery: keep this field card as the next leftmost card of the next field.
    Keep(u8),
}

const N: usize = NUM_CARDS;
const BASE_CONCLAVE: usize = 9;
const BASE_DISCARD: usize = BASE_CONCLAVE + N;
const BASE_AERIE: usize = BASE_DISCARD + N;
const BASE_VALE: usize = BASE_AERIE + 4;
const BASE_BUY: usize = BASE_VALE + 2 * 4 * 5;
const BASE_BUY_ON: usize = BASE_BUY + 12;
const BASE_SLEEVE: usize = BASE_BUY_ON + 12 * N;
const BASE_RESOLVE: usize = BASE_SLEEVE + N;
// New actions are appended so that the ids of the old ones never shift.
const BASE_UPGRADE: usize = BASE_RESOLVE + 3;
const BASE_CHOOSE: usize = BASE_UPGRADE + 1;
const BASE_CANCEL: usize = BASE_CHOOSE + 2;
const BASE_KEEP: usize = BASE_CANCEL + N;
/// Number of distinct action ids.
pub const NUM_ACTIONS: usize = BASE_KEEP + N;

/// The stable id of an action.
pub fn action_id(a: Action) -> usize {
    use Action::*;
    match a {
        Pass => 0,
        Push => 1,
        Spoil => 2,
        Druid => 3,
        Arbor => 4,
        Decline => 5,
        Mill => 6,
        Token => 7,
        Done => 8,
        Conclave(c) => BASE_CONCLAVE + c as usize,
        Discard(c) => BASE_DISCARD + c as usize,
        Aerie(s) => BASE_AERIE + s as usize,
        Vale(l, k, any) => BASE_VALE + (l as usize * 4 + k as usize) * 5 + any.map_or(0, |s| s as usize + 1),
        Buy(s) => BASE_BUY + s.index(),
        BuyOn(s, c) => BASE_BUY_ON + s.index() * N + c as usize,
        Sleeve(c) => BASE_SLEEVE + c as usize,
        Resolve(s) => BASE_RESOLVE + s as usize,
        Upgrade => BASE_UPGRADE,
        ChooseLeader(k) => BASE_CHOOSE + (k as usize).min(1),
        CancelDecay(c) => BASE_CANCEL + c as usize,
        Keep(c) => BASE_KEEP + c as usize,
    }
}

/// The action with id `id`.
pub fn action_from_id(id: usize) -> Option<Action> {
    use Action::*;
    Some(match id {
        0 => Pass,
        1 => Push,
        2 => Spoil,
        3 => Druid,
        4 => Arbor,
        5 => Decline,
        6 => Mill,
        7 => Token,
        8 => Done,
        i if i < BASE_DISCARD => Conclave((i - BASE_CONCLAVE) as u8),
        i if i < BASE_AERIE => Discard((i - BASE_DISCARD) as u8),
        i if i < BASE_VALE => Aerie(Spirit::ALL[i - BASE_AERIE]),
        i if i < BASE_BUY => {
            let j = i - BASE_VALE;
            let any = match j % 5 {
                0 => None,
                k => Some(Spirit::ALL[k - 1]),
            };
            Vale((j / 5 / 4) as u8, (j / 5 % 4) as u8, any)
        }
        i if i < BASE_BUY_ON => Buy(Source::from_index(i - BASE_BUY)?),
        i if i < BASE_SLEEVE => {
            let j = i - BASE_BUY_ON;
            BuyOn(Source::from_index(j / N)?, (j % N) as u8)
        }
        i if i < BASE_RESOLVE => Sleeve((i - BASE_SLEEVE) as u8),
        i if i < BASE_UPGRADE => Resolve(Slot::ALL[i - BASE_RESOLVE]),
        BASE_UPGRADE => Upgrade,
        i if i < BASE_CANCEL => ChooseLeader((i - BASE_CHOOSE) as u8),
        i if i < BASE_KEEP => CancelDecay((i - BASE_CANCEL) as u8),
        i if i < NUM_ACTIONS => Keep((i - BASE_KEEP) as u8),
        _ => return None,
    })
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Common(l, k) => write!(f, "{}.{}", l + 1, k + 1),
            Source::Soil(s) => write!(f, "soil.{}", s.name()),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Action::*;
        match self {
            Pass => f.write_str("pass"),
            Push => f.write_str("push"),
            Spoil => f.write_str("spoil"),
            Druid => f.write_str("druid"),
            Arbor => f.write_str("arbor"),
            Decline => f.write_str("decline"),
            Mill => f.write_str("mill"),
            Token => f.write_str("token"),
            Done => f.write_str("done"),
            Conclave(c) => write!(f, "conclave c{c}"),
            Discard(c) => write!(f, "discard c{c}"),
            Aerie(s) => write!(f, "aerie {}", s.name()),
            Vale(l, k, None) => write!(f, "vale {}.{}", l + 1, k + 1),
            Vale(l, k, Some(s)) => write!(f, "vale {}.{} {}", l + 1, k + 1, s.name()),
            Buy(s) => write!(f, "buy {s}"),
            BuyOn(s, c) => write!(f, "buy {s} on c{c}"),
            Sleeve(c) => write!(f, "sleeve c{c}"),
            Resolve(s) => write!(f, "resolve {}", s.name()),
            Upgrade => f.write_str("upgrade"),
            ChooseLeader(k) => write!(f, "leader {}", k + 1),
            CancelDecay(c) => write!(f, "cancel c{c}"),
            Keep(c) => write!(f, "keep c{c}"),
        }
    }
}

fn card(s: &str) -> Option<u8> {
    s.strip_prefix('c').and_then(|x| x.parse::<u8>().ok()).filter(|&c| (c as usize) < NUM_CARDS)
}

fn pos(s: &str, levels: u8, positions: u8) -> Option<(u8, u8)> {
    let (a, b) = s.split_once('.')?;
    let l: u8 = a.parse().ok()?;
    let k: u8 = b.parse().ok()?;
    ((1..=levels).contains(&l) && (1..=positions).contains(&k)).then(|| (l - 1, k - 1))
}

fn source(s: &str) -> Option<Source> {
    if let Some(slot) = s.strip_prefix("soil.") {
        return Slot::ALL.into_iter().find(|x| x.name() == slot).map(Source::Soil);
    }
    pos(s, 3, 3).map(|(l, k)| Source::Common(l, k))
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, ParseError> {
        use Action::*;
        let mut buf = [""; 5];
        let mut n = 0;
        for w in text.split_whitespace() {
            if n == buf.len() {
                n += 1;
                break;
            }
            buf[n] = w;
            n += 1;
        }
        let words = &buf[..n.min(buf.len())];
        let too_long = n > 4;
        let bad = || {
            ParseError::new(
                text,
                "an action: pass, push, spoil, druid, arbor, decline, mill, token, done, conclave c7, discard c7, \
                 aerie animal|forest|sky, vale 1.2 [animal|forest|sky|wild], buy 1.3, buy soil.top, buy 2.1 on c7, sleeve c7, \
                 resolve top|middle|bottom, upgrade, leader 1|2, cancel c7, keep c7",
            )
        };
        if too_long {
            return Err(bad());
        }
        let a = match words {
            ["pass"] => Pass,
            ["push"] => Push,
            ["spoil"] => Spoil,
            ["druid"] => Druid,
            ["arbor"] => Arbor,
            ["decline"] => Decline,
            ["mill"] => Mill,
            ["token"] => Token,
            ["done"] => Done,
            ["conclave", c] => Conclave(card(c).ok_or_else(bad)?),
            ["discard", c] => Discard(card(c).ok_or_else(bad)?),
            ["aerie", s] => Aerie(Spirit::parse(s).ok_or_else(bad)?),
            ["vale", p] => {
                let (l, k) = pos(p, 2, 4).ok_or_else(bad)?;
                Vale(l, k, None)
            }
            ["vale", p, s] => {
                let (l, k) = pos(p, 2, 4).ok_or_else(bad)?;
                Vale(l, k, Some(Spirit::parse(s).ok_or_else(bad)?))
            }
            ["buy", s] => Buy(source(s).ok_or_else(bad)?),
            ["buy", s, "on", c] => BuyOn(source(s).ok_or_else(bad)?, card(c).ok_or_else(bad)?),
            ["sleeve", c] => Sleeve(card(c).ok_or_else(bad)?),
            ["resolve", s] => Resolve(Slot::ALL.into_iter().find(|x| x.name() == *s).ok_or_else(bad)?),
            ["upgrade"] => Upgrade,
            ["leader", "1"] => ChooseLeader(0),
            ["leader", "2"] => ChooseLeader(1),
            ["cancel", c] => CancelDecay(card(c).ok_or_else(bad)?),
            ["keep", c] => Keep(card(c).ok_or_else(bad)?),
            _ => return Err(bad()),
        };
        Ok(a)
    }
}

sylvan_engine::serde_via_notation!(Action);
