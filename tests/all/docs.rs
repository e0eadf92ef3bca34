//! The documentation, checked against the code (issue 39):
//!
//! - every ```` ```sh ```` block of `README.md` and `docs/*.md` runs against the built `sylvan`, in a
//!   scratch directory that sees the repository's files, with small sizes (`-n`/`--games` capped, search
//!   budgets capped) and a timeout; a block whose fence says ```` ```sh no-run: WHY ```` (a server that
//!   runs forever, `pip install`, interactive play) is not run, and must say why;
//! - every `sylvan` command shown in any `sh` block, run or not, uses only subcommands and flags its
//!   `--help` lists;
//! - every relative link of `README.md` and `docs/**/*.md` resolves to a file, and to a heading where it
//!   names one;
//! - no measured figure (instructions a move, iterations a second) is restated outside
//!   `docs/measurements/`, so two documents cannot give it two values;
//! - the user-facing documents (README, guides, rulings) cite no issue, session or commit: the work log
//!   is the dated notebooks' and the version control's;
//! - every command of `sylvan --help` has its section in `docs/cli.md`, and every flag of its `--help`
//!   is in the documents;
//! - each crate's top documentation names its guide, and the guide exists;
//! - the book's contents (`docs/SUMMARY.md`) list every document of `docs/`;
//! - no library crate that skips its unit tests (`test = false`) holds a `#[cfg(test)]` module, which
//!   would never compile or run.

use std::collections::{BTreeMap, BTreeSet};
use std::error::Error;
use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

type TestResult = Result<(), Box<dyn Error>>;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The most games (`-n`, `--games`) a documented command plays in the test.
const MAX_GAMES: u64 = 6;
/// The most search iterations a documented bot spec gets in the test.
const MAX_ITERS: u64 = 30;
/// How long one block may run.
const BLOCK_TIMEOUT: Duration = Duration::from_secs(40);

/// A fenced `sh` block.
struct Block {
    file: PathBuf,
    /// 1-based line of the opening fence.
    line: usize,
    run: bool,
    /// Why a `no-run` block is not run: the words after `no-run` on its fence.
    why_not: String,
    text: String,
}

impl Block {
    fn place(&self) -> String {
        format!("{}:{}", self.file.strip_prefix(ROOT).unwrap_or(&self.file).display(), self.line)
    }
}

/// `README.md` and the guides directly in `docs/` (the documents whose commands are tested).
fn guides() -> Result<Vec<PathBuf>, Box<dyn Error>> {
    let mut files = vec![Path::new(ROOT).join("README.md")];
    let mut docs: Vec<PathBuf> = fs::read_dir(Path::new(ROOT).join("docs"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    Ok(files)
}

/// `README.md` and every Markdown file under `docs/` (the documents whose links are checked).
fn all_documents() -> Result<Vec<PathBuf>, Box<dyn Error>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|x| x == "md") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut files = vec![Path::new(ROOT).join("README.md")];
    let mut docs = Vec::new();
    walk(&Path::new(ROOT).join("docs"), &mut docs)?;
    docs.sort();
    files.extend(docs);
    Ok(files)
}

/// The `sh` blocks of a Markdown file.
fn sh_blocks(file: &Path) -> Result<Vec<Block>, Box<dyn Error>> {
    let text = fs::read_to_string(file)?;
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String, Option<Block>)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    let words: Vec<&str> = info.split_whitespace().collect();
                    let no_run = words.iter().position(|w| w.trim_end_matches(':') == "no-run");
                    let block = (words.first() == Some(&"sh")).then(|| Block {
                        file: file.to_owned(),
                        line: i + 1,
                        run: no_run.is_none(),
                        why_not: no_run.map(|at| words[at + 1..].join(" ")).unwrap_or_default(),
                        text: String::new(),
                    });
                    open = Some((i + 1, "```".to_owned(), block));
                }
            }
            Some((_, fence, block)) => {
                if trimmed.starts_with(fence.as_str()) && trimmed.trim_end() == fence.as_str() {
                    if let Some((_, _, Some(b))) = open.take() {
                        blocks.push(b);
                    } else {
                        open = None;
                    }
                } else if let Some(b) = block {
                    b.text.push_str(line);
                    b.text.push('\n');
                }
            }
        }
    }
    if let Some((line, _, _)) = open {
        return Err(format!("{}:{line}: code block never closed", file.display()).into());
    }
    Ok(blocks)
}

/// A shell word or operator, as far as the documents need: quotes kept out of words, comments dropped.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Op,
}

fn tokens(line: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    let flush = |word: &mut String, in_word: &mut bool, out: &mut Vec<Token>| {
        if *in_word {
            out.push(Token::Word(std::mem::take(word)));
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == c {
                        break;
                    }
                    word.push(d);
                }
            }
            '#' if !in_word => break,
            ';' | '|' | '&' | '<' | '>' | '(' | ')' => {
                flush(&mut word, &mut in_word, &mut out);
                out.push(Token::Op);
            }
            c if c.is_whitespace() => flush(&mut word, &mut in_word, &mut out),
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    flush(&mut word, &mut in_word, &mut out);
    out
}

