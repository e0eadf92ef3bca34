//! The bot workers ([`Limits::bot_workers`]): at most that many bot decisions computed at once over
//! all games. When every worker is busy, a decision of a game where a person plays (or a seat is open
//! for one) goes before the decisions of games of bots only, each kind first come, first served. A
//! burst of games of bots then delays each other, not the person waiting for a bot's move.
//!
//! Public for its test (`tests/server/units.rs`); a server makes its own.
//!
//! [`Limits::bot_workers`]: crate::Limits::bot_workers

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};

use tokio::sync::oneshot;

/// Whose decision waits for a worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A game where a person plays or may join: served first.
    People,
    /// A game of bots only.
    Bots,
}

/// The workers' gate (one per server).
#[derive(Debug)]
pub struct BotGate {
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    /// Workers not handed out.
    free: usize,
    /// The waiting decisions of games with a person, then of games of bots, oldest first.
    people: VecDeque<oneshot::Sender<()>>,
    bots: VecDeque<oneshot::Sender<()>>,
}

/// A worker held until dropped.
#[derive(Debug)]
pub struct Worker<'a> {
    gate: &'a BotGate,
}

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        self.gate.release();
    }
}

/// A decision waiting for a worker. Dropped before it got one (its task cancelled), it gives back a
/// worker handed to it in the meantime.
struct Waiting<'a> {
    gate: &'a BotGate,
    rx: oneshot::Receiver<()>,
    served: bool,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        if !self.served {
            self.rx.close();
            if self.rx.try_recv().is_ok() {
                self.gate.release();
            }
        }
    }
}

impl BotGate {
    /// A gate of `workers` (at least 1).
    pub fn new(workers: usize) -> BotGate {
        BotGate { state: Mutex::new(State { free: workers.max(1), people: VecDeque::new(), bots: VecDeque::new() }) }
    }

    /// Waits for a worker: at once if one is free, else after every decision of a higher or equal
    /// priority that waited before.
    pub async fn acquire(&self, priority: Priority) -> Worker<'_> {
        loop {
            let rx = {
                let mut st = self.state.lock().unwrap_or_else(PoisonError::into_inner);
                if st.free > 0 {
                    st.free -= 1;
                    return Worker { gate: self };
                }
                let (tx, rx) = oneshot::channel();
                match priority {
                    Priority::People => st.people.push_back(tx),
                    Priority::Bots => st.bots.push_back(tx),
                }
                rx
            };
            let mut waiting = Waiting { gate: self, rx, served: false };
            // A sender leaves the queue only to hand over a worker, so the wait ends with one; were it
            // dropped unsent, the decision would queue again rather than take a worker not given.
            if (&mut waiting.rx).await.is_ok() {
                waiting.served = true;
                return Worker { gate: self };
            }
        }
    }

    /// Decisions waiting, of games with a person and of games of bots.
    pub fn waiting(&self) -> (usize, usize) {
        let st = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        (st.people.len(), st.bots.len())
    }

    /// Hands a worker given back to the oldest decision of a game with a person still waiting, else
    /// of a game of bots, else keeps it free.
    fn release(&self) {
        let mut st = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            let next = match st.people.pop_front() {
                Some(tx) => tx,
                None => match st.bots.pop_front() {
                    Some(tx) => tx,
                    None => {
                        st.free += 1;
                        return;
                    }
                },
            };
            // A waiter whose task was cancelled refuses it: the next one gets it.
            if next.send(()).is_ok() {
                return;
            }
        }
    }
}
