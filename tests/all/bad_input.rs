//! Issue 38, "Bad input, round two", end to end: one test per cause. Nothing a user owns is lost or
//! overwritten, nothing untrusted reaches the terminal raw, and impossible setups and conflicting
//! options are refused with one clear line.

use std::error::Error;
use std::process::{Command, Stdio};

use crate::cli::{scratch, sylvan, text};

type TestResult = Result<(), Box<dyn Error>>;

/// Asserts exit code 2 and one `error:` line on stderr containing every needle.
fn refused(args: &[&str], needles: &[&str]) -> TestResult {
    let out = sylvan(args, "")?;
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: not one line: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} does not mention {n:?}");
    }
    Ok(())
}

#[test]
fn a_broken_output_still_saves_the_record_and_says_what_failed() -> TestResult {
    // `sylvan play ... -r rec.json > /dev/full`: the write fails, the record is saved all the same.
    let rec = scratch("full-record.json");
    let _ = std::fs::remove_file(&rec);
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return Ok(()) };
    let out = Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(["play", "spirit-duel", "--seed", "1", "-r"])
        .arg(&rec)
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()?;
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot write to standard output"), "{err}");
    assert!(err.contains("saved to") && err.contains(&rec.display().to_string()), "{err}");
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&rec)?)?;
    assert_eq!(saved["game"], "spirit-duel");
    Ok(())
}

#[test]
fn outputs_are_checked_before_the_game_and_never_overwrite_an_input() -> TestResult {
    refused(&["play", "spirit-duel", "-r", "/dev/full"], &["--record /dev/full", "not a regular file"])?;
    refused(&["play", "spirit-duel", "-r", "/proc/version"], &["--record", "/proc/version", "cannot create files"])?;
    // The card file given as the record (or the report): refused, the file untouched.
    let cards = scratch("mine.toml");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/mystic-vale/data/base.toml"), &cards)?;
    let before = std::fs::read(&cards)?;
    let c = cards.display().to_string();
    refused(&["play", "mystic-vale", "--cards", &c, "-r", &c], &["same file as the input"])?;
    refused(
        &["tournament", "mystic-vale", "--cards", &c, "-b", "random", "-n", "1", "--report", &c],
        &["--report", "same file as the input"],
    )?;
    assert_eq!(std::fs::read(&cards)?, before, "the card file is untouched");
    Ok(())
}

#[test]
fn fifos_are_refused_up_front() -> TestResult {
    let fifo = scratch("fifo");
    let _ = std::fs::remove_file(&fifo);
    if !Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success()) {
        return Ok(());
    }
    let f = fifo.display().to_string();
    refused(&["play", "spirit-duel", "-r", &f], &["FIFO"])?;
    refused(&["tournament", "spirit-duel", "-b", "random", "-n", "1", "--report", &f], &["FIFO"])?;
    refused(&["ladder", &f], &["not a regular file"])?;
    Ok(())
}

#[test]
fn a_line_too_long_is_refused_and_the_game_goes_on() -> TestResult {
    let rec = scratch("long-line.json");
    let _ = std::fs::remove_file(&rec);
    let input = format!("{}\nquit\n", "9".repeat(100_000));
    let out = sylvan(&["play", "spirit-duel", "--seed", "3", "-r", &rec.display().to_string()], &input)?;
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("line too long"), "{stdout}");
    assert!(stdout.contains("you left the game"), "the game went on to `quit`");
    assert!(rec.exists());
    Ok(())
}

#[test]
fn untrusted_text_is_printed_escaped_and_bounded() -> TestResult {
    // A record whose action holds an escape sequence: the error quotes it escaped.
    let rec = scratch("escape.json");
    let hostile = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let record = serde_json::json!({
        "game": "spirit-duel", "engine_version": "0.2.0", "options": {"solo": false, "team": "a"},
        "start": {"seed": {"seed": 1}}, "actions": [hostile],
    });
    std::fs::write(&rec, record.to_string())?;
    let out = sylvan(&["replay", &rec.display().to_string()], "")?;
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\u{1b}"), "{err}");
    // A huge bot spec is echoed bounded.
    let spec = "x".repeat(100_000);
    let out = sylvan(&["sim", "spirit-duel", "-b", &spec, "-n", "1"], "")?;
    assert!(out.stderr.len() < 4_000, "{} bytes of error", out.stderr.len());
    Ok(())
}

#[test]
fn statistics_credit_only_seats_a_bot_played() -> TestResult {
    refused(&["sim", "spirit-duel", "--solo", "-b", "heuristic,heuristic", "-n", "2"], &["1 bot seats"])?;
    let out = sylvan(&["sim", "spirit-duel", "--solo", "-b", "heuristic", "-n", "4", "--json"], "")?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    let seat0 = r["wins_by_seat"][0].as_f64().unwrap_or(-1.0);
    assert_eq!(r["wins_by_bot"]["heuristic"].as_f64(), Some(seat0), "only p0's wins: {r}");
    assert_eq!(r["bots"][1], "automated");
    let out = sylvan(&["tournament", "spirit-duel", "--solo", "-b", "heuristic,random", "-n", "4", "--json"], "")?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    let matrix = r["matrix"].as_array().cloned().unwrap_or_default();
    assert!(matrix.iter().flat_map(|row| row.as_array().cloned().unwrap_or_default()).all(|c| c.is_null()), "{r}");
    Ok(())
}