/// The block's logical lines (backslash continuations joined).
fn logical_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if let Some(head) = line.trim_end().strip_suffix('\\') {
            current.push_str(head);
            current.push(' ');
        } else {
            current.push_str(line);
            lines.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// The arguments of every `sylvan` invocation on a line: after a word `sylvan` (or a path ending in
/// `/sylvan`), or after `cargo run ... --bin sylvan --`, up to the next operator.
fn invocations(line: &str) -> Vec<Vec<String>> {
    let toks = tokens(line);
    let mut found = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let start = match &toks[i] {
            Token::Word(w) if w == "sylvan" || w.ends_with("/sylvan") => Some(i + 1),
            Token::Word(w) if w == "cargo" => {
                // `cargo run [..] --bin sylvan [..] -- ARGS`
                let end = toks[i..].iter().position(|t| *t == Token::Op).map_or(toks.len(), |p| i + p);
                let words: Vec<&str> = toks[i..end]
                    .iter()
                    .filter_map(|t| if let Token::Word(w) = t { Some(w.as_str()) } else { None })
                    .collect();
                let is_cli = words.get(1) == Some(&"run") && words.windows(2).any(|p| p == ["--bin", "sylvan"]);
                match words.iter().position(|w| *w == "--") {
                    Some(dash) if is_cli => Some(i + dash + 1),
                    _ => None,
                }
            }
            _ => None,
        };
        match start {
            Some(s) => {
                let mut args = Vec::new();
                let mut j = s;
                while let Some(Token::Word(w)) = toks.get(j) {
                    args.push(w.clone());
                    j += 1;
                }
                found.push(args);
                i = j;
            }
            None => i += 1,
        }
    }
    found
}

/// `--help` of a subcommand, cached.
fn help<'a>(
    cache: &'a mut BTreeMap<Vec<String>, Result<String, String>>,
    sub: &[String],
) -> &'a Result<String, String> {
    cache.entry(sub.to_vec()).or_insert_with(|| {
        let out = Command::new(env!("CARGO_BIN_EXE_sylvan")).args(sub).arg("--help").output();
        match out {
            Ok(o) if o.status.success() => Ok(String::from_utf8_lossy(&o.stdout).into_owned()),
            Ok(o) => Err(String::from_utf8_lossy(&o.stderr).trim().to_owned()),
            Err(e) => Err(e.to_string()),
        }
    })
}

/// Whether `help` lists `flag` (followed by a space, comma, `=` or the end of a line).
fn lists_flag(help: &str, flag: &str) -> bool {
    help.match_indices(flag).any(|(at, _)| {
        let before = help[..at].chars().next_back();
        let after = help[at + flag.len()..].chars().next();
        before.is_none_or(|c| c.is_whitespace() || c == '[')
            && after.is_none_or(|c| !(c.is_alphanumeric() || c == '-' || c == '_'))
    })
}

/// The problems of one `sylvan` invocation's words: an unknown subcommand or a flag `--help` does not list.
fn check_invocation(args: &[String], cache: &mut BTreeMap<Vec<String>, Result<String, String>>) -> Vec<String> {
    let mut sub: Vec<String> = Vec::new();
    for a in args.iter().take(2) {
        if a.starts_with('-') {
            break;
        }
        sub.push(a.clone());
        if sub.len() == 1 && a != "cards" {
            break;
        }
    }
    if sub.is_empty() {
        return Vec::new();
    }
    let text = match help(cache, &sub) {
        Ok(text) => text.clone(),
        Err(e) => return vec![format!("`sylvan {}`: no such command ({e})", sub.join(" "))],
    };
    let mut problems = Vec::new();
    for a in &args[sub.len()..] {
        let is_flag = a.starts_with('-') && a.len() > 1 && !a[1..].starts_with(|c: char| c.is_ascii_digit());
        if !is_flag {
            continue;
        }
        let flag = a.split('=').next().unwrap_or(a);
        if !lists_flag(&text, flag) {
            problems.push(format!("`sylvan {}` has no flag `{flag}`", sub.join(" ")));
        }
    }
    problems
}

/// A number (digits with `,` separators) at `at` in `s`, and where it ends.
fn number_at(s: &str, at: usize) -> Option<(u64, usize)> {
    let digits: String = s[at..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
    let digits = digits.trim_end_matches(',');
    let n = digits.replace(',', "").parse().ok()?;
    Some((n, at + digits.len()))
}

/// The block made small: every `-n N` / `--games N` at most [`MAX_GAMES`], every `iters=N` at most
/// [`MAX_ITERS`], every searching bot spec without a budget given `iters=MAX_ITERS`, and `cargo run
/// --release --bin sylvan --` replaced by the binary.
fn shrink(text: &str) -> String {
    let mut s = text.replace("cargo run --release --bin sylvan --", "sylvan");
    for flag in [" -n ", " --games "] {
        let mut out = String::new();
        let mut rest = s.as_str();
        while let Some(at) = rest.find(flag) {
            let after = at + flag.len();
            out.push_str(&rest[..after]);
            match number_at(rest, after) {
                Some((n, end)) => {
                    out.push_str(&n.min(MAX_GAMES).to_string());
                    rest = &rest[end..];
                }
                None => rest = &rest[after..],
            }
        }
        out.push_str(rest);
        s = out;
    }
    let mut out = String::new();
    let mut rest = s.as_str();
    while let Some(at) = rest.find("iters=") {
        let after = at + "iters=".len();
        out.push_str(&rest[..after]);
        match number_at(rest, after) {
            Some((n, end)) => {
                out.push_str(&n.min(MAX_ITERS).to_string());
                rest = &rest[end..];
            }
            None => rest = &rest[after..],
        }
    }
    out.push_str(rest);
    // Searching specs without a budget, line by line.
    out.split_inclusive('\n').map(budget_specs).collect()
}

/// A line whose `-b`/`--bots`/`--bot` values give every searching spec an iteration budget.
fn budget_specs(line: &str) -> String {
    let (line, newline) = line.strip_suffix('\n').map_or((line, ""), |l| (l, "\n"));
    let mut words: Vec<String> = Vec::new();
    let mut previous = String::new();
    for word in line.split(' ') {
        let w = if ["-b", "--bots", "--bot"].contains(&previous.as_str()) {
            word.split(',')
                .map(|spec| {
                    let searching = ["ismcts", "flatmc", "hard", "expert"].iter().any(|k| spec.starts_with(k));
                    if searching && !spec.contains("iters=") {
                        format!("{spec}:iters={MAX_ITERS}")
                    } else {
                        spec.to_owned()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        } else {
            word.to_owned()
        };
        previous = word.to_owned();
        words.push(w);
    }
    words.join(" ") + newline
}

/// A scratch directory that sees the repository's top-level files and folders (not `target/`), with
/// `bin/sylvan` the binary under test.
fn scratch(n: usize) -> Result<PathBuf, Box<dyn Error>> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("docs-{}-{n}", std::process::id()));
    if dir.exists() {
        fs::remove_dir_all(&dir)?;
    }
    fs::create_dir_all(dir.join("bin"))?;
    for entry in fs::read_dir(ROOT)? {
        let entry = entry?;
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), dir.join(&name))?;
    }
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_sylvan"), dir.join("bin/sylvan"))?;
    Ok(dir)
}

