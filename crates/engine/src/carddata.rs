//! Card data files: the one loader the games with card files share.
//!
//! - [`read_file`] reads a card file from disk: a regular file only (a directory, `/dev/zero` or a FIFO
//!   gives an error at once, without opening it), at most [`MAX_FILE_BYTES`], UTF-8 (a leading byte-order
//!   mark is dropped).
//! - [`Source`] is the text of one file with its name: it parses TOML into any `Deserialize` type (use
//!   `toml::Spanned` fields to keep positions) and turns positions into [`DataError`]s naming the file,
//!   the line and the field.
//! - [`Provenance`] and [`check_provenance`]: every card field says where it comes from: `rulebook:` with a
//!   line reference into the rulebook text (`EN:983-991`, `FR:21`), `fan:` naming the fan source, or
//!   `provisional:` with the reason for our choice.
//!
//! The games keep their own raw types and validation; this module holds what they have in common.

use std::io::Read;
use std::ops::Range;

use thiserror::Error;

use crate::{Message, MessageArg, data_file_error, message};

/// The largest card file read: 4 MB (the embedded sets are under 200 kB).
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// A card file that cannot be used: `file:line: field: message` (see [`data_file_error`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{}", data_file_error(file, *line, field, message))]
pub struct DataError {
    /// The file (a path, or a name such as `data/base.toml` for embedded files).
    pub file: String,
    /// 1-based line; 0 when the error is about the whole file.
    pub line: usize,
    /// The field at fault (`spirit[2].pv`, `provenance.cost`); `-` when none.
    pub field: String,
    /// What is wrong, in English (for logs and `Display`).
    pub message: String,
    /// What is wrong, as a message of the game's or the engine's catalog (`engine-data-…`), for a front
    /// end that says it in the reader's language; `None` where only the English text exists.
    pub words: Option<Message>,
}

impl DataError {
    /// An error at `line` (1-based, 0 for the whole file) on `field`.
    pub fn new(file: &str, line: usize, field: impl Into<String>, message: impl Into<String>) -> DataError {
        DataError { file: file.to_owned(), line, field: field.into(), message: message.into(), words: None }
    }

    /// An error about the whole file (it cannot be read, it is too large...).
    pub fn file(file: &str, message: impl Into<String>) -> DataError {
        DataError::new(file, 0, "-", message)
    }

    /// The error with its problem also given as a message (see [`DataError::words`]).
    pub fn with_words(mut self, words: Message) -> DataError {
        self.words = Some(words);
        self
    }

    /// The error's problem given as `problem`: its English text and its message.
    pub fn with_problem(mut self, problem: Problem) -> DataError {
        self.message = problem.english;
        self.words = Some(problem.words);
        self
    }

    /// Where the error is, in no language: `file:line: field` (the line and the field left out when
    /// there are none), as [`data_file_error`] writes it before the problem.
    pub fn place(&self) -> String {
        let whole = data_file_error(&self.file, self.line, &self.field, "");
        whole.trim_end_matches(": ").trim_end_matches(':').to_owned()
    }

    /// What is wrong, as a message argument: the message when there is one, else the English text.
    pub fn problem(&self) -> MessageArg {
        match &self.words {
            Some(m) => MessageArg::from(m.clone()),
            None => MessageArg::from(self.message.as_str()),
        }
    }
}

/// What is wrong in a card file, without saying where: its English text and its catalog message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{english}")]
pub struct Problem {
    /// In English, for logs and `Display`.
    pub english: String,
    /// As a message of the engine's or a game's catalog.
    pub words: Message,
}

impl Problem {
    /// A problem said `english` in English and `words` in the catalogs.
    pub fn new(english: impl Into<String>, words: Message) -> Problem {
        Problem { english: english.into(), words }
    }
}

/// Set once by [`forbid_files`]: card files are no longer read.
static FILES_FORBIDDEN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The error of [`read_file`] once card files are forbidden: the same for every path, whether it names a
/// readable file, a directory or nothing, so that it tells nothing of the disk.
pub const FILES_FORBIDDEN_MESSAGE: &str =
    "card files are not read here: only the embedded sets and the sets the operator offers";

/// From now on, in this process, [`read_file`] refuses every path without looking at the disk. A server
/// calls it before it reads anything from a client: a card file is then never opened on a client's
/// word (an option, a record, a stored game), and the error is the same for any path. There is no way
/// back.
pub fn forbid_files() {
    FILES_FORBIDDEN.store(true, std::sync::atomic::Ordering::SeqCst);
}

