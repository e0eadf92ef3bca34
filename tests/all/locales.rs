//! Issue 35's terminal sweeps: a whole game of Equinox, Command of Nature, the spirit duel and Mystic Vale played
//! through `sylvan play` (the human answering `1` to every decision, after `help`, `view` and two bad
//! inputs), read line by line as the player reads it.
//!
//! - In the pseudo-locale `en-XA` every word must be accented: a plain ASCII word is a string outside the
//!   catalogs. Only notations stay plain: the words of the game's action notations (card and creature
//!   codes, `play`, `done`…), anything between backticks, command-line flags, the game's and the bot's
//!   names and the row numerals II and III.
//! - In French no word of the English catalogs may appear (the words the French catalogs, the French
//!   card data and the notations also use are allowed).

use std::collections::BTreeSet;

use serde_json::{Value, json};
use sylvan_engine::Locale;
use sylvan_registry::Registry;
use sylvan_words::check::catalog_text;

use crate::cli::{sylvan, text};

/// The games swept: (name, players, seed, English catalog, French catalog).
const GAMES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "equinox",
        "3",
        "3",
        include_str!("../../crates/equinox/i18n/en/equinox.ftl"),
        include_str!("../../crates/equinox/i18n/fr/equinox.ftl"),
    ),
    (
        "command-of-nature",
        "2",
        "1",
        include_str!("../../crates/command-of-nature/i18n/en/command-of-nature.ftl"),
        include_str!("../../crates/command-of-nature/i18n/fr/command-of-nature.ftl"),
    ),
    (
        "spirit-duel",
        "2",
        "1",
        include_str!("../../crates/spirit-duel/i18n/en/spirit-duel.ftl"),
        include_str!("../../crates/spirit-duel/i18n/fr/spirit-duel.ftl"),
    ),
    (
        "mystic-vale",
        "2",
        "1",
        include_str!("../../crates/mystic-vale/i18n/en/mystic-vale.ftl"),
        include_str!("../../crates/mystic-vale/i18n/fr/mystic-vale.ftl"),
    ),
];

/// Mystic Vale's base set, a card file that checks.
const MV_BASE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/mystic-vale/data/base.toml");

const CLI_EN: &str = include_str!("../../i18n/en/cli.ftl");
const CLI_FR: &str = include_str!("../../i18n/fr/cli.ftl");
const ENGINE_EN: &str = include_str!("../../crates/words/i18n/en/engine.ftl");
const ENGINE_FR: &str = include_str!("../../crates/words/i18n/fr/engine.ftl");
/// The registry's catalogs for `sylvan cards` and bot specs: English, French.
const REGISTRY: [(&str, &str); 2] = [
    (include_str!("../../crates/registry/i18n/en/cards.ftl"), include_str!("../../crates/registry/i18n/fr/cards.ftl")),
    (include_str!("../../crates/registry/i18n/en/bots.ftl"), include_str!("../../crates/registry/i18n/fr/bots.ftl")),
];

/// The terminal of one whole game in `lang` (the game must end: exit code 0).
fn play(game: &str, players: &str, seed: &str, lang: &str) -> String {
    // `xyzzy` does not read: the game's parser says so in the player's language.
    let mut input = String::from("help\nview\n999\nxyzzy\n");
    input.push_str(&"1\n".repeat(6000));
    let out = sylvan(&["play", game, "-p", players, "--seed", seed, "--lang", lang], &input)
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    assert!(out.status.success(), "{game} {lang}: {}", text(&out.stderr));
    text(&out.stdout)
}

/// The words of `line` outside backticks: maximal runs of letters (`ascii`: ASCII letters only), two
/// letters or more.
fn words(line: &str, ascii: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut flag = false;
    let mut prev = ' ';
    for c in line.chars().chain(std::iter::once(' ')) {
        if c == '`' {
            quoted = !quoted;
        }
        let letter = if ascii { c.is_ascii_alphabetic() } else { c.is_alphabetic() };
        if letter && !prev.is_alphabetic() {
            // A command-line flag (`--record`) is a notation.
            flag = prev == '-';
        }
        prev = c;
        if letter && !quoted && !flag {
            word.push(c);
        } else {
            if word.chars().count() >= 2 {
                out.push(std::mem::take(&mut word));
            }
            word.clear();
        }
    }
    out
}

