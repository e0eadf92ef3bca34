//! Actions: every decision of the game, with its text notation and stable integer id.
//!
//! | notation | when |
//! |---|---|
//! | `attack glaciation kelorn` | combat: an Attaque card from hand against an enemy spirit |
//! | `strike almyra kelorn` | combat: a charged spirit's own Attack (it becomes exhausted) |
//! | `support maree`, `support gardien kelorn` | combat: a Soutien card (with its target spirit if it has one) |
//! | `recycle appel` | combat, once per turn: a hand card under the pile, draw one |
//! | `end` | combat: end the turn |
//! | `defend appel` / `take` | the attacked player: a Défense card from hand, or no defence |

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use sylvan_engine::{ActionIds, ParseError};

use crate::cards::{ABILITIES, Card, SPIRITS, Spirit};

/// One decision. The derived order is the order of the legal lists and of the ids.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// End the turn.
    End,
    /// Attack with an Attaque card from hand.
    Attack(Card, Spirit),
    /// Attack with a charged spirit's own Attack.
    Strike(Spirit, Spirit),
    /// Play a Soutien card, with its target spirit if it has one.
    Support(Card, Option<Spirit>),
    /// Recyclage: this card under the pile, then draw one.
    Recycle(Card),
    /// Defend with a Défense card from hand.
    Defend(Card),
    /// Do not defend.
    Take,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::End => f.write_str("end"),
            Action::Attack(c, s) => write!(f, "attack {c} {s}"),
            Action::Strike(a, s) => write!(f, "strike {a} {s}"),
            Action::Support(c, None) => write!(f, "support {c}"),
            Action::Support(c, Some(s)) => write!(f, "support {c} {s}"),
            Action::Recycle(c) => write!(f, "recycle {c}"),
            Action::Defend(c) => write!(f, "defend {c}"),
            Action::Take => f.write_str("take"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = text.split_whitespace().collect();
        Ok(match words.as_slice() {
            ["end"] => Action::End,
            ["attack", c, s] => Action::Attack(c.parse()?, s.parse()?),
            ["strike", a, s] => Action::Strike(a.parse()?, s.parse()?),
            ["support", c] => Action::Support(c.parse()?, None),
            ["support", c, s] => Action::Support(c.parse()?, Some(s.parse()?)),
            ["recycle", c] => Action::Recycle(c.parse()?),
            ["defend", c] => Action::Defend(c.parse()?),
            ["take"] => Action::Take,
            _ => {
                return Err(crate::words::parse_error(text, sylvan_engine::Message::new("expect-action")));
            }
        })
    }
}

sylvan_engine::serde_via_notation!(Action);

/// Every action that can exist, in id order (which is also `Ord` order).
pub fn all_actions() -> &'static [Action] {
    ids().all()
}

/// The id table: ids in `Ord` order (the spirit duel's cards are fixed in its data).
pub fn ids() -> &'static ActionIds<Action> {
    static ALL: OnceLock<ActionIds<Action>> = OnceLock::new();
    ALL.get_or_init(|| {
        let cards = || (0..ABILITIES as u8).map(Card);
        let spirits = || (0..SPIRITS as u8).map(Spirit);
        let mut v = vec![Action::End, Action::Take];
        for c in cards() {
            v.extend([Action::Support(c, None), Action::Recycle(c), Action::Defend(c)]);
            for s in spirits() {
                v.extend([Action::Attack(c, s), Action::Support(c, Some(s))]);
            }
        }
        for a in spirits() {
            for s in spirits() {
                v.push(Action::Strike(a, s));
            }
        }
        ActionIds::sorted(v)
    })
}

/// The number of distinct actions.
pub const NUM_ACTIONS: usize = 2 + 24 * 3 + 24 * 4 * 2 + 16;

/// The stable id of an action (`usize::MAX` for one outside the table), computed from its fields:
/// the ids follow `Ord` order, so each variant's ids are a block at a fixed offset and a field's
/// position inside the block is arithmetic. Equal to [`ids`]'s lookup for every action (the tests
/// compare them over every field value), without its binary search.
#[inline]
pub fn action_id(a: Action) -> usize {
    const C: usize = ABILITIES;
    const S: usize = SPIRITS;
    const ATTACK: usize = 1;
    const STRIKE: usize = ATTACK + C * S;
    const SUPPORT: usize = STRIKE + S * S;
    const RECYCLE: usize = SUPPORT + C * (S + 1);
    const DEFEND: usize = RECYCLE + C;
    const TAKE: usize = DEFEND + C;
    let card = |c: Card| (usize::from(c.0) < C).then_some(usize::from(c.0));
    let spirit = |s: Spirit| (usize::from(s.0) < S).then_some(usize::from(s.0));
    let id = match a {
        Action::End => Some(0),
        Action::Attack(c, s) => card(c).zip(spirit(s)).map(|(c, s)| ATTACK + c * S + s),
        Action::Strike(a, s) => spirit(a).zip(spirit(s)).map(|(a, s)| STRIKE + a * S + s),
        Action::Support(c, None) => card(c).map(|c| SUPPORT + c * (S + 1)),
        Action::Support(c, Some(s)) => card(c).zip(spirit(s)).map(|(c, s)| SUPPORT + c * (S + 1) + 1 + s),
        Action::Recycle(c) => card(c).map(|c| RECYCLE + c),
        Action::Defend(c) => card(c).map(|c| DEFEND + c),
        Action::Take => Some(TAKE),
    };
    id.unwrap_or(usize::MAX)
}
