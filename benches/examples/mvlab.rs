//! Mystic Vale search experiments (not a benchmark), knobs from the environment so that one build tries
//! many variants (`cargo build --release -p sylvan-benches --example mvlab`):
//!
//! - default mode: ISMCTS variants against the heuristic, each deal played twice with the seats swapped;
//!   prints the running win rate, then one line with the Wilson 95% interval. `MVLAB_N` deals,
//!   `MVLAB_SEED`, `MVLAB_SETS` (`base`, `base,magic,wild`), `MVLAB_SPEC` (ISMCTS parameters, e.g.
//!   `iters=1000:depth=80:playout=rollout`), `MVLAB_EVAL` (`game` = the game's evaluation; `lead:K` =
//!   projected lead squashed with scale K; `mix:W:K` = the projection's future part weighted W;
//!   `stage:LO:HI` = scale from HI at the start to LO when the pool is empty; `field:W:LO:HI` = that,
//!   plus each field valued as the harvest it brings, times W), `MVLAB_SELECT` (`visits`; `mean:P` =
//!   the best mean among actions with at least P% of the top visits; `guard:D` = the heuristic's move
//!   unless the search's choice has a mean D higher);
//! - `MVLAB_MODE=calib`: heuristic games, one CSV line per position sampled (game, pool share left,
//!   score difference, projected-future difference, seat 0's result), to fit the evaluation's scale;
//! - `MVLAB_MODE=diag`: heuristic games in which the search is asked at every seat-0 decision; prints
//!   where it disagrees, with both moves' visits and means, and a tally per phase.

use std::sync::OnceLock;

use sylvan_bots::{Bot, BotSpec, HeuristicBot, SearchBot, SearchKind, play_game};
use sylvan_engine::{Game, Heuristic, NoEvents};
use sylvan_mystic_vale::{Action, MysticVale, View};

fn env(k: &str, d: &str) -> String {
    std::env::var(k).unwrap_or_else(|_| d.to_owned())
}

static LEAD: OnceLock<f64> = OnceLock::new();
static FUTURE: OnceLock<f64> = OnceLock::new();
static POOL0: OnceLock<f64> = OnceLock::new();
static KS: OnceLock<(f64, f64)> = OnceLock::new();

static FIELD_W: OnceLock<f64> = OnceLock::new();

/// [`eval_stage`] with each seat's field valued as the harvest it is about to bring (mana 0.3, spirits
/// 0.6, wild 0.8, VP 1), times `FIELD_W`.
fn eval_field(g: &MysticVale) -> Option<Vec<f64>> {
    let (lo, hi) = *KS.get().unwrap_or(&(18.0, 42.0));
    let share = f64::from(g.pool) / POOL0.get().copied().unwrap_or(23.0);
    let k = lo + (hi - lo) * share.clamp(0.0, 1.0);
    let fw = *FIELD_W.get().unwrap_or(&1.0);
    let mut s = sylvan_mystic_vale::heuristic::projected_scores(g)?;
    if !g.ending {
        for (i, p) in g.players.iter().enumerate() {
            let mut v = 0.0;
            for &c in p.field.iter() {
                let st = &p.stats[c as usize];
                v += 0.3 * f64::from(st.mana)
                    + 0.6 * f64::from(st.spirits[0] + st.spirits[1] + st.spirits[2])
                    + 0.8 * f64::from(st.spirits[3])
                    + f64::from(st.vp);
            }
            s[i] += fw * v;
        }
    }
    Some(sylvan_engine::lead_values(&s, k))
}

/// The projected lead squashed with a scale that shrinks as the pool drains: `K = lo + (hi - lo) · share`.
fn eval_stage(g: &MysticVale) -> Option<Vec<f64>> {
    let (lo, hi) = *KS.get().unwrap_or(&(18.0, 42.0));
    let share = f64::from(g.pool) / POOL0.get().copied().unwrap_or(23.0);
    let k = lo + (hi - lo) * share.clamp(0.0, 1.0);
    sylvan_mystic_vale::heuristic::projected_scores(g).map(|s| sylvan_engine::lead_values(&s, k))
}

/// The projection with its future part (projection minus score) weighted by `FUTURE`.
fn eval_mix(g: &MysticVale) -> Option<Vec<f64>> {
    let k = *LEAD.get().unwrap_or(&10.0);
    let w = *FUTURE.get().unwrap_or(&1.0);
    let p = sylvan_mystic_vale::heuristic::projected_scores(g)?;
    let s: Vec<f64> =
        p.iter().enumerate().map(|(i, &x)| f64::from(g.score(i)) + w * (x - f64::from(g.score(i)))).collect();
    Some(sylvan_engine::lead_values(&s, k))
}

fn eval_lead(g: &MysticVale) -> Option<Vec<f64>> {
    let k = *LEAD.get().unwrap_or(&10.0);
    sylvan_mystic_vale::heuristic::projected_scores(g).map(|s| sylvan_engine::lead_values(&s, k))
}

