//! ISMCTS speed: iterations per second on one thread and on two (root-parallel), and the cost of one
//! determinization, for every game of the workspace (2 players, and the larger tables of Equinox and
//! Command of Nature's teams). Each benchmark checks its answer: the chosen action is legal and the
//! iterations all ran. `cargo bench --bench search`; criterion's throughput line is iterations/s.
//! `docs/measurements/search-speed.sh` runs it and writes its table into a notebook
//! (`docs/measurements/current.md` shows the current one).

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use sylvan_bots::BotSpec;
use sylvan_bots::toy::{Toy, ToyOptions};
use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::{Game, GameRng, Heuristic, NoEvents};
use sylvan_equinox::Equinox;
use sylvan_mystic_vale::MysticVale;
use sylvan_spirit_duel::SpiritDuel;

const ITERS: u64 = 1000;

/// A position with a real choice: the first one at or after `skip` random moves into game `seed`.
fn position<G: Game>(options: &G::Options, seed: u64, skip: usize) -> G {
    let Ok(mut g) = G::new(options, seed) else { panic!("deal") };
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    let mut n = 0;
    while g.to_move().is_some() {
        g.legal_actions(&mut legal);
        if n >= skip && legal.len() > 1 {
            return g;
        }
        g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
        n += 1;
    }
    panic!("no decision point found");
}

/// ISMCTS on 1 and 2 threads with the default settings, then on 1 thread with each of `extra` (spec
/// parameters such as `:depth=80:playout=rollout`), and one determinization.
fn bench_game<G: Heuristic>(c: &mut Criterion, name: &str, state: &G, extra: &[&str]) {
    let Some(seat) = state.to_move() else { panic!("over") };
    let view = state.view(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut group = c.benchmark_group(format!("{name}/ismcts"));
    group.throughput(Throughput::Elements(ITERS));
    // A decision takes milliseconds to a third of a second: flat sampling (every sample the same number of
    // decisions; criterion's estimate is then the mean) needs 10 decisions at least, where linear sampling
    // needs 55, which on a busy machine made the whole benchmark run for an hour.
    group.sampling_mode(SamplingMode::Flat);
    let runs = [(1, ""), (2, "")].into_iter().chain(extra.iter().map(|&e| (1, e)));
    for (threads, params) in runs {
        let Ok(spec) = format!("ismcts:iters={ITERS}:threads={threads}{params}").parse::<BotSpec>() else {
            panic!("spec {params}")
        };
        let mut bot = spec.build::<G>(7);
        group.bench_function(format!("{ITERS} iterations, {threads} thread(s){params}"), |b| {
            b.iter(|| {
                let a = bot.choose(black_box(&view), &legal);
                assert!(legal.binary_search(&a).is_ok());
                a
            });
        });
        let s = bot.search_stats().unwrap_or_default();
        assert_eq!(s.iterations, s.searched * ITERS, "every iteration ran");
    }
    group.finish();
    let mut rng = GameRng::new(3);
    c.bench_function(&format!("{name}/determinize"), |b| {
        b.iter(|| {
            let g = G::determinize(black_box(&view), &mut rng);
            assert_eq!(g.to_move(), Some(seat));
            g
        });
    });
}

fn benches(c: &mut Criterion) {
    let Ok(options) = Equinox::options_for_players(2) else { panic!("options") };
    bench_game::<Equinox>(c, "equinox-2p", &position::<Equinox>(&options, 1, 20), &[]);
    let Ok(options) = Equinox::options_for_players(4) else { panic!("options") };
    bench_game::<Equinox>(c, "equinox-4p", &position::<Equinox>(&options, 1, 40), &[]);
    bench_game::<Toy>(c, "toy-2p", &position::<Toy>(&ToyOptions { players: 2, hand_size: 6 }, 1, 0), &[]);
    for players in [2, 4] {
        let Ok(options) = MysticVale::options_for_players(players) else { panic!("options") };
        bench_game::<MysticVale>(
            c,
            &format!("mystic-vale-{players}p"),
            &position::<MysticVale>(&options, 1, 30),
            &[":depth=80:playout=rollout"],
        );
        let Ok(options) = CommandOfNature::options_for_players(players) else { panic!("options") };
        bench_game::<CommandOfNature>(
            c,
            &format!("command-of-nature-{players}p"),
            &position::<CommandOfNature>(&options, 1, 30),
            &[":depth=40"],
        );
    }
    let Ok(options) = SpiritDuel::options_for_players(2) else { panic!("options") };
    bench_game::<SpiritDuel>(c, "spirit-duel-2p", &position::<SpiritDuel>(&options, 1, 10), &[]);
}

criterion_group! {
    name = search;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(search);
