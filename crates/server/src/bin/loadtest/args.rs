//! `sylvan-loadtest`'s command line: every flag takes one value, and a number outside its range is
//! refused with a one-line error naming the flag and the range (never clamped silently). Kept in a file
//! of its own so that the server's tests (`tests/server/loadtest.rs`) check it without building the
//! load benchmark.

use std::path::PathBuf;

/// The load benchmark's settings.
pub struct Args {
    /// Games at once (`--games`, 1 to 100,000).
    pub games: usize,
    /// The game's registry name (`--game`).
    pub game: String,
    /// Players a game (`--players`, 1 to 32).
    pub players: usize,
    /// The bot spec of the seats other than the client's (`--bots`).
    pub bots: String,
    /// Seconds measured (`--seconds`, 1 to 3,600).
    pub seconds: u64,
    /// Mean think time of the client in ms (`--think-ms`, 0 to 600,000).
    pub think_ms: u64,
    /// Seconds before the measurement starts (`--warmup`, 0 to 3,600).
    pub warmup: u64,
    /// A running server to load instead of one in this process (`--addr HOST:PORT`).
    pub addr: Option<String>,
    /// The notebook the results' table is written into (`--notebook`, with `--figure`).
    pub notebook: Option<PathBuf>,
    /// The figure block of the notebook (`--figure`, with `--notebook`).
    pub figure: Option<String>,
}

/// The value of `flag` as a number in `min..=max`, or a one-line error naming the flag.
fn number(flag: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    let shown: String = value.chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
    let n = value.parse::<u64>().map_err(|_| format!("{flag} {shown}: not a whole number"))?;
    if !(min..=max).contains(&n) {
        return Err(format!("{flag} {n}: out of range (from {min} to {max})"));
    }
    Ok(n)
}

/// Parses the arguments after the program's name; the notebook, when given, is checked before any run.
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut a = Args {
        games: 100,
        game: "equinox".into(),
        players: 2,
        bots: "random".into(),
        seconds: 20,
        think_ms: 0,
        warmup: 0,
        addr: None,
        notebook: None,
        figure: None,
    };
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let known = [
            "--games",
            "--game",
            "--players",
            "--bots",
            "--seconds",
            "--think-ms",
            "--warmup",
            "--addr",
            "--notebook",
            "--figure",
        ];
        if !known.contains(&flag.as_str()) {
            let shown: String = flag.chars().take(40).map(|c| if c.is_control() { '?' } else { c }).collect();
            return Err(format!("unknown flag {shown}"));
        }
        let value = it.next().ok_or(format!("{flag}: missing value"))?;
        match flag.as_str() {
            // Each range fits a `usize` on every target the server builds for (32 bits or more).
            "--games" => a.games = number(&flag, &value, 1, 100_000)? as usize,
            "--game" => a.game = value,
            "--players" => a.players = number(&flag, &value, 1, 32)? as usize,
            "--bots" => a.bots = value,
            "--seconds" => a.seconds = number(&flag, &value, 1, 3600)?,
            "--think-ms" => a.think_ms = number(&flag, &value, 0, 600_000)?,
            "--warmup" => a.warmup = number(&flag, &value, 0, 3600)?,
            "--addr" => a.addr = Some(value),
            "--notebook" => a.notebook = Some(value.into()),
            _ => a.figure = Some(value),
        }
    }
    match (&a.notebook, &a.figure) {
        (Some(path), Some(name)) => sylvan_registry::runs::notebook::check(path, name).map_err(|e| e.to_string())?,
        (None, None) => {}
        _ => return Err("--notebook and --figure go together".to_owned()),
    }
    Ok(a)
}
