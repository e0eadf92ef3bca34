//! Helpers shared by every game's tests and benchmarks: uniform random playouts, and a counting global
//! allocator that shows `legal_actions` and `apply` allocate nothing on the heap in steady state.
//!
//! A test binary installs the allocator and checks a game in three lines:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOC: CountingAllocator = CountingAllocator::new();
//! let moves = no_allocations_in_playouts::<MyGame>(&ALLOC, &options, 200, 0)?;
//! ```
// A global allocator is `unsafe impl` by definition; this one only forwards to `System` and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use crate::{Game, GameRng, NoEvents};

/// A global allocator that forwards to the system allocator and counts allocations and reallocations,
/// **per thread**: a test measures only what its own thread allocates, so the test harness's other
/// threads (its progress messages, other tests running in parallel) cannot disturb the count.
#[derive(Debug, Default)]
pub struct CountingAllocator {
    _private: (),
}

thread_local! {
    /// Allocations and reallocations made by this thread. Const-initialized and without a destructor,
    /// so the allocator may touch it at any time, even while the thread is being torn down.
    static THREAD_ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    let _ = THREAD_ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

impl CountingAllocator {
    /// A new counter.
    pub const fn new() -> CountingAllocator {
        CountingAllocator { _private: () }
    }

    /// Allocations and reallocations made so far by the calling thread.
    pub fn allocations(&self) -> usize {
        THREAD_ALLOCATIONS.try_with(Cell::get).unwrap_or(0)
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds the `GlobalAlloc` contract.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Plays `games` uniform random games (seeds `seed..seed + games`, no events, one reused action buffer)
/// and returns the total number of actions applied; 0 if a game cannot be set up.
pub fn random_playouts<G: Game>(options: &G::Options, games: u64, seed: u64) -> u64 {
    let mut rng = GameRng::new(seed);
    let mut legal: Vec<G::Action> = Vec::with_capacity(1024);
    let mut moves = 0;
    for g in 0..games {
        let Ok(mut state) = G::new(options, seed.wrapping_add(g)) else { return 0 };
        while state.to_move().is_some() {
            state.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            state.apply_unchecked(a, &mut NoEvents);
            moves += 1;
        }
    }
    moves
}

/// Plays `games` random games like [`random_playouts`] with `alloc` installed as the global allocator,
/// and checks that nothing is allocated between the end of each game's setup and its end, including
/// the final [`outcome`](Game::outcome) that search reads after every playout. Returns the
/// number of actions applied, or an error naming the first game that allocated.
pub fn no_allocations_in_playouts<G: Game>(
    alloc: &CountingAllocator,
    options: &G::Options,
    games: u64,
    seed: u64,
) -> Result<u64, String> {
    // The counter must see this thread's allocations, or every check below would pass vacuously.
    let before = alloc.allocations();
    drop(std::hint::black_box(Box::new(before)));
    if alloc.allocations() == before {
        return Err("the CountingAllocator is not the #[global_allocator]: nothing would be counted".to_owned());
    }
    let mut rng = GameRng::new(seed ^ 0xa110c);
    let mut legal: Vec<G::Action> = Vec::with_capacity(1024);
    let mut moves = 0;
    for g in 0..games {
        let game_seed = seed.wrapping_add(g);
        let mut state = G::new(options, game_seed).map_err(|e| format!("seed {game_seed}: {e}"))?;
        let before = alloc.allocations();
        while state.to_move().is_some() {
            state.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            state.apply_unchecked(a, &mut NoEvents);
            moves += 1;
        }
        if std::hint::black_box(state.outcome()).is_none() {
            return Err(format!("{} seed {game_seed}: no outcome at the end of the game", G::NAME));
        }
        let made = alloc.allocations() - before;
        if made != 0 {
            return Err(format!("{} seed {game_seed}: {made} heap allocations during play", G::NAME));
        }
    }
    Ok(moves)
}

/// The states met along `games` random games from `seed`, each kept with probability `1/every`: a
/// sample of real positions for benchmarks of legal-action generation.
pub fn sample_positions<G: Game>(options: &G::Options, games: u64, seed: u64, every: u32) -> Vec<G> {
    let mut rng = GameRng::new(seed);
    let mut legal: Vec<G::Action> = Vec::with_capacity(1024);
    let mut positions = Vec::new();
    for g in 0..games {
        let Ok(mut state) = G::new(options, seed.wrapping_add(g)) else { continue };
        while state.to_move().is_some() {
            if rng.below(every.max(1)) == 0 {
                positions.push(state.clone());
            }
            state.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            state.apply_unchecked(a, &mut NoEvents);
        }
    }
    positions
}

/// The number of legal actions summed over `positions` (the answer a legal-action benchmark checks),
/// listing them into the reused buffer `legal`.
pub fn count_legal<G: Game>(positions: &[G], legal: &mut Vec<G::Action>) -> usize {
    positions
        .iter()
        .map(|p| {
            p.legal_actions(legal);
            legal.len()
        })
        .sum()
}

/// The games' text snapshots (issue 35): `now`, the text of a few whole games, compared line by line
/// with the file at `path` (`tests/snapshots/text-<code>.txt`), the first differing line named. With
/// `SYLVAN_UPDATE_SNAPSHOTS` set, the file is rewritten instead; its diff is then the list of wording
/// changes, reviewed like code. Panics (it is a test's assertion) when the text changed or the file
/// cannot be read or written.
pub fn check_text_snapshot(path: &str, now: &str) {
    if std::env::var_os("SYLVAN_UPDATE_SNAPSHOTS").is_some() {
        if let Err(e) = std::fs::write(path, now) {
            panic!("{path}: {e}");
        }
        return;
    }
    let before = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    for (i, (b, n)) in before.lines().zip(now.lines()).enumerate() {
        assert_eq!(b, n, "{path}:{}: the text changed", i + 1);
    }
    assert_eq!(before.lines().count(), now.lines().count(), "{path}: the number of lines changed");
}

/// A final breakdown as the text snapshots write it: `end: …`, then one line per row, the totals and
/// each note.
pub fn breakdown_snapshot(b: &crate::Breakdown) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "end: {}", b.end_reason);
    for r in &b.rows {
        let _ = writeln!(out, "  {}: {:?}", r.label, r.values);
    }
    let _ = writeln!(out, "  totals: {:?}", b.totals);
    for n in &b.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    out
}
