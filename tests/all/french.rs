//! What the games say in French (rulings L7–L8 in `docs/rulings/languages.md`): French typography in
//! every string the engine can write for seeded random games of each game (views, action descriptions,
//! events, help, breakdowns, catalogs), and a few exact French lines per game.

use serde_json::{Value, json};
use sylvan_engine::erased::DynGame;
use sylvan_engine::{GameRng, Lang, Locale, Seat};
use sylvan_registry::Registry;

const NBSP: char = '\u{a0}';

/// The places in `text` where `:` `;` `!` `?` or `»` has no no-break space before it, or `«` none
/// after it, with a little context; a sign glued to a word and followed by something else than a space
/// (a notation such as `a:b`) is not French punctuation and is skipped.
fn typography_faults(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut faults = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|k| chars[k]);
        let next = chars.get(i + 1).copied();
        let bad = match c {
            ':' | ';' | '!' | '?' => {
                let ends = next.is_none_or(|n| n.is_whitespace());
                prev != Some(NBSP) && (prev == Some(' ') || ends) && prev != Some('`')
            }
            '»' => prev != Some(NBSP),
            '«' => next != Some(NBSP),
            _ => false,
        };
        if bad {
            let from = i.saturating_sub(30);
            let to = (i + 10).min(chars.len());
            faults.push(chars[from..to].iter().collect());
        }
    }
    faults
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                if !matches!(k.as_str(), "notation" | "key" | "code") {
                    strings(x, out);
                }
            }
        }
        _ => {}
    }
}

/// Every French text of `game` at this point: each seat's view, the legal actions, the events each
/// seat saw since the last call.
fn collect(game: &mut dyn DynGame, out: &mut Vec<String>) {
    for s in 0..game.num_seats() {
        let seat = Seat(s as u8);
        if let Ok(v) = game.view(seat) {
            out.push(v.text_locale(Locale::Fr));
        }
        out.extend(game.events_locale(Some(seat), Locale::Fr).into_iter().map(|e| e.text));
    }
    out.extend(game.legal_actions_locale(Locale::Fr).into_iter().map(|a| a.description));
    game.clear_events();
}

/// Plays random games of `name` with `options` and returns every French string written on the way,
/// and the breakdown tables.
fn french_texts(name: &str, options: &Value, seeds: std::ops::Range<u64>) -> (Vec<String>, Vec<String>) {
    let registry = Registry::standard();
    let entry = registry.get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = Vec::new();
    let mut tables = Vec::new();
    let mut legal = Vec::new();
    for seed in seeds {
        let mut game = entry.game().new_game(options, seed).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
        game.keep_events(true);
        out.extend(game.action_help_locale(Locale::Fr).into_iter().map(|h| h.description));
        strings(&game.catalog_locale(Locale::Fr), &mut out);
        let mut rng = GameRng::new(seed);
        let mut step = 0;
        while game.to_move().is_some() && step < 3000 {
            if step % 3 == 0 {
                collect(&mut *game, &mut out);
            } else {
                game.clear_events();
            }
            game.legal_ids(&mut legal);
            let id = legal[rng.index(legal.len())];
            game.apply_id(id).unwrap_or_else(|e| panic!("{name} {seed}: {e}"));
            step += 1;
        }
        collect(&mut *game, &mut out);
        if let Some(b) = game.breakdown_locale(Locale::Fr) {
            tables.push(b.table(Lang::Fr));
            out.push(b.end_reason);
            out.extend(b.notes);
            out.extend(b.rows.into_iter().map(|r| r.label));
        }
    }
    out.extend(tables.iter().cloned());
    (out, tables)
}

