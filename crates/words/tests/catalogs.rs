//! Checks over every `.ftl` catalog in the repository (`<crate>/i18n/<locale>/<name>.ftl`): each
//! parses, each message id of the English file exists in every other language with the same
//! variables (and no other ids), and the pseudo-locale leaves no message plain ASCII. Then the
//! catalog layer on its own: fallback marker, plural rules, pseudo rule.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use sylvan_words::{Catalog, Locale, args, check, mark_fallbacks, pseudo};

/// The repository's root (two levels above this crate).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `i18n` folder under `dir`, skipping build output and dependencies.
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

/// Each catalog name (`crates/equinox/i18n/equinox.ftl`) with its files per locale code.
fn catalogs() -> BTreeMap<String, BTreeMap<String, (PathBuf, String)>> {
    let mut dirs = Vec::new();
    i18n_dirs(&root(), &mut dirs);
    let mut out: BTreeMap<String, BTreeMap<String, (PathBuf, String)>> = BTreeMap::new();
    for dir in dirs {
        let Ok(langs) = fs::read_dir(&dir) else { continue };
        for lang in langs.flatten().filter(|e| e.path().is_dir()) {
            let code = lang.file_name().to_string_lossy().into_owned();
            let Ok(files) = fs::read_dir(lang.path()) else { continue };
            for f in files.flatten().filter(|f| f.path().extension().is_some_and(|x| x == "ftl")) {
                let name = format!("{}/{}", dir.display(), f.file_name().to_string_lossy());
                let text = fs::read_to_string(f.path()).unwrap_or_else(|e| panic!("{}: {e}", f.path().display()));
                out.entry(name).or_default().insert(code.clone(), (f.path(), text));
            }
        }
    }
    out
}

