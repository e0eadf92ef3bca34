//! `sylvan bench`: uniform random playouts on one thread, timing the engine alone.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use serde_json::json;
use sylvan_engine::{Game, GameRng, Heuristic, NoEvents};

use crate::BenchArgs;
use crate::games::{self, Task, num};

impl Task for BenchArgs {
    type Output = ExitCode;

    fn run<G: Game + Heuristic>(self) -> Result<ExitCode> {
        let options = games::options::<G>(self.game.players, &self.game.options)?;
        let max = G::max_game_length(&options);
        let mut rng = GameRng::new(self.seed ^ 0xbe9c_4a11);
        let mut legal = Vec::with_capacity(256);
        let mut moves: u64 = 0;
        // Printed with the timings so that a fast but wrong engine shows: same seed, same checksum.
        let mut score_sum = 0.0;
        let mut seats = 0;
        let start = Instant::now();
        for i in 0..self.games {
            let seed = self.seed.wrapping_add(i);
            let mut state = G::new(&options, seed).map_err(|e| anyhow!("{} seed {seed}: {e}", G::NAME))?;
            let mut length = 0;
            while state.to_move().is_some() {
                state.legal_actions(&mut legal);
                if legal.is_empty() || length >= max {
                    bail!(
                        "{} seed {seed}: stuck at move {length} (no legal action, or past the maximum {max})",
                        G::NAME
                    );
                }
                let action = legal[rng.index(legal.len())];
                state.apply_unchecked(action, &mut NoEvents);
                length += 1;
            }
            moves += length as u64;
            seats = state.num_seats();
            score_sum += state.scores().iter().sum::<f64>();
        }
        let elapsed = start.elapsed().as_secs_f64().max(1e-9);
        let games = self.games as f64;
        let (games_per_sec, moves_per_sec) = (games / elapsed, moves as f64 / elapsed);
        let ns_per_move = if moves > 0 { elapsed * 1e9 / moves as f64 } else { 0.0 };
        let mut out = std::io::stdout().lock();
        if self.json {
            let report = json!({
                "game": G::NAME,
                "players": seats,
                "games": self.games,
                "seed": self.seed,
                "moves": moves,
                "score_sum": score_sum,
                "seconds": elapsed,
                "games_per_sec": games_per_sec,
                "moves_per_sec": moves_per_sec,
                "ns_per_move": ns_per_move,
            });
            writeln!(out, "{report}")?;
        } else {
            writeln!(out, "{}: {} random playouts, {seats} players, seed {}", G::NAME, self.games, self.seed)?;
            writeln!(out, "checksum:  {moves} moves, score sum {}", num(score_sum))?;
            writeln!(
                out,
                "speed:     {games_per_sec:.1} games/s, {moves_per_sec:.0} moves/s, {ns_per_move:.1} ns/move"
            )?;
            writeln!(out, "time:      {elapsed:.3} s")?;
        }
        Ok(ExitCode::SUCCESS)
    }
}
