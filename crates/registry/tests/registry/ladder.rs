//! `sylvan ladder`'s sums: pairs summed by spec, steps in rating order, one report keeping the
//! tournament's ratings, refused reports, and the bootstrap's binomial draws.

use serde_json::{Value, json};
use sylvan_engine::GameRng;
use sylvan_registry::runs::RunError;
use sylvan_registry::runs::ladder::Ladder;
use sylvan_registry::runs::ladder::internals::binomial;
use sylvan_registry::runs::tournament::internals::ratings;

fn report(game: &str, specs: &[&str], wins: &[&[Option<f64>]], games: f64) -> Value {
    let matrix: Vec<Vec<Value>> = wins
        .iter()
        .enumerate()
        .map(|(i, row)| {
            row.iter()
                .enumerate()
                .map(|(j, w)| match w {
                    Some(w) => json!({"wins": w, "games": w + wins[j][i].unwrap_or(0.0)}),
                    None => Value::Null,
                })
                .collect()
        })
        .collect();
    let bots: Vec<Value> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"spec": s, "games": games, "wins": wins[i].iter().flatten().sum::<f64>()}))
        .collect();
    json!({"game": game, "players": 2, "games": games, "bots": bots, "matrix": matrix})
}

#[test]
fn sums_pairs_by_spec_and_orders_the_steps() -> Result<(), RunError> {
    let mut l = Ladder::new();
    l.add(&report("g", &["a", "b"], &[&[None, Some(20.0)], &[Some(180.0), None]], 200.0))?;
    l.add(&report("g", &["c", "b"], &[&[None, Some(170.0)], &[Some(30.0), None]], 200.0))?;
    l.add(&report("g", &["b", "a"], &[&[None, Some(5.0)], &[Some(5.0), None]], 10.0))?;
    assert_eq!(l.names(), ["a", "b", "c"]);
    let r = l.report(1)?;
    assert_eq!(r["matrix"][1][0]["games"], 210.0);
    assert_eq!(r["matrix"][1][0]["wins"], 185.0);
    assert!(r["matrix"][0][2].is_null(), "a and c never met");
    let steps: Vec<(&str, &str)> = r["steps"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|s| (s["from"].as_str().unwrap_or(""), s["to"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(steps, [("a", "b"), ("b", "c")]);
    for b in r["bots"].as_array().into_iter().flatten() {
        let (x, lo, hi) = (b["rating"].as_f64(), b["rating_ci"][0].as_f64(), b["rating_ci"][1].as_f64());
        assert!(lo <= x && x <= hi, "{b}");
    }
    assert_eq!(r["steps"][0]["intervals_apart"], true);
    Ok(())
}

#[test]
fn a_single_report_keeps_the_tournament_ratings() -> Result<(), RunError> {
    let w: &[&[Option<f64>]] =
        &[&[None, Some(30.0), Some(12.5)], &[Some(10.0), None, Some(20.0)], &[Some(27.5), Some(20.0), None]];
    let mut l = Ladder::new();
    l.add(&report("g", &["x", "y", "z"], w, 80.0))?;
    let r = l.report(7)?;
    let mut n = vec![vec![0.0; 3]; 3];
    let mut ww = vec![vec![0.0; 3]; 3];
    for i in 0..3 {
        for j in 0..3 {
            ww[i][j] = w[i][j].unwrap_or(0.0);
            n[i][j] = ww[i][j] + w[j][i].unwrap_or(0.0);
        }
    }
    let direct = ratings(ww, n);
    for (i, d) in direct.iter().enumerate() {
        assert_eq!(r["bots"][i]["rating"].as_f64(), Some(*d));
    }
    Ok(())
}

#[test]
fn refuses_mixed_games_bad_counts_and_unconnected_bots() {
    let ok = report("g", &["a", "b"], &[&[None, Some(1.0)], &[Some(1.0), None]], 2.0);
    let mut l = Ladder::new();
    assert!(l.add(&ok).is_ok());
    let other = report("h", &["a", "b"], &[&[None, Some(1.0)], &[Some(1.0), None]], 2.0);
    assert_eq!(l.add(&other).map_err(|e| e.0), Err("`game`: `h`, but the reports before are of `g`".into()));
    let mut bad = ok.clone();
    bad["matrix"][0][1]["wins"] = json!(3.0);
    assert!(l.add(&bad).is_err_and(|e| e.0.starts_with("`matrix[0][1].wins`: 3 points in 2 meetings")));
    let mut bad = ok.clone();
    bad["matrix"][1][0]["games"] = json!(5.0);
    assert!(l.add(&bad).is_err_and(|e| e.0.contains("meetings, but `matrix[1][0]` says 5")));
    let mut bad = ok.clone();
    bad["bots"][1]["games"] = json!(-1);
    assert!(l.add(&bad).is_err_and(|e| e.0.starts_with("`bots[1].games`")));
    let mut bad = ok.clone();
    bad["matrix"] = json!([[null]]);
    assert!(l.add(&bad).is_err_and(|e| e.0 == "`matrix`: 1 rows for 2 bots"));
    // Nothing of the refused reports was kept.
    assert_eq!(l.report(0).map(|r| r["matrix"][0][1]["games"].clone()), Ok(json!(2.0)));
    let far = report("g", &["c", "d"], &[&[None, Some(1.0)], &[Some(1.0), None]], 2.0);
    assert!(l.add(&far).is_ok());
    assert!(l.report(0).is_err_and(|e| e.0.starts_with("`c`, `d` never met `a`")));
}

#[test]
fn the_bootstrap_draws_are_binomial() {
    let mut rng = GameRng::new(3);
    for (n, p) in [(100.0, 0.3), (50_000.0, 0.9)] {
        let draws: Vec<f64> = (0..400).map(|_| binomial(&mut rng, n, p)).collect();
        let mean = draws.iter().sum::<f64>() / 400.0;
        let var = draws.iter().map(|d| (d - mean) * (d - mean)).sum::<f64>() / 399.0;
        let sd = (n * p * (1.0 - p)).sqrt();
        assert!((mean - n * p).abs() < 4.0 * sd / 20.0, "mean {mean} for n {n} p {p}");
        assert!((var.sqrt() / sd - 1.0).abs() < 0.2, "sd {} for {sd}", var.sqrt());
        assert!(draws.iter().all(|d| (0.0..=n).contains(d)));
    }
    assert_eq!(binomial(&mut rng, 10.0, 1.0), 10.0);
    assert_eq!(binomial(&mut rng, 10.0, 0.0), 0.0);
}
