//! ISMCTS allocates nothing per node expansion beyond its arena's growth: once the arena has grown (a
//! first search of the same size), a search of N iterations allocates exactly what its N
//! determinizations allocate, plus a few fixed result vectors: a playout's value is the game's
//! `Outcome`, which lives on the stack.

use sylvan_bots::BotSpec;
use sylvan_engine::testing::CountingAllocator;
use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_equinox::Equinox;

/// Counts this thread's allocations (the search runs on the calling thread with `threads=1`).
#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();

fn count<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let before = ALLOC.allocations();
    let out = f();
    (ALLOC.allocations() - before, out)
}

#[test]
fn node_expansion_does_not_allocate() {
    const N: usize = 2000;
    // Equinox: its `legal_actions` and `apply` allocate nothing (its own allocation test).
    let Ok(options) = Equinox::options_for_players(3) else { panic!("options") };
    let Ok(state) = Equinox::new(&options, 4) else { panic!("deal") };
    let Some(seat) = state.to_move() else { panic!("over") };
    let view = state.view(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    // What one iteration must allocate anyway: a determinization (the outcome of the finished game
    // allocates nothing).
    let mut rng = GameRng::new(1);
    let mut per_iteration = 0;
    for _ in 0..50 {
        let (d, mut sample) = count(|| Equinox::determinize(&view, &mut rng));
        let mut buf = Vec::with_capacity(512);
        while sample.to_move().is_some() {
            sample.legal_actions(&mut buf);
            sample.apply_unchecked(buf[0], &mut NoEvents);
        }
        let (r, outcome) = count(|| sample.outcome());
        assert_eq!(r, 0, "the outcome of a finished game allocates");
        assert!(outcome.is_some());
        per_iteration = per_iteration.max(d);
    }
    assert!(per_iteration > 0, "the counting allocator must see determinize's allocations");
    let Ok(spec) = format!("ismcts:iters={N}").parse::<BotSpec>() else { panic!("spec") };
    let mut bot = spec.build::<Equinox>(9);
    // The first search grows the arena and the buffers.
    bot.choose(&view, &legal);
    let (allocs, _) = count(|| bot.choose(&view, &legal));
    let nodes = bot.search_stats().map_or(0, |s| s.nodes) / 2;
    assert!(nodes > N as u64 / 2, "the search expanded only {nodes} nodes");
    assert!(
        allocs <= N * per_iteration + 16,
        "{allocs} allocations for {N} iterations ({per_iteration} per iteration are the game's own)"
    );
}
