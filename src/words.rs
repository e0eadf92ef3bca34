//! The command line's own words, from the Fluent catalogs `i18n/{en,fr}/cli.ftl` (the games' words
//! come from each game's catalog through the `Game` trait). A third language is a folder
//! `i18n/<code>/` and one line here.

use std::sync::LazyLock;

use sylvan_engine::{Locale, Outcome, Seat};
use sylvan_words::{Args, Catalog, args};

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    Catalog::new(&[
        (Locale::En, "i18n/en/cli.ftl", include_str!("../i18n/en/cli.ftl")),
        (Locale::Fr, "i18n/fr/cli.ftl", include_str!("../i18n/fr/cli.ftl")),
    ])
});

/// Message `id` in `locale` with `args`, set in the locale's typography.
pub fn t(locale: Locale, id: &str, args: Args<'_>) -> String {
    locale.lang().typeset(&CATALOG.format(locale, id, &args))
}

/// The scores per seat (`p0 3 · p1 5`), numbers as the locale writes them.
pub fn scores(locale: Locale, values: &[f64]) -> String {
    let sep = CATALOG.format(locale, "play-score-separator", &args!());
    values
        .iter()
        .enumerate()
        .map(|(i, &x)| t(locale, "play-score", args!(seat = Seat(i as u8), score = locale.lang().number(x))))
        .collect::<Vec<_>>()
        .join(&sep)
}

/// The result in words (`None` while the game is not over).
pub fn outcome(locale: Locale, outcome: Option<Outcome>) -> String {
    match outcome {
        None => t(locale, "result-none", args!()),
        Some(o) if o.is_draw() => t(locale, "result-draw", args!()),
        Some(o) => {
            let w: Vec<String> = o.winners().iter().map(|s| s.to_string()).collect();
            match w.len() {
                0 => t(locale, "result-none", args!()),
                1 => t(locale, "result-winner", args!(seat = w[0].clone())),
                _ => t(locale, "result-winners", args!(seats = w.join(", "))),
            }
        }
    }
}
