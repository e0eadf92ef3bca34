//! Actions: one enum for every decision of the game, with its text notation and stable integer id.
//!
//! | notation | when |
//! |---|---|
//! | `skip`, `predict gru`, `secret gru7`, `reveal` | phase 1 (pass, normal prediction, secret prediction, reveal your secret); `reveal` is also the forced reveal of L'Ancêtre |
//! | `play gru7`, `play cam3>lic`, `play ancetre`, `play dryade`, `pass` | phase 2 (pass only with no playable card: the hand is shown) |
//! | `discard gru7`, `done` | phase 3 |
//! | `decline`, `use` | a power: refuse it, or use a power without target (Gruyère, Bicéphale, Carmen) |
//! | `retrieve r2 gru`, `retrieve r0 gru`, `retrieve secret` | Lichen (r0 is the champion row) |
//! | `target p2` | Panache, Sabot |
//! | `stone r1 gru` | Griso |
//! | `ask p2 gru` / `give gru7` | Le Duc / the asked player's answer |
//! | `bolet gru` | Bolet: borrow an eliminated creature's power |
//! | `keep gru7` | Sabot: the card kept |
//! | `take r2 gru` | Croc ardent, Dryade, Le Pèlerin: the visible card of that row and column |
//! | `swap gru r1 r3` | Rainette |
//! | `remove gru` | Plume de velours |
//! | `name gru` | L'Ancêtre |

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use sylvan_engine::{ActionIds, Message, ParseError, Seat, message};

use crate::words::parse_error;

use crate::cards::{Card, Creature, TreeKind};

/// A row of the table: 0 is the champion row (revealed secret predictions), 1..=5 the rounds.
pub type Row = u8;

/// Where one of a player's stones lies, for Lichen.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum StoneSpot {
    /// On a row (0 = champion card, 1..=5) of a creature's column.
    At(Row, Creature),
    /// On the player's unrevealed secret prediction card.
    Secret,
}

/// One decision.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Phase 1: place no prediction.
    SkipPrediction,
    /// Phase 1: a normal prediction on a creature in the current row.
    Predict(Creature),
    /// Phase 1, round 1: a secret prediction with this creature card from hand (skips phase 2).
    Secret(Card),
    /// Phase 1: reveal one's secret prediction; also the forced reveal of L'Ancêtre.
    Reveal,
    /// Phase 2: play a creature card in its column.
    Play(Card),
    /// Phase 2: play a chameleon in a creature's column.
    PlayChameleon(Card, Creature),
    /// Phase 2: play a tree card.
    PlayTree(TreeKind),
    /// Phase 2: no playable card: pass and show the hand.
    Pass,
    /// Phase 3: discard a card.
    Discard(Card),
    /// Phase 3: stop discarding.
    EndDiscard,
    /// Refuse an optional power.
    Decline,
    /// Use a power that needs no target (Gruyère, Bicéphale, Carmen).
    UsePower,
    /// Lichen: take back a stone.
    Retrieve(StoneSpot),
    /// Panache or Sabot: the targeted player.
    Target(Seat),
    /// Griso: place a stone.
    PlaceStone(Row, Creature),
    /// Le Duc: ask a player for a card of a creature.
    Ask(Seat, Creature),
    /// Answer to Le Duc: give this card.
    Give(Card),
    /// Bolet: use the power of this eliminated creature.
    Borrow(Creature),
    /// Sabot: keep this card of the three drawn.
    Keep(Card),
    /// Croc ardent, Dryade, Le Pèlerin: take the visible card of a row and column into hand.
    Take(Row, Creature),
    /// Rainette: swap the visible creature cards of two rows of a column.
    Swap(Creature, Row, Row),
    /// Plume de velours: discard the visible card of a column in the current row.
    Remove(Creature),
    /// L'Ancêtre: name a creature in play.
    Name(Creature),
}

