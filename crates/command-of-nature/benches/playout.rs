//! Criterion benchmarks: uniform random playouts (legal-action generation + apply, no events) in both
//! modes. Each benchmark checks its answer while timing it.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sylvan_command_of_nature::{Action, CommandOfNature};
use sylvan_engine::{Game, GameRng, NoEvents};

/// Plays `games` random games from `seed`; returns the total number of moves.
fn playouts(players: usize, games: u64, seed: u64) -> u64 {
    let options = CommandOfNature::options_for_players(players).unwrap_or_default();
    let mut rng = GameRng::new(seed);
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    let mut moves = 0;
    for g in 0..games {
        let Ok(mut state) = CommandOfNature::new(&options, seed + g) else { return 0 };
        while state.to_move().is_some() {
            state.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            state.apply_unchecked(a, &mut NoEvents);
            moves += 1;
        }
    }
    moves
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("command_of_nature_random_playout");
    group.sample_size(10);
    for players in [2, 4] {
        let expected = playouts(players, 10, 7);
        assert!(expected > 10 * 100, "{players} players: {expected} moves in 10 games");
        group.throughput(Throughput::Elements(expected));
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, &p| {
            b.iter(|| assert_eq!(playouts(black_box(p), 10, 7), expected))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_playouts);
criterion_main!(benches);
