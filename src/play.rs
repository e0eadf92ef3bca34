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
use sylvan_bots::{Bot, BotSpec, bot_seed};
use sylvan_engine::{EventLog, Game, Heuristic, Record, Seat};

use crate::PlayArgs;
use crate::games::{self, Task, per_seat, winners_text};

const HELP: &str = "type the number of an action or its notation; `view` shows the table again, \
                    `help` this line, `quit` stops (saving the record if --record was given)";

impl Task for PlayArgs {
    type Output = ExitCode;

    fn run<G: Game + Heuristic>(self) -> Result<ExitCode> {
        let mut input = std::io::stdin().lock();
        let mut out = std::io::stdout().lock();
        play::<G>(&self, &mut input, &mut out)
    }
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

fn save<G: Game>(path: Option<&Path>, record: &Record<G>, out: &mut impl Write) -> Result<bool> {
    let Some(path) = path else { return Ok(false) };
    std::fs::write(path, record.to_json() + "\n")
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

fn print_events<G: Game>(log: &mut EventLog<G::Event>, seat: Seat, out: &mut impl Write) -> Result<()> {
    for event in log.for_seat(seat) {
        writeln!(out, "  * {event}")?;
    }
    log.clear();
    Ok(())
}

fn print_actions<G: Game>(view: &G::View, legal: &[G::Action], out: &mut impl Write) -> Result<()> {
    writeln!(out, "your move:")?;
    let width = legal.len().to_string().len();
    let wide = legal.iter().map(|a| a.to_string().chars().count()).max().unwrap_or(0);
    for (i, &a) in legal.iter().enumerate() {
        let notation = a.to_string();
        let description = G::describe_action(view, a);
        if description == notation {
            writeln!(out, "  {:>width$}) {notation}", i + 1)?;
        } else {
            writeln!(out, "  {:>width$}) {notation:<wide$}  {description}", i + 1)?;
        }
    }
    Ok(())
}

/// What one line of input asks for.
enum Input<A> {
    Act(A),
    Help,
    View,
    Quit,
    Retry(String),
}

fn read_input<G: Game>(line: &str, legal: &[G::Action]) -> Input<G::Action> {
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
            Some(&a) => Input::Act(a),
            None => Input::Retry(format!("no action number {k}: choose 1 to {}", legal.len())),
        };
    }
    match text.parse::<G::Action>() {
        Ok(a) if legal.binary_search(&a).is_ok() => Input::Act(a),
        Ok(a) => Input::Retry(format!("`{a}` is not one of your legal actions now")),
        Err(e) => Input::Retry(format!("{e}; type a number from 1 to {}, or `help`", legal.len())),
    }
}

/// Runs a session reading `input` and writing `out`.
fn play<G: Game + Heuristic>(args: &PlayArgs, input: &mut impl BufRead, out: &mut impl Write) -> Result<ExitCode> {
    let options = games::options::<G>(args.game.players, &args.game.all_options())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    // An error here is about the options (the seed deals any valid options): do not name the seed.
    let mut state = G::new(&options, seed).map_err(|e| anyhow::anyhow!("{}: {e}", G::NAME))?;
    if let Some(path) = args.record.as_deref() {
        check_writable(path)?;
    }
    let n = state.num_seats();
    let human = games::parse_seat(&args.seat, n).context("--seat")?;
    if let Some(who) = G::automated_seat(&options, human) {
        bail!("--seat {human}: that seat is {who}; choose another seat");
    }
    let automated: Vec<Option<&str>> = Seat::all(n).map(|s| G::automated_seat(&options, s)).collect();
    let bot_seats = automated.iter().enumerate().filter(|&(i, a)| a.is_none() && i != human.index()).count();
    let specs = games::bot_specs(&args.bots, bot_seats, "bot seats")?;
    BotSpec::check_all::<G>(&specs).with_context(|| format!("--bots `{}`", args.bots))?;
    let mut specs = specs.into_iter();
    let mut bots: Vec<Option<Box<dyn Bot<G>>>> = Seat::all(n)
        .map(|s| {
            if s == human || automated[s.index()].is_some() {
                None
            } else {
                specs.next().map(|spec| spec.build::<G>(bot_seed(seed, 0, s.index())))
            }
        })
        .collect();
    let mut record = Record::<G>::from_seed(options, seed);
    let mut log = EventLog::new();
    let mut legal = Vec::new();

    let table: Vec<String> = bots
        .iter()
        .enumerate()
        .map(|(i, b)| match (b, automated[i]) {
            (Some(b), _) => format!("p{i} {}", b.name()),
            (None, Some(who)) => format!("p{i} {who}"),
            (None, None) => format!("p{i} you"),
        })
        .collect();
    writeln!(out, "{}, {n} players, seed {seed}: {}", G::NAME, table.join(", "))?;
    writeln!(out, "{HELP}")?;

    let end = 'game: loop {
        let Some(seat) = state.to_move() else {
            break End::Finished;
        };
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            bail!("{}: no legal action for {seat} at move {}", G::NAME, state.move_number());
        }
        let action = if let Some(bot) = bots[seat.index()].as_mut() {
            let a = bot.choose(&state.view(seat), &legal);
            if legal.binary_search(&a).is_err() {
                bail!("bot `{}` at {seat} chose the illegal action `{a}` at move {}", bot.name(), state.move_number());
            }
            if args.verbose
                && let Some(stats) = bot.last_search()
            {
                eprintln!("move {} {seat} {}: {a} ({stats})", state.move_number(), bot.name());
            }
            a
        } else {
            print_events::<G>(&mut log, human, out)?;
            let view = state.view(human);
            writeln!(out, "\n{view}")?;
            print_actions::<G>(&view, &legal, out)?;
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
                        save(args.record.as_deref(), &record, out)?;
                        bail!("cannot read the input at move {}: {e}", state.move_number());
                    }
                }
                let line = String::from_utf8_lossy(&bytes);
                match read_input::<G>(&line, &legal) {
                    Input::Act(a) => break a,
                    Input::Help => writeln!(out, "{HELP}")?,
                    Input::View => {
                        writeln!(out, "\n{view}")?;
                        print_actions::<G>(&view, &legal, out)?;
                    }
                    Input::Quit => break 'game End::Quit,
                    Input::Retry(message) if message.is_empty() => {}
                    Input::Retry(message) => writeln!(out, "{message}")?,
                }
            }
        };
        state.apply_unchecked(action, &mut log);
        record.actions.push(action.to_string());
    };

    match end {
        End::Finished => {
            print_events::<G>(&mut log, human, out)?;
            writeln!(out, "\n{}", state.view(human))?;
            let scores = state.scores();
            writeln!(out, "game over after {} moves", state.move_number())?;
            writeln!(out, "final scores: {}", per_seat(&scores))?;
            writeln!(out, "{}", winners_text(&state.winners()))?;
            record.scores = Some(scores);
            save(args.record.as_deref(), &record, out)?;
            Ok(ExitCode::SUCCESS)
        }
        End::Quit => {
            writeln!(out, "game stopped at move {}", state.move_number())?;
            save(args.record.as_deref(), &record, out)?;
            Ok(ExitCode::SUCCESS)
        }
        End::InputClosed => {
            if save(args.record.as_deref(), &record, out)? {
                writeln!(out, "input ended at move {}; the game is saved", state.move_number())?;
                Ok(ExitCode::SUCCESS)
            } else {
                eprintln!(
                    "error: input ended at move {} before the game was over; nothing saved (use --record FILE)",
                    state.move_number()
                );
                Ok(ExitCode::from(1))
            }
        }
    }
}
