//! What the commands write (issue 38): files written whole or not at all, checked before the work starts,
//! and standard output whose errors say what failed.
//!
//! - [`check_output`]: a file a command will write (`--record`, `--report`) must be a regular file or a
//!   new path in a directory where files can be created, never a FIFO, a device or a directory, and never
//!   the same file as one of the command's inputs (a card file, a set file).
//! - [`write_atomic`]: the text goes to a temporary file in the same directory, which is then renamed over
//!   the path, so a failure leaves the old file whole.
//! - [`Stdout`]: standard output whose errors name it (`standard output: Broken pipe (os error 32)`).

use std::ffi::OsString;
use std::io::{self, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use serde_json::Value;
use sylvan_engine::Locale;
use sylvan_words::args;

use crate::words::t;

/// What a command writes, as the error messages name it.
#[derive(Clone, Copy, Debug)]
pub enum Written {
    /// A game record (`play --record`).
    Record,
    /// An HTML report (`tournament --report`, `balance --report`).
    Report,
}

impl Written {
    /// The value of the messages' `$what` selector.
    fn key(self) -> &'static str {
        match self {
            Written::Record => "record",
            Written::Report => "report",
        }
    }
}

/// The directory a file at `path` is in (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// A temporary path next to `path`, unique to this process and attempt.
fn temp_path(path: &Path, attempt: u32) -> PathBuf {
    let mut name = OsString::from(".");
    name.push(path.file_name().unwrap_or_else(|| "output".as_ref()));
    name.push(format!(".{}.{attempt}.tmp", std::process::id()));
    parent(path).join(name)
}

/// Creates a new temporary file next to `path`.
fn create_temp(path: &Path) -> io::Result<(PathBuf, std::fs::File)> {
    let mut last = io::Error::other("no attempt");
    for attempt in 0..16 {
        let tmp = temp_path(path, attempt);
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = e,
            Err(e) => return Err(e),
        }
    }
    Err(last)
}

/// The identity (device, inode) of an existing file.
fn identity(path: &Path) -> Option<(u64, u64)> {
    std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
}

/// Checks, before any work, that `flag`'s file `path` can be written by [`write_atomic`]: an existing
/// path is a regular file (not a FIFO, device, socket or directory) and is none of `inputs`; its directory
/// takes new files (a file this creates to find out is removed again). Errors in `locale`.
pub fn check_output(path: &Path, flag: &str, what: Written, inputs: &[PathBuf], locale: Locale) -> Result<()> {
    let shown = path.display().to_string();
    let say = |id: &str, error: String| t(locale, id, args!(flag = flag, path = shown.as_str(), error = error));
    if path.as_os_str().is_empty() {
        bail!(say("output-empty", String::new()));
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => bail!(say("output-directory", String::new())),
        Ok(meta) if !meta.is_file() => bail!(say("output-special", String::new())),
        Ok(_) => {
            if let Some(me) = identity(path)
                && let Some(input) = inputs.iter().find(|i| identity(i) == Some(me))
            {
                bail!(say("output-same-as-input", input.display().to_string()));
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => bail!(say("output-error", e.to_string())),
    }
    let (tmp, file) = create_temp(path).map_err(|e| {
        let dir = parent(path).display().to_string();
        let cannot = args!(flag = flag, what = what.key(), path = shown.as_str(), dir = dir, error = e.to_string());
        anyhow!(t(locale, "output-cannot-create", cannot))
    })?;
    drop(file);
    let _ = std::fs::remove_file(tmp);
    Ok(())
}

/// Writes `text` to `path` whole or not at all: a temporary file in the same directory, flushed to disk,
/// renamed over `path`. Errors name `what` and the path, in `locale`; the temporary file is removed on
/// failure.
pub fn write_atomic(path: &Path, text: &[u8], what: Written, locale: Locale) -> Result<()> {
    let say = |error: String| {
        let cannot = args!(what = what.key(), path = path.display().to_string(), error = error);
        anyhow!(t(locale, "output-cannot-write", cannot))
    };
    let fail = |e: io::Error| say(e.to_string());
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(say(t(locale, "output-not-regular", args!())));
    }
    let (tmp, mut file) = create_temp(path).map_err(fail)?;
    let written = file.write_all(text).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// The files named by a game's options (a card file, set files): every string value, and every
/// comma-separated part of one, that is the path of an existing file. Outputs must not be one of them.
pub fn option_files(options: &Value) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut strings = Vec::new();
    collect_strings(options, &mut strings);
    for s in strings {
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let p = PathBuf::from(part);
            if p.is_file() {
                out.push(p);
            }
        }
    }
    out
}

