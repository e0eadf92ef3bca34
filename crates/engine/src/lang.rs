//! The languages Sylvan speaks to players: interface strings, card names and texts, events and score
//! breakdowns come in each of them.
//!
//! **The one list of languages** is [`with_languages!`](crate::with_languages): one line per language,
//! its variant and its code. Everything else is found from it: [`Lang`] and [`Locale`] and their codes
//! are generated from it; each language's writing rules (numbers, typography, the names a player may
//! type for it) are data, `crates/engine/i18n/<code>/locale.ftl`; its plural categories come from its
//! code (the Unicode CLDR rules, which Fluent's selectors use too); and every message catalog
//! (`sylvan_words::catalog!`, the server's and the browser's) embeds `i18n/<code>/` for each line.
//! Adding a language: `docs/cli.md`, "Adding a language".

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, PatternElement};
use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

use crate::ParseError;

/// Calls the macro named in brackets with Sylvan's languages, after the tokens that follow it:
/// `with_languages!([my_macro] a, b)` expands to `my_macro! { [a, b] En "en", Fr "fr", }`, one
/// `Variant "code",` per language (English first: the fallback of every catalog).
///
/// **This is the one list of the languages.** A language is one line here (its variant and its
/// BCP 47 code) and a folder `i18n/<code>/` beside each English one (`docs/cli.md`, "Adding a
/// language"); [`Lang`], [`Locale`], the language's rules and every catalog are found from it.
#[macro_export]
macro_rules! with_languages {
    ([$($mac:tt)*] $($extra:tt)*) => {
        $($mac)*! { [$($extra)*]
            En "en",
            Fr "fr",
        }
    };
}