/// A search bot whose final choice follows `select`.
struct Lab {
    inner: SearchBot<MysticVale>,
    mean_share: Option<f64>,
    /// Play the heuristic's move unless the search's choice has a mean this much higher.
    guard: Option<f64>,
    rng: sylvan_engine::GameRng,
}

impl Bot<MysticVale> for Lab {
    fn name(&self) -> String {
        "lab".into()
    }

    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let scores = self.inner.analyse(view, legal);
        let top = scores.iter().map(|s| s.0).max().unwrap_or(0);
        let mut best = 0;
        for i in 1..scores.len() {
            let better = match self.mean_share {
                None => (scores[i].0, scores[i].1) > (scores[best].0, scores[best].1),
                Some(share) => {
                    let ok = |j: usize| scores[j].0 as f64 >= share * top as f64;
                    ok(i) && (!ok(best) || scores[i].1 > scores[best].1)
                }
            };
            if better {
                best = i;
            }
        }
        if let Some(d) = self.guard {
            let h = MysticVale::heuristic_action(view, legal, &mut self.rng);
            if let Ok(hi) = legal.binary_search(&h)
                && hi != best
                && !(scores[hi].0 > 0 && scores[best].1 > scores[hi].1 + d)
            {
                return h;
            }
        }
        legal[best]
    }
}

/// Heuristic-against-heuristic games; every 10 moves at a Planting point, one line per game state:
/// game, pool share left, score difference and projected-future difference (seat 0 minus seat 1), and
/// seat 0's result.
fn calib(n: u64, seed: u64, sets: &str) {
    let options = sylvan_mystic_vale::Options { players: 2, sets: sets.to_owned(), ..Default::default() };
    let mut legal = Vec::new();
    for deal in 0..n {
        let Ok(mut g) = MysticVale::new(&options, seed.wrapping_mul(1000).wrapping_add(deal)) else { panic!("deal") };
        let pool0 = f64::from(g.pool.max(1));
        let mut rng = sylvan_engine::GameRng::new(deal ^ 77);
        let mut rows = Vec::new();
        let mut last = 0u32;
        while let Some(seat) = g.to_move() {
            if g.moves >= last + 10
                && let Some(p) = sylvan_mystic_vale::heuristic::projected_scores(&g)
            {
                last = g.moves;
                let s0 = f64::from(g.score(0));
                let s1 = f64::from(g.score(1));
                rows.push((f64::from(g.pool) / pool0, s0 - s1, (p[0] - s0) - (p[1] - s1)));
            }
            g.legal_actions(&mut legal);
            let a = MysticVale::heuristic_action(&g.view(seat), &legal, &mut rng);
            g.apply_unchecked(a, &mut NoEvents);
        }
        let r = g.returns();
        for (stage, ds, df) in rows {
            println!("{deal},{stage:.3},{ds},{df:.3},{}", r[0]);
        }
    }
}

/// Heuristic games in which a search bot is asked at every seat-0 decision: prints each decision where
/// the search would play differently, with both moves' visits and means.
fn diag(n: u64, seed: u64, sets: &str, cfg: sylvan_bots::SearchConfig, evaluator: fn(&MysticVale) -> Option<Vec<f64>>) {
    let options = sylvan_mystic_vale::Options { players: 2, sets: sets.to_owned(), ..Default::default() };
    let mut legal = Vec::new();
    let mut tally: std::collections::BTreeMap<String, (u32, u32)> = Default::default();
    for deal in 0..n {
        let Ok(mut g) = MysticVale::new(&options, seed.wrapping_mul(1000).wrapping_add(deal)) else { panic!("deal") };
        let mut rng = sylvan_engine::GameRng::new(deal ^ 77);
        let mut bot = SearchBot::new(SearchKind::Ismcts, cfg, Some(MysticVale::heuristic_action), deal)
            .with_rollout(MysticVale::rollout_action)
            .with_evaluator(evaluator);
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            let view = g.view(seat);
            let h = MysticVale::heuristic_action(&view, &legal, &mut rng);
            if seat.0 == 0 && legal.len() > 1 {
                let sc = bot.analyse(&view, &legal);
                let mut best = 0;
                for i in 1..sc.len() {
                    if sc[i] > sc[best] {
                        best = i;
                    }
                }
                let kind = |a: Action| format!("{a}").split(' ').next().unwrap_or("").to_owned();
                let key = format!("{:?}/{}", g.phase, kind(h)).chars().take(40).collect::<String>();
                let e = tally.entry(key).or_default();
                e.0 += 1;
                if legal[best] != h {
                    e.1 += 1;
                    let hi = legal.binary_search(&h).unwrap_or(0);
                    println!(
                        "g{deal} m{} {:?} pool {} | heur {h} ({} v, {:.3}) | search {} ({} v, {:.3}) | n={}",
                        g.moves,
                        g.phase,
                        g.pool,
                        sc[hi].0,
                        sc[hi].1,
                        legal[best],
                        sc[best].0,
                        sc[best].1,
                        legal.len()
                    );
                }
            }
            g.apply_unchecked(h, &mut NoEvents);
        }
    }
    for (k, (a, d)) in tally {
        println!("{k}: {d} of {a} differ");
    }
}

