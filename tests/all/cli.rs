//! The `sylvan` binary end to end: output formats, exit codes and error messages, scripted play,
//! and records written by `play` replayed by `replay`.

use std::error::Error;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

type TestResult = Result<(), Box<dyn Error>>;

/// Runs `sylvan args...`, feeding `stdin` (closed right after).
pub(crate) fn sylvan(args: &[&str], stdin: &str) -> Result<Output, Box<dyn Error>> {
    // The language is `--lang`'s or English, whatever the machine's locale (`LANG`) says.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        // The game may end before reading everything: a broken pipe here is fine.
        let _ = input.write_all(stdin.as_bytes());
    }
    Ok(child.wait_with_output()?)
}

pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh path in the test scratch directory.
pub(crate) fn scratch(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{}-{name}", std::process::id()))
}

/// Asserts exit code 2 and one `error:` line on stderr containing `needle`.
fn assert_error(args: &[&str], needle: &str) -> TestResult {
    let out = sylvan(args, "")?;
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: not one line: {err}");
    assert!(err.contains(needle), "{args:?}: {err:?} does not mention {needle:?}");
    Ok(())
}

/// Every game the binary lists.
fn game_names() -> Result<Vec<String>, Box<dyn Error>> {
    let out = sylvan(&["games", "--json"], "")?;
    assert!(out.status.success(), "{}", text(&out.stderr));
    let games: Value = serde_json::from_slice(&out.stdout)?;
    let names: Vec<String> =
        games.as_array().into_iter().flatten().filter_map(|g| g["name"].as_str().map(str::to_owned)).collect();
    assert_eq!(names, ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"], "the toy fixture is not listed");
    Ok(names)
}

mod listing {
    use super::*;

    #[test]
    fn games_lists_player_ranges_and_options() -> TestResult {
        let out = sylvan(&["games"], "")?;
        assert!(out.status.success());
        let stdout = text(&out.stdout);
        assert!(stdout.contains("equinox  (2 to 5 players)"), "{stdout}");
        assert!(stdout.contains("champions"), "{stdout}");
        assert!(!stdout.contains("toy"), "{stdout}");
        for name in game_names()? {
            assert!(stdout.contains(&name), "{name} missing from {stdout}");
        }
        Ok(())
    }
}

mod sim {
    use super::*;

    fn sim_json(args: &[&str]) -> Result<Value, Box<dyn Error>> {
        let out = sylvan(args, "")?;
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        Ok(serde_json::from_slice(&out.stdout)?)
    }

    #[test]
    fn robot_bot_and_shorthand_flags() -> TestResult {
        let r = sim_json(&["sim", "spirit-duel", "-n", "40", "--bots", "heuristic,robot", "--json"])?;
        assert_eq!(r["games"], 40);
        assert_eq!(r["bots"][1], "robot");
        let r = sim_json(&["sim", "spirit-duel", "--solo", "--team", "b", "-n", "10", "--json"])?;
        assert_eq!(r["games"], 10);
        let r = sim_json(&["sim", "command-of-nature", "--teams", "-n", "2", "--json"])?;
        assert_eq!(r["players"], 4);
        assert_error(&["sim", "equinox", "--solo"], "equinox has no option `solo`")
    }

    #[test]
    fn json_report_has_the_keys_and_adds_up() -> TestResult {
        let r = sim_json(&[
            "sim",
            "toy",
            "--games",
            "200",
            "--players",
            "3",
            "--bots",
            "heuristic,random,random",
            "--json",
        ])?;
        for key in ["game", "players", "games", "wins_by_seat", "wins_by_bot", "mean_score_by_seat", "mean_moves"] {
            assert!(r.get(key).is_some(), "no `{key}` in {r}");
        }
        for key in ["games_per_sec", "moves_per_sec"] {
            assert!(r[key].as_f64().is_some_and(|v| v > 0.0), "{key} in {r}");
        }
        assert_eq!(r["game"], "toy");
        assert_eq!(r["players"], 3);
        assert_eq!(r["games"], 200);
        let wins: f64 = r["wins_by_seat"].as_array().into_iter().flatten().filter_map(Value::as_f64).sum();
        assert!((wins - 200.0).abs() < 1e-6, "shared wins are fractions summing to the games: {wins}");
        let by_bot: f64 = r["wins_by_bot"].as_object().into_iter().flatten().filter_map(|(_, v)| v.as_f64()).sum();
        assert!((by_bot - 200.0).abs() < 1e-6, "{r}");
        assert_eq!(r["mean_moves"], 9.0, "3 players × 3 cards");
        Ok(())
    }

    #[test]
    fn results_do_not_depend_on_threads() -> TestResult {
        let bots = "random,heuristic,random,heuristic";
        let base = ["sim", "toy", "-n", "150", "-p", "4", "--bots", bots, "--seed", "42", "--json"];
        let (mut one, mut two) = (base.to_vec(), base.to_vec());
        one.extend(["--threads", "1"]);
        two.extend(["--threads", "2"]);
        let (a, b) = (sim_json(&one)?, sim_json(&two)?);
        for key in ["wins_by_seat", "mean_score_by_seat", "mean_moves", "wins_by_bot"] {
            assert_eq!(a[key], b[key], "{key}");
        }
        let c = sim_json(&["sim", "toy", "-n", "150", "-p", "4", "--seed", "43", "--json"])?;
        assert_ne!(a["mean_score_by_seat"], c["mean_score_by_seat"], "another seed, another run");
        Ok(())
    }

    #[test]
    fn text_report_names_seats_and_bots() -> TestResult {
        let out = sylvan(&["sim", "toy", "-n", "50", "--bots", "heuristic,random"], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        let s = text(&out.stdout);
        for needle in ["wins by seat:", "wins by bot:", "heuristic", "mean score:", "games/s", "moves/s"] {
            assert!(s.contains(needle), "{needle} missing from {s}");
        }
        Ok(())
    }

    #[test]
    fn verbose_prints_one_line_per_decision_with_search_statistics() -> TestResult {
        let out = sylvan(&["sim", "toy", "-n", "3", "--bots", "ismcts:iters=40,random", "--verbose", "--json"], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        let r: Value = serde_json::from_slice(&out.stdout)?;
        let moves = r["mean_moves"].as_f64().unwrap_or(0.0) * 3.0;
        let err = text(&out.stderr);
        let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(lines.len() as f64, moves, "{err}");
        let searched: Vec<&&str> = lines.iter().filter(|l| l.contains(" p0 ismcts ")).collect();
        assert!(!searched.is_empty(), "{err}");
        let mut full = 0;
        for l in searched {
            if l.contains("[1 legal]") {
                assert!(l.ends_with("(1 decision, none searched (a single legal action))"), "{l}");
                continue;
            }
            full += 1;
            for needle in ["40 iterations in", "iterations/s", "determinizations/s", " tree nodes"] {
                assert!(l.contains(needle), "{needle} missing from {l}");
            }
        }
        assert!(full > 0, "{err}");
        for l in lines.iter().filter(|l| l.contains(" p1 random ")) {
            assert!(!l.contains("iterations"), "{l}");
        }
        Ok(())
    }

    #[test]
    fn cards_flag_loads_a_card_file_and_names_a_bad_one() -> TestResult {
        let base = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/mystic-vale/data/base.toml");
        let r = sim_json(&["sim", "mystic-vale", "-n", "2", "--cards", base, "--json"])?;
        assert_eq!(r["games"], 2);
        let bad = scratch("bad-cards.toml");
        std::fs::write(&bad, "this is = = not toml\n")?;
        let bad_name = bad.display().to_string();
        assert_error(&["sim", "mystic-vale", "-n", "2", "--cards", &bad_name], &bad_name)?;
        assert_error(&["sim", "equinox", "--cards", base], "equinox has no option `cards`")
    }

    #[test]
    fn every_listed_game_simulates() -> TestResult {
        for name in game_names()? {
            let r = sim_json(&["sim", &name, "-n", "20", "--bots", "heuristic", "--json"])?;
            assert_eq!(r["games"], 20, "{name}");
        }
        Ok(())
    }
}

mod bench {
    use super::*;

    #[test]
    fn json_report_and_a_stable_checksum() -> TestResult {
        let run = || -> Result<Value, Box<dyn Error>> {
            let out = sylvan(&["bench", "toy", "--games", "300", "--players", "2", "--seed", "7", "--json"], "")?;
            assert!(out.status.success(), "{}", text(&out.stderr));
            Ok(serde_json::from_slice(&out.stdout)?)
        };
        let (a, b) = (run()?, run()?);
        for key in ["games_per_sec", "moves_per_sec", "ns_per_move"] {
            assert!(a[key].as_f64().is_some_and(|v| v > 0.0), "{key} in {a}");
        }
        assert_eq!(a["moves"], 1800);
        assert_eq!(a["score_sum"], b["score_sum"]);
        assert_eq!(a["score_sum"], 900.0, "every trick is won by someone");
        Ok(())
    }
}

mod errors {
    use super::*;

    #[test]
    fn unknown_game() -> TestResult {
        for sub in ["sim", "bench", "play"] {
            assert_error(&[sub, "chess"], "unknown game `chess` (known games:")?;
        }
        Ok(())
    }

    #[test]
    fn bad_player_count() -> TestResult {
        assert_error(&["sim", "toy", "--players", "9"], "toy is played by 2 to 4 players, not 9")?;
        assert_error(&["bench", "toy", "-p", "1"], "not 1")?;
        assert_error(&["play", "toy", "-p", "5"], "not 5")
    }

    #[test]
    fn bad_bots() -> TestResult {
        assert_error(&["sim", "toy", "--bots", "zzz"], "unknown bot `zzz`")?;
        assert_error(&["sim", "toy", "--bots", "ismcts:iters=0"], "bot `ismcts`")?;
        assert_error(&["sim", "toy", "--bots", "robot"], "bot `robot` is not available for toy")?;
        assert_error(&["sim", "toy", "--bots", "random,random,random"], "3 bot specs for 2 seats")?;
        assert_error(&["play", "toy", "-p", "3", "--bots", "random,random,random"], "3 bot specs for 2 bot seats")?;
        assert_error(&["sim", "toy", "--bots", "random:x=1"], "bot `random`: takes no parameters")
    }

    #[test]
    fn bad_seat_and_options() -> TestResult {
        assert_error(&["play", "toy", "--seat", "p2"], "seat `p2` does not exist")?;
        assert_error(&["play", "toy", "--seat", "me"], "seat `me` is not a seat number")?;
        assert_error(&["sim", "toy", "-o", "colour=red"], "toy has no option `colour`")?;
        assert_error(&["sim", "toy", "-o", "hand_size=9"], "hand_size")
    }

    #[test]
    fn usage_errors_exit_2() -> TestResult {
        for args in [&["sim", "toy", "--games", "0"][..], &["sim"], &["frobnicate"], &["sim", "toy", "--games", "x"]] {
            let out = sylvan(args, "")?;
            assert_eq!(out.status.code(), Some(2), "{args:?}");
        }
        Ok(())
    }

    #[test]
    fn unreadable_and_malformed_records() -> TestResult {
        let missing = scratch("missing.json");
        assert_error(&["replay", &missing.to_string_lossy()], "cannot read")?;
        let cases = [
            ("junk", "{ not json", "malformed JSON"),
            ("nogame", "{\"actions\": []}", "no `game` field"),
            ("othergame", "{\"game\": \"chess\"}", "unknown game `chess`"),
            ("shape", "{\"game\": \"toy\", \"actions\": 3}", "malformed record"),
        ];
        for (name, body, needle) in cases {
            let path = scratch(&format!("{name}.json"));
            std::fs::write(&path, body)?;
            let p = path.to_string_lossy();
            assert_error(&["replay", &p], needle)?;
            assert_error(&["replay", &p], &p)?;
        }
        Ok(())
    }

    #[test]
    fn illegal_action_names_its_step() -> TestResult {
        let path = scratch("illegal.json");
        let record = r#"{"game":"toy","engine_version":"0.1.0","options":{"players":2,"hand_size":3},
            "start":{"setup":{"setup":{"hands":[[0,3,7],[1,2,6]],"leader":0},"seed":0}},
            "actions":["c7","c1","c3","c31"]}"#;
        std::fs::write(&path, record)?;
        assert_error(&["replay", &path.to_string_lossy()], "action 3 `c31` is illegal: p1 does not hold c31")?;
        let bad = record.replace("c31", "x9");
        std::fs::write(&path, bad)?;
        assert_error(&["replay", &path.to_string_lossy()], "action 3 `x9`")?;
        // Scores for a game its actions do not finish (issue 13: this once replayed as a success).
        let unfinished = record.replace(",\"c31\"]", "],\"scores\":[5.0,0.0]");
        std::fs::write(&path, unfinished)?;
        assert_error(&["replay", &path.to_string_lossy()], "record states scores [5.0, 0.0] but the game is not over")?;
        let finished = record.replace(",\"c31\"]", ",\"c2\",\"c0\",\"c6\"],\"scores\":[5.0,0.0]");
        std::fs::write(&path, finished)?;
        assert_error(&["replay", &path.to_string_lossy()], "record says the scores are [5.0, 0.0]")
    }
}

mod play {
    use super::*;

    #[test]
    fn french_screens_notation_help_and_the_breakdown_at_the_end() -> TestResult {
        for name in game_names()? {
            let input = format!("help\n{}", "1\n".repeat(20_000));
            let out = sylvan(&["play", &name, "--seed", "4", "--bots", "random", "--lang", "fr"], &input)?;
            let s = text(&out.stdout);
            assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
            for needle in [
                "à vous de jouer\u{a0}:",
                "partie terminée après",
                "scores finaux\u{a0}:",
                "\ntotal ",
                "liste les notations",
            ] {
                assert!(s.contains(needle), "{name}: no `{needle}` in {}", &s[s.len().saturating_sub(3000)..]);
            }
            assert!(!s.contains("your move") && !s.contains("final scores"), "{name}: English in the French screen");
            assert!(!s.contains(" :"), "{name}: a colon after an ordinary space (ruling L7)");
            assert!(!s.contains('\x1b'), "{name}: colour codes when the output is not a terminal");
        }
        let out = sylvan(&["play", "equinox", "--seed", "1"], "help\nquit\n")?;
        let s = text(&out.stdout);
        assert!(s.contains("predict CRE") && s.contains("swap CRE rA rB"), "help lists every notation: {s}");
        assert!(s.contains("you left the game at move 0") && !s.contains("Quit"), "{s}");
        // A bad language is a usage error from the argument parser (exit 2), naming what is expected.
        let out = sylvan(&["play", "equinox", "--lang", "de"], "")?;
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).starts_with("error: ") && text(&out.stderr).contains("`en`, `fr` or `en-XA`"));
        Ok(())
    }

    #[test]
    fn always_typing_1_finishes_and_the_record_replays() -> TestResult {
        for name in game_names()? {
            let path = scratch(&format!("{name}-played.json"));
            let file = path.to_string_lossy();
            let ones = "1\n".repeat(20_000);
            let out = sylvan(&["play", &name, "--seed", "3", "--bots", "random", "--record", &file], &ones)?;
            let stdout = text(&out.stdout);
            assert_eq!(out.status.code(), Some(0), "{name}: {}", text(&out.stderr));
            assert!(stdout.contains("final scores:"), "{name}: {stdout}");
            assert!(stdout.contains("your move:"), "{name}: the human was asked");
            let record: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
            assert_eq!(record["game"].as_str(), Some(name.as_str()));
            assert!(record["scores"].is_array(), "a finished game records its scores");

            let replayed = sylvan(&["replay", &file], "")?;
            assert!(replayed.status.success(), "{name}: {}", text(&replayed.stderr));
            let r = text(&replayed.stdout);
            assert!(r.contains("game over") && r.contains("final scores:"), "{r}");
            assert!(r.contains("== view of p0 ==") && r.contains("== view of p1 =="), "{r}");

            let json = sylvan(&["replay", &file, "--json", "--view", "p1"], "")?;
            assert!(json.status.success());
            let j: Value = serde_json::from_slice(&json.stdout)?;
            assert_eq!(j["over"], true);
            assert!(j.get("view").is_some() && j.get("state").is_none(), "{j}");
            assert_eq!(j["scores"], record["scores"]);
        }
        Ok(())
    }

    #[test]
    fn the_solo_robot_seat_is_named_and_cannot_be_taken() -> TestResult {
        let out = sylvan(&["play", "spirit-duel", "--solo", "--seed", "1"], "quit\n")?;
        let s = text(&out.stdout);
        assert!(s.starts_with("spirit-duel, 2 players, seed 1: p0 you, p1 the Robot (played by the game)"), "{s}");
        assert_error(&["play", "spirit-duel", "--solo", "--seat", "1"], "--seat p1: that seat is the Robot")
    }

    #[test]
    fn same_seed_and_same_input_same_game() -> TestResult {
        let ones = "1\n".repeat(100);
        let a = sylvan(&["play", "toy", "--seed", "11", "-p", "3", "--seat", "p2"], &ones)?;
        let b = sylvan(&["play", "toy", "--seed", "11", "-p", "3", "--seat", "2"], &ones)?;
        assert!(a.status.success());
        assert_eq!(a.stdout, b.stdout);
        Ok(())
    }

    #[test]
    fn bad_input_reprompts_and_notation_works() -> TestResult {
        // With seed 5 and the heuristic bot, p0 first holds c0 c2 c4 (see the first prompt).
        let script = "\nhelp\nfoo\n0\n99\nc31\nview\nc4\n1\n1\n1\n";
        let out = sylvan(&["play", "toy", "--seed", "5"], script)?;
        let s = text(&out.stdout);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(s.contains("your hand: c0 c2 c4"), "{s}");
        assert!(s.contains("cannot read `foo`"), "{s}");
        assert!(s.contains("no action number 0: choose 1 to 3"), "{s}");
        assert!(s.contains("no action number 99"), "{s}");
        assert!(s.contains("`c31` is not one of your legal actions now"), "{s}");
        assert!(s.contains("p0 plays c4"), "the typed notation was played: {s}");
        assert!(s.contains("final scores:"), "{s}");
        Ok(())
    }

    #[test]
    fn only_the_humans_view_is_shown() -> TestResult {
        let out = sylvan(&["play", "toy", "--seed", "5", "-p", "4"], &"1\n".repeat(50))?;
        let s = text(&out.stdout);
        assert!(s.contains("you are p0"));
        assert!(!s.contains("you are p1") && !s.contains("you are p2"), "{s}");
        Ok(())
    }

    #[test]
    fn quit_and_end_of_input_save_unfinished_games() -> TestResult {
        let path = scratch("quit.json");
        let file = path.to_string_lossy();
        let out = sylvan(&["play", "toy", "--seed", "8", "--record", &file], "1\nquit\n")?;
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
        assert!(record.get("scores").is_none(), "an unfinished game has no scores");
        let replayed = sylvan(&["replay", &file], "")?;
        assert!(replayed.status.success(), "{}", text(&replayed.stderr));
        assert!(text(&replayed.stdout).contains("to move"));

        let eof = scratch("eof.json");
        let out = sylvan(&["play", "toy", "--seed", "8", "--record", &eof.to_string_lossy()], "1\n")?;
        assert_eq!(out.status.code(), Some(0));
        assert!(eof.exists());

        let out = sylvan(&["play", "toy", "--seed", "8"], "1\n")?;
        assert_eq!(out.status.code(), Some(1), "end of input with nothing saved");
        assert!(text(&out.stderr).starts_with("error: input ended at move"), "{}", text(&out.stderr));
        Ok(())
    }

    #[test]
    fn record_to_an_unwritable_path_is_an_error() -> TestResult {
        let dir = scratch("no-such-dir").join("r.json");
        let out = sylvan(&["play", "toy", "--seed", "1", "--record", &dir.to_string_lossy()], "quit\n")?;
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("cannot write the record"), "{}", text(&out.stderr));
        Ok(())
    }
}

