//! The setup draft of leaders and amulets (EN:810-816, 2305-2311): 1 + players leaders and amulets are
//! revealed; from the starting player, clockwise, each takes one leader or one amulet; then from the last
//! player, counter-clockwise, each takes one of the other kind. Each leader is sleeved into a blank card
//! (card 19, ruling MV22) already shuffled into its owner's deck. Then each player keeps the amulet or
//! trades it for a regular mana token. Everything on the table is public.

use serde::{Deserialize, Serialize};
use sylvan_engine::{Audience, EventSink};

use crate::actions::Action;
use crate::events::Event;
use crate::setup::{Amulets, Leaders};
use crate::state::{LeaderCard, MysticVale, NUM_CARDS, Phase};

/// The leaders and amulets still on the draft table (ids).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct DraftTable {
    /// Leaders on the table.
    pub leaders: Vec<u8>,
    /// Amulets on the table.
    pub amulets: Vec<u8>,
}

impl MysticVale {
    /// Deals the leaders and amulets of the setup after the base deal (same seed, so games without them
    /// deal as before). Returns the phase the game starts in, or `None` to start the first turn.
    pub(crate) fn deal_draft(&mut self) -> Option<Phase> {
        let n = self.n();
        if self.options.drafting() {
            let mut leaders: Vec<u8> = (0..self.db.leaders.len() as u8).collect();
            let mut amulets: Vec<u8> = (0..self.db.amulets.len() as u8).collect();
            self.rng.shuffle(&mut leaders);
            self.rng.shuffle(&mut amulets);
            leaders.truncate(n + 1);
            amulets.truncate(n + 1);
            leaders.sort_unstable();
            amulets.sort_unstable();
            self.draft = Some(DraftTable { leaders, amulets });
            return Some(Phase::Draft { first: true });
        }
        if self.options.amulets() == Amulets::Random {
            let mut amulets: Vec<u8> = (0..self.db.amulets.len() as u8).collect();
            self.rng.shuffle(&mut amulets);
            for (p, &a) in self.players.iter_mut().zip(&amulets) {
                p.amulet = Some(a);
            }
            return Some(Phase::AmuletTrade);
        }
        None
    }

    /// The draft's legal actions: a leader or an amulet in the first round, the kind not taken yet in
    /// the second.
    pub(crate) fn legal_draft(&self, out: &mut Vec<Action>) {
        let Some(t) = &self.draft else { return };
        let p = self.cur();
        if p.leader.is_none() {
            out.extend(t.leaders.iter().map(|&l| Action::TakeLeader(l)));
        }
        if p.amulet.is_none() {
            out.extend(t.amulets.iter().map(|&a| Action::TakeAmulet(a)));
        }
    }

    /// Applies a draft pick and passes the turn of the draft (clockwise in the first round, then
    /// counter-clockwise from the last player, EN:814).
    pub(crate) fn apply_draft<S: EventSink<Event>>(&mut self, first: bool, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let Some(t) = &mut self.draft else { return };
        match action {
            Action::TakeLeader(l) => {
                t.leaders.retain(|&x| x != l);
                let p = &mut self.players[i];
                // Taken from the open table: every seat knows it.
                p.leader = Some(LeaderCard { id: l, card: (NUM_CARDS - 1) as u8, upgraded: false, public: true });
                // Only the leader's card changes.
                p.refresh_card(&self.db, (NUM_CARDS - 1) as u8);
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::TookLeader(self.seat_of(i), self.db.leader(l).title.clone()));
                }
            }
            Action::TakeAmulet(a) => {
                t.amulets.retain(|&x| x != a);
                self.players[i].amulet = Some(a);
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::TookAmulet(self.seat_of(i), self.db.amulet(a).title.clone()));
                }
            }
            _ => return,
        }
        let n = self.n();
        let last = (usize::from(self.start) + n - 1) % n;
        if first {
            if i == last {
                // The last player begins the second round.
                self.phase = Phase::Draft { first: false };
            } else {
                self.current = ((i + 1) % n) as u8;
            }
        } else if i == usize::from(self.start) {
            self.draft = None;
            self.phase = Phase::AmuletTrade;
        } else {
            self.current = ((i + n - 1) % n) as u8;
        }
    }

    /// Keeping (`decline`) or trading (`trade`) the amulet, from the starting player clockwise; then the
    /// first turn.
    pub(crate) fn apply_trade<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let i = self.current as usize;
        if action == Action::Trade {
            self.players[i].amulet = None;
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::TradedAmulet(self.seat_of(i)));
            }
        }
        let n = self.n();
        self.current = ((i + 1) % n) as u8;
        if self.current == self.start {
            self.first_turn(ev);
        }
    }

    fn seat_of(&self, i: usize) -> sylvan_engine::Seat {
        sylvan_engine::Seat(i as u8)
    }
}

impl Leaders {
    /// Whether leaders are drafted.
    pub fn drafted(self) -> bool {
        self == Leaders::Draft
    }
}