/// Whether [`forbid_files`] was called in this process.
pub fn files_forbidden() -> bool {
    FILES_FORBIDDEN.load(std::sync::atomic::Ordering::SeqCst)
}

/// Reads the card file at `path`: a regular file of at most [`MAX_FILE_BYTES`], in UTF-8. Special files
/// are refused before they are opened, so reading never blocks (a FIFO) nor runs on forever (`/dev/zero`).
/// After [`forbid_files`], every path is refused with [`FILES_FORBIDDEN_MESSAGE`].
pub fn read_file(path: &str) -> Result<String, DataError> {
    if files_forbidden() {
        return Err(
            DataError::file("card file", FILES_FORBIDDEN_MESSAGE).with_words(Message::new("engine-data-forbidden"))
        );
    }
    read_file_limited(path, MAX_FILE_BYTES)
}

/// Reads the text file at `path` like [`read_file`], with a limit of `limit` bytes (records may be larger
/// than card files).
pub fn read_file_limited(path: &str, limit: u64) -> Result<String, DataError> {
    // The operating system's own words stay as it gives them (English here).
    let cannot = |e: std::io::Error| {
        DataError::file(path, format!("cannot read: {e}"))
            .with_words(message!("engine-data-cannot-read", detail = e.to_string()))
    };
    let meta = std::fs::metadata(path).map_err(cannot)?;
    if !meta.is_file() {
        let (what, id) = if meta.is_dir() {
            ("a directory", "engine-data-directory")
        } else {
            ("not a regular file (a device, pipe or socket)", "engine-data-special-file")
        };
        return Err(DataError::file(path, format!("cannot read: {what}")).with_words(Message::new(id)));
    }
    let too_big = || {
        DataError::file(path, format!("cannot read: larger than the {} MB limit", limit >> 20))
            .with_words(message!("engine-data-too-big", megabytes = limit >> 20))
    };
    if meta.len() > limit {
        return Err(too_big());
    }
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    // The file may have grown since `metadata`: never read past the limit.
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > limit {
        return Err(too_big());
    }
    text_of(path, bytes)
}

/// The text of a card file's bytes: UTF-8, without a leading byte-order mark.
pub fn text_of(file: &str, bytes: Vec<u8>) -> Result<String, DataError> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        DataError::new(file, line, "-", "not UTF-8 text (invalid byte)")
            .with_words(Message::new("engine-data-not-utf8"))
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The text of one card file, with its name for errors.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file's name in errors.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
}

impl<'a> Source<'a> {
    /// A source named `file` holding `text`.
    pub fn new(file: &'a str, text: &'a str) -> Source<'a> {
        Source { file, text }
    }

    /// The 1-based line of byte `offset` (the last line when past the end).
    pub fn line_of(&self, offset: usize) -> usize {
        let end = floor_char_boundary(self.text, offset);
        self.text[..end].bytes().filter(|&b| b == b'\n').count() + 1
    }

    /// Parses the whole text as TOML into `T`. A syntax or type error names the line and, when the line
    /// is `key = ...`, the key.
    pub fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, DataError> {
        toml::from_str(self.text).map_err(|e| {
            let (line, field) = match e.span() {
                Some(s) => (self.line_of(s.start), self.key_at(s.start).map_or_else(|| "-".to_owned(), |k| short(&k))),
                None => (0, "-".to_owned()),
            };
            DataError::new(self.file, line, field, "").with_problem(toml_message(e.message()))
        })
    }

    /// An error on `field` at byte `offset`.
    pub fn error_at(&self, offset: usize, field: impl Into<String>, message: impl Into<String>) -> DataError {
        DataError::new(self.file, self.line_of(offset), field, message)
    }

    /// An error on `field` at byte `offset`, saying `problem`.
    pub fn problem_at(&self, offset: usize, field: impl Into<String>, problem: Problem) -> DataError {
        DataError::new(self.file, self.line_of(offset), field, "").with_problem(problem)
    }

    /// An error on `field` of the table (a `[[...]]` entry or an inline table) whose span is `table`: at
    /// the line where `key = ` is written inside that table, else at the table's first line. `key` is the
    /// key as written (`cost`); `field` is the name in the message (`advancement[3].cost`).
    pub fn error_in(
        &self,
        table: &Range<usize>,
        key: &str,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> DataError {
        let offset = self.key_offset(table, key).unwrap_or(table.start);
        self.error_at(offset, field, message)
    }

    /// Where `key = ` starts a line of the table starting at `table.start` (up to the next `[[` or `[`
    /// header), if it does. Keys inside inline tables are not searched: errors there point at the
    /// inline table's line.
    pub fn key_offset(&self, table: &Range<usize>, key: &str) -> Option<usize> {
        let start = floor_char_boundary(self.text, table.start);
        let mut offset = start;
        for (k, l) in self.text[start..].split_inclusive('\n').enumerate() {
            let t = l.trim_start();
            if k > 0 && t.starts_with('[') {
                return None;
            }
            if t.strip_prefix(key).is_some_and(|after| after.trim_start().starts_with('=')) {
                return Some(offset + (l.len() - t.len()));
            }
            offset += l.len();
        }
        None
    }

    /// The key written at the start of the line holding `offset` (`cost` for `cost = "x"`).
    fn key_at(&self, offset: usize) -> Option<String> {
        let end = floor_char_boundary(self.text, offset);
        let start = self.text[..end].rfind('\n').map_or(0, |i| i + 1);
        let line = self.text[start..].lines().next().unwrap_or("");
        let (key, _) = line.split_once('=')?;
        let key = key.trim();
        let bare = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
        bare.then(|| key.to_owned())
    }
}