mod replay {
    use super::*;

    #[test]
    fn upto_stops_early_and_view_picks_a_seat() -> TestResult {
        let path = scratch("upto.json");
        let file = path.to_string_lossy();
        let out = sylvan(&["play", "toy", "--seed", "2", "--record", &file], &"1\n".repeat(10))?;
        assert!(out.status.success());
        let r = sylvan(&["replay", &file, "--upto", "2", "--view", "1"], "")?;
        let s = text(&r.stdout);
        assert!(r.status.success(), "{}", text(&r.stderr));
        assert!(s.contains("2 moves replayed") && s.contains("current scores"), "{s}");
        assert!(s.contains("== view of p1 ==") && !s.contains("== view of p0 =="), "{s}");
        assert_error(&["replay", &file, "--upto", "99"], "the record has only 6 actions")?;
        assert_error(&["replay", &file, "--view", "p7"], "seat `p7` does not exist")
    }
}

mod cards {
    use super::*;

    const MV: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/mystic-vale/data/base.toml");

    fn con_file() -> Result<String, Box<dyn Error>> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/command-of-nature/data");
        let mut text = String::new();
        for name in ["sages.toml", "elementals.toml", "commands.toml"] {
            text += &std::fs::read_to_string(format!("{dir}/{name}"))?;
            text.push('\n');
        }
        Ok(text)
    }

    #[test]
    fn list_filters_by_provenance() -> TestResult {
        let out = sylvan(&["cards", "list", "mystic-vale", "--provenance", "provisional"], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        let s = text(&out.stdout);
        let fields: Vec<&str> = s.lines().filter(|l| l.starts_with("    ")).collect();
        assert!(!fields.is_empty(), "{s}");
        assert!(fields.iter().all(|l| l.contains("[provisional")), "{s}");
        let out = sylvan(&["cards", "list", "command-of-nature"], "")?;
        assert!(text(&out.stdout).starts_with("base: ok: 86 cards"), "{}", text(&out.stdout));
        assert_error(&["cards", "list", "equinox"], "`equinox` has no card database")?;
        assert_error(&["cards", "list", "mystic-vale", "--provenance", "guess"], "--provenance `guess`")
    }

    #[test]
    fn check_accepts_the_shipped_files_and_names_the_line_of_an_error() -> TestResult {
        let out = sylvan(&["cards", "check", MV], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("ok: 37 advancement titles, 22 vale titles"), "{}", text(&out.stdout));
        // The French overlay's coverage of the file's cards: every card from a source or a known gap.
        let fr = "`fr` (`crates/mystic-vale/i18n/fr/cards.toml`): of 59 cards, ";
        let listing = text(&out.stdout);
        let line = listing.lines().find(|l| l.starts_with(fr)).unwrap_or_else(|| panic!("no coverage: {listing}"));
        let numbers: Vec<usize> =
            line[fr.len()..].split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
        // sourced, gaps, translated, missing
        assert!(numbers.len() == 4 && numbers[0] >= 30 && numbers[0] + numbers[1] == 59 && numbers[3] == 0, "{line}");

        let con = scratch("con.toml");
        std::fs::write(&con, con_file()?)?;
        let con_name = con.display().to_string();
        let out = sylvan(&["cards", "check", &con_name], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("ok: 86 cards (64 elementals, 22 commands)"), "{}", text(&out.stdout));
        // No French source names Command of Nature's cards: each is a known gap with Sylvan's translation.
        let coverage = "`fr` (`crates/command-of-nature/i18n/fr/cards.toml`): of 86 cards, 0 with words from a source, \
                        86 known gaps (`none`; 86 of them with Sylvan's own translation), 0 with no entry";
        assert!(text(&out.stdout).contains(coverage), "{}", text(&out.stdout));
        let out = sylvan(&["cards", "check", &con_name, "--lang", "fr"], "")?;
        assert!(
            text(&out.stdout).contains("sur 86 cartes, 0 avec des mots tirés d'une source, 86 lacunes"),
            "{}",
            text(&out.stdout)
        );

        // A market card made free: the error names the file, the line and the field.
        let text_in = con_file()?;
        let line = text_in.lines().position(|l| l.trim() == "cost = 3").map_or(0, |i| i + 1);
        assert!(line > 0);
        let bad = scratch("con-bad.toml");
        std::fs::write(&bad, text_in.replacen("cost = 3", "cost = 0", 1))?;
        let bad_name = bad.display().to_string();
        assert_error(&["cards", "check", &bad_name], &format!("{bad_name}:{line}: cost:"))?;

        let mv_bad = scratch("mv-bad.toml");
        std::fs::write(&mv_bad, std::fs::read_to_string(MV)?.replacen("level = 1", "level = 9", 1))?;
        let mv_bad_name = mv_bad.display().to_string();
        assert_error(&["cards", "check", &mv_bad_name], &mv_bad_name)?;
        assert_error(&["cards", "check", MV, "--game", "equinox"], "--game `equinox` has no card files")
    }
}

