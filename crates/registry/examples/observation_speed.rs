//! The cost of an observation tensor, in parts, for `docs/measurements/` (run under callgrind for
//! instruction counts, or as is for a wall-clock ratio):
//! `cargo run --release -p sylvan-registry --example observation_speed -- GAME PART [REPS]`, GAME one of
//! `equinox` (4 players), `spirit-duel`, `command-of-nature`, `mystic-vale` (2 players), `mystic-vale-essential`;
//! PART one of `setup` (sampling the positions only), `view` (building each seat's view), `dense` (view and
//! the reference dense writer, the encoder before the sparse writer), `sparse` (view and the sparse writer,
//! reused), `state` (the encoder written from the state, no view, into a reused row cleared where the
//! last tensor wrote), `all` (the wall-clock time of each, side by side), `vector` (REPS batches of
//! `VectorGames::step_into` on 64 games, first legal ids, reused buffers: steps per second),
//! `vector-observe` (REPS calls of `observe_into`: tensors per second). The sparse writer's and the state
//! encoder's values are checked bit for bit against the dense writer's on every position first, and every timed pass counts the values
//! it wrote, so a fast wrong writer cannot look good.
use std::hint::black_box;
use std::time::Instant;

use sylvan_engine::testing::sample_positions;
use sylvan_registry::observe::{Observation, ObserveState, Tensor};

/// Runs `part` on `reps` passes over positions sampled from 20 random games; prints what it did.
fn run<G: ObserveState>(label: &str, options: &G::Options, part: &str, reps: usize) -> Result<(), String> {
    let positions = sample_positions::<G>(options, 20, 0, 5);
    let views: Vec<_> = positions.iter().filter_map(|p| p.to_move().map(|s| (p, s))).collect();
    // The check (outside the timed passes): the sparse writer, reused, writes the dense writer's values.
    let mut dense = Observation::dense();
    let mut sparse = Observation::new();
    let len = {
        let (p, s) = views.first().ok_or("no position")?;
        G::observe(&p.view(*s), &mut dense);
        dense.values().len()
    };
    let mut row = vec![0f32; len];
    let mut spans = Vec::new();
    for (p, s) in &views {
        let view = p.view(*s);
        dense.clear();
        G::observe(&view, &mut dense);
        sparse.clear();
        G::observe(&view, &mut sparse);
        if dense.values().iter().map(|v| v.to_bits()).ne(sparse.values().iter().map(|v| v.to_bits())) {
            return Err(format!("{label}: the sparse writer differs from the dense one"));
        }
        for &(a, z) in &spans {
            row[a as usize..z as usize].fill(0.0);
        }
        let mut t = Tensor::new(&mut row, &mut spans);
        p.observe_state(*s, &mut t);
        t.finish()?;
        if dense.values().iter().map(|v| v.to_bits()).ne(row.iter().map(|v| v.to_bits())) {
            return Err(format!("{label}: the state encoder differs from the dense writer"));
        }
    }
    let pass = |part: &str| -> Result<usize, String> {
        let mut out = if part == "dense" { Observation::dense() } else { Observation::new() };
        let mut written = 0;
        let (mut row, mut spans) = (vec![0f32; len], Vec::new());
        for _ in 0..reps {
            for (p, s) in &views {
                if part == "state" {
                    for &(a, z) in &spans {
                        row[a as usize..z as usize].fill(0.0);
                    }
                    let mut t = Tensor::new(&mut row, &mut spans);
                    p.observe_state(*s, &mut t);
                    t.finish()?;
                    written += black_box(&row).len();
                    continue;
                }
                let view = p.view(*s);
                if part == "view" {
                    black_box(&view);
                    continue;
                }
                out.clear();
                G::observe(&view, &mut out);
                written += black_box(out.values()).len();
            }
        }
        if part != "view" && written != reps * views.len() * dense.values().len() {
            return Err(format!("{label} {part}: {written} values written"));
        }
        Ok(written)
    };
    let per = (reps * views.len()) as f64;
    match part {
        "setup" => {}
        "view" | "dense" | "sparse" | "state" => {
            black_box(pass(part)?);
        }
        "all" => {
            let mut line = format!("{label}: {} positions x {reps}, {} values", views.len(), dense.values().len());
            for part in ["view", "dense", "sparse", "state"] {
                let t = Instant::now();
                black_box(pass(part)?);
                line += &format!(", {part} {:.0} ns", t.elapsed().as_secs_f64() * 1e9 / per);
            }
            println!("{line}");
            return Ok(());
        }
        other => return Err(format!("no part {other}: setup, view, dense, sparse, state or all")),
    }
    println!("{label} {part}: {} positions x {reps}", views.len());
    Ok(())
}