impl fmt::Display for StoneSpot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoneSpot::At(r, c) => write!(f, "r{r} {c}"),
            StoneSpot::Secret => f.write_str("secret"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::SkipPrediction => f.write_str("skip"),
            Action::Predict(c) => write!(f, "predict {c}"),
            Action::Secret(card) => write!(f, "secret {card}"),
            Action::Reveal => f.write_str("reveal"),
            Action::Play(card) => write!(f, "play {card}"),
            Action::PlayChameleon(card, c) => write!(f, "play {card}>{c}"),
            Action::PlayTree(k) => write!(f, "play {}", k.card(0)),
            Action::Pass => f.write_str("pass"),
            Action::Discard(card) => write!(f, "discard {card}"),
            Action::EndDiscard => f.write_str("done"),
            Action::Decline => f.write_str("decline"),
            Action::UsePower => f.write_str("use"),
            Action::Retrieve(spot) => write!(f, "retrieve {spot}"),
            Action::Target(s) => write!(f, "target {s}"),
            Action::PlaceStone(r, c) => write!(f, "stone r{r} {c}"),
            Action::Ask(s, c) => write!(f, "ask {s} {c}"),
            Action::Give(card) => write!(f, "give {card}"),
            Action::Borrow(c) => write!(f, "bolet {c}"),
            Action::Keep(card) => write!(f, "keep {card}"),
            Action::Take(r, c) => write!(f, "take r{r} {c}"),
            Action::Swap(c, a, b) => write!(f, "swap {c} r{a} r{b}"),
            Action::Remove(c) => write!(f, "remove {c}"),
            Action::Name(c) => write!(f, "name {c}"),
        }
    }
}

fn parse_row(s: &str, lo: u8) -> Result<Row, ParseError> {
    s.strip_prefix('r')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&r| (lo..=5).contains(&r) && s.len() == 2)
        .ok_or_else(|| parse_error(s, message!("expect-row", lo = lo)))
}

impl FromStr for Action {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let bad = || parse_error(text, Message::new("expect-action"));
        let a = match words.as_slice() {
            ["skip"] => Action::SkipPrediction,
            ["predict", c] => Action::Predict(c.parse()?),
            ["secret", card] => {
                let card: Card = card.parse()?;
                if !card.is_creature() {
                    return Err(parse_error(text, Message::new("expect-secret-creature")));
                }
                Action::Secret(card)
            }
            ["reveal"] => Action::Reveal,
            ["play", what] => {
                if let Some((card, col)) = what.split_once('>') {
                    let card: Card = card.parse()?;
                    if !card.is_chameleon() {
                        return Err(parse_error(text, Message::new("expect-only-chameleon")));
                    }
                    Action::PlayChameleon(card, col.parse()?)
                } else {
                    let card: Card = what.parse()?;
                    match (card.tree(), card.is_creature()) {
                        (Some(k), _) => Action::PlayTree(k),
                        (None, true) => Action::Play(card),
                        (None, false) => {
                            return Err(parse_error(text, Message::new("expect-chameleon-target")));
                        }
                    }
                }
            }
            ["pass"] => Action::Pass,
            ["discard", card] => {
                let card: Card = card.parse()?;
                if !card.is_creature() {
                    return Err(parse_error(text, Message::new("expect-discard-creature")));
                }
                Action::Discard(card)
            }
            ["done"] => Action::EndDiscard,
            ["decline"] => Action::Decline,
            ["use"] => Action::UsePower,
            ["retrieve", "secret"] => Action::Retrieve(StoneSpot::Secret),
            ["retrieve", r, c] => Action::Retrieve(StoneSpot::At(parse_row(r, 0)?, c.parse()?)),
            ["target", s] => Action::Target(s.parse()?),
            ["stone", r, c] => Action::PlaceStone(parse_row(r, 1)?, c.parse()?),
            ["ask", s, c] => Action::Ask(s.parse()?, c.parse()?),
            ["give", card] => {
                let card: Card = card.parse()?;
                if !card.is_creature() {
                    return Err(parse_error(text, Message::new("expect-give-creature")));
                }
                Action::Give(card)
            }
            ["bolet", c] => Action::Borrow(c.parse()?),
            ["keep", card] => Action::Keep(card.parse::<Card>()?.canonical()),
            ["take", r, c] => Action::Take(parse_row(r, 1)?, c.parse()?),
            ["swap", c, a, b] => {
                let (a, b) = (parse_row(a, 1)?, parse_row(b, 1)?);
                if a >= b {
                    return Err(parse_error(text, Message::new("expect-swap-order")));
                }
                Action::Swap(c.parse()?, a, b)
            }
            ["remove", c] => Action::Remove(c.parse()?),
            ["name", c] => Action::Name(c.parse()?),
            _ => return Err(bad()),
        };
        if let Action::Target(s) | Action::Ask(s, _) = a
            && s.0 >= 5
        {
            return Err(parse_error(text, Message::new("expect-seat")));
        }
        Ok(a)
    }
}

