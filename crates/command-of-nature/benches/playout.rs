//! Criterion benchmarks: uniform random playouts (legal-action generation + apply, no events) in both
//! modes. Each benchmark checks its answer while timing it.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::Game;
use sylvan_engine::testing::random_playouts;

/// Plays `games` random games from `seed`; returns the total number of moves.
fn playouts(players: usize, games: u64, seed: u64) -> u64 {
    match CommandOfNature::options_for_players(players) {
        Ok(options) => random_playouts::<CommandOfNature>(&options, games, seed),
        Err(_) => 0,
    }
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
