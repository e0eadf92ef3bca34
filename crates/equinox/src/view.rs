//! What one seat may see ([`View`]), its terminal rendering, and determinization.
//!
//! A seat sees the whole table (every card of every cell: each was played face up in front of everyone,
//! ruling E1), stones, eliminations, counts of every hand, set-aside pile, secret and pile; its own hand,
//! set-aside cards and secret card; the discards it saw or made; and the cards it knows to be held by
//! others (shown when a player passed, given or returned to it, taken from the table in public, or seen
//! through Le Duc or Sabot). Nothing else.

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat, SeatSet};

use crate::cards::{Card, CardSet, Creature};
use crate::setup::Options;
use crate::state::{COLUMNS, Equinox, MAX_PLAYERS, NO_COLUMN, NO_STONE, Phase, Pile, ROUNDS, Stack, TurnFlags};

/// Where the turn stands, as a seat sees it: Sabot's three drawn cards are `Some` for the current
/// player and the victim, `None` for everybody else.
pub type ViewPhase = Phase<Option<[Card; 3]>>;

/// One seat's view of the game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The game options.
    pub options: Options,
    /// The 8 champions in column order.
    pub champions: [Creature; COLUMNS],
    /// Every card of the game.
    pub universe: CardSet,
    /// The table: rows 1..=5 at index 0..5.
    pub stacks: [[Stack; COLUMNS]; ROUNDS],
    /// The stone on each table cell, by its seat.
    pub stones: [[Option<Seat>; COLUMNS]; ROUNDS],
    /// The seats whose secret prediction is revealed on each champion card.
    pub revealed: [SeatSet; COLUMNS],
    /// Round of elimination of each column's creature (`None`: in play).
    pub eliminated_in: [Option<u8>; COLUMNS],
    /// The current round.
    pub round: u8,
    /// The player whose turn it is.
    pub current: Seat,
    /// Where the turn stands (Sabot's drawn cards are hidden from uninvolved seats).
    pub phase: ViewPhase,
    /// This seat's hand.
    pub hand: CardSet,
    /// This seat's cards set aside by Panache.
    pub aside: CardSet,
    /// This seat's unrevealed secret prediction card.
    pub secret: Option<Card>,
    /// Hand sizes of all seats.
    pub hand_counts: [u8; MAX_PLAYERS],
    /// Set-aside counts of all seats.
    pub aside_counts: [u8; MAX_PLAYERS],
    /// Seats with an unrevealed secret prediction.
    pub has_secret: SeatSet,
    /// Seats that made their secret prediction.
    pub secret_used: SeatSet,
    /// Stones in each player's supply.
    pub stones_left: [u8; MAX_PLAYERS],
    /// Cards this seat knows each other seat to hold.
    pub known: [CardSet; MAX_PLAYERS],
    /// Cards left in the draw pile.
    pub deck_len: u8,
    /// Discarded cards everybody saw.
    pub discard_public: CardSet,
    /// Cards this seat discarded without showing them.
    pub my_hidden_discard: CardSet,
    /// Cards each seat discarded without showing them.
    pub hidden_discard_counts: [u8; MAX_PLAYERS],
    /// What has happened in the current player's turn.
    pub turn: TurnFlags,
    /// Consecutive passing turns that changed nothing (ruling E9: no draw; from rules revision 2, no discard
    /// and no set-aside card back either).
    pub stall: u8,
    /// Actions applied so far.
    pub moves: u32,
}

