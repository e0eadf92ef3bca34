//! Scans random games with Vale of the Wild and leaders for a position with no legal action
//! (`cargo run --release -p sylvan-mystic-vale --example stuck`).
use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options};

fn main() {
    for players in 2..=4 {
        for leaders in [Leaders::Random, Leaders::Choose] {
            let o = Options { players, sets: "base,wild".into(), leaders, ..Options::default() };
            for seed in 0..15_000u64 {
                let Ok(mut g) = MysticVale::new(&o, seed) else { return };
                let mut rng = GameRng::new(seed);
                let mut legal = Vec::new();
                while g.to_move().is_some() {
                    g.legal_actions(&mut legal);
                    if legal.is_empty() || g.moves > 20_000 {
                        println!("{players} {leaders:?} seed {seed} stuck: phase {:?} move {}", g.phase, g.moves);
                        return;
                    }
                    let a = legal[rng.index(legal.len())];
                    g.apply_unchecked(a, &mut NoEvents);
                }
            }
            println!("{players} players, leaders {leaders:?}: 15000 games, none stuck");
        }
    }
}