/// Issue 13: hostile inputs give exit 0 or one short `error:` line (exit 2), in bounded time, without
/// losing a game.
mod issue13 {
    use super::*;

    #[test]
    fn special_files_are_refused_at_once() -> TestResult {
        assert_error(&["cards", "check", "/dev/zero"], "/dev/zero: cannot read: not a regular file")?;
        assert_error(&["cards", "check", "--game", "mystic-vale", "/dev/zero"], "not a regular file")?;
        assert_error(&["cards", "list", "mystic-vale", "--cards", "/dev/zero"], "not a regular file")?;
        assert_error(&["sim", "command-of-nature", "-n", "1", "-o", "cards=/dev/zero"], "not a regular file")?;
        assert_error(&["replay", "/dev/zero"], "/dev/zero: cannot read: not a regular file")
    }

    #[test]
    fn huge_game_counts_are_usage_errors() -> TestResult {
        for cmd in ["sim", "tournament", "bench"] {
            let mut args = vec![cmd, "equinox", "-n", "18446744073709551615"];
            if cmd == "tournament" {
                args.extend(["--bots", "random,random"]);
            }
            let out = sylvan(&args, "")?;
            assert_eq!(out.status.code(), Some(2), "{cmd}: {}", text(&out.stderr));
            assert!(text(&out.stderr).contains("is not in 1..=100000000"), "{cmd}: {}", text(&out.stderr));
        }
        Ok(())
    }

