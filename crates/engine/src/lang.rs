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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_bad_codes_are_named() {
        for l in Lang::ALL {
            assert_eq!(l.code().parse::<Lang>(), Ok(l));
            assert_eq!(serde_json::to_value(l).ok(), Some(serde_json::Value::String(l.to_string())));
        }
        assert_eq!("FR".parse::<Lang>(), Ok(Lang::Fr));
        let e = "de".parse::<Lang>().err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("de") && e.contains("`en` or `fr`"), "{e}");
    }
}
