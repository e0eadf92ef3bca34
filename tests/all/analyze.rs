//! `sylvan analyze` end to end on records of every game: each analysed decision is one the record's
//! seat really made, the estimates are probabilities, the loss is before minus after, blunders are the
//! largest losses; the same seed gives the same analysis; bad input is a one-line error.

use std::error::Error;
use std::path::PathBuf;

use serde_json::Value;

use super::cli::{sylvan, text};

type TestResult = Result<(), Box<dyn Error>>;

/// A fresh path in the test scratch directory.
fn scratch(name: &str) -> PathBuf {
    super::cli::scratch(&format!("analyze-{name}"))
}

/// A finished record of `game`: the human always types 1, a random bot plays the rest.
fn record(game: &str) -> Result<(PathBuf, Value), Box<dyn Error>> {
    let path = scratch(&format!("{game}.json"));
    let out = sylvan(
        &["play", game, "--seed", "4", "--bots", "random", "--record", &path.to_string_lossy()],
        &"1\n".repeat(20_000),
    )?;
    assert_eq!(out.status.code(), Some(0), "{game}: {}", text(&out.stderr));
    let value: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
    Ok((path, value))
}

#[test]
fn analysis_of_every_game_reports_real_decisions() -> TestResult {
    for game in ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"] {
        let (path, rec) = record(game)?;
        let file = path.to_string_lossy();
        let actions: Vec<&str> = rec["actions"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let args = ["analyze", &file, "--seat", "p1", "--bot", "hard:iters=30", "--seed", "9", "--json"];
        let out = sylvan(&args, "")?;
        assert_eq!(out.status.code(), Some(0), "{game}: {}", text(&out.stderr));
        let report: Value = serde_json::from_slice(&out.stdout)?;
        assert_eq!(report["game"].as_str(), Some(game));
        assert_eq!(report["moves"].as_u64(), Some(actions.len() as u64));
        let decisions = report["decisions"].as_array().ok_or("no decisions")?;
        assert!(decisions.len() >= 3, "{game}: only {} decisions", decisions.len());
        let mut losses = Vec::new();
        let mut most = 0;
        for d in decisions {
            let step = d["move"].as_u64().ok_or("move")? as usize;
            assert_eq!(d["played"].as_str(), actions.get(step).copied(), "{game}: move {step}");
            assert!(d["legal"].as_u64().is_some_and(|n| n >= 2), "{game}: forced moves are skipped");
            let (before, after, loss) = (
                d["before"].as_f64().ok_or("before")?,
                d["after"].as_f64().ok_or("after")?,
                d["loss"].as_f64().ok_or("loss")?,
            );
            assert!((0.0..=1.0).contains(&before) && (0.0..=1.0).contains(&after), "{game}: {d}");
            assert!((before - after - loss).abs() < 1e-9, "{game}: {d}");
            // The override sets the budget (a racing search stops early once one action is left).
            let iterations = d["iterations"].as_u64().ok_or("iterations")?;
            assert!((1..=30).contains(&iterations), "{game}: the override sets the budget: {d}");
            most = most.max(iterations);
            if d["played"] == d["preferred"] {
                assert_eq!(loss, 0.0, "{game}: {d}");
            }
            losses.push(loss);
        }
        assert_eq!(most, 30, "{game}: no decision used the whole budget");
        // Analysing p1 alone: every decision is p1's (seats serialise as their index or name).
        let seat = &decisions[0]["seat"];
        assert!(decisions.iter().all(|d| &d["seat"] == seat), "{game}");
        // Blunders: the largest positive losses, largest first.
        let blunders: Vec<f64> =
            report["blunders"].as_array().into_iter().flatten().filter_map(|b| b["loss"].as_f64()).collect();
        losses.retain(|&l| l > 0.0);
        losses.sort_by(|a, b| b.total_cmp(a));
        losses.truncate(5);
        assert_eq!(blunders, losses, "{game}");
        // Same seed and iteration budget, same analysis.
        let again = sylvan(&args, "")?;
        assert_eq!(again.stdout, out.stdout, "{game}: not reproducible");
        // The text report names the blunders and the final result.
        let plain = sylvan(&["analyze", &file, "--bot", "ismcts:iters=20"], "")?;
        let t = text(&plain.stdout);
        assert_eq!(plain.status.code(), Some(0), "{game}: {}", text(&plain.stderr));
        assert!(t.contains("decisions analysed") && t.contains("final scores:"), "{game}: {t}");
    }
    Ok(())
}

#[test]
fn bad_analysis_requests_are_one_line_errors() -> TestResult {
    let (path, _) = record("spirit-duel")?;
    let file = path.to_string_lossy();
    for (args, needle) in [
        (vec!["analyze", &*file, "--bot", "medium"], "--bot `medium` does not estimate win probabilities"),
        (vec!["analyze", &*file, "--bot", "wizard"], "--bot `wizard`: unknown bot `wizard`"),
        (vec!["analyze", &*file, "--seat", "p7", "--bot", "hard:iters=5"], "--seat"),
        (vec!["analyze", "/nonexistent/record.json"], "/nonexistent/record.json"),
    ] {
        let out = sylvan(&args, "")?;
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: ") && err.contains(needle), "{args:?}: {err}");
    }
    Ok(())
}