fn assert_french_typography(name: &str, options: Value) {
    let (texts, tables) = french_texts(name, &options, 0..4);
    assert_eq!(tables.len(), 4, "{name}: every game ends with a breakdown");
    assert!(texts.len() > 100, "{name}: only {} texts", texts.len());
    let mut faults: Vec<String> = texts.iter().flat_map(|t| typography_faults(t)).collect();
    faults.sort();
    faults.dedup();
    assert!(faults.is_empty(), "{name}: {} places without a no-break space:\n{}", faults.len(), faults.join("\n"));
    // Decimals are written with a comma: no `digit.digit` in the breakdown tables (elsewhere `2.3` is
    // Mystic Vale's notation of a common).
    for t in &tables {
        let c: Vec<char> = t.chars().collect();
        assert!(!c.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit()), "{name}: {t}");
    }
}

#[test]
fn french_typography_in_every_equinox_text() {
    assert_french_typography("equinox", json!({ "players": 3 }));
}

#[test]
fn french_typography_in_every_mystic_vale_text() {
    assert_french_typography("mystic-vale", json!({ "players": 2 }));
}

#[test]
fn french_typography_in_every_spirit_duel_text() {
    assert_french_typography("spirit-duel", json!({}));
}

#[test]
fn french_typography_in_every_command_of_nature_text() {
    assert_french_typography("command-of-nature", json!({ "players": 2 }));
}

#[test]
fn the_fault_finder_finds_faults() {
    assert_eq!(typography_faults("phase 1 : jouer"), vec!["phase 1 : jouer".to_owned()]);
    assert_eq!(typography_faults("p0: 3"), vec!["p0: 3".to_owned()]);
    assert!(typography_faults("phase 1\u{a0}: jouer, a:b, `?`").is_empty());
    assert_eq!(typography_faults("« x »").len(), 2);
}

/// A game of `name` played with the first legal action at every decision: the French view header and
/// first action description of p0 at the start, the events p0 saw of the first action, and the final
/// breakdown table.
fn first_action_game(name: &str, options: Value, seed: u64) -> (String, String, Vec<String>, String) {
    let registry = Registry::standard();
    let entry = registry.get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut game = entry.game().new_game(&options, seed).unwrap_or_else(|e| panic!("{name}: {e}"));
    game.keep_events(true);
    let view = game.view(Seat(0)).map(|v| v.text_locale(Locale::Fr)).unwrap_or_default();
    let header = view.lines().next().unwrap_or_default().to_owned();
    let described = game.legal_actions_locale(Locale::Fr).into_iter().map(|a| a.description).nth(1).unwrap_or_default();
    game.clear_events();
    let mut legal = Vec::new();
    game.legal_ids(&mut legal);
    game.apply_id(legal[0]).unwrap_or_else(|e| panic!("{name}: {e}"));
    let events = game.events_locale(Some(Seat(0)), Locale::Fr).into_iter().map(|e| e.text).collect();
    let mut steps = 0;
    while game.to_move().is_some() && steps < 20_000 {
        game.legal_ids(&mut legal);
        game.apply_id(legal[0]).unwrap_or_else(|e| panic!("{name}: {e}"));
        steps += 1;
    }
    let table = game.breakdown_locale(Locale::Fr).map(|b| b.table(Lang::Fr)).unwrap_or_default();
    (header, described, events, table)
}

#[test]
#[ignore = "prints the French lines of `first_action_game` for each game"]
fn print_french_lines() {
    for (name, options) in [
        ("equinox", json!({ "players": 2 })),
        ("mystic-vale", json!({ "players": 2 })),
        ("spirit-duel", json!({})),
        ("command-of-nature", json!({ "players": 2 })),
    ] {
        println!("=== {name}\n{:#?}", first_action_game(name, options, 7));
    }
}