#[test]
fn conflicting_options_are_refused_naming_both() -> TestResult {
    for (args, a, b) in [
        (vec!["-o", "edition=essential", "-o", "sets=base"], "edition=essential", "sets=base"),
        (vec!["-o", "edition=essential", "-o", "sets=base,wild"], "edition=essential", "sets=base,wild"),
        (vec!["-o", "edition=essential", "-o", "leaders=none"], "edition=essential", "leaders=none"),
        (vec!["-o", "edition=essential", "-o", "amulets=none"], "edition=essential", "amulets=none"),
    ] {
        let mut full = vec!["sim", "mystic-vale", "-n", "1"];
        full.extend(args);
        refused(&full, &[a, b, "conflict"])?;
    }
    refused(&["sim", "command-of-nature", "-p", "2", "-o", "teams=true", "-n", "1"], &["--players 2", "teams=true"])?;
    refused(&["sim", "command-of-nature", "-p", "4", "-o", "teams=false", "-n", "1"], &["--players 4", "teams=false"])?;
    // The record states what was played.
    let rec = scratch("essential.json");
    let out = sylvan(
        &["play", "mystic-vale", "-o", "edition=essential", "--seed", "1", "-r", &rec.display().to_string()],
        "",
    )?;
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let r: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&rec)?)?;
    assert_eq!((&r["options"]["sets"], &r["options"]["leaders"]), (&"all".into(), &"draft".into()), "{r}");
    Ok(())
}

#[test]
fn impossible_records_and_reports_are_refused() -> TestResult {
    let base = serde_json::json!({
        "game": "spirit-duel", "engine_version": "0.2.0", "options": {"solo": false, "team": "a"},
        "start": {"seed": {"seed": 1}}, "actions": [],
    });
    let write = |name: &str, v: &serde_json::Value| -> Result<String, Box<dyn Error>> {
        let p = scratch(name);
        std::fs::write(&p, v.to_string())?;
        Ok(p.display().to_string())
    };
    let mut r = base.clone();
    r["start"]["seed"]["extra"] = 1.into();
    refused(&["replay", &write("start-extra.json", &r)?], &["unknown field `extra`"])?;
    let mut r = base.clone();
    r["options"] = serde_json::json!([]);
    refused(&["replay", &write("options-array.json", &r)?], &["`options` must be an object"])?;
    // The position is said once.
    let mut r = base.clone();
    r["actions"] = serde_json::json!([5]);
    let out = sylvan(&["replay", &write("position.json", &r)?], "")?;
    let err = text(&out.stderr);
    assert_eq!(err.matches("column").count(), 1, "{err}");
    let report = serde_json::json!({"game": "chess", "players": 2});
    refused(&["ladder", &write("chess.json", &report)?], &["chess"])?;
    Ok(())
}

#[test]
fn impossible_card_files_are_refused_naming_file_and_field() -> TestResult {
    let wild = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/mystic-vale/data/wild.toml"))?;
    let cases = [
        ("empty-key.toml", wild.replacen("key = \"bonecaster\"", "key = \"\"", 1), "advancement[0].key"),
        ("set-header.toml", wild.replacen("set = \"wild\"", "set = \"magic\"", 1), "contradicts the file's header"),
        ("repeat.toml", wild.replacen("key = \"bonecaster\"", "key = \"podlings\"", 1), "duplicate key `podlings`"),
        ("huge.toml", wild.replacen("copies = 3", "copies = 99999999999999999999999", 1), "integer out of range"),
    ];
    for (name, text, needle) in cases {
        let p = scratch(name);
        std::fs::write(&p, text)?;
        let f = p.display().to_string();
        refused(&["cards", "list", "mystic-vale", "--sets", &format!("base,{f}")], &[&f, needle])?;
    }
    Ok(())
}

#[test]
fn card_titles_from_a_users_file_are_printed_escaped_in_play() -> TestResult {
    // Every title of a card file carries an escape sequence (set the window title, clear the screen):
    // the game's view, events and action descriptions quote titles; none reaches the terminal raw.
    let base = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/crates/mystic-vale/data/base.toml"))?;
    let hostile = base.replace("title = \"", "title = \"\\u001b]0;pwned\\u0007\\u001b[2J");
    assert_ne!(hostile, base);
    let cards = scratch("hostile-titles.toml");
    std::fs::write(&cards, hostile)?;
    let out = sylvan(&["play", "mystic-vale", "--cards", &cards.display().to_string(), "--seed", "2"], "quit\n")?;
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\u{7}'), "a raw escape in: {stdout}");
    assert!(!stderr.contains('\u{1b}') && !stderr.contains('\u{7}'), "a raw escape in: {stderr}");
    assert!(stdout.contains("\\u{1b}]0;pwned"), "the titles are shown, escaped: {stdout}");
    Ok(())
}