/// Every word of `game`'s action notations and help notations, in lower case.
fn notation_words(game: &str) -> BTreeSet<String> {
    let registry = Registry::standard();
    let entry = registry.get(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    let g = entry
        .game()
        .new_game(&json!({}), 1)
        .or_else(|_| entry.game().new_game(&json!({ "players": 2 }), 1))
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    let mut out = BTreeSet::new();
    for id in 0..entry.game().num_distinct_actions() {
        if let Ok(n) = g.notation(id) {
            out.extend(words(&n, false).into_iter().map(|w| w.to_lowercase()));
        }
    }
    for h in g.action_help_locale(Locale::En) {
        out.extend(words(&h.notation, false).into_iter().map(|w| w.to_lowercase()));
    }
    out.extend(words(game, false));
    out.insert("heuristic".into());
    out
}

/// In `en-XA` no plain word is left in a whole game of each game.
#[test]
fn terminal_sweep_pseudo_locale_leaves_no_plain_word() {
    let mut plain = BTreeSet::new();
    for (game, players, seed, _, _) in GAMES {
        let allowed = notation_words(game);
        let screen = play(game, players, seed, "en-XA");
        assert!(screen.lines().count() > 100, "{game}: {screen}");
        for line in screen.lines() {
            for w in words(line, true) {
                if !allowed.contains(&w.to_lowercase()) && !matches!(w.as_str(), "II" | "III") {
                    plain.insert(format!("{game}: {w} (in: {line})"));
                }
            }
        }
    }
    assert!(plain.is_empty(), "plain words in en-XA:\n{}", plain.into_iter().collect::<Vec<_>>().join("\n"));
}

fn strings(v: &Value, out: &mut String) {
    match v {
        Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// In French no word of the English catalogs appears in a whole game of each game.
/// Every string of `game`'s French card catalog (card names and texts, French or marked as having no
/// French source), one per line.
fn french_card_data(game: &str) -> String {
    let registry = Registry::standard();
    let entry = registry.get(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    let g = entry
        .game()
        .new_game(&json!({}), 1)
        .or_else(|_| entry.game().new_game(&json!({ "players": 2 }), 1))
        .unwrap_or_else(|e| panic!("{game}: {e}"));
    let mut card_data = String::new();
    strings(&g.catalog_locale(Locale::Fr), &mut card_data);
    card_data
}

#[test]
fn terminal_sweep_french_has_no_english_catalog_word() {
    let mut english_found = BTreeSet::new();
    for (game, players, seed, en, fr) in GAMES {
        let lower = |t: &str| words(t, false).into_iter().map(|w| w.to_lowercase()).collect::<BTreeSet<_>>();
        let mut allowed = notation_words(game);
        allowed.extend(lower(&catalog_text(fr)));
        allowed.extend(lower(&catalog_text(CLI_FR)));
        allowed.extend(lower(&catalog_text(ENGINE_FR)));
        let card_data = french_card_data(game);
        allowed.extend(lower(&card_data));
        let english: BTreeSet<String> =
            lower(&format!("{}\n{}\n{}", catalog_text(en), catalog_text(CLI_EN), catalog_text(ENGINE_EN)))
                .into_iter()
                .filter(|w| w.chars().count() >= 3 && !allowed.contains(w))
                .collect();
        assert!(english.len() > 30, "{game}: the English catalog words: {english:?}");
        let screen = play(game, players, seed, "fr");
        assert!(screen.lines().count() > 100, "{game}: {screen}");
        assert!(screen.contains("impossible de lire `xyzzy`\u{a0}:"), "{game}: the parse error in French: {screen}");
        for line in screen.lines() {
            for w in words(line, false) {
                if english.contains(&w.to_lowercase()) {
                    english_found.insert(format!("{game}: {w} (in: {line})"));
                }
            }
        }
    }
    assert!(
        english_found.is_empty(),
        "English words in French:\n{}",
        english_found.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The sweeps can fail: the English game's screen is full of the English catalog's plain words.
#[test]
fn terminal_sweep_finds_plain_english() {
    let (game, players, seed, en, _) = GAMES[2];
    let screen = play(game, players, seed, "en");
    let english: BTreeSet<String> = words(&catalog_text(en), true).into_iter().collect();
    let found = screen.lines().flat_map(|l| words(l, true)).filter(|w| english.contains(w)).count();
    assert!(found > 100, "{found} English catalog words in English");
}

/// The commands besides `play` swept in both languages: each a command line and what it must print
/// (`out`: standard output, else the one error line on standard error).
fn other_commands(record: &str, report: &str, cards: &[String; 3]) -> Vec<(Vec<String>, bool)> {
    let list = |a: &[&str], out: bool| (a.iter().map(|s| s.to_string()).collect::<Vec<_>>(), out);
    let [mv, con, conclaves] = [cards[0].as_str(), cards[1].as_str(), cards[2].as_str()];
    vec![
        // `cards`: the listings' words, and card files' errors (issue 35, the card-file messages).
        list(&["cards", "list", "command-of-nature"], true),
        list(&["cards", "list", "mystic-vale", "--provenance", "fan"], true),
        list(&["cards", "list", "mystic-vale", "--provenance", "guess"], false),
        list(&["cards", "check", mv], false),
        // A good card file: its summary and each language's overlay coverage.
        list(&["cards", "check", MV_BASE], true),
        list(&["cards", "check", conclaves], false),
        list(&["play", "mystic-vale", "--cards", mv], false),
        list(&["play", "command-of-nature", "--cards", con], false),
        // Bot specs that do not read, and `-v`'s search statistics (on standard error).
        list(&["sim", "equinox", "-b", "alphazero"], false),
        list(&["sim", "equinox", "-b", "ismcts:iters=0"], false),
        list(&["sim", "equinox", "-b", "flatmc:playout=smart"], false),
        list(&["sim", "spirit-duel", "--solo", "-b", "ismcts:iters=20", "-n", "1", "-t", "1", "-v"], true),
        list(&["games"], true),
        list(&["sim", "equinox", "-n", "4", "-t", "1"], true),
        list(&["sim", "spirit-duel", "--solo", "-n", "2", "-t", "1"], true),
        list(&["replay", record], true),
        list(&["analyze", record, "--bot", "ismcts:iters=20"], true),
        list(&["tournament", "equinox", "-b", "random,heuristic", "-n", "4", "-t", "1", "-v"], true),
        list(&["balance", "equinox", "--a", "dryads=2", "--b", "dryads=3", "-n", "2", "-t", "1"], true),
        list(&["balance", "equinox", "-n", "2", "-t", "1"], true),
        list(&["bench", "equinox", "-n", "3", "--dyn"], true),
        list(&["bench", "spirit-duel", "--bot", "ismcts:iters=20", "-n", "2"], true),
        list(&["ladder", report], true),
        // The errors the command line says itself, and a game's refused setup.
        list(&["sim", "equinox", "-p", "9"], false),
        // Mystic Vale's setup errors, from its catalog.
        list(&["sim", "mystic-vale", "-o", "rules=99"], false),
        list(&["sim", "mystic-vale", "-o", "sets=wild"], false),
        list(&["sim", "mystic-vale", "-o", "leaders=draft"], false),
        list(&["sim", "equinox", "-b", "random,random,random"], false),
        list(&["play", "equinox", "--seat", "x"], false),
        list(&["replay", "Cargo.toml"], false),
        list(&["replay", record, "--upto", "999999"], false),
        list(&["analyze", record, "--bot", "random,random"], false),
        // Bot specs the bots' catalog refuses, and a tournament's list that cannot make a schedule.
        list(&["analyze", record, "--bot", "ismcts:iters=many"], false),
        list(&["bench", "spirit-duel", "--bot", "nobody"], false),
        list(&["tournament", "equinox", "-b", "random,nobody"], false),
        list(&["tournament", "equinox", "-b", "random,random"], false),
        list(&["balance", "equinox", "--bots", "heuristic,heuristic", "-n", "2"], false),
        list(&["cards", "list", "equinox"], false),
        list(&["cards", "check", "Cargo.toml"], false),
        // The errors of `play` itself, `balance`, `ladder`, `bench` and `serve`.
        list(&["play", "equinox", "--seed", "1"], false),
        list(&["play", "equinox", "--record", "/"], false),
        list(&["balance", "equinox", "--until-ci", "0"], false),
        list(&["ladder", "Cargo.toml"], false),
        list(&["serve", "--db", "/"], false),
    ]
}

/// Three card files that do not validate, for Mystic Vale (an empty key), Command of Nature (an
/// elemental with no health) and Mystic Vale's conclaves (an unknown card), written once per language.
fn bad_card_files(lang: &str) -> [String; 3] {
    let dir = env!("CARGO_MANIFEST_DIR");
    let read = |p: &str| std::fs::read_to_string(format!("{dir}/{p}")).unwrap_or_else(|e| panic!("{p}: {e}"));
    let mv = read("crates/mystic-vale/data/wild.toml").replacen("key = \"bonecaster\"", "key = \"\"", 1);
    let con: String = ["elementals", "commands", "sages"]
        .iter()
        .map(|f| read(&format!("crates/command-of-nature/data/{f}.toml")))
        .collect::<Vec<_>>()
        .join("\n");
    let con = con.replacen("\nhealth = ", "\nhealth = 0\nunused_health = ", 1);
    // A conclave file naming a card no set has (the conclave errors, issue 35).
    let conclaves = read("crates/mystic-vale/data/conclaves.toml").replacen(
        "advancements = [\"",
        "advancements = [\"no-such-card\", \"",
        1,
    );
    [("mv", mv), ("con", con), ("conclaves", conclaves)].map(|(name, text)| {
        let path = crate::cli::scratch(&format!("locales-bad-{name}-{lang}.toml"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{name}: {e}"));
        path.display().to_string()
    })
}

/// A short Equinox record to replay and analyse, written once per language.
fn short_record(lang: &str) -> String {
    let path = crate::cli::scratch(&format!("locales-{lang}.json"));
    let file = path.display().to_string();
    let out = sylvan(&["play", "equinox", "--seed", "3", "--record", &file], &"1\n".repeat(12))
        .unwrap_or_else(|e| panic!("record: {e}"));
    assert!(path.exists(), "no record: {}", text(&out.stderr));
    file
}

/// A short Equinox tournament's JSON report for `ladder`, written once per language.
fn short_report(lang: &str) -> String {
    let path = crate::cli::scratch(&format!("locales-report-{lang}.json"));
    let args = ["tournament", "equinox", "-b", "random,heuristic", "-n", "2", "-t", "1", "--json"];
    let out = sylvan(&args, "").unwrap_or_else(|e| panic!("report: {e}"));
    assert!(out.status.success(), "report: {}", text(&out.stderr));
    std::fs::write(&path, &out.stdout).unwrap_or_else(|e| panic!("report: {e}"));
    path.display().to_string()
}

/// The words of the names a game's designer statistics record that stay as recorded in `locale`: its
/// card names that read the same in that language (Equinox's `Lichen` in French; none in `en-XA`, where
/// every card name is made pseudo), read from `balance --json`. Every table, column and end condition is
/// the catalog's (`stat-…` in `balance.ftl`), every other card name the game's (`analytics::row_name`).
fn designer_words(locale: Locale) -> BTreeSet<String> {
    use sylvan_registry::runs::balance::{row_name, stat_name};
    let registry = Registry::standard();
    let rows = registry.get("equinox").unwrap_or_else(|e| panic!("equinox: {e}")).row_names();
    let args = ["balance", "equinox", "--a", "dryads=2", "--b", "dryads=3", "-n", "2", "-t", "1", "--json"];
    let out = sylvan(&args, "").unwrap_or_else(|e| panic!("balance: {e}"));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("balance --json: {e}"));
    let mut names = BTreeSet::new();
    let mut named = 0;
    for table in ["facts", "cards"] {
        for m in report[table].as_array().into_iter().flatten() {
            if m["table"] != "game" {
                for field in ["row", "column"] {
                    let name = m[field].as_str().unwrap_or_default();
                    if stat_name(Locale::Fr, name) == name && row_name(locale, rows, name) == name {
                        names.extend(words(name, false).into_iter().map(|w| w.to_lowercase()));
                    } else {
                        named += 1;
                    }
                }
            }
        }
    }
    assert!(!names.contains("exhausted"), "Equinox's end conditions are the catalog's: {names:?}");
    assert!(named > 0, "no designer statistic named by the catalog");
    names
}

/// What `args` printed in `lang` (standard output, or the error line), checked for its exit status.
fn screen_of(args: &[String], out_expected: bool, lang: &str) -> String {
    let mut full: Vec<&str> = args.iter().map(String::as_str).collect();
    full.extend(["--lang", lang]);
    let out = sylvan(&full, "").unwrap_or_else(|e| panic!("{args:?}: {e}"));
    assert_eq!(out.status.success(), out_expected, "{args:?} {lang}: {}", text(&out.stderr));
    let mut screen = if out_expected { text(&out.stdout) } else { text(&out.stderr) };
    if out_expected && args.iter().any(|a| a == "-v") && args.iter().any(|a| a.contains("ismcts")) {
        // `-v` with a searching bot: the search statistics on standard error.
        let err = text(&out.stderr);
        assert!(err.contains("p0 ismcts") && err.contains("20 "), "{args:?} {lang}: no search statistics: {err}");
        screen.push_str(&err);
    }
    assert!(!screen.trim().is_empty(), "{args:?} {lang}: nothing printed");
    screen
}

/// The words every command may leave plain in any language: notations of every game, bot and level
/// names, option names, defaults and choices, shorthand flags.
fn command_notation_words() -> BTreeSet<String> {
    let mut allowed = BTreeSet::new();
    for (game, ..) in GAMES {
        allowed.extend(notation_words(game));
    }
    let registry = Registry::standard();
    for entry in registry.listed() {
        allowed.extend(words(entry.name(), false));
        allowed.extend(entry.bot_names().iter().map(|b| b.to_string()));
        for o in entry.game().option_docs() {
            allowed.extend(words(o.name, false).into_iter().map(|w| w.to_lowercase()));
            if let sylvan_engine::OptionKind::Choice { choices } = o.kind {
                allowed.extend(choices.iter().flat_map(|c| words(c, false)).map(|w| w.to_lowercase()));
            }
            allowed.extend(words(o.default, false).into_iter().map(|w| w.to_lowercase()));
        }
    }
    // Bot spec parameters (`ismcts:iters=20`) and the level a bot plays; the type `bench --dyn` times.
    allowed.extend(["iters", "ismcts", "flatmc", "random", "heuristic", "solo", "dyngame"].map(String::from));
    allowed
}

/// In `en-XA` the other commands leave no plain word; in French no word of the English catalogs.
#[test]
fn other_commands_speak_the_locale() {
    let notations = command_notation_words();
    let lower = |t: &str| words(t, false).into_iter().map(|w| w.to_lowercase()).collect::<BTreeSet<_>>();
    let mut allowed_fr = notations.clone();
    let mut english = String::new();
    for (game, _, _, en, fr) in GAMES {
        allowed_fr.extend(lower(&catalog_text(fr)));
        english.push_str(&catalog_text(en));
        let card_data = french_card_data(game);
        allowed_fr.extend(lower(&card_data));
    }
    allowed_fr.extend(lower(&catalog_text(CLI_FR)));
    allowed_fr.extend(lower(&catalog_text(ENGINE_FR)));
    // The options' French help is a French source (each game's catalog, `OptionDoc::help`), with the
    // values one types.
    for entry in Registry::standard().listed() {
        for o in entry.game().option_docs() {
            if let Some(help) = entry.game().message_text(&o.help(), Locale::Fr) {
                allowed_fr.extend(lower(&help));
            }
        }
    }
    english.push_str(&catalog_text(CLI_EN));
    english.push_str(&catalog_text(ENGINE_EN));
    for (en, fr) in REGISTRY {
        english.push_str(&catalog_text(en));
        allowed_fr.extend(lower(&catalog_text(fr)));
    }
    let english: BTreeSet<String> =
        lower(&english).into_iter().filter(|w| w.chars().count() >= 3 && !allowed_fr.contains(w)).collect();
    for must in ["wins", "seat", "played", "preferred", "error", "record", "games"] {
        assert!(english.contains(must), "`{must}` is an English catalog word");
    }
    let mut found = BTreeSet::new();
    for lang in ["fr", "en-XA"] {
        let designer = designer_words(if lang == "fr" { Locale::Fr } else { Locale::Pseudo });
        let record = short_record(lang);
        let report = short_report(lang);
        let cards = bad_card_files(lang);
        for (args, out) in other_commands(&record, &report, &cards) {
            let screen = screen_of(&args, out, lang)
                .replace(&record, "`FILE`")
                .replace(&report, "`FILE`")
                .replace(&cards[0], "`FILE`")
                .replace(&cards[1], "`FILE`")
                .replace(&cards[2], "`FILE`")
                .replace(MV_BASE, "`FILE`")
                .replace("Cargo.toml", "`FILE`");
            for line in screen.lines() {
                let line = &without_card_data(line);
                let plain = match lang {
                    "fr" => words(line, false)
                        .into_iter()
                        .filter(|w| english.contains(&w.to_lowercase()))
                        .collect::<Vec<_>>(),
                    _ => words(line, true)
                        .into_iter()
                        .filter(|w| !notations.contains(&w.to_lowercase()) && !matches!(w.as_str(), "II" | "III"))
                        .collect(),
                };
                // A card's name in a designer statistic is the card data's.
                let plain = plain.into_iter().filter(|w| args[0] != "balance" || !designer.contains(&w.to_lowercase()));
                for w in plain {
                    found.insert(format!("{lang} {}: {w} (in: {line})", args.join(" ")));
                }
            }
        }
    }
    assert!(found.is_empty(), "words outside the locale:\n{}", found.into_iter().collect::<Vec<_>>().join("\n"));
}

/// The sweep above can fail: the same commands in English are full of the English catalog's words, and
/// `LANG` chooses the language when `--lang` is not given.
#[test]
fn other_commands_in_english_and_from_lang() {
    let english: BTreeSet<String> = words(&catalog_text(CLI_EN), true).into_iter().collect();
    let record = short_record("en");
    let report = short_report("en");
    let mut found = 0;
    for (args, out) in other_commands(&record, &report, &bad_card_files("en")) {
        let screen = screen_of(&args, out, "en");
        found += screen.lines().flat_map(|l| words(l, true)).filter(|w| english.contains(w)).count();
    }
    assert!(found > 100, "{found} English catalog words in English");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(["sim", "equinox", "-p", "9"])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(text(&out.stderr).trim(), "erreur\u{a0}: equinox se joue de 2 à 5 joueurs, pas 9");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sylvan"))
        .args(["sim", "equinox", "-p", "9", "--lang", "en"])
        .env("LC_ALL", "fr_FR.UTF-8")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(text(&out.stderr).trim(), "error: equinox is played by 2 to 5 players, not 9");
}

/// A line of `cards` output or of a card-file error without what is the card file's own data: a field's
/// provenance note (`[fan: …]`, `[guess: …]`, kept as written) and the field path after `file:line:`
/// (the file's own keys, e.g. `advancement[0].key`).
fn without_card_data(line: &str) -> String {
    // A field as the file writes it (`    animal = 1`), or a row of the provenance summary (`  base  fan  90`):
    // field names, values, set names and provenance kinds are the file's own words.
    let cells: Vec<&str> = line.split_whitespace().collect();
    let field = line.starts_with("    ") && cells.get(1) == Some(&"=");
    let summary = cells.len() == 3
        && ["fan", "guess", "provisional", "rulebook"].contains(&cells[1])
        && cells[2].chars().all(|c| c.is_ascii_digit());
    let mut out = if field || summary { String::new() } else { line.to_string() };
    // The set a card comes from is the file's word (`starting`, `base`, a file's own set name).
    out = out.replace("(starting, ", "(");
    // Known gap: the TOML reader's own detail (serde's `unknown field …, expected one of …`) stays as it
    // gives it, like the JSON reader's and the operating system's texts (docs/cli.md, "Still English").
    if let Some(at) = out.find("unknown field `") {
        out.truncate(at);
    }
    for kind in ["[fan:", "[guess:", "[provisional:", "[rulebook:"] {
        while let Some(start) = out.find(kind) {
            let end = out[start..].rfind(']').map_or(out.len(), |e| start + e + 1);
            out.replace_range(start..end, "");
        }
    }
    if let Some(at) = out.find("`FILE`:") {
        let after = at + "`FILE`:".len();
        let digits = out[after..].chars().take_while(char::is_ascii_digit).count();
        let rest = &out[after + digits..];
        let lead = rest.len() - rest.trim_start_matches([' ', '\u{a0}', '\u{202f}', ':']).len();
        let path_start = after + digits + lead;
        if digits > 0 && rest[..lead].contains(':') {
            if let Some(len) = out[path_start..].find(':') {
                out.replace_range(path_start..path_start + len, "");
            }
        }
    }
    out
}

/// The visible text of an HTML report: the text between tags (outside `<style>` and `<script>`) and
/// the words the page's script and inputs show (`placeholder`, `data-template`), one line each.
fn visible_html(html: &str) -> String {
    let mut page = html.to_owned();
    for (open, close) in [("<style>", "</style>"), ("<script>", "</script>")] {
        while let Some(a) = page.find(open) {
            let b = page[a..].find(close).map_or(page.len(), |b| a + b + close.len());
            page.replace_range(a..b, "\n");
        }
    }
    let mut out = String::new();
    for attr in ["placeholder=\"", "data-template=\""] {
        for part in page.split(attr).skip(1) {
            out.push_str(part.split('"').next().unwrap_or_default());
            out.push('\n');
        }
    }
    let mut inside = false;
    for c in page.chars() {
        match c {
            '<' => {
                inside = true;
                out.push('\n');
            }
            '>' => inside = false,
            _ if !inside => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
}

/// `tournament --report` and `balance --report` write their HTML in `lang`; the visible text.
fn html_reports(lang: &str) -> [(String, String); 2] {
    html_pages(lang).map(|(name, html)| (name, visible_html(&html)))
}

/// The two reports' pages as written, in `lang`.
fn html_pages(lang: &str) -> [(String, String); 2] {
    let commands: [(&str, Vec<&str>); 2] = [
        ("tournament", vec!["tournament", "equinox", "-b", "random,heuristic", "-n", "4", "-t", "1"]),
        ("balance", vec!["balance", "equinox", "--a", "dryads=2", "--b", "dryads=3", "-n", "4", "-t", "1"]),
    ];
    commands.map(|(name, mut args)| {
        let path = crate::cli::scratch(&format!("locales-{name}-{lang}.html"));
        let file = path.display().to_string();
        args.extend(["--report", &file, "--lang", lang]);
        let out = sylvan(&args, "").unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(out.status.success(), "{name} {lang}: {}", text(&out.stderr));
        let html = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name} {lang}: {e}"));
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{name} {lang}: the page's language");
        (name.to_owned(), html)
    })
}

/// The French HTML reports have French headings and no word of the English catalog's report messages
/// (`html-…` in `cli.ftl`); the English ones are full of those words (the check can fail). In `en-XA`
/// no visible word stays plain outside numbers, notations, card names and bot specs; in English many do
/// (that check can fail too). The designer tables' captions are in the report's language.
#[test]
fn html_reports_speak_the_locale() {
    let lower = |t: &str| words(t, false).into_iter().map(|w| w.to_lowercase()).collect::<BTreeSet<_>>();
    let block = |cli: &str| cli.find("\nhtml-").map_or(String::new(), |a| catalog_text(&cli[a..]));
    let mut allowed = lower(&catalog_text(CLI_FR));
    // The command lines in code type (`sylvan tournament --json`) are notations.
    let commands = ["sylvan", "tournament", "balance"];
    let english: BTreeSet<String> =
        lower(&block(CLI_EN)).into_iter().filter(|w| w.chars().count() >= 3 && !allowed.contains(w)).collect();
    allowed.extend(commands.map(String::from));
    let english: BTreeSet<String> = english.into_iter().filter(|w| !allowed.contains(w)).collect();
    for must in ["ratings", "length", "search", "changed", "rows", "every"] {
        assert!(english.contains(must), "`{must}` is an English report word: {english:?}");
    }
    let found = |screen: &str| -> Vec<String> {
        screen.lines().flat_map(|l| words(l, false)).filter(|w| english.contains(&w.to_lowercase())).collect()
    };
    let [(_, tournament), (_, balance)] = html_reports("fr");
    for heading in ["Tournoi\u{a0}: equinox", "Classements", "Durée des parties", "Vue du concepteur\u{a0}: equinox"] {
        assert!(tournament.contains(heading), "`{heading}` in the French tournament report:\n{tournament}");
    }
    for heading in ["Banc d'essai\u{a0}: equinox", "Faits de jeu", "Échelle des bots", "Mesures des cartes"] {
        assert!(balance.contains(heading), "`{heading}` in the French balance report");
    }
    assert!(balance.contains("%SHOWN% lignes sur %ROWS%"), "the script's count in French");
    for (name, screen) in [("tournament", &tournament), ("balance", &balance)] {
        // The count's placeholders, which the page's script fills in.
        let english_words = found(&screen.replace("%SHOWN%", "").replace("%ROWS%", ""));
        assert!(english_words.is_empty(), "{name}: English words in the French report: {english_words:?}");
    }
    let [(_, tournament), (_, balance)] = html_reports("en");
    assert!(tournament.contains("Tournament: equinox") && balance.contains("Balance lab: equinox"));
    assert!(found(&tournament).len() > 20 && found(&balance).len() > 20, "English reports in English");
    // The designer tables' captions, in the report's language (`stat-caption-…` in `balance.ftl`).
    let caption = "Per card held in hand at some point";
    assert!(tournament.contains(caption) && balance.contains(caption), "the English captions");

    // In `en-XA` every visible word is pseudo-localized, but for numbers, notations (game, bot and option
    // names) and the code type's command lines: a plain word is a string outside the catalogs. The
    // designer tables' card names are pseudo too (the game's `analytics::row_name`).
    let mut notations = command_notation_words();
    notations.extend(designer_words(Locale::Pseudo));
    notations.extend(commands.map(String::from));
    let plain = |screen: &str| -> BTreeSet<String> {
        let screen = screen.replace("%SHOWN%", "").replace("%ROWS%", "");
        screen.lines().flat_map(|l| words(l, true)).filter(|w| !notations.contains(&w.to_lowercase())).collect()
    };
    let [(_, tournament), (_, balance)] = html_reports("en-XA");
    assert!(tournament.contains(&sylvan_words::pseudo(caption).into_owned()), "the captions in en-XA");
    assert!(balance.contains(&sylvan_words::pseudo(caption).into_owned()), "the lab's captions in en-XA");
    for (name, screen) in [("tournament", &tournament), ("balance", &balance)] {
        assert!(screen.lines().count() > 50, "{name}: {screen}");
        let left = plain(screen);
        assert!(left.is_empty(), "{name}: plain words in the en-XA report: {left:?}");
    }
    // The sweep can fail: the English reports are full of plain words.
    let [(_, tournament), (_, balance)] = html_reports("en");
    assert!(plain(&tournament).len() > 30 && plain(&balance).len() > 30, "plain English in English");
}

/// A designer table's card rows in the report's language: a French tournament report of each game
/// names each card row as the game's French sources do (each game's `analytics::row_name`: Mystic
/// Vale's book titles with the level prefix, Equinox's catalog, the spirit duel's and Command of
/// Nature's overlays), while `--json` keeps the English labels (the tally's keys); the English report
/// shows every (observed) row as recorded.
#[test]
fn designer_card_names_in_the_reports_language() {
    let registry = Registry::standard();
    for (game, least) in [("mystic-vale", 10), ("command-of-nature", 5), ("spirit-duel", 5), ("equinox", 5)] {
        let names = registry.get(game).unwrap_or_else(|e| panic!("{game}: {e}")).row_names();
        let Some(names) = names else { panic!("{game}: no row names") };
        let mut english_rows = Vec::new();
        for lang in ["fr", "en"] {
            let path = crate::cli::scratch(&format!("locales-rows-{game}-{lang}.html"));
            let file = path.display().to_string();
            let args =
                ["tournament", game, "-b", "random,heuristic", "-n", "2", "-t", "1", "--json", "--report", &file];
            let out = sylvan(&[&args[..], &["--lang", lang]].concat(), "").unwrap_or_else(|e| panic!("{game}: {e}"));
            assert!(out.status.success(), "{game} {lang}: {}", text(&out.stderr));
            let json: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{game} {lang}: {e}"));
            let html = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{game} {lang}: {e}"));
            let screen = visible_html(&html);
            let tables = json["designer"]["tables"].as_object().cloned().unwrap_or_default();
            let labels: BTreeSet<String> = tables
                .values()
                .flat_map(|t| t["rows"].as_array().cloned().unwrap_or_default())
                // Rows never observed are left out of the report.
                .filter(|r| r[1].as_array().is_some_and(|cells| cells.iter().any(|c| c["count"].as_u64() > Some(0))))
                .filter_map(|r| r[0].as_str().map(str::to_owned))
                .collect();
            assert!(!labels.is_empty(), "{game} {lang}: no designer rows");
            if lang == "fr" {
                let mut french = 0;
                for label in &labels {
                    let Some(name) = names(label, Locale::Fr) else { continue };
                    if name != *label {
                        assert!(screen.contains(&name), "{game}: `{name}` (`{label}`) not in the French report");
                        french += 1;
                    }
                }
                assert!(french >= least, "{game}: {french} French card rows");
                english_rows = labels.into_iter().collect();
            } else {
                // The English labels are the same keys in both languages' `--json`.
                assert!(english_rows.iter().all(|l| labels.contains(l)), "{game}: --json keys differ by language");
                for label in &labels {
                    assert!(screen.contains(label.as_str()), "{game}: `{label}` not in the English report");
                }
            }
        }
    }
}

/// Every text a game writes for its players in `locale` over a few games from `options` (each seat's
/// view, the legal actions' descriptions, the events each seat saw, the final breakdown), the actions
/// picked by a fixed sequence.
fn game_texts(game: &str, options: &Value, locale: Locale) -> Vec<String> {
    use sylvan_engine::Seat;
    let registry = Registry::standard();
    let entry = registry.get(game).unwrap_or_else(|e| panic!("{game}: {e}"));
    let mut out = Vec::new();
    for seed in 1..=3u64 {
        let mut g = entry.game().new_game(options, seed).unwrap_or_else(|e| panic!("{game}: {e}"));
        g.keep_events(true);
        let mut legal = Vec::new();
        let mut pick = seed;
        for _ in 0..3000 {
            if g.to_move().is_none() {
                break;
            }
            for s in 0..g.num_seats() {
                let seat = Seat(s as u8);
                if let Ok(v) = g.view(seat) {
                    out.push(v.text_locale(locale));
                }
                out.extend(g.events_locale(Some(seat), locale).into_iter().map(|e| e.text));
            }
            out.extend(g.legal_actions_locale(locale).into_iter().map(|a| a.description));
            g.clear_events();
            g.legal_ids(&mut legal);
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let id = legal[(pick >> 33) as usize % legal.len()];
            g.apply_id(id).unwrap_or_else(|e| panic!("{game}: {e}"));
        }
        out.extend(g.breakdown_locale(locale).map(|b| b.table(locale.lang())));
    }
    out
}

/// The lines of `texts` holding the whole word `word` (outside backticks).
fn lines_with(texts: &[String], word: &str) -> Vec<String> {
    let mut found: Vec<String> = texts
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| words(l, false).iter().any(|w| w == word))
        .map(String::from)
        .collect();
    found.sort();
    found.dedup();
    found.truncate(5);
    found
}

/// Issue 35's "What was found in French", re-checked on today's texts where no other test names the
/// finding: Command of Nature's Sages by their French faction ("Sage pebble"), its prices in pièces
/// d'or ("3g" next to "or") and its questions without the typed `done`; Equinox's stones in the
/// singular ("1 cailloux"); the English spirit duel in HP and MP, never the French "PV/PM"; and the
/// browser's rules dialog (`help_<game>` in `web/i18n/<code>/web.ftl`) in each game's glossary terms
/// ("marché de commandement" where the book says "Marché des Ordres").
#[test]
fn issue35_french_findings_stay_fixed() {
    let con = game_texts("command-of-nature", &json!({ "players": 2, "sages": ["twig", "pebble"] }), Locale::Fr);
    assert!(con.iter().any(|t| t.contains("(Caillou)")), "the pebble Sage's faction in French");
    for english in ["pebble", "Pebble", "done", "gold"] {
        assert_eq!(lines_with(&con, english), Vec::<String>::new(), "`{english}` in French Command of Nature");
    }
    let priced = |t: &String| {
        t.split(|c: char| !c.is_alphanumeric())
            .any(|w| w.len() > 1 && w.ends_with('g') && w[..w.len() - 1].bytes().all(|b| b.is_ascii_digit()))
    };
    assert_eq!(con.iter().filter(|t| priced(t)).take(3).collect::<Vec<_>>(), Vec::<&String>::new(), "`3g` in French");
    assert!(con.iter().any(|t| t.contains(" or")), "prices in or");
    let con_en = game_texts("command-of-nature", &json!({ "players": 2 }), Locale::En);
    assert!(con_en.iter().any(priced), "the check can fail: English prices are `3g`");

    let eqx = game_texts("equinox", &json!({ "players": 2 }), Locale::Fr);
    let one_stones: Vec<&String> = eqx.iter().filter(|t| t.contains(" 1 cailloux")).take(3).collect();
    assert!(one_stones.is_empty(), "{one_stones:?}");
    assert!(eqx.iter().any(|t| t.contains(" 1 caillou disponible")), "the singular is reached");

    let duel = game_texts("spirit-duel", &json!({}), Locale::En);
    for french in ["PV", "PM"] {
        assert_eq!(lines_with(&duel, french), Vec::<String>::new(), "`{french}` in the English spirit duel");
    }
    assert!(!lines_with(&duel, "HP").is_empty() && !lines_with(&duel, "MP").is_empty(), "HP and MP shown");
    let duel_fr = game_texts("spirit-duel", &json!({}), Locale::Fr);
    assert!(!lines_with(&duel_fr, "PV").is_empty() && lines_with(&duel_fr, "HP").is_empty(), "PV in French");

    let dir = env!("CARGO_MANIFEST_DIR");
    let web = |code: &str| {
        std::fs::read_to_string(format!("{dir}/web/i18n/{code}/web.ftl")).unwrap_or_else(|e| panic!("{code}: {e}"))
    };
    let (en, fr) = (web("en"), web("fr"));
    let mut wrong = Vec::new();
    for (game, ..) in GAMES {
        let glossary =
            std::fs::read_to_string(format!("{dir}/docs/glossary/{game}.md")).unwrap_or_else(|e| panic!("{game}: {e}"));
        let rows = sylvan_words::check::glossary(&glossary).unwrap_or_else(|e| panic!("{game}: {e}"));
        let id = format!("help_{game} = ");
        for (code, ftl) in [("en", &en), ("fr", &fr)] {
            let line = ftl.lines().find(|l| l.starts_with(&id)).unwrap_or_else(|| panic!("{code}: no {id}"));
            let text = catalog_text(line);
            for r in &rows {
                let not = if code == "en" { &r.not_english } else { &r.not_french };
                for bad in not.iter().filter(|b| sylvan_words::check::has_term(&text, b)) {
                    wrong.push(format!("{code} {game}: the rules dialog says `{bad}` for {}", r.concept));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(sylvan_words::check::has_term(&catalog_text("x = au marché de commandement"), "marché de commandement"));
}

/// The HTML reports fit a phone's width: the page says so (`viewport`), and every plot sits in a box that
/// scrolls sideways inside the page, so a wide plot or table never makes the whole page scroll.
#[test]
fn html_reports_fit_a_phone() {
    for (name, html) in html_pages("fr") {
        assert!(html.contains(r#"<meta name="viewport" content="width=device-width">"#), "{name}: no viewport");
        let plots = html.matches("<svg").count();
        let boxed = html.matches(r#"<div class="scroll"><svg"#).count();
        assert!(plots > 0, "{name}: a report with plots");
        assert_eq!(boxed, plots, "{name}: {plots} plots, {boxed} of them in a scrolling box");
    }
}
