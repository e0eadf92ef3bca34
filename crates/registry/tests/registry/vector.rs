//! `VectorGames` (the Python package's `VectorGame`): over many seeded batches of every game and several
//! option sets, games ending and restarting inside a batch, every mask row is the legal list of the game
//! its slot holds, every observation row is that game's observation, and each slot plays exactly the
//! game a lone state with the same seeds plays.

use std::sync::OnceLock;

use serde_json::Value;
use sylvan_engine::GameRng;
use sylvan_engine::erased::DynGame;
use sylvan_registry::runs::vector::{Batch, VectorGames, write_mask};
use sylvan_registry::{Entry, Observation, Registry};

use super::{TestResult, options};

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(Registry::standard)
}

/// Slot `i` of batch `b` against `game`, the lone copy that should be in that slot.
fn check_row(entry: &Entry, v: &VectorGames, b: &Batch, i: usize, game: &dyn DynGame, what: &str) -> TestResult {
    let at = format!("{what}, slot {i}, move {}", game.move_number());
    let held = v.game(i).ok_or(format!("{at}: no game"))?;
    if held.record() != game.record() {
        return Err(format!("{at}: the slot holds another game than the lone copy"));
    }
    let seat = game.to_move().ok_or(format!("{at}: a finished game in a slot"))?;
    if b.player[i] != i64::from(seat.0) {
        return Err(format!("{at}: player {} but {seat} to move", b.player[i]));
    }
    let n = v.num_actions();
    let mut legal = Vec::new();
    game.legal_ids(&mut legal);
    legal.sort_unstable();
    let row: Vec<usize> = (0..n).filter(|&id| b.mask[i * n + id] != 0).collect();
    if row != legal {
        return Err(format!("{at}: mask {row:?}, legal ids {legal:?}"));
    }
    if b.mask[i * n..(i + 1) * n].iter().any(|&m| m != 0 && m != 1) {
        return Err(format!("{at}: a mask value that is not 0 or 1"));
    }
    // The reference (dense) writer on the view, bit for bit: the row was written by the sparse writer and
    // updated in place over earlier batches.
    let mut obs = Observation::dense();
    let view = game.view(seat).map_err(|e| e.to_string())?;
    entry.observe(&*view, &mut obs).ok_or("no observation")?.map_err(|e| e.to_string())?;
    let len = v.obs_len();
    let bits = |x: &[f32]| x.iter().map(|v| v.to_bits()).collect::<Vec<u32>>();
    if bits(obs.values()) != bits(&b.obs[i * len..(i + 1) * len]) {
        return Err(format!("{at}: the observation row is not the view's observation"));
    }
    Ok(())
}

/// Steps `slots` games of `game` with `overrides` for `steps` batches from `seed`, actions drawn from the
/// masks (not the legal lists), checking every row against lone copies. Returns the games finished.
fn stress(
    game: &str,
    players: Option<usize>,
    overrides: &[&str],
    slots: usize,
    steps: usize,
    seed: u64,
) -> Result<u64, String> {
    let what = format!("{game} {players:?} {overrides:?} seed {seed}");
    let options: Value = options(registry(), game, players, overrides)?;
    let entry = registry().get(game).map_err(|e| e.to_string())?;
    let mut v = VectorGames::new(entry, &options, slots, seed)?;
    let mut lone: Vec<Box<dyn DynGame>> = Vec::new();
    for i in 0..slots as u64 {
        let mut g = entry.game().new_game(&options, seed + i).map_err(|e| e.to_string())?;
        g.keep_events(false);
        lone.push(g);
    }
    let mut next = seed + slots as u64;
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut b = v.observe()?;
    let n = v.num_actions();
    let mut finished = 0;
    for step in 0..steps {
        for (i, g) in lone.iter().enumerate() {
            check_row(entry, &v, &b, i, &**g, &format!("{what}, batch {step}"))?;
        }
        // One action per slot, drawn from its mask row.
        let actions: Vec<i64> = (0..slots)
            .map(|i| {
                let row: Vec<usize> = (0..n).filter(|&id| b.mask[i * n + id] != 0).collect();
                row[rng.index(row.len())] as i64
            })
            .collect();
        b = v.step(&actions).map_err(|e| format!("{what}, batch {step}: {e}"))?;
        for (i, g) in lone.iter_mut().enumerate() {
            g.apply_id(actions[i] as usize).map_err(|e| format!("{what}, slot {i}: {e}"))?;
            let seats = g.num_seats();
            if g.is_terminal() {
                let returns = g.outcome().ok_or("no outcome")?.returns().to_vec();
                let got: Vec<f64> = b.rewards[i * seats..(i + 1) * seats].iter().map(|&r| f64::from(r)).collect();
                let want: Vec<f64> = returns.iter().map(|&r| f64::from(r as f32)).collect();
                if !b.done[i] || got != want {
                    return Err(format!("{what}, slot {i}: done {} rewards {got:?}, returns {want:?}", b.done[i]));
                }
                g.restart(next).map_err(|e| e.to_string())?;
                next += 1;
                finished += 1;
            } else if b.done[i] || b.rewards[i * seats..(i + 1) * seats].iter().any(|&r| r != 0.0) {
                return Err(format!("{what}, slot {i}: done or rewards on a game still going"));
            }
        }
    }
    if v.finished() != finished {
        return Err(format!("{what}: {} games finished, the lone copies finished {finished}", v.finished()));
    }
    Ok(finished)
}

