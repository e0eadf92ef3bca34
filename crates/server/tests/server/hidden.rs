//! Hidden information: every message a seat receives is a function of what it may see.
//!
//! Random games are played through the server, every seat on its own WebSocket. Then, replaying the
//! game's record: (1) each message equals what `seat_update` builds from the seat's view and events at
//! that move (so the wire carries nothing else); (2) `seat_update` gives identical messages for the
//! real state and a twin full state with the same view (a determinization: other hands, decks and
//! future chance differ), and identical events when the same action leaves the seat the same view in
//! both (for steps that draw no chance: a twin draws its chance afresh).

use serde_json::{Value, json};
use sylvan_engine::{GameRng, Heuristic, Seat};
use sylvan_registry::Entry;
use sylvan_server::protocol::{public_view, seat_update};
use sylvan_server::table::Table;
use sylvan_server::{Limits, Registry};

use crate::common::*;

/// Plays one random game with `options` (`NAME=VALUE`) through the server; returns the messages of each
/// seat and the record.
async fn play_random(
    addr: &str,
    game: &str,
    players: usize,
    options: &[&str],
    seed: u64,
) -> Result<(Vec<Vec<Value>>, Value), String> {
    let seats: Vec<Value> = (0..players).map(|_| json!({ "kind": "taken" })).collect();
    let req = json!({ "game": game, "players": players, "options": options, "seats": seats, "seed": seed });
    let (id, tokens) = create(addr, req).await?;
    let mut conns = Vec::new();
    for t in &tokens {
        conns.push(connect(addr, &id, Some(t)).await?);
    }
    let mut seen: Vec<Vec<Value>> = vec![Vec::new(); players];
    let mut pick = Pick(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    loop {
        for (s, c) in conns.iter_mut().enumerate() {
            seen[s].push(next_state(c).await?);
        }
        let last: Vec<&Value> = seen.iter().map(|m| &m[m.len() - 1]).collect();
        if last[0]["over"] == true {
            break;
        }
        let movers: Vec<usize> =
            (0..players).filter(|&s| last[s]["legal"].as_array().is_some_and(|l| !l.is_empty())).collect();
        let [mover] = movers[..] else { return Err(format!("{game}: seats {movers:?} were offered actions")) };
        let legal = last[mover]["legal"].as_array().ok_or("no legal")?;
        let choice = legal[pick.index(legal.len())]["notation"].as_str().ok_or("no notation")?.to_owned();
        let n = last[mover]["move"].as_u64().ok_or("no move")?;
        conns[mover].send(&act(n, &choice)).await?;
    }
    let (status, record) = sylvan_server::client::http(addr, "GET", &format!("/api/games/{id}/record"), None).await?;
    if status != 200 {
        return Err(format!("record: {status} {record}"));
    }
    Ok((seen, record))
}

/// The message without the game id (the replay has none).
fn strip(mut v: Value) -> Value {
    v["game_id"] = Value::Null;
    v
}

/// A table of a typed state, erased by the registry (which holds each game's erased game: erasing it
/// here would compile that again in this test binary).
fn table_of<G: Heuristic>(entry: &Entry, state: G, seed: u64) -> Result<Table, String> {
    let game = entry.erase_state(Box::new(state), seed).ok_or(format!("{}: not the entry's game", G::NAME))?;
    Ok(Table::new(game, seed))
}

/// Checks one played game against its replay, and the twin property at every move.
fn audit<G: Heuristic>(seen: &[Vec<Value>], record: &Value, twins_every: usize) -> Result<usize, String>
where
    G::View: 'static,
{
    let catalog = Registry::standard();
    let entry = catalog.get(G::NAME).map_err(|e| e.to_string())?;
    let seed = record["start"]["seed"]["seed"].as_u64().ok_or("record: no seed")?;
    let options: G::Options = serde_json::from_value(record["options"].clone()).map_err(|e| e.to_string())?;
    let options_json = record["options"].clone();
    let actions: Vec<String> = serde_json::from_value(record["actions"].clone()).map_err(|e| e.to_string())?;
    let mut table = Table::deal(entry, &options_json, seed).map_err(|e| e.to_string())?;
    let mut typed = G::new(&options, seed).map_err(|e| e.to_string())?;
    let seats = typed.num_seats();
    let mut rng = GameRng::new(seed ^ 0x7717);
    let mut can_undo_last: Option<(Seat, bool)> = None;
    let mut twins = 0;
    for step in 0..=actions.len() {
        // (1) the wire message of each seat is the one built from its view and events.
        for (s, messages) in seen.iter().enumerate().take(seats) {
            let seat = Seat(s as u8);
            let events = table.game().events(Some(seat));
            let can_undo = can_undo_last.is_some_and(|(who, ok)| ok && who == seat && !typed.is_terminal());
            let built = seat_update("", table.game(), Some(seat), events, can_undo);
            let built = strip(
                json!({ "type": "state" })
                    .as_object()
                    .cloned()
                    .map(|mut o| {
                        if let Ok(Value::Object(m)) = serde_json::to_value(&built) {
                            o.extend(m);
                        }
                        Value::Object(o)
                    })
                    .unwrap_or_default(),
            );
            let got = strip(messages.get(step).cloned().ok_or(format!("seat {s}: no message {step}"))?);
            if got != built {
                return Err(format!(
                    "{}: step {step} seat {s}: the message is not the one built from the view:\n{}",
                    G::NAME,
                    diff(&got, &built, "")
                ));
            }
        }
        table.game_mut().clear_events();
        let Some(text) = actions.get(step) else { break };
        let action: G::Action = text.parse().map_err(|e| format!("{e}"))?;
        // (2) twins: same view, same message; same action and same view after, same events.
        if step % twins_every == 0 {
            for s in 0..seats {
                let seat = Seat(s as u8);
                let twin = G::determinize(&typed.view(seat), &mut rng);
                let real_t = table_of(entry, typed.clone(), seed)?;
                let twin_t = table_of(entry, twin.clone(), seed)?;
                let a = seat_update("", real_t.game(), Some(seat), Vec::new(), false);
                let b = seat_update("", twin_t.game(), Some(seat), Vec::new(), false);
                if a != b {
                    return Err(format!("{}: step {step} seat {s}: twins with one view give other messages", G::NAME));
                }
                let mut after = typed.clone();
                after.apply_unchecked(action, &mut sylvan_engine::NoEvents);
                // Events of a step that drew chance tell its outcome, which a twin draws afresh.
                if twin.is_legal(action) && !sylvan_engine::undo::drew_chance(&typed, &after) {
                    let (mut x, mut y) = (table_of(entry, typed.clone(), seed)?, table_of(entry, twin, seed)?);
                    let id = G::action_id(action);
                    x.apply(id, false).map_err(|e| e.to_string())?;
                    y.apply(id, false).map_err(|e| e.to_string())?;
                    let vx = x.game().view(seat).map_err(|e| e.to_string())?.to_json();
                    let vy = y.game().view(seat).map_err(|e| e.to_string())?.to_json();
                    if vx == vy && unordered(&x.game().events(Some(seat))) != unordered(&y.game().events(Some(seat))) {
                        return Err(format!(
                            "{}: step {step} seat {s}: twins give other events after `{action}`: {:?} / {:?}",
                            G::NAME,
                            x.game().events(Some(seat)),
                            y.game().events(Some(seat))
                        ));
                    }
                }
                twins += 1;
            }
            spectator_twins(entry, &typed, action, step, seed, &mut rng)?;
        }
        let mover = typed.to_move().ok_or("moved after the end")?;
        typed.try_apply(action, &mut sylvan_engine::NoEvents).map_err(|e| e.to_string())?;
        let id = G::action_id(action);
        let ok = table.apply(id, true).map_err(|e| e.to_string())?;
        can_undo_last = Some((mover, ok));
    }
    Ok(twins)
}

/// (3) Spectators: a full state with the same public information (a twin drawn from any one seat's
/// view: it keeps everything that seat sees, the public part included, and moves every card hidden
/// from it) gives a spectator the same message; after the same action, when it draws no chance and
/// leaves the same public view, the same events.
fn spectator_twins<G: Heuristic>(
    entry: &Entry,
    real: &G,
    action: G::Action,
    step: usize,
    seed: u64,
    rng: &mut GameRng,
) -> TestResult
where
    G::View: 'static,
{
    let mut after = real.clone();
    after.apply_unchecked(action, &mut sylvan_engine::NoEvents);
    let chance = sylvan_engine::undo::drew_chance(real, &after);
    let x = table_of(entry, real.clone(), seed)?;
    let a = seat_update("", x.game(), None, Vec::new(), false);
    for s in 0..real.num_seats() {
        let twin = G::determinize(&real.view(Seat(s as u8)), rng);
        let y = table_of(entry, twin.clone(), seed)?;
        let b = seat_update("", y.game(), None, Vec::new(), false);
        if a != b {
            let (a, b) = (serde_json::to_value(&a).unwrap_or_default(), serde_json::to_value(&b).unwrap_or_default());
            return Err(format!(
                "{}: step {step}: a twin from p{s}'s view gives a spectator another message: {}",
                G::NAME,
                diff(&a, &b, "")
            ));
        }
        if twin.is_legal(action) && !chance {
            let (mut x, mut y) = (x.clone(), y);
            let id = G::action_id(action);
            x.apply(id, false).map_err(|e| e.to_string())?;
            y.apply(id, false).map_err(|e| e.to_string())?;
            let same_view = public_view(x.game()) == public_view(y.game());
            let (ex, ey) = (x.game().events(None), y.game().events(None));
            if same_view && unordered(&ex) != unordered(&ey) {
                return Err(format!(
                    "{}: step {step}: twins from p{s}'s view give a spectator other events after `{action}`: {ex:?} / {ey:?}",
                    G::NAME
                ));
            }
        }
    }
    Ok(())
}

async fn check_game<G: Heuristic>(players: usize, games: u64, twins_every: usize) -> TestResult
where
    G::View: 'static,
{
    check_game_with::<G>(players, &[], games, twins_every).await
}

async fn check_game_with<G: Heuristic>(players: usize, options: &[&str], games: u64, twins_every: usize) -> TestResult
where
    G::View: 'static,
{
    let addr = start(G::NAME, Limits { rate_per_sec: 1e6, burst: 1e6, ..Limits::default() }).await?;
    let mut twins = 0;
    for g in 0..games {
        let (seen, record) = play_random(&addr, G::NAME, players, options, 100 + g).await?;
        twins += audit::<G>(&seen, &record, twins_every)?;
    }
    assert!(twins > 0, "no twin was checked");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn equinox_messages_are_functions_of_views() -> TestResult {
    check_game::<sylvan_equinox::Equinox>(3, 1, 2).await?;
    check_game::<sylvan_equinox::Equinox>(5, 1, 3).await
}

/// The normal run's Equinox sample with a second 3-player game (the sample it had before session 9).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
async fn sweep_equinox_messages_are_functions_of_views() -> TestResult {
    check_game::<sylvan_equinox::Equinox>(3, 2, 2).await?;
    check_game::<sylvan_equinox::Equinox>(5, 1, 3).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mystic_vale_messages_are_functions_of_views() -> TestResult {
    check_game::<sylvan_mystic_vale::MysticVale>(2, 1, 6).await
}

/// Random players almost never defeat a Sage, so their games run to the turn limit (ruling C23): the
/// normal run plays games of 12 turns; the ignored `sweep_` test the full 60 (`cargo test --release --
/// --ignored sweep_`, run by `.ci/run`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_of_nature_messages_are_functions_of_views() -> TestResult {
    type Con = sylvan_command_of_nature::CommandOfNature;
    check_game_with::<Con>(2, &["turn_limit=12"], 1, 6).await?;
    check_game_with::<Con>(4, &["turn_limit=12"], 1, 12).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
async fn sweep_command_of_nature_messages_are_functions_of_views_to_the_turn_limit() -> TestResult {
    check_game::<sylvan_command_of_nature::CommandOfNature>(2, 1, 6).await?;
    check_game::<sylvan_command_of_nature::CommandOfNature>(4, 1, 12).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spirit_duel_messages_are_functions_of_views() -> TestResult {
    check_game::<sylvan_spirit_duel::SpiritDuel>(2, 4, 1).await
}

/// More games of every game and player count, every move checked: `cargo test --release -p
/// sylvan-server --test server -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes: the long audit"]
async fn every_game_long_audit() -> TestResult {
    for p in 2..=5 {
        check_game::<sylvan_equinox::Equinox>(p, 10, 1).await?;
    }
    for p in 2..=4 {
        check_game::<sylvan_mystic_vale::MysticVale>(p, 4, 1).await?;
    }
    check_game::<sylvan_command_of_nature::CommandOfNature>(2, 6, 1).await?;
    check_game::<sylvan_command_of_nature::CommandOfNature>(4, 4, 1).await?;
    check_game::<sylvan_spirit_duel::SpiritDuel>(2, 30, 1).await
}

/// Where two JSON values differ (the first place), for failure messages.
fn diff(a: &Value, b: &Value, at: &str) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, v) in x {
                let w = y.get(k).unwrap_or(&Value::Null);
                if v != w {
                    return diff(v, w, &format!("{at}.{k}"));
                }
            }
            format!("{at}: keys {:?} / {:?}", x.keys().collect::<Vec<_>>(), y.keys().collect::<Vec<_>>())
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (v, w)) in x.iter().zip(y).enumerate() {
                if v != w {
                    return diff(v, w, &format!("{at}[{i}]"));
                }
            }
            at.to_owned()
        }
        _ => format!("{at}: {a} / {b}"),
    }
}

/// Events as JSON with every list sorted: the order of cards drawn together (Equinox lists them in
/// deck order) is not compared.
fn unordered(events: &[sylvan_engine::erased::DynEvent]) -> Vec<Value> {
    fn sort(v: &Value) -> Value {
        match v {
            Value::Array(a) => {
                let mut items: Vec<Value> = a.iter().map(sort).collect();
                items.sort_by_key(ToString::to_string);
                Value::Array(items)
            }
            Value::Object(m) => Value::Object(m.iter().map(|(k, x)| (k.clone(), sort(x))).collect()),
            _ => v.clone(),
        }
    }
    events.iter().map(|e| sort(&e.json)).collect()
}