impl Equinox {
    /// The view of `seat`.
    pub(crate) fn view_of(&self, seat: Seat) -> View {
        let n = self.n();
        let s = seat.index();
        let phase = self.phase.map_drawn(|victim, drawn| (seat == self.current || seat == victim).then_some(drawn));
        let mut known = self.known[s];
        known[s] = CardSet::EMPTY;
        let mut hidden_discard_counts = [0u8; MAX_PLAYERS];
        let mut has_secret = SeatSet::EMPTY;
        let mut hand_counts = [0u8; MAX_PLAYERS];
        let mut aside_counts = [0u8; MAX_PLAYERS];
        for o in 0..n {
            hidden_discard_counts[o] = self.discard_hidden[o].len() as u8;
            hand_counts[o] = self.hands[o].len() as u8;
            aside_counts[o] = self.aside[o].len() as u8;
            if self.secret[o].is_some() {
                has_secret = has_secret.with(Seat(o as u8));
            }
        }
        View {
            seat,
            options: self.options.clone(),
            champions: self.champions,
            universe: self.universe,
            stacks: self.stacks,
            stones: self.stones.map(|row| row.map(|s| (s != NO_STONE).then_some(Seat(s)))),
            revealed: self.revealed.map(|m| SeatSet(u32::from(m))),
            eliminated_in: self.eliminated_in.map(|r| (r != 0).then_some(r)),
            round: self.round,
            current: self.current,
            phase,
            hand: self.hands[s],
            aside: self.aside[s],
            secret: self.secret[s],
            hand_counts,
            aside_counts,
            has_secret,
            secret_used: SeatSet(u32::from(self.secret_used)),
            stones_left: self.stones_left,
            known,
            deck_len: self.deck.len() as u8,
            discard_public: self.discard_public,
            my_hidden_discard: self.discard_hidden[s],
            hidden_discard_counts,
            turn: self.turn,
            stall: self.stall,
            moves: self.moves,
        }
    }

