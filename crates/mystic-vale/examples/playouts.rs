//! Uniform random playouts as `sylvan bench mystic-vale` plays them, without building the CLI, for profiling
//! the rules code: `cargo run --release -p sylvan-mystic-vale --example playouts -- base|wild|essential|all GAMES
//! [SEED] [PLAYERS]` prints the moves and the score checksum.
use sylvan_engine::erased::typed_playouts;
use sylvan_mystic_vale::setup::{Amulets, Edition, Leaders};
use sylvan_mystic_vale::{MysticVale, Options};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_owned());
    let (Ok(games), Ok(seed), Ok(players)) = (arg(2, "150").parse(), arg(3, "1").parse(), arg(4, "2").parse()) else {
        eprintln!("usage: playouts base|wild|essential|all GAMES [SEED] [PLAYERS]");
        std::process::exit(2);
    };
    let mut o = Options { players, ..Options::default() };
    match arg(1, "base").as_str() {
        "base" => {}
        "wild" => {
            o.sets = "base,magic,wild".to_owned();
            o.leaders = Leaders::Random;
        }
        "essential" => o.edition = Edition::Essential,
        "all" => {
            o.sets = "all".to_owned();
            o.leaders = Leaders::Random;
            o.amulets = Amulets::Random;
        }
        other => {
            eprintln!("playouts: unknown setup {other:?} (base, wild, essential or all)");
            std::process::exit(2);
        }
    }
    let start = std::time::Instant::now();
    match typed_playouts::<MysticVale>(&o, games, seed) {
        Ok(p) => {
            let ns = start.elapsed().as_secs_f64() * 1e9 / p.moves.max(1) as f64;
            println!("{} moves, score sum {}, {ns:.1} ns/move", p.moves, p.score_sum);
        }
        Err(e) => {
            eprintln!("playouts: {e}");
            std::process::exit(1);
        }
    }
}
