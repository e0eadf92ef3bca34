//! Figures written into a dated lab notebook by the run that measured them (`--notebook FILE --figure
//! NAME` on `sylvan tournament`, `ladder`, `balance`, `bench` and `sylvan-loadtest`): the run replaces
//! the text between the notebook's `<!-- figures:NAME:begin -->` and `<!-- figures:NAME:end -->`
//! lines with its own table, so no figure block is copied by hand; `docs/measurements/current.md` is
//! then written from the notebooks by `docs/measurements/figures.sh`.
//!
//! The notebook is checked before the run starts ([`check`]: a regular Markdown file holding the block
//! exactly once), and written at the end as a whole ([`write`]: the rest of the file byte for byte, the
//! new file renamed over the old one, so an interrupted write never leaves half a notebook).

use std::fs;
use std::path::Path;

use serde_json::Value;

use super::RunError;

/// The largest notebook read (a notebook is a few dozen kilobytes).
const MAX_NOTEBOOK: u64 = 4 << 20;

/// The longest figure name.
const MAX_NAME: usize = 64;

/// The begin and end markers of block `name`.
fn markers(name: &str) -> (String, String) {
    (format!("<!-- figures:{name}:begin -->\n"), format!("<!-- figures:{name}:end -->"))
}

/// The byte range of the text between the markers of block `name` in `text`: the markers each on a line
/// of their own, once each, begin before end.
pub fn block(text: &str, name: &str) -> Result<std::ops::Range<usize>, String> {
    let (begin, end) = markers(name);
    let at_line_start = |i: usize| i == 0 || text.as_bytes().get(i - 1) == Some(&b'\n');
    let find_all = |m: &str| text.match_indices(m).map(|(i, _)| i).filter(|&i| at_line_start(i)).collect::<Vec<_>>();
    let (starts, stops) = (find_all(&begin), find_all(&end));
    match (starts.as_slice(), stops.as_slice()) {
        ([], _) => Err(format!("no line `{}`", begin.trim_end())),
        (_, []) => Err(format!("no line `{end}`")),
        ([s], [e]) if s + begin.len() <= *e => Ok(s + begin.len()..*e),
        ([_], [_]) => Err(format!("`{end}` comes before `{}`", begin.trim_end())),
        _ => Err(format!("the block `{name}` is marked more than once")),
    }
}

/// Checks a figure name: letters, digits and `-`, at most [`MAX_NAME`] characters.
fn check_name(name: &str) -> Result<(), RunError> {
    if name.is_empty() || name.len() > MAX_NAME || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        let shown: String = name.chars().take(MAX_NAME).map(|c| if c.is_control() { '?' } else { c }).collect();
        return Err(RunError(format!(
            "--figure `{shown}`: a figure name is letters, digits and `-` (at most {MAX_NAME} characters)"
        )));
    }
    Ok(())
}

/// Reads the notebook at `path`: a regular file (never a FIFO or a device) of valid UTF-8 no larger
/// than 4 MiB.
fn read(path: &Path) -> Result<String, RunError> {
    let shown = path.display();
    let meta = fs::metadata(path).map_err(|e| RunError(format!("--notebook {shown}: {e}")))?;
    if !meta.is_file() {
        return Err(RunError(format!("--notebook {shown}: not a regular file")));
    }
    if meta.len() > MAX_NOTEBOOK {
        return Err(RunError(format!("--notebook {shown}: larger than {} MiB", MAX_NOTEBOOK >> 20)));
    }
    let bytes = fs::read(path).map_err(|e| RunError(format!("--notebook {shown}: {e}")))?;
    String::from_utf8(bytes).map_err(|_| RunError(format!("--notebook {shown}: not UTF-8 text")))
}

/// Checks, before a run, that the notebook at `path` can take figure `name`: a readable regular UTF-8
/// file holding the block's markers once each, in a directory where the new file can be written.
pub fn check(path: &Path, name: &str) -> Result<(), RunError> {
    check_name(name)?;
    let text = read(path)?;
    block(&text, name).map_err(|e| RunError(format!("--notebook {}: {e}", path.display())))?;
    // The new notebook is written next to the old one, then renamed over it: try that directory now.
    let temp = temp_path(path);
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&temp)
        .map_err(|e| RunError(format!("--notebook {}: cannot write beside it: {e}", path.display())))?;
    let _ = fs::remove_file(&temp);
    Ok(())
}

