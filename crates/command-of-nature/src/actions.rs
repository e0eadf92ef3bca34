//! Actions: one enum for every decision, with its text notation and stable integer id.
//!
//! | notation | when |
//! |---|---|
//! | `choose timber` | a card chosen from hand or discard (setup warrior for the deck, effect costs, returns) |
//! | `done` | end the phase, stop an "up to" choice, play no (more) instant, decline an optional effect |
//! | `dawn III2` | phase I: use the daybreak effect of the elemental in that slot |
//! | `summon timber`, `play close-strike`, `swap I1 II2`, `draw`, `faction 4`, `partner` | phase II |
//! | `buy e1`, `buy c3`, `buy+ e2`, `sell timber`, `refresh e`, `refresh c` | phase III |
//! | `discard timber` | phase IV |
//! | `pick II1` / `aim II1` | a slot of your formation / of the opposing formation |
//! | `instant melee-shield` | play an instant while defending |
//! | `use` | accept an optional effect (King Crustacean, Terrain Tumbler) |
//! | `amount 2` | a number (boosts or shields to spend, Thorn Fencer: 1 = boost, 2 = shield) |
//! | `refill II1 I1` | move an elemental forward into an emptied slot |
//!
//! Slots are written with the row in Roman numerals and the column from 1, left to right.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use sylvan_engine::{ActionIds, Message, ParseError};

use crate::words::parse_error;

use crate::cards::{Card, table};

/// A formation slot: `row * 6 + column` (row 0 = Row I).
pub type Slot = u8;

/// The slot at `row` (0-based) and `col` (0-based).
#[inline]
pub const fn slot(row: usize, col: usize) -> Slot {
    (row * 6 + col) as u8
}

/// Writes a slot as `II1`.
pub fn slot_name(s: Slot) -> String {
    format!("{}{}", ["I", "II", "III"][(s / 6).min(2) as usize], s % 6 + 1)
}

fn parse_slot(t: &str) -> Result<Slot, ParseError> {
    let (row, rest) = if let Some(r) = t.strip_prefix("III") {
        (2, r)
    } else if let Some(r) = t.strip_prefix("II") {
        (1, r)
    } else if let Some(r) = t.strip_prefix('I') {
        (0, r)
    } else {
        return Err(parse_error(t, Message::new("expect-slot")));
    };
    match rest.parse::<usize>() {
        Ok(c) if (1..=(row + 1) * 2).contains(&c) && rest.len() == 1 => Ok(slot(row, c - 1)),
        _ => Err(parse_error(t, Message::new("expect-slot-column"))),
    }
}

/// Every valid slot, in order.
pub fn all_slots() -> impl Iterator<Item = Slot> {
    (0..3).flat_map(|r| (0..(r + 1) * 2).map(move |c| slot(r, c)))
}

/// One decision.
#[allow(missing_docs)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    Done,
    Draw,
    Partner,
    Use,
    Amount(u8),
    Faction(u8),
    Buy(u8),
    BuyPlace(u8),
    Refresh(u8),
    Choose(Card),
    Summon(Card),
    Play(Card),
    Sell(Card),
    Discard(Card),
    Instant(Card),
    Dawn(Slot),
    Pick(Slot),
    Aim(Slot),
    Swap(Slot, Slot),
    Refill(Slot, Slot),
}

fn market_name(i: u8) -> String {
    format!("{}{}", if i < 3 { 'e' } else { 'c' }, i % 3 + 1)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Done => f.write_str("done"),
            Action::Draw => f.write_str("draw"),
            Action::Partner => f.write_str("partner"),
            Action::Use => f.write_str("use"),
            Action::Amount(n) => write!(f, "amount {n}"),
            Action::Faction(l) => write!(f, "faction {l}"),
            Action::Buy(i) => write!(f, "buy {}", market_name(i)),
            Action::BuyPlace(i) => write!(f, "buy+ {}", market_name(i)),
            Action::Refresh(m) => write!(f, "refresh {}", if m == 0 { 'e' } else { 'c' }),
            Action::Choose(c) => write!(f, "choose {c}"),
            Action::Summon(c) => write!(f, "summon {c}"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::Sell(c) => write!(f, "sell {c}"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Instant(c) => write!(f, "instant {c}"),
            Action::Dawn(s) => write!(f, "dawn {}", slot_name(s)),
            Action::Pick(s) => write!(f, "pick {}", slot_name(s)),
            Action::Aim(s) => write!(f, "aim {}", slot_name(s)),
            Action::Swap(a, b) => write!(f, "swap {} {}", slot_name(a), slot_name(b)),
            Action::Refill(a, b) => write!(f, "refill {} {}", slot_name(a), slot_name(b)),
        }
    }
}

