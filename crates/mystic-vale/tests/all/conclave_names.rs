//! Conclave names in French and in the pseudo-locale (issue 35): no French source names a conclave (the
//! French book is the base game's; the conclaves are the Essential Edition's, EN:743-767), so each keeps
//! its English name in French and is listed as a known gap in `i18n/fr/cards.toml` (`[conclave.<key>]`); the
//! pseudo-locale transforms them as it does card titles.

use sylvan_engine::{Game, Locale, Seat};
use sylvan_mystic_vale::conclaves::Conclaves;
use sylvan_mystic_vale::{MysticVale, Options};

#[test]
fn every_conclave_name_is_a_known_gap() {
    use sylvan_mystic_vale::words::card_texts;
    let c = Conclaves::embedded().unwrap_or_else(|e| panic!("{e}"));
    let mut keys: Vec<&str> = c.list.iter().map(|x| x.key.as_str()).collect();
    let mut want: Vec<&str> = card_texts()
        .entries(sylvan_engine::Lang::Fr)
        .into_iter()
        .filter(|(kind, _, e)| *kind == "conclave" && e.none.is_some() && e.texts.is_empty())
        .map(|(_, key, _)| key)
        .collect();
    keys.sort_unstable();
    want.sort_unstable();
    assert_eq!(keys, want, "the conclaves without a French name");
}

#[test]
fn conclave_names_follow_the_locale_in_the_view_and_the_catalog() {
    let o = Options { conclaves: "random".into(), ..Options::default() };
    let g = MysticVale::new(&o, 3).unwrap_or_else(|e| panic!("{e}"));
    let list = Conclaves::for_db(g.db.clone()).unwrap_or_else(|e| panic!("{e}"));
    let ids = g.conclaves.unwrap_or_else(|| panic!("the game records its conclaves"));
    let view = g.view(Seat(0));
    for locale in [Locale::En, Locale::Fr, Locale::Pseudo] {
        let text = MysticVale::view_text(&view, locale);
        let catalog = g.catalog(locale);
        for &i in &ids {
            let x = &list.list[i as usize];
            let name = sylvan_mystic_vale::words::conclave_name(x, locale);
            let want = match locale {
                Locale::Pseudo => sylvan_words::pseudo(&x.name).into_owned(),
                _ => x.name.clone(),
            };
            assert_eq!(name, want, "{}", locale.code());
            assert!(text.contains(&name), "{}: the view names `{name}`:\n{text}", locale.code());
            assert_eq!(catalog["conclaves"][i.to_string()]["name"], name.as_str(), "{}", locale.code());
            if locale == Locale::Pseudo {
                assert!(!text.contains(&x.name), "en-XA: `{}` plain in the view", x.name);
            }
        }
    }
}

/// The card data's listings (`sylvan cards list mystic-vale`, `--conclaves`) are the words layer's: the
/// sentences from the catalogs, the titles in the reader's language, the data's fields as written.
#[test]
fn the_card_listings_follow_the_locale() {
    use sylvan_mystic_vale::words::{card_listing, conclave_listing};
    let db = sylvan_mystic_vale::CardDb::every_set().unwrap_or_else(|e| panic!("{e}"));
    let c = Conclaves::embedded().unwrap_or_else(|e| panic!("{e}"));
    let en = conclave_listing(c, &db, Locale::En);
    let fr = conclave_listing(c, &db, Locale::Fr);
    assert!(en.contains("Early Harvest [early-harvest]\n    name  [rulebook: EN:757-767"), "{en}");
    assert!(en.contains("Nightvale Watch [nightvale-watch] (name provisional)"), "{en}");
    assert!(
        en.ends_with(
            "14 conclaves (9 named by the rulebook, EN:759-767; every card list provisional); a game uses 6\n"
        )
    );
    assert!(fr.contains("Nightvale Watch [nightvale-watch] (nom provisoire)"), "{fr}");
    assert!(fr.contains("Chanteuse de l'Aube ×"), "a French title: {fr}");
    assert!(fr.ends_with("14 conclaves (9 nommés par le livret de règles, EN:759-767 ; toutes les listes de cartes sont provisoires) ; une partie en utilise 6\n"));
    let en = card_listing(&db, None, Locale::En);
    let fr = card_listing(&db, None, Locale::Fr);
    assert!(en.contains("\nDawnsinger (base, level 1, "), "{en}");
    assert!(fr.contains("\nChanteuse de l'Aube (base, niveau 1, "), "{fr}");
    assert!(en.contains("\nfields by provenance:\n") && fr.contains("\nvaleurs des données par provenance :\n"));
    assert!(fr.contains("  Taeda (wild), face améliorée : "), "{fr}");
    for text in [&en, &fr] {
        assert!(!text.contains('{') && !text.contains("[missing"), "an unresolved message");
    }
}

/// A conclave file's errors are one line, the place then the problem, in the reader's language (the
/// catalog's `mv-conclave-…` messages through `mv-data-error`).
#[test]
fn conclave_file_errors_are_catalog_messages() {
    use sylvan_mystic_vale::words::{data_error_message, message_text};
    let db = sylvan_mystic_vale::CardDb::every_set().unwrap_or_else(|e| panic!("{e}"));
    let good = include_str!("../../data/conclaves.toml");
    let Some(first) = Conclaves::embedded().ok().and_then(|c| c.list.first()).map(|c| c.key.clone()) else {
        panic!("no conclave")
    };
    let cases: [(String, &str, &str); 3] = [
        (good.replacen(&format!("key = \"{first}\""), "key = \"Bad Key\"", 1), "Bad Key", "une clé s'écrit"),
        (
            good.replacen("advancements = [\"", "advancements = [\"no-such-card\", \"", 1),
            "no-such-card",
            "aucune Évolution",
        ),
        (
            good.replacen("advancements = [\"", "advancements = [\"cursed-land\", \"", 1),
            "cursed-land",
            "carte de départ",
        ),
    ];
    for (text, key, french) in cases {
        let Err(e) = Conclaves::parse("c.toml", &text, &db) else { panic!("`{key}` is accepted") };
        let m = data_error_message(&e);
        let fr = message_text(&m, Locale::Fr).unwrap_or_default();
        let en = message_text(&m, Locale::En).unwrap_or_default();
        assert!(fr.starts_with("c.toml:") && fr.contains(key) && fr.contains(french), "{fr}");
        assert!(en.starts_with("c.toml:") && en.contains(key) && !en.contains(french), "{en}");
        assert!(!fr.contains('\n') && !en.contains('\n'), "one line: {fr}");
        assert_eq!(en, e.to_string(), "Display is the English message");
    }
    let few: String = good.split("[[conclave]]").take(3).collect::<Vec<_>>().join("[[conclave]]");
    let Err(e) = Conclaves::parse("c.toml", &few, &db) else { panic!("two conclaves are accepted") };
    let fr = message_text(&data_error_message(&e), Locale::Fr).unwrap_or_default();
    assert!(fr.contains("2 conclaves : il en faut de 6 à 64"), "{fr}");
}