/// The breakdown table's lines, without the padding (ordinary spaces only: the no-break spaces of
/// French typography are kept).
fn table_lines(table: &str) -> Vec<String> {
    table.lines().map(|l| l.split(' ').filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")).collect()
}

#[test]
fn equinox_speaks_french() {
    let (header, action, events, table) = first_action_game("equinox", json!({ "players": 2 }), 7);
    assert_eq!(header, "Equinox — manche 1/5 — au tour de p1 — phase 1\u{a0}: placer ou révéler une prédiction");
    assert_eq!(action, "placer une prédiction sur Gruyère dans la rangée 1 (vaut 4 PP)");
    assert_eq!(events, ["p1 ne fait pas de prédiction"]);
    let lines = table_lines(&table);
    assert_eq!(lines[0], "La cinquième manche s'est terminée par une élimination.");
    assert_eq!(lines[2], "prédictions secrètes (5 PP chacune) 0 0");
    assert_eq!(lines[3], "cailloux de la rangée 1 (4 PP chacun) 0 0");
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            "p0, p1 à égalité avec 0 PP\u{a0}; rien ne les départage\u{a0}: la victoire est partagée\u{a0}; gagnants\u{a0}: p0, p1."
        )
    );
    // Articles contract and elide before creature names (ruling L8).
    assert_eq!(sylvan_equinox::words::de("Le Duc"), "du Duc");
    assert_eq!(sylvan_equinox::words::de("Ursus"), "d'Ursus");
    assert_eq!(sylvan_equinox::words::de("Griso"), "de Griso");
}

#[test]
fn mystic_vale_speaks_french_with_the_french_book_terms() {
    let (header, action, _, table) = first_action_game("mystic-vale", json!({ "players": 2 }), 7);
    assert_eq!(header, "== Mystic Vale · ronde 1 · pool de jetons PV\u{a0}: 23 · vous êtes p0");
    assert_eq!(action, "poser la carte on-deck dans votre champ et révéler la suivante");
    // A card is named by what is on it, never by its number (issue 34's log).
    let blank = sylvan_mystic_vale::events::Card { id: 5, titles: Vec::new() };
    let sleeved = sylvan_mystic_vale::Event::Sleeved(Seat(0), "Dawnsinger".into(), blank);
    assert_eq!(
        sylvan_mystic_vale::words::event_text(&sleeved, Lang::Fr),
        "p0 glisse Chanteuse de l'Aube dans la protection d'une carte vierge"
    );
    let dawnsinger = sylvan_mystic_vale::events::Card { id: 5, titles: vec!["Dawnsinger".into()] };
    let played = sylvan_mystic_vale::Event::Played(Seat(0), dawnsinger);
    assert_eq!(sylvan_mystic_vale::words::event_text(&played, Lang::Fr), "p0 pose Chanteuse de l'Aube dans son champ");
    assert_eq!(played.to_string(), "p0 plays Dawnsinger");
    let lines = table_lines(&table);
    assert_eq!(lines[0], "La limite de 120 rondes est atteinte.");
    assert_eq!(
        &lines[2..6],
        [
            "jetons PV 0 0",
            "PV imprimés sur les cartes 0 0",
            "capacités «\u{a0}Fin de la Partie\u{a0}» 0 0",
            "cartes Val 0 0"
        ]
    );
}

#[test]
fn the_spirit_duel_speaks_french() {
    let (header, action, events, table) = first_action_game("spirit-duel", json!({}), 7);
    assert_eq!(header, "Duel d'Esprits (1 contre 1) — tour 1/8 — Tour Diurne ☀ — phase de combat de p0");
    assert_eq!(action, "attaquer Kel'Orn Gardien de Dra'dhan avec Ruée du cerf (4 PM)");
    assert_eq!(events[0], "p0 a maintenant 8 PM");
    let lines = table_lines(&table);
    assert_eq!(lines[0], "Le tour 8 s'est achevé sans vainqueur\u{a0}: match nul.");
    // A draw is ½ each, written with a decimal comma (ruling L7).
    assert_eq!(lines[2], "résultat (victoire 1, nul ½) 0,5 0,5");
    assert_eq!(lines[4], "total 0,5 0,5");
}