fn parse_market(t: &str) -> Result<u8, ParseError> {
    let mut ch = t.chars();
    let base = match ch.next() {
        Some('e') => 0,
        Some('c') => 3,
        _ => return Err(parse_error(t, Message::new("expect-market"))),
    };
    match ch.as_str() {
        "1" => Ok(base),
        "2" => Ok(base + 1),
        "3" => Ok(base + 2),
        _ => Err(parse_error(t, Message::new("expect-market"))),
    }
}

impl FromStr for Action {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let w: Vec<&str> = text.split_whitespace().collect();
        let a = match w.as_slice() {
            ["done"] => Action::Done,
            ["draw"] => Action::Draw,
            ["partner"] => Action::Partner,
            ["use"] => Action::Use,
            ["amount", n] => match n.parse::<u8>() {
                Ok(n @ 1..=3) => Action::Amount(n),
                _ => return Err(parse_error(text, Message::new("expect-amount"))),
            },
            ["faction", l] => match l.parse::<u8>() {
                Ok(l @ (4 | 6 | 8)) => Action::Faction(l),
                _ => return Err(parse_error(text, Message::new("expect-faction"))),
            },
            ["buy", m] => Action::Buy(parse_market(m)?),
            ["buy+", m] => {
                let i = parse_market(m)?;
                if i >= 3 {
                    return Err(parse_error(text, Message::new("expect-buy-place")));
                }
                Action::BuyPlace(i)
            }
            ["refresh", "e"] => Action::Refresh(0),
            ["refresh", "c"] => Action::Refresh(1),
            ["choose", c] => Action::Choose(c.parse()?),
            ["summon", c] => Action::Summon(c.parse()?),
            ["play", c] => Action::Play(c.parse()?),
            ["sell", c] => Action::Sell(c.parse()?),
            ["discard", c] => Action::Discard(c.parse()?),
            ["instant", c] => Action::Instant(c.parse()?),
            ["dawn", s] => Action::Dawn(parse_slot(s)?),
            ["pick", s] => Action::Pick(parse_slot(s)?),
            ["aim", s] => Action::Aim(parse_slot(s)?),
            ["swap", a, b] => {
                let (a, b) = (parse_slot(a)?, parse_slot(b)?);
                if a >= b {
                    return Err(parse_error(text, Message::new("expect-swap-order")));
                }
                Action::Swap(a, b)
            }
            ["refill", a, b] => Action::Refill(parse_slot(a)?, parse_slot(b)?),
            _ => {
                return Err(parse_error(text, Message::new("expect-action")));
            }
        };
        Ok(a)
    }
}

sylvan_engine::serde_via_notation!(Action);

/// Every action that can exist, in id order: the actions that name no card (in `Ord` order), then one
/// block of six per card in card order, so that a card added to the data gets new ids at the end and
/// no existing id shifts.
pub fn all_actions() -> &'static [Action] {
    ids().all()
}

/// The id table (see [`all_actions`]).
pub fn ids() -> &'static ActionIds<Action> {
    static ALL: OnceLock<ActionIds<Action>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v = vec![Action::Done, Action::Draw, Action::Partner, Action::Use];
        v.extend((1..=3).map(Action::Amount));
        v.extend([4, 6, 8].map(Action::Faction));
        v.extend((0..6).map(Action::Buy));
        v.extend((0..3).map(Action::BuyPlace));
        v.extend((0..2).map(Action::Refresh));
        for a in all_slots() {
            v.extend([Action::Dawn(a), Action::Pick(a), Action::Aim(a)]);
            for b in all_slots() {
                if a < b {
                    v.push(Action::Swap(a, b));
                }
                if a != b {
                    v.push(Action::Refill(a, b));
                }
            }
        }
        v.sort_unstable();
        v.dedup();
        for i in 0..table().cards.len() {
            let c = Card(i as u8);
            v.extend([Action::Choose(c), Action::Summon(c), Action::Play(c), Action::Sell(c)]);
            v.extend([Action::Discard(c), Action::Instant(c)]);
        }
        ActionIds::new(v)
    })
}