/// Runs a block's (shrunk) text with `sh -e` in its scratch directory; an error tells why it failed.
fn run_block(block: &Block, n: usize) -> Result<Duration, String> {
    let script = shrink(&block.text);
    let dir = scratch(n).map_err(|e| format!("scratch directory: {e}"))?;
    let (out, err) = (dir.join("stdout.txt"), dir.join("stderr.txt"));
    let path = format!("{}:{}", dir.join("bin").display(), std::env::var("PATH").unwrap_or_default());
    let started = Instant::now();
    let mut child = {
        use std::os::unix::process::CommandExt;
        let stdout = File::create(&out).map_err(|e| e.to_string())?;
        let stderr = File::create(&err).map_err(|e| e.to_string())?;
        Command::new("sh")
            .args(["-e", "-c", &script])
            .current_dir(&dir)
            .env("PATH", path)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .process_group(0)
            .spawn()
            .map_err(|e| format!("sh: {e}"))?
    };
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if started.elapsed() > BLOCK_TIMEOUT => {
                // The whole group: `sh` and the commands it started.
                // `--` first: procps's `kill -KILL -PGID` reads the group as an option and kills nothing.
                let _ = Command::new("kill").args(["-s", "KILL", "--", &format!("-{}", child.id())]).status();
                let _ = child.wait();
                break Err(format!("timed out after {BLOCK_TIMEOUT:?}"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => break Err(e.to_string()),
        }
    };
    let tail = |p: &Path| {
        let text = fs::read_to_string(p).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(12)..].join("\n")
    };
    let result = match status {
        Ok(s) if s.success() => Ok(started.elapsed()),
        Ok(s) => Err(s.to_string()),
        Err(e) => Err(e),
    };
    let result = result.map_err(|why| {
        format!(
            "{why}\n--- script (as run) ---\n{script}--- stdout (end) ---\n{}\n--- stderr (end) ---\n{}",
            tail(&out),
            tail(&err)
        )
    });
    let _ = fs::remove_dir_all(&dir);
    result
}

