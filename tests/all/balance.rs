//! `sylvan balance` end to end: identical card files give exact zeros, a deliberately strong card is
//! flagged in a small run, option sets on every game, results independent of threads, `--until-ci`, clear
//! errors, and the HTML report in headless Chromium (`#[ignore]`d: `cargo test --release -p sylvan
//! --test all -- --ignored balance_report_` once Chromium is installed).

use std::error::Error;
use std::path::{Path, PathBuf};
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

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sylvan-balance-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    dir.join(name)
}

fn mystic_vale_base() -> Result<String, Box<dyn Error>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/mystic-vale/data/base.toml");
    Ok(std::fs::read_to_string(path)?)
}

/// The base set with Cleansing Rain made absurdly strong: cost 0 and 9 VP at the end of the game.
fn strong_card_file() -> Result<PathBuf, Box<dyn Error>> {
    let base = mystic_vale_base()?;
    let start = base.find("key = \"cleansing-rain\"").ok_or("no Cleansing Rain")?;
    let end = start + base[start..].find("[advancement.source]").ok_or("no source table")?;
    let card = base[start..end].replace("cost = 3", "cost = 0").replace("vp_end = 0", "vp_end = 9");
    assert_ne!(card, base[start..end], "the card changed");
    let path = scratch("strong.toml");
    std::fs::write(&path, format!("{}{card}{}", &base[..start], &base[end..]))?;
    Ok(path)
}

fn all_metrics(r: &Value) -> Vec<&Value> {
    ["facts", "bots", "cards"].iter().flat_map(|k| r[k].as_array().into_iter().flatten()).collect()
}

#[test]
fn identical_card_files_give_differences_of_exactly_zero() -> TestResult {
    let base = scratch("base.toml");
    std::fs::write(&base, mystic_vale_base()?)?;
    let a = format!("cards={}", base.display());
    let r = json(&["balance", "mystic-vale", "--a", &a, "--b", &a, "-n", "6", "--json"])?;
    assert_eq!(r["games"], 6);
    assert_eq!(r["identical_games"], 6, "paired seeds replay the same game under A and B");
    assert_eq!(r["flagged"], 0);
    let metrics = all_metrics(&r);
    assert!(r["cards"].as_array().is_some_and(|c| c.len() > 100), "card metrics are reported");
    for m in metrics {
        assert_eq!(m["diff"], 0.0, "{m}");
        assert_eq!(m["diff_ci"], serde_json::json!([0.0, 0.0]), "{m}");
    }
    assert!(r["summary"][0].as_str().unwrap_or("").contains("identical games"), "{}", r["summary"]);
    Ok(())
}

#[test]
fn a_deliberately_strong_card_is_flagged_in_a_small_run() -> TestResult {
    let strong = strong_card_file()?;
    let b = format!("cards={}", strong.display());
    let r = json(&["balance", "mystic-vale", "--b", &b, "-n", "40", "--json"])?;
    let rain: Vec<&Value> =
        r["cards"].as_array().into_iter().flatten().filter(|m| m["row"] == "L1 Cleansing Rain").collect();
    let flagged: Vec<&&Value> = rain.iter().filter(|m| m["flagged"] == true).collect();
    assert!(!flagged.is_empty(), "Cleansing Rain at cost 0 and 9 VP is not flagged: {rain:?}");
    let buyers = rain.iter().find(|m| m["column"] == "score, buyers").ok_or("no buyers' score")?;
    assert!(buyers["diff"].as_f64().unwrap_or(0.0) > 5.0, "its buyers score more: {buyers}");
    let summary = r["summary"].as_array().ok_or("no summary")?;
    assert!(summary.iter().any(|l| l.as_str().unwrap_or("").contains("Cleansing Rain")), "{summary:?}");
    // Its 9 printed VP are its buyers' score contribution under B, none under A; offered at cost 0,
    // it is taken more often.
    let column = |c: &str| rain.iter().find(|m| m["column"] == c).ok_or(format!("no `{c}`"));
    let contribution = column("score from it, per buyer")?;
    assert_eq!(contribution["a"]["value"], 0.0, "{contribution}");
    assert!(contribution["b"]["value"].as_f64().unwrap_or(0.0) >= 9.0, "{contribution}");
    let taken = column("taken when offered (rate)")?;
    assert!(taken["diff"].as_f64().unwrap_or(0.0) > 0.0, "{taken}");
    // Every row of the drawn table is a title drawn in some game, with rates in [0, 1].
    let drawn: Vec<&Value> = r["cards"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["table"] == "advancements: improvement when drawn" && m["column"] == "drawn in game")
        .collect();
    assert!(drawn.len() > 20, "titles drawn: {}", drawn.len());
    assert!(drawn.iter().all(|m| (0.0..=1.0).contains(&m["b"]["value"].as_f64().unwrap_or(-1.0))));
    Ok(())
}