#[test]
fn command_of_nature_speaks_french() {
    let (header, action, _, table) = first_action_game("command-of-nature", json!({ "players": 2 }), 7);
    assert_eq!(
        header,
        "Command of Nature — tour 1 — au camp 1 de jouer — p0 — mise en place\u{a0}: choisissez le Guerrier élémentaire qui va dans votre deck"
    );
    assert_eq!(action, "Rempart de Granit");
    use sylvan_command_of_nature::events::Event;
    let level = Event::LevelUp { seat: Seat(1), level: 4 };
    assert_eq!(sylvan_command_of_nature::words::event_text(&level, Lang::Fr), "p1 atteint le niveau 4");
    let over = Event::GameOver { winning_side: Some(1) };
    assert_eq!(
        Lang::Fr.typeset(&sylvan_command_of_nature::words::event_text(&over, Lang::Fr)),
        "partie terminée\u{a0}: le camp 2 gagne"
    );
    let lines = table_lines(&table);
    assert_eq!(lines[0], "La limite de 60 tours est atteinte sans vainqueur\u{a0}: match nul.");
    assert_eq!(lines[5], "p0 (camp 1)\u{a0}: niveau 1, Sage debout");
}

/// A typed action that does not read, an action that is not legal now and a refused setup, in the
/// player's language: the frame from the engine's catalog, the reason from the game's.
#[test]
fn errors_of_typed_actions_and_setups_speak_the_players_language() {
    use sylvan_engine::Locale;
    use sylvan_words::engine::{dyn_error, setup_error};
    let registry = Registry::standard();
    for (name, expected_fr, expected_en, illegal_fr) in [
        ("equinox", "une action d'Equinox", "an Equinox action", "pas permis à p"),
        ("command-of-nature", "une action de Command of Nature", "a Command of Nature action", "n'est pas permis à p"),
        ("spirit-duel", "une action du duel d'Esprits", "a spirit duel action", "pas permis à p"),
    ] {
        let entry = registry.get(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let game = entry.game().new_game(&json!({}), 5).unwrap_or_else(|e| panic!("{name}: {e}"));
        let e = game.action_id("xyzzy").err().unwrap_or_else(|| panic!("{name}: xyzzy read"));
        let fr = dyn_error(&*game, &e, Locale::Fr);
        assert!(fr.starts_with("impossible de lire `xyzzy`\u{a0}: ") && fr.contains(expected_fr), "{name}: {fr}");
        let en = dyn_error(&*game, &e, Locale::En);
        assert!(en.starts_with("cannot read `xyzzy`: ") && en.contains(expected_en), "{name}: {en}");
        assert!(e.to_string().contains(expected_en), "{name}: the English Display: {e}");

        // The first action id the game has that is not legal now.
        let mut legal = Vec::new();
        game.legal_ids(&mut legal);
        let mut copy = game.clone_box();
        let illegal = (0..entry.game().num_distinct_actions()).find(|id| !legal.contains(id));
        let e = copy.apply_id(illegal.unwrap_or_else(|| panic!("{name}: every id legal"))).err();
        let e = e.unwrap_or_else(|| panic!("{name}: an illegal id was applied"));
        let fr = dyn_error(&*game, &e, Locale::Fr);
        assert!(fr.starts_with("action interdite `") && fr.contains(illegal_fr), "{name}: {fr}");
        assert!(!fr.contains(" not ") && !fr.contains(" now "), "{name}: English left: {fr}");

        let e = entry.game().options(Some(9), &[]).err().unwrap_or_else(|| panic!("{name}: 9 players"));
        let fr = setup_error(entry.game(), &e, Locale::Fr);
        assert!(
            fr.starts_with("mise en place invalide\u{a0}: players\u{a0}: ") && fr.contains("joueurs, pas 9"),
            "{fr}"
        );
        let e = entry.game().options(None, &["nonsense=1".to_owned()]).err();
        let fr = setup_error(entry.game(), &e.unwrap_or_else(|| panic!("{name}: nonsense")), Locale::Fr);
        assert!(fr.contains("n'a pas d'option `nonsense`"), "{name}: {fr}");
    }
}
