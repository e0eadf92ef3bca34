//! Sylvan's words: message catalogs in [Project Fluent](https://projectfluent.org) (`.ftl` files, one
//! per crate and language, embedded with [`include_str!`]), built into one bundle per locale once, then
//! formatted by message id with typed arguments. Guide for translators: `docs/cli.md` ("Languages":
//! where each catalog lives, the pseudo-locale, adding a language) and `docs/rulings/languages.md` (the
//! choices where a rulebook gives no text in one language).
//!
//! - Plurals, gender and French elision are the catalog's business (Fluent selectors), not code's.
//! - A message missing in a language falls back to English; [`mark_fallbacks`] makes that visible
//!   (`[en] …`) so tests find it.
//! - The pseudo-locale `en-XA` ([`Locale::Pseudo`]) is the English catalog with every text element
//!   accented and lengthened by rule ([`pseudo`]); arguments (card names, numbers, notations written as
//!   Fluent string literals such as `{"gru7"}`) stay as they are.
//! - [`check`] compares catalogs: every id in every language, with the same variables.
//! - Card names and texts are data: the card files hold the English, each language's
//!   `i18n/<code>/cards.toml` overlays its own ([`cards`], [`card_texts!`]).
//! - The languages are the engine's one list ([`sylvan_engine::with_languages`]): [`catalog!`] and
//!   [`catalog_files!`] embed each language's file from it.

pub mod cards;
pub mod check;
pub mod engine;
pub mod flat;

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
pub use sylvan_engine::{Lang, Locale};
use sylvan_engine::{Message, MessageArg, ParseError, Seat};
use unic_langid::LanguageIdentifier;

static MARK_FALLBACKS: AtomicBool = AtomicBool::new(false);

/// Whether a message formatted in English because its language lacks it (or a message that failed to
/// format) is marked in the text: `[en] …`, `[missing id]`, `… [error: …]`. Off by default; tests turn
/// it on.
pub fn mark_fallbacks(on: bool) {
    MARK_FALLBACKS.store(on, Ordering::Relaxed);
}

/// The arguments of one message, typed: strings, numbers (which Fluent's plural rules select on),
/// seats (`p0`).
#[derive(Default)]
pub struct Args<'a>(FluentArgs<'a>);

impl<'a> Args<'a> {
    /// No arguments.
    pub fn new() -> Args<'a> {
        Args(FluentArgs::new())
    }

    /// The arguments with `name` set to `value`.
    pub fn with(mut self, name: &'a str, value: impl Arg<'a>) -> Args<'a> {
        self.0.set(name, value.into_value());
        self
    }
}

/// A value a message can take as an argument.
pub trait Arg<'a> {
    /// The value as Fluent sees it.
    fn into_value(self) -> FluentValue<'a>;
}

impl<'a> Arg<'a> for &'a str {
    fn into_value(self) -> FluentValue<'a> {
        FluentValue::String(Cow::Borrowed(self))
    }
}

impl<'a> Arg<'a> for String {
    fn into_value(self) -> FluentValue<'a> {
        FluentValue::String(Cow::Owned(self))
    }
}

