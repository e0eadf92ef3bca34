//! Figures written into a dated lab notebook by the run that measured them (`--notebook FILE --figure
//! NAME` on `sylvan tournament`, `ladder`, `balance`, `bench` and `sylvan-loadtest`): the run replaces
//! the text between the notebook's `<!-- figures:NAME:begin -->` and `<!-- figures:NAME:end -->`
//! lines with its own table, so no figure block is copied by hand; `docs/measurements/current.md` is
//! then written from the notebooks by `docs/measurements/figures.sh`.
//!
//! The notebook is checked before the run starts ([`check`]: a regular Markdown file holding the block
//! exactly once), and written at the end as a whole ([`write`]: the rest of the file byte for byte, the
//! new file renamed over the old one, so an interrupted write never leaves half a notebook).
//!
//! Criterion's benchmarks write no notebook themselves: [`criterion_estimates`] reads what criterion
//! saved under `target/criterion`, and [`search_speed_table`] makes the search-speed table of it
//! (`cargo run --release -p sylvan-benches --bin search-figure`, run by
//! `docs/measurements/search-speed.sh`).

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

/// The largest criterion file read (`benchmark.json`, `estimates.json`: a few kilobytes each).
const MAX_CRITERION_FILE: u64 = 1 << 20;

/// The most criterion benchmarks read from one directory.
const MAX_CRITERION_BENCHMARKS: usize = 10_000;

/// One benchmark's result as criterion saved it (`target/criterion/**/new/{benchmark,estimates}.json`).
#[derive(Clone, Debug, PartialEq)]
pub struct CriterionEstimate {
    /// The benchmark group (`equinox-2p/ismcts`), or the whole id of a benchmark outside any group.
    pub group: String,
    /// The benchmark's name inside its group (`1000 iterations, 1 thread(s)`), if any.
    pub function: Option<String>,
    /// The elements one timed iteration counts (criterion's `Throughput::Elements`), if declared.
    pub elements: Option<u64>,
    /// Criterion's typical time of one timed iteration in nanoseconds (its slope estimate, or the mean
    /// when there is no slope: what criterion prints as `time:`), and its 95% confidence interval.
    pub ns: [f64; 3],
    /// When the estimate was written, in seconds since the Unix epoch.
    pub written: u64,
}

impl CriterionEstimate {
    /// Elements a second, with the interval's ends (`[low, typical, high]`), when the benchmark declared
    /// elements.
    pub fn per_second(&self) -> Option<[f64; 3]> {
        let n = self.elements? as f64;
        let [low, mid, high] = self.ns;
        (low > 0.0 && mid > 0.0 && high > 0.0).then(|| [n * 1e9 / high, n * 1e9 / mid, n * 1e9 / low])
    }
}

/// Reads a small JSON file of a criterion directory.
fn read_json(path: &Path) -> Result<Value, RunError> {
    let shown = path.display();
    let meta = fs::metadata(path).map_err(|e| RunError(format!("{shown}: {e}")))?;
    if !meta.is_file() || meta.len() > MAX_CRITERION_FILE {
        return Err(RunError(format!("{shown}: not a criterion file (a regular file under 1 MiB)")));
    }
    let bytes = fs::read(path).map_err(|e| RunError(format!("{shown}: {e}")))?;
    serde_json::from_slice(&bytes).map_err(|e| RunError(format!("{shown}: {e}")))
}

/// One benchmark from its `new/` directory (holding `benchmark.json` and `estimates.json`).
fn criterion_estimate(new: &Path) -> Result<CriterionEstimate, RunError> {
    let bench = read_json(&new.join("benchmark.json"))?;
    let estimates_path = new.join("estimates.json");
    let estimates = read_json(&estimates_path)?;
    let shown = estimates_path.display();
    let group = bench["group_id"]
        .as_str()
        .ok_or_else(|| RunError(format!("{}: no `group_id`", new.join("benchmark.json").display())))?
        .to_owned();
    let function = bench["function_id"].as_str().map(str::to_owned);
    let elements = bench["throughput"]["Elements"].as_u64();
    let typical = if estimates["slope"].is_object() { &estimates["slope"] } else { &estimates["mean"] };
    let num = |v: &Value, what: &str| {
        v.as_f64().filter(|x| x.is_finite() && *x >= 0.0).ok_or_else(|| RunError(format!("{shown}: no `{what}`")))
    };
    let ci = &typical["confidence_interval"];
    let ns = [
        num(&ci["lower_bound"], "lower_bound")?,
        num(&typical["point_estimate"], "point_estimate")?,
        num(&ci["upper_bound"], "upper_bound")?,
    ];
    let written = fs::metadata(&estimates_path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs());
    Ok(CriterionEstimate { group, function, elements, ns, written })
}

