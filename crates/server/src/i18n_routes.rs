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

/// The locales the browser may offer, in order: `{"locales": [{"code": "fr", "name": "Français",
/// "pseudo": false}, …]}`, each language of the engine's list with its name in itself (from its
/// `locale.ftl`), then the pseudo-locale `en-XA` (`pseudo`: for finding hard-coded text).
pub fn locale_list() -> Value {
    let list: Vec<Value> = Locale::ALL
        .iter()
        .map(|&l| {
            let pseudo = l == Locale::Pseudo;
            let name =
                if pseudo { sylvan_words::pseudo(l.lang().name()).into_owned() } else { l.lang().name().to_owned() };
            json!({ "code": l.code(), "name": name, "pseudo": pseudo })
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
