//! Counts how often the Mana Storm decisions of issue 16 come up in heuristic games of the Essential
//! Edition (`cargo run --release -p sylvan-mystic-vale --example storm_usage -- GAMES PLAYERS`).
use sylvan_engine::{Game, GameRng, NoEvents, Seat};
use sylvan_mystic_vale::setup::Edition;
use sylvan_mystic_vale::{Action, MysticVale, Options, Phase};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let players: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(4);
    let o = Options { players, edition: Edition::Essential, ..Options::default() };
    let mut n = [0u32; 8];
    let names = [
        "claim",
        "replay",
        "silver tree discard",
        "bog phase decisions",
        "workshop take",
        "workshop sleeve",
        "halo spirit",
        "games with a bog result",
    ];
    let mut legal = Vec::new();
    for seed in 0..games {
        let Ok(mut g) = MysticVale::new(&o, seed) else { return };
        let mut rng = GameRng::new(seed);
        while !g.over() {
            g.legal_actions(&mut legal);
            let seat = g.to_move().unwrap_or(Seat(0));
            let a = sylvan_mystic_vale::heuristic::choose(&g.view(seat), &legal, &mut rng);
            match a {
                Action::Claim(_) => n[0] += 1,
                Action::Replay(..) => n[1] += 1,
                Action::Discard(_) if g.turn.fx.discard_on_evoke.waiting => n[2] += 1,
                _ if g.phase == Phase::Bog => n[3] += 1,
                Action::AbilityTake(_) => n[4] += 1,
                Action::AbilityCommon(..) if g.cur().leader.is_some_and(|l| g.db.leader(l.id).key == "old-bakarab") => {
                    n[4] += 1
                }
                Action::Workshop(..) => n[5] += 1,
                Action::AbilitySpirit(_) => n[6] += 1,
                _ => {}
            }
            g.apply_unchecked(a, &mut NoEvents);
        }
        n[7] += u32::from(g.players.iter().any(|p| p.fx.bog_planting.placed.is_some()));
    }
    for (k, name) in names.iter().enumerate() {
        println!("{name}: {}", n[k]);
    }
}
