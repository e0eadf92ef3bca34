//! Conclave names in French and in the pseudo-locale (issue 35): no French source names a conclave (the
//! French book is the base game's; the conclaves are the Essential Edition's, EN:743-767), so each keeps
//! its English name in French and is listed as a known gap in `data/french.toml` (`[conclave]`); the
//! pseudo-locale transforms them as it does card titles.

use sylvan_engine::{Game, Locale, Seat};
use sylvan_mystic_vale::conclaves::Conclaves;
use sylvan_mystic_vale::{MysticVale, Options};

#[test]
fn every_conclave_name_is_a_known_gap() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/french.toml");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let marks: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let Some(toml::Value::Table(listed)) = marks.get("conclave") else { panic!("{path}: no [conclave]") };
    for (k, v) in listed {
        assert!(v.as_str().is_some_and(|s| s.starts_with("none: ")), "{path}: conclave.{k} is not `none: …`");
    }
    let c = Conclaves::embedded().unwrap_or_else(|e| panic!("{e}"));
    let mut keys: Vec<&str> = c.list.iter().map(|x| x.key.as_str()).collect();
    let mut want: Vec<&str> = listed.keys().map(String::as_str).collect();
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
