//! One ISMCTS decision of N iterations at a benchmark position (the same positions as `benches/search.rs`),
//! for counting instructions per iteration under a profiler, where wall-clock time is unreliable:
//!
//! ```sh
//! cargo bench --bench iterations --no-run   # prints the binary's path
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.%p BINARY equinox-2p 1000
//! ```
//!
//! The difference of the instruction counts of two runs (e.g. 1,000 and 3,000 iterations) divided by the
//! difference of iterations is the cost of one iteration, without the setup. Arguments: a position name
//! (`equinox-2p`, `equinox-4p`, `mystic-vale-2p`, `mystic-vale-4p`, `command-of-nature-2p`,
//! `command-of-nature-4p`, `spirit-duel-2p`, `toy-2p`), the number of iterations, optional extra spec
//! parameters (`:depth=80:playout=rollout`, or `""`) and an optional number of decisions (default 1) taken
//! by one bot in a row. Without arguments (as `cargo bench` runs it) it runs every
//! position for 200 iterations and checks the chosen actions are legal.

use sylvan_bots::BotSpec;
use sylvan_bots::toy::{Toy, ToyOptions};
use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::{Game, GameRng, Heuristic, NoEvents};
use sylvan_equinox::Equinox;
use sylvan_mystic_vale::MysticVale;
use sylvan_spirit_duel::SpiritDuel;

/// A position with a real choice: the first one at or after `skip` random moves into game `seed` (as in
/// `benches/search.rs`).
fn position<G: Game>(options: &G::Options, seed: u64, skip: usize) -> Result<G, String> {
    let mut g = G::new(options, seed).map_err(|e| format!("deal: {e}"))?;
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    let mut n = 0;
    while g.to_move().is_some() {
        g.legal_actions(&mut legal);
        if n >= skip && legal.len() > 1 {
            return Ok(g);
        }
        g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
        n += 1;
    }
    Err("no decision point found".to_owned())
}

/// Runs `decisions` decisions of `iters` iterations each with one bot with `extra` spec parameters at
/// `state`; returns the iterations the bot reports.
fn decide<G: Heuristic>(state: &G, iters: u32, extra: &str, decisions: u32) -> Result<u64, String> {
    let seat = state.to_move().ok_or("the game is over")?;
    let view = state.view(seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let spec: BotSpec = format!("ismcts:iters={iters}{extra}").parse().map_err(|e| format!("spec: {e}"))?;
    let mut bot = spec.build::<G>(7);
    for _ in 0..decisions {
        let a = bot.choose(&view, &legal);
        if legal.binary_search(&a).is_err() {
            return Err("the bot chose an illegal action".to_owned());
        }
    }
    Ok(bot.search_stats().unwrap_or_default().iterations)
}

fn run(name: &str, iters: u32, extra: &str, decisions: u32) -> Result<u64, String> {
    let opts_err = |e: sylvan_engine::SetupError| format!("options: {e}");
    match name {
        "equinox-2p" => decide(
            &position::<Equinox>(&Equinox::options_for_players(2).map_err(opts_err)?, 1, 20)?,
            iters,
            extra,
            decisions,
        ),
        "equinox-4p" => decide(
            &position::<Equinox>(&Equinox::options_for_players(4).map_err(opts_err)?, 1, 40)?,
            iters,
            extra,
            decisions,
        ),
        "mystic-vale-2p" => decide(
            &position::<MysticVale>(&MysticVale::options_for_players(2).map_err(opts_err)?, 1, 30)?,
            iters,
            extra,
            decisions,
        ),
        "mystic-vale-4p" => decide(
            &position::<MysticVale>(&MysticVale::options_for_players(4).map_err(opts_err)?, 1, 30)?,
            iters,
            extra,
            decisions,
        ),
        "command-of-nature-2p" => decide(
            &position::<CommandOfNature>(&CommandOfNature::options_for_players(2).map_err(opts_err)?, 1, 30)?,
            iters,
            extra,
            decisions,
        ),
        "command-of-nature-4p" => decide(
            &position::<CommandOfNature>(&CommandOfNature::options_for_players(4).map_err(opts_err)?, 1, 30)?,
            iters,
            extra,
            decisions,
        ),
        "spirit-duel-2p" => decide(
            &position::<SpiritDuel>(&SpiritDuel::options_for_players(2).map_err(opts_err)?, 1, 10)?,
            iters,
            extra,
            decisions,
        ),
        "toy-2p" => decide(&position::<Toy>(&ToyOptions { players: 2, hand_size: 6 }, 1, 0)?, iters, extra, decisions),
        other => Err(format!("unknown position {other:?}")),
    }
}

const ALL: [&str; 8] = [
    "equinox-2p",
    "equinox-4p",
    "mystic-vale-2p",
    "mystic-vale-4p",
    "command-of-nature-2p",
    "command-of-nature-4p",
    "spirit-duel-2p",
    "toy-2p",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let result = match args.as_slice() {
        [] => ALL.iter().try_for_each(|name| run(name, 200, "", 1).map(|n| println!("{name}: {n} iterations"))),
        [name, iters, rest @ ..] if rest.len() <= 2 => {
            let decisions = match rest.get(1) {
                None => Ok(1),
                Some(d) => d.parse::<u32>().map_err(|_| format!("decisions: {d:?} is not a number")),
            };
            match (iters.parse::<u32>(), decisions) {
                (Ok(n), Ok(d)) => {
                    run(name, n, rest.first().map_or("", String::as_str), d).map(|n| println!("{name}: {n} iterations"))
                }
                (Err(_), _) => Err(format!("iterations: {iters:?} is not a number")),
                (_, Err(e)) => Err(e),
            }
        }
        _ => Err("usage: iterations POSITION ITERATIONS [EXTRA [DECISIONS]]".to_owned()),
    };
    if let Err(e) = result {
        eprintln!("iterations: {e}");
        std::process::exit(2);
    }
}
