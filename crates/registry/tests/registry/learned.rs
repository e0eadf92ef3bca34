//! Mystic Vale's learned evaluation (issue 40): the committed weights fit the observation tensor they
//! read (a changed layout is refused), `eval=learned` builds where a game has a network and is refused
//! where it has none, and the network's estimates say something about who wins.

use serde_json::Value;
use sylvan_bots::{BotSpec, NetScratch};
use sylvan_engine::{Game, GameRng, Heuristic, MAX_SEATS, NoEvents, Seat};
use sylvan_mystic_vale::{Action, MysticVale};
use sylvan_registry::Registry;
use sylvan_registry::learned::{Learned, MYSTIC_VALE_POLICY_V1, MYSTIC_VALE_V1, load};

use super::TestResult;

/// The weights file with its header changed by `edit`.
fn edited(edit: impl FnOnce(&mut Value)) -> Result<Vec<u8>, String> {
    let end = MYSTIC_VALE_V1.iter().position(|&b| b == b'\n').ok_or("no header line")?;
    let mut header: Value = serde_json::from_slice(&MYSTIC_VALE_V1[..end]).map_err(|e| e.to_string())?;
    edit(&mut header);
    let mut out = serde_json::to_vec(&header).map_err(|e| e.to_string())?;
    out.extend_from_slice(&MYSTIC_VALE_V1[end..]);
    Ok(out)
}

#[test]
fn the_weights_fit_the_observation_tensor_of_their_options() -> TestResult {
    let net = load::<MysticVale>(MYSTIC_VALE_V1)?;
    let registry = Registry::standard();
    let entry = registry.get("mystic-vale").map_err(|e| e.to_string())?;
    let layout = entry.observation_layout(&net.header().options).map_err(|e| e.to_string())?.ok_or("no tensor")?;
    assert_eq!(net.input_len(), layout.values().len());
    assert_eq!(net.header().options["players"], 2);
    assert_eq!(net.header().options["sets"], "base");
    assert!(MysticVale::value_net().is_some());
    assert!(entry.has_value_net());
    Ok(())
}

#[test]
fn weights_for_another_layout_are_refused() -> TestResult {
    let three_sets = edited(|h| h["options"]["sets"] = "base,magic,wild".into())?;
    let err = load::<MysticVale>(&three_sets).err().unwrap_or_default();
    assert!(err.contains("1574 inputs, the observation tensor has 3105"), "{err}");
    let renamed = edited(|h| h["sections"][2][0] = "the phase, renamed".into())?;
    let err = load::<MysticVale>(&renamed).err().unwrap_or_default();
    assert!(err.starts_with("value network: section 2 is `the phase, renamed`"), "{err}");
    let other_game = edited(|h| h["game"] = "equinox".into())?;
    assert_eq!(
        load::<MysticVale>(&other_game).err().as_deref(),
        Some("value network: trained for `equinox`, not `mystic-vale`")
    );
    Ok(())
}

#[test]
fn eval_learned_builds_only_where_the_game_has_a_network() -> TestResult {
    let registry = Registry::standard();
    let spec: BotSpec = "ismcts:iters=20:eval=learned".parse().map_err(|e: sylvan_bots::SpecError| e.to_string())?;
    let mv = registry.get("mystic-vale").map_err(|e| e.to_string())?;
    assert!(mv.bot(&spec, 1).is_ok());
    let equinox = registry.get("equinox").map_err(|e| e.to_string())?;
    assert!(!equinox.has_value_net());
    assert_eq!(
        equinox.bot(&spec, 1).err().map(|e| e.to_string()).as_deref(),
        Some("bot `ismcts:iters=20:eval=learned` is not available for equinox")
    );
    Ok(())
}

/// The heuristic against a half-random player: a third of the way in, the network gives the seat that
/// goes on to win more than half of the returns in most games (the estimates sum to 1).
#[test]
fn the_network_sees_who_is_ahead() -> TestResult {
    let net = MysticVale::value_net().ok_or("no network")?;
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let mut scratch = NetScratch::default();
    let (mut right, games) = (0, 12u64);
    for seed in 0..games {
        let mut state = MysticVale::new(&options, seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        let mut estimate = None;
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            if estimate.is_none() && state.move_number() >= 70 {
                let mut out = [0.0; MAX_SEATS];
                assert!(net.evaluate(&state, seat, &mut scratch, &mut out));
                assert!((out[0] + out[1] - 1.0).abs() < 1e-9, "{out:?}");
                estimate = Some(out);
            }
            // Seat 0 plays the heuristic; seat 1 a random move half the time.
            let a = if seat == Seat(1) && rng.index(2) == 0 {
                legal[rng.index(legal.len())]
            } else {
                MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng)
            };
            state.apply_unchecked(a, &mut NoEvents);
        }
        let returns = state.returns();
        let out = estimate.ok_or("a game shorter than 70 moves")?;
        let winner = if returns[0] > returns[1] { 0 } else { 1 };
        if returns[0] != returns[1] && out[winner] > 0.5 {
            right += 1;
        }
    }
    assert!(right >= 9, "the network favoured the winner in {right} of {games} games");
    Ok(())
}

/// Brier score and winner-named counts of one evaluator on one bucket of positions.
#[derive(Default, Clone, Copy)]
struct Score {
    n: u32,
    brier: f64,
    right: u32,
}

impl Score {
    fn add(&mut self, estimate: f64, outcome: f64) {
        self.n += 1;
        self.brier += (estimate - outcome) * (estimate - outcome);
        if (estimate - 0.5) * (outcome - 0.5) > 0.0 {
            self.right += 1;
        }
    }

    fn row(&self) -> String {
        let n = f64::from(self.n.max(1));
        format!("{:.3} | {:.1}%", self.brier / n, 100.0 * f64::from(self.right) / n)
    }
}

/// Plays the mover's turn from `state` with `pick` to the next evaluation point where another seat
/// moves; `None` if the game ends first.
fn after_turn(mut state: MysticVale, rng: &mut GameRng, random: bool) -> Option<MysticVale> {
    let mover = state.to_move()?;
    let mut legal = Vec::new();
    while let Some(seat) = state.to_move() {
        if seat != mover && MysticVale::evaluate(&state).is_some() {
            return Some(state);
        }
        state.legal_actions(&mut legal);
        let a = if random {
            legal[rng.index(legal.len())]
        } else {
            MysticVale::heuristic_action(&state.view(seat), &legal, rng)
        };
        state.apply_unchecked(a, &mut NoEvents);
    }
    None
}