#[test]
fn documented_commands_use_existing_commands_and_flags() -> TestResult {
    let mut cache = BTreeMap::new();
    let mut problems = Vec::new();
    let mut seen = 0;
    for file in guides()? {
        for block in sh_blocks(&file)? {
            for line in logical_lines(&block.text) {
                for args in invocations(&line) {
                    seen += 1;
                    for p in check_invocation(&args, &mut cache) {
                        problems.push(format!("{}: {p}: {}", block.place(), line.trim()));
                    }
                }
            }
        }
    }
    assert!(seen > 20, "only {seen} `sylvan` commands found in the documents");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

#[test]
fn documented_commands_run() -> TestResult {
    let mut failures = Vec::new();
    let mut ran = 0;
    for file in guides()? {
        for block in sh_blocks(&file)?.into_iter().filter(|b| b.run) {
            ran += 1;
            if let Err(e) = run_block(&block, ran) {
                failures.push(format!("{}: {e}", block.place()));
            }
        }
    }
    assert!(ran >= 10, "only {ran} runnable `sh` blocks in the documents");
    assert!(failures.is_empty(), "{} of {ran} documented blocks failed:\n{}", failures.len(), failures.join("\n\n"));
    Ok(())
}

/// A block that is not run says why on its fence (```` ```sh no-run: a server runs until stopped ````),
/// so a reader of the test's coverage knows what each skipped block would need.
#[test]
fn blocks_not_run_say_why() -> TestResult {
    let mut problems = Vec::new();
    let mut skipped = 0;
    for file in guides()? {
        for block in sh_blocks(&file)?.into_iter().filter(|b| !b.run) {
            skipped += 1;
            if block.why_not.split_whitespace().count() < 2 {
                problems.push(format!("{}: `sh no-run` without a reason (`sh no-run: WHY`)", block.place()));
            }
        }
    }
    assert!(skipped > 0, "no `sh no-run` block found: has the fence's syntax changed?");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// The book's table of contents (`docs/SUMMARY.md`, for `mdbook build docs`) lists every Markdown file
/// of `docs/`, so the book has no page a link reaches but the book lacks, and each document is one click
/// from the contents.
#[test]
fn the_books_contents_list_every_document() -> TestResult {
    let docs = Path::new(ROOT).join("docs");
    let summary = fs::read_to_string(docs.join("SUMMARY.md"))?;
    let listed: BTreeSet<String> =
        prose(&summary).iter().flat_map(|l| link_targets(l)).filter(|t| !t.is_empty()).collect();
    let mut missing = Vec::new();
    for file in all_documents()? {
        let Ok(inside) = file.strip_prefix(&docs) else { continue };
        let inside = inside.display().to_string();
        if inside != "SUMMARY.md" && !listed.contains(&inside) {
            missing.push(format!("docs/{inside}: not in docs/SUMMARY.md (add `- [TITLE]({inside})` where it belongs)"));
        }
    }
    assert!(listed.len() > 20, "only {} entries in docs/SUMMARY.md", listed.len());
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    Ok(())
}

/// The subcommands a `--help` text lists under `Commands:` (without `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

/// The long flags a `--help` text declares (its option lines), without `--help` and `--version`.
fn declared_flags(help: &str) -> BTreeSet<String> {
    help.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .flat_map(|l| {
            let declaration = l.split("  ").next().unwrap_or(l);
            declaration
                .split([' ', ','])
                .filter(|w| w.starts_with("--") && w.len() > 2)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|f| f != "--help" && f != "--version")
        .collect()
}

/// `docs/cli.md` is the reference of every command: each command of `sylvan --help` has a `###` heading
/// naming it, and each long flag of each command's `--help` (and of `cards list`/`cards check`) is
/// named in cli.md or in a guide, so a new flag cannot ship undocumented.
#[test]
fn every_command_and_flag_is_documented() -> TestResult {
    let mut cache = BTreeMap::new();
    let top = help(&mut cache, &[]).clone()?;
    let cli = fs::read_to_string(Path::new(ROOT).join("docs/cli.md"))?;
    let mut everything = String::new();
    for file in guides()? {
        everything.push_str(&fs::read_to_string(file)?);
    }
    let headings: Vec<&str> = cli.lines().filter(|l| l.starts_with("### ")).collect();
    let mut problems = Vec::new();
    let commands = subcommands(&top);
    assert!(commands.len() >= 10, "only {} commands in `sylvan --help`", commands.len());
    for command in &commands {
        if !headings.iter().any(|h| h.contains(&format!("`sylvan {command}`"))) {
            problems.push(format!("docs/cli.md: no `### ... `sylvan {command}`` section"));
        }
        let text = help(&mut cache, std::slice::from_ref(command)).clone()?;
        let mut helps = vec![(command.clone(), text.clone())];
        for nested in subcommands(&text) {
            let words = [command.clone(), nested.clone()];
            helps.push((words.join(" "), help(&mut cache, &words).clone()?));
        }
        for (name, text) in helps {
            for flag in declared_flags(&text) {
                if !lists_flag(&everything, &flag) && !everything.contains(&format!("`{flag}")) {
                    problems.push(format!("`sylvan {name} {flag}`: in no document (docs/cli.md)"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// The crates of the workspace: each directory of `crates/` with a `Cargo.toml`.
fn crate_dirs() -> Result<Vec<PathBuf>, Box<dyn Error>> {
    let mut dirs: Vec<PathBuf> = fs::read_dir(Path::new(ROOT).join("crates"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// Each crate's top documentation (`//!` of `src/lib.rs`; the binary's `src/main.rs`) says what it is
/// and names its guide (`Guide: ...`), and every document it names exists.
#[test]
fn each_crate_names_its_guide() -> TestResult {
    let mut tops: Vec<PathBuf> = crate_dirs()?.into_iter().map(|d| d.join("src/lib.rs")).collect();
    tops.push(Path::new(ROOT).join("src/main.rs"));
    let mut problems = Vec::new();
    for top in &tops {
        let place = top.strip_prefix(ROOT).unwrap_or(top).display().to_string();
        let text = fs::read_to_string(top)?;
        let docs: String =
            text.lines().take_while(|l| l.starts_with("//!") || l.trim().is_empty()).collect::<Vec<_>>().join("\n");
        let Some(at) = docs.find("Guide") else {
            problems.push(format!("{place}: its `//!` documentation names no guide (`Guide: docs/....md`)"));
            continue;
        };
        let dir = top.parent().and_then(Path::parent).unwrap_or(Path::new(ROOT));
        let mut named = 0;
        for word in docs[at..].split(['`', ' ', '(', ')', ',', '\n']) {
            let word = word.trim_end_matches(['.', ':', ';']);
            if !word.ends_with(".md") {
                continue;
            }
            named += 1;
            // `docs/...` from the workspace's root; a bare `README.md` is the crate's own.
            let path = if word.contains('/') { Path::new(ROOT).join(word) } else { dir.join(word) };
            if !path.is_file() {
                problems.push(format!("{place}: its guide `{word}` does not exist"));
            }
        }
        if named == 0 {
            problems.push(format!("{place}: `Guide` names no `.md` file"));
        }
    }
    assert!(tops.len() >= 10, "only {} crates found", tops.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// Whether a `Cargo.toml` turns its library's unit tests off (`test = false` in its `[lib]` table).
fn lib_skips_unit_tests(manifest: &str) -> bool {
    let mut in_lib = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_lib = line == "[lib]";
        } else if in_lib && line.replace(' ', "") == "test=false" {
            return true;
        }
    }
    false
}

/// A library crate with `[lib] test = false` (so that `cargo test` does not compile it twice;
/// CONTRIBUTING, "The default run") never compiles a `#[cfg(test)]` module: its tests would silently
/// never run. They belong in the crate's `tests/all/` (or a `selftest` module that `units.rs` calls).
#[test]
fn no_unit_test_module_in_a_crate_that_skips_them() -> TestResult {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in fs::read_dir(dir)? {
            let path = entry?.path();
            if path.is_dir() {
                walk(&path, out)?;
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push(path);
            }
        }
        Ok(())
    }
    let mut problems = Vec::new();
    let mut skipping = 0;
    for dir in crate_dirs()? {
        if !lib_skips_unit_tests(&fs::read_to_string(dir.join("Cargo.toml"))?) {
            continue;
        }
        skipping += 1;
        let mut files = Vec::new();
        walk(&dir.join("src"), &mut files)?;
        for file in files {
            for (i, line) in fs::read_to_string(&file)?.lines().enumerate() {
                let line = line.trim();
                if line.starts_with("#[cfg(test)]") || line.starts_with("#[cfg(all(test") {
                    let place = file.strip_prefix(ROOT).unwrap_or(&file).display().to_string();
                    problems.push(format!("{place}:{}: `{line}` in a crate with `[lib] test = false`", i + 1));
                }
            }
        }
    }
    assert!(skipping >= 5, "only {skipping} crates with `[lib] test = false`: has the manifest's form changed?");
    assert!(lib_skips_unit_tests("[package]\nname = \"x\"\n[lib]\ntest = false\n"));
    assert!(!lib_skips_unit_tests("[lib]\ndoctest = false\n[[bin]]\ntest = false\n"));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// A Markdown file's text outside fenced code blocks, line by line (code lines left empty).
fn prose(text: &str) -> Vec<String> {
    let mut in_code = false;
    text.lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
                return String::new();
            }
            if in_code { String::new() } else { line.to_owned() }
        })
        .collect()
}

/// The anchors of a Markdown file's headings (duplicates numbered as GitHub does).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for line in prose(text) {
        let Some(heading) = line.strip_prefix('#') else { continue };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let s = slug(heading);
        let n = seen.entry(s.clone()).or_insert(0);
        out.insert(if *n == 0 { s.clone() } else { format!("{s}-{n}") });
        *n += 1;
    }
    out
}

/// A line without its inline code spans.
fn without_code(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// The targets of a line's inline links and images.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let tail = &rest[at + 2..];
        let end = tail.find(')').unwrap_or(tail.len());
        let target = tail[..end].split_whitespace().next().unwrap_or("");
        out.push(target.trim_matches(['<', '>']).to_owned());
        rest = &tail[end..];
    }
    out
}

#[test]
fn links_between_documents_resolve() -> TestResult {
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in all_documents()? {
        let text = fs::read_to_string(&file)?;
        let place = file.strip_prefix(ROOT).unwrap_or(&file).display().to_string();
        for (i, line) in prose(&text).iter().enumerate() {
            for target in link_targets(line) {
                if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (path, anchor) = match target.split_once('#') {
                    Some((p, a)) => (p, Some(a)),
                    None => (target.as_str(), None),
                };
                let resolved =
                    if path.is_empty() { file.clone() } else { file.parent().unwrap_or(Path::new(ROOT)).join(path) };
                if !resolved.exists() {
                    problems.push(format!("{place}:{}: `{target}`: no such file", i + 1));
                    continue;
                }
                if let Some(anchor) = anchor.filter(|a| !a.is_empty()) {
                    if resolved.extension().is_some_and(|x| x == "md") {
                        let heads = anchors(&fs::read_to_string(&resolved)?);
                        if !heads.contains(anchor) {
                            problems.push(format!("{place}:{}: `{target}`: no heading `#{anchor}` there", i + 1));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 30, "only {checked} relative links found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// Phrases that follow a measured figure: a figure before one of these belongs in `docs/measurements/`.
const FIGURE_UNITS: [&str; 6] = [
    " instructions a move",
    " instructions per move",
    " instructions/move",
    " instructions per iteration",
    "k iterations/s",
    " iterations/s on one thread",
];

#[test]
fn measured_figures_live_in_measurements_only() -> TestResult {
    let mut problems = Vec::new();
    for file in guides()? {
        let text = fs::read_to_string(&file)?;
        let place = file.strip_prefix(ROOT).unwrap_or(&file).display().to_string();
        for (i, line) in text.lines().enumerate() {
            for unit in FIGURE_UNITS {
                for (at, _) in line.match_indices(unit) {
                    let before = line[..at].trim_end_matches(['*', '~', ' ']);
                    if before.ends_with(|c: char| c.is_ascii_digit()) {
                        problems.push(format!(
                            "{place}:{}: a measured figure (`…{unit}`): link docs/measurements/current.md instead",
                            i + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// The user-facing documents: `README.md`, the guides directly in `docs/` and the rulings (the dated
/// notebooks in `docs/measurements/` are a lab's log and may cite what they like).
fn user_documents() -> Result<Vec<PathBuf>, Box<dyn Error>> {
    let mut files = guides()?;
    let mut rulings: Vec<PathBuf> = fs::read_dir(Path::new(ROOT).join("docs/rulings"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    rulings.sort();
    files.extend(rulings);
    Ok(files)
}

/// The work-log references of a line: an issue, session, defect or finding number in its prose (`issue
/// 38`; a test's name in a code span may carry one) or a commit hash anywhere (7 to 40 lower-case
/// hexadecimal digits with a letter and a digit).
fn work_log_numbers(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let split = |text: &str| -> Vec<String> {
        text.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_owned).collect()
    };
    // A test named after its issue (`issue_33_defect_11_*`) is code, quoted: only the prose is read.
    let prose_words = split(&without_code(line));
    for pair in prose_words.windows(2) {
        let word = pair[0].to_ascii_lowercase();
        if ["issue", "issues", "session", "sessions", "defect", "defects", "finding", "findings"]
            .contains(&word.as_str())
            && pair[1].chars().all(|c| c.is_ascii_digit())
        {
            found.push(format!("{} {}", pair[0], pair[1]));
        }
    }
    for w in &split(line) {
        let hex = w.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase());
        if hex
            && (7..=40).contains(&w.len())
            && w.chars().any(|c| c.is_ascii_digit())
            && w.chars().any(|c| c.is_ascii_alphabetic())
        {
            found.push(w.clone());
        }
    }
    found
}

/// User-facing documents carry no work-log numbers: the rulings keep their ids (MV86, S5), the guides
/// say what is true now, and the history lives in the dated notebooks and the version control.
#[test]
fn user_documents_cite_no_issue_numbers_or_commits() -> TestResult {
    let mut problems = Vec::new();
    for file in user_documents()? {
        let text = fs::read_to_string(&file)?;
        let place = file.strip_prefix(ROOT).unwrap_or(&file).display().to_string();
        for (i, line) in prose(&text).iter().enumerate() {
            for n in work_log_numbers(line) {
                problems.push(format!("{place}:{}: `{n}`: a work-log reference in a user-facing document", i + 1));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

/// The helpers above on known inputs, so that a broken parser cannot pass every document silently.
#[test]
fn the_checkers_find_what_they_look_for() {
    let args = |line: &str| invocations(line);
    assert_eq!(
        args("cargo run --release --bin sylvan -- play equinox --seat 0   # comment -x"),
        vec![vec!["play".to_owned(), "equinox".into(), "--seat".into(), "0".into()]]
    );
    assert_eq!(args("for s in 1 2; do sylvan sim toy -n $s; done").len(), 1);
    assert_eq!(args("valgrind --tool=callgrind target/release/sylvan bench equinox -n 5")[0][0], "bench");
    assert!(args("cargo run --release -p sylvan-server --bin sylvan-loadtest -- --games 3").is_empty());
    assert_eq!(args("printf '1\\nquit' | sylvan play equinox > out.txt")[0], ["play", "equinox"]);
    let mut cache = BTreeMap::new();
    let own = |s: &str| s.split(' ').map(str::to_owned).collect::<Vec<_>>();
    assert!(check_invocation(&own("sim equinox -n 3 --seed 1 -o ancestors=2"), &mut cache).is_empty());
    assert_eq!(check_invocation(&own("sim equinox --no-such-flag"), &mut cache).len(), 1);
    assert_eq!(check_invocation(&own("cards list mystic-vale --players"), &mut cache).len(), 1);
    assert_eq!(check_invocation(&own("no-such-command x"), &mut cache).len(), 1);
    assert_eq!(
        shrink("sylvan sim equinox -n 5000 -b expert,ismcts:iters=10000 --games 1,000\n"),
        "sylvan sim equinox -n 6 -b expert:iters=30,ismcts:iters=30 --games 6\n"
    );
    assert_eq!(slug("`sylvan serve`, `sylvan create`, `sylvan join`"), "sylvan-serve-sylvan-create-sylvan-join");
    assert_eq!(slug("Mystic Vale (`mystic-vale`)"), "mystic-vale-mystic-vale");
    assert_eq!(link_targets("see [a](x.md#b) and `[c](d)` and ![i](img.png \"t\")"), ["x.md#b", "img.png"]);
    assert_eq!(
        work_log_numbers("revised for issue 33 (defect 11; MV86) at `6c98c38`"),
        ["issue 33", "defect 11", "6c98c38"]
    );
    assert!(work_log_numbers("MV86, 2026-11-28, 1,457 instructions, EN:148-149, the issue of a draw").is_empty());
    assert!(work_log_numbers("tests `issue_33_defect_11_*`").is_empty());
}

/// The level table of `docs/ai.md` is what the registry plays (`sylvan games --json`), cell by cell.
#[test]
fn the_documented_levels_are_the_registrys() -> TestResult {
    let out = Command::new(env!("CARGO_BIN_EXE_sylvan")).args(["games", "--json"]).output()?;
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let games: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    let spec = |game: &str, level: &str| -> Option<String> {
        let g = games.as_array()?.iter().find(|g| g["name"] == game)?;
        let l = g["levels"].as_array()?.iter().find(|l| l["name"] == level)?;
        l["spec"].as_str().map(str::to_owned)
    };
    let text = fs::read_to_string(Path::new(ROOT).join("docs/ai.md"))?;
    let columns = ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"];
    let mut rows = 0;
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(|c| c.trim().trim_matches('`')).collect();
        let Some((level, specs)) = cells.split_first() else { continue };
        if !["easy", "medium", "hard", "expert"].contains(level) || specs.len() != columns.len() {
            continue;
        }
        rows += 1;
        for (game, documented) in columns.iter().zip(specs) {
            assert_eq!(spec(game, level).as_deref(), Some(*documented), "docs/ai.md: `{level}` of {game}");
        }
    }
    assert_eq!(rows, 4, "docs/ai.md's level table has 4 rows");
    Ok(())
}

/// The README stays the front door (issue 39: at most about 250 lines); guides and notebooks go to `docs/`.
#[test]
fn the_readme_stays_short() -> TestResult {
    let lines = fs::read_to_string(Path::new(ROOT).join("README.md"))?.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines: move the detail to a guide in docs/");
    Ok(())
}

/// The text between `<!-- figures:NAME:begin -->` and `<!-- figures:NAME:end -->` (each on its own
/// line), as a byte range of `text`.
fn figures_block(text: &str, name: &str) -> Option<std::ops::Range<usize>> {
    let begin = format!("<!-- figures:{name}:begin -->\n");
    let end = format!("<!-- figures:{name}:end -->");
    let start = text.find(&begin)? + begin.len();
    let stop = start + text[start..].find(&end)?;
    Some(start..stop)
}

/// The rows of the Markdown table in `block`, each as its trimmed cells (header and separator included).
fn table_rows(block: &str) -> Vec<Vec<String>> {
    block
        .lines()
        .filter(|l| l.starts_with('|'))
        .map(|l| l.trim().trim_matches('|').split('|').map(|c| c.trim().to_owned()).collect())
        .collect()
}

/// Where a block of `docs/measurements/current.md` comes from.
enum FigureSource {
    /// The same-named block of this dated notebook, copied whole.
    Copy(&'static str),
    /// The ladders' summary: each bot's rating from the ladder tables of [`LADDER_COLUMNS`].
    Ladders,
}

/// The blocks of current.md written from the dated notebooks.
const FIGURE_BLOCKS: [(&str, FigureSource); 12] = [
    ("search-instructions", FigureSource::Copy("2026-11-28-search-speed.md")),
    ("strength-equinox", FigureSource::Copy("2026-11-28-search-strength.md")),
    ("strength-spirit-duel", FigureSource::Copy("2026-11-28-search-strength.md")),
    ("strength-command-of-nature", FigureSource::Copy("2026-11-28-search-strength.md")),
    ("strength-mystic-vale", FigureSource::Copy("2026-11-28-search-strength.md")),
    ("paired-mystic-vale", FigureSource::Copy("2026-11-30-paired-monte-carlo.md")),
    ("paired-race-mystic-vale", FigureSource::Copy("2026-11-30-paired-monte-carlo.md")),
    ("paired-expert-ismcts", FigureSource::Copy("2026-11-30-paired-expert.md")),
    ("paired-expert-heuristic", FigureSource::Copy("2026-11-30-paired-expert.md")),
    ("ladders", FigureSource::Ladders),
    ("ladder-mystic-vale-expert", FigureSource::Copy(EXPERT_LADDER)),
    ("server-load", FigureSource::Copy("2026-11-28-server-load.md")),
];

/// The figure blocks whose source a run wrote (`--notebook FILE --figure NAME`, or a script such as
/// `search-instructions.sh`):
/// their text in the notebook starts with the run's "Written by" line, so none can be typed by hand.
const WRITTEN_BY_RUNS: [&str; 10] = [
    "strength-equinox",
    "strength-spirit-duel",
    "strength-command-of-nature",
    "strength-mystic-vale",
    "paired-mystic-vale",
    "paired-race-mystic-vale",
    "paired-expert-ismcts",
    "paired-expert-heuristic",
    "ladder-mystic-vale-expert",
    "search-instructions",
];

/// The notebook the ladders come from (the ladder tables of the levels as calibrated).
const LADDERS: &str = "2026-11-27-difficulty-ladders.md";
/// Mystic Vale's ladder with today's `expert` on it (the level's own notebook).
const EXPERT_LADDER: &str = "2026-11-30-paired-expert.md";
/// The ladders' columns: (column title, notebook, block, which rating column).
const LADDER_COLUMNS: [(&str, &str, &str, usize); 5] = [
    ("spirit duel", LADDERS, "ladder-spirit-duel", 0),
    ("Equinox", LADDERS, "ladder-equinox", 0),
    ("Command of Nature", LADDERS, "ladder-command-of-nature", 0),
    ("Mystic Vale, base set", EXPERT_LADDER, "ladder-mystic-vale-expert", 0),
    ("Mystic Vale, `sets=base,magic,wild`", LADDERS, "ladder-mystic-vale-wild", 0),
];

/// The notebooks the ladders' summary comes from, each once, in column order ("A and B").
fn ladder_sources() -> String {
    let mut files: Vec<&str> = Vec::new();
    for (_, file, _, _) in LADDER_COLUMNS {
        if !files.contains(&file) {
            files.push(file);
        }
    }
    files.join(" and ")
}

/// The ladders' summary table: a row per bot, a column per ladder, the rating (the first word of the
/// `rating` cell of the bot's row), `–` where the ladder has no such bot. `read` gives a notebook's text.
fn ladder_summary(read: impl Fn(&str) -> Result<String, String>) -> Result<String, String> {
    let mut out = format!(
        "| bot | {} |\n|---|{}\n",
        LADDER_COLUMNS.map(|c| c.0).join(" | "),
        "---:|".repeat(LADDER_COLUMNS.len())
    );
    let notebooks = LADDER_COLUMNS.map(|c| read(c.1));
    for bot in ["random", "heuristic", "easy", "medium", "hard", "expert"] {
        let mut cells = Vec::new();
        for ((title, file, block, k), notebook) in LADDER_COLUMNS.iter().zip(&notebooks) {
            let notebook = notebook.as_ref().map_err(Clone::clone)?;
            let range = figures_block(notebook, block).ok_or(format!("{file}: no block `{block}`"))?;
            let rows = table_rows(&notebook[range]);
            let header = rows.first().ok_or(format!("{file}: `{block}` holds no table"))?;
            let column = header
                .iter()
                .enumerate()
                .filter(|(_, h)| h.starts_with("rating"))
                .nth(*k)
                .map(|(i, _)| i)
                .ok_or(format!("{file}: `{block}` has no rating column for {title}"))?;
            let quoted = format!("`{bot}`");
            let rating = rows
                .iter()
                .skip(2)
                .find(|r| r.first().is_some_and(|c| c.starts_with(&quoted)))
                .and_then(|r| r.get(column))
                .and_then(|c| c.split_whitespace().next());
            cells.push(rating.unwrap_or("–").to_owned());
        }
        out += &format!("| `{bot}` | {} |\n", cells.join(" | "));
    }
    Ok(out)
}

/// The tables of `docs/measurements/current.md` other than the instructions (which
/// `instructions.sh` writes) are written from the dated notebooks that measured them, never by hand:
/// this test writes them when `SYLVAN_WRITE_FIGURES` is set (`docs/measurements/figures.sh`), and
/// fails when current.md disagrees with its sources.
#[test]
fn current_figures_are_written_from_the_dated_notebooks() -> TestResult {
    let dir = Path::new(ROOT).join("docs/measurements");
    let current_path = dir.join("current.md");
    let mut current = fs::read_to_string(&current_path)?;
    let mut stale = Vec::new();
    for (name, source) in FIGURE_BLOCKS {
        let (file, body) = match source {
            FigureSource::Copy(file) => {
                let text = fs::read_to_string(dir.join(file))?;
                let range = figures_block(&text, name).ok_or(format!("{file}: no block `{name}`"))?;
                (file.to_owned(), text[range].to_owned())
            }
            FigureSource::Ladders => {
                let read = |file: &str| fs::read_to_string(dir.join(file)).map_err(|e| format!("{file}: {e}"));
                (ladder_sources(), ladder_summary(read)?)
            }
        };
        let written = format!("<!-- written from {file} by figures.sh: edit the notebook, not this -->\n{body}");
        let range = figures_block(&current, name).ok_or(format!("current.md: no block `{name}`"))?;
        if current[range.clone()] != written {
            stale.push(name);
            current.replace_range(range, &written);
        }
    }
    if std::env::var_os("SYLVAN_WRITE_FIGURES").is_some() {
        fs::write(&current_path, &current)?;
        return Ok(());
    }
    assert!(
        stale.is_empty(),
        "docs/measurements/current.md disagrees with its dated notebooks in {stale:?}: run \
         docs/measurements/figures.sh"
    );
    Ok(())
}

/// Every table of `docs/measurements/current.md` sits inside a block written by a script or copied from
/// a notebook (`<!-- instructions:begin/end -->`, `<!-- figures:NAME:begin/end -->` of
/// [`FIGURE_BLOCKS`]), and the blocks of [`WRITTEN_BY_RUNS`] come from a run: no figure table of it is
/// kept by hand.
#[test]
fn every_current_table_is_written_by_a_run() -> TestResult {
    let dir = Path::new(ROOT).join("docs/measurements");
    let current = fs::read_to_string(dir.join("current.md"))?;
    let mut inside = false;
    let mut outside = Vec::new();
    for (i, line) in current.lines().enumerate() {
        if line.starts_with("<!-- instructions:begin")
            || (line.starts_with("<!-- figures:") && line.ends_with(":begin -->"))
        {
            let named = FIGURE_BLOCKS.iter().any(|(name, _)| line == format!("<!-- figures:{name}:begin -->"));
            assert!(
                line.starts_with("<!-- instructions:") || named,
                "current.md:{}: `{line}` is not in FIGURE_BLOCKS",
                i + 1
            );
            inside = true;
        } else if line.ends_with(":end -->") {
            inside = false;
        } else if line.starts_with('|') && !inside {
            outside.push(format!("current.md:{}: {line}", i + 1));
        }
    }
    assert!(outside.is_empty(), "tables outside any written block:\n{}", outside.join("\n"));
    for name in WRITTEN_BY_RUNS {
        let Some((_, FigureSource::Copy(file))) = FIGURE_BLOCKS.iter().find(|(n, _)| *n == name) else {
            panic!("{name}: not a copied block of FIGURE_BLOCKS");
        };
        let text = fs::read_to_string(dir.join(file))?;
        let range = figures_block(&text, name).ok_or(format!("{file}: no block `{name}`"))?;
        assert!(text[range].starts_with("Written by "), "{file}: the block `{name}` was not written by a run");
    }
    Ok(())
}

/// The figures' helpers on known inputs.
#[test]
fn the_figures_helpers_read_what_they_are_given() -> TestResult {
    let text = "a\n<!-- figures:x:begin -->\n| h | rating (95%) |\n|---|---|\n| `hard` (9) | +3 (+1 to +5) |\n<!-- figures:x:end -->\n";
    let range = figures_block(text, "x").ok_or("no block")?;
    assert!(text[range.clone()].starts_with("| h |") && text[range.clone()].ends_with("+5) |\n"));
    assert_eq!(table_rows(&text[range])[2], ["`hard` (9)", "+3 (+1 to +5)"]);
    assert!(figures_block(text, "y").is_none());
    Ok(())
}
