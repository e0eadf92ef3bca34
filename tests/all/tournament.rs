//! `sylvan tournament` and `sylvan bench --bot` end to end: the JSON the issue specifies, seats that
//! rotate, reproducibility across thread counts, the HTML report, and clear errors.

use std::error::Error;
use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::Value;

type TestResult = Result<(), Box<dyn Error>>;

fn sylvan(args: &[&str]) -> Result<Output, Box<dyn Error>> {
    Ok(Command::new(env!("CARGO_BIN_EXE_sylvan")).args(args).output()?)
}

fn json(args: &[&str]) -> Result<Value, Box<dyn Error>> {
    let out = sylvan(args)?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Ok(serde_json::from_slice(&out.stdout)?)
}

#[test]
fn json_has_bots_matrix_and_rotated_seats() -> TestResult {
    let args = ["tournament", "toy", "-p", "2", "--bots", "random,heuristic,ismcts:iters=50", "-n", "60"];
    let one = json(&[&args[..], &["--seed", "3", "--threads", "1", "--json"]].concat())?;
    let two = json(&[&args[..], &["--seed", "3", "--threads", "2", "--json"]].concat())?;
    // Everything but the timings is the same whatever the thread count.
    let strip = |v: &Value| {
        let mut v = v.clone();
        for b in v.as_array_mut().into_iter().flatten() {
            b["search"] = Value::Null;
        }
        v
    };
    assert_eq!(strip(&one["bots"]), strip(&two["bots"]), "results do not depend on the thread count");
    assert_eq!(one["matrix"], two["matrix"]);
    let bots = one["bots"].as_array().ok_or("bots")?;
    assert_eq!(bots.len(), 3);
    for b in bots {
        for key in ["spec", "games", "wins", "win_rate", "rating", "rating_ci", "win_rate_ci"] {
            assert!(!b[key].is_null(), "{key} missing in {b}");
        }
        // 3 line-ups × 2 rotations, 60 games: each bot plays 40 games, 20 at each seat.
        assert_eq!(b["games"], 40);
        assert_eq!(b["games_by_seat"], serde_json::json!([20, 20]));
    }
    assert_eq!(bots[2]["spec"], "ismcts:iters=50");
    assert!(bots[2]["search"]["iterations_per_sec"].as_f64().unwrap_or(0.0) > 0.0);
    let m = one["matrix"].as_array().ok_or("matrix")?;
    assert!(m[0][0].is_null());
    let (a, b) = (m[0][1]["wins"].as_f64().unwrap_or(-1.0), m[1][0]["wins"].as_f64().unwrap_or(-1.0));
    assert_eq!(a + b, 20.0, "each pair meets 20 times and every meeting gives one point");
    let ratings: f64 = bots.iter().map(|b| b["rating"].as_f64().unwrap_or(9.0)).sum();
    assert!(ratings.abs() < 1e-6, "ratings are centred");
    Ok(())
}

#[test]
fn report_is_written_with_plots_and_the_designer_view() -> TestResult {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("tournament-{}.html", std::process::id()));
    let p = path.to_string_lossy().into_owned();
    let out = sylvan(&["tournament", "equinox", "-p", "2", "--bots", "random,heuristic", "-n", "8", "--report", &p])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let html = std::fs::read_to_string(&path)?;
    assert!(html.matches("<svg").count() >= 5, "heatmap, ratings, two score plots, lengths, designer tables");
    assert!(html.contains("creature survival") && html.contains("prediction value by round"));
    std::fs::remove_file(&path)?;
    Ok(())
}

#[test]
fn bad_bots_are_errors() -> TestResult {
    for (bots, needle) in [("random,alphazero", "unknown bot `alphazero`"), ("random,random", "listed twice")] {
        let out = sylvan(&["tournament", "toy", "--bots", bots, "-n", "2"])?;
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{err}");
    }
    Ok(())
}

#[test]
fn bench_times_a_search_bot() -> TestResult {
    let v = json(&["bench", "toy", "--bot", "ismcts:iters=100", "-n", "5", "--json"])?;
    assert_eq!(v["decisions"], 5);
    assert_eq!(v["iterations"], 500);
    assert!(v["iterations_per_sec"].as_f64().unwrap_or(0.0) > 0.0);
    Ok(())
}