/// The end triggers of each game, as the facts report them: the shares of one arm add up to 1.
#[test]
fn end_triggers_of_every_game_add_up_to_every_game() -> TestResult {
    for (game, b, trigger) in [
        ("mystic-vale", "buy_vp=true", "VP pool emptied"),
        ("equinox", "ancestors=3", "fifth round ended"),
        ("command-of-nature", "turn_limit=20", "turn limit reached"),
        ("spirit-duel", "team=b", "every enemy spirit destroyed"),
    ] {
        let r = json(&["balance", game, "--b", b, "-n", "6", "--json"])?;
        let ends: Vec<&Value> =
            r["facts"].as_array().into_iter().flatten().filter(|m| m["table"] == "end triggers").collect();
        assert!(ends.iter().any(|m| m["row"] == trigger), "{game}: {trigger} in {ends:?}");
        for arm in ["a", "b"] {
            let total: f64 = ends.iter().map(|m| m[arm]["value"].as_f64().unwrap_or(0.0)).sum();
            assert!((total - 1.0).abs() < 1e-9, "{game} {arm}: the shares add up to {total}");
        }
        let summary = r["summary"].as_array().ok_or("summary")?;
        assert!(summary.iter().any(|l| l.as_str().unwrap_or("").starts_with("Games ended by: ")), "{summary:?}");
    }
    // A turn limit of 1 ends every Command of Nature game by the limit under B.
    let r = json(&["balance", "command-of-nature", "--b", "turn_limit=1", "-n", "4", "--json"])?;
    let limit = r["facts"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|m| m["table"] == "end triggers" && m["row"] == "turn limit reached")
        .ok_or("no turn-limit row")?;
    assert_eq!(limit["b"]["value"], 1.0, "{limit}");
    Ok(())
}

/// The spirit duel reports card metrics: drawn, played, spirits.
#[test]
fn spirit_duel_card_metrics() -> TestResult {
    let r = json(&["balance", "spirit-duel", "--bots", "random,heuristic", "-n", "8", "--json"])?;
    let cards = r["cards"].as_array().ok_or("cards")?;
    for table in ["cards drawn: improvement when drawn", "cards played: impact", "spirits: survival and impact"] {
        assert!(cards.iter().any(|m| m["table"] == table), "{table} is reported");
    }
    assert!(cards.iter().all(|m| m["diff"] == 0.0), "A and B are the same");
    Ok(())
}

/// The ladder carries Bradley–Terry ratings with intervals: the stronger bot rates above the weaker
/// under both arms, and identical arms give a difference of exactly zero.
#[test]
fn the_ladder_has_bradley_terry_ratings() -> TestResult {
    let r = json(&["balance", "toy", "--bots", "random,heuristic", "-n", "60", "--json"])?;
    let rating = |bot: &str| {
        r["bots"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|m| m["row"] == bot && m["column"] == "rating (Bradley-Terry, Elo scale)")
            .cloned()
            .ok_or(format!("no rating for {bot}"))
    };
    let (random, heuristic) = (rating("random")?, rating("heuristic")?);
    for arm in ["a", "b"] {
        let (h, x) = (heuristic[arm]["value"].as_f64().unwrap_or(0.0), random[arm]["value"].as_f64().unwrap_or(0.0));
        assert!(h > x, "heuristic {h} against random {x}");
        let ci = &heuristic[arm]["ci"];
        assert!(ci[0].as_f64().unwrap_or(f64::NAN) <= h && h <= ci[1].as_f64().unwrap_or(f64::NAN), "{ci}");
    }
    assert_eq!(heuristic["diff"], 0.0);
    let summary = r["summary"].as_array().ok_or("summary")?;
    assert!(summary.iter().any(|l| l.as_str().unwrap_or("").starts_with("Ladder (Bradley-Terry")), "{summary:?}");
    Ok(())
}