impl<'a> Arg<'a> for Seat {
    fn into_value(self) -> FluentValue<'a> {
        FluentValue::String(Cow::Owned(self.to_string()))
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl<'a> Arg<'a> for $t {
            fn into_value(self) -> FluentValue<'a> {
                FluentValue::from(self)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f64);

/// `Args` from `name = value` pairs: `args!(seat = s, n = 3)`.
#[macro_export]
macro_rules! args {
    () => { $crate::Args::new() };
    ($($name:ident = $value:expr),+ $(,)?) => {
        $crate::Args::new()$(.with(stringify!($name), $value))+
    };
}

/// The pseudo-locale's rule on a text element: ASCII letters accented, vowels doubled (about a third
/// longer, as translations often are).
pub fn pseudo(text: &str) -> Cow<'_, str> {
    const LOWER: [char; 26] = [
        'ȧ', 'ƀ', 'ƈ', 'ḓ', 'ḗ', 'ƒ', 'ɠ', 'ħ', 'ī', 'ĵ', 'ķ', 'ŀ', 'ḿ', 'ƞ', 'ǿ', 'ƥ', 'ɋ', 'ř', 'ş', 'ŧ', 'ŭ', 'ṽ',
        'ẇ', 'ẋ', 'ẏ', 'ẑ',
    ];
    const UPPER: [char; 26] = [
        'Ȧ', 'Ɓ', 'Ƈ', 'Ḓ', 'Ḗ', 'Ƒ', 'Ɠ', 'Ħ', 'Ī', 'Ĵ', 'Ķ', 'Ŀ', 'Ḿ', 'Ƞ', 'Ǿ', 'Ƥ', 'Ɋ', 'Ř', 'Ş', 'Ŧ', 'Ŭ', 'Ṽ',
        'Ẇ', 'Ẋ', 'Ẏ', 'Ẑ',
    ];
    if !text.bytes().any(|b| b.is_ascii_alphabetic()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        let mapped = match c {
            'a'..='z' => LOWER[(c as u8 - b'a') as usize],
            'A'..='Z' => UPPER[(c as u8 - b'A') as usize],
            _ => c,
        };
        out.push(mapped);
        if "aeiouAEIOU".contains(c) {
            out.push(mapped);
        }
    }
    Cow::Owned(out)
}

fn pseudo_transform(text: &str) -> Cow<'_, str> {
    pseudo(text)
}

#[doc(hidden)]
pub use sylvan_engine::with_languages;

/// A crate's catalog, parsed once on first use: `static CATALOG: LazyLock<Catalog> =
/// catalog!("crates/equinox", "equinox.ftl");` embeds `i18n/<code>/equinox.ftl` of the calling crate for
/// each language of the list ([`sylvan_engine::with_languages`]; the first argument is the crate's
/// folder in the repository, for error messages). A language of the list without its file is a
/// compile error naming the file.
#[macro_export]
macro_rules! catalog {
    ($dir:literal, $file:literal) => {
        ::std::sync::LazyLock::new(|| $crate::Catalog::new(&$crate::catalog_files!($dir, ".", $file)))
    };
}

/// The files of one catalog for each language of the list ([`sylvan_engine::with_languages`]), as
/// [`Catalog::new`] takes them: `catalog_files!("web", "../../web", "web.ftl")` is an array of
/// `(locale, "web/i18n/<code>/web.ftl", text)`, each text embedded from the folder `i18n/` in the
/// second argument (relative to the calling crate's manifest); the first is that folder in the
/// repository, for error messages.
#[macro_export]
macro_rules! catalog_files {
    ($dir:literal, $from:literal, $file:literal) => {
        $crate::with_languages!([$crate::__catalog_files] $dir, $from, $file)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __catalog_files {
    ([$dir:literal, $from:literal, $file:literal] $($variant:ident $code:literal,)+) => {
        [$((
            $crate::Locale::$variant,
            concat!($dir, "/i18n/", $code, "/", $file),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $from, "/i18n/", $code, "/", $file)),
        )),+]
    };
}

/// One crate's messages in every locale, parsed and bundled once.
pub struct Catalog {
    bundles: Vec<(Locale, FluentBundle<FluentResource>)>,
    problems: Vec<String>,
}

