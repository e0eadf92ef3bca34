//! Issue 35: a language is one line of the engine's list (`sylvan_engine::with_languages!`) and a
//! folder `i18n/<code>/` beside each English one, with no code per language. What a contributor adds
//! is checked here from both sides: every catalog folder holds exactly the listed languages (so a
//! folder without its line, or a line without its folders, is found), each language's writing rules
//! are read from its `locale.ftl`, and every place words come from (each game's catalog through the
//! registry, the engine's, the server's, the command line's) shows each listed language's own files
//! as they are on disk. The browser's catalogs are checked in the server's tests (`i18n.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use sylvan_engine::{Lang, Locale, Message};
use sylvan_registry::Registry;
use sylvan_words::{Catalog, args, check};

use crate::cli::{sylvan, text};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `i18n` folder of the repository (build output and dependencies skipped).
fn i18n_dirs(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let path = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if !path.is_dir() || name.starts_with('.') || matches!(name.as_str(), "target" | "node_modules") {
            continue;
        }
        if name == "i18n" {
            out.push(path);
        } else {
            i18n_dirs(&path, out);
        }
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The catalog `dir/i18n/<code>/file` of each listed language as it is on disk, built as the program
/// builds its embedded one.
fn from_disk(dir: &str, file: &str) -> Catalog {
    let texts: Vec<(Locale, String, String)> = Lang::ALL
        .iter()
        .map(|&l| {
            let path = root().join(dir).join("i18n").join(l.code()).join(file);
            (l.into(), path.display().to_string(), read(&path))
        })
        .collect();
    let files: Vec<(Locale, &str, &str)> = texts.iter().map(|(l, p, t)| (*l, p.as_str(), t.as_str())).collect();
    Catalog::new(&files)
}

/// The ids of the English file `dir/i18n/en/file` that take no variable (each then formats the same
/// whatever the caller's arguments).
fn plain_ids(dir: &str, file: &str) -> Vec<&'static str> {
    let en = read(&root().join(dir).join("i18n/en").join(file));
    let messages = check::messages(&en).unwrap_or_else(|e| panic!("{dir}/{file}: {e}"));
    // `Message` ids are `&'static str` (the rules name them in code): a test may leak a few.
    messages.into_iter().filter(|(_, v)| v.is_empty()).map(|(id, _)| &*Box::leak(id.into_boxed_str())).collect()
}