#[test]
fn command_of_nature_card_files_and_card_metrics() -> TestResult {
    // One card file holding the three sections of the embedded data, under both arms.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/command-of-nature/data");
    let mut text = String::new();
    for name in ["elementals.toml", "commands.toml", "sages.toml"] {
        text.push_str(&std::fs::read_to_string(dir.join(name))?);
        text.push('\n');
    }
    let path = scratch("con.toml");
    std::fs::write(&path, text)?;
    let arm = format!("cards={}", path.display());
    let r = json(&["balance", "command-of-nature", "--a", &arm, "--b", &arm, "-n", "4", "--json"])?;
    assert_eq!(r["identical_games"], 4);
    let cards = r["cards"].as_array().ok_or("cards")?;
    for table in ["market cards: taken and impact", "cards played: impact"] {
        assert!(cards.iter().any(|m| m["table"] == table), "{table} is reported");
    }
    assert!(cards.iter().all(|m| m["diff"] == 0.0));
    Ok(())
}

#[test]
fn option_sets_on_every_game() -> TestResult {
    for (game, b) in [
        ("mystic-vale", "buy_vp=true"),
        ("equinox", "ancestors=3"),
        ("command-of-nature", "turn_limit=20"),
        ("spirit-duel", "team=b"),
    ] {
        let r = json(&["balance", game, "--b", b, "-n", "4", "--json"])?;
        assert_eq!(r["games"], 4, "{game}");
        assert_eq!(r["b"]["label"], b);
        let facts = r["facts"].as_array().ok_or("facts")?;
        for column in ["first-seat win rate", "moves per game", "score spread (best - worst)"] {
            assert!(facts.iter().any(|m| m["column"] == column), "{game}: {column}");
        }
        assert!(r["bots"].as_array().is_some_and(|b| !b.is_empty()), "{game}: the ladder");
    }
    Ok(())
}

#[test]
fn results_do_not_depend_on_threads() -> TestResult {
    let args =
        ["balance", "toy", "--bots", "random,heuristic", "--b", "hand_size=5", "-n", "40", "--seed", "9", "--json"];
    let mut one = json(&[&args[..], &["--threads", "1"]].concat())?;
    let mut two = json(&[&args[..], &["--threads", "2"]].concat())?;
    for r in [&mut one, &mut two] {
        r["seconds"] = Value::Null;
        r["threads"] = Value::Null;
    }
    assert_eq!(one, two);
    Ok(())
}

#[test]
fn until_ci_stops_when_the_intervals_are_narrow_or_at_the_cap() -> TestResult {
    let base = ["balance", "toy", "--bots", "random,heuristic", "--b", "hand_size=5", "--json"];
    let wide = json(&[&base[..], &["--until-ci", "5", "-n", "400"]].concat())?;
    assert_eq!(wide["stopped"], "interval");
    assert!(wide["games"].as_u64().unwrap_or(0) < 400, "{}", wide["games"]);
    let narrow = json(&[&base[..], &["--until-ci", "0.0001", "-n", "60"]].concat())?;
    assert_eq!(narrow["stopped"], "game cap");
    assert_eq!(narrow["games"], 60);
    Ok(())
}

#[test]
fn bad_input_gives_one_line_errors() -> TestResult {
    for (args, needle) in [
        (vec!["balance", "toy", "--until-ci", "0"], "--until-ci"),
        (vec!["balance", "toy", "--b", "speed=3"], "--b"),
        (vec!["balance", "command-of-nature", "--b", "teams=true"], "same number"),
        (vec!["balance", "mystic-vale", "--b", "cards=/nonexistent/x.toml", "-n", "2"], "x.toml"),
    ] {
        let out = sylvan(&args)?;
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle) && err.trim().lines().count() == 1, "{args:?}: {err}");
    }
    Ok(())
}