/// A diagnostic for `docs/measurements/` (run by hand, `cargo test -p sylvan-registry --release --test
/// registry -- --ignored --nocapture diagnose_the_evaluations`; `SYLVAN_DIAG_GAMES` games, 100 by
/// default): at every evaluation point (a turn's start) of games between the heuristic and the heuristic
/// with 15% random moves (today's default rules), the network's estimate and the game's own evaluation
/// for the seat to move and for the other seat against the game's outcome (Brier score, winner named),
/// by stage of the game; and whether each prefers the position after the mover's turn played by the
/// heuristic to the one after a random turn.
#[test]
#[ignore = "a diagnostic printout, run by hand"]
fn diagnose_the_evaluations() -> TestResult {
    let net = MysticVale::value_net().ok_or("no network")?;
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let games: u64 = std::env::var("SYLVAN_DIAG_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let mut scratch = NetScratch::default();
    // [stage][evaluator][perspective]: stage 0..3 thirds of the game's turn starts, 3 the last two.
    let mut scores = [[[Score::default(); 2]; 2]; 4];
    // Turn comparisons: [evaluator] (prefers the heuristic's turn, ties, mean gap).
    let mut prefer = [(0u32, 0u32, 0.0f64); 2];
    let mut compared = 0u32;
    for seed in 0..games {
        let mut state = MysticVale::new(&options, 10_000 + seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        let noisy = Seat((seed % 2) as u8);
        let mut points: Vec<(Seat, [f64; 2], [f64; 2])> = Vec::new();
        while let Some(seat) = state.to_move() {
            if let Some(h) = MysticVale::evaluate(&state) {
                let mut out = [0.0; MAX_SEATS];
                if net.evaluate(&state, seat, &mut scratch, &mut out) {
                    points.push((seat, [out[0], out[1]], [h[0], h[1]]));
                }
                if points.len() % 4 == 1 {
                    let good = after_turn(state.clone(), &mut GameRng::new(seed * 7919 + 1), false);
                    let bad = after_turn(state.clone(), &mut GameRng::new(seed * 7919 + 2), true);
                    if let (Some(good), Some(bad)) = (good, bad) {
                        compared += 1;
                        let m = seat.index();
                        let mut g = [0.0; MAX_SEATS];
                        let mut b = [0.0; MAX_SEATS];
                        let ok = net.evaluate(&good, good.to_move().ok_or("over")?, &mut scratch, &mut g)
                            && net.evaluate(&bad, bad.to_move().ok_or("over")?, &mut scratch, &mut b);
                        let hg = MysticVale::evaluate(&good).ok_or("no evaluation")?;
                        let hb = MysticVale::evaluate(&bad).ok_or("no evaluation")?;
                        for (e, (x, y)) in [(g[m], b[m]), (hg[m], hb[m])].into_iter().enumerate() {
                            if !ok && e == 0 {
                                continue;
                            }
                            if x > y {
                                prefer[e].0 += 1;
                            } else if x == y {
                                prefer[e].1 += 1;
                            }
                            prefer[e].2 += x - y;
                        }
                    }
                }
            }
            state.legal_actions(&mut legal);
            let a = if seat == noisy && rng.index(100) < 15 {
                legal[rng.index(legal.len())]
            } else {
                MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng)
            };
            state.apply_unchecked(a, &mut NoEvents);
        }
        let returns = state.returns();
        let total = points.len();
        for (i, (seat, n, h)) in points.iter().enumerate() {
            let stage = if i + 2 >= total { 3 } else { i * 3 / total.max(1) };
            let m = seat.index();
            for (p, s) in [m, 1 - m].into_iter().enumerate() {
                scores[stage][0][p].add(n[s], returns[s]);
                scores[stage][1][p].add(h[s], returns[s]);
            }
        }
    }
    println!(
        "| stage | positions | network, mover: Brier | winner named | network, other seat: Brier | winner named \
         | game's evaluation, mover: Brier | winner named | game's evaluation, other seat: Brier | winner named |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (stage, name) in ["first third", "second third", "last third", "last two turn starts"].iter().enumerate() {
        let s = &scores[stage];
        println!(
            "| {name} | {} | {} | {} | {} | {} |",
            s[0][0].n,
            s[0][0].row(),
            s[0][1].row(),
            s[1][0].row(),
            s[1][1].row()
        );
    }
    for (e, name) in ["network", "heuristic evaluation"].iter().enumerate() {
        let (more, ties, gap) = prefer[e];
        println!(
            "{name}: prefers the heuristic's turn to a random turn in {more} of {compared} ({ties} ties), mean gap {:.3}",
            gap / f64::from(compared.max(1))
        );
    }
    assert!(compared > 0);
    Ok(())
}

/// The policy prior (`pnet=W`): the committed policy file is read as a policy with no more outputs than
/// Mystic Vale has action ids, builds for Mystic Vale and is refused for a game without one, and its
/// favourite move is the heuristic's (the teacher it was trained on) far more often than a uniform
/// choice would be.
#[test]
fn the_policy_ranks_the_heuristics_moves_first() -> TestResult {
    let policy = load::<MysticVale>(MYSTIC_VALE_POLICY_V1)?;
    assert!(policy.is_policy());
    assert!(policy.outputs() <= MysticVale::NUM_DISTINCT_ACTIONS);
    let net = MysticVale::value_net().ok_or("no network")?;
    assert!(net.policy().is_some());
    let registry = Registry::standard();
    let spec: BotSpec = "ismcts:iters=20:pnet=1".parse().map_err(|e: sylvan_bots::SpecError| e.to_string())?;
    assert!(registry.get("mystic-vale").map_err(|e| e.to_string())?.bot(&spec, 1).is_ok());
    let equinox = registry.get("equinox").map_err(|e| e.to_string())?;
    assert_eq!(
        equinox.bot(&spec, 1).err().map(|e| e.to_string()).as_deref(),
        Some("bot `ismcts:iters=20:pnet=1` is not available for equinox")
    );
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let (mut scratch, mut priors, mut legal) = (NetScratch::default(), Vec::new(), Vec::new());
    let (mut decisions, mut agree, mut uniform) = (0u32, 0u32, 0.0f64);
    for seed in 0..6 {
        let mut state = MysticVale::new(&options, 100 + seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
            if legal.len() > 1 {
                assert!(net.priors(&state, seat, &legal, &mut scratch, &mut priors));
                assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-4);
                let top = (0..legal.len()).max_by(|&i, &j| priors[i].total_cmp(&priors[j])).ok_or("empty")?;
                decisions += 1;
                agree += u32::from(legal[top] == a);
                uniform += 1.0 / legal.len() as f64;
            }
            state.apply_unchecked(a, &mut NoEvents);
        }
    }
    let (agree, uniform) = (f64::from(agree) / f64::from(decisions), uniform / f64::from(decisions));
    assert!(agree > 0.5 && agree > 2.0 * uniform, "agreement {agree:.3}, uniform {uniform:.3}, {decisions} decisions");
    Ok(())
}

