//! `sylvan play`: one human against bots in the terminal.
//!
//! The human sees only their seat's view and the events their seat may see, and answers each decision
//! with a number from the list or an action's notation. Input is read line by line; end of input saves
//! the record (with `--record`) and stops.

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use serde_json::Value;
use sylvan_bots::{DynBot, bot_seed};
use sylvan_engine::Seat;
use sylvan_engine::erased::{DynGame, LegalAction};

use crate::PlayArgs;
use crate::games::{self, outcome_text, per_seat};

const HELP: &str = "type the number of an action or its notation; `view` shows the table again, \
                    `help` this line, `quit` stops (saving the record if --record was given)";

/// Runs `sylvan play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<ExitCode> {
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    play(args, &mut input, &mut out)
}

/// How a session ended.
enum End {
    Finished,
    Quit,
    InputClosed,
}

fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

fn save(path: Option<&Path>, record: &Value, out: &mut impl Write) -> Result<bool> {
    let Some(path) = path else { return Ok(false) };
    std::fs::write(path, serde_json::to_string_pretty(record)? + "\n")
        .with_context(|| format!("cannot write the record to {}", path.display()))?;
    writeln!(out, "record saved to {}", path.display())?;
    Ok(true)
}

/// Fails now, not after the game, if the record cannot be written to `path` (a file this creates to
/// find out is removed again).
fn check_writable(path: &Path) -> Result<()> {
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .with_context(|| format!("--record: cannot write the record to {}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

fn print_events(game: &mut dyn DynGame, seat: Seat, out: &mut impl Write) -> Result<()> {
    for event in game.events(Some(seat)) {
        writeln!(out, "  * {}", event.text)?;
    }
    game.clear_events();
    Ok(())
}

fn print_actions(legal: &[LegalAction], out: &mut impl Write) -> Result<()> {
    writeln!(out, "your move:")?;
    let width = legal.len().to_string().len();
    let wide = legal.iter().map(|a| a.notation.chars().count()).max().unwrap_or(0);
    for (i, a) in legal.iter().enumerate() {
        let (notation, description) = (&a.notation, &a.description);
        if description == notation {
            writeln!(out, "  {:>width$}) {notation}", i + 1)?;
        } else {
            writeln!(out, "  {:>width$}) {notation:<wide$}  {description}", i + 1)?;
        }
    }
    Ok(())
}

/// What one line of input asks for.
enum Input {
    Act(usize),
    Help,
    View,
    Quit,
    Retry(String),
}

/// Reads one line: the number of a listed action or an action's notation, picking its id.
fn read_input(game: &dyn DynGame, line: &str, legal: &[LegalAction]) -> Input {
    let text = line.trim();
    match text.to_ascii_lowercase().as_str() {
        "" => return Input::Retry(String::new()),
        "help" | "h" | "?" => return Input::Help,
        "view" | "v" => return Input::View,
        "quit" | "q" | "exit" => return Input::Quit,
        _ => {}
    }
    if let Ok(k) = text.parse::<usize>() {
        return match k.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(a) => Input::Act(a.id),
            None => Input::Retry(format!("no action number {k}: choose 1 to {}", legal.len())),
        };
    }
    match game.action_id(text) {
        Ok(id) if legal.iter().any(|a| a.id == id) => Input::Act(id),
        Ok(id) => {
            let a = game.notation(id).unwrap_or_else(|_| text.to_owned());
            Input::Retry(format!("`{a}` is not one of your legal actions now"))
        }
        Err(e) => Input::Retry(format!("{e}; type a number from 1 to {}, or `help`", legal.len())),
    }
}

/// Runs a session reading `input` and writing `out`.
fn play(args: &PlayArgs, input: &mut impl BufRead, out: &mut impl Write) -> Result<ExitCode> {
    let (entry, options) = games::game_and_options(&args.game)?;
    let name = entry.name();
    let seed = args.seed.unwrap_or_else(clock_seed);
    // An error here is about the options (the seed deals any valid options): do not name the seed.
    let mut game = entry.game().new_game(&options, seed).with_context(|| name.to_owned())?;
    if let Some(path) = args.record.as_deref() {
        check_writable(path)?;
    }
    let n = game.num_seats();
    let human = games::parse_seat(&args.seat, n).context("--seat")?;
    if let Some(who) = game.automated_seat(human) {
        bail!("--seat {human}: that seat is {who}; choose another seat");
    }
    let automated: Vec<Option<&str>> = Seat::all(n).map(|s| game.automated_seat(s)).collect();
    let bot_seats = automated.iter().enumerate().filter(|&(i, a)| a.is_none() && i != human.index()).count();
    let specs = games::bot_specs(entry, &args.bots, bot_seats, "bot seats")?;
    let mut specs = specs.into_iter();
    let mut bots: Vec<Option<Box<dyn DynBot>>> = Vec::with_capacity(n);
    for s in Seat::all(n) {
        bots.push(if s == human || automated[s.index()].is_some() {
            None
        } else {
            specs.next().map(|spec| entry.bot(&spec, bot_seed(seed, 0, s.index()))).transpose()?
        });
    }
    let mut legal_ids = Vec::new();

    let table: Vec<String> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| match (b, automated[i]) {
            (Some(b), _) => format!("p{i} {}", b.name()),
            (None, Some(who)) => format!("p{i} {who}"),
            (None, None) => format!("p{i} you"),
        })
        .collect();
    writeln!(out, "{name}, {n} players, seed {seed}: {}", table.join(", "))?;
    writeln!(out, "{HELP}")?;

    let end = 'game: loop {
        let Some(seat) = game.to_move() else {
            break End::Finished;
        };
        game.legal_ids(&mut legal_ids);
        if legal_ids.is_empty() {
            bail!("{name}: no legal action for {seat} at move {}", game.move_number());
        }
        let action = if let Some(bot) = bots[seat.index()].as_mut() {
            let a = bot.choose(&*game.view(seat)?, &legal_ids)?;
            let notation = game.notation(a)?;
            if !legal_ids.contains(&a) {
                bail!(
                    "bot `{}` at {seat} chose the illegal action `{notation}` at move {}",
                    bot.name(),
                    game.move_number()
                );
            }
            if args.verbose
                && let Some(stats) = bot.last_search()
            {
                eprintln!("move {} {seat} {}: {notation} ({stats})", game.move_number(), bot.name());
            }
            a
        } else {
            print_events(&mut *game, human, out)?;
            let view = game.view(human)?.text();
            let legal = game.legal_actions();
            writeln!(out, "\n{view}")?;
            print_actions(&legal, out)?;
            loop {
                write!(out, "{human}> ")?;
                out.flush()?;
                // Bytes, not UTF-8: a stray byte is a bad line to retry, not the end of the session.
                let mut bytes = Vec::new();
                match input.read_until(b'\n', &mut bytes) {
                    Ok(0) => {
                        writeln!(out)?;
                        break 'game End::InputClosed;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        save(args.record.as_deref(), &game.record(), out)?;
                        bail!("cannot read the input at move {}: {e}", game.move_number());
                    }
                }
                let line = String::from_utf8_lossy(&bytes);
                match read_input(&*game, &line, &legal) {
                    Input::Act(a) => break a,
                    Input::Help => writeln!(out, "{HELP}")?,
                    Input::View => {
                        writeln!(out, "\n{view}")?;
                        print_actions(&legal, out)?;
                    }
                    Input::Quit => break 'game End::Quit,
                    Input::Retry(message) if message.is_empty() => {}
                    Input::Retry(message) => writeln!(out, "{message}")?,
                }
            }
        };
        game.apply_id(action)?;
    };

    match end {
        End::Finished => {
            print_events(&mut *game, human, out)?;
            writeln!(out, "\n{}", game.view(human)?.text())?;
            writeln!(out, "game over after {} moves", game.move_number())?;
            writeln!(out, "final scores: {}", per_seat(&game.scores()))?;
            writeln!(out, "{}", outcome_text(game.outcome()))?;
            save(args.record.as_deref(), &game.record(), out)?;
            Ok(ExitCode::SUCCESS)
        }
        End::Quit => {
            writeln!(out, "game stopped at move {}", game.move_number())?;
            save(args.record.as_deref(), &game.record(), out)?;
            Ok(ExitCode::SUCCESS)
        }
        End::InputClosed => {
            if save(args.record.as_deref(), &game.record(), out)? {
                writeln!(out, "input ended at move {}; the game is saved", game.move_number())?;
                Ok(ExitCode::SUCCESS)
            } else {
                eprintln!(
                    "error: input ended at move {} before the game was over; nothing saved (use --record FILE)",
                    game.move_number()
                );
                Ok(ExitCode::from(1))
            }
        }
    }
}