sylvan_engine::serde_via_notation!(Action);

/// Every action that can exist, in id order (which is also `Ord` order).
pub fn all_actions() -> &'static [Action] {
    ids().all()
}

/// The id table: ids in `Ord` order (Equinox's cards are fixed, so no action is ever added).
pub fn ids() -> &'static ActionIds<Action> {
    static ALL: OnceLock<ActionIds<Action>> = OnceLock::new();
    ALL.get_or_init(|| {
        let creatures = Creature::ALL;
        let creature_cards = || (0..Card::FIRST_CHAMELEON).map(Card);
        let seats = || (0..5u8).map(Seat);
        let mut v = vec![Action::SkipPrediction, Action::Reveal, Action::Pass, Action::EndDiscard];
        v.extend([Action::Decline, Action::UsePower, Action::Retrieve(StoneSpot::Secret)]);
        for c in creatures {
            v.extend([Action::Predict(c), Action::Borrow(c), Action::Remove(c), Action::Name(c)]);
            for r in 0..=5 {
                v.push(Action::Retrieve(StoneSpot::At(r, c)));
            }
            for r in 1..=5 {
                v.extend([Action::PlaceStone(r, c), Action::Take(r, c)]);
                for r2 in r + 1..=5 {
                    v.push(Action::Swap(c, r, r2));
                }
            }
            for s in seats() {
                v.push(Action::Ask(s, c));
            }
            for st in 0..=10 {
                v.push(Action::PlayChameleon(Card::chameleon(st), c));
            }
        }
        for card in creature_cards() {
            v.extend([Action::Secret(card), Action::Play(card), Action::Discard(card), Action::Give(card)]);
        }
        for id in 0..Card::COUNT as u8 {
            let card = Card(id);
            if card.canonical() == card {
                v.push(Action::Keep(card));
            }
        }
        for k in TreeKind::ALL {
            v.push(Action::PlayTree(k));
        }
        for s in seats() {
            v.push(Action::Target(s));
        }
        ActionIds::sorted(v)
    })
}

/// The number of distinct actions.
pub const NUM_ACTIONS: usize = 1441;

