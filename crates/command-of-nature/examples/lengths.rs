//! How long games last (turns, actions, the most decisions in one turn) and how they end, for ruling C23.
//!
//! `cargo run --release -p sylvan-command-of-nature --example lengths -- PLAYERS TURN_LIMIT GAMES [MODE]`
//! with MODE `r` (random players, default), `h` (heuristic players) or `hr` (heuristic against random,
//! sides alternating; prints the heuristic's mean score).
use sylvan_command_of_nature::{CommandOfNature, Options, Phase};
use sylvan_engine::{Game, GameRng, Heuristic, NoEvents};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let limit: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(200);
    let mode = args.get(4).cloned().unwrap_or_default();
    let mut heuristic_wins = 0.0;
    let mut per_turn_max = 0u64;
    let Ok(o) = CommandOfNature::options_for_players(players) else { return };
    let o = Options { turn_limit: limit, ..o };
    let (mut ended, mut actions, mut turns_sum, mut maxa) = (0, 0u64, 0u64, 0u64);
    let mut hist = [0u32; 20];
    let mut legal = Vec::new();
    for g in 0..games {
        let Ok(mut s) = CommandOfNature::new(&o, g) else { return };
        let mut rng = GameRng::new(g ^ 77);
        let mut n = 0u64;
        let mut turn_actions = 0u64;
        while s.to_move().is_some() {
            s.legal_actions(&mut legal);
            let h_side = (g % 2) as u8;
            let smart = mode == "h" || (mode == "hr" && seat_side(&s) == h_side);
            let a = if smart {
                let Some(seat) = s.to_move() else { break };
                CommandOfNature::heuristic_action(&s.view(seat), &legal, &mut rng)
            } else {
                legal[rng.index(legal.len())]
            };
            let t0 = s.turns;
            s.apply_unchecked(a, &mut NoEvents);
            n += 1;
            turn_actions = if s.turns != t0 { 0 } else { turn_actions + 1 };
            per_turn_max = per_turn_max.max(turn_actions);
        }
        if mode == "hr" {
            heuristic_wins += s.scores()[(g % 2) as usize];
        }
        actions += n;
        maxa = maxa.max(n);
        turns_sum += s.turns as u64;
        if matches!(s.phase, Phase::Over(Some(_))) {
            ended += 1;
            hist[(s.turns as usize / 20).min(19)] += 1;
        }
    }
    println!(
        "{players}p limit {limit}: {ended}/{games} decided; mean actions {} max {maxa}; mean turns {}; max actions in a turn {per_turn_max}; decided by turn/20: {hist:?}",
        actions / games,
        turns_sum / games
    );
    if mode == "hr" {
        println!("heuristic score vs random: {:.1}%", 100.0 * heuristic_wins / games as f64);
    }
}

fn seat_side(s: &CommandOfNature) -> u8 {
    s.to_move().map_or(0, |seat| seat.0 & 1)
}