/// Every message id exists in every language, with the same variables; every file parses.
#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    let all = catalogs();
    assert!(all.keys().any(|k| k.ends_with("equinox/i18n/equinox.ftl")), "Equinox's catalog not found: {all:?}");
    let mut problems = Vec::new();
    for (name, files) in &all {
        let Some((en_path, en_text)) = files.get("en") else {
            problems.push(format!("{name}: no English file"));
            continue;
        };
        let english = match check::messages(en_text) {
            Ok(m) => m,
            Err(e) => {
                problems.push(format!("{}: {e}", en_path.display()));
                continue;
            }
        };
        assert!(!english.is_empty(), "{}: no messages", en_path.display());
        for (code, (path, text)) in files {
            let locale: Locale = code.parse().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let catalog = match locale {
                Locale::En => Catalog::new(&[(Locale::En, "", en_text)]),
                _ => Catalog::new(&[(Locale::En, "", en_text), (locale, "", text)]),
            };
            problems.extend(catalog.problems().iter().map(|p| format!("{}: {p}", path.display())));
            match check::messages(text) {
                Ok(m) => problems.extend(check::compare(&english, &m, &path.display().to_string())),
                Err(e) => problems.push(format!("{}: {e}", path.display())),
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// In the pseudo-locale every message with words shows non-ASCII letters (placeholders left empty).
#[test]
fn the_pseudo_locale_leaves_no_message_plain() {
    let mut plain = Vec::new();
    for (name, files) in catalogs() {
        let Some((_, text)) = files.get("en") else { continue };
        let catalog = Catalog::new(&[(Locale::En, "", text)]);
        let Ok(messages) = check::messages(text) else { continue };
        for (id, vars) in messages {
            let mut a = args!();
            for v in &vars {
                a = a.with(v, "");
            }
            let shown = catalog.format(Locale::Pseudo, &id, &a);
            if shown.chars().any(|c| c.is_ascii_alphabetic()) && shown.is_ascii() {
                plain.push(format!("{name}: {id} = {shown}"));
            }
        }
    }
    assert!(plain.is_empty(), "plain in en-XA:\n{}", plain.join("\n"));
}

/// A message missing in French comes in English, marked when marking is on; plurals follow each
/// language's rules (French counts 0 as singular); the pseudo-locale is the English, transformed.
#[test]
fn fallback_plurals_and_pseudo() {
    let catalog = Catalog::new(&[
        (
            Locale::En,
            "en",
            "cards = { $n ->\n    [one] { $n } card\n   *[other] { $n } cards\n}\nonly = only in English\n",
        ),
        (Locale::Fr, "fr", "cards = { $n ->\n    [one] { $n } carte\n   *[other] { $n } cartes\n}\n"),
    ]);
    assert!(catalog.problems().is_empty(), "{:?}", catalog.problems());
    assert_eq!(catalog.format(Locale::En, "cards", &args!(n = 0)), "0 cards");
    assert_eq!(catalog.format(Locale::En, "cards", &args!(n = 1)), "1 card");
    assert_eq!(catalog.format(Locale::Fr, "cards", &args!(n = 0)), "0 carte");
    assert_eq!(catalog.format(Locale::Fr, "cards", &args!(n = 2)), "2 cartes");
    assert_eq!(catalog.format(Locale::Pseudo, "cards", &args!(n = 2)), format!("2 {}", pseudo("cards")));
    assert!(catalog.has(Locale::En, "only") && !catalog.has(Locale::Fr, "only"));
    mark_fallbacks(false);
    assert_eq!(catalog.format(Locale::Fr, "only", &args!()), "only in English");
    mark_fallbacks(true);
    assert_eq!(catalog.format(Locale::Fr, "only", &args!()), "[en] only in English");
    assert_eq!(catalog.format(Locale::Fr, "nowhere", &args!()), "[missing nowhere]");
    assert!(catalog.format(Locale::En, "cards", &args!()).contains("[error"), "a missing argument is marked");
    mark_fallbacks(false);
    let bad = Catalog::new(&[(Locale::En, "bad.ftl", "a = { $x\nb = fine\n")]);
    assert!(bad.problems().iter().any(|p| p.starts_with("bad.ftl")), "{:?}", bad.problems());
    assert_eq!(bad.format(Locale::En, "b", &args!()), "fine", "the rest of a broken file still loads");
}

/// The pseudo rule accents every ASCII letter and lengthens the text, leaving the rest alone.
#[test]
fn pseudo_rule() {
    let p = pseudo("Draw 3 cards: p0!");
    assert!(!p.chars().any(|c| c.is_ascii_alphabetic()), "{p}");
    assert!(p.chars().count() > "Draw 3 cards: p0!".chars().count(), "{p}");
    assert!(p.contains(" 3 ") && p.ends_with("0!"), "{p}");
    assert_eq!(pseudo("— 3 · 5"), "— 3 · 5");
    assert_eq!("en-XA".parse::<Locale>().ok(), Some(Locale::Pseudo));
    assert_eq!("fr".parse::<Locale>().ok(), Some(Locale::Fr));
    assert!("xx".parse::<Locale>().is_err());
}

/// The browser's form of a catalog: text, variables and selects as parts, references put in place,
/// the pseudo-locale transforming text only, and what a small formatter cannot do refused by name.
#[test]
fn flat_messages_for_front_ends() {
    use sylvan_words::flat::{Part, Variant, messages};
    let text = "-brand = Sylvan\nhello = Hello { $name } from { -brand }!\ncards = { $n ->\n    [one] one card\n   *[other] { $n } cards\n}\nquoted = { \"gru7\" }{ \"\\u00A0\" }:\nref = { hello }\n";
    let en = messages(text, Locale::En).unwrap_or_else(|e| panic!("{e}"));
    let get = |list: &[(String, Vec<Part>)], id: &str| list.iter().find(|(i, _)| i == id).map(|(_, p)| p.clone());
    let text_of = |s: &str| Part::Text(s.to_owned());
    assert_eq!(
        get(&en, "hello"),
        Some(vec![text_of("Hello "), Part::Var("name".to_owned()), text_of(" from Sylvan!")])
    );
    assert_eq!(get(&en, "ref"), get(&en, "hello"), "a message reference is put in place");
    assert_eq!(get(&en, "quoted"), Some(vec![text_of("gru7\u{a0}:")]), "string literals, escapes resolved");
    assert_eq!(
        get(&en, "cards"),
        Some(vec![Part::Select {
            var: "n".to_owned(),
            variants: vec![
                Variant { key: "one".to_owned(), default: false, parts: vec![text_of("one card")] },
                Variant {
                    key: "other".to_owned(),
                    default: true,
                    parts: vec![Part::Var("n".to_owned()), text_of(" cards")]
                },
            ],
        }])
    );
    assert!(en.iter().all(|(id, _)| !id.starts_with('-')), "terms are not messages");
    let xa = messages(text, Locale::Pseudo).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        get(&xa, "hello"),
        Some(vec![
            Part::Text(pseudo("Hello ").into_owned()),
            Part::Var("name".to_owned()),
            Part::Text(format!("{}{}", pseudo(" from "), pseudo("Sylvan!"))),
        ])
    );
    assert_eq!(get(&xa, "quoted"), Some(vec![text_of("gru7\u{a0}:")]), "literals stay as written");
    let err = messages("a = { NUMBER($n) }\n", Locale::En).err().unwrap_or_default();
    assert!(err.contains("`a`"), "{err}");
    let err = messages("a = { b }\nb = { a }\n", Locale::En).err().unwrap_or_default();
    assert!(err.contains("too deep"), "{err}");
    assert!(messages("a = { $x\n", Locale::En).is_err(), "a syntax error is an error");
}

/// The glossary checker reads what the reader sees: a selector spread over several lines, whose `}`
/// opens a continuation line with more text and another variable, leaves no variable name behind and
/// keeps the text after it.
#[test]
fn catalog_text_skips_variables_on_continuation_lines() {
    let ftl = "# a comment with shield\n\
               tokens = put { $boosts ->\n    [one] { $boosts } boost\n   *[other] { $boosts } boosts\n\
               } and { $shields ->\n    [one] one shield\n   *[other] { $shields } shields\n} on { $card }\n\
               multi =\n    first line { $moves }\n    second line {\"`done`\"}\n";
    let text = check::catalog_text(ftl);
    for word in ["put", "boost", "boosts", "and", "one shield", "shields", "on", "first line", "second line"] {
        assert!(check::has_term(&text, word), "`{word}` missing from {text:?}");
    }
    for gone in ["$", "->", "moves", "card", "done", "comment", "tokens", "multi"] {
        assert!(!text.contains(gone), "`{gone}` read as text in {text:?}");
    }
    // Before the fix the closing `}` made the depth negative: " and " was lost and "$shields ->" read.
    assert!(text.contains(" and "), "{text:?}");
}

/// The engine's shared messages format in every language, nested messages included.
#[test]
fn engine_messages_in_every_language() {
    use sylvan_engine::{Message, message};
    let m = message!("engine-illegal", action = "x", reason = "r");
    assert_eq!(sylvan_words::engine::text(&(), &m, Locale::En), "illegal action `x`: r");
    assert_eq!(sylvan_words::engine::text(&(), &m, Locale::Fr), "action interdite `x`\u{a0}: r");
    let nested = message!("engine-player-count", game = "equinox", min = 2, max = 5, players = 9);
    assert_eq!(sylvan_words::engine::text(&(), &nested, Locale::Fr), "equinox se joue de 2 à 5 joueurs, pas 9");
    assert_eq!(sylvan_words::engine::text(&(), &Message::new("engine-no-such-id"), Locale::Fr), "engine-no-such-id");
    assert!(sylvan_words::engine::catalog().problems().is_empty(), "{:?}", sylvan_words::engine::catalog().problems());
}

/// Card overlays (`i18n/<code>/cards.toml`): every one in the repository loads without a problem; a
/// language's overlay is picked up by its code (a test-only overlay for French here), a card or a
/// field it lacks shows the card file's English, and the pseudo-locale makes the English pseudo.
#[test]
fn card_overlays_load_and_are_found_by_language() {
    use sylvan_words::cards::CardTexts;
    let mut dirs = Vec::new();
    i18n_dirs(&root(), &mut dirs);
    let mut overlays = 0;
    for dir in &dirs {
        for e in fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = e.path().join("cards.toml");
            let Ok(text) = fs::read_to_string(&path) else { continue };
            let shown = path.display().to_string();
            let t = CardTexts::new(&[(Locale::Fr, shown.as_str(), text.as_str())]);
            assert!(t.problems().is_empty(), "{:?}", t.problems());
            overlays += 1;
        }
    }
    assert!(overlays >= 6, "{overlays} card overlays found (three games, two languages)");

    let fr = "[ability.gust]\nname = \"Bourrasque\"\nsource = \"provisional: a test\"\n\n[ability.zone]\nnone = \"no source\"\n";
    let t = CardTexts::new(&[(Locale::En, "en/cards.toml", ""), (Locale::Fr, "fr/cards.toml", fr)]);
    assert!(t.problems().is_empty(), "{:?}", t.problems());
    assert_eq!(t.text(Locale::Fr, "ability", "gust", "name", "Gust"), "Bourrasque");
    assert_eq!(t.text(Locale::En, "ability", "gust", "name", "Gust"), "Gust");
    assert_eq!(t.text(Locale::Fr, "ability", "gust", "text", "Zone."), "Zone.", "a field it lacks is English");
    assert_eq!(t.text(Locale::Fr, "ability", "zone", "name", "Zone"), "Zone", "a known gap is English");
    assert_eq!(t.text(Locale::Fr, "spirit", "gust", "name", "Gust"), "Gust", "the kind is part of the key");
    assert_eq!(t.text(Locale::Pseudo, "ability", "gust", "name", "Gust"), pseudo("Gust"));
    assert_eq!(t.entry(sylvan_words::Lang::Fr, "ability", "zone").and_then(|e| e.none.as_deref()), Some("no source"));

    // Each problem is one line naming the file and the entry.
    let bad = "[ability.a]\nname = \"A\"\n\n[ability.b]\nnone = \" \"\n\n[ability.c]\nsource = \"x\"\n\n[ability.d]\nname = 3\nsource = \"x\"\n";
    let t = CardTexts::new(&[(Locale::Fr, "fr/cards.toml", bad)]);
    let p = t.problems();
    assert!(p.iter().any(|l| l == "fr/cards.toml: ability.a: a text needs its `source`"), "{p:?}");
    assert!(p.iter().any(|l| l == "fr/cards.toml: ability.b: `none` says why no source exists"), "{p:?}");
    assert!(p.iter().any(|l| l == "fr/cards.toml: ability.c: an entry has texts or `none`"), "{p:?}");
    assert!(p.iter().any(|l| l == "fr/cards.toml: ability.d.name: a field is a string"), "{p:?}");
    let t = CardTexts::new(&[(Locale::Fr, "fr/cards.toml", "[ability")]);
    assert!(t.problems().iter().all(|l| l.starts_with("fr/cards.toml: ") && !l.contains('\n')), "{:?}", t.problems());
    assert_eq!(t.problems().len(), 1);
}
