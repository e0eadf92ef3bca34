//! The command line's own words, from the Fluent catalogs `i18n/{en,fr}/cli.ftl` (the games' words
//! come from each game's catalog through the `Game` trait), loaded by [`sylvan_words::catalog!`]:
//! adding a language is described in `docs/cli.md` ("Adding a language").

use std::sync::LazyLock;

use sylvan_engine::erased::DynGame;
use sylvan_engine::{Locale, Outcome, Seat};
use sylvan_words::{Args, Catalog, args};

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!(".", "cli.ftl");

/// Message `id` in `locale` with `args`, set in the locale's typography.
pub fn t(locale: Locale, id: &str, args: Args<'_>) -> String {
    locale.lang().typeset(&CATALOG.text(locale, id, args))
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

/// The language of the terminal when `--lang` is not given: the POSIX locale variables in their order
/// of precedence (`LC_ALL`, `LC_MESSAGES`, `LANG`; the first one set and not empty), `fr_FR.UTF-8` read
/// as `fr`; English for `C`, `POSIX`, a language without a catalog, or nothing set.
pub fn env_locale() -> Locale {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default();
    locale_of_posix(&value)
}

/// The locale of a POSIX locale name (`fr_FR.UTF-8`, `en_US`, `fr`, `C`): its language part, English
/// when Sylvan has no catalog for it.
pub fn locale_of_posix(value: &str) -> Locale {
    let language = value.split(['.', '@']).next().unwrap_or_default().replace('_', "-");
    match language.parse::<Locale>() {
        Ok(l) => l,
        Err(_) => language.split('-').next().and_then(|l| l.parse().ok()).unwrap_or(Locale::En),
    }
}

/// A number as the locale writes it (`0.5`, in French `0,5`), with at most three decimals.
pub fn number(locale: Locale, x: f64) -> String {
    locale.lang().number_text(crate::games::num(x))
}

/// A number with exactly `places` decimals as the locale writes it (`12.5`, `12,5`).
pub fn fixed(locale: Locale, x: f64, places: usize) -> String {
    locale.lang().number_text(format!("{x:.places$}"))
}

/// A share as a percentage with one decimal (`45.2%`, in French `45,2 %`); `—` where nothing was
/// measured.
pub fn percent(locale: Locale, x: Option<f64>) -> String {
    match x {
        None => "—".to_owned(),
        Some(x) => locale.lang().number_text(format!("{:.1}%", 100.0 * x)),
    }
}

/// `text` padded with spaces to `width` characters (on the right; on the left with `right`), as
/// `format!("{:<width$}")` does but counting characters, not bytes.
pub fn pad(text: &str, width: usize, right: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(text.chars().count()));
    if right { format!("{fill}{text}") } else { format!("{text}{fill}") }
}

/// Per-seat values as `p0 3 · p1 5`, numbers as the locale writes them.
pub fn per_seat(locale: Locale, values: &[f64]) -> String {
    values.iter().enumerate().map(|(i, v)| format!("p{i} {}", number(locale, *v))).collect::<Vec<_>>().join(" · ")
}

/// A game's summary from the catalog (`games-summary-<name>`), `None` for a game it does not list.
pub fn summary(locale: Locale, game: &str) -> Option<String> {
    let id = format!("games-summary-{game}");
    CATALOG.has(Locale::En, &id).then(|| t(locale, &id, args!()))
}

/// Who plays a seat `game` plays itself, in `locale`: the game's message
/// ([`DynGame::automated_seat`]) in its catalog; `None` for a seat a player or bot holds.
pub fn automated_seat(game: &dyn DynGame, seat: Seat, locale: Locale) -> Option<String> {
    let who = game.automated_seat(seat)?;
    let text = game.message_text(&who, locale).unwrap_or_else(|| who.id.to_owned());
    Some(locale.lang().typeset(&text))
}

/// What a bot's search did (`-v` on standard error) in `locale`: iterations, time, rates and tree size
/// per searched decision.
pub fn search_stats(locale: Locale, s: &sylvan_bots::SearchStats) -> String {
    if s.searched == 0 {
        return t(locale, "verbose-unsearched", args!(decisions = s.decisions));
    }
    let a = args!(
        iterations = s.iterations,
        ms = fixed(locale, 1000.0 * s.seconds, 1),
        rate = fixed(locale, s.iterations_per_sec(), 0),
        determinizations = fixed(locale, s.determinizations_per_sec(), 0),
        nodes = fixed(locale, s.nodes_per_decision(), 0),
        searched = s.searched
    );
    t(locale, "verbose-search", a)
}
