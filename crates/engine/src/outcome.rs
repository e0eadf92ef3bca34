//! The result of a finished game: who won, whether it was a draw, and each seat's return.

use serde::{Deserialize, Serialize};

use crate::{Seat, SeatSet};

/// The most seats an [`Outcome`] holds (every Sylvan game seats at most 5).
pub const MAX_SEATS: usize = 8;

/// How a game ended: the winning seats after every tie-break, whether it was a draw, and each seat's
/// return in `[0, 1]`. A plain value (no heap), so search can compute one per playout for free.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    seats: u8,
    winners: SeatSet,
    draw: bool,
    returns: [f64; MAX_SEATS],
}

impl Outcome {
    /// One winner, or a victory shared by `winners`: each of the `k` winners gets `1/k`, others 0. More
    /// than [`MAX_SEATS`] seats are cut to [`MAX_SEATS`].
    pub fn shared(num_seats: usize, winners: impl IntoIterator<Item = Seat>) -> Outcome {
        let seats = num_seats.min(MAX_SEATS);
        let set = winners.into_iter().filter(|s| s.index() < seats).fold(SeatSet::EMPTY, SeatSet::with);
        let k = set.len();
        let mut returns = [0.0; MAX_SEATS];
        if k > 0 {
            for s in set.iter() {
                returns[s.index()] = 1.0 / k as f64;
            }
        }
        Outcome { seats: seats as u8, winners: set, draw: false, returns }
    }

    /// The seats with the greatest `key` win (sharing the victory on equal keys): the usual "most points,
    /// then the tie-breaks" rule, with the tie-breaks folded into `key`.
    pub fn best_by<K: Ord>(num_seats: usize, key: impl Fn(Seat) -> K) -> Outcome {
        let seats = num_seats.min(MAX_SEATS);
        let best = Seat::all(seats).map(&key).max();
        Outcome::shared(seats, Seat::all(seats).filter(|&s| Some(key(s)) == best))
    }

    /// A team victory: every seat of `winners` gets 1 (partners alike), others 0.
    pub fn team(num_seats: usize, winners: SeatSet) -> Outcome {
        let mut o = Outcome::shared(num_seats, winners.iter());
        for s in o.winners.iter() {
            o.returns[s.index()] = 1.0;
        }
        o
    }

    /// A draw: every seat counts among the winners and gets `value` (1/2 for a two-sided game).
    pub fn draw(num_seats: usize, value: f64) -> Outcome {
        let seats = num_seats.min(MAX_SEATS);
        let mut returns = [0.0; MAX_SEATS];
        returns[..seats].fill(value.clamp(0.0, 1.0));
        Outcome { seats: seats as u8, winners: SeatSet::all(seats), draw: true, returns }
    }

    /// The number of seats.
    pub fn num_seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// The winning seats (every seat on a draw).
    pub fn winners(&self) -> SeatSet {
        self.winners
    }

    /// Whether the game was drawn (no side won).
    pub fn is_draw(&self) -> bool {
        self.draw
    }

    /// Each seat's return in `[0, 1]`, one per seat.
    pub fn returns(&self) -> &[f64] {
        &self.returns[..self.num_seats()]
    }

    /// The return of `seat` (0 for a seat not at the table).
    pub fn return_of(&self, seat: Seat) -> f64 {
        if seat.index() < self.num_seats() { self.returns[seat.index()] } else { 0.0 }
    }
}