    #[test]
    fn turn_limit_zero_is_an_option_error_without_a_seed() -> TestResult {
        assert_error(
            &["sim", "command-of-nature", "-n", "5", "-o", "turn_limit=0"],
            "turn_limit`: 0 is not 1..=100000",
        )?;
        let out = sylvan(&["play", "command-of-nature", "-o", "turn_limit=0"], "quit\n")?;
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2));
        assert!(err.contains("turn_limit") && !err.contains("seed"), "{err}");
        Ok(())
    }

    #[test]
    fn play_survives_invalid_utf8_and_saves_the_record() -> TestResult {
        let path = scratch("utf8.json");
        let file = path.to_string_lossy();
        let mut child = Command::new(env!("CARGO_BIN_EXE_sylvan"))
            .args(["play", "toy", "--seed", "1", "--record", &file])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        if let Some(mut input) = child.stdin.take() {
            input.write_all(b"pl\xffay\n1\n")?;
        }
        let out = child.wait_with_output()?;
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("cannot read `pl\u{fffd}ay`"), "{}", text(&out.stdout));
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
        let actions = record["actions"].as_array().map_or(0, Vec::len);
        assert!(actions >= 1, "the move after the bad line is played and saved: {record}");
        Ok(())
    }

    #[test]
    fn an_unwritable_record_is_found_before_the_game() -> TestResult {
        let path = scratch("no-dir").join("r.json");
        let out = sylvan(&["play", "toy", "--seed", "1", "--record", &path.to_string_lossy()], "1\n1\n1\n")?;
        assert_eq!(out.status.code(), Some(2));
        assert!(!text(&out.stdout).contains("your move"), "no move was asked: {}", text(&out.stdout));
        assert!(text(&out.stderr).contains("cannot write the record"), "{}", text(&out.stderr));
        Ok(())
    }

    fn record_file(name: &str, edit: impl Fn(&mut Value)) -> Result<String, Box<dyn Error>> {
        let out = sylvan(
            &["play", "spirit-duel", "--seed", "3", "--record", &scratch("base.json").to_string_lossy()],
            "quit\n",
        )?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut record: Value = serde_json::from_str(&std::fs::read_to_string(scratch("base.json"))?)?;
        edit(&mut record);
        let path = scratch(name);
        std::fs::write(&path, record.to_string())?;
        Ok(path.to_string_lossy().into_owned())
    }

    #[test]
    fn setup_errors_are_said_once() -> TestResult {
        let p = record_file("setup-once.json", |r| r["options"]["team"] = "c".into())?;
        let out = sylvan(&["replay", &p], "")?;
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2));
        let body = err.trim_start_matches("error: ");
        let first = body.split(": ").nth(1).unwrap_or("");
        assert_eq!(err.matches(first).count(), 1, "{err}");
        let p = record_file("notation-once.json", |r| r["actions"] = serde_json::json!(["blah"]))?;
        let out = sylvan(&["replay", &p], "")?;
        // The catalog's form (engine-cannot-read), as `play` says it.
        assert_eq!(text(&out.stderr).matches("cannot read `blah`").count(), 1, "{}", text(&out.stderr));
        Ok(())
    }

    #[test]
    fn records_are_quoted_short_and_checked() -> TestResult {
        let p = record_file("huge-action.json", |r| r["actions"] = serde_json::json!(["x".repeat(5_000_000)]))?;
        let out = sylvan(&["replay", &p], "")?;
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stderr.len() < 1_000, "{} bytes of stderr", out.stderr.len());
        let p = record_file("start.json", |r| r["start"] = serde_json::json!({}))?;
        assert_error(&["replay", &p], "`start` must be {\"seed\": {\"seed\": N}}")?;
        let p = record_file("scores.json", |r| r["scores"] = serde_json::json!([0, 0]))?;
        assert_error(&["replay", &p], "the game is not over")?;
        let p = record_file("version.json", |r| r["engine_version"] = "99.0.0".into())?;
        assert_error(&["replay", &p], "newer than this engine")?;
        // A byte-order mark before the JSON is fine.
        let bom = scratch("bom.json");
        let body = std::fs::read_to_string(record_file("plain.json", |_| {})?)?;
        std::fs::write(&bom, format!("\u{feff}{body}"))?;
        let out = sylvan(&["replay", &bom.to_string_lossy()], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        Ok(())
    }

    #[test]
    fn comma_lists_and_the_help_example() -> TestResult {
        assert_error(&["sim", "equinox", "-n", "1", "-o", "champions=1,2,3"], "cannot read \"1\": a creature code")?;
        let out = sylvan(&["sim", "equinox", "-n", "1", "-o", "champions=gru,lic,pan,gri,bic,duc,car,bol"], "")?;
        assert!(out.status.success(), "{}", text(&out.stderr));
        let help = text(&sylvan(&["sim", "--help"], "")?.stdout);
        assert!(help.contains("-o ancestors=2") && !help.contains("hand_size=5"), "{help}");
        let out = sylvan(&["sim", "equinox", "-n", "1", "-o", "ancestors=2"], "")?;
        assert!(out.status.success(), "the help's example works: {}", text(&out.stderr));
        Ok(())
    }

    #[test]
    fn a_partial_command_of_nature_file_gets_its_own_error() -> TestResult {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/command-of-nature/data/commands.toml");
        let text_in = std::fs::read_to_string(dir)?;
        let partial = scratch("partial.toml");
        std::fs::write(&partial, &text_in[..text_in.len() / 2])?;
        let out = sylvan(&["cards", "check", &partial.to_string_lossy()], "")?;
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2));
        assert!(!err.contains("advancement") && !err.contains("vale"), "not a Mystic Vale error: {err}");
        let headless = scratch("headless.toml");
        std::fs::write(&headless, "name = \"Cedar\"\n")?;
        assert_error(&["cards", "check", &headless.to_string_lossy()], "no card section of any game found; use --game")
    }
}
