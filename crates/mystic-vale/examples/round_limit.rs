//! Counts random-player games that end by the round limit (MV14) rather than the VP pool, with
//! `conclaves=random` and with one named conclave plus the five unnamed ones (ruling MV76):
//! `cargo run --release -p sylvan-mystic-vale --example round_limit -- GAMES`.
use sylvan_engine::{Game, GameRng, NoEvents};
use sylvan_mystic_vale::{MysticVale, Options};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(500);
    let weak = "early-harvest,nightvale-watch,wellsprings-of-mana,tides-and-storms,gaias-children,hidden-paths";
    for (label, conclaves) in [("random", "random".to_string()), ("1 named + 5 unnamed", weak.to_string())] {
        for players in 2..=4 {
            let o = Options { players, conclaves: conclaves.clone(), ..Options::default() };
            let (mut limit, mut rounds) = (0u32, 0u64);
            for seed in 0..games {
                let mut g = match MysticVale::new(&o, seed) {
                    Ok(g) => g,
                    Err(e) => {
                        println!("{label}: {e}");
                        return;
                    }
                };
                let mut rng = GameRng::new(seed);
                let mut legal = Vec::new();
                while g.to_move().is_some() {
                    g.legal_actions(&mut legal);
                    let a = legal[rng.index(legal.len())];
                    g.apply_unchecked(a, &mut NoEvents);
                }
                limit += u32::from(g.pool != 0);
                rounds += u64::from(g.rounds);
            }
            println!(
                "{label}, {players} players: {limit} of {games} games ended by the round limit; {:.1} rounds on average",
                rounds as f64 / games as f64
            );
        }
    }
}
