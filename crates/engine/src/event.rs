//! Events: what each apply tells the table, redacted per seat.
//!
//! A game emits each event with an [`Audience`]. A private fact (the cards a seat drew) is emitted
//! once to the seats that may see it and, where the others learn something (that it drew three cards),
//! once more in a redacted form to everybody else. A UI or log keeps the events whose audience holds
//! its seat; search code passes [`NoEvents`], which compiles to nothing.

use serde::{Deserialize, Serialize};

use crate::{Seat, SeatSet};

/// Who may see an event.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Audience {
    /// Every seat (and spectators).
    Everyone,
    /// Only these seats.
    Only(SeatSet),
    /// Every seat except these (and spectators).
    AllBut(SeatSet),
}

impl Audience {
    /// Whether `seat` may see the event.
    #[inline]
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Only(s) => s.contains(seat),
            Audience::AllBut(s) => !s.contains(seat),
        }
    }

    /// Whether a spectator (who sees only public information) may see the event.
    #[inline]
    pub fn is_public(self) -> bool {
        !matches!(self, Audience::Only(_))
    }
}

/// Where a game sends its events.
pub trait EventSink<E> {
    /// Whether events are wanted at all; games may skip building them when not.
    const ENABLED: bool = true;

    /// Receives one event for `audience`.
    fn emit(&mut self, audience: Audience, event: E);
}

/// The sink that drops everything (for simulation and search).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    const ENABLED: bool = false;

    #[inline(always)]
    fn emit(&mut self, _audience: Audience, _event: E) {}
}

/// A sink that keeps every event with its audience.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventLog<E> {
    /// The events in the order emitted.
    pub events: Vec<(Audience, E)>,
}

impl<E> Default for EventLog<E> {
    fn default() -> Self {
        EventLog { events: Vec::new() }
    }
}

impl<E> EventLog<E> {
    /// An empty log.
    pub fn new() -> Self {
        Self::default()
    }

    /// The events `seat` may see.
    pub fn for_seat(&self, seat: Seat) -> impl Iterator<Item = &E> {
        self.events.iter().filter(move |(a, _)| a.includes(seat)).map(|(_, e)| e)
    }

    /// The public events (what a spectator sees).
    pub fn public(&self) -> impl Iterator<Item = &E> {
        self.events.iter().filter(|(a, _)| a.is_public()).map(|(_, e)| e)
    }

    /// Forgets all events.
    pub fn clear(&mut self) {
        self.events.clear();
    }
}

impl<E> EventSink<E> for EventLog<E> {
    fn emit(&mut self, audience: Audience, event: E) {
        self.events.push((audience, event));
    }
}