/// The largest char boundary of `text` at or before `offset`.
fn floor_char_boundary(text: &str, offset: usize) -> usize {
    let mut i = offset.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The first line of a (possibly multi-line) parser message, at most 300 characters (it may quote the
/// input).
fn first_line(message: &str) -> String {
    let line = message.lines().next().unwrap_or("").trim();
    match line.char_indices().nth(300) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_owned(),
    }
}

/// Where a card field comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ProvenanceKind {
    /// A rulebook passage, with a line reference into `shared/rules/`.
    Rulebook,
    /// A fan source (a table in `shared/cards/`, a transcription).
    Fan,
    /// Our own documented choice.
    Provisional,
}

impl ProvenanceKind {
    /// Every kind.
    pub const ALL: [ProvenanceKind; 3] = [ProvenanceKind::Rulebook, ProvenanceKind::Fan, ProvenanceKind::Provisional];

    /// `rulebook`, `fan` or `provisional`.
    pub fn name(self) -> &'static str {
        match self {
            ProvenanceKind::Rulebook => "rulebook",
            ProvenanceKind::Fan => "fan",
            ProvenanceKind::Provisional => "provisional",
        }
    }
}

/// A field's provenance, read from `rulebook: <passage with a line reference>`, `fan: <source>` or
/// `provisional: <reason>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Provenance<'a> {
    /// Its kind.
    pub kind: ProvenanceKind,
    /// The text after the colon: the passage, the source or the reason.
    pub detail: &'a str,
}

impl<'a> Provenance<'a> {
    /// Reads a provenance text. A rulebook passage must hold a line reference (`EN:983`, `FR:21-25`,
    /// `card list EN:1926`): a `:` followed by a line number.
    pub fn parse(text: &'a str) -> Result<Provenance<'a>, String> {
        Provenance::read(text).map_err(|p| p.english)
    }

    /// Reads a provenance text as [`Provenance::parse`] does, the problem also given as a message.
    pub fn read(text: &'a str) -> Result<Provenance<'a>, Problem> {
        let not_a_kind = || {
            Problem::new(
                format!("`{}` is not `rulebook: …`, `fan: …` or `provisional: …`", short(text)),
                message!("engine-data-provenance-kind", text = short(text)),
            )
        };
        let Some((kind, detail)) = text.split_once(':') else {
            return Err(not_a_kind());
        };
        let kind = match kind.trim() {
            "rulebook" => ProvenanceKind::Rulebook,
            "fan" => ProvenanceKind::Fan,
            "provisional" => ProvenanceKind::Provisional,
            _ => return Err(not_a_kind()),
        };
        let detail = detail.trim();
        if detail.is_empty() {
            return Err(Problem::new(
                format!("`{}` needs a {}", short(text), ["passage", "source", "reason"][kind as usize]),
                message!("engine-data-provenance-empty", text = short(text), kind = kind.name()),
            ));
        }
        if kind == ProvenanceKind::Rulebook && !has_line_reference(detail) {
            return Err(Problem::new(
                format!(
                    "`{}` needs a line reference into the rulebook text (e.g. `rulebook: FR:21, ...` or `EN:983-991`)",
                    short(text)
                ),
                message!("engine-data-provenance-line", text = short(text)),
            ));
        }
        Ok(Provenance { kind, detail })
    }
}

/// Whether `detail` holds `:` directly followed by a digit (`FR:21`, `EN:983-991`).
fn has_line_reference(detail: &str) -> bool {
    detail.as_bytes().windows(2).any(|w| w[0] == b':' && w[1].is_ascii_digit())
}

/// The TOML reader's message in our words: an integer too large for it (`invalid type: integer `…` as
/// i128, expected any valid TOML value`) is said to be out of range; the rest is its first line, printable.
fn toml_message(message: &str) -> Problem {
    let m = first_line(message);
    if m.contains(" as i128") || m.contains("number too large") {
        return Problem::new(
            "integer out of range (a card file's numbers are small: see the field's range)",
            Message::new("engine-data-integer-range"),
        );
    }
    // The TOML reader's own words stay as it gives them (English): the catalog quotes them.
    let detail = printable(&m, 300);
    Problem::new(detail.clone(), message!("engine-data-toml", detail = detail))
}

/// A prefix of a user's text, for error messages: at most 60 characters, made [printable].
pub fn short(text: &str) -> String {
    printable(text, 60)
}

/// Untrusted text made safe to print on a terminal, for any message that quotes user input (issue 38):
/// control characters (C0, DEL, C1, which start escape sequences that clear the screen or set the window
/// title; line breaks included) are written as Rust escapes (`\u{1b}`, `\n`), and the text is cut to
/// `max` characters of the original, ending with "…" when cut.
pub fn printable(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max.saturating_mul(4)) + 4);
    for (n, c) in text.chars().enumerate() {
        if n == max {
            out.push('…');
            break;
        }
        push_printable(&mut out, c, false);
    }
    out
}