fn collect_strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().for_each(|x| collect_strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| collect_strings(x, out)),
        _ => {}
    }
}

/// A stream whose write errors name it: `standard output: Broken pipe (os error 32)`.
pub struct Named<W> {
    inner: W,
    name: &'static str,
}

/// Standard output, locked, naming itself in its errors.
pub type Stdout = Named<io::StdoutLock<'static>>;

/// Standard output for a command's report.
pub fn stdout() -> Stdout {
    Named { inner: io::stdout().lock(), name: "standard output" }
}

impl<W: Write> Named<W> {
    /// `inner`, named `name` in its errors.
    #[cfg(test)]
    pub fn new(inner: W, name: &'static str) -> Named<W> {
        Named { inner, name }
    }

    fn name_error(&self, e: io::Error) -> io::Error {
        io::Error::new(e.kind(), format!("cannot write to {}: {e}", self.name))
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.name_error(e))
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(|e| self.name_error(e))
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(|e| self.name_error(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "sylvan-output-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::create_dir_all(&d);
        d
    }

    #[test]
    fn issue_38_outputs_are_checked_before_the_work() {
        let d = dir();
        let new = d.join("new.json");
        assert!(check_output(&new, "--record", "the record", &[]).is_ok());
        assert!(!new.exists(), "the check leaves nothing behind");
        let input = d.join("cards.toml");
        std::fs::write(&input, "x").unwrap_or_else(|e| panic!("{e}"));
        let e =
            check_output(&input, "--record", "the record", std::slice::from_ref(&input)).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.contains("same file as the input")), "{e:?}");
        assert_eq!(std::fs::read_to_string(&input).ok().as_deref(), Some("x"));
        let e = check_output(Path::new("/dev/full"), "--record", "the record", &[]).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.contains("not a regular file")), "{e:?}");
        let e = check_output(&d, "--report", "the report", &[]).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.contains("a directory")), "{e:?}");
        let e = check_output(Path::new("/proc/version"), "--record", "the record", &[]).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.contains("cannot create files in /proc")), "{e:?}");
        let fifo = d.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            let e = check_output(&fifo, "--record", "the record", &[]).err().map(|e| e.to_string());
            assert!(e.as_deref().is_some_and(|e| e.contains("FIFO")), "{e:?}");
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn issue_38_an_atomic_write_replaces_the_file_whole_or_leaves_it() {
        let d = dir().join("atomic");
        let _ = std::fs::create_dir_all(&d);
        let path = d.join("rec.json");
        std::fs::write(&path, "old").unwrap_or_else(|e| panic!("{e}"));
        write_atomic(&path, b"new", "the record").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("new"));
        let left: Vec<_> = std::fs::read_dir(&d).into_iter().flatten().flatten().collect();
        assert_eq!(left.len(), 1, "no temporary file left");
        let e = write_atomic(Path::new("/dev/full"), b"x", "the record").err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("cannot write the record to /dev/full")), "{e:?}");
        let _ = std::fs::remove_dir_all(dir());
    }

    #[test]
    fn issue_38_write_errors_name_the_stream() {
        let Ok(file) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
        let mut full = Named::new(file, "standard output");
        let e = writeln!(full, "x").and_then(|()| full.flush()).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("cannot write to standard output: ")), "{e:?}");
    }
}