#[test]
fn every_catalog_folder_holds_each_listed_language_and_no_other() {
    let listed: BTreeSet<String> = Lang::ALL.iter().map(|l| l.code().to_owned()).collect();
    let mut dirs = Vec::new();
    i18n_dirs(&root(), &mut dirs);
    // The command line, the engine's words and its locale rules, the balance lab, the server, four
    // games and the browser.
    assert!(dirs.len() >= 10, "{dirs:?}");
    let mut wrong = Vec::new();
    for dir in &dirs {
        let langs: BTreeMap<String, BTreeSet<String>> = fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| {
                let files = fs::read_dir(e.path())
                    .into_iter()
                    .flatten()
                    .flatten()
                    .map(|f| f.file_name().to_string_lossy().into_owned())
                    .collect();
                (e.file_name().to_string_lossy().into_owned(), files)
            })
            .collect();
        let found: BTreeSet<String> = langs.keys().cloned().collect();
        if found != listed {
            wrong.push(format!("{}: languages {found:?}, the list has {listed:?}", dir.display()));
        }
        let english = langs.get("en").cloned().unwrap_or_default();
        for (code, files) in &langs {
            if *files != english {
                wrong.push(format!("{}/{code}: files {files:?}, English has {english:?}", dir.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn each_language_writes_by_the_rules_of_its_locale_file() {
    let rules = from_disk("crates/engine", "locale.ftl");
    for lang in Lang::ALL {
        let locale = Locale::from(lang);
        assert_eq!(lang.problems(), &[] as &[String], "{lang}");
        let get = |id: &str| rules.format(locale, id, &args!());
        assert_eq!(lang.name(), get("language-name"));
        assert_eq!(lang.code().parse::<Lang>().ok(), Some(lang));
        assert_eq!(lang.code().to_uppercase().parse::<Lang>().ok(), Some(lang));
        for alias in get("language-aliases").split(',').map(str::trim).filter(|a| !a.is_empty()) {
            assert_eq!(alias.parse::<Lang>().ok(), Some(lang), "{alias}");
        }
        assert_eq!(
            lang.number_text("12.5 and 41%".to_owned()),
            format!("12{}5 and 41{}", get("decimal-separator"), get("percent-sign"))
        );
        assert_eq!(lang.number(-2.5), format!("-2{}5", get("decimal-separator")));
        // Typography: a listed sign after a word gets the language's sign space, and nothing else
        // changes.
        let space = get("sign-space");
        for sign in get("space-before").split_whitespace() {
            assert_eq!(lang.typeset(&format!("a {sign} b")), format!("a{space}{sign} b"), "{lang} {sign}");
            assert_eq!(lang.typeset(&format!("x{sign}y")), format!("x{sign}y"), "{lang}: a notation stays");
        }
        assert_eq!(lang.typeset("plain words, no signs."), "plain words, no signs.");
    }
    assert!("klingon".parse::<Lang>().is_err());
}

/// Each game's words in each locale, through the registry (what every front end calls), are its
/// catalog files on disk for that language.
#[test]
fn every_game_speaks_each_listed_language_from_its_folder() {
    let registry = Registry::standard();
    let mut checked = 0;
    for entry in registry.listed() {
        let dir = format!("crates/{}", entry.name());
        let file = format!("{}.ftl", entry.name());
        let disk = from_disk(&dir, &file);
        for locale in Locale::ALL {
            for id in plain_ids(&dir, &file) {
                let shown = entry.game().message_text(&Message::new(id), locale);
                assert_eq!(shown, Some(disk.format(locale, id, &args!())), "{dir} {locale} {id}");
                checked += 1;
            }
        }
        assert!(disk.locales().len() == Locale::ALL.len(), "{dir}: {:?}", disk.locales());
    }
    assert!(checked > 100, "{checked}");
}

/// The engine's and the server's catalogs hold each listed language, as on disk.
#[test]
fn the_engine_and_the_server_speak_each_listed_language_from_their_folders() {
    for (dir, file, embedded) in [
        ("crates/words", "engine.ftl", sylvan_words::engine::catalog()),
        ("crates/server", "server.ftl", sylvan_server::words::catalog()),
    ] {
        assert_eq!(embedded.locales(), Locale::ALL.to_vec(), "{dir}");
        let disk = from_disk(dir, file);
        for locale in Locale::ALL {
            for id in plain_ids(dir, file) {
                assert_eq!(embedded.format(locale, id, &args!()), disk.format(locale, id, &args!()), "{dir} {id}");
            }
        }
    }
}

/// `sylvan games --lang <code>` for each locale shows the command line's catalog of that language.
#[test]
fn the_command_line_speaks_each_listed_locale_from_its_folder() {
    let disk = from_disk(".", "cli.ftl");
    for locale in Locale::ALL {
        let out = sylvan(&["games", "--lang", locale.code()], "").unwrap_or_else(|e| panic!("{e}"));
        assert!(out.status.success(), "{locale}: {}", text(&out.stderr));
        let summary = locale.lang().typeset(&disk.format(locale, "games-summary-equinox", &args!()));
        assert!(text(&out.stdout).contains(&summary), "{locale}: `{summary}` not in\n{}", text(&out.stdout));
    }
}

/// The guide for adding a language (`docs/cli.md`, "Adding a language") names the one line
/// (`with_languages!` in `crates/engine/src/lang.rs`, which holds it) and every folder a new language's
/// files go in: each `i18n` folder of the repository (the games' as `crates/<game>/i18n/`), so a new
/// catalog folder nobody documented fails here.
#[test]
fn the_guide_to_adding_a_language_names_the_line_and_every_folder() {
    let guide = read(&root().join("docs/cli.md"));
    let start =
        guide.find("### Adding a language").unwrap_or_else(|| panic!("no \"Adding a language\" in docs/cli.md"));
    let section = &guide[start..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    assert!(section.contains("`sylvan_engine::with_languages!`") && section.contains("`crates/engine/src/lang.rs`"));
    assert!(read(&root().join("crates/engine/src/lang.rs")).contains("macro_rules! with_languages"));
    let games: BTreeSet<String> = Registry::standard().listed().map(|e| e.name().to_owned()).collect();
    let mut dirs = Vec::new();
    i18n_dirs(&root(), &mut dirs);
    let mut missing = Vec::new();
    for dir in &dirs {
        let rel = dir.strip_prefix(root()).unwrap_or(dir).display().to_string();
        let named = match rel.strip_prefix("crates/").and_then(|r| r.strip_suffix("/i18n")) {
            Some(game) if games.contains(game) => "`crates/<game>/i18n/`".to_owned(),
            _ => format!("`{rel}/`"),
        };
        if !section.contains(&named) {
            missing.push(format!("{rel} (as {named})"));
        }
    }
    assert!(dirs.len() >= 10, "{dirs:?}");
    assert!(missing.is_empty(), "folders the guide does not name:\n{}", missing.join("\n"));
}
