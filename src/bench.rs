//! `sylvan bench`: uniform random playouts on one thread, timing the engine alone — on the typed game,
//! and with `--dyn` also through the erased game (`DynGame`) that the server and Python use.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use serde_json::{Value, json};
use sylvan_bots::{BotSpec, SearchStats};
use sylvan_engine::GameRng;
use sylvan_engine::erased::{Playouts, dyn_playouts};
use sylvan_registry::Entry;

use crate::BenchArgs;
use crate::games::{self, num};

/// One timed run of playouts.
struct Timed {
    playouts: Playouts,
    seconds: f64,
}

impl Timed {
    fn json(&self) -> Value {
        let p = &self.playouts;
        json!({
            "moves": p.moves,
            "score_sum": p.score_sum,
            "seconds": self.seconds,
            "games_per_sec": p.games as f64 / self.seconds,
            "moves_per_sec": p.moves as f64 / self.seconds,
            "ns_per_move": if p.moves > 0 { self.seconds * 1e9 / p.moves as f64 } else { 0.0 },
        })
    }

    fn line(&self) -> String {
        let p = &self.playouts;
        let ns = if p.moves > 0 { self.seconds * 1e9 / p.moves as f64 } else { 0.0 };
        format!(
            "{:.1} games/s, {:.0} moves/s, {ns:.1} ns/move ({:.3} s)",
            p.games as f64 / self.seconds,
            p.moves as f64 / self.seconds,
            self.seconds
        )
    }
}

fn timed(f: impl FnOnce() -> Result<Playouts, String>) -> Result<Timed> {
    let start = Instant::now();
    let playouts = f().map_err(|e| anyhow!(e))?;
    Ok(Timed { playouts, seconds: start.elapsed().as_secs_f64().max(1e-9) })
}

/// Runs `sylvan bench`.
pub fn run(args: &BenchArgs) -> Result<ExitCode> {
    let (entry, options) = games::game_and_options(&args.game, crate::words::env_locale())?;
    args.figure.check()?;
    if let Some(spec) = &args.bot {
        return bench_bot(entry, &options, spec, args);
    }
    // Validates the options before timing.
    entry.game().new_game(&options, args.seed).map_err(|e| anyhow!("{}: {e}", entry.name()))?;
    let typed = timed(|| entry.game().typed_playouts(&options, args.games, args.seed))?;
    let erased = if args.erased {
        let e = timed(|| dyn_playouts(entry.game(), &options, args.games, args.seed))?;
        // Printed with the timings so that a fast but wrong path shows: same seed, same checksum.
        if e.playouts != typed.playouts {
            bail!(
                "{}: the erased playouts differ from the typed ones ({:?} vs {:?})",
                entry.name(),
                e.playouts,
                typed.playouts
            );
        }
        Some(e)
    } else {
        None
    };
    let seats = typed.playouts.seats;
    args.figure.write(|command| {
        let p = &typed.playouts;
        let ns = |t: &Timed| if t.playouts.moves > 0 { t.seconds * 1e9 / t.playouts.moves as f64 } else { 0.0 };
        let mut head = "| game | players | playouts | moves | moves/s | ns/move |".to_owned();
        let mut rule = "|---|---:|---:|---:|---:|---:|".to_owned();
        let mut row = format!(
            "| {} | {seats} | {} | {} | {:.0} | {:.1} |",
            entry.name(),
            args.games,
            p.moves,
            p.moves as f64 / typed.seconds,
            ns(&typed)
        );
        if let Some(e) = &erased {
            head += " erased ns/move | erased / typed |";
            rule += "---:|---:|";
            row += &format!(" {:.1} | {:.3} |", ns(e), e.seconds / typed.seconds);
        }
        format!("Written by {command} (one thread; nanoseconds depend on the machine).\n\n{head}\n{rule}\n{row}\n")
    })?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let mut report = json!({
            "game": entry.name(),
            "players": seats,
            "games": args.games,
            "seed": args.seed,
        });
        if let (Some(obj), Value::Object(t)) = (report.as_object_mut(), typed.json()) {
            obj.extend(t);
        }
        if let Some(e) = &erased {
            report["dyn"] = e.json();
            report["dyn_slowdown"] = json!(e.seconds / typed.seconds);
        }
        writeln!(out, "{report}")?;
    } else {
        writeln!(out, "{}: {} random playouts, {seats} players, seed {}", entry.name(), args.games, args.seed)?;
        let p = &typed.playouts;
        writeln!(out, "checksum:  {} moves, score sum {}", p.moves, num(p.score_sum))?;
        writeln!(out, "speed:     {}", typed.line())?;
        if let Some(e) = &erased {
            writeln!(out, "erased:    {}", e.line())?;
            writeln!(out, "slowdown:  {:+.1}% through DynGame", 100.0 * (e.seconds / typed.seconds - 1.0))?;
        }
        writeln!(out, "time:      {:.3} s", typed.seconds)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `sylvan bench GAME --bot SPEC`: times `decisions` decisions of a (search) bot at positions sampled
/// from random games (every decision with a real choice, taken in turn from games seed, seed+1, ...).
fn bench_bot(entry: &Entry, options: &Value, spec: &str, args: &BenchArgs) -> Result<ExitCode> {
    let (decisions, seed, json) = (args.games, args.seed, args.json);
    let spec: BotSpec = spec.parse().map_err(|e| anyhow!("--bot `{spec}`: {e}"))?;
    let mut bot = entry.bot(&spec, seed).map_err(|e| anyhow!("--bot `{spec}`: {e}"))?;
    let mut rng = GameRng::new(seed ^ 0xbe9c_4a11);
    let mut legal = Vec::with_capacity(256);
    let mut done = 0u64;
    let mut game = 0u64;
    let mut checksum = 0u64;
    let start = Instant::now();
    'games: while done < decisions {
        let game_seed = seed.wrapping_add(game);
        let mut state =
            entry.game().new_game(options, game_seed).map_err(|e| anyhow!("{} seed {game_seed}: {e}", entry.name()))?;
        state.keep_events(false);
        game += 1;
        while let Some(seat) = state.to_move() {
            state.legal_ids(&mut legal);
            if legal.len() > 1 {
                let view = state.view(seat)?;
                let a = bot.choose(&*view, &legal)?;
                checksum = checksum.wrapping_mul(31).wrapping_add(a as u64);
                done += 1;
                if done >= decisions {
                    break 'games;
                }
            }
            // Move on with a random action, so positions come from the whole game.
            state.apply_nth(rng.index(legal.len()))?;
        }
    }
    let elapsed = start.elapsed().as_secs_f64().max(1e-9);
    let s: SearchStats = bot.search_stats().unwrap_or_default();
    args.figure.write(|command| {
        format!(
            "Written by {command} (one thread; rates depend on the machine).\n\n\
             | game | bot | decisions | iterations/s | determinizations/s | tree nodes/decision | ms/decision |\n\
             |---|---|---:|---:|---:|---:|---:|\n| {} | `{spec}` | {done} | {:.0} | {:.0} | {:.0} | {:.1} |\n",
            entry.name(),
            s.iterations_per_sec(),
            s.determinizations_per_sec(),
            s.nodes_per_decision(),
            s.ms_per_decision()
        )
    })?;
    let mut out = std::io::stdout().lock();
    if json {
        let report = json!({
            "game": entry.name(),
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
        writeln!(out, "{}: {done} decisions of {spec}, seed {seed} (checksum {checksum})", entry.name())?;
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