/// Every benchmark criterion saved under `dir` (`target/criterion`): each `new/` directory holding a
/// `benchmark.json`, sorted by group and name. Symbolic links are not followed; at most 10,000
/// benchmarks and 8 levels of folders are read.
pub fn criterion_estimates(dir: &Path) -> Result<Vec<CriterionEstimate>, RunError> {
    fn walk(dir: &Path, depth: usize, out: &mut Vec<CriterionEstimate>) -> Result<(), RunError> {
        let entries = fs::read_dir(dir).map_err(|e| RunError(format!("{}: {e}", dir.display())))?;
        for entry in entries {
            let entry = entry.map_err(|e| RunError(format!("{}: {e}", dir.display())))?;
            let kind = entry.file_type().map_err(|e| RunError(format!("{}: {e}", entry.path().display())))?;
            if !kind.is_dir() {
                continue;
            }
            let path = entry.path();
            if entry.file_name() == "new" && path.join("benchmark.json").is_file() {
                if out.len() >= MAX_CRITERION_BENCHMARKS {
                    return Err(RunError(format!(
                        "{}: more than {MAX_CRITERION_BENCHMARKS} benchmarks",
                        dir.display()
                    )));
                }
                out.push(criterion_estimate(&path)?);
            } else if depth < 8 && entry.file_name() != "base" && entry.file_name() != "report" {
                walk(&path, depth + 1, out)?;
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, 0, &mut out)?;
    out.sort_by(|a, b| (&a.group, &a.function).cmp(&(&b.group, &b.function)));
    Ok(out)
}

/// A rate in thousands a second with one decimal: `115.3k`.
fn kilo(v: f64) -> String {
    format!("{:.1}k", v / 1000.0)
}

/// A rate with criterion's interval: `115.3k (114.1k–116.1k)`.
fn rate_cell(rate: [f64; 3]) -> String {
    format!("{} ({}–{})", kilo(rate[1]), kilo(rate[0]), kilo(rate[2]))
}

/// A date and time in UTC, `2026-11-28 14:05`, from seconds since the Unix epoch.
fn utc(secs: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let days = (secs / 86_400) as i64;
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
}

/// The search-speed table of the `search` benchmark (`benches/search.rs`) from criterion's estimates:
/// one row per position (a group `POSITION/ismcts`), ISMCTS iterations a second on 1 thread, on 2
/// (root-parallel) with the scaling 2 threads / 1 thread, and on 1 thread with each extra spec
/// parameter the benchmark tries (`:depth=80:playout=rollout`), each with criterion's 95% interval,
/// under a line saying where it came from (`what`: the command and the machine's state) and when
/// criterion wrote the estimates. An error when no `…/ismcts` benchmark is there.
pub fn search_speed_table(estimates: &[CriterionEstimate], what: &str) -> Result<String, RunError> {
    let searches: Vec<&CriterionEstimate> =
        estimates.iter().filter(|e| e.group.ends_with("/ismcts") && e.per_second().is_some()).collect();
    if searches.is_empty() {
        return Err(RunError(
            "no `POSITION/ismcts` benchmark with a throughput among criterion's estimates: run `cargo bench -p \
             sylvan-benches --bench search` first"
                .to_owned(),
        ));
    }
    let first = searches.iter().map(|e| e.written).min().unwrap_or(0);
    let last = searches.iter().map(|e| e.written).max().unwrap_or(0);
    let clean = |s: &str| s.replace(['|', '`', '\n', '\r'], " ");
    let mut out = format!(
        "Written by {what}, from criterion's estimates written {} to {} UTC: ISMCTS iterations a second \
         (criterion's typical time of one decision, with its 95% interval; they depend on the machine and \
         its load; the ratios less so).\n\n\
         | position | 1 thread | 2 threads | scaling (2 / 1) | 1 thread with extra parameters |\n\
         |---|---:|---:|---:|---|\n",
        utc(first),
        utc(last),
    );
    let mut positions: Vec<&str> = searches.iter().filter_map(|e| e.group.strip_suffix("/ismcts")).collect();
    positions.dedup();
    for position in positions {
        let group = format!("{position}/ismcts");
        let of = |pred: &dyn Fn(&str) -> bool| {
            searches
                .iter()
                .filter(|e| e.group == group && e.function.as_deref().is_some_and(pred))
                .copied()
                .collect::<Vec<_>>()
        };
        let one = of(&|f| f.ends_with(" 1 thread(s)"));
        let two = of(&|f| f.ends_with(" 2 thread(s)"));
        let extra = of(&|f| f.contains(" 1 thread(s):"));
        let rate = |e: Option<&&CriterionEstimate>| e.and_then(|e| e.per_second());
        let (r1, r2) = (rate(one.first()), rate(two.first()));
        let cell = |r: Option<[f64; 3]>| r.map_or_else(|| "–".to_owned(), rate_cell);
        let scaling = match (r1, r2) {
            (Some(a), Some(b)) if a[1] > 0.0 => format!("{:.2}×", b[1] / a[1]),
            _ => "–".to_owned(),
        };
        let extras: Vec<String> = extra
            .iter()
            .filter_map(|e| {
                let params = e.function.as_deref()?.split_once(" 1 thread(s)")?.1;
                Some(format!("`{}`: {}", clean(params.trim_start_matches(':')), cell(e.per_second())))
            })
            .collect();
        out += &format!(
            "| `{}` | {} | {} | {scaling} | {} |\n",
            clean(position),
            cell(r1),
            cell(r2),
            if extras.is_empty() { "–".to_owned() } else { extras.join("; ") }
        );
    }
    Ok(out)
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

    /// A date and time in UTC from seconds since the Unix epoch.
    pub fn utc(secs: u64) -> String {
        super::utc(secs)
    }
}