/// `VectorGames::step_into` on 64 games, `batches` calls, each slot playing its first legal id, into
/// reused buffers (what Python's `VectorGame(copy=False)` runs without the GIL); `observe_only` calls
/// `observe_into` instead. Prints steps (or tensors) per second.
fn vector(
    game: &str,
    overrides: &[&str],
    players: Option<usize>,
    batches: usize,
    observe_only: bool,
) -> Result<(), String> {
    use sylvan_registry::runs::vector::{VectorGames, Written};
    let registry: &'static sylvan_registry::Registry = Box::leak(Box::new(sylvan_registry::Registry::standard()));
    let entry = registry.get(game).map_err(|e| e.to_string())?;
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    let options = entry.game().options(players, &overrides).map_err(|e| e.to_string())?;
    let mut v = VectorGames::new(entry, &options, 64, 0)?;
    v.random_steps(20, 1)?;
    let mut b = v.zeroed();
    let mut w = Written::default();
    v.observe_into(b.as_mut(), &mut w)?;
    let actions = v.num_actions();
    let mut ids = vec![0i64; v.len()];
    let t = Instant::now();
    for _ in 0..batches {
        if observe_only {
            v.observe_into(b.as_mut(), &mut w)?;
            continue;
        }
        for (i, id) in ids.iter_mut().enumerate() {
            let row = &b.mask[i * actions..(i + 1) * actions];
            *id = row.iter().position(|&m| m != 0).ok_or("a slot with no legal action")? as i64;
        }
        v.step_into(&ids, b.as_mut(), &mut w)?;
    }
    let rate = (batches * v.len()) as f64 / t.elapsed().as_secs_f64();
    let what = if observe_only { "tensors" } else { "steps" };
    println!("{game} {overrides:?}: {what}/s {rate:.0} ({} finished)", v.finished());
    Ok(())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("all", String::as_str);
    let part = args.get(1).map_or("all", String::as_str);
    let reps = args.get(2).map_or(Ok(10), |r| r.parse::<usize>()).map_err(|e| format!("REPS: {e}"))?;
    let equinox = sylvan_equinox::Options { players: 4, ..Default::default() };
    let essential =
        sylvan_mystic_vale::Options { edition: sylvan_mystic_vale::setup::Edition::Essential, ..Default::default() };
    if part == "vector" || part == "vector-observe" {
        let only = part == "vector-observe";
        let (name, overrides, players): (&str, &[&str], Option<usize>) = match game {
            "equinox" => ("equinox", &[], Some(4)),
            "mystic-vale" => ("mystic-vale", &[], Some(2)),
            "mystic-vale-essential" => ("mystic-vale", &["edition=essential"], Some(2)),
            other => (other, &[], None),
        };
        return vector(name, overrides, players, reps, only);
    }
    let all = game == "all";
    if all || game == "equinox" {
        run::<sylvan_equinox::Equinox>("equinox 4p", &equinox, part, reps)?;
    }
    if all || game == "spirit-duel" {
        run::<sylvan_spirit_duel::SpiritDuel>("spirit-duel", &Default::default(), part, reps)?;
    }
    if all || game == "command-of-nature" {
        run::<sylvan_command_of_nature::CommandOfNature>("command-of-nature", &Default::default(), part, reps)?;
    }
    if all || game == "mystic-vale" {
        run::<sylvan_mystic_vale::MysticVale>("mystic-vale 2p", &Default::default(), part, reps)?;
    }
    if all || game == "mystic-vale-essential" {
        run::<sylvan_mystic_vale::MysticVale>("mystic-vale 2p essential", &essential, part, reps)?;
    }
    Ok(())
}
