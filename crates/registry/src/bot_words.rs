//! The bots' words: a bot spec that cannot be read, in the reader's language (`i18n/{en,fr}/bots.ftl`;
//! the messages are [`SpecError::words`]).

use std::sync::LazyLock;

use sylvan_bots::SpecError;
use sylvan_engine::Locale;
use sylvan_words::Catalog;

static CATALOG: LazyLock<Catalog> = sylvan_words::catalog!("crates/registry", "bots.ftl");

/// A bot spec's error in `locale`, not typeset (the caller puts it after the flag it comes from and
/// typesets the whole line).
pub fn spec_error_text(e: &SpecError, locale: Locale) -> String {
    CATALOG.message(locale, &e.words()).unwrap_or_else(|| e.to_string())
}
