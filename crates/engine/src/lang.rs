//! The languages Sylvan speaks to players: interface strings, card names and texts, events and score
//! breakdowns come in each of them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::ParseError;

/// A language of the interface and of card texts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// French.
    Fr,
}

impl Lang {
    /// Every language, in order.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// The code written on the command line and in JSON (`en`, `fr`).
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// `en` in English, `fr` in French: `lang.pick("round", "manche")`.
    pub const fn pick<'a>(self, en: &'a str, fr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }

    /// A number as a player of this language reads it: `3`, `-1`, `2.5` in English, `2,5` in French
    /// (decimal comma, ruling L7).
    pub fn number(self, x: f64) -> String {
        self.number_text(crate::number(x))
    }

    /// A number already written the English way (`12.5`, `41%`) as this language writes it: in French a
    /// decimal comma and a non-breaking space before `%` (`12,5`, `41 %`).
    pub fn number_text(self, text: String) -> String {
        match self {
            Lang::En => text,
            Lang::Fr => text.replace('.', ",").replace('%', "\u{a0}%"),
        }
    }

    /// `n` things: `1 card`, `2 cards`; in French `0 carte`, `1 carte`, `2 cartes` (French counts 0 and 1
    /// as singular).
    pub fn count(self, n: impl Into<i64>, one: &str, many: &str) -> String {
        let n = n.into();
        let singular = match self {
            Lang::En => n == 1,
            Lang::Fr => (-1..=1).contains(&n),
        };
        format!("{n} {}", if singular { one } else { many })
    }

    /// `text` set in this language's typography: in French a no-break space (U+00A0, ruling L7) before
    /// `:` `;` `!` `?` and inside « », replacing an ordinary space there or added where a word ends
    /// right on the sign; unchanged in English.
    pub fn typeset(self, text: &str) -> String {
        match self {
            Lang::En => text.to_owned(),
            Lang::Fr => french_typography(text),
        }
    }
}

/// The no-break space French puts before `:` `;` `!` `?` and inside « » (ruling L7).
pub const NBSP: char = '\u{a0}';

/// French typography (see [`Lang::typeset`]). A sign glued to a word gets its space only when it ends
/// the text or a space follows it, so notations such as `a:b` or `http://` stay as they are.
fn french_typography(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let prev = out.chars().last();
        match c {
            ':' | ';' | '!' | '?' | '»' => {
                let sign_ends = c == '»' || next.is_none_or(|n| n.is_whitespace() || n == '`' || n == '\'');
                match prev {
                    Some(' ') => {
                        out.pop();
                        out.push(NBSP);
                    }
                    Some(p) if sign_ends && p != NBSP && p != '\n' && !matches!(p, ':' | ';' | '!' | '?' | '`') => {
                        out.push(NBSP)
                    }
                    _ => {}
                }
                out.push(c);
            }
            ' ' if prev == Some('«') => out.push(NBSP),
            '«' => {
                out.push(c);
                if next.is_some_and(|n| n != ' ' && n != NBSP) {
                    out.push(NBSP);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Lang, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "fr" | "french" | "francais" | "français" => Ok(Lang::Fr),
            _ => Err(ParseError::new(s, "a language: `en` or `fr`")),
        }
    }
}

/// What a front end selects for its words: a [`Lang`], or the pseudo-locale `en-XA` (accented,
/// lengthened English made from the English catalog by rule, so any text that stays plain in it is
/// hard-coded). The message catalogs (`sylvan-words`) take a `Locale`; the rules' own text and card
/// data take the [`Lang`] it reads ([`Locale::lang`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Locale {
    /// English (the default).
    #[default]
    #[serde(rename = "en")]
    En,
    /// French.
    #[serde(rename = "fr")]
    Fr,
    /// The pseudo-locale `en-XA`: English, accented and lengthened.
    #[serde(rename = "en-XA")]
    Pseudo,
}

impl Locale {
    /// Every locale, in order.
    pub const ALL: [Locale; 3] = [Locale::En, Locale::Fr, Locale::Pseudo];

    /// The BCP 47 code (`en`, `fr`, `en-XA`).
    pub const fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Fr => "fr",
            Locale::Pseudo => "en-XA",
        }
    }

    /// The language of this locale's numbers, card data and not yet migrated text (`en-XA` reads English).
    pub const fn lang(self) -> Lang {
        match self {
            Locale::En | Locale::Pseudo => Lang::En,
            Locale::Fr => Lang::Fr,
        }
    }
}

impl From<Lang> for Locale {
    fn from(lang: Lang) -> Locale {
        match lang {
            Lang::En => Locale::En,
            Lang::Fr => Locale::Fr,
        }
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Locale {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Locale, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en-xa" | "en_xa" | "pseudo" => Ok(Locale::Pseudo),
            _ => {
                s.parse::<Lang>().map(Locale::from).map_err(|_| ParseError::new(s, "a language: `en`, `fr` or `en-XA`"))
            }
        }
    }
}
