//! `sylvan play`: one human against bots in the terminal.
//!
//! The human sees only their seat's view and the events their seat may see, and answers each decision
//! with a number from the list or an action's notation. Input is read line by line; end of input saves
//! the record (with `--record`) and stops.

use std::io::{BufRead, Write};

use crate::input::{Line, read_line};
use std::path::Path;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use serde_json::Value;
use sylvan_bots::{DynBot, bot_seed};
use sylvan_engine::carddata::printable_lines;
use sylvan_engine::erased::{DynGame, LegalAction};
use sylvan_engine::{Locale, Seat};
use sylvan_words::args;

use crate::PlayArgs;
use crate::games;
use crate::words::t;

/// The help line in `locale`.
fn help_line(locale: Locale) -> String {
    t(locale, "play-help", args!())
}

/// Colour on the terminal: ANSI styles when standard output is a terminal that supports them and
/// `NO_COLOR` is not set (<https://no-color.org>), plain text otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct Style {
    color: bool,
}

impl Style {
    /// Colour if standard output is a colour terminal and `NO_COLOR` is unset or empty.
    pub fn detect() -> Style {
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        Style { color: std::io::stdout().is_terminal() && !no_color && !dumb }
    }

    fn paint(self, code: &str, text: &str) -> String {
        if self.color { format!("\x1b[{code}m{text}\x1b[0m") } else { text.to_owned() }
    }
    fn bold(self, t: &str) -> String {
        self.paint("1", t)
    }
    fn dim(self, t: &str) -> String {
        self.paint("2", t)
    }
    fn notation(self, t: &str) -> String {
        self.paint("33", t)
    }
    fn event(self, t: &str) -> String {
        self.paint("36", t)
    }
    fn prompt(self, t: &str) -> String {
        self.paint("1;32", t)
    }
    fn warn(self, t: &str) -> String {
        self.paint("31", t)
    }
}

/// How the terminal speaks: the locale and the colours.
#[derive(Clone, Copy, Debug, Default)]
struct Voice {
    locale: Locale,
    style: Style,
}

/// Runs `sylvan play` on standard input and output.
pub fn run(args: &PlayArgs) -> Result<ExitCode> {
    let mut input = std::io::stdin().lock();
    let mut out = crate::output::stdout();
    let voice = Voice { locale: args.lang, style: Style::detect() };
    play(args, voice, &mut input, &mut out)
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

/// Writes the record to `path` whole (a temporary file renamed over it).
fn save(path: &Path, record: &Value, locale: Locale) -> Result<()> {
    let text = serde_json::to_string_pretty(record)? + "\n";
    crate::output::write_atomic(path, text.as_bytes(), crate::output::Written::Record, locale)
}

fn print_events(game: &mut dyn DynGame, seat: Seat, voice: Voice, out: &mut impl Write) -> Result<()> {
    for event in game.events_locale(Some(seat), voice.locale) {
        writeln!(out, "  {} {}", voice.style.dim("*"), voice.style.event(&printable_lines(&event.text)))?;
    }
    game.clear_events();
    Ok(())
}

fn print_actions(legal: &[LegalAction], voice: Voice, out: &mut impl Write) -> Result<()> {
    writeln!(out, "{}", voice.style.bold(&t(voice.locale, "play-your-move", args!())))?;
    let width = legal.len().to_string().len();
    let wide = legal.iter().map(|a| a.notation.chars().count()).max().unwrap_or(0);
    for (i, a) in legal.iter().enumerate() {
        // A card file's titles reach the descriptions: printed made printable (issue 38).
        let (notation, description) = (&printable_lines(&a.notation), &printable_lines(&a.description));
        let number = voice.style.bold(&format!("{:>width$})", i + 1));
        if description == notation {
            writeln!(out, "  {number} {}", voice.style.notation(notation))?;
        } else {
            let padded = format!("{notation:<wide$}");
            writeln!(out, "  {number} {}  {description}", voice.style.notation(&padded))?;
        }
    }
    Ok(())
}

/// The help: the line, then each form of notation of this game with what it does.
fn print_help(game: &dyn DynGame, voice: Voice, out: &mut impl Write) -> Result<()> {
    writeln!(out, "{}", help_line(voice.locale))?;
    let help = game.action_help_locale(voice.locale);
    let wide = help.iter().map(|h| h.notation.chars().count()).max().unwrap_or(0);
    for h in &help {
        let padded = format!("{:<wide$}", h.notation);
        writeln!(out, "  {}  {}", voice.style.notation(&padded), h.description)?;
    }
    Ok(())
}

/// The end of a game: the breakdown (where each point came from, and why the game ended) or the bare
/// scores for a game without one, then the winners.
fn print_end(game: &dyn DynGame, voice: Voice, out: &mut impl Write) -> Result<()> {
    let locale = voice.locale;
    writeln!(out, "{}", voice.style.bold(&t(locale, "play-over", args!(moves = game.move_number()))))?;
    if let Some(b) = game.breakdown_locale(locale) {
        let table = printable_lines(&b.table_with_total(locale.lang(), &t(locale, "play-total", args!())));
        for (i, line) in table.lines().enumerate() {
            let line = if i == 0 { voice.style.bold(line) } else { line.to_owned() };
            writeln!(out, "{line}")?;
        }
    }
    let scores = crate::words::scores(locale, &game.scores());
    writeln!(out, "{}", t(locale, "play-final-scores", args!(scores = scores)))?;
    writeln!(out, "{}", voice.style.bold(&crate::words::outcome(locale, game.outcome())))?;
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
fn read_input(game: &dyn DynGame, line: &str, legal: &[LegalAction], locale: Locale) -> Input {
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
            None => Input::Retry(t(locale, "play-no-number", args!(number = k, count = legal.len()))),
        };
    }
    match game.action_id(text) {
        Ok(id) if legal.iter().any(|a| a.id == id) => Input::Act(id),
        Ok(id) => {
            let a = game.notation(id).unwrap_or_else(|_| text.to_owned());
            Input::Retry(t(locale, "play-not-legal", args!(action = a)))
        }
        Err(e) => {
            let error = sylvan_words::engine::dyn_error(game, &e, locale);
            Input::Retry(t(locale, "play-bad-input", args!(error = error, count = legal.len())))
        }
    }
}