/// The number of distinct actions.
pub fn num_actions() -> usize {
    all_actions().len()
}

/// The stable id of an action (`usize::MAX` for one outside the table), computed from its fields
/// rather than searched for: the actions that name no card take the first ids in `Ord` order (each
/// variant a block at a fixed offset), then each card has its block of six. Equal to [`ids`]'s lookup
/// for every action (the tests compare them over every field value).
#[inline]
pub fn action_id(a: Action) -> usize {
    const SLOTS: usize = 12;
    const AMOUNT: usize = 4;
    const FACTION: usize = AMOUNT + 3;
    const BUY: usize = FACTION + 3;
    const BUY_PLACE: usize = BUY + 6;
    const REFRESH: usize = BUY_PLACE + 3;
    const DAWN: usize = REFRESH + 2;
    const PICK: usize = DAWN + SLOTS;
    const AIM: usize = PICK + SLOTS;
    const SWAP: usize = AIM + SLOTS;
    const REFILL: usize = SWAP + SLOTS * (SLOTS - 1) / 2;
    const CARDS: usize = REFILL + SLOTS * (SLOTS - 1);
    const _: () = assert!((crate::NUM_ACTIONS - CARDS) % 6 == 0);
    // A slot's place among the twelve valid slots (row I has 2, row II 4, row III 6).
    let place = |s: Slot| {
        let (row, col) = (usize::from(s / 6), usize::from(s % 6));
        (row < 3 && col < (row + 1) * 2).then(|| [0, 2, 6][row] + col)
    };
    let card = |c: Card, k: usize| {
        let id = CARDS + usize::from(c.0) * 6 + k;
        (id < crate::NUM_ACTIONS).then_some(id)
    };
    let id = match a {
        Action::Done => Some(0),
        Action::Draw => Some(1),
        Action::Partner => Some(2),
        Action::Use => Some(3),
        Action::Amount(n @ 1..=3) => Some(AMOUNT + usize::from(n) - 1),
        Action::Faction(l @ (4 | 6 | 8)) => Some(FACTION + usize::from(l - 4) / 2),
        Action::Buy(i @ 0..6) => Some(BUY + usize::from(i)),
        Action::BuyPlace(i @ 0..3) => Some(BUY_PLACE + usize::from(i)),
        Action::Refresh(m @ 0..2) => Some(REFRESH + usize::from(m)),
        Action::Amount(_) | Action::Faction(_) | Action::Buy(_) | Action::BuyPlace(_) | Action::Refresh(_) => None,
        Action::Choose(c) => card(c, 0),
        Action::Summon(c) => card(c, 1),
        Action::Play(c) => card(c, 2),
        Action::Sell(c) => card(c, 3),
        Action::Discard(c) => card(c, 4),
        Action::Instant(c) => card(c, 5),
        Action::Dawn(s) => place(s).map(|i| DAWN + i),
        Action::Pick(s) => place(s).map(|i| PICK + i),
        Action::Aim(s) => place(s).map(|i| AIM + i),
        // Pairs a < b in order: the pairs of the places before a, then b's place after a.
        Action::Swap(a, b) => {
            place(a).zip(place(b)).filter(|(i, j)| i < j).map(|(i, j)| SWAP + i * (2 * SLOTS - i - 1) / 2 + (j - i - 1))
        }
        // Pairs a != b in order: eleven for each a, b's place skipping a.
        Action::Refill(a, b) => place(a)
            .zip(place(b))
            .filter(|(i, j)| i != j)
            .map(|(i, j)| REFILL + i * (SLOTS - 1) + j - usize::from(j > i)),
    };
    id.unwrap_or(usize::MAX)
}