fn main() {
    if env("MVLAB_MODE", "") == "calib" {
        let n: u64 = env("MVLAB_N", "200").parse().unwrap_or(200);
        calib(n, env("MVLAB_SEED", "1").parse().unwrap_or(1), &env("MVLAB_SETS", "base"));
        return;
    }
    let n: u64 = env("MVLAB_N", "20").parse().unwrap_or(20);
    let seed: u64 = env("MVLAB_SEED", "1").parse().unwrap_or(1);
    let spec = env("MVLAB_SPEC", "iters=1000:depth=80:playout=rollout");
    let eval = env("MVLAB_EVAL", "game");
    let select = env("MVLAB_SELECT", "visits");
    let sets = env("MVLAB_SETS", "base");
    let Ok(BotSpec::Ismcts(cfg)) = format!("ismcts:{spec}").parse::<BotSpec>() else { panic!("spec {spec}") };
    let evaluator: fn(&MysticVale) -> Option<Vec<f64>> = match eval.split_once(':') {
        Some(("lead", k)) => {
            let _ = LEAD.set(k.parse().unwrap_or(10.0));
            eval_lead
        }
        Some(("mix", wk)) => {
            let (w, k) = wk.split_once(':').unwrap_or((wk, "10"));
            let _ = FUTURE.set(w.parse().unwrap_or(1.0));
            let _ = LEAD.set(k.parse().unwrap_or(10.0));
            eval_mix
        }
        Some(("stage", lh)) => {
            let (lo, hi) = lh.split_once(':').unwrap_or(("18", "42"));
            let _ = KS.set((lo.parse().unwrap_or(18.0), hi.parse().unwrap_or(42.0)));
            eval_stage
        }
        Some(("field", wlh)) => {
            let mut it = wlh.split(':').map(|x| x.parse::<f64>().unwrap_or(1.0));
            let _ = FIELD_W.set(it.next().unwrap_or(1.0));
            let _ = KS.set((it.next().unwrap_or(18.0), it.next().unwrap_or(42.0)));
            eval_field
        }
        _ => MysticVale::evaluate,
    };
    if env("MVLAB_MODE", "") == "diag" {
        diag(n, seed, &sets, cfg, evaluator);
        return;
    }
    let mean_share = select.strip_prefix("mean:").map(|m| m.parse::<f64>().unwrap_or(50.0) / 100.0);
    let options = sylvan_mystic_vale::Options { players: 2, sets: sets.clone(), ..Default::default() };
    if let Ok(g) = MysticVale::new(&options, 1) {
        let _ = POOL0.set(f64::from(g.pool.max(1)));
    }
    let (mut wins, mut games) = (0.0f64, 0u32);
    let start = std::time::Instant::now();
    for deal in 0..n {
        for lab_seat in 0..2usize {
            let Ok(state) = MysticVale::new(&options, seed.wrapping_mul(1000).wrapping_add(deal)) else {
                panic!("deal")
            };
            let bot_seed = seed ^ (deal << 8) ^ lab_seat as u64;
            let lab: Box<dyn Bot<MysticVale>> = Box::new(Lab {
                inner: SearchBot::new(SearchKind::Ismcts, cfg, Some(MysticVale::heuristic_action), bot_seed)
                    .with_rollout(MysticVale::rollout_action)
                    .with_evaluator(evaluator),
                mean_share,
                guard: select.strip_prefix("guard:").and_then(|d| d.parse().ok()),
                rng: sylvan_engine::GameRng::new(bot_seed ^ 0x5eed),
            });
            let heur: Box<dyn Bot<MysticVale>> = Box::new(HeuristicBot::new(bot_seed ^ 0xabc));
            let mut bots = if lab_seat == 0 { vec![lab, heur] } else { vec![heur, lab] };
            let Ok(done) = play_game(state, &mut bots, &mut NoEvents) else { panic!("play") };
            let r = done.state.returns();
            wins += r[lab_seat];
            games += 1;
        }
        let p = wins / f64::from(games);
        let half = 1.96 * (p * (1.0 - p) / f64::from(games)).sqrt();
        eprintln!(
            "deal {deal}: {wins}/{games} = {:.1}% ± {:.1} ({:.0}s)",
            100.0 * p,
            100.0 * half,
            start.elapsed().as_secs_f64()
        );
    }
    let p = wins / f64::from(games);
    let (lo, hi) = wilson(p, f64::from(games));
    println!(
        "spec={spec} eval={eval} select={select} sets={sets} n={games} wins={wins} rate={:.1}% ci=[{:.1},{:.1}] secs={:.0}",
        100.0 * p,
        100.0 * lo,
        100.0 * hi,
        start.elapsed().as_secs_f64()
    );
}

/// The Wilson 95% interval of a rate `p` over `n` games.
fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (c - h, c + h)
}