    /// A full state consistent with `view`, unseen cards dealt at random.
    pub(crate) fn sample(view: &View, rng: &mut GameRng) -> Equinox {
        let n = view.options.players.min(MAX_PLAYERS);
        let me = view.seat.index();
        let mut column_of = [NO_COLUMN; Creature::COUNT];
        for (i, c) in view.champions.iter().enumerate() {
            column_of[c.index()] = i as u8;
        }
        // Everything the seat sees is fixed; the rest is the pool.
        let mut seen = view.hand.or(view.aside).or(view.discard_public).or(view.my_hidden_discard);
        if let Some(c) = view.secret {
            seen.insert(c);
        }
        for row in &view.stacks {
            for st in row {
                for &c in st.cards() {
                    seen.insert(c);
                }
            }
        }
        for k in view.known.iter() {
            seen = seen.or(*k);
        }
        if let Phase::Keep { drawn: Some(drawn), .. } = view.phase {
            for c in drawn {
                seen.insert(c);
            }
        }
        // Fixed-size piles, so that sampling allocates nothing.
        let mut pool: Pile = view.universe.minus(seen).iter().collect();
        rng.shuffle(pool.as_mut_slice());
        // Takes a card satisfying `pred` from the pool (the pool holds one while the view is true).
        let take = |pool: &mut Pile, pred: &dyn Fn(Card) -> bool| -> Option<Card> {
            let i = pool.as_slice().iter().position(|&c| pred(c))?;
            pool.swap_remove(i)
        };
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        let mut aside = [CardSet::EMPTY; MAX_PLAYERS];
        let mut secret = [None; MAX_PLAYERS];
        let mut discard_hidden = [CardSet::EMPTY; MAX_PLAYERS];
        hands[me] = view.hand;
        aside[me] = view.aside;
        secret[me] = view.secret;
        discard_hidden[me] = view.my_hidden_discard;
        // Le Duc waiting on another seat's answer: that seat holds a card of the named creature.
        let mut must_hold: Option<(usize, Creature)> = None;
        let mut forced = [CardSet::EMPTY; MAX_PLAYERS];
        if let Phase::Give { victim, creature } = view.phase
            && victim.index() != me
        {
            must_hold = Some((victim.index(), creature));
            if view.known[victim.index()].and(CardSet::of_creature(creature)).is_empty()
                && let Some(c) = take(&mut pool, &|c| c.creature() == Some(creature))
            {
                forced[victim.index()].insert(c);
            }
        }
        // L'Ancêtre: the seats still to reveal hold a secret on the named creature.
        let pending = match view.phase {
            Phase::Reveals { creature, pending } => Some((creature, pending)),
            _ => None,
        };
        for o in (0..n).filter(|&o| o != me && view.has_secret.contains(Seat(o as u8))) {
            let want = pending.filter(|(_, p)| p & (1 << o) != 0).map(|(c, _)| c);
            secret[o] = match want {
                Some(cr) => take(&mut pool, &|c| c.creature() == Some(cr)),
                None => take(&mut pool, &Card::is_creature),
            };
        }
        for o in (0..n).filter(|&o| o != me) {
            for _ in 0..view.hidden_discard_counts[o] {
                if let Some(c) = take(&mut pool, &Card::is_creature) {
                    discard_hidden[o].insert(c);
                }
            }
        }
        // Sabot's drawn cards, when this seat did not see them: three cards from the unseen pool.
        let phase = view.phase.map_drawn(|_, drawn| {
            drawn.unwrap_or_else(|| {
                let mut drawn = [Card(0); 3];
                for d in drawn.iter_mut() {
                    *d = pool.pop().unwrap_or(Card(0));
                }
                drawn
            })
        });
        for o in (0..n).filter(|&o| o != me) {
            let total = view.hand_counts[o] as usize + view.aside_counts[o] as usize;
            let mut holding: Pile = view.known[o].or(forced[o]).iter().collect();
            while holding.len() < total {
                let Some(c) = pool.pop() else { break };
                holding.push(c);
            }
            rng.shuffle(holding.as_mut_slice());
            let holding = holding.as_slice();
            let k = (view.aside_counts[o] as usize).min(holding.len());
            aside[o] = holding[..k].iter().copied().collect();
            hands[o] = holding[k..].iter().copied().collect();
            // The asked player's card of the named creature must be in the hand, not set aside.
            if let Some((v, cr)) = must_hold
                && v == o
                && hands[o].and(CardSet::of_creature(cr)).is_empty()
                && let (Some(x), Some(y)) = (aside[o].and(CardSet::of_creature(cr)).first(), hands[o].first())
            {
                aside[o].remove(x);
                hands[o].remove(y);
                aside[o].insert(y);
                hands[o].insert(x);
            }
        }
        let mut discard = view.discard_public;
        for d in &discard_hidden {
            discard = discard.or(*d);
        }
        let mut known = [[CardSet::EMPTY; MAX_PLAYERS]; MAX_PLAYERS];
        known[me] = view.known;
        let mut g = Equinox {
            options: view.options.clone(),
            players: n as u8,
            champions: view.champions,
            column_of,
            universe: view.universe,
            order: [0; COLUMNS],
            live_cards: CardSet::EMPTY,
            dead_cards: CardSet::EMPTY,
            stacks: view.stacks,
            stones: view.stones.map(|row| row.map(|s| s.map_or(NO_STONE, |s| s.0))),
            revealed: view.revealed.map(|m| m.0 as u8),
            eliminated_in: view.eliminated_in.map(|r| r.unwrap_or(0)),
            hands,
            aside,
            secret,
            secret_used: view.secret_used.0 as u8,
            stones_left: view.stones_left,
            known,
            // The rest of the pool is the draw pile.
            deck: pool,
            discard,
            discard_public: view.discard_public,
            discard_hidden,
            round: view.round,
            current: view.current,
            phase,
            turn: view.turn,
            stall: view.stall,
            moves: view.moves,
            rng: rng.fork(),
        };
        g.derive_tables();
        g
    }
}

impl View {
    pub(crate) fn cell_text(&self, r: usize, col: usize) -> String {
        let st = &self.stacks[r][col];
        let card = if self.eliminated_in[col].is_some_and(|e| usize::from(e) < r + 1) {
            "  X ".to_owned()
        } else {
            match st.top() {
                None => "  . ".to_owned(),
                Some(c) if c.is_chameleon() => {
                    format!("c{:>2}", c.strength()) + if st.cards().len() > 1 { "+" } else { " " }
                }
                Some(c) if c.creature() == Some(Creature::Ursus) => {
                    format!("{:>3}", format!("{}½", c.strength())) + if st.cards().len() > 1 { "+" } else { " " }
                }
                Some(c) => format!("{:>3}", c.strength()) + if st.cards().len() > 1 { "+" } else { " " },
            }
        };
        let stone = match self.stones[r][col] {
            None => "   ".to_owned(),
            Some(s) => format!("●{}", s.0),
        };
        format!("{card}{stone:<3}")
    }
}
