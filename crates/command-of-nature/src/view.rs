//! What one seat may see ([`View`]), its terminal rendering, and determinization.
//!
//! Public: both formations with all tokens, gold, levels, Sages, action points, the phase and every
//! pending question, the market faces, every discard pile in full (ruling C8), the size of every hand and
//! deck. Private: hands (a seat sees its own and, in teams, its partner's), the order of every deck and
//! market deck. A view also lists, per seat, the cards whose place among hand and deck it cannot see
//! (derivable from public information: packs, purchases, discards and the formation), so that
//! determinization deals them consistently.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat};

use crate::actions::Slot;
use crate::cards::{Card, Cards};
use crate::state::{Ask, Attack, CommandOfNature, Formation, Options, Phase, Player, Question, Step};

/// One seat as another sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct SeatView {
    /// Sage pack index (faction order twig, pebble, leaf, droplet).
    pub pack: u8,
    /// The hand, when the viewer may see it.
    pub hand: Option<Vec<Card>>,
    /// Cards in hand.
    pub hand_count: u8,
    /// Cards in the deck.
    pub deck_count: u8,
    /// The deck and (if unseen) the hand together, sorted: the cards whose places the viewer cannot see.
    pub unseen: Vec<Card>,
    /// The discard pile, top last.
    pub discard: Vec<Card>,
    /// Level.
    pub level: u8,
    /// Sage in play.
    pub sage_alive: bool,
    /// Faction action used this turn.
    pub faction_used: bool,
}

/// One seat's view of the game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// Options.
    pub options: Options,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// Both formations.
    pub formations: [Formation; 2],
    /// Gold per side.
    pub gold: [u8; 2],
    /// Market faces.
    pub market: [[Option<Card>; 3]; 2],
    /// Market deck contents, sorted (their order is hidden).
    pub market_decks: [Vec<Card>; 2],
    /// Side to play.
    pub side: u8,
    /// Acting seat.
    pub actor: Seat,
    /// Phase.
    pub phase: Phase,
    /// AP left.
    pub ap: u8,
    /// Hand-overs this turn (counted up to 255).
    pub handovers: u8,
    /// Whether the last main decision was a hand-over (ruling C22).
    pub handed: bool,
    /// Turns played.
    pub turns: u32,
    /// The attack being resolved.
    pub attack: Option<Attack>,
    /// The question asked now.
    pub question: Option<Question>,
    /// Pending work.
    pub stack: Vec<Step>,
    /// Next unit id.
    pub next_uid: u16,
    /// Actions so far.
    pub moves: u32,
    /// The card table of the game.
    pub cards: Cards,
}

impl CommandOfNature {
    /// The view of `seat`.
    pub(crate) fn view_of(&self, seat: Seat) -> View {
        let me = seat.0;
        let seats = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let visible = i as u8 == me || i as u8 == self.partner(me);
                let mut unseen = p.deck.clone();
                if !visible {
                    unseen.extend_from_slice(&p.hand);
                }
                unseen.sort_unstable();
                let mut hand = p.hand.clone();
                hand.sort_unstable();
                SeatView {
                    pack: p.pack,
                    hand: visible.then_some(hand),
                    hand_count: p.hand.len() as u8,
                    deck_count: p.deck.len() as u8,
                    unseen,
                    discard: p.discard.clone(),
                    level: p.level,
                    sage_alive: p.sage_alive,
                    faction_used: p.faction_used,
                }
            })
            .collect();
        let sorted = |v: &Vec<Card>| {
            let mut v = v.clone();
            v.sort_unstable();
            v
        };
        View {
            seat,
            options: self.options.clone(),
            seats,
            formations: self.formations,
            gold: self.gold,
            market: self.market,
            market_decks: [sorted(&self.market_decks[0]), sorted(&self.market_decks[1])],
            side: self.side,
            actor: Seat(self.actor),
            phase: self.phase,
            ap: self.ap,
            handovers: self.handovers,
            handed: self.handed,
            turns: self.turns,
            attack: self.attack,
            question: self.question,
            stack: self.stack.clone(),
            next_uid: self.next_uid,
            moves: self.moves,
            cards: self.cards.clone(),
        }
    }

    /// A full state consistent with `view`: unseen hands and every deck order dealt at random.
    pub(crate) fn sample(view: &View, rng: &mut GameRng) -> CommandOfNature {
        let cap = crate::state::PILE_CAPACITY;
        let players = view
            .seats
            .iter()
            .map(|sv| {
                let mut pool = sv.unseen.clone();
                rng.shuffle(&mut pool);
                let mut hand = Vec::with_capacity(cap);
                let mut deck = Vec::with_capacity(cap);
                match &sv.hand {
                    Some(h) => {
                        hand.extend_from_slice(h);
                        deck.extend_from_slice(&pool);
                    }
                    None => {
                        let k = (sv.hand_count as usize).min(pool.len());
                        hand.extend_from_slice(&pool[..k]);
                        deck.extend_from_slice(&pool[k..]);
                    }
                }
                let mut discard = Vec::with_capacity(cap);
                discard.extend_from_slice(&sv.discard);
                Player {
                    pack: sv.pack,
                    hand,
                    deck,
                    discard,
                    level: sv.level,
                    sage_alive: sv.sage_alive,
                    faction_used: sv.faction_used,
                }
            })
            .collect();
        let mut md = [Vec::with_capacity(cap), Vec::with_capacity(cap)];
        for (d, v) in md.iter_mut().zip(&view.market_decks) {
            d.extend_from_slice(v);
            rng.shuffle(d);
        }
        let mut stack = Vec::with_capacity(64);
        stack.extend_from_slice(&view.stack);
        CommandOfNature {
            options: view.options.clone(),
            players,
            formations: view.formations,
            gold: view.gold,
            market: view.market,
            market_decks: md,
            side: view.side,
            actor: view.actor.0,
            phase: view.phase,
            ap: view.ap,
            handovers: view.handovers,
            handed: view.handed,
            turns: view.turns,
            attack: view.attack,
            question: view.question,
            stack,
            next_uid: view.next_uid,
            moves: view.moves,
            rng: rng.fork(),
            cards: view.cards.clone(),
        }
    }
}