/// Plays the mover's turn from `state` to the next evaluation point where another seat moves, each move
/// the heuristic's except with probability `noise_pct` in 100 a random one (100: random throughout), or
/// the rollout policy's throughout (`noise_pct` = `None`); `None` if the game ends first.
fn sibling(mut state: MysticVale, rng: &mut GameRng, noise_pct: Option<usize>) -> Option<MysticVale> {
    let mover = state.to_move()?;
    let mut legal = Vec::new();
    while let Some(seat) = state.to_move() {
        if seat != mover && MysticVale::evaluate(&state).is_some() {
            return Some(state);
        }
        state.legal_actions(&mut legal);
        let a = match noise_pct {
            None => MysticVale::rollout_action(&state, &legal, rng),
            Some(p) if rng.index(100) < p => legal[rng.index(legal.len())],
            Some(_) => MysticVale::heuristic_action(&state.view(seat), &legal, rng),
        };
        state.apply_unchecked(a, &mut NoEvents);
    }
    None
}

/// The data runs' games: the deal of seed `deal` between the heuristic and, at seat `noisy`, the heuristic
/// with 15% random moves (drawn from `GameRng::new(rng_seed)`); `at` is called at every `every`-th turn
/// start (the seat to move changes at an evaluation point) with the state there and the turn start's
/// number.
fn turn_starts(
    options: &sylvan_mystic_vale::Options,
    deal: u64,
    rng_seed: u64,
    noisy: Seat,
    every: u64,
    mut at: impl FnMut(&MysticVale, u64) -> Result<(), String>,
) -> Result<(), String> {
    let mut state = MysticVale::new(options, deal).map_err(|e| e.to_string())?;
    let mut rng = GameRng::new(rng_seed);
    let mut legal = Vec::new();
    let (mut starts, mut prev) = (0u64, None);
    while let Some(seat) = state.to_move() {
        if prev != Some(seat) && MysticVale::evaluate(&state).is_some() {
            starts += 1;
            if starts % every == 0 {
                at(&state, starts)?;
            }
        }
        prev = Some(seat);
        state.legal_actions(&mut legal);
        let a = if seat == noisy && rng.index(100) < 15 {
            legal[rng.index(legal.len())]
        } else {
            MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng)
        };
        state.apply_unchecked(a, &mut NoEvents);
    }
    Ok(())
}

/// A data run's setting: the environment variable `k` read as a number, `d` when unset or unreadable.
fn diag_env(k: &str, d: u64) -> u64 {
    std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(d)
}

/// Seat `m`'s final margin over the other seat after a heuristic playout from a sample, drawn with `rng`,
/// of what the seat to move in `s` may see.
fn heuristic_margin(s: &MysticVale, m: usize, rng: &mut GameRng, legal: &mut Vec<Action>) -> Result<f64, String> {
    let to_move = s.to_move().ok_or("over")?;
    let mut p = MysticVale::determinize(&s.view(to_move), rng);
    while let Some(q) = p.to_move() {
        p.legal_actions(legal);
        let a = MysticVale::heuristic_action(&p.view(q), legal, rng);
        p.apply_unchecked(a, &mut NoEvents);
    }
    let sc = p.scores();
    Ok(sc[m] - sc[1 - m])
}

/// Two independent labels of `s` for seat `m`: each the mean of `playouts` heuristic margins
/// ([`heuristic_margin`]), playout `k` drawn from `GameRng::new(seed + k)` (label A the first `playouts`
/// seeds, label B the next), so that positions given the same `seed` share their random numbers.
fn two_labels(s: &MysticVale, m: usize, playouts: u64, seed: u64, legal: &mut Vec<Action>) -> Result<[f64; 2], String> {
    let mut labels = [0.0f64; 2];
    for k in 0..2 * playouts {
        let mut kr = GameRng::new(seed + k);
        labels[usize::from(k >= playouts)] += heuristic_margin(s, m, &mut kr, legal)?;
    }
    Ok(labels.map(|l| l / playouts as f64))
}

/// One of `expert`'s playouts: from a sample, drawn with `rng`, of what `view_of`'s seat to move may see,
/// the rollout policy for `depth` moves, then on to the next evaluation point, where `expert` cuts; `None`
/// if the game ends first.
fn expert_cut(view_of: &MysticVale, depth: u64, rng: &mut GameRng, legal: &mut Vec<Action>) -> Option<MysticVale> {
    let mut s = MysticVale::determinize(&view_of.view(view_of.to_move()?), rng);
    let mut moves = 0u64;
    loop {
        s.to_move()?;
        if moves >= depth && MysticVale::evaluate(&s).is_some() {
            return Some(s);
        }
        s.legal_actions(legal);
        let a = MysticVale::rollout_action(&s, legal, rng);
        s.apply_unchecked(a, &mut NoEvents);
        moves += 1;
    }
}

/// The game's evaluation per seat relative to the seat `to_move` (that seat first), padded to
/// [`MAX_SEATS`] with zeros.
fn relative_evaluation(game: &[f64], to_move: Seat) -> impl Iterator<Item = f32> + '_ {
    let n = game.len();
    (0..MAX_SEATS).map(move |r| if r < n { game[(to_move.index() + r) % n] as f32 } else { 0.0 })
}