/// Untrusted multi-line text (a listing, a record's view) made safe to print on a terminal: as
/// [`printable`], but line breaks and tabs are kept and nothing is cut.
pub fn printable_lines(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        push_printable(&mut out, c, true);
    }
    out
}

/// Whether `c` may not reach a terminal raw: a control character, or a bidirectional override that
/// reorders what follows.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn push_printable(out: &mut String, c: char, keep_lines: bool) {
    match c {
        '\n' | '\t' if keep_lines => out.push(c),
        c if c.is_control() || is_unsafe(c) => out.extend(c.escape_default()),
        c => out.push(c),
    }
}

/// Fields counted by provenance kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProvenanceCount {
    /// Fields from the rulebook.
    pub rulebook: usize,
    /// Fields from a fan source.
    pub fan: usize,
    /// Fields of our own choice.
    pub provisional: usize,
}

impl ProvenanceCount {
    /// Counts one field of `kind`.
    pub fn add(&mut self, kind: ProvenanceKind) {
        match kind {
            ProvenanceKind::Rulebook => self.rulebook += 1,
            ProvenanceKind::Fan => self.fan += 1,
            ProvenanceKind::Provisional => self.provisional += 1,
        }
    }

    /// The count of `kind`.
    pub fn get(&self, kind: ProvenanceKind) -> usize {
        match kind {
            ProvenanceKind::Rulebook => self.rulebook,
            ProvenanceKind::Fan => self.fan,
            ProvenanceKind::Provisional => self.provisional,
        }
    }

    /// All fields counted.
    pub fn total(&self) -> usize {
        self.rulebook + self.fan + self.provisional
    }
}

/// Checks a card's provenance table: each of `fields` has a valid [`Provenance`], and the table names no
/// other field (a language's known gaps are in the game's card overlays, `i18n/<code>/cards.toml`). Counts the kinds into `count`. Errors go through
/// `error(field, message)`, where `field` is `provenance.<name>`, so the caller places them (file,
/// line, card).
pub fn check_provenance(
    table: &toml::Table,
    fields: &[&str],
    count: &mut ProvenanceCount,
    error: &dyn Fn(&str, String) -> DataError,
) -> Result<(), DataError> {
    let fail = |field: &str, problem: Problem| error(field, problem.english.clone()).with_problem(problem);
    for f in fields {
        let field = format!("provenance.{f}");
        match table.get(*f) {
            None => {
                let words = Message::new("engine-data-provenance-missing");
                return Err(fail(&field, Problem::new("missing provenance for this field", words)));
            }
            Some(toml::Value::String(s)) => {
                count.add(Provenance::read(s).map_err(|p| fail(&field, p))?.kind);
            }
            Some(_) => {
                let words = Message::new("engine-data-provenance-string");
                return Err(fail(&field, Problem::new("a provenance is a string", words)));
            }
        }
    }
    if let Some(k) = table.keys().find(|k| !fields.contains(&k.as_str())) {
        let words = Message::new("engine-data-provenance-unknown");
        return Err(fail(&format!("provenance.{}", short(k)), Problem::new("not a field of this card", words)));
    }
    Ok(())
}