/// A description of the phase or the question asked, in English (for views and illegal-action
/// messages; [`crate::words::phase_text_in`] in any locale).
pub fn phase_text(question: Option<&Question>, phase: Phase, actor: u8, ap: u8) -> String {
    crate::words::phase_text_in(question, phase, actor, ap, sylvan_engine::Locale::En)
}

impl CommandOfNature {
    /// What is being decided now, in a few fixed words (cheap: for illegal-action messages): the id of a
    /// `brief-…` message of the catalog.
    pub fn brief(&self) -> &'static str {
        match (self.question.map(|q| q.ask), self.phase) {
            (Some(Ask::DeckWarrior), _) => "brief-deck-warrior",
            (Some(Ask::Place { .. }), _) => "brief-place",
            (Some(Ask::Attacker { .. }), _) => "brief-attacker",
            (Some(Ask::Target { .. } | Ask::Target2 { .. }), _) => "brief-target",
            (Some(Ask::Instants), _) => "brief-instants",
            (Some(Ask::CharmTarget { .. }), _) => "brief-charm",
            (Some(Ask::Intercept { .. }), _) => "brief-intercept",
            (Some(Ask::Tokens { .. }), _) => "brief-tokens",
            (Some(Ask::Discards { .. }), _) => "brief-discards",
            (Some(Ask::BoostOrShield { .. }), _) => "brief-boost-or-shield",
            (Some(Ask::FromDiscard { .. }), _) => "brief-from-discard",
            (Some(Ask::Hit { .. }), _) => "brief-hit",
            (Some(Ask::SwapFirst { .. } | Ask::SwapSecond { .. }), _) => "brief-swap",
            (Some(Ask::Spend { .. }), _) => "brief-spend",
            (Some(Ask::FactionPick { .. }), _) => "brief-faction-pick",
            (Some(Ask::Redistribute { .. }), _) => "brief-redistribute",
            (Some(Ask::Refill), _) => "brief-refill",
            (Some(Ask::InnerWarrior), _) => "brief-inner-warrior",
            (None, Phase::Setup) => "brief-setup",
            (None, Phase::Daybreak) => "brief-daybreak",
            (None, Phase::Actions) => "brief-actions",
            (None, Phase::Market) => "brief-market",
            (None, Phase::Reset(_)) => "brief-reset",
            (None, Phase::Over(_)) => "brief-over",
        }
    }
}

impl View {
    /// Number of seats.
    pub fn n(&self) -> usize {
        self.seats.len()
    }

    /// Whether an attacker in row `ar` may target row `tr` with `cmd`.
    pub fn can_target(&self, cmd: Card, ar: usize, tr: usize) -> bool {
        CommandOfNature::reaches(self.cards.info(cmd).reach, ar, tr)
    }

    /// Width unit (1 or 2).
    pub fn w(&self) -> usize {
        if self.n() == 4 { 2 } else { 1 }
    }

    /// The unit at a slot of a side.
    pub fn at(&self, side: u8, s: Slot) -> Option<&crate::state::Unit> {
        self.formations[side as usize][(s / 6) as usize][(s % 6) as usize].as_ref()
    }

    /// The hand of this view's seat.
    pub fn hand(&self) -> &[Card] {
        self.seats[self.seat.index()].hand.as_deref().unwrap_or(&[])
    }

    /// A description of the phase or question.
    pub fn phase_text(&self) -> String {
        phase_text(self.question.as_ref(), self.phase, self.actor.0, self.ap)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(f, sylvan_engine::Locale::En)
    }
}
