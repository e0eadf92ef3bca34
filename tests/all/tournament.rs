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

/// Writes `sylvan tournament --json` output to a file named `name` in the test's temp folder.
fn tournament_file(name: &str, args: &[&str]) -> Result<PathBuf, Box<dyn Error>> {
    let v = json(&[&["tournament", "toy", "-p", "2", "--threads", "1", "--json"], args].concat())?;
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("ladder-{}-{name}.json", std::process::id()));
    std::fs::write(&path, v.to_string())?;
    Ok(path)
}

#[test]
fn ladder_sums_tournaments_by_bot_and_refits_the_ratings() -> TestResult {
    let a = tournament_file("a", &["--bots", "random,heuristic", "-n", "40", "--seed", "1"])?;
    let b = tournament_file("b", &["--bots", "heuristic,ismcts:iters=50", "-n", "20", "--seed", "2"])?;
    let c = tournament_file("c", &["--bots", "random,heuristic", "-n", "20", "--seed", "41"])?;
    let read =
        |p: &PathBuf| -> Result<Value, Box<dyn Error>> { Ok(serde_json::from_str(&std::fs::read_to_string(p)?)?) };
    let (ra, rb, rc) = (read(&a)?, read(&b)?, read(&c)?);
    let [a, b, c] = [&a, &b, &c].map(|p| p.to_string_lossy().into_owned());
    let l = json(&["ladder", &a, &b, &c, "--json"])?;
    assert_eq!(l["reports"], 3);
    assert_eq!(l["games"], 80.0);
    let specs: Vec<&str> = l["bots"].as_array().ok_or("bots")?.iter().filter_map(|b| b["spec"].as_str()).collect();
    assert_eq!(specs, ["random", "heuristic", "ismcts:iters=50"], "in order of first appearance");
    // random–heuristic: the two runs' cells summed; heuristic–ismcts: run b's; random–ismcts: never met.
    let cell = |r: &Value, i: usize, j: usize| r["matrix"][i][j]["wins"].as_f64().unwrap_or(-1.0);
    assert_eq!(cell(&l, 1, 0), cell(&ra, 1, 0) + cell(&rc, 1, 0));
    assert_eq!(l["matrix"][1][0]["games"], 60.0);
    assert_eq!(cell(&l, 2, 1), cell(&rb, 1, 0));
    assert!(l["matrix"][0][2].is_null());
    assert_eq!(l["bots"][1]["games"], 80.0);
    assert_eq!(l["steps"].as_array().map(Vec::len), Some(2));
    // One report alone: the tournament's own ratings.
    let one = json(&["ladder", &a, "--json"])?;
    for i in 0..2 {
        let (x, y) =
            (one["bots"][i]["rating"].as_f64().ok_or("rating")?, ra["bots"][i]["rating"].as_f64().ok_or("rating")?);
        assert!((x - y).abs() < 1e-9, "{x} against {y}");
    }
    // The text names every bot and step.
    let out = sylvan(&["ladder", &a, &b, &c])?;
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("toy: 2 players, 80 games from 3 reports") && text.contains("ismcts:iters=50"), "{text}");
    assert_eq!(text.matches(" meetings").count(), 2 + 1, "{text}");
    Ok(())
}

#[test]
fn ladder_errors_name_the_file_and_field() -> TestResult {
    let a = tournament_file("e", &["--bots", "random,heuristic", "-n", "4", "--seed", "1"])?;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let other = dir.join(format!("ladder-{}-other.json", std::process::id()));
    std::fs::write(
        &other,
        json(&["tournament", "equinox", "-p", "2", "--bots", "random,heuristic", "-n", "2", "--json"])?.to_string(),
    )?;
    let broken = dir.join(format!("ladder-{}-broken.json", std::process::id()));
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&a)?)?;
    v["matrix"][0][1]["games"] = serde_json::json!(1e30);
    std::fs::write(&broken, v.to_string())?;
    let far = dir.join(format!("ladder-{}-far.json", std::process::id()));
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&a)?)?;
    v["bots"][0]["spec"] = "ismcts:iters=7".into();
    v["bots"][1]["spec"] = "ismcts:iters=8".into();
    std::fs::write(&far, v.to_string())?;
    let [a, other, broken, far] = [a, other, broken, far].map(|p| p.to_string_lossy().into_owned());
    for (args, needle) in [
        (vec![a.as_str(), other.as_str()], format!("{other}: `game`: `equinox`, but the reports before are of `toy`")),
        (
            vec![a.as_str(), broken.as_str()],
            format!("{broken}: `matrix[0][1].games`: expected a count from 0 to 10^12"),
        ),
        (vec![a.as_str(), "/nonexistent/x.json"], "/nonexistent/x.json: cannot read".into()),
        (vec![a.as_str(), far.as_str()], "`ismcts:iters=7`, `ismcts:iters=8` never met `random`".into()),
    ] {
        let out = sylvan(&[&["ladder"], &args[..]].concat())?;
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&needle) && err.lines().count() == 1, "{err}");
    }
    Ok(())
}

