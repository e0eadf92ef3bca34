//! Criterion benchmarks: uniform random playouts (legal-action generation + apply, no events) and
//! legal-action generation alone. Each benchmark checks its answer while timing it, so a fast but
//! wrong engine cannot look good.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sylvan_engine::Game;
use sylvan_engine::testing::{count_legal, random_playouts, sample_positions};
use sylvan_equinox::Equinox;

/// Plays `games` random games from `seed`; returns the total number of moves.
fn playouts(players: usize, games: u64, seed: u64) -> u64 {
    match Equinox::options_for_players(players) {
        Ok(options) => random_playouts::<Equinox>(&options, games, seed),
        Err(_) => 0,
    }
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("equinox_random_playout");
    for players in [2, 4, 5] {
        // The answer is pinned: if the rules change, this number changes with them.
        let expected = playouts(players, 100, 7);
        assert!(expected > 100 * 100, "{players} players: {expected} moves in 100 games");
        group.throughput(Throughput::Elements(expected));
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, &p| {
            b.iter(|| assert_eq!(playouts(black_box(p), 100, 7), expected))
        });
    }
    group.finish();
}

fn bench_legal(c: &mut Criterion) {
    // A sample of mid-game positions of a 4-player game.
    let options = Equinox::options_for_players(4).unwrap_or_default();
    let mut legal = Vec::with_capacity(256);
    let positions = sample_positions::<Equinox>(&options, 20, 0, 10);
    let total = count_legal(&positions, &mut legal);
    let mut group = c.benchmark_group("equinox_legal_actions");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("4p_positions", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_actions(&mut legal);
                n += legal.len();
            }
            assert_eq!(n, total);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_playouts, bench_legal);
criterion_main!(benches);
