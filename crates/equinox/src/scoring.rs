//! Final scoring ("Décompte final"): each stone on a creature still in play scores its row's prestige
//! (secret prediction 5, rows 1–5: 4, 3, 2, 1, 0), plus half a point per stone in Ursus's column if
//! Ursus is still in play. Ties: a secret prediction on a surviving creature wins; then the most stones
//! on surviving creatures in row 1, then row 2, ... row 5; then the victory is shared.

use sylvan_engine::{Outcome, Seat};

use crate::cards::{Card, Creature};
use crate::state::{COLUMNS, Equinox, MAX_PLAYERS, ROUNDS};

/// One player's final tally, in half points, with what the tie-breaks compare.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Prestige in half points.
    pub half_points: u32,
    /// Whether a secret prediction lies on a surviving creature.
    pub secret_on_survivor: bool,
    /// Stones on surviving creatures in rows 1..=5.
    pub stones_by_row: [u8; ROUNDS],
    /// Secret predictions on surviving creatures (5 points each).
    pub secrets: u8,
    /// Half points from Ursus (half a point per stone in its column, if it survives).
    pub ursus_half_points: u32,
}

impl Tally {
    /// The tie-break key, compared after the points: greater is better.
    fn key(&self) -> (u32, bool, [u8; ROUNDS]) {
        (self.half_points, self.secret_on_survivor, self.stones_by_row)
    }
}

impl Equinox {
    /// Each player's tally, counting unrevealed secrets as if revealed (as the end of the game does).
    pub fn tallies(&self) -> Vec<Tally> {
        self.tally_array()[..self.n()].to_vec()
    }

    /// [`tallies`](Equinox::tallies) without the heap: one entry per seat, then defaults.
    fn tally_array(&self) -> [Tally; MAX_PLAYERS] {
        let mut t = [Tally::default(); MAX_PLAYERS];
        for col in 0..COLUMNS {
            if !self.in_play(col) {
                continue;
            }
            let ursus = self.champions[col] == Creature::Ursus;
            let bonus = u32::from(ursus);
            for (s, tally) in t.iter_mut().enumerate().take(self.n()) {
                let secret_here = self.secret[s].and_then(Card::creature) == Some(self.champions[col]);
                if self.revealed[col] & (1 << s) != 0 || secret_here {
                    tally.half_points += 10 + bonus;
                    tally.secret_on_survivor = true;
                    tally.secrets += 1;
                    tally.ursus_half_points += bonus;
                }
            }
            for r in 1..=ROUNDS as u8 {
                if let Some(s) = self.stone(r, col) {
                    let tally = &mut t[s.index()];
                    tally.half_points += 2 * Self::row_value(r) + bonus;
                    tally.stones_by_row[r as usize - 1] += 1;
                    tally.ursus_half_points += bonus;
                }
            }
        }
        t
    }

    /// Final scores in prestige points.
    pub fn final_scores(&self) -> Vec<f64> {
        self.tallies().iter().map(|t| f64::from(t.half_points) / 2.0).collect()
    }

    /// The result after every tie-break (a shared victory on a complete tie), without the heap.
    pub(crate) fn final_outcome(&self) -> Outcome {
        let t = self.tally_array();
        Outcome::best_by(self.n(), |s: Seat| t[s.index()].key())
    }
}