/// A game, its players, options, slots and batches.
type Case<'a> = (&'a str, Option<usize>, &'a [&'a str], usize, usize);

/// Every case from seed 0; the ignored `sweep_` test adds seed 1,000.
#[test]
fn every_mask_row_is_the_legal_list_of_its_slot() -> TestResult {
    mask_rows(&[0])
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_every_mask_row_from_another_seed() -> TestResult {
    mask_rows(&[1_000])
}

fn mask_rows(seeds: &[u64]) -> TestResult {
    // (game, players, options, slots, batches): enough batches for games to end and restart mid-batch.
    let cases: &[Case] = &[
        ("equinox", Some(2), &[], 6, 400),
        ("equinox", Some(4), &[], 8, 500),
        ("equinox", Some(5), &["ancestors=2"], 4, 400),
        ("spirit-duel", None, &[], 8, 300),
        ("spirit-duel", None, &["solo=true"], 4, 300),
        ("command-of-nature", None, &[], 4, 1500),
        ("command-of-nature", Some(4), &["teams=true"], 2, 1200),
        ("mystic-vale", Some(2), &[], 4, 900),
        ("mystic-vale", Some(3), &["edition=essential"], 2, 1500),
        ("mystic-vale", Some(2), &["buy_vp=true", "stacked_duplicates=true"], 2, 900),
        ("toy", None, &[], 8, 200),
    ];
    for &(game, players, overrides, slots, steps) in cases {
        for &seed in seeds {
            let finished = stress(game, players, overrides, slots, steps, seed)?;
            if finished == 0 {
                return Err(format!("{game} {overrides:?}: no game ended, so no restart was checked"));
            }
        }
    }
    Ok(())
}

/// An illegal id is an error naming the slot and the action, and no slot moves (the masks the caller
/// holds stay true).
#[test]
fn an_illegal_action_moves_no_slot() -> TestResult {
    let options = options(registry(), "equinox", Some(4), &[])?;
    let entry = registry().get("equinox").map_err(|e| e.to_string())?;
    let mut v = VectorGames::new(entry, &options, 3, 7)?;
    let before = v.observe()?;
    let n = v.num_actions();
    let legal = |i: usize| (0..n).find(|&id| before.mask[i * n + id] != 0).unwrap_or(0) as i64;
    let illegal = (0..n).find(|&id| before.mask[n + id] == 0).ok_or("every id legal")? as i64;
    let err = v.step(&[legal(0), illegal, legal(2)]).err().ok_or("an illegal action was accepted")?;
    if !err.starts_with("game 1: illegal action `") {
        return Err(format!("unexpected error: {err}"));
    }
    if v.observe()? != before {
        return Err("a slot moved on a refused step".into());
    }
    if v.step(&[legal(0), legal(1)]).err().as_deref() != Some("2 actions for 3 games") {
        return Err("a short action list was accepted".into());
    }
    if v.step(&[legal(0), -1, legal(2)]).err().as_deref() != Some("game 1: no action id -1") {
        return Err("a negative id was accepted".into());
    }
    Ok(())
}

/// Actions are checked against each slot's legal list as it is now: after `random_steps` moved the games
/// (with no mask written), the ids the last mask showed are not taken on trust, and the games' own lists
/// are (regression: the check reuses the list the last call wrote, issue 36). Nothing between
/// `random_steps` and the step lists the games again through `VectorGames` (an `observe` would, and
/// would hide a stale list): the games are compared by their records. Shown to fail with
/// `random_steps` not forgetting the lists (`docs/measurements/2026-11-28-observation-from-state.md`).
#[test]
fn actions_are_checked_against_the_games_as_they_are_now() -> TestResult {
    let options = options(registry(), "equinox", Some(4), &[])?;
    let entry = registry().get("equinox").map_err(|e| e.to_string())?;
    let mut v = VectorGames::new(entry, &options, 4, 3)?;
    let before = v.observe()?;
    let n = v.num_actions();
    v.random_steps(7, 5)?;
    let mut legal = Vec::new();
    let mut now = Vec::new();
    let mut stale = None;
    for i in 0..v.len() {
        v.game(i).ok_or("no game")?.legal_ids(&mut legal);
        now.push(*legal.first().ok_or("no legal action")? as i64);
        let gone = (0..n).find(|&id| before.mask[i * n + id] != 0 && !legal.contains(&id));
        // The last such slot, so that slots before it would have moved had the check trusted the old mask.
        if let Some(id) = gone {
            stale = Some((i, id as i64));
        }
    }
    let (slot, id) = stale.filter(|&(i, _)| i > 0).ok_or("no slot past the first lost an id: pick other seeds")?;
    let mut refused = now.clone();
    refused[slot] = id;
    let records = |v: &VectorGames| (0..v.len()).filter_map(|i| v.game(i).map(|g| g.record())).collect::<Vec<_>>();
    let held = records(&v);
    let err = v.step(&refused).err().ok_or("an id legal before random_steps, not now, was accepted")?;
    if !err.starts_with(&format!("game {slot}: illegal action `")) {
        return Err(format!("unexpected error: {err}"));
    }
    if records(&v) != held {
        return Err("a slot moved on a refused step".into());
    }
    v.step(&now)?;
    Ok(())
}

/// A legal id at or past the game's number of action ids is an error, not a row missing an action.
#[test]
fn a_legal_id_past_the_mask_is_an_error() -> TestResult {
    let mut row = vec![0i8; 4];
    write_mask(&[0, 3], &mut row)?;
    assert_eq!(row, [1, 0, 0, 1]);
    let err = write_mask(&[1, 4], &mut [0i8; 4]).err().ok_or("id 4 of 4 accepted")?;
    assert_eq!(err, "legal action id 4 is not below the game's number of action ids (4)");
    Ok(())
}

/// Slots on several threads at once (as Python threads would with the GIL released) play the same
/// games as on one.
#[test]
fn threads_do_not_change_the_games() -> TestResult {
    let one = |seed: u64| -> Result<Vec<Value>, String> {
        let options = options(registry(), "equinox", Some(4), &[])?;
        let entry = registry().get("equinox").map_err(|e| e.to_string())?;
        let mut v = VectorGames::new(entry, &options, 4, seed)?;
        let mut rng = GameRng::new(seed);
        let n = v.num_actions();
        let mut b = v.observe()?;
        for _ in 0..400 {
            let actions: Vec<i64> = (0..4)
                .map(|i| {
                    let row: Vec<usize> = (0..n).filter(|&id| b.mask[i * n + id] != 0).collect();
                    row[rng.index(row.len())] as i64
                })
                .collect();
            b = v.step(&actions)?;
        }
        Ok((0..4).filter_map(|i| v.game(i).map(|g| g.record())).collect())
    };
    let alone: Vec<Vec<Value>> = (0..4).map(one).collect::<Result<_, _>>()?;
    let threaded: Vec<Vec<Value>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|seed| s.spawn(move || one(seed))).collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "a thread panicked".to_owned())?)
            .collect::<Result<Vec<_>, String>>()
    })?;
    if alone != threaded {
        return Err("games stepped on threads differ from the same games on one thread".into());
    }
    Ok(())
}
