//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games (setup choices included) in both modes.
// A global allocator is `unsafe impl` by definition; this one only forwards to `System` and counts.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use sylvan_command_of_nature::{Action, CommandOfNature};
use sylvan_engine::{Game, GameRng, NoEvents};

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
    let mut legal: Vec<Action> = Vec::with_capacity(512);
    let mut rng = GameRng::new(11);
    let mut moves = 0;
    // Load the card table and the action list before counting.
    let _ = sylvan_command_of_nature::actions::all_actions();
    for players in [2, 4] {
        let options = CommandOfNature::options_for_players(players).unwrap_or_default();
        for seed in 0..60 {
            let Ok(mut state) = CommandOfNature::new(&options, seed) else { panic!("setup failed") };
            let before = ALLOCATIONS.load(Ordering::Relaxed);
            while state.to_move().is_some() {
                state.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                state.apply_unchecked(a, &mut NoEvents);
                moves += 1;
            }
            let after = ALLOCATIONS.load(Ordering::Relaxed);
            assert_eq!(after, before, "{players} players, seed {seed}: {} allocations", after - before);
        }
    }
    assert!(moves > 50_000, "{moves}");
}
