//! `search-figure [--criterion DIR] [--machine TEXT] [--notebook FILE.md --figure NAME]`: the
//! search-speed table from criterion's estimates of the `search` benchmark (`benches/search.rs`), so that
//! no one copies it by hand. Reads every benchmark criterion saved under `DIR` (default
//! `target/criterion`), makes one row per position (iterations a second on 1 and 2 threads, the scaling,
//! and the extra parameters tried), and prints it; with `--notebook FILE.md --figure NAME` it also
//! replaces the text between the notebook's `<!-- figures:NAME:begin -->` and `<!-- figures:NAME:end -->`
//! lines. `--machine` says what the machine was doing (its load), quoted in the table's first line.
//! `docs/measurements/search-speed.sh` runs the benchmark and then this. Current figures:
//! `docs/measurements/current.md`.

use std::path::PathBuf;
use std::process::ExitCode;

use sylvan_registry::runs::notebook;

struct Args {
    criterion: PathBuf,
    machine: Option<String>,
    notebook: Option<PathBuf>,
    figure: Option<String>,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut a = Args { criterion: "target/criterion".into(), machine: None, notebook: None, figure: None };
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        if !["--criterion", "--machine", "--notebook", "--figure"].contains(&flag.as_str()) {
            let shown: String = flag.chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
            return Err(format!(
                "unknown flag {shown} (--criterion DIR, --machine TEXT, --notebook FILE --figure NAME)"
            ));
        }
        let value = it.next().ok_or(format!("{flag}: missing value"))?;
        match flag.as_str() {
            "--criterion" => a.criterion = value.into(),
            "--machine" => a.machine = Some(value.chars().take(200).filter(|c| !c.is_control()).collect()),
            "--notebook" => a.notebook = Some(value.into()),
            _ => a.figure = Some(value),
        }
    }
    match (&a.notebook, &a.figure) {
        (Some(path), Some(name)) => notebook::check(path, name).map_err(|e| e.to_string())?,
        (None, None) => {}
        _ => return Err("--notebook and --figure go together".to_owned()),
    }
    Ok(a)
}

fn run() -> Result<(), String> {
    let args = parse(std::env::args().skip(1))?;
    let estimates = notebook::criterion_estimates(&args.criterion).map_err(|e| e.to_string())?;
    let command = "`cargo bench -p sylvan-benches --bench search` and `search-figure` \
                   (`docs/measurements/search-speed.sh`)";
    let what = match &args.machine {
        Some(m) => format!("{command} on {}", m.replace(['|', '`'], " ")),
        None => command.to_owned(),
    };
    let table = notebook::search_speed_table(&estimates, &what).map_err(|e| e.to_string())?;
    print!("{table}");
    if let (Some(path), Some(name)) = (&args.notebook, &args.figure) {
        notebook::write(path, name, &table).map_err(|e| e.to_string())?;
        eprintln!("wrote the block `{name}` of {}", path.display());
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("search-figure: {e}");
            ExitCode::from(2)
        }
    }
}
