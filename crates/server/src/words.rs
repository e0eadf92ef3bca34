//! What the server says, in the client's language: every error and note comes from the Fluent catalogs
//! `i18n/{en,fr}/server.ftl` through `sylvan-words`. A refusal is a [`Msg`] (a message id with its
//! arguments) until it is sent, and formatted then in the language of the request
//! ([`locale_of_request`]: `?lang=`, then `Accept-Language`) or of the WebSocket connection (its
//! `hello`). The catalog of each language of the engine's list is embedded (`i18n/<code>/server.ftl`,
//! [`sylvan_words::catalog!`]).

use std::fmt;
use std::sync::LazyLock;

use sylvan_engine::Locale;
use sylvan_words::{Args, Catalog};

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/server", "server.ftl");

/// The server's message catalog, parsed once.
pub fn catalog() -> &'static Catalog {
    &CATALOG
}

/// An argument of a [`Msg`]: a text or a number (which plural rules select on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MsgArg {
    /// A text, shown as it is.
    Text(String),
    /// A whole number.
    Number(i64),
    /// Another message, formatted in the same language (a seat's default name, a reason).
    Msg(Box<Msg>),
    /// A text already written in every locale (a game's own words: a notation or setup error, formatted
    /// by [`sylvan_words::engine`] from the game's catalog when the error happens).
    Localized(Vec<(Locale, String)>),
}

impl MsgArg {
    /// A text in every locale, `text(locale)` for each.
    pub fn localized(text: impl Fn(Locale) -> String) -> MsgArg {
        MsgArg::Localized(Locale::ALL.iter().map(|&l| (l, text(l))).collect())
    }
}

impl From<Msg> for MsgArg {
    fn from(m: Msg) -> MsgArg {
        MsgArg::Msg(Box::new(m))
    }
}

impl From<String> for MsgArg {
    fn from(s: String) -> MsgArg {
        MsgArg::Text(s)
    }
}

impl From<&str> for MsgArg {
    fn from(s: &str) -> MsgArg {
        MsgArg::Text(s.to_owned())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for MsgArg {
            fn from(n: $t) -> MsgArg {
                MsgArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64);

/// A message of the server's catalog with its arguments, formatted when the language is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    id: &'static str,
    args: Vec<(&'static str, MsgArg)>,
}

impl Msg {
    /// Message `id` without arguments.
    pub fn new(id: &'static str) -> Msg {
        Msg { id, args: Vec::new() }
    }

    /// The message with argument `name` set to `value`.
    pub fn arg(mut self, name: &'static str, value: impl Into<MsgArg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// Its id in the catalog.
    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The text in `locale` (English where the locale lacks the message), in the locale's typography
    /// (`Lang::typeset`, ruling L7: in French a no-break space before `:` and inside « »).
    pub fn text(&self, locale: Locale) -> String {
        let mut args = Args::new();
        for (name, value) in &self.args {
            args = match value {
                MsgArg::Text(s) => args.with(name, s.as_str()),
                MsgArg::Number(n) => args.with(name, *n),
                MsgArg::Msg(m) => args.with(name, m.text(locale)),
                MsgArg::Localized(texts) => {
                    let text = texts.iter().find(|(l, _)| *l == locale).or(texts.first()).map(|(_, t)| t.clone());
                    args.with(name, text.unwrap_or_default())
                }
            };
        }
        locale.lang().typeset(&CATALOG.format(locale, self.id, &args))
    }
}

/// English.
impl fmt::Display for Msg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Locale::En))
    }
}

/// `Msg::new(id).arg(..)...` from `msg!("id", name = value, ...)`.
macro_rules! msg {
    ($id:literal) => { $crate::words::Msg::new($id) };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::words::Msg::new($id)$(.arg(stringify!($name), $value))+
    };
}

/// The language of an HTTP request: `?lang=` when given and known, else the first known language of
/// `Accept-Language` by its quality, else English.
pub fn locale_of_request(query: Option<&str>, accept_language: Option<&str>) -> Locale {
    if let Some(q) = query {
        for pair in q.split('&') {
            if let Some(v) = pair.strip_prefix("lang=")
                && let Ok(l) = v.parse::<Locale>()
            {
                return l;
            }
        }
    }
    accept_language.and_then(from_accept_language).unwrap_or_default()
}

/// The preferred known language of an `Accept-Language` header (`fr-CA,fr;q=0.9,en;q=0.8`): by quality,
/// then by order; a region is ignored (`fr-CA` is French) except for the pseudo-locale `en-XA`.
pub fn from_accept_language(header: &str) -> Option<Locale> {
    let mut best: Option<(f32, Locale)> = None;
    for item in header.split(',').take(32) {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let q =
            parts.find_map(|p| p.trim().strip_prefix("q=").and_then(|v| v.trim().parse::<f32>().ok())).unwrap_or(1.0);
        if q.is_nan() || q <= 0.0 {
            continue;
        }
        let locale = if tag.eq_ignore_ascii_case("en-XA") {
            Some(Locale::Pseudo)
        } else {
            tag.split(['-', '_']).next().and_then(|l| l.parse::<Locale>().ok())
        };
        if let Some(l) = locale
            && best.is_none_or(|(bq, _)| q > bq)
        {
            best = Some((q, l));
        }
    }
    best.map(|(_, l)| l)
}