/// Runs a session reading `input` and writing `out`.
fn play(args: &PlayArgs, voice: Voice, input: &mut impl BufRead, out: &mut impl Write) -> Result<ExitCode> {
    let locale = voice.locale;
    let (entry, options) = games::game_and_options(&args.game, locale)?;
    let name = entry.name();
    let seed = args.seed.unwrap_or_else(clock_seed);
    // An error here is about the options (the seed deals any valid options): do not name the seed.
    let mut game = entry.game().new_game(&options, seed).map_err(|e| games::deal_error(entry, &e, locale))?;
    if let Some(path) = args.record.as_deref() {
        let inputs = crate::output::option_files(&options);
        crate::output::check_output(path, "--record", crate::output::Written::Record, &inputs, locale)?;
    }
    let n = game.num_seats();
    let human = games::parse_seat(&args.seat, n, args.lang).context("--seat")?;
    // Who plays a seat the game plays itself, in the session's language.
    let automated: Vec<Option<String>> =
        Seat::all(n).map(|s| crate::words::automated_seat(&*game, s, locale)).collect();
    if let Some(who) = &automated[human.index()] {
        bail!(t(locale, "error-seat-automated", args!(seat = human, who = who.clone())));
    }
    let bot_seats = automated.iter().enumerate().filter(|&(i, a)| a.is_none() && i != human.index()).count();
    let specs = games::bot_specs(entry, &args.bots, bot_seats, games::BotSeats::Bots, args.lang)?;
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
        .map(|(i, b)| {
            let seat = Seat(i as u8);
            match (b, automated[i].as_deref()) {
                (Some(b), _) => t(locale, "play-seat-other", args!(seat = seat, who = b.name().to_owned())),
                (None, Some(who)) => t(locale, "play-seat-other", args!(seat = seat, who = who.to_owned())),
                (None, None) => t(locale, "play-seat-you", args!(seat = seat)),
            }
        })
        .collect();
    let header =
        t(locale, "play-header", args!(game = name, players = n, seed = seed.to_string(), table = table.join(", ")));

    let mut session = || -> Result<End> {
        writeln!(out, "{}", voice.style.bold(&header))?;
        writeln!(out, "{}", voice.style.dim(&help_line(locale)))?;
        let end = 'game: loop {
            let Some(seat) = game.to_move() else {
                break End::Finished;
            };
            game.legal_ids(&mut legal_ids);
            if legal_ids.is_empty() {
                bail!(t(locale, "play-no-legal", args!(game = name, seat = seat, moves = game.move_number())));
            }
            let action = if let Some(bot) = bots[seat.index()].as_mut() {
                let a = bot.choose(&*game.view(seat)?, &legal_ids)?;
                let notation = game.notation(a)?;
                if !legal_ids.contains(&a) {
                    let illegal =
                        args!(bot = bot.name().to_owned(), seat = seat, action = notation, moves = game.move_number());
                    bail!(t(locale, "play-bot-illegal", illegal));
                }
                if args.verbose
                    && let Some(stats) = bot.last_search()
                {
                    let stats = crate::words::search_stats(locale, &stats);
                    let line =
                        args!(moves = game.move_number(), seat = seat, bot = bot.name(), action = notation.as_str());
                    eprintln!("{}", t(locale, "verbose-move", line.with("stats", stats)));
                }
                a
            } else {
                print_events(&mut *game, human, voice, out)?;
                let view = printable_lines(&game.view(human)?.text_locale(locale));
                let legal = game.legal_actions_locale(locale);
                writeln!(out, "\n{view}")?;
                print_actions(&legal, voice, out)?;
                loop {
                    write!(out, "{} ", voice.style.prompt(&format!("{human}>")))?;
                    out.flush()?;
                    // Bounded, and invalid UTF-8 is a bad line to retry, not the end of the session.
                    let line = match read_line(input) {
                        Ok(Line::Text(line)) => line,
                        Ok(Line::TooLong) => {
                            writeln!(out, "{}", voice.style.warn(&crate::input::too_long_message(locale)))?;
                            continue;
                        }
                        Ok(Line::End) => {
                            writeln!(out)?;
                            break 'game End::InputClosed;
                        }
                        Err(e) => {
                            let unread = args!(moves = game.move_number(), error = e.to_string());
                            bail!(t(locale, "play-input-error", unread))
                        }
                    };
                    match read_input(&*game, &line, &legal, locale) {
                        Input::Act(a) => break a,
                        Input::Help => print_help(&*game, voice, out)?,
                        Input::View => {
                            writeln!(out, "\n{view}")?;
                            print_actions(&legal, voice, out)?;
                        }
                        Input::Quit => break 'game End::Quit,
                        Input::Retry(message) if message.is_empty() => {}
                        Input::Retry(message) => writeln!(out, "{}", voice.style.warn(&message))?,
                    }
                }
            };
            game.apply_id(action)?;
        };
        Ok(end)
    };
    let end = session();
    // The record first, whatever stopped the game (issue 38): a broken output or a bot's error too.
    let saved = args.record.as_deref().map(|p| (p, save(p, &game.record(), locale)));
    let end = match (end, &saved) {
        (Ok(end), None | Some((_, Ok(())))) => end,
        (Ok(_), Some((_, Err(e)))) => bail!("{e:#}"),
        (Err(e), None) => return Err(e),
        (Err(e), Some((p, Ok(())))) => {
            let saved = args!(error = games::error_text(&e), path = p.display().to_string(), over = "no");
            bail!(t(locale, "play-error-saved", saved))
        }
        (Err(e), Some((_, Err(s)))) => {
            bail!(t(locale, "play-error-and", args!(error = games::error_text(&e), more = format!("{s:#}"))))
        }
    };
    let said = |out: &mut dyn Write| -> Result<()> {
        if let Some((p, _)) = &saved {
            writeln!(out, "{}", t(locale, "play-record-saved", args!(path = p.display().to_string())))?;
        }
        Ok(())
    };
    let printed = (|| -> Result<ExitCode> {
        match end {
            End::Finished => {
                print_events(&mut *game, human, voice, out)?;
                writeln!(out, "\n{}", printable_lines(&game.view(human)?.text_locale(locale)))?;
                print_end(&*game, voice, out)?;
                said(out)?;
                Ok(ExitCode::SUCCESS)
            }
            End::Quit => {
                writeln!(out, "{}", t(locale, "play-left", args!(moves = game.move_number())))?;
                said(out)?;
                Ok(ExitCode::SUCCESS)
            }
            End::InputClosed => {
                if saved.is_some() {
                    said(out)?;
                    writeln!(out, "{}", t(locale, "play-input-ended", args!(moves = game.move_number())))?;
                    Ok(ExitCode::SUCCESS)
                } else {
                    let ended = t(locale, "play-input-ended-unsaved", args!(moves = game.move_number()));
                    eprintln!("{}", t(locale, "error-line", args!(error = ended)));
                    Ok(ExitCode::from(1))
                }
            }
        }
    })();
    match (printed, &saved) {
        (Err(e), Some((p, _))) => {
            let saved = args!(error = games::error_text(&e), path = p.display().to_string(), over = "yes");
            bail!(t(locale, "play-error-saved", saved))
        }
        (printed, _) => printed,
    }
}
