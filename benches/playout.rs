//! Criterion benchmarks of the rules engines, every game in one place: uniform random playouts
//! (legal-action generation + apply, no events) and legal-action generation alone on sampled mid-game
//! positions. Each benchmark checks its answer while timing it (the move count of the playouts, the
//! number of legal actions), so a fast but wrong engine cannot look good.
//!
//! The `erased_vs_typed` group times the same playouts (same moves, same checksum) through the registry's
//! erased game (`DynGame`, what the server and Python use) and on the typed game, side by side.
//!
//! `cargo bench --bench playout` (all games), or e.g. `cargo bench --bench playout -- mystic_vale`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::Game;
use sylvan_engine::erased::dyn_playouts;
use sylvan_engine::testing::{count_legal, random_playouts, sample_positions};
use sylvan_equinox::Equinox;
use sylvan_mystic_vale::MysticVale;
use sylvan_registry::Registry;
use sylvan_spirit_duel::{Options as DuelOptions, SpiritDuel, Team};

/// Random playouts of game `G` in each mode of `modes` (a label and its options): `games` games from
/// seed 7 per iteration. The move count is pinned by a first run (if the rules change, it changes with
/// them) and must be at least `min_moves` per game.
fn bench_playouts<G: Game>(c: &mut Criterion, group: &str, modes: &[(&str, G::Options)], games: u64, min_moves: u64) {
    let mut group = c.benchmark_group(group);
    if games < 100 {
        group.sample_size(10);
    }
    for (label, options) in modes {
        let expected = random_playouts::<G>(options, games, 7);
        assert!(expected > games * min_moves, "{label}: {expected} moves in {games} games");
        group.throughput(Throughput::Elements(expected));
        group.bench_with_input(BenchmarkId::from_parameter(label), options, |b, o| {
            b.iter(|| assert_eq!(random_playouts::<G>(black_box(o), games, 7), expected))
        });
    }
    group.finish();
}

/// Legal-action generation on `count` positions sampled every `every` moves of random games of `G`.
fn bench_legal<G: Game>(c: &mut Criterion, group: &str, label: &str, options: &G::Options, count: u64, every: u32) {
    let mut legal = Vec::with_capacity(256);
    let positions = sample_positions::<G>(options, count, 0, every);
    let total = count_legal(&positions, &mut legal);
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function(label, |b| {
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

/// Random playouts of every listed game of the registry at its minimum player count, typed and erased:
/// both must give the same moves and checksum.
fn bench_erased(c: &mut Criterion) {
    let registry = Registry::standard();
    let mut group = c.benchmark_group("erased_vs_typed");
    group.sample_size(10);
    for entry in registry.listed() {
        let game = entry.game();
        let options = game.options(None, &[]).unwrap_or_else(|e| panic!("{}: {e}", entry.name()));
        let games = 10;
        let expected = game.typed_playouts(&options, games, 7).unwrap_or_else(|e| panic!("{e}"));
        group.throughput(Throughput::Elements(expected.moves));
        group.bench_function(BenchmarkId::new("typed", entry.name()), |b| {
            b.iter(|| assert_eq!(game.typed_playouts(black_box(&options), games, 7).as_ref(), Ok(&expected)))
        });
        group.bench_function(BenchmarkId::new("erased", entry.name()), |b| {
            b.iter(|| assert_eq!(dyn_playouts(game, black_box(&options), games, 7).as_ref(), Ok(&expected)))
        });
    }
    group.finish();
}

/// The options of `G` for each player count, labelled by the count.
fn by_players<G: Game>(counts: &[usize]) -> Vec<(String, G::Options)> {
    counts
        .iter()
        .map(|&p| match G::options_for_players(p) {
            Ok(o) => (p.to_string(), o),
            Err(e) => panic!("{} at {p} players: {e}", G::NAME),
        })
        .collect()
}

fn labelled<O>(modes: &[(String, O)]) -> Vec<(&str, O)>
where
    O: Clone,
{
    modes.iter().map(|(l, o)| (l.as_str(), o.clone())).collect()
}

fn benches(c: &mut Criterion) {
    let equinox = by_players::<Equinox>(&[2, 4, 5]);
    bench_playouts::<Equinox>(c, "equinox_random_playout", &labelled(&equinox), 100, 100);
    bench_legal::<Equinox>(c, "equinox_legal_actions", "4p_positions", &equinox[1].1, 20, 10);

    let mut vale = by_players::<MysticVale>(&[2, 4]);
    // Both expansions and leaders (issue 12: at most 150 ns per move).
    for (label, players) in [("2_expansions_leaders", 2), ("4_expansions_leaders", 4)] {
        let options = MysticVale::options_for_players(players).unwrap_or_else(|e| panic!("{e}"));
        let options = sylvan_mystic_vale::Options {
            sets: "base,magic,wild".into(),
            leaders: sylvan_mystic_vale::setup::Leaders::Random,
            ..options
        };
        vale.push((label.to_string(), options));
    }
    bench_playouts::<MysticVale>(c, "mystic_vale_random_playout", &labelled(&vale), 100, 100);
    bench_legal::<MysticVale>(c, "mystic_vale_legal_actions", "4p_positions", &vale[1].1, 20, 10);

    let duel = [
        ("1v1", DuelOptions { solo: false, team: Team::A, ..DuelOptions::default() }),
        ("solo", DuelOptions { solo: true, team: Team::A, ..DuelOptions::default() }),
    ];
    bench_playouts::<SpiritDuel>(c, "spirit_duel_random_playout", &duel, 100, 10);
    bench_legal::<SpiritDuel>(c, "spirit_duel_legal_actions", "1v1_positions", &DuelOptions::default(), 50, 4);

    let nature = by_players::<CommandOfNature>(&[2, 4]);
    bench_playouts::<CommandOfNature>(c, "command_of_nature_random_playout", &labelled(&nature), 10, 100);
    bench_legal::<CommandOfNature>(c, "command_of_nature_legal_actions", "2p_positions", &nature[0].1, 20, 10);
}

criterion_group!(playout, benches, bench_erased);
criterion_main!(playout);
