//! Figures written into lab notebooks (`--notebook FILE --figure NAME`): the block between the
//! markers is replaced and nothing else, a notebook without the block is refused before anything is
//! written, and the ladder table is the notebooks' format.

use std::path::PathBuf;

use serde_json::json;
use sylvan_registry::runs::notebook::{self, block, check, ladder_table};

fn scratch(name: &str, text: &str) -> Result<PathBuf, String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("notebook-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join(name);
    std::fs::write(&path, text).map_err(|e| e.to_string())?;
    Ok(path)
}

#[test]
fn the_block_is_replaced_and_nothing_else() -> Result<(), String> {
    let before = "# Notebook\n\ntext\n<!-- figures:x:begin -->\nold\n<!-- figures:x:end -->\n\nafter\n<!-- figures:y:begin -->\nkept\n<!-- figures:y:end -->\n";
    let path = scratch("a.md", before)?;
    check(&path, "x").map_err(|e| e.to_string())?;
    notebook::write(&path, "x", "| new |\n|---|").map_err(|e| e.to_string())?;
    let after = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
    assert_eq!(after, before.replace("old\n", "| new |\n|---|\n"));
    // Writing twice gives the same file.
    notebook::write(&path, "x", "| new |\n|---|\n").map_err(|e| e.to_string())?;
    assert_eq!(std::fs::read_to_string(&path).map_err(|e| e.to_string())?, after);
    let dir = path.parent().ok_or("no dir")?;
    let left: Vec<_> = std::fs::read_dir(dir).map_err(|e| e.to_string())?.filter_map(Result::ok).collect();
    assert!(left.iter().all(|e| !e.file_name().to_string_lossy().ends_with(".tmp")), "no temporary file left");
    Ok(())
}

#[test]
fn a_notebook_without_the_block_is_refused_untouched() -> Result<(), String> {
    let text = "a\n<!-- figures:x:begin -->\nold\n<!-- figures:x:end -->\n";
    let path = scratch("b.md", text)?;
    let err = |name: &str| check(&path, name).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err("z").contains("no line `<!-- figures:z:begin -->`"), "{}", err("z"));
    assert!(err("x y").contains("a figure name is letters"), "{}", err("x y"));
    assert!(notebook::write(&path, "z", "new").is_err());
    assert_eq!(std::fs::read_to_string(&path).map_err(|e| e.to_string())?, text, "nothing written");
    assert!(block("<!-- figures:x:end -->\n<!-- figures:x:begin -->\n", "x").is_err(), "end before begin");
    assert!(
        block(
            "<!-- figures:x:begin -->\n<!-- figures:x:end -->\n<!-- figures:x:begin -->\n<!-- figures:x:end -->",
            "x"
        )
        .is_err()
    );
    assert!(block("say <!-- figures:x:begin -->\n<!-- figures:x:end -->", "x").is_err(), "markers on their own lines");
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-notebook.md");
    assert!(check(&missing, "x").is_err());
    let dir = missing.parent().ok_or("no dir")?;
    assert!(check(dir, "x").err().is_some_and(|e| e.to_string().contains("not a regular file")));
    Ok(())
}

#[test]
fn the_ladder_table_is_the_notebooks_format() {
    let report = json!({"bots": [
        {"spec": "hard:iters=1000", "games": 1200, "win_rate": 0.779, "rating": 304.4, "rating_ci": [274.0, 338.2]},
        {"spec": "random", "games": 800, "win_rate": 0.053, "rating": -518.0, "rating_ci": [-1565.0, -480.0]},
    ]});
    let table = ladder_table(&report, "`sylvan tournament x`");
    assert_eq!(
        table,
        "Written by `sylvan tournament x`.\n\n| bot | games | win rate | rating (95% interval) |\n|---|---:|---:|---|\n\
         | `random` | 800 | 5.3% | −518 (−1,565 to −480) |\n| `hard` (iters=1000) | 1,200 | 77.9% | +304 (+274 to +338) |\n"
    );
}

#[test]
fn a_bot_that_met_no_other_has_no_rating_in_the_table() {
    let report = json!({
        "bots": [{"spec": "heuristic", "games": 3, "win_rate": 1.0, "rating": 0.0, "rating_ci": [0.0, 0.0]}],
        "matrix": [[null]],
    });
    let table = ladder_table(&report, "x");
    assert!(table.ends_with("| `heuristic` | 3 | 100.0% | – (met no other bot) |\n"), "{table}");
}