/// The stable id of an action (`usize::MAX` for one outside the table), computed from its fields:
/// the ids follow `Ord` order, so each variant's ids are a block at a fixed offset (the running sum
/// of the blocks before it) and a field's position inside the block is arithmetic. Equal to
/// [`ids`]'s lookup for every action (the tests compare them over every field value), without its
/// binary search.
#[inline]
pub fn action_id(a: Action) -> usize {
    const CR: usize = Creature::COUNT;
    const CARDS: usize = Card::FIRST_CHAMELEON as usize;
    const CHAMELEONS: usize = (Card::FIRST_TREE - Card::FIRST_CHAMELEON) as usize;
    const SEATS: usize = 5;
    const PREDICT: usize = 1;
    const SECRET: usize = PREDICT + CR;
    const REVEAL: usize = SECRET + CARDS;
    const PLAY: usize = REVEAL + 1;
    const PLAY_CHAMELEON: usize = PLAY + CARDS;
    const PLAY_TREE: usize = PLAY_CHAMELEON + CHAMELEONS * CR;
    const PASS: usize = PLAY_TREE + 2;
    const DISCARD: usize = PASS + 1;
    const END_DISCARD: usize = DISCARD + CARDS;
    const DECLINE: usize = END_DISCARD + 1;
    const USE_POWER: usize = DECLINE + 1;
    const RETRIEVE: usize = USE_POWER + 1;
    const TARGET: usize = RETRIEVE + 6 * CR + 1;
    const PLACE_STONE: usize = TARGET + SEATS;
    const ASK: usize = PLACE_STONE + 5 * CR;
    const GIVE: usize = ASK + SEATS * CR;
    const BORROW: usize = GIVE + CARDS;
    const KEEP: usize = BORROW + CR;
    const TAKE: usize = KEEP + Card::FIRST_TREE as usize + 2;
    const SWAP: usize = TAKE + 5 * CR;
    const REMOVE: usize = SWAP + 10 * CR;
    const NAME: usize = REMOVE + CR;
    const _: () = assert!(NAME + CR == NUM_ACTIONS);
    // The place of rows (a, b), 1 <= a < b <= 5, among the ten pairs in order.
    const PAIR: [[u8; 6]; 6] = {
        let mut t = [[u8::MAX; 6]; 6];
        let (mut a, mut k) = (1, 0);
        while a <= 5 {
            let mut b = a + 1;
            while b <= 5 {
                t[a][b] = k;
                k += 1;
                b += 1;
            }
            a += 1;
        }
        t
    };
    let cr = |c: Creature| c as usize;
    let creature_card = |c: Card| (usize::from(c.0) < CARDS).then_some(usize::from(c.0));
    // Rows 1..=5 of a creature's column, as the row-major place `(r - 1) * 14 + c`.
    let row = |r: Row, c: Creature| (1..=5).contains(&r).then(|| (usize::from(r) - 1) * CR + cr(c));
    let seat = |s: Seat| (usize::from(s.0) < SEATS).then_some(usize::from(s.0));
    let id = match a {
        Action::SkipPrediction => Some(0),
        Action::Predict(c) => Some(PREDICT + cr(c)),
        Action::Secret(card) => creature_card(card).map(|i| SECRET + i),
        Action::Reveal => Some(REVEAL),
        Action::Play(card) => creature_card(card).map(|i| PLAY + i),
        Action::PlayChameleon(card, c) => {
            card.is_chameleon().then(|| PLAY_CHAMELEON + usize::from(card.0 - Card::FIRST_CHAMELEON) * CR + cr(c))
        }
        Action::PlayTree(k) => Some(PLAY_TREE + k as usize),
        Action::Pass => Some(PASS),
        Action::Discard(card) => creature_card(card).map(|i| DISCARD + i),
        Action::EndDiscard => Some(END_DISCARD),
        Action::Decline => Some(DECLINE),
        Action::UsePower => Some(USE_POWER),
        Action::Retrieve(StoneSpot::At(r, c)) => (r <= 5).then(|| RETRIEVE + usize::from(r) * CR + cr(c)),
        Action::Retrieve(StoneSpot::Secret) => Some(RETRIEVE + 6 * CR),
        Action::Target(s) => seat(s).map(|s| TARGET + s),
        Action::PlaceStone(r, c) => row(r, c).map(|i| PLACE_STONE + i),
        Action::Ask(s, c) => seat(s).map(|s| ASK + s * CR + cr(c)),
        Action::Give(card) => creature_card(card).map(|i| GIVE + i),
        Action::Borrow(c) => Some(BORROW + cr(c)),
        // Every card below the trees is its own canonical card; each tree kind's is its first card.
        Action::Keep(card) => match card.0 {
            i if i < Card::FIRST_TREE => Some(KEEP + usize::from(i)),
            _ => {
                TreeKind::ALL.iter().position(|&k| k.card(0) == card).map(|k| KEEP + usize::from(Card::FIRST_TREE) + k)
            }
        },
        Action::Take(r, c) => row(r, c).map(|i| TAKE + i),
        Action::Swap(c, r1, r2) => PAIR
            .get(usize::from(r1))
            .and_then(|t| t.get(usize::from(r2)))
            .filter(|&&k| k != u8::MAX)
            .map(|&k| SWAP + cr(c) * 10 + usize::from(k)),
        Action::Remove(c) => Some(REMOVE + cr(c)),
        Action::Name(c) => Some(NAME + cr(c)),
    };
    id.unwrap_or(usize::MAX)
}
