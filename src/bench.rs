//! `sylvan bench`: uniform random playouts on one thread, timing the engine alone.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use serde_json::json;
use sylvan_bots::{BotSpec, SearchStats};
use sylvan_engine::{Game, GameRng, Heuristic, NoEvents};

use crate::BenchArgs;
use crate::games::{self, Task, num};

impl Task for BenchArgs {
    type Output = ExitCode;

    fn run<G: Game + Heuristic>(self) -> Result<ExitCode> {
        let options = games::options::<G>(self.game.players, &self.game.all_options())?;
        if let Some(spec) = &self.bot {
            return bench_bot::<G>(&options, spec, self.games, self.seed, self.json);
        }
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

/// `sylvan bench GAME --bot SPEC`: times `decisions` decisions of a (search) bot at positions sampled
/// from random games (every decision with a real choice, taken in turn from games seed, seed+1, ...).
fn bench_bot<G: Game + Heuristic>(
    options: &G::Options,
    spec: &str,
    decisions: u64,
    seed: u64,
    json: bool,
) -> Result<ExitCode> {
    let spec: BotSpec = spec.parse().map_err(|e| anyhow!("--bot `{spec}`: {e}"))?;
    BotSpec::check_all::<G>(&[spec]).map_err(|e| anyhow!("--bot `{spec}`: {e}"))?;
    let mut bot = spec.build::<G>(seed);
    let mut rng = GameRng::new(seed ^ 0xbe9c_4a11);
    let mut legal = Vec::with_capacity(256);
    let mut done = 0u64;
    let mut game = 0u64;
    let mut checksum = 0u64;
    let start = Instant::now();
    'games: while done < decisions {
        let game_seed = seed.wrapping_add(game);
        let mut state = G::new(options, game_seed).map_err(|e| anyhow!("{} seed {game_seed}: {e}", G::NAME))?;
        game += 1;
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            if legal.len() > 1 {
                let a = bot.choose(&state.view(seat), &legal);
                checksum = checksum.wrapping_mul(31).wrapping_add(G::action_id(a) as u64);
                done += 1;
                if done >= decisions {
                    break 'games;
                }
            }
            // Move on with a random action, so positions come from the whole game.
            let a = legal[rng.index(legal.len())];
            state.apply_unchecked(a, &mut NoEvents);
        }
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    let s: SearchStats = bot.search_stats().unwrap_or_default();
    let mut out = std::io::stdout().lock();
    if json {
        let report = json!({
            "game": G::NAME,
            "bot": spec.to_string(),
            "decisions": done,
            "seed": seed,
            "checksum": checksum,
            "seconds": elapsed,
            "iterations": s.iterations,
            "iterations_per_sec": s.iterations_per_sec(),
            "determinizations_per_sec": s.determinizations_per_sec(),
            "tree_nodes_per_decision": s.nodes_per_decision(),
            "ms_per_decision": s.ms_per_decision(),
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "{}: {done} decisions of {spec}, seed {seed} (checksum {checksum})", G::NAME)?;
        writeln!(
            out,
            "search:    {:.0} iterations/s, {:.0} determinizations/s, {:.0} tree nodes and {:.1} ms per decision",
            s.iterations_per_sec(),
            s.determinizations_per_sec(),
            s.nodes_per_decision(),
            s.ms_per_decision()
        )?;
        writeln!(out, "time:      {elapsed:.3} s")?;
    }
    Ok(ExitCode::SUCCESS)
}