/// A data run's file, created with its JSON header line.
fn file_with_header(path: &str, header: &Value) -> Result<std::fs::File, String> {
    use std::io::Write;
    let mut file = std::fs::File::create(path).map_err(|e| format!("{path}: {e}"))?;
    let mut line = serde_json::to_vec(header).map_err(|e| e.to_string())?;
    line.push(b'\n');
    file.write_all(&line).map_err(|e| format!("{path}: {e}"))?;
    Ok(file)
}

/// The observation tensor's length under `options` (read from the deal of `seed`).
fn tensor_width(options: &sylvan_mystic_vale::Options, seed: u64) -> Result<usize, String> {
    let probe = MysticVale::new(options, seed).map_err(|e| e.to_string())?;
    let mut features = Vec::new();
    sylvan_registry::learned::features::<MysticVale>(&probe.view(Seat(0)), &mut features);
    Ok(features.len())
}

/// Appends a game's rows to a data run's file, then empties `body`.
fn append_rows(file: &mut std::fs::File, body: &mut Vec<u8>) -> Result<(), String> {
    use std::io::Write;
    file.write_all(body).map_err(|e| e.to_string())?;
    file.flush().map_err(|e| e.to_string())?;
    body.clear();
    Ok(())
}

/// What the data runs record at a cut position `s`: the game's evaluation and the committed network's
/// estimate, per seat; and, from the view of its seat to move, the projection's parts and the observation
/// tensor (written into `parts` and `features`).
fn cut_point(
    net: &sylvan_bots::ValueNet<MysticVale>,
    s: &MysticVale,
    scratch: &mut NetScratch,
    parts: &mut Vec<f32>,
    features: &mut Vec<f32>,
) -> Result<(Vec<f64>, [f64; MAX_SEATS]), String> {
    let to_move = s.to_move().ok_or("over")?;
    let game = MysticVale::evaluate(s).ok_or("no evaluation")?;
    let mut committed = [0.0; MAX_SEATS];
    if !net.evaluate(s, to_move, scratch, &mut committed) {
        return Err("the network did not evaluate".into());
    }
    let view = s.view(to_move);
    if !sylvan_registry::learned::mystic_vale_parts(&view, parts) {
        return Err("no projection at a cut point".into());
    }
    sylvan_registry::learned::features::<MysticVale>(&view, features);
    Ok((game, committed))
}

