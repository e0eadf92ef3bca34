//! Scans random games of the Essential Edition (every set, the draft, amulets) for a position with no
//! legal action (`cargo run --release -p sylvan-mystic-vale --example stuck`).
use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::setup::Edition;
use sylvan_mystic_vale::{MysticVale, Options};

fn main() {
    for players in 2..=4 {
        let o = Options { players, edition: Edition::Essential, ..Options::default() };
        for seed in 0..5_000u64 {
            let Ok(mut g) = MysticVale::new(&o, seed) else { return };
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let mut last = Vec::new();
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                if legal.is_empty() || g.moves > 20_000 {
                    println!("{players} seed {seed} stuck: phase {:?} move {}; last {last:?}", g.phase, g.moves);
                    println!("{:?}", g.turn);
                    return;
                }
                let a = legal[rng.index(legal.len())];
                last.push(a.to_string());
                if last.len() > 12 {
                    last.remove(0);
                }
                g.apply_unchecked(a, &mut NoEvents);
            }
        }
        println!("{players} players, edition: 5000 games, none stuck");
    }
}
