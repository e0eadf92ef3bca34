//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games (1v1 and solo) after their setup.
// A global allocator is `unsafe impl` by definition; this one only forwards to `System` and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_spirit_duel::{Action, Options, SpiritDuel, Team};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn legal_actions_and_apply_do_not_allocate() {
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    let mut rng = GameRng::new(11);
    let mut moves = 0;
    for solo in [false, true] {
        for team in [Team::A, Team::B] {
            let options = Options { solo, team };
            for seed in 0..300 {
                let Ok(mut state) = SpiritDuel::new(&options, seed) else { panic!("setup failed") };
                let before = ALLOCATIONS.load(Ordering::Relaxed);
                while state.to_move().is_some() {
                    state.legal_actions(&mut legal);
                    let a = legal[rng.index(legal.len())];
                    state.apply_unchecked(a, &mut NoEvents);
                    moves += 1;
                }
                let after = ALLOCATIONS.load(Ordering::Relaxed);
                assert_eq!(after, before, "solo {solo}, team {team:?}, seed {seed}: {} allocations", after - before);
            }
        }
    }
    assert!(moves > 10_000, "{moves}");
}