/// Writes one criterion benchmark as criterion 0.8 saves it: `DIR/<dir>/new/{benchmark,estimates}.json`
/// (`ns`: lower bound, slope, upper bound of one timed iteration).
fn criterion_bench(
    root: &std::path::Path,
    dir: &str,
    group: &str,
    function: Option<&str>,
    ns: [f64; 3],
) -> Result<(), String> {
    let new = root.join(dir).join("new");
    std::fs::create_dir_all(&new).map_err(|e| e.to_string())?;
    let bench = json!({"group_id": group, "function_id": function, "value_str": null,
        "throughput": if group.ends_with("/ismcts") { json!({"Elements": 1000}) } else { json!(null) },
        "full_id": "", "directory_name": dir, "title": ""});
    let est = |x: f64| {
        json!({"confidence_interval": {"confidence_level": 0.95, "lower_bound": x, "upper_bound": x},
        "point_estimate": x, "standard_error": 1.0})
    };
    let mut slope = est(ns[1]);
    slope["confidence_interval"] = json!({"confidence_level": 0.95, "lower_bound": ns[0], "upper_bound": ns[2]});
    // The mean differs from the slope: the table must read the slope (criterion's `time:` line).
    let estimates = json!({"mean": est(ns[1] * 2.0), "median": est(ns[1]), "median_abs_dev": est(1.0),
        "slope": slope, "std_dev": est(1.0)});
    std::fs::write(new.join("benchmark.json"), bench.to_string()).map_err(|e| e.to_string())?;
    std::fs::write(new.join("estimates.json"), estimates.to_string()).map_err(|e| e.to_string())?;
    // An older run kept beside it, which must not be read.
    let base = root.join(dir).join("base");
    std::fs::create_dir_all(&base).map_err(|e| e.to_string())?;
    let mut old = bench.clone();
    old["group_id"] = json!("old-run/ismcts");
    std::fs::write(base.join("benchmark.json"), old.to_string()).map_err(|e| e.to_string())?;
    std::fs::write(base.join("estimates.json"), estimates.to_string()).map_err(|e| e.to_string())
}

#[test]
fn the_search_speed_table_is_written_from_criterions_estimates() -> Result<(), String> {
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("criterion-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    // 1,000 iterations in 10 ms is 100k iterations a second; on two threads in 5.5 ms, 181.8k (1.82×).
    criterion_bench(
        &root,
        "equinox-2p_ismcts/1000 iterations, 1 thread(s)",
        "equinox-2p/ismcts",
        Some("1000 iterations, 1 thread(s)"),
        [9.8e6, 10e6, 10.5e6],
    )?;
    criterion_bench(
        &root,
        "equinox-2p_ismcts/1000 iterations, 2 thread(s)",
        "equinox-2p/ismcts",
        Some("1000 iterations, 2 thread(s)"),
        [5.5e6, 5.5e6, 5.5e6],
    )?;
    criterion_bench(&root, "equinox-2p_determinize", "equinox-2p/determinize", None, [800.0, 810.0, 820.0])?;
    criterion_bench(
        &root,
        "mv_ismcts/a",
        "mystic-vale-2p/ismcts",
        Some("1000 iterations, 1 thread(s)"),
        [50e6, 50e6, 50e6],
    )?;
    criterion_bench(
        &root,
        "mv_ismcts/b",
        "mystic-vale-2p/ismcts",
        Some("1000 iterations, 1 thread(s):depth=80:playout=rollout"),
        [20e6, 20e6, 25e6],
    )?;
    // Flat sampling has no slope: the mean is criterion's estimate.
    criterion_bench(&root, "sd_ismcts/a", "spirit-duel-2p/ismcts", Some("1000 iterations, 1 thread(s)"), [1.0; 3])?;
    let flat = root.join("sd_ismcts/a/new/estimates.json");
    let mut estimates: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&flat).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    estimates["slope"] = json!(null);
    estimates["mean"] = json!({"confidence_interval": {"confidence_level": 0.95, "lower_bound": 3.9e6,
        "upper_bound": 4.1e6}, "point_estimate": 4e6, "standard_error": 1.0});
    std::fs::write(&flat, estimates.to_string()).map_err(|e| e.to_string())?;
    let estimates = notebook::criterion_estimates(&root).map_err(|e| e.to_string())?;
    assert_eq!(estimates.len(), 6, "the `new` runs only: {estimates:?}");
    let table = notebook::search_speed_table(&estimates, "`x`").map_err(|e| e.to_string())?;
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with("| `")).collect();
    assert_eq!(
        rows,
        [
            "| `equinox-2p` | 100.0k (95.2k–102.0k) | 181.8k (181.8k–181.8k) | 1.82× | – |",
            "| `mystic-vale-2p` | 20.0k (20.0k–20.0k) | – | – | `depth=80:playout=rollout`: 50.0k (40.0k–50.0k) |",
            "| `spirit-duel-2p` | 250.0k (243.9k–256.4k) | – | – | – |",
        ]
    );
    assert!(table.starts_with("Written by `x`, from criterion's estimates written 20"), "{table}");
    // Nothing to read: a one-line error saying what to run.
    let empty = root.join("empty");
    std::fs::create_dir_all(&empty).map_err(|e| e.to_string())?;
    let err = notebook::search_speed_table(&notebook::criterion_estimates(&empty).map_err(|e| e.to_string())?, "x")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("cargo bench -p sylvan-benches --bench search") && !err.contains('\n'), "{err}");
    // A broken estimate names its file instead of panicking.
    std::fs::write(root.join("mv_ismcts/a/new/estimates.json"), "{\"slope\": {}}").map_err(|e| e.to_string())?;
    let err = notebook::criterion_estimates(&root).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("mv_ismcts/a/new/estimates.json"), "{err}");
    assert!(notebook::criterion_estimates(&root.join("missing")).is_err());
    let _ = std::fs::remove_dir_all(&root);
    Ok(())
}

#[test]
fn utc_dates_are_the_calendars() {
    use sylvan_registry::runs::notebook::internals::utc;
    assert_eq!(utc(0), "1970-01-01 00:00");
    assert_eq!(utc(951_782_400), "2000-02-29 00:00");
    assert_eq!(utc(1_795_876_500), "2026-11-28 14:35");
}
