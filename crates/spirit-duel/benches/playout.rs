//! Criterion benchmarks: uniform random playouts (legal-action generation + apply, no events) in the
//! 1v1 game and in solo mode (the Robot's turns are played inside `apply`), and legal-action generation
//! alone. Each benchmark checks its answer while timing it, so a fast but wrong engine cannot look good.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sylvan_engine::Game;
use sylvan_engine::testing::{count_legal, random_playouts, sample_positions};
use sylvan_spirit_duel::{Options, SpiritDuel, Team};

/// Plays `games` random games from `seed`; returns the total number of moves.
fn playouts(options: &Options, games: u64, seed: u64) -> u64 {
    random_playouts::<SpiritDuel>(options, games, seed)
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("spirit_duel_random_playout");
    for (name, solo) in [("1v1", false), ("solo", true)] {
        let options = Options { solo, team: Team::A };
        // The answer is pinned by a first run: if the rules change, the number changes with them.
        let expected = playouts(&options, 100, 7);
        assert!(expected > 100 * 10, "{name}: {expected} moves in 100 games");
        group.throughput(Throughput::Elements(expected));
        group.bench_with_input(BenchmarkId::from_parameter(name), &options, |b, o| {
            b.iter(|| assert_eq!(playouts(black_box(o), 100, 7), expected))
        });
    }
    group.finish();
}

fn bench_legal(c: &mut Criterion) {
    let options = Options::default();
    let mut legal = Vec::with_capacity(128);
    let positions = sample_positions::<SpiritDuel>(&options, 50, 0, 4);
    let total = count_legal(&positions, &mut legal);
    let mut group = c.benchmark_group("spirit_duel_legal_actions");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("1v1_positions", |b| {
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
