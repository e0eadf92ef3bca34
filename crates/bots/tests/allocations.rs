//! ISMCTS allocates nothing per iteration beyond its arena's growth: once the arena has grown (a first
//! search of the same size), a search of N iterations allocates only a few fixed result vectors.
//! Equinox's `determinize`, `legal_actions`, `apply` and `outcome` allocate nothing, so whatever a
//! search allocates per iteration would be the search's own.

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
    let (seen, _) = count(|| std::hint::black_box(Vec::<u8>::with_capacity(8)));
    assert_eq!(seen, 1, "the counting allocator must see this thread's allocations");
    let Ok(options) = Equinox::options_for_players(3) else { panic!("options") };
    let Ok(state) = Equinox::new(&options, 4) else { panic!("deal") };
    let Some(seat) = state.to_move() else { panic!("over") };
    let view = state.view(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    // The game's side of an iteration allocates nothing: a determinization, a playout to the end on a
    // reused buffer, and the outcome.
    let mut rng = GameRng::new(1);
    let mut buf = Vec::with_capacity(512);
    for i in 0..50 {
        let (d, mut sample) = count(|| Equinox::determinize(&view, &mut rng));
        assert_eq!(d, 0, "determinization {i} allocates");
        let (p, moves) = count(|| {
            let mut moves = 0;
            while sample.to_move().is_some() {
                sample.legal_actions(&mut buf);
                sample.apply_unchecked(buf[moves % buf.len()], &mut NoEvents);
                moves += 1;
            }
            moves
        });
        assert_eq!(p, 0, "playout {i} ({moves} moves) allocates");
        let (r, outcome) = count(|| sample.outcome());
        assert_eq!(r, 0, "the outcome of a finished game allocates");
        assert!(outcome.is_some());
    }
    let Ok(spec) = format!("ismcts:iters={N}").parse::<BotSpec>() else { panic!("spec") };
    let mut bot = spec.build::<Equinox>(9);
    // The first search grows the arena and the buffers.
    bot.choose(&view, &legal);
    let (allocs, _) = count(|| bot.choose(&view, &legal));
    let nodes = bot.search_stats().map_or(0, |s| s.nodes) / 2;
    assert!(nodes > N as u64 / 2, "the search expanded only {nodes} nodes");
    assert!(allocs <= 16, "{allocs} allocations for {N} iterations");
}

/// Issue 40: a value network's forward pass allocates nothing once its scratch buffers have grown.
#[test]
fn the_value_network_does_not_allocate() {
    use sylvan_bots::{Mlp, NetScratch};
    let (input, hidden) = (300usize, 16usize);
    let header = serde_json::json!({
        "format": "sylvan-value-mlp", "version": 1, "game": "toy", "options": {}, "input": input,
        "outputs": 2, "layers": [[input, hidden], [hidden, 2]], "activation": "relu", "sections": [],
        "data": [], "train": {},
    });
    let mut file = header.to_string().into_bytes();
    file.push(b'\n');
    let weights = input * hidden + hidden + hidden * 2 + 2;
    for i in 0..weights {
        file.extend_from_slice(&((i % 7) as f32 * 0.01 - 0.03).to_le_bytes());
    }
    let Ok(net) = Mlp::parse(&file) else { panic!("weights") };
    let x: Vec<f32> = (0..input).map(|i| if i % 5 == 0 { 1.0 } else { 0.0 }).collect();
    let mut scratch = NetScratch::default();
    let first = net.forward(&x, &mut scratch).map(<[f32]>::to_vec);
    let (allocs, again) = count(|| {
        let mut last = None;
        for _ in 0..100 {
            last = net.forward(&x, &mut scratch).map(|o| (o[0], o[1]));
        }
        last
    });
    assert_eq!(allocs, 0, "100 forward passes allocated {allocs} times");
    assert_eq!(first.map(|v| (v[0], v[1])), again);
}