impl Catalog {
    /// A catalog from `(locale, path, text)` files: the English one is required (the pseudo-locale is
    /// made from it); a file's syntax errors and duplicate ids are kept in [`Catalog::problems`] (the
    /// rest of the file still loads).
    pub fn new(files: &[(Locale, &str, &str)]) -> Catalog {
        let mut problems = Vec::new();
        let mut bundles = Vec::new();
        let english: Vec<(&str, &str)> =
            files.iter().filter(|f| f.0 == Locale::En).map(|&(_, path, text)| (path, text)).collect();
        for locale in Locale::ALL {
            let sources: Vec<(&str, &str)> = match locale {
                Locale::Pseudo => english.clone(),
                _ => files.iter().filter(|f| f.0 == locale).map(|&(_, path, text)| (path, text)).collect(),
            };
            if sources.is_empty() {
                continue;
            }
            let code = locale.lang().code();
            let id: LanguageIdentifier = code.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            bundle.set_use_isolating(false);
            if locale == Locale::Pseudo {
                bundle.set_transform(Some(pseudo_transform));
            }
            for (path, text) in sources {
                let resource = match FluentResource::try_new(text.to_owned()) {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        if locale != Locale::Pseudo {
                            problems.extend(errors.iter().map(|e| format!("{path}: {e}")));
                        }
                        r
                    }
                };
                if let Err(errors) = bundle.add_resource(resource)
                    && locale != Locale::Pseudo
                {
                    problems.extend(errors.iter().map(|e| format!("{path}: {e}")));
                }
            }
            bundles.push((locale, bundle));
        }
        if english.is_empty() {
            problems.push("no English catalog".to_owned());
        }
        Catalog { bundles, problems }
    }

    /// Syntax errors and duplicate ids found while loading (empty for a good catalog).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// The locales this catalog has its own messages for (each language with a file, and the
    /// pseudo-locale when English has one), in the list's order.
    pub fn locales(&self) -> Vec<Locale> {
        self.bundles.iter().map(|(l, _)| *l).collect()
    }

    fn bundle(&self, locale: Locale) -> Option<&FluentBundle<FluentResource>> {
        self.bundles.iter().find(|(l, _)| *l == locale).map(|(_, b)| b)
    }

    /// Whether `locale` has its own message `id` (not by fallback).
    pub fn has(&self, locale: Locale, id: &str) -> bool {
        self.bundle(locale).is_some_and(|b| b.has_message(id))
    }

    /// Message `id` in `locale` with `args` (taken by value: what a words layer calls most), not
    /// typeset; English when the locale lacks it.
    pub fn text(&self, locale: Locale, id: &str, args: Args<'_>) -> String {
        self.format(locale, id, &args)
    }

    /// A parse error of `text` whose expectation is this catalog's message `m`, with its English text
    /// for `Display`.
    pub fn parse_error(&self, text: &str, m: Message) -> ParseError {
        let english = self.message(Locale::En, &m).unwrap_or_else(|| m.to_string());
        ParseError::with_message(text, english, m)
    }

    /// Message `id` in `locale` with `args`; English when the locale lacks it.
    pub fn format(&self, locale: Locale, id: &str, args: &Args<'_>) -> String {
        let marked = MARK_FALLBACKS.load(Ordering::Relaxed);
        let (bundle, fell_back) = match self.bundle(locale) {
            Some(b) if b.has_message(id) => (b, false),
            _ => match self.bundle(Locale::En) {
                Some(b) => (b, true),
                None => return format!("[missing {id}]"),
            },
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            return format!("[missing {id}]");
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args.0), &mut errors);
        match (marked, fell_back, errors.first()) {
            (false, _, _) => text.into_owned(),
            (true, _, Some(e)) => format!("{text} [error: {e}]"),
            (true, true, None) => format!("[en] {text}"),
            (true, false, None) => text.into_owned(),
        }
    }

    /// A [`Message`] in `locale` (English when the locale lacks it), its nested messages formatted the
    /// same way (from this catalog, else the engine's); `None` when this catalog has no such message.
    pub fn message(&self, locale: Locale, message: &Message) -> Option<String> {
        if !self.has(Locale::En, message.id) {
            return None;
        }
        let nested: Vec<String> = message
            .args
            .iter()
            .map(|(_, v)| match v {
                MessageArg::Message(m) => self.message(locale, m).unwrap_or_else(|| engine::message_raw(m, locale)),
                _ => String::new(),
            })
            .collect();
        let mut args = Args::new();
        for ((name, value), nested) in message.args.iter().zip(nested) {
            args = match value {
                MessageArg::Text(s) => args.with(name, s.as_str()),
                MessageArg::Number(n) => args.with(name, *n),
                MessageArg::Message(_) => args.with(name, nested),
            };
        }
        Some(self.format(locale, message.id, &args))
    }
}
