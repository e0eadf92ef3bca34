//! Card names and texts per language, as data found by the language's code: each game's
//! `i18n/<code>/cards.toml` is an overlay on its card files, which hold the English. One entry per card,
//! `[<kind>.<key>]` (the kind and key the game names its cards by):
//!
//! ```toml
//! [advancement.dawnsinger]
//! title = "Chanteuse de l'Aube"                     # a field of the card, in this language
//! source = "rulebook: FR:640, card clarifications"  # where the words come from (required with a text)
//!
//! [advancement.hawk]
//! none = "the French book does not name it"         # a known gap: the card keeps its English words
//!
//! [card.close-strike]
//! name = "Frappe Rapprochée"                        # a known gap with Sylvan's own translation
//! none = "the French rulebook prints no card list"
//! source = "provisional: Sylvan's French translation"
//! ```
//!
//! A card with no entry, a field the entry does not give, or a language with no overlay shows the
//! English of the card file; the pseudo-locale shows that English made pseudo ([`crate::pseudo`]).
//! Adding a language's card words is a file in its folder, no code: [`card_texts!`] embeds
//! `i18n/<code>/cards.toml` for every language of the list (`i18n/en/cards.toml` holds only comments:
//! English is the card file).

use std::borrow::Cow;
use std::collections::HashMap;

use crate::{Lang, Locale, pseudo};

/// The reserved fields of an overlay entry: its provenance and its gap mark.
const SOURCE: &str = "source";
const NONE: &str = "none";

/// One card's words in one language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The card's fields in this language (`name`, `text`, `title`…), by field name.
    pub texts: HashMap<String, String>,
    /// Where the words come from (a provenance: `rulebook: …`, `fan: …`, `provisional: …`).
    pub source: Option<String>,
    /// Why no source in this language exists, for a known gap (`none = "…"`; the entry may still give
    /// Sylvan's own translation, with a `provisional` source).
    pub none: Option<String>,
}

/// One language's entries, by `(kind, key)`.
type Overlay = HashMap<(String, String), Entry>;

/// One game's card overlays, one per language that has a file, parsed once.
#[derive(Debug, Default)]
pub struct CardTexts {
    overlays: Vec<(Lang, Overlay)>,
    problems: Vec<String>,
}

impl CardTexts {
    /// The overlays from `(locale, path, text)` files (as [`crate::catalog_files!`] gives them; the
    /// pseudo-locale's are ignored). A file's problems (bad TOML, an entry that is not a table, a text
    /// without a `source`, an empty `none`, an entry with neither texts nor `none`) are kept in
    /// [`CardTexts::problems`], one line each naming the file and the entry; the rest still loads.
    pub fn new(files: &[(Locale, &str, &str)]) -> CardTexts {
        let mut out = CardTexts::default();
        for &(locale, path, text) in files {
            if locale == Locale::Pseudo {
                continue;
            }
            let overlay = read(path, text, &mut out.problems);
            out.overlays.push((locale.lang(), overlay));
        }
        out
    }

    /// The problems found while loading (empty for good overlays).
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Card `kind`/`key`'s entry in `lang`'s overlay, if it has one.
    pub fn entry(&self, lang: Lang, kind: &str, key: &str) -> Option<&Entry> {
        self.overlay(lang)?.get(&(kind.to_owned(), key.to_owned()))
    }

    /// Every entry of `lang`'s overlay: `(kind, key, entry)`, sorted by kind then key.
    pub fn entries(&self, lang: Lang) -> Vec<(&str, &str, &Entry)> {
        let mut all: Vec<(&str, &str, &Entry)> =
            self.overlay(lang).into_iter().flatten().map(|((kind, key), e)| (kind.as_str(), key.as_str(), e)).collect();
        all.sort_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        all
    }

    fn overlay(&self, lang: Lang) -> Option<&Overlay> {
        self.overlays.iter().find(|(l, _)| *l == lang).map(|(_, o)| o)
    }

    /// Field `field` of card `kind`/`key` in `locale`: the overlay's text where it gives one, else
    /// `english` (the card file's), made pseudo in the pseudo-locale.
    pub fn text<'a>(&'a self, locale: Locale, kind: &str, key: &str, field: &str, english: &'a str) -> Cow<'a, str> {
        if locale == Locale::Pseudo {
            return pseudo(english);
        }
        let own = self
            .overlay(locale.lang())
            .and_then(|o| o.get(&(kind.to_owned(), key.to_owned())))
            .and_then(|e| e.texts.get(field))
            .filter(|t| !t.is_empty());
        match own {
            Some(t) => Cow::Borrowed(t.as_str()),
            None => Cow::Borrowed(english),
        }
    }
}

/// One overlay file's entries; its problems go to `problems`.
fn read(path: &str, text: &str, problems: &mut Vec<String>) -> Overlay {
    let mut out = HashMap::new();
    let table: toml::Table = match toml::from_str(text) {
        Ok(t) => t,
        Err(e) => {
            problems.push(format!("{path}: {}", e.message()));
            return out;
        }
    };
    for (kind, cards) in table {
        let Some(cards) = cards.as_table() else {
            problems.push(format!("{path}: {kind}: a kind is a table of cards ([{kind}.<key>])"));
            continue;
        };
        for (key, fields) in cards {
            let place = format!("{path}: {kind}.{key}");
            let Some(fields) = fields.as_table() else {
                problems.push(format!("{place}: a card's entry is a table of fields"));
                continue;
            };
            let mut entry = Entry::default();
            for (field, value) in fields {
                let Some(value) = value.as_str() else {
                    problems.push(format!("{place}.{field}: a field is a string"));
                    continue;
                };
                match field.as_str() {
                    SOURCE => entry.source = Some(value.to_owned()),
                    NONE => entry.none = Some(value.to_owned()),
                    _ => {
                        entry.texts.insert(field.clone(), value.to_owned());
                    }
                }
            }
            if entry.none.as_deref().is_some_and(|why| why.trim().is_empty()) {
                problems.push(format!("{place}: `none` says why no source exists"));
            }
            if entry.texts.is_empty() && entry.none.is_none() {
                problems.push(format!("{place}: an entry has texts or `none`"));
            }
            if !entry.texts.is_empty() && entry.source.as_deref().is_none_or(|s| s.trim().is_empty()) {
                problems.push(format!("{place}: a text needs its `source`"));
            }
            out.insert((kind.clone(), key.clone()), entry);
        }
    }
    out
}

/// A game's card overlays, parsed once on first use: `static CARD_TEXTS: LazyLock<CardTexts> =
/// card_texts!("crates/equinox");` embeds `i18n/<code>/cards.toml` of the calling crate for each
/// language of the list ([`sylvan_engine::with_languages`]); a language without its file is a compile
/// error naming the file.
#[macro_export]
macro_rules! card_texts {
    ($dir:literal) => {
        ::std::sync::LazyLock::new(|| $crate::cards::CardTexts::new(&$crate::catalog_files!($dir, ".", "cards.toml")))
    };
}
