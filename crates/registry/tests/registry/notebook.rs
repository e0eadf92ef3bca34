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