/// Renders `html` in headless Chromium at 1280 px and returns what the probe script found.
fn probe_in_chromium(html: &Path) -> Result<String, Box<dyn Error>> {
    let page = std::fs::read_to_string(html)?;
    let probe = r#"<script>window.addEventListener('load',function(){
      var doc=document.documentElement, out=[];
      out.push('overflow='+(doc.scrollWidth>window.innerWidth?doc.scrollWidth:0));
      document.querySelectorAll('svg').forEach(function(s,i){
        out.push('svg'+i+'='+s.querySelectorAll('.xtick').length+','+s.querySelectorAll('.ytick').length);
      });
      out.push('rows='+document.querySelectorAll('#cards tbody tr').length);
      var f=document.getElementById('filter'); if(f){f.value='Cleansing Rain';f.dispatchEvent(new Event('input'));}
      var shown=0; document.querySelectorAll('#cards tbody tr').forEach(function(r){if(r.style.display!=='none')shown++;});
      out.push('filtered='+shown);
      var p=document.createElement('pre'); p.id='probe'; p.textContent=out.join(';'); document.body.appendChild(p);
    });</script>"#;
    let probed = html.with_extension("probe.html");
    std::fs::write(&probed, page.replace("</body>", &format!("{probe}</body>")))?;
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let out = Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,900"])
        .args(["--virtual-time-budget=5000", "--dump-dom"])
        .arg(format!("file://{}", probed.display()))
        .output()?;
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let start = dom
        .find("<pre id=\"probe\">")
        .ok_or_else(|| format!("no probe in the page: {}", String::from_utf8_lossy(&out.stderr)))?;
    Ok(dom[start + 16..].split('<').next().unwrap_or("").to_owned())
}

#[test]
#[ignore = "needs /usr/bin/chromium: cargo test --release -p sylvan --test all -- --ignored balance_report_"]
fn balance_report_fits_1280_px_and_every_axis_has_ticks() -> TestResult {
    let strong = strong_card_file()?;
    let report = scratch("balance.html");
    let b = format!("cards={}", strong.display());
    let out = sylvan(&["balance", "mystic-vale", "--b", &b, "-n", "40", "--report", &report.display().to_string()])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let probe = probe_in_chromium(&report)?;
    let fields: Vec<(&str, &str)> = probe.split(';').filter_map(|f| f.split_once('=')).collect();
    let get = |k: &str| fields.iter().find(|(n, _)| *n == k).map(|(_, v)| *v);
    assert_eq!(get("overflow"), Some("0"), "the page is wider than 1280 px: {probe}");
    let svgs: Vec<&(&str, &str)> = fields.iter().filter(|(n, _)| n.starts_with("svg")).collect();
    assert!(!svgs.is_empty(), "a plot: {probe}");
    for (name, ticks) in svgs {
        let (x, y) = ticks.split_once(',').ok_or("ticks")?;
        assert!(x.parse::<u32>()? >= 3 && y.parse::<u32>()? >= 1, "{name}: ticks {ticks}");
    }
    let rows: u32 = get("rows").ok_or("rows")?.parse()?;
    let filtered: u32 = get("filtered").ok_or("filtered")?.parse()?;
    assert!(rows > 100 && (1..rows).contains(&filtered), "the filter keeps Cleansing Rain's rows: {probe}");
    // The tournament report too: no overflow, ticks on every histogram and rating axis.
    let tour = scratch("tournament.html");
    let out = sylvan(&[
        "tournament",
        "mystic-vale",
        "-p",
        "3",
        "--bots",
        "heuristic,easy,random",
        "-n",
        "9",
        "--report",
        &tour.display().to_string(),
    ])?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let probe = probe_in_chromium(&tour)?;
    assert!(probe.contains("overflow=0"), "tournament report: {probe}");
    Ok(())
}

