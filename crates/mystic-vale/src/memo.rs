//! Per-thread memos of what a card is worth to the readers of views (the heuristic, a view's spoil
//! odds): the heuristic prices the same few sleeves over and over (every card of every player for its
//! outlook, each field card with each offer), and a playout played by the heuristic spent most of its
//! time recomputing them. The rules never read these memos; their own totals are cached in the state.
//!
//! Each memo is direct-mapped: an entry is reused only for the same database (the same address and
//! content hash), sleeve and small extra key, and a new value replaces whatever shared its place. A
//! thread makes all its tables at once, the first time it uses one, and never again.

use std::cell::RefCell;

use crate::cards::CardDb;
use crate::heuristic::Play;
use crate::state::{CardStats, Sleeve};

/// Entries of each memo (a power of two).
const ENTRIES: usize = 4096;

/// One entry: the database (its address and content hash), the sleeve, a small extra key and the value.
type Entry<V> = Option<(usize, u64, Sleeve, u8, V)>;

/// A thread's memos.
#[derive(Default)]
pub(crate) struct Memos {
    /// What a card without a leader side brings to a typical harvest, by guardian bonus.
    pub(crate) plays: Vec<Entry<Play>>,
    /// A card's two halves of worth (per play, end of game), by guardian bonus.
    pub(crate) parts: Vec<Entry<(f64, f64)>>,
    /// The totals of a card without a leader side or a boost.
    pub(crate) stats: Vec<Entry<CardStats>>,
}

std::thread_local! {
    static MEMOS: RefCell<Memos> = RefCell::new(Memos::default());
}

/// Where a key goes in a table.
fn place(db: &CardDb, s: Sleeve, extra: u8) -> usize {
    let at = std::ptr::from_ref(db) as u64;
    let key =
        u64::from_le_bytes([s.slots[0], s.slots[1], s.slots[2], s.covered[0], s.covered[1], s.covered[2], extra, 0]);
    let h = (key ^ db.content_hash ^ at).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    (h >> 52) as usize % ENTRIES
}

/// `compute()`, or what it gave before on this thread for the same `db`, `s` and `extra` in the table
/// `table` picks. `compute` runs with no memo borrowed, so it may use the memos itself.
pub(crate) fn remembered<V: Copy>(
    table: fn(&mut Memos) -> &mut Vec<Entry<V>>,
    db: &CardDb,
    s: Sleeve,
    extra: u8,
    compute: impl FnOnce() -> V,
) -> V {
    let at = std::ptr::from_ref(db) as usize;
    let i = place(db, s, extra);
    let found = MEMOS.with(|m| {
        let mut m = m.borrow_mut();
        if m.plays.len() != ENTRIES {
            m.plays = vec![None; ENTRIES];
            m.parts = vec![None; ENTRIES];
            m.stats = vec![None; ENTRIES];
        }
        match table(&mut m)[i] {
            Some((a, c, t, x, v)) if a == at && c == db.content_hash && t == s && x == extra => Some(v),
            _ => None,
        }
    });
    if let Some(v) = found {
        return v;
    }
    let v = compute();
    MEMOS.with(|m| table(&mut m.borrow_mut())[i] = Some((at, db.content_hash, s, extra, v)));
    v
}