/// The file a new notebook is written to before it is renamed over `path`: in the same directory.
fn temp_path(path: &Path) -> std::path::PathBuf {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file = path.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    dir.join(format!(".{file}.{}.tmp", std::process::id()))
}

/// Replaces the text of block `name` of the notebook at `path` with `body` (a final line break is
/// added when missing), leaving every other byte as it was; written to a new file in the same
/// directory and renamed over the notebook.
pub fn write(path: &Path, name: &str, body: &str) -> Result<(), RunError> {
    check_name(name)?;
    let shown = path.display();
    let mut text = read(path)?;
    let range = block(&text, name).map_err(|e| RunError(format!("--notebook {shown}: {e}")))?;
    let mut body = body.to_owned();
    if !body.ends_with('\n') {
        body.push('\n');
    }
    text.replace_range(range, &body);
    let temp = temp_path(path);
    let written = fs::write(&temp, text.as_bytes()).and_then(|()| fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(RunError(format!("--notebook {shown}: {e}")));
    }
    Ok(())
}

/// A number with thousands separators: `12,345`.
fn thousands(v: f64) -> String {
    let n = v.round() as i64;
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("−{out}") } else { out }
}

/// A signed rating, `+304` or `−518` (a minus sign, as the notebooks write it).
fn signed(v: f64) -> String {
    let r = v.round();
    if r < 0.0 { format!("−{}", thousands(-r)) } else { format!("+{}", thousands(r)) }
}

/// A bot spec as the notebooks write it: `` `hard` (iters=1000) `` for `hard:iters=1000`.
fn bot_cell(spec: &str) -> String {
    let spec = spec.replace(['|', '`', '\n', '\r'], " ");
    match spec.split_once(':') {
        Some((name, budget)) => format!("`{name}` ({budget})"),
        None => format!("`{spec}`"),
    }
}

/// The ladder table of a `sylvan tournament --json` or `sylvan ladder --json` report: one row per bot,
/// weakest first, with its games, win rate and Bradley–Terry rating with its 95% interval, under a line
/// saying where it came from (`what`: the command, its games and seed). The docs test reads the
/// `rating` column's first word.
pub fn ladder_table(report: &Value, what: &str) -> String {
    let f = |v: &Value| v.as_f64().unwrap_or(0.0);
    let mut bots = report["bots"].as_array().cloned().unwrap_or_default();
    bots.sort_by(|a, b| f(&a["rating"]).total_cmp(&f(&b["rating"])));
    let mut out =
        format!("Written by {what}.\n\n| bot | games | win rate | rating (95% interval) |\n|---|---:|---:|---|\n");
    // A tournament report's matrix says who met whom: a bot that met no other bot has no rating.
    let spec_of = |b: &Value| b["spec"].as_str().unwrap_or("?").to_owned();
    let order: Vec<String> = report["bots"].as_array().into_iter().flatten().map(spec_of).collect();
    let met_nobody = |spec: &str| {
        let i = order.iter().position(|s| s == spec);
        i.and_then(|i| report["matrix"].get(i))
            .and_then(Value::as_array)
            .is_some_and(|row| row.iter().all(Value::is_null))
    };
    for b in &bots {
        let spec = spec_of(b);
        let rating = if met_nobody(&spec) {
            "– (met no other bot)".to_owned()
        } else {
            format!(
                "{} ({} to {})",
                signed(f(&b["rating"])),
                signed(f(&b["rating_ci"][0])),
                signed(f(&b["rating_ci"][1]))
            )
        };
        out += &format!(
            "| {} | {} | {:.1}% | {rating} |\n",
            bot_cell(&spec),
            thousands(f(&b["games"])),
            100.0 * f(&b["win_rate"]),
        );
    }
    out
}

/// The internals the crate's integration tests read: not part of the API.
#[doc(hidden)]
pub mod internals {
    /// A number with thousands separators.
    pub fn thousands(v: f64) -> String {
        super::thousands(v)
    }

    /// A bot spec as a notebook cell.
    pub fn bot_cell(spec: &str) -> String {
        super::bot_cell(spec)
    }
}
