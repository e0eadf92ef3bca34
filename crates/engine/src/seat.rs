//! Seats and sets of seats.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ParseError;

/// A seat at the table, numbered from 0 in turn order. Displayed as `p0`, `p1`, ...
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat tables.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order (clockwise) at a table of `n` seats.
    #[inline]
    pub fn next(self, n: usize) -> Seat {
        let next = self.0 as usize + 1;
        Seat(if next >= n { 0 } else { next as u8 })
    }

    /// Every seat of a table of `n` seats, in order.
    pub fn all(n: usize) -> impl Iterator<Item = Seat> {
        (0..n as u8).map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", self.0)
    }
}

impl FromStr for Seat {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix('p').and_then(|n| n.parse::<u8>().ok()).filter(|&n| n < 32).map(Seat).ok_or_else(|| {
            ParseError::with_message(
                s,
                "a seat is written p0, p1, ... p31",
                crate::Message::new("engine-seat-expected"),
            )
        })
    }
}

/// A set of seats, as a bit mask (at most 32 seats).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(pub u32);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding one seat.
    #[inline]
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// The set with `seat` added.
    #[inline]
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat.0))
    }

    /// Every seat of a table of `n` seats (at most 32).
    #[inline]
    pub fn all(n: usize) -> SeatSet {
        SeatSet(if n >= 32 { u32::MAX } else { (1u32 << n) - 1 })
    }

    /// The number of seats in the set.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats of the set, in order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..32u8).filter(move |&i| self.0 & (1 << i) != 0).map(Seat)
    }
}