macro_rules! define_languages {
    ([] $($variant:ident $code:literal,)+) => {
        /// A language of the interface and of card texts, one per line of
        /// [`with_languages!`](crate::with_languages); its writing rules are data
        /// (`crates/engine/i18n/<code>/locale.ftl`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Lang {
            $(
                #[doc = concat!("The language `", $code, "` (`crates/engine/i18n/", $code, "/locale.ftl`).")]
                #[serde(rename = $code)]
                $variant,
            )+
        }

        /// How many languages there are.
        const COUNT: usize = [$($code),+].len();

        impl Lang {
            /// Every language, in the list's order (English first).
            pub const ALL: [Lang; COUNT] = [$(Lang::$variant),+];

            /// The code written on the command line and in JSON (`en`, `fr`), also the name of the
            /// language's `i18n/<code>/` folders.
            pub const fn code(self) -> &'static str {
                match self {
                    $(Lang::$variant => $code,)+
                }
            }
        }

        /// What a front end selects for its words: a [`Lang`], or the pseudo-locale `en-XA` (accented,
        /// lengthened English made from the English catalog by rule, so any text that stays plain in it
        /// is hard-coded). The message catalogs (`sylvan-words`) take a `Locale`; the rules' own text and
        /// card data take the [`Lang`] it reads ([`Locale::lang`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum Locale {
            $(
                #[doc = concat!("The language `", $code, "`.")]
                #[serde(rename = $code)]
                $variant,
            )+
            /// The pseudo-locale `en-XA`: English, accented and lengthened.
            #[serde(rename = "en-XA")]
            Pseudo,
        }

        impl Locale {
            /// Every locale, in order: each language, then the pseudo-locale.
            pub const ALL: [Locale; COUNT + 1] = [$(Locale::$variant,)+ Locale::Pseudo];

            /// The BCP 47 code (`en`, `fr`, `en-XA`).
            pub const fn code(self) -> &'static str {
                match self {
                    $(Locale::$variant => $code,)+
                    Locale::Pseudo => PSEUDO,
                }
            }

            /// The language of this locale's numbers, card data and typography (`en-XA` reads English).
            pub const fn lang(self) -> Lang {
                match self {
                    $(Locale::$variant => Lang::$variant,)+
                    Locale::Pseudo => Lang::En,
                }
            }
        }

        impl From<Lang> for Locale {
            fn from(lang: Lang) -> Locale {
                match lang {
                    $(Lang::$variant => Locale::$variant,)+
                }
            }
        }

        /// Each language's rules, read once from its `locale.ftl` (embedded), in the list's order.
        static RULES: LazyLock<[Rules; COUNT]> = LazyLock::new(|| {
            [$(Rules::read($code, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/i18n/", $code, "/locale.ftl")))),+]
        });
    };
}

with_languages!([define_languages]);

/// The pseudo-locale's code.
const PSEUDO: &str = "en-XA";

impl Default for Lang {
    /// English, the language every catalog falls back to.
    fn default() -> Lang {
        Lang::En
    }
}

impl Default for Locale {
    /// English.
    fn default() -> Locale {
        Locale::En
    }
}

/// How a language writes numbers and punctuation, from its `locale.ftl`.
struct Rules {
    name: String,
    aliases: Vec<String>,
    decimal: String,
    percent: String,
    space: char,
    before: Vec<char>,
    quotes: Option<(char, char)>,
    plurals: Option<PluralRules>,
    problems: Vec<String>,
}

impl Rules {
    /// The rules in `text` (the file of language `code`); a key missing or unreadable is kept in
    /// `problems` and replaced by the English rule (a number or a sign left as English writes it).
    fn read(code: &str, text: &str) -> Rules {
        let path = format!("crates/engine/i18n/{code}/locale.ftl");
        let mut problems = Vec::new();
        let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(r, errors)| {
            problems.extend(errors.iter().map(|e| format!("{path}: syntax error at bytes {:?}", e.pos)));
            r
        });
        let mut get = |key: &str, default: &str| -> String {
            let found = resource.body.iter().find_map(|e| match e {
                Entry::Message(m) if m.id.name == key => m.value.as_ref(),
                _ => None,
            });
            let Some(pattern) = found else {
                problems.push(format!("{path}: no `{key}`"));
                return default.to_owned();
            };
            let mut out = String::new();
            for element in &pattern.elements {
                match element {
                    PatternElement::TextElement { value } => out.push_str(value),
                    PatternElement::Placeable {
                        expression: Expression::Inline(InlineExpression::StringLiteral { value }),
                    } => out.push_str(&fluent_syntax::unicode::unescape_unicode_to_string(value)),
                    PatternElement::Placeable { .. } => {
                        problems.push(format!("{path}: `{key}` holds text and string literals only"));
                        return default.to_owned();
                    }
                }
            }
            out
        };
        let name = get("language-name", code);
        let aliases = get("language-aliases", "");
        let decimal = get("decimal-separator", ".");
        let percent = get("percent-sign", "%");
        let space = get("sign-space", " ");
        let before = get("space-before", "");
        let quotes = get("quotes", "");
        let single = |s: &str| {
            let mut chars = s.chars();
            chars.next().filter(|_| chars.next().is_none())
        };
        let space = single(&space).unwrap_or_else(|| {
            problems.push(format!("{path}: `sign-space` is one character"));
            ' '
        });
        let before: Vec<char> = before.split_whitespace().filter_map(single).collect();
        let quotes = match quotes.split_whitespace().map(single).collect::<Vec<_>>()[..] {
            [] => None,
            [Some(open), Some(close)] => Some((open, close)),
            _ => {
                problems.push(format!("{path}: `quotes` is an opening and a closing mark, or nothing"));
                None
            }
        };
        let plurals = match code.parse::<LanguageIdentifier>() {
            Ok(id) => PluralRules::create(id, PluralRuleType::CARDINAL)
                .map_err(|e| problems.push(format!("{path}: plural rules of `{code}`: {e}")))
                .ok(),
            Err(e) => {
                problems.push(format!("{path}: `{code}` is not a language code: {e}"));
                None
            }
        };
        Rules {
            name,
            aliases: aliases.split(',').map(|a| a.trim().to_lowercase()).filter(|a| !a.is_empty()).collect(),
            decimal,
            percent,
            space,
            before,
            quotes,
            plurals,
            problems,
        }
    }
}