/// A diagnostic for `docs/measurements/` (run by hand): does an evaluator rank the results of one turn's
/// choices (the siblings a search compares) as play to the end does? At every second turn start of
/// `SYLVAN_DIAG_GAMES` games (60 by default, deals from seed 20,000: not the training data's) between the
/// heuristic and the heuristic with 15% random moves, the mover's turn is played six ways (the heuristic,
/// with 15%, 30% and 60% random moves, random, the rollout policy) to the next turn start; each result is
/// labelled by the mover's mean final margin over 4 heuristic playouts, each from a sample of what the
/// seat to move there may see. For every pair of siblings whose labels differ by more than 1 (and 4) VP,
/// each evaluator (the game's evaluation, the committed network, the weights files listed in
/// `SYLVAN_DIAG_NETS`, comma-separated, and each network's mean with the game's evaluation) is asked
/// which is the better for the mover; so is a second label from 4 other playouts (how far the labels'
/// noise lets any evaluator agree with them).
///
/// ```text
/// SYLVAN_DIAG_NETS=target/learned/a.bin cargo test --release -p sylvan-registry --test registry -- \
///   --ignored --nocapture rank_siblings
/// ```
#[test]
#[ignore = "a diagnostic printout, run by hand"]
fn rank_siblings() -> TestResult {
    let mut nets: Vec<(String, sylvan_bots::ValueNet<MysticVale>)> =
        vec![("committed eval-v1.bin".to_owned(), MysticVale::value_net().ok_or("no network")?)];
    for path in std::env::var("SYLVAN_DIAG_NETS").unwrap_or_default().split(',').filter(|p| !p.is_empty()) {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let mlp: &'static sylvan_bots::Mlp = Box::leak(Box::new(load::<MysticVale>(&bytes)?));
        nets.push((
            path.to_owned(),
            sylvan_bots::ValueNet::new(mlp, sylvan_registry::learned::features::<MysticVale>)
                .with_base(<MysticVale as Heuristic>::evaluate),
        ));
    }
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let games: u64 = std::env::var("SYLVAN_DIAG_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(60);
    let conts = [Some(0), Some(15), Some(30), Some(60), Some(100), None];
    // `SYLVAN_DIAG_CRN=1`: the siblings of one turn start are labelled with the same playout seeds
    // (common random numbers: their labels' differences then vary less); by default each its own.
    let crn = u64::from(std::env::var("SYLVAN_DIAG_CRN").is_ok_and(|v| v == "1")) ^ 1;
    let mut scratch = NetScratch::default();
    // [threshold][evaluator]: (concordant pairs, ties, pairs).
    // The game's evaluation, each network, and each network's blend with the game's (`net=0.5`).
    // Last, 4 other playouts' mean margin.
    let evaluators = 2 * nets.len() + 2;
    let mut tally = vec![vec![(0u32, 0u32, 0u32); evaluators]; 2];
    let mut groups = 0u32;
    for seed in 0..games {
        let mut state = MysticVale::new(&options, 20_000 + seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        let noisy = Seat((seed % 2) as u8);
        let mut starts = 0u32;
        let mut prev = None;
        while let Some(seat) = state.to_move() {
            if prev != Some(seat) && MysticVale::evaluate(&state).is_some() {
                starts += 1;
                if starts % 2 == 0 {
                    let m = seat.index();
                    // Per sibling: the label, then each evaluator's value for the mover.
                    let mut rows: Vec<(f64, Vec<f64>)> = Vec::new();
                    for (ci, &c) in conts.iter().enumerate() {
                        let mut r = GameRng::new(seed * 1_000_003 + u64::from(starts) * 16 + ci as u64);
                        let Some(s) = sibling(state.clone(), &mut r, c) else { continue };
                        let to_move = s.to_move().ok_or("over")?;
                        // The label, and 4 independent playouts more: how well the label itself agrees
                        // with another label of the same kind (the ceiling of any evaluator).
                        let (mut margin, mut again) = (0.0, 0.0);
                        for k in 0..8u64 {
                            let mut kr = GameRng::new(seed * 7_919 + u64::from(starts) * 97 + crn * ci as u64 * 11 + k);
                            let mut p = MysticVale::determinize(&s.view(to_move), &mut kr);
                            while let Some(q) = p.to_move() {
                                p.legal_actions(&mut legal);
                                let a = MysticVale::heuristic_action(&p.view(q), &legal, &mut kr);
                                p.apply_unchecked(a, &mut NoEvents);
                            }
                            let sc = p.scores();
                            if k < 4 {
                                margin += sc[m] - sc[1 - m];
                            } else {
                                again += sc[m] - sc[1 - m];
                            }
                        }
                        let game = MysticVale::evaluate(&s).ok_or("no evaluation")?[m];
                        let mut values = vec![game];
                        let mut blends = Vec::new();
                        for (_, net) in &nets {
                            let mut out = [0.0; MAX_SEATS];
                            if !net.evaluate(&s, to_move, &mut scratch, &mut out) {
                                return Err("the network did not evaluate".into());
                            }
                            values.push(out[m]);
                            blends.push(0.5 * out[m] + 0.5 * game);
                        }
                        values.extend(blends);
                        values.push(again);
                        rows.push((margin / 4.0, values));
                    }
                    groups += 1;
                    for i in 0..rows.len() {
                        for j in 0..rows.len() {
                            let d = rows[i].0 - rows[j].0;
                            for (t, min) in [1.0, 4.0].into_iter().enumerate() {
                                if d > min {
                                    for (e, tl) in tally[t].iter_mut().enumerate() {
                                        let (x, y) = (rows[i].1[e], rows[j].1[e]);
                                        tl.2 += 1;
                                        if x > y {
                                            tl.0 += 1;
                                        } else if x == y {
                                            tl.1 += 1;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            prev = Some(seat);
            state.legal_actions(&mut legal);
            let a = if seat == noisy && rng.index(100) < 15 {
                legal[rng.index(legal.len())]
            } else {
                MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng)
            };
            state.apply_unchecked(a, &mut NoEvents);
        }
    }
    println!("{groups} turn starts branched, {games} games");
    println!(
        "| evaluator | pairs (labels > 1 VP apart) | ordered as the labels (ties half) | pairs (> 4 VP apart) | ordered as the labels |"
    );
    println!("|---|---:|---:|---:|---:|");
    let names: Vec<String> = std::iter::once("game's evaluation".to_owned())
        .chain(nets.iter().map(|(n, _)| n.clone()))
        .chain(nets.iter().map(|(n, _)| format!("{n}, half and half with the game's (`net=0.5`)")))
        .chain(std::iter::once("4 other playouts (the labels' own noise)".to_owned()))
        .collect();
    for (e, name) in names.iter().enumerate() {
        let share = |(c, t, n): (u32, u32, u32)| 100.0 * (f64::from(c) + 0.5 * f64::from(t)) / f64::from(n.max(1));
        println!(
            "| {name} | {} | {:.1}% | {} | {:.1}% |",
            tally[0][e].2,
            share(tally[0][e]),
            tally[1][e].2,
            share(tally[1][e])
        );
    }
    assert!(groups > 0);
    Ok(())
}

/// The cheap test of Mystic Vale's evaluation points, which playouts judged by the network alone stop
/// at, agrees with the game's own evaluation being there, move after move of a few games.
#[test]
fn the_evaluation_point_test_agrees_with_the_games_evaluation() -> TestResult {
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let net = MysticVale::value_net().ok_or("no network")?;
    let point = net.evaluation_point().ok_or("no evaluation point test")?;
    let (mut points, mut others) = (0u32, 0u32);
    for seed in 0..4 {
        let mut state = MysticVale::new(&options, 300 + seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        while let Some(seat) = state.to_move() {
            let here = MysticVale::evaluate(&state).is_some();
            assert_eq!(point(&state), here, "move {}", state.move_number());
            if here {
                points += 1
            } else {
                others += 1
            }
            state.legal_actions(&mut legal);
            let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
            state.apply_unchecked(a, &mut NoEvents);
        }
    }
    assert!(points > 0 && others > 0, "{points} points, {others} other positions");
    Ok(())
}

/// Data for a correction to the game's evaluation (run by hand; `docs/learned-evaluation.md`, "A
/// correction with labels of little noise"): at every second turn start of `SYLVAN_DIAG_GAMES` games
/// (deals from seed `SYLVAN_DIAG_SEED`, 40,000 by default) between the heuristic and the heuristic with
/// 15% random moves, the mover's turn is played the six ways of [`rank_siblings`] to the next turn start,
/// and each sibling gets two independent labels, each the mover's mean final margin over
/// `SYLVAN_DIAG_PLAYOUTS` (16) heuristic playouts from samples of what the seat to move there may see,
/// with common random numbers: every sibling of a turn start is labelled with the same playout seeds.
/// Written to `SYLVAN_DIAG_OUT` (every 10 games, so a run can be stopped): one JSON line (the game's
/// options, the command's settings, the record's fields), then per sibling `4 + MAX_SEATS + 1 + n`
/// little-endian `f32`: the group (turn start), the continuation, the mover relative to the seat to
/// move, label A, label B, the game's evaluation (`Heuristic::evaluate`) per seat relative to the seat to
/// move, the committed network's estimate for the mover, and the seat to move's observation tensor.
#[test]
#[ignore = "a data run, by hand"]
fn sibling_labels() -> TestResult {
    let net = MysticVale::value_net().ok_or("no network")?;
    let games = diag_env("SYLVAN_DIAG_GAMES", 60);
    let base = diag_env("SYLVAN_DIAG_SEED", 40_000);
    let playouts = diag_env("SYLVAN_DIAG_PLAYOUTS", 16);
    let out_path = std::env::var("SYLVAN_DIAG_OUT").map_err(|_| "SYLVAN_DIAG_OUT names the output file")?;
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let conts = [Some(0), Some(15), Some(30), Some(60), Some(100), None];
    let mut scratch = NetScratch::default();
    let (mut features, mut legal) = (Vec::new(), Vec::new());
    let mut body: Vec<u8> = Vec::new();
    let (mut groups, mut siblings, mut width) = (0u32, 0u32, 0usize);
    let started = std::time::Instant::now();
    let write = |body: &[u8], done: u64, groups: u32, siblings: u32, width: usize| -> Result<(), String> {
        let header = serde_json::json!({
            "format": "sylvan-sibling-labels", "version": 1, "game": "mystic-vale",
            "options": serde_json::to_value(&options).map_err(|e| e.to_string())?,
            "games": done, "seed": base, "playouts": playouts, "common_seeds": true,
            "continuations": "heuristic; 15%, 30%, 60% random moves; random; the rollout policy",
            "groups": groups, "siblings": siblings, "obs": width, "seats": MAX_SEATS,
            "fields": ["group", "cont", "mover", "label_a", "label_b", "game[seats]", "committed", "obs[obs]"],
        });
        let mut bytes = serde_json::to_vec(&header).map_err(|e| e.to_string())?;
        bytes.push(b'\n');
        bytes.extend_from_slice(body);
        let tmp = format!("{out_path}.part");
        std::fs::write(&tmp, &bytes).map_err(|e| format!("{tmp}: {e}"))?;
        std::fs::rename(&tmp, &out_path).map_err(|e| format!("{out_path}: {e}"))
    };
    for g in 0..games {
        let seed = base + g;
        turn_starts(&options, seed, seed, Seat((g % 2) as u8), 2, |state, starts| {
            let m = state.to_move().ok_or("over")?.index();
            for (ci, &c) in conts.iter().enumerate() {
                let mut r = GameRng::new(seed * 1_000_003 + starts * 16 + ci as u64);
                let Some(s) = sibling(state.clone(), &mut r, c) else { continue };
                let to_move = s.to_move().ok_or("over")?;
                // The same seeds for every sibling of this turn start.
                let labels = two_labels(&s, m, playouts, seed * 7_919 + starts * 1_009, &mut legal)?;
                let game = MysticVale::evaluate(&s).ok_or("no evaluation")?;
                let mut committed = [0.0; MAX_SEATS];
                if !net.evaluate(&s, to_move, &mut scratch, &mut committed) {
                    return Err("the network did not evaluate".into());
                }
                sylvan_registry::learned::features::<MysticVale>(&s.view(to_move), &mut features);
                width = features.len();
                let n = game.len();
                let mut row = vec![
                    groups as f32,
                    ci as f32,
                    ((m + n - to_move.index()) % n) as f32,
                    labels[0] as f32,
                    labels[1] as f32,
                ];
                row.extend(relative_evaluation(&game, to_move));
                row.push(committed[m] as f32);
                row.extend_from_slice(&features);
                body.extend(row.iter().flat_map(|x| x.to_le_bytes()));
                siblings += 1;
            }
            groups += 1;
            Ok(())
        })?;
        if (g + 1) % 10 == 0 || g + 1 == games {
            write(&body, g + 1, groups, siblings, width)?;
            println!("{} games, {groups} groups, {siblings} siblings, {:.0} s", g + 1, started.elapsed().as_secs_f64());
        }
    }
    assert!(groups > 0);
    Ok(())
}

/// The parts of Mystic Vale's projection read from a seat's view add up to the game's projection of
/// every seat (`projected_scores`, what its evaluation squashes), at every turn start of a few games, and
/// are written only at evaluation points.
#[test]
fn the_projections_parts_from_a_view_add_up_to_the_projection() -> TestResult {
    use sylvan_mystic_vale::heuristic::projected_scores;
    use sylvan_registry::learned::{MYSTIC_VALE_PARTS, mystic_vale_parts};
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let (mut points, mut others, mut out) = (0u32, 0u32, Vec::new());
    for seed in 0..4 {
        let mut state = MysticVale::new(&options, 500 + seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        while let Some(seat) = state.to_move() {
            let wrote = mystic_vale_parts(&state.view(seat), &mut out);
            match projected_scores(&state) {
                Some(scores) => {
                    points += 1;
                    assert!(wrote && out.len() == MYSTIC_VALE_PARTS);
                    for (r, _) in scores.iter().enumerate() {
                        let s = scores[(seat.index() + r) % scores.len()];
                        let sum: f32 = out[4 * r..4 * r + 4].iter().sum();
                        assert!((f64::from(sum) - s).abs() < 1e-3 * (1.0 + s.abs()), "seat +{r}: {sum} against {s}");
                    }
                    assert!(out[8..16].iter().all(|&x| x == 0.0));
                    assert_eq!(out[18], f32::from(state.view(seat).pool));
                }
                None => {
                    others += 1;
                    assert!(!wrote && out.is_empty());
                }
            }
            state.legal_actions(&mut legal);
            let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
            state.apply_unchecked(a, &mut NoEvents);
        }
    }
    assert!(points > 10 && others > 0, "{points} points, {others} other positions");
    Ok(())
}

/// Data for a correction where `expert` uses the evaluation (run by hand; `docs/learned-evaluation.md`,
/// "Labels at expert's cut points"): at every `SYLVAN_DIAG_EVERY`-th (2) turn start of
/// `SYLVAN_DIAG_GAMES` games (deals from seed `SYLVAN_DIAG_SEED`, 50,000 by default) between the
/// heuristic and the heuristic with 15% random moves, `SYLVAN_DIAG_SIBLINGS` (6) playouts as `expert`
/// plays them: each from its own sample of the mover's view, the rollout policy for
/// `SYLVAN_DIAG_DEPTH` (80) moves, then to the next evaluation point, its cut point. Each cut position
/// (a sibling; those of games that end first are skipped, as the search needs no evaluation there) gets
/// two independent labels, each the turn start's mover's mean final margin over `SYLVAN_DIAG_PLAYOUTS`
/// (32) heuristic playouts from samples of what the seat to move there may see, with common random
/// numbers (every sibling of a turn start is labelled with the same playout seeds). Written to
/// `SYLVAN_DIAG_OUT` as it goes (a header line first, then each game's rows), so a stopped run is usable:
/// one JSON line (the game's options, the settings, the record's fields), then per sibling
/// `5 + MAX_SEATS + 1 + parts + obs` little-endian `f32`: the group (turn start), the sibling, the mover
/// relative to the seat to move, label A, label B, the game's evaluation per seat relative to the seat to
/// move, the committed network's estimate for the mover, the projection's parts from the seat to move's
/// view (`mystic_vale_parts`), and its observation tensor.
#[test]
#[ignore = "a data run, by hand"]
fn cut_labels() -> TestResult {
    use sylvan_registry::learned::MYSTIC_VALE_PARTS;
    let net = MysticVale::value_net().ok_or("no network")?;
    let games = diag_env("SYLVAN_DIAG_GAMES", 60);
    let base = diag_env("SYLVAN_DIAG_SEED", 50_000);
    let playouts = diag_env("SYLVAN_DIAG_PLAYOUTS", 32);
    let siblings_per = diag_env("SYLVAN_DIAG_SIBLINGS", 6);
    let depth = diag_env("SYLVAN_DIAG_DEPTH", 80);
    let every = diag_env("SYLVAN_DIAG_EVERY", 2).max(1);
    let out_path = std::env::var("SYLVAN_DIAG_OUT").map_err(|_| "SYLVAN_DIAG_OUT names the output file")?;
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let width = tensor_width(&options, base)?;
    let header = serde_json::json!({
        "format": "sylvan-cut-labels", "version": 1, "game": "mystic-vale",
        "options": serde_json::to_value(&options).map_err(|e| e.to_string())?,
        "games": games, "seed": base, "playouts": playouts, "common_seeds": true, "siblings": siblings_per,
        "depth": depth, "every": every, "lineup": "heuristic, heuristic with 15% random moves (seats rotated)",
        "cut": "a sample of the mover's view, the rollout policy for `depth` moves, then to the next evaluation point",
        "seats": MAX_SEATS, "parts": MYSTIC_VALE_PARTS, "obs": width,
        "fields": ["group", "sibling", "mover", "label_a", "label_b", "game[seats]", "committed", "parts[parts]", "obs[obs]"],
    });
    let mut file = file_with_header(&out_path, &header)?;
    let mut scratch = NetScratch::default();
    let (mut parts, mut features, mut legal, mut body) = (Vec::new(), Vec::new(), Vec::new(), Vec::<u8>::new());
    let (mut groups, mut siblings) = (0u32, 0u32);
    let started = std::time::Instant::now();
    for g in 0..games {
        let seed = base + g;
        turn_starts(&options, seed, seed, Seat((g % 2) as u8), every, |state, starts| {
            let m = state.to_move().ok_or("over")?.index();
            let mut any = false;
            for k in 0..siblings_per {
                // One of expert's playouts: a sample of the mover's view, the rollout policy.
                let mut r = GameRng::new(seed * 1_000_003 + starts * 64 + k);
                let Some(s) = expert_cut(state, depth, &mut r, &mut legal) else { continue };
                let to_move = s.to_move().ok_or("over")?;
                // The same seeds for every sibling of this turn start.
                let labels = two_labels(&s, m, playouts, seed * 7_919 + starts * 1_009, &mut legal)?;
                let (game, committed) = cut_point(&net, &s, &mut scratch, &mut parts, &mut features)?;
                if features.len() != width {
                    return Err("the observation tensor changed its length".into());
                }
                let n = game.len();
                let mut row = vec![
                    groups as f32,
                    k as f32,
                    ((m + n - to_move.index()) % n) as f32,
                    labels[0] as f32,
                    labels[1] as f32,
                ];
                row.extend(relative_evaluation(&game, to_move));
                row.push(committed[m] as f32);
                row.extend_from_slice(&parts);
                row.extend_from_slice(&features);
                body.extend(row.iter().flat_map(|x| x.to_le_bytes()));
                siblings += 1;
                any = true;
            }
            groups += u32::from(any);
            Ok(())
        })?;
        append_rows(&mut file, &mut body)?;
        println!("{} games, {groups} groups, {siblings} siblings, {:.0} s", g + 1, started.elapsed().as_secs_f64());
    }
    assert!(groups > 0);
    Ok(())
}

/// A residual network may read the projection's parts instead of the observation tensor
/// (`"inputs": "parts"`): such a file loads only with the parts' length and no section table, and one
/// whose last layer is zero is exactly the game's evaluation.
#[test]
fn a_network_on_the_projections_parts_loads_and_corrects_the_evaluation() -> TestResult {
    use sylvan_registry::learned::{MYSTIC_VALE_PARTS, load_with, mystic_vale_inputs, parts_features};
    let file = |input: usize, sections: Value, inputs: &str| -> Result<Vec<u8>, String> {
        let header = serde_json::json!({
            "format": "sylvan-value-mlp", "version": 1, "game": "mystic-vale",
            "options": MysticVale::options_for_players(2).map_err(|e| e.to_string())?,
            "input": input, "outputs": 4, "layers": [[input + 4, 8], [8, 4]], "activation": "relu",
            "sections": sections, "data": {}, "train": {},
            "residual": {"base": "evaluate", "extras": 4, "inputs": inputs},
        });
        let mut out = serde_json::to_vec(&header).map_err(|e| e.to_string())?;
        out.push(b'\n');
        // A first layer of ones, a last layer of zeros.
        let weights = (input + 4) * 8 + 8;
        out.extend(
            std::iter::repeat_n(1.0f32, weights)
                .chain(std::iter::repeat_n(0.0f32, 8 * 4 + 4))
                .flat_map(f32::to_le_bytes),
        );
        Ok(out)
    };
    let good = file(MYSTIC_VALE_PARTS, serde_json::json!([]), "parts")?;
    let err =
        load_with::<MysticVale>(&file(MYSTIC_VALE_PARTS + 1, serde_json::json!([]), "parts")?, mystic_vale_inputs)
            .err()
            .unwrap_or_default();
    assert!(err.contains("20 inputs named `parts`, the game writes 19"), "{err}");
    let err = load::<MysticVale>(&good).err().unwrap_or_default();
    assert!(err.contains("has no features named `parts`"), "{err}");
    // `both`: the parts, then the observation tensor with its section table.
    let end = MYSTIC_VALE_V1.iter().position(|&b| b == b'\n').ok_or("no header line")?;
    let v1: Value = serde_json::from_slice(&MYSTIC_VALE_V1[..end]).map_err(|e| e.to_string())?;
    let tensor = v1["input"].as_u64().ok_or("no input size")? as usize;
    let both = file(MYSTIC_VALE_PARTS + tensor, v1["sections"].clone(), "both")?;
    assert!(load_with::<MysticVale>(&both, mystic_vale_inputs).is_ok());
    let short = file(MYSTIC_VALE_PARTS + tensor - 1, v1["sections"].clone(), "both")?;
    let err = load_with::<MysticVale>(&short, mystic_vale_inputs).err().unwrap_or_default();
    assert!(err.contains("named and the observation tensor's"), "{err}");
    let mlp: &'static sylvan_bots::Mlp = Box::leak(Box::new(load_with::<MysticVale>(&good, mystic_vale_inputs)?));
    let net = sylvan_bots::ValueNet::new(mlp, parts_features).with_base(<MysticVale as Heuristic>::evaluate);
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let mut state = MysticVale::new(&options, 7).map_err(|e| e.to_string())?;
    let (mut rng, mut legal, mut scratch, mut checked) = (GameRng::new(7), Vec::new(), NetScratch::default(), 0);
    while let Some(seat) = state.to_move() {
        if let Some(game) = MysticVale::evaluate(&state) {
            let mut out = [0.0; MAX_SEATS];
            assert!(net.evaluate(&state, seat, &mut scratch, &mut out));
            assert!((out[0] - game[0]).abs() < 1e-5 && (out[1] - game[1]).abs() < 1e-5, "{out:?} {game:?}");
            checked += 1;
        }
        state.legal_actions(&mut legal);
        let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
        state.apply_unchecked(a, &mut NoEvents);
    }
    assert!(checked > 10);
    Ok(())
}

/// Data for judging evaluators at what chooses `expert`'s moves (run by hand; the notebook
/// `docs/measurements/2026-11-30-learned-evaluation-3.md`): at every `SYLVAN_DIAG_EVERY`-th (3) turn
/// start of `SYLVAN_DIAG_GAMES` games (deals from `SYLVAN_DIAG_SEED`, 60,000) between the heuristic and
/// the heuristic with 15% random moves, the mover's turn is played the six ways of [`rank_siblings`]
/// (the branches), and from each branch `SYLVAN_DIAG_PLAYOUTS` (32) of `expert`'s playouts (a sample of
/// the next mover's view, the rollout policy for `SYLVAN_DIAG_DEPTH` (80) moves, then to the next
/// evaluation point; the same seeds for every branch), each cut position followed by one heuristic
/// playout to the end (from a sample of its seat to move's view). Playouts whose game ends before the
/// cut are skipped. Written to `SYLVAN_DIAG_OUT` as it goes: a JSON line, then per cut position
/// `6 + MAX_SEATS + parts + obs` little-endian `f32`: the group, the branch, the playout, the mover
/// relative to the seat to move, the mover's final margin after the heuristic playout, the committed
/// network's estimate for the mover, the game's evaluation per relative seat, the parts and the tensor
/// (left out with `SYLVAN_DIAG_TENSOR=0`: the header's `obs` is then 0).
#[test]
#[ignore = "a data run, by hand"]
fn branch_cut_labels() -> TestResult {
    use sylvan_registry::learned::MYSTIC_VALE_PARTS;
    let net = MysticVale::value_net().ok_or("no network")?;
    let games = diag_env("SYLVAN_DIAG_GAMES", 60);
    let base = diag_env("SYLVAN_DIAG_SEED", 60_000);
    let playouts = diag_env("SYLVAN_DIAG_PLAYOUTS", 32);
    let depth = diag_env("SYLVAN_DIAG_DEPTH", 80);
    let every = diag_env("SYLVAN_DIAG_EVERY", 3).max(1);
    let out_path = std::env::var("SYLVAN_DIAG_OUT").map_err(|_| "SYLVAN_DIAG_OUT names the output file")?;
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let conts = [Some(0), Some(15), Some(30), Some(60), Some(100), None];
    // `SYLVAN_DIAG_TENSOR=0`: without the observation tensor (the parts need none; 50 times smaller).
    let tensor = diag_env("SYLVAN_DIAG_TENSOR", 1) != 0;
    let width = if tensor { tensor_width(&options, base)? } else { 0 };
    let header = serde_json::json!({
        "format": "sylvan-branch-cut-labels", "version": 1, "game": "mystic-vale",
        "options": serde_json::to_value(&options).map_err(|e| e.to_string())?,
        "games": games, "seed": base, "playouts": playouts, "depth": depth, "every": every,
        "branches": "heuristic; 15%, 30%, 60% random moves; random; the rollout policy",
        "seats": MAX_SEATS, "parts": MYSTIC_VALE_PARTS, "obs": width,
        "fields": ["group", "branch", "playout", "mover", "margin", "committed", "game[seats]", "parts[parts]", "obs[obs]"],
    });
    let mut file = file_with_header(&out_path, &header)?;
    let mut scratch = NetScratch::default();
    let (mut parts, mut features, mut legal, mut body) = (Vec::new(), Vec::new(), Vec::new(), Vec::<u8>::new());
    let (mut groups, mut cuts) = (0u32, 0u32);
    let started = std::time::Instant::now();
    for g in 0..games {
        let seed = base + g;
        turn_starts(&options, seed, seed, Seat((g % 2) as u8), every, |state, starts| {
            let m = state.to_move().ok_or("over")?.index();
            for (bi, &c) in conts.iter().enumerate() {
                let mut r = GameRng::new(seed * 1_000_003 + starts * 16 + bi as u64);
                let Some(branch) = sibling(state.clone(), &mut r, c) else { continue };
                for k in 0..playouts {
                    // The same seeds for every branch of this turn start.
                    let mut kr = GameRng::new(seed * 7_919 + starts * 1_009 + k);
                    let Some(s) = expert_cut(&branch, depth, &mut kr, &mut legal) else { continue };
                    let to_move = s.to_move().ok_or("over")?;
                    let margin = heuristic_margin(&s, m, &mut kr, &mut legal)?;
                    let (game, committed) = cut_point(&net, &s, &mut scratch, &mut parts, &mut features)?;
                    let n = game.len();
                    let mut row = vec![
                        groups as f32,
                        bi as f32,
                        k as f32,
                        ((m + n - to_move.index()) % n) as f32,
                        margin as f32,
                        committed[m] as f32,
                    ];
                    row.extend(relative_evaluation(&game, to_move));
                    row.extend_from_slice(&parts);
                    if tensor {
                        row.extend_from_slice(&features);
                    }
                    body.extend(row.iter().flat_map(|x| x.to_le_bytes()));
                    cuts += 1;
                }
            }
            groups += 1;
            Ok(())
        })?;
        append_rows(&mut file, &mut body)?;
        println!("{} games, {groups} groups, {cuts} cut positions, {:.0} s", g + 1, started.elapsed().as_secs_f64());
    }
    assert!(groups > 0);
    Ok(())
}