/// Issue 37/38: in solo the Robot's seat is played by the game, so no bot is credited with it: each
/// bot's games are the games it sat at p0, no statistic names the Robot's seat, no two bots met (no
/// ratings), and the card metrics count one side per game (the bot's).
#[test]
fn solo_balance_credits_no_bot_at_the_robot_seat() -> TestResult {
    let r = json(&["balance", "spirit-duel", "--solo", "--bots", "heuristic,random", "-n", "6", "--json"])?;
    let metrics = all_metrics(&r);
    let find = |table: &str, row: &str, column: &str| {
        metrics.iter().find(|m| m["table"] == table && m["row"] == row && m["column"] == column).copied()
    };
    for bot in ["heuristic", "random"] {
        let win = find("bots", bot, "win rate").ok_or(format!("no win rate for {bot}"))?;
        assert_eq!(win["a"]["games"], 3, "{bot} played 3 of the 6 games, at p0 only: {win}");
        assert!(find("bots", bot, "rating (Bradley-Terry, Elo scale)").is_none(), "no two bots met");
    }
    assert!(metrics.iter().all(|m| m["row"] != "seat p1"), "no statistic of the Robot's seat");
    let first = find("game", "all games", "first-seat win rate").ok_or("no first-seat win rate")?;
    assert_eq!(first["a"]["n"], 6, "the first seat is a bot's in every game");
    // Card metrics: one side counted per game, so a card's drawers and others add up to its games.
    let cards: Vec<&&Value> = metrics.iter().filter(|m| m["table"] == "cards drawn: improvement when drawn").collect();
    assert!(!cards.is_empty());
    for m in cards.iter().filter(|m| m["column"] == "drawn in game") {
        let n = |column: &str| {
            find(m["table"].as_str().unwrap_or(""), m["row"].as_str().unwrap_or(""), column)
                .and_then(|x| x["a"]["n"].as_u64())
                .unwrap_or(0)
        };
        assert_eq!(n("win rate, drew it") + n("win rate, did not draw it"), n("drawn in game"), "{m}");
        assert!(
            find(
                m["table"].as_str().unwrap_or(""),
                m["row"].as_str().unwrap_or(""),
                "improvement when drawn (same game)"
            )
            .is_none()
        );
    }
    Ok(())
}

/// Issue 37: Equinox reports the improvement when drawn, as the other games do.
#[test]
fn equinox_reports_cards_drawn() -> TestResult {
    let r = json(&["balance", "equinox", "--bots", "random,heuristic", "-n", "4", "--json"])?;
    let drawn: Vec<&Value> =
        all_metrics(&r).into_iter().filter(|m| m["table"] == "cards drawn: improvement when drawn").collect();
    assert!(drawn.iter().any(|m| m["column"] == "improvement when drawn (same game)"), "{drawn:?}");
    assert!(drawn.iter().any(|m| m["row"].as_str().is_some_and(|r| r.starts_with("Chameleon "))), "{drawn:?}");
    Ok(())
}

/// Issue 39: `--notebook FILE --figure NAME` writes the run's headline table into the notebook's block.
#[test]
fn the_figure_is_written_into_the_notebook() -> TestResult {
    let path = scratch("notebook.md");
    let before = "# Notebook\n\n<!-- figures:lab:begin -->\nold\n<!-- figures:lab:end -->\nafter\n";
    std::fs::write(&path, before)?;
    let nb = path.display().to_string();
    let args = ["balance", "toy", "--b", "hand_size=5", "-n", "6", "--json", "--notebook", &nb, "--figure", "lab"];
    json(&args)?;
    let after = std::fs::read_to_string(&path)?;
    assert!(after.starts_with("# Notebook\n\n<!-- figures:lab:begin -->\nWritten by `sylvan balance toy"), "{after}");
    assert!(after.ends_with("<!-- figures:lab:end -->\nafter\n") && !after.contains("old"), "{after}");
    assert!(after.contains("| metric | A | B | B − A (95% interval) | changed |\n"), "{after}");
    assert!(after.contains("| first-seat win rate |") && after.contains("| moves per game |"), "{after}");
    // A missing block is refused before any game, the notebook untouched.
    let out = sylvan(&["balance", "toy", "-n", "2", "--notebook", &nb, "--figure", "nope"])?;
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no line `<!-- figures:nope:begin -->`"));
    assert_eq!(std::fs::read_to_string(&path)?, after);
    Ok(())
}