impl Lang {
    fn rules(self) -> &'static Rules {
        &RULES[self as usize]
    }

    /// The language's name in itself (`English`, `Français`), from its `locale.ftl`.
    pub fn name(self) -> &'static str {
        &self.rules().name
    }

    /// What is wrong with the language's `locale.ftl` (empty for a good file; a missing rule reads as
    /// English writes).
    pub fn problems(self) -> &'static [String] {
        &self.rules().problems
    }

    /// A number as a player of this language reads it: `3`, `-1`, `2.5` in English, `2,5` in French
    /// (the language's `decimal-separator`).
    pub fn number(self, x: f64) -> String {
        self.number_text(crate::number(x))
    }

    /// A number already written the English way (`12.5`, `41%`) as this language writes it: its
    /// `decimal-separator` and `percent-sign` (in French `12,5`, `41 %` with a no-break space).
    pub fn number_text(self, text: String) -> String {
        let r = self.rules();
        if r.decimal == "." && r.percent == "%" {
            return text;
        }
        text.replace('.', &r.decimal).replace('%', &r.percent)
    }

    /// `n` things: `one` when `n` is in the language's plural category "one" (CLDR), else `many`:
    /// `1 card`, `2 cards`, `0 cards`; in French `0 carte`, `1 carte`, `2 cartes`.
    pub fn count(self, n: impl Into<i64>, one: &str, many: &str) -> String {
        let n = n.into();
        let singular = match &self.rules().plurals {
            Some(rules) => rules.select(n).is_ok_and(|c| c == PluralCategory::ONE),
            None => n == 1,
        };
        format!("{n} {}", if singular { one } else { many })
    }

    /// `text` set in this language's typography: its `sign-space` before the signs of `space-before`
    /// and inside its `quotes`, replacing an ordinary space there or added where a word ends right on
    /// the sign (in French a no-break space before `:` `;` `!` `?` and inside « », ruling L7);
    /// unchanged in English, which has none.
    pub fn typeset(self, text: &str) -> String {
        let r = self.rules();
        if r.before.is_empty() && r.quotes.is_none() {
            return text.to_owned();
        }
        typography(text, r)
    }
}

/// The typography of [`Lang::typeset`]. A sign glued to a word gets its space only when it ends the
/// text or a space follows it, so notations such as `a:b` or `http://` stay as they are; a closing
/// quote always gets it.
fn typography(text: &str, r: &Rules) -> String {
    let (open, close) = match r.quotes {
        Some((o, c)) => (Some(o), Some(c)),
        None => (None, None),
    };
    let space = r.space;
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let prev = out.chars().last();
        if r.before.contains(&c) || Some(c) == close {
            let sign_ends = Some(c) == close || next.is_none_or(|n| n.is_whitespace() || n == '`' || n == '\'');
            match prev {
                Some(' ') => {
                    out.pop();
                    out.push(space);
                }
                Some(p) if sign_ends && p != space && p != '\n' && p != '`' && !r.before.contains(&p) => {
                    out.push(space)
                }
                _ => {}
            }
            out.push(c);
        } else if c == ' ' && open.is_some() && prev == open {
            out.push(space);
        } else if Some(c) == open {
            out.push(c);
            if next.is_some_and(|n| n != ' ' && n != space) {
                out.push(space);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `` `a`, `b` or `c` ``: the codes of a list, for an error's expectation.
fn either(codes: impl Iterator<Item = &'static str>) -> String {
    let codes: Vec<String> = codes.map(|c| format!("`{c}`")).collect();
    match codes.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => codes.concat(),
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = ParseError;

    /// A language by its code or one of the names of its `language-aliases`, in any case.
    fn from_str(s: &str) -> Result<Lang, ParseError> {
        let wanted = s.trim().to_lowercase();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(&wanted) || l.rules().aliases.contains(&wanted))
            .ok_or_else(|| ParseError::new(s, format!("a language: {}", either(Lang::ALL.iter().map(|l| l.code())))))
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl Locale {
    /// The codes a player may select, for a message: `` `en`, `fr` or `en-XA` ``.
    pub fn codes() -> String {
        either(Locale::ALL.iter().map(|l| l.code()))
    }
}

impl FromStr for Locale {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Locale, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en-xa" | "en_xa" | "pseudo" => Ok(Locale::Pseudo),
            _ => s
                .parse::<Lang>()
                .map(Locale::from)
                .map_err(|_| ParseError::new(s, format!("a language: {}", Locale::codes()))),
        }
    }
}
