//! The browser's words: `GET /api/i18n/{locale}` gives the messages of `web/i18n/<locale>/web.ftl`
//! (Project Fluent, embedded in the binary) as plain data the page's small formatter reads: each
//! message a list of parts, a part a string, `{"var": name}`, or `{"select": name, "variants": [{"key",
//! "default", "parts"}]}` (see [`sylvan_words::flat`]). The pseudo-locale `en-XA` is the English file
//! transformed by `sylvan-words`; a message a language lacks comes in English.
//!
//! With `SYLVAN_WEB_DIR` set (development) the files are read from that folder on each request.

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Map, Value, json};
use sylvan_words::flat::{self, Part};
use sylvan_words::{Lang, Locale};

use crate::lobby::Server;

/// The catalogs of the browser, one per language of the engine's list
/// ([`sylvan_engine::with_languages`]), embedded.
static FILES: &[(Locale, &str, &str)] = &sylvan_words::catalog_files!("web", "../../web", "web.ftl");

/// The browser's catalog routes: the locales offered, and each one's messages.
pub fn routes() -> Router<Arc<Server>> {
    Router::new().route("/api/i18n", get(locales)).route("/api/i18n/{locale}", get(messages))
}

/// Each language's `locale.ftl` (its name in itself, numbers and typography), the engine's files,
/// embedded: the browser writes as the engine does ([`sylvan_words::Lang::typeset`], `number`).
static LOCALE_FILES: &[(Locale, &str, &str)] = &sylvan_words::catalog_files!("engine", "../engine", "locale.ftl");

/// The value of `key` in a `locale.ftl` (text and string literals only, as the engine reads it).
fn locale_value(lang: Lang, key: &str) -> Option<String> {
    let (_, _, text) = LOCALE_FILES.iter().find(|(l, _, _)| l.lang() == lang)?;
    let list = flat::messages(text, lang.into()).ok()?;
    let (_, parts) = list.into_iter().find(|(id, _)| id == key)?;
    parts.into_iter().map(|p| if let Part::Text(t) = p { Some(t) } else { None }).collect()
}

/// How `lang` writes numbers and punctuation, from its `locale.ftl`, for the browser's formatter:
/// `decimal` (the decimal separator), `percent` (what follows a number for a percentage, in place of
/// `%`), `sign_space` (the space put before the signs of `space_before` and inside `quotes`, which is
/// an opening and a closing mark or empty). A key the file lacks reads as English writes.
fn typography(lang: Lang) -> Value {
    let get = |key: &str, default: &str| locale_value(lang, key).unwrap_or_else(|| default.to_owned());
    let words = |key: &str| -> Vec<String> { get(key, "").split_whitespace().map(str::to_owned).collect() };
    let mut quotes = words("quotes");
    if quotes.len() != 2 {
        quotes.clear();
    }
    json!({
        "decimal": get("decimal-separator", "."),
        "percent": get("percent-sign", "%"),
        "sign_space": get("sign-space", " "),
        "space_before": words("space-before"),
        "quotes": quotes,
    })
}

/// The locales the browser may offer, in order: `{"locales": [{"code": "fr", "name": "Français",
/// "pseudo": false, "lang": "fr", "typography": {…}}, …]}`, each language of the engine's list with its
/// name in itself and its writing ([`typography`], from its `locale.ftl`), then the pseudo-locale
/// `en-XA` (`pseudo`: for finding hard-coded text), which writes as its `lang`, English, does.
pub fn locale_list() -> Value {
    let list: Vec<Value> = Locale::ALL
        .iter()
        .map(|&l| {
            let pseudo = l == Locale::Pseudo;
            let name =
                if pseudo { sylvan_words::pseudo(l.lang().name()).into_owned() } else { l.lang().name().to_owned() };
            json!({
                "code": l.code(), "name": name, "pseudo": pseudo, "lang": l.lang().code(),
                "typography": typography(l.lang()),
            })
        })
        .collect();
    json!({ "locales": list })
}

async fn locales() -> Response {
    ([(header::CACHE_CONTROL, "no-cache")], Json(locale_list())).into_response()
}

/// The text of the browser's catalog of `lang` (`SYLVAN_WEB_DIR`'s copy when set), with its path.
fn source(lang: Lang) -> Option<(String, &'static str)> {
    let (_, path, text) = FILES.iter().find(|(l, _, _)| l.lang() == lang)?;
    if let Some(dir) = std::env::var_os("SYLVAN_WEB_DIR")
        && let Ok(text) =
            std::fs::read_to_string(std::path::Path::new(&dir).join("i18n").join(lang.code()).join("web.ftl"))
    {
        return Some((text, path));
    }
    Some(((*text).to_owned(), path))
}

fn parts_json(parts: &[Part]) -> Value {
    Value::Array(
        parts
            .iter()
            .map(|p| match p {
                Part::Text(t) => Value::String(t.clone()),
                Part::Var(v) => json!({ "var": v }),
                Part::Select { var, variants } => json!({
                    "select": var,
                    "variants": variants.iter().map(|v| json!({
                        "key": v.key, "default": v.default, "parts": parts_json(&v.parts),
                    })).collect::<Vec<_>>(),
                }),
            })
            .collect(),
    )
}

/// The messages of `locale` as JSON: its own, then English for what it lacks.
fn build(locale: Locale) -> Result<Value, String> {
    let mut out = Map::new();
    let mut seen = BTreeSet::new();
    for lang in [locale.lang(), Lang::En] {
        let Some((text, path)) = source(lang) else { continue };
        let form = if lang == Lang::En && locale == Locale::Pseudo { Locale::Pseudo } else { locale };
        let list = flat::messages(&text, form).map_err(|e| format!("{path}: {e}"))?;
        for (id, parts) in list {
            if seen.insert(id.clone()) {
                out.insert(id, parts_json(&parts));
            }
        }
    }
    Ok(json!({ "locale": locale.code(), "messages": out }))
}

/// The built answer of each locale (embedded files only: they cannot change while the server runs).
fn cached(locale: Locale) -> Result<Value, String> {
    static CACHE: OnceLock<Vec<(Locale, Result<Value, String>)>> = OnceLock::new();
    if std::env::var_os("SYLVAN_WEB_DIR").is_some() {
        return build(locale);
    }
    let all = CACHE.get_or_init(|| Locale::ALL.iter().map(|&l| (l, build(l))).collect());
    all.iter().find(|(l, _)| *l == locale).map_or_else(|| build(locale), |(_, r)| r.clone())
}

async fn messages(Path(code): Path<String>) -> Response {
    let locale: Locale = match code.parse() {
        Ok(l) => l,
        Err(e) => return (StatusCode::NOT_FOUND, Json(json!({ "error": format!("locale: {e}") }))).into_response(),
    };
    match cached(locale) {
        Ok(body) => ([(header::CACHE_CONTROL, "no-cache")], Json(body)).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({ "error": e }))).into_response(),
    }
}