/// Issue 38: games are folded into running totals batch by batch; a run longer than one batch (256
/// games) counts every game once.
#[test]
fn every_game_of_every_batch_is_counted_once() -> TestResult {
    let r =
        json(&["tournament", "toy", "-p", "2", "--bots", "random,heuristic", "-n", "600", "--threads", "2", "--json"])?;
    assert_eq!(r["games"], 600);
    let bots = r["bots"].as_array().ok_or("bots")?;
    assert_eq!(bots.iter().map(|b| b["games"].as_u64().unwrap_or(0)).sum::<u64>(), 1200);
    assert_eq!(r["matrix"][0][1]["games"], 600.0);
    let counted = |h: &Value| h["counts"].as_array().into_iter().flatten().filter_map(Value::as_u64).sum::<u64>();
    assert_eq!(counted(&r["length_histogram"]), 600);
    for b in bots {
        assert_eq!(counted(&b["score_histogram"]), 600, "{}", b["spec"]);
        let (lo, x, hi) = (b["rating_ci"][0].as_f64(), b["rating"].as_f64(), b["rating_ci"][1].as_f64());
        assert!(lo <= x && x <= hi, "{lo:?} {x:?} {hi:?}");
    }
    Ok(())
}

/// Issue 37/38: a solo tournament credits no bot, and no seat statistic, with the Robot's seat.
#[test]
fn solo_tournament_credits_no_bot_at_the_robot_seat() -> TestResult {
    let r = json(&["tournament", "spirit-duel", "--solo", "--bots", "heuristic,random", "-n", "6", "--json"])?;
    let bots = r["bots"].as_array().ok_or("bots")?;
    for b in bots {
        assert_eq!(b["games"], 3, "{b}");
        assert_eq!(b["games_by_seat"], serde_json::json!([3, 0]), "{b}");
    }
    assert!(r["win_rate_by_seat"][1].is_null(), "no bot played p1: {}", r["win_rate_by_seat"]);
    let wins: f64 = bots.iter().filter_map(|b| b["wins"].as_f64()).sum();
    assert_eq!(r["first_seat_win_rate"].as_f64(), Some(wins / 6.0), "the first seat's rate is the bots'");
    // The designer tables count the bot's side only: one side a game.
    let drawn = &r["designer"]["tables"]["cards drawn: improvement when drawn"];
    let columns: Vec<&str> = drawn["columns"].as_array().ok_or("columns")?.iter().filter_map(Value::as_str).collect();
    let at = |c: &str| columns.iter().position(|x| *x == c).ok_or(format!("no column {c}"));
    let (in_game, drew, not) = (at("drawn in game")?, at("win rate, drew it")?, at("win rate, did not draw it")?);
    let rows = drawn["rows"].as_array().ok_or("rows")?;
    assert!(!rows.is_empty());
    for row in rows {
        let n = |c: usize| row[1][c]["count"].as_u64().unwrap_or(0);
        assert_eq!(n(drew) + n(not), n(in_game), "{row}");
    }
    Ok(())
}

/// Issue 39: `--notebook FILE --figure NAME` writes the ladder table into the notebook's block (`tournament`,
/// `ladder`, `bench`), the rest of the file unchanged; both flags go together.
#[test]
fn runs_write_their_figures_into_a_notebook() -> TestResult {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("notebook-{}.md", std::process::id()));
    let before = "# N\n<!-- figures:ladder:begin -->\nold\n<!-- figures:ladder:end -->\n<!-- figures:speed:begin -->\n<!-- figures:speed:end -->\n";
    std::fs::write(&path, before)?;
    let nb = path.display().to_string();
    let report = tournament_file("nb", &["--bots", "random,heuristic", "-n", "8", "--seed", "2"])?;
    let direct = json(&[
        "tournament",
        "toy",
        "-p",
        "2",
        "--bots",
        "random,heuristic",
        "-n",
        "8",
        "--seed",
        "2",
        "--json",
        "--notebook",
        &nb,
        "--figure",
        "ladder",
    ])?;
    let text = std::fs::read_to_string(&path)?;
    let block = text
        .split("<!-- figures:ladder:begin -->\n")
        .nth(1)
        .and_then(|t| t.split("<!-- figures:ladder:end -->").next())
        .ok_or("no block")?;
    assert!(block.starts_with("Written by `sylvan tournament toy"), "{block}");
    assert!(block.contains("(8 games, seed 2)"), "{block}");
    for b in direct["bots"].as_array().ok_or("bots")? {
        let spec = b["spec"].as_str().unwrap_or("");
        let rating = b["rating"].as_f64().unwrap_or(0.0).round();
        let shown = if rating < 0.0 { format!("−{}", -rating) } else { format!("+{rating}") };
        assert!(block.contains(&format!("| `{spec}` | 8 | ")), "{block}");
        assert!(block.contains(&format!("| {shown} (")), "{spec} at {shown}: {block}");
    }
    assert!(!text.contains("old") && text.ends_with("<!-- figures:speed:begin -->\n<!-- figures:speed:end -->\n"));
    // `ladder` writes the same table from the report.
    let out = sylvan(&["ladder", &report.display().to_string(), "--notebook", &nb, "--figure", "ladder"])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text2 = std::fs::read_to_string(&path)?;
    assert!(text2.contains("Written by `sylvan ladder ") && text2.contains("| `heuristic` | 8 | "), "{text2}");
    // `bench` writes its speed row.
    let out = sylvan(&["bench", "toy", "-n", "20", "--notebook", &nb, "--figure", "speed"])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text3 = std::fs::read_to_string(&path)?;
    assert!(text3.contains("| game | players | playouts | moves | moves/s | ns/move |\n|---|---:|---:|---:|---:|---:|\n| toy | 2 | 20 | "), "{text3}");
    // Both flags go together; a notebook without the block is refused before the games.
    assert!(!sylvan(&["bench", "toy", "-n", "2", "--notebook", &nb])?.status.success());
    let out = sylvan(&["tournament", "toy", "--bots", "random", "-n", "2", "--notebook", &nb, "--figure", "gone"])?;
    assert!(!out.status.success());
    assert_eq!(std::fs::read_to_string(&path)?, text3, "nothing written");
    Ok(())
}
