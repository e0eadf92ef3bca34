//! What one seat may see ([`View`]), its terminal rendering, and determinization.
//!
//! Public: every spirit (PV, charged or exhausted, attached cards, how many bound abilities lie under
//! it), PM, hand sizes, pile sizes, discard piles, removed cards, the card being used, the turn counter
//! and cycle. Private: a player's own hand (the Robot's face-down hand is seen by nobody) and the cards
//! it put under its own pile by Recyclage. Hidden from everybody: bound abilities and the pile order.

use std::fmt;

use serde::{Deserialize, Serialize};
use sylvan_engine::{GameRng, Seat};

use crate::cards::{Card, Spirit, tables};
use crate::setup::Options;
use crate::state::{Phase, Side, SpiritDuel, SpiritState};

/// A spirit as everybody sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SpiritView {
    /// Which spirit.
    pub id: Spirit,
    /// Its PV.
    pub pv: u8,
    /// Still on the field.
    pub alive: bool,
    /// Charged (upright) or exhausted.
    pub charged: bool,
    /// How many bound abilities lie under it (face down).
    pub bound: u8,
    /// Attached cards (mask).
    pub attached: u32,
}

/// A side as everybody sees it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SideView {
    /// Its spirits.
    pub spirits: [SpiritView; 2],
    /// PM.
    pub pm: u8,
    /// Cards in hand.
    pub hand_count: u8,
    /// Cards in the pile.
    pub deck_len: u8,
    /// The discard pile (mask).
    pub discard: u32,
    /// Cards out of the game (mask).
    pub removed: u32,
    /// The PM card is turned over (the pile was emptied once).
    pub reshuffled: bool,
}

/// One seat's view.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// The options.
    pub options: Options,
    /// The first player.
    pub first: Seat,
    /// The side whose turn it is.
    pub current: Seat,
    /// The turn counter.
    pub round: u8,
    /// Day (Diurne) or Night (Nocturne).
    pub day: bool,
    /// Where the turn stands (the pending attack is public).
    pub phase: Phase,
    /// The active player already dealt damage this turn.
    pub dealt_damage: bool,
    /// The active player already recycled this turn.
    pub recycled: bool,
    /// Chance: bonus to the active player's die results.
    pub die_bonus: u8,
    /// The Attaque card being used.
    pub in_play: Option<Card>,
    /// Actions applied.
    pub moves: u32,
    /// Side p0 and side p1.
    pub sides: [SideView; 2],
    /// This seat's hand, if it may see it (not the Robot's).
    pub hand: Option<u32>,
    /// The cards at the bottom of this seat's pile that it put there, bottom first.
    pub known_bottom: Vec<Card>,
}

fn side_view(s: &Side) -> SideView {
    let sv = |x: &SpiritState| SpiritView {
        id: x.id,
        pv: x.pv,
        alive: x.alive,
        charged: x.charged,
        bound: x.bound.count_ones() as u8,
        attached: x.attached,
    };
    SideView {
        spirits: [sv(&s.spirits[0]), sv(&s.spirits[1])],
        pm: s.pm,
        hand_count: s.hand.count_ones() as u8,
        deck_len: s.deck.len() as u8,
        discard: s.discard,
        removed: s.removed,
        reshuffled: s.reshuffled,
    }
}

impl SpiritDuel {
    /// The view of `seat`.
    pub(crate) fn view_of(&self, seat: Seat) -> View {
        let i = seat.index().min(1);
        let own = &self.sides[i];
        View {
            seat,
            options: self.options.clone(),
            first: Seat(self.first),
            current: Seat(self.current),
            round: self.round,
            day: self.day,
            phase: self.phase,
            dealt_damage: self.dealt_damage,
            recycled: self.recycled,
            die_bonus: self.die_bonus,
            in_play: self.in_play,
            moves: self.moves,
            sides: [side_view(&self.sides[0]), side_view(&self.sides[1])],
            hand: if self.is_robot(i) { None } else { Some(own.hand) },
            known_bottom: own.deck[..own.known_bottom as usize].to_vec(),
        }
    }

    /// A full state consistent with `view`: hidden hands, bound abilities and piles dealt at random from
    /// the cards the view does not place.
    pub(crate) fn sample(view: &View, rng: &mut GameRng) -> SpiritDuel {
        let t = tables();
        let me = view.seat.index().min(1);
        let mut sides = Vec::with_capacity(2);
        for (i, sv) in view.sides.iter().enumerate() {
            let team = if i == 0 { view.options.team } else { view.options.team.other() };
            let all = t.team_cards[team.index()];
            let mut visible = sv.discard | sv.removed | sv.spirits[0].attached | sv.spirits[1].attached;
            if let Some(c) = view.in_play
                && all & c.bit() != 0
            {
                visible |= c.bit();
            }
            let mut hand = 0;
            let mut bottom: Vec<Card> = Vec::new();
            if i == me {
                if let Some(h) = view.hand {
                    hand = h;
                    visible |= h;
                }
                for c in &view.known_bottom {
                    visible |= c.bit();
                }
                bottom.clone_from(&view.known_bottom);
            }
            let mut pool: Vec<Card> = crate::cards::cards_of(all & !visible).collect();
            rng.shuffle(&mut pool);
            if !(i == me && view.hand.is_some()) {
                for _ in 0..sv.hand_count {
                    if let Some(c) = pool.pop() {
                        hand |= c.bit();
                    }
                }
            }
            let mut spirits =
                [SpiritState { id: sv.spirits[0].id, pv: 0, alive: false, charged: false, bound: 0, attached: 0 }; 2];
            for (k, x) in sv.spirits.iter().enumerate() {
                let mut bound = 0;
                for _ in 0..x.bound {
                    if let Some(c) = pool.pop() {
                        bound |= c.bit();
                    }
                }
                spirits[k] =
                    SpiritState { id: x.id, pv: x.pv, alive: x.alive, charged: x.charged, bound, attached: x.attached };
            }
            let mut deck = Vec::with_capacity(24);
            deck.extend(bottom.iter().copied());
            deck.extend(pool);
            sides.push(Side {
                spirits,
                pm: sv.pm,
                hand,
                deck,
                known_bottom: if i == me { view.known_bottom.len() as u8 } else { 0 },
                discard: sv.discard,
                removed: sv.removed,
                reshuffled: sv.reshuffled,
            });
        }
        let b = sides.pop();
        let a = sides.pop();
        let (Some(a), Some(b)) = (a, b) else { unreachable!("two sides were pushed") };
        SpiritDuel {
            options: view.options.clone(),
            sides: [a, b],
            first: view.first.0,
            current: view.current.0,
            round: view.round,
            day: view.day,
            phase: view.phase,
            dealt_damage: view.dealt_damage,
            recycled: view.recycled,
            die_bonus: view.die_bonus,
            in_play: view.in_play,
            moves: view.moves,
            rng: rng.fork(),
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let _ = tables();
        f.write_str(&self.render(sylvan_engine::Locale::En))
    }
}
