//! # sylvan-fuzzing
//!
//! The properties fuzzing checks on every game (records, notation, card files, setups never panic and
//! keep the invariants). Guide: `fuzz/README.md` and `docs/CONTRIBUTING.md` ("Long runs").
//!
//! Written once and run two ways: by the `cargo fuzz`
//! targets in `fuzz/` (nightly, for hours) and by the properties in `tests/` (stable, a bounded number of
//! random cases in `cargo test`). Each entry point takes raw bytes and must never panic except on a
//! broken property:
//!
//! - [`records`]: a record of a random game, mutated as JSON (or raw bytes as JSON), is parsed and
//!   replayed. It replays or gives a one-line error; a record that replays and states scores is over and
//!   the scores match; replaying twice gives the same state.
//! - [`notation`]: any text read as an action either fails with a short one-line error or round-trips
//!   through its notation and its id.
//! - [`card_files`]: a card file edited line by line (or raw bytes) loads or gives a one-line error.
//! - [`setups`]: a valid setup and options of any of the four games (Mystic Vale with its expansions
//!   and leaders), mutated as JSON, are refused with a one-line error or give a
//!   game whose random playout keeps the invariants: a seat to move exactly when the game is not over,
//!   a non-empty legal list that applies, and an end within [`Game::max_game_length`].
//! - [`box_counts`]: a setup of Equinox, the spirit duel or Mystic Vale given more than the box holds
//!   is refused with the kind `components` (Mystic Vale: or its own kinds) and one line naming the field.
//!
//! The first byte picks the game; the next bytes seed and steer the case.
#![deny(missing_docs)]
// A broken property is a panic: that is what the fuzzer and the tests look for.
#![allow(clippy::panic)]

use serde_json::Value;
use sylvan_command_of_nature as con;
use sylvan_engine::{Game, GameRng, Record, Seat, replay};
use sylvan_equinox as eq;
use sylvan_mystic_vale as mv;
use sylvan_spirit_duel as sd;

/// The longest error message accepted (errors quote user input cut to a short prefix).
pub const MAX_ERROR_LEN: usize = 2_000;
/// Most actions played in one fuzz playout (Command of Nature's bound is far larger).
pub const MAX_PLAYOUT: usize = 3_000;

/// Raw bytes read front to back as decisions; past the end every read gives 0.
#[derive(Clone, Debug)]
pub struct Bytes<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Bytes<'a> {
    /// Reads `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data, pos: 0 }
    }
    /// The next byte (0 past the end).
    pub fn u8(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }
    /// The next 8 bytes as a little-endian number.
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, i| acc | (u64::from(self.u8()) << (8 * i)))
    }
    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        let x = (usize::from(self.u8()) << 8) | usize::from(self.u8());
        x % n.max(1)
    }
    /// Whether bytes remain.
    pub fn more(&self) -> bool {
        self.pos < self.data.len()
    }
    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.data.get(self.pos..).unwrap_or(&[])
    }
}

/// Asserts an error message is one line and short.
pub fn assert_one_line(what: &str, message: &str) {
    assert!(!message.contains('\n'), "{what}: error on several lines: {message:?}");
    assert!(
        message.len() <= MAX_ERROR_LEN,
        "{what}: error of {} bytes: {:?}…",
        message.len(),
        message.chars().take(200).collect::<String>()
    );
    assert!(!message.is_empty(), "{what}: empty error message");
}

/// Values that break arithmetic and limits, for JSON mutations.
const NUMBERS: [i128; 16] =
    [0, 1, 2, 3, 4, 5, 7, 8, 255, 256, 65_535, 65_536, -1, -128, u32::MAX as i128, u64::MAX as i128];

/// Applies up to 4 byte-driven mutations to a JSON value: replace a node by a number, string, bool,
/// null, empty array or object; remove, duplicate or swap array elements; remove a key or add an
/// unknown one.
pub fn mutate_json(root: &mut Value, b: &mut Bytes) {
    let n = b.u8() % 5;
    for _ in 0..n {
        let node = pick_node(root, b);
        let op = b.u8() % 12;
        match (op, node) {
            (0..=2, v) => {
                let k = NUMBERS[b.below(NUMBERS.len())];
                *v = serde_json::from_str(&k.to_string()).unwrap_or(Value::Null);
            }
            (3, v) => *v = Value::String(["", "p9", "base", "x", "gru", "99.0.0", "\u{feff}"][b.below(7)].into()),
            (4, v) => {
                *v = [Value::Null, Value::Bool(true), Value::Array(vec![]), Value::Object(Default::default())]
                    [b.below(4)]
                .clone()
            }
            (5, Value::Array(a)) if !a.is_empty() => {
                let i = b.below(a.len());
                a.remove(i);
            }
            (6, Value::Array(a)) if !a.is_empty() => {
                let i = b.below(a.len());
                let x = a[i].clone();
                a.insert(i, x);
            }
            (7, Value::Array(a)) if a.len() > 1 => {
                let (i, j) = (b.below(a.len()), b.below(a.len()));
                a.swap(i, j);
            }
            (8, Value::Object(o)) if !o.is_empty() => {
                let i = b.below(o.len());
                if let Some(k) = o.keys().nth(i).cloned() {
                    o.remove(&k);
                }
            }
            (9, Value::Object(o)) => {
                o.insert("unknown_field".into(), Value::Bool(true));
            }
            (10, v) if v.is_number() => {
                let x = v.as_i64().unwrap_or(0).saturating_add(i64::from(b.u8() as i8));
                *v = x.into();
            }
            _ => {}
        }
    }
}

/// A node of `root` chosen by the bytes: walk down a few levels.
fn pick_node<'v>(root: &'v mut Value, b: &mut Bytes) -> &'v mut Value {
    let depth = b.u8() % 6;
    let mut v = root;
    for _ in 0..depth {
        let len = match &*v {
            Value::Array(a) => a.len(),
            Value::Object(o) => o.len(),
            _ => 0,
        };
        if len == 0 {
            break;
        }
        let i = b.below(len);
        v = match v {
            Value::Array(a) => &mut a[i],
            Value::Object(o) => match o.values_mut().nth(i) {
                Some(x) => x,
                None => unreachable!("index below the object's length"),
            },
            _ => unreachable!("only arrays and objects have children"),
        };
    }
    v
}

/// The four games, by the first byte of a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// Equinox.
    Equinox,
    /// Mystic Vale.
    MysticVale,
    /// The spirit duel.
    SpiritDuel,
    /// Command of Nature.
    CommandOfNature,
}

impl Which {
    /// The game picked by byte `b`.
    pub fn from_byte(b: u8) -> Which {
        [Which::Equinox, Which::MysticVale, Which::SpiritDuel, Which::CommandOfNature][usize::from(b % 4)]
    }
}

/// Options for `players` seats, or the defaults.
fn options<G: Game>(b: &mut Bytes) -> G::Options {
    let (lo, hi) = G::player_range();
    let players = lo + b.below(hi - lo + 1);
    G::options_for_players(players).unwrap_or_default()
}

/// Plays `steps` random legal actions from `g` (fewer if it ends), returning their notations.
fn random_actions<G: Game>(g: &mut G, steps: usize, rng: &mut GameRng) -> Vec<String> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..steps {
        if g.is_terminal() {
            break;
        }
        legal.clear();
        g.legal_actions(&mut legal);
        let Some(&a) = legal.get(rng.index(legal.len().max(1))) else { break };
        out.push(a.to_string());
        g.apply_unchecked(a, &mut sylvan_engine::NoEvents);
    }
    out
}

/// Checks one record text: parse, replay, and the properties of a replay.
pub fn check_record<G: Game>(text: &str) {
    let record = match Record::<G>::from_json(text) {
        Ok(r) => r,
        Err(e) => return assert_one_line("record", &e.to_string()),
    };
    match replay(&record) {
        Err(e) => assert_one_line("replay", &e.to_string()),
        Ok(state) => {
            if let Some(claimed) = &record.scores {
                assert!(state.is_terminal(), "a record with scores replayed to an unfinished game");
                assert_eq!(claimed.len(), state.scores().len());
            }
            match replay(&record) {
                Ok(again) => assert!(again == state, "two replays of one record differ"),
                Err(e) => panic!("a record replayed once, then failed: {e}"),
            }
        }
    }
}

fn record_case<G: Game>(b: &mut Bytes) {
    if b.u8() & 1 == 1 {
        // Raw bytes as a record.
        return check_record::<G>(&String::from_utf8_lossy(b.rest()));
    }
    let options = options::<G>(b);
    let seed = b.u64();
    let Ok(mut g) = G::new(&options, seed) else { return };
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let steps = if b.u8() < 64 { usize::MAX } else { usize::from(b.u8()) * 2 };
    let mut record = Record::<G>::from_seed(options, seed);
    record.actions = random_actions(&mut g, steps.min(MAX_PLAYOUT * 10), &mut rng);
    if g.is_terminal() {
        record.scores = Some(g.scores());
    }
    let Ok(mut value) = serde_json::to_value(&record) else { return };
    mutate_json(&mut value, b);
    check_record::<G>(&value.to_string());
}

/// A record of a random game of the game picked by the first byte, mutated by the other bytes, is
/// replayed (see the crate docs).
pub fn records(data: &[u8]) {
    let mut b = Bytes::new(data);
    match Which::from_byte(b.u8()) {
        Which::Equinox => record_case::<eq::Equinox>(&mut b),
        Which::MysticVale => record_case::<mv::MysticVale>(&mut b),
        Which::SpiritDuel => record_case::<sd::SpiritDuel>(&mut b),
        Which::CommandOfNature => record_case::<con::CommandOfNature>(&mut b),
    }
}

/// Checks one text read as an action of `G`.
pub fn check_notation<G: Game>(text: &str) {
    match text.parse::<G::Action>() {
        Err(e) => assert_one_line("notation", &e.to_string()),
        Ok(a) => {
            let s = a.to_string();
            assert_eq!(s.parse::<G::Action>().ok(), Some(a), "`{s}` does not read back as the action of `{text}`");
            let id = G::action_id(a);
            assert!(id < G::NUM_DISTINCT_ACTIONS, "id {id} of `{s}` out of range");
            assert_eq!(G::action_from_id(id), Some(a), "id {id} of `{s}` does not give it back");
        }
    }
    if let Err(e) = text.parse::<Seat>() {
        assert_one_line("seat", &e.to_string());
    }
}

/// The bytes after the first, as text, read as an action of the game picked by the first byte.
pub fn notation(data: &[u8]) {
    let mut b = Bytes::new(data);
    let which = Which::from_byte(b.u8());
    let text = String::from_utf8_lossy(b.rest());
    match which {
        Which::Equinox => check_notation::<eq::Equinox>(&text),
        Which::MysticVale => check_notation::<mv::MysticVale>(&text),
        Which::SpiritDuel => check_notation::<sd::SpiritDuel>(&text),
        Which::CommandOfNature => check_notation::<con::CommandOfNature>(&text),
    }
}

/// Edits a text line by line: replace a value, delete or duplicate a line, cut the text, insert junk.
fn edit_text(text: &str, b: &mut Bytes) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let n = 1 + b.u8() % 4;
    for _ in 0..n {
        if lines.is_empty() {
            break;
        }
        let i = b.below(lines.len());
        match b.u8() % 8 {
            0..=2 => {
                if let Some((k, _)) = lines[i].split_once('=') {
                    let v = match b.u8() % 8 {
                        0 => NUMBERS[b.below(NUMBERS.len())].to_string(),
                        1 => "\"\"".to_owned(),
                        2 => "[]".to_owned(),
                        3 => "\"I\"".to_owned(),
                        4 => "\"provisional\"".to_owned(),
                        5 => "\"rulebook: x\"".to_owned(),
                        6 => format!("\"{}\"", "x".repeat(b.below(5000))),
                        _ => "-1".to_owned(),
                    };
                    lines[i] = format!("{k}= {v}");
                }
            }
            3 => {
                lines.remove(i);
            }
            4 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            5 => lines.truncate(i),
            6 => lines[i] = String::from_utf8_lossy(&b.rest()[..b.rest().len().min(40)]).into_owned(),
            _ => {
                let l = lines[i].clone();
                let j = b.below(lines.len());
                lines.insert(j, l);
            }
        }
    }
    lines.join("\n")
}

/// A card file of the game picked by the first byte (Mystic Vale's base set or one of its expansions
/// loaded after the base set, Command of Nature, or the spirit duel's two files), edited by the other
/// bytes or replaced by them, is loaded.
pub fn card_files(data: &[u8]) {
    let mut b = Bytes::new(data);
    let which = b.u8() % 4;
    let flags = b.u8();
    let raw = flags & 1 == 1;
    // Mystic Vale: bits 1-2 pick the file edited, the base set or an expansion loaded after it.
    let expansion = match (which, (flags >> 1) & 3) {
        (0, 1) => Some(("wild.toml", mv::cards::WILD_TOML)),
        (0, 2) => Some(("magic.toml", mv::cards::MAGIC_TOML)),
        _ => None,
    };
    let base = match which {
        0 => expansion.map_or(mv::cards::BASE_TOML, |(_, t)| t).to_owned(),
        1 => con::cards::default_file_text(),
        2 => sd::cards::SPIRITS_TOML.to_owned(),
        _ => sd::cards::ABILITIES_TOML.to_owned(),
    };
    let text = if raw { String::from_utf8_lossy(b.rest()).into_owned() } else { edit_text(&base, &mut b) };
    let result = match which {
        0 => match expansion {
            Some((name, _)) => mv::CardDb::build(("base.toml", mv::cards::BASE_TOML), &[(name, text.as_str())]),
            None => mv::CardDb::parse("cards.toml", &text),
        }
        .map(|_| ())
        .map_err(|e| e.to_string()),
        1 => con::cards::load_text("cards.toml", &text).map(|_| ()).map_err(|e| e.to_string()),
        2 => sd::Tables::load(&text, sd::cards::ABILITIES_TOML, ("s.toml", "a.toml"))
            .map(|_| ())
            .map_err(|e| e.to_string()),
        _ => sd::Tables::load(sd::cards::SPIRITS_TOML, &text, ("s.toml", "a.toml"))
            .map(|_| ())
            .map_err(|e| e.to_string()),
    };
    if let Err(e) = result {
        assert_one_line("card file", &e);
    }
}

/// Plays a random game from `g`, checking the invariants at every step.
pub fn check_playout<G: Game>(mut g: G, rng: &mut GameRng) {
    let bound = G::max_game_length(g.options());
    let mut legal = Vec::new();
    for step in 0..MAX_PLAYOUT {
        let to_move = g.to_move();
        if g.is_terminal() {
            assert_eq!(to_move, None, "a finished game has a seat to move");
            assert_eq!(g.scores().len(), g.num_seats());
            return;
        }
        let Some(seat) = to_move else { panic!("a game not over has no seat to move (step {step})") };
        assert!(seat.index() < g.num_seats(), "{seat} to move in a game of {}", g.num_seats());
        assert!(step < bound, "the game runs past its bound of {bound} actions");
        legal.clear();
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action for {seat} in a game not over (step {step})");
        let a = legal[rng.index(legal.len())];
        if let Err(e) = g.try_apply(a, &mut sylvan_engine::NoEvents) {
            panic!("a listed action is illegal: {e}");
        }
    }
}

/// Deserializes mutated options and setup and, if the game accepts them, plays it out.
fn check_setup<G: Game>(options: Value, setup: Value, seed: u64) {
    let options: G::Options = match serde_json::from_value(options) {
        Ok(o) => o,
        Err(e) => return assert_one_line("options", &e.to_string()),
    };
    let setup: G::Setup = match serde_json::from_value(setup) {
        Ok(s) => s,
        Err(e) => return assert_one_line("setup", &e.to_string()),
    };
    match G::from_setup(&options, &setup, seed) {
        Err(e) => assert_one_line("from_setup", &e.to_string()),
        Ok(g) => check_playout(g, &mut GameRng::new(seed)),
    }
}

fn setup_case<G: Game>(options: &G::Options, setup: &G::Setup, b: &mut Bytes) {
    let (Ok(mut o), Ok(mut s)) = (serde_json::to_value(options), serde_json::to_value(setup)) else { return };
    if b.u8() & 3 == 0 {
        mutate_json(&mut o, b);
    }
    mutate_json(&mut s, b);
    check_setup::<G>(o, s, b.u64());
}

/// A Command of Nature position: the Sages in Row III, their basics filling Rows I and II (a legal
/// position leaves no empty slot in front of an elemental, FR:422), and pack commands in hand and deck.
pub fn con_setup(b: &mut Bytes) -> (con::Options, con::Setup) {
    let teams = b.u8() & 1 == 1;
    let (options, sages) = if teams {
        (
            con::Options { players: 4, teams: true, ..con::Options::default() },
            vec![con::Faction::Twig, con::Faction::Pebble, con::Faction::Leaf, con::Faction::Droplet],
        )
    } else {
        (con::Options::default(), vec![con::Faction::Twig, con::Faction::Pebble])
    };
    let table = con::cards::table();
    let w = if teams { 2 } else { 1 };
    let mut pos = con::Position::default();
    for (seat, f) in sages.iter().enumerate() {
        let Some(pack) = table.packs.get(*f as usize) else { continue };
        let (side, half) = (seat % 2, seat / 2);
        let owner = seat as u8;
        let unit = |card| con::Unit { card, owner, ..con::Unit::default() };
        // Row I: one slot per player; Row II: two; the Sage in the middle of Row III.
        let mut slots = vec![(con::slot(0, half), pack.basic), (con::slot(2, 3 * half + 1), pack.sage)];
        slots.extend((0..2).map(|c| (con::slot(1, 2 * half + c), pack.basic)));
        if w == 1 || b.u8() & 1 == 1 {
            slots.push((con::slot(2, 3 * half), pack.warriors[0]));
        }
        pos.units[side].extend(slots.into_iter().map(|(s, c)| (s, unit(c))));
    }
    let card = |s: &str| s.parse::<con::Card>().ok();
    let n = options.players;
    pos.hands = vec![["close-strike", "far-strike"].iter().filter_map(|s| card(s)).collect(); n];
    pos.decks = vec![["close-strike", "natural-restoration"].iter().filter_map(|s| card(s)).collect(); n];
    pos.levels = vec![1; n];
    pos.gold = [3, 4];
    (options, con::Setup { sages, first_side: b.u8() & 1, position: Some(pos), ..con::Setup::default() })
}

/// A Mystic Vale setup: options with 2-4 players, mostly both expansions (`sets=base,magic,wild`) and
/// leaders, sometimes six conclaves, and the explicit setup of a fresh deal (every player's zones, leader, the commons, the vale
/// rows and the pool).
pub fn mv_setup(b: &mut Bytes) -> Option<(mv::Options, mv::Setup)> {
    let flags = b.u8();
    let sets = if flags & 3 == 0 { "base" } else { "base,magic,wild" };
    let leaders = match (sets, (flags >> 2) % 3) {
        ("base", _) | (_, 0) => mv::setup::Leaders::None,
        (_, 1) => mv::setup::Leaders::Random,
        _ => mv::setup::Leaders::Choose,
    };
    // Conclaves (one case in four): six distinct ones picked by the bytes; the cards come from every set.
    let mut conclaves = String::new();
    if flags & 0x30 == 0x30
        && let Ok(all) = mv::conclaves::Conclaves::embedded()
    {
        let mut keys: Vec<&str> = all.list.iter().map(|c| c.key.as_str()).collect();
        let mut picked = Vec::new();
        while picked.len() < mv::conclaves::PICK && !keys.is_empty() {
            picked.push(keys.remove(b.below(keys.len())));
        }
        conclaves = picked.join(",");
    }
    let sets = if conclaves.is_empty() { sets } else { "base" };
    let options =
        mv::Options { players: 2 + b.below(3), sets: sets.to_owned(), leaders, conclaves, ..mv::Options::default() };
    let g = mv::MysticVale::new(&options, b.u64()).ok()?;
    let db = &*g.db;
    let adv = |id: u8| db.advancements.get(usize::from(id)).map(|a| a.key.clone());
    let vale = |id: u8| db.vales.get(usize::from(id)).map(|v| v.key.clone());
    let players = g
        .players
        .iter()
        .map(|p| mv::SetupPlayer {
            cards: Vec::new(),
            deck: p.deck.iter().rev().copied().collect(),
            on_deck: p.on_deck,
            field: p.field.to_vec(),
            discard: p.discard.to_vec(),
            token_active: p.token_active,
            vp: p.vp,
            vales: p.vales.iter().filter_map(|&v| vale(v)).collect(),
            leader: p.leader.and_then(|l| db.leaders.get(usize::from(l.id))).map(|l| l.key.clone()),
            leader_upgraded: p.leader.is_some_and(|l| l.upgraded),
            amulet: p.amulet.and_then(|a| db.amulets.get(usize::from(a))).map(|a| a.key.clone()),
            workshop: p.fx.workshop.pile.iter().filter_map(|&a| adv(a)).collect(),
        })
        .collect();
    let commons = g.commons.map(|row| row.iter().filter_map(|&a| adv(a)).collect());
    let vales = g.vale_row.map(|row| row.iter().filter_map(|&v| vale(v)).collect());
    let setup = mv::Setup {
        start: g.start,
        players,
        commons: Some(commons),
        vales: Some(vales),
        pool: Some(g.pool),
        ..mv::Setup::default()
    };
    Some((options, setup))
}

/// A valid setup of the game picked by the first byte (Equinox, the spirit duel, Command of Nature or
/// Mystic Vale), mutated with its options, is built and played out.
pub fn setups(data: &[u8]) {
    let mut b = Bytes::new(data);
    let which = b.u8() % 4;
    let seed = b.u64();
    let mut rng = GameRng::new(seed);
    match which {
        0 => {
            let options = options::<eq::Equinox>(&mut b);
            let setup = eq::Setup::deal(&options, &mut rng);
            setup_case::<eq::Equinox>(&options, &setup, &mut b);
        }
        1 => {
            let options = sd::Options { solo: b.u8() & 1 == 1, ..sd::Options::default() };
            let Ok(tables) = sd::Tables::default_set() else { return };
            let setup = sd::Setup::deal(&options, tables, &mut rng);
            setup_case::<sd::SpiritDuel>(&options, &setup, &mut b);
        }
        2 => {
            let (options, setup) = con_setup(&mut b);
            setup_case::<con::CommandOfNature>(&options, &setup, &mut b);
        }
        _ => {
            let Some((options, setup)) = mv_setup(&mut b) else { return };
            setup_case::<mv::MysticVale>(&options, &setup, &mut b);
        }
    }
}

/// Setups over the box are refused with the kind `components` and a one-line error naming the field,
/// never built, never a panic. The first byte picks the game:
///
/// - Equinox: a dealt setup with a card twice (in a hand and the draw pile), a creature card of a
///   champion not in the game, or a tree card beyond the options';
/// - the spirit duel: a dealt setup with a card twice (hand and deck) or another team's card in a hand;
/// - Mystic Vale (the other two values): a valid setup with one advancement given in more copies than
///   the sets hold (in the decks, or sleeved in a player's cards), a workshop for a player whose leader
///   has none, or a pool beyond the box's tokens.
pub fn box_counts(data: &[u8]) {
    let mut b = Bytes::new(data);
    match b.u8() % 4 {
        0 => equinox_over_the_box(&mut b),
        1 => spirit_duel_over_the_box(&mut b),
        _ => mystic_vale_over_the_box(&mut b),
    }
}

/// Asserts that `result` is a one-line `components` error naming `field`.
fn refused_as_components<G>(result: Result<G, sylvan_engine::SetupError>, field: &str, what: &str) {
    match result {
        Ok(_) => panic!("a setup over the box ({what}) is accepted"),
        Err(e) => {
            assert_one_line("from_setup", &e.to_string());
            assert_eq!(e.kind, sylvan_engine::SetupErrorKind::Components, "{what}: {e}");
            assert!(e.field.starts_with(field), "{what}: {e} names `{}`, not `{field}`", e.field);
        }
    }
}

fn equinox_over_the_box(b: &mut Bytes) {
    let options = options::<eq::Equinox>(b);
    let mut setup = eq::Setup::deal(&options, &mut GameRng::new(b.u64()));
    let (field, what) = match b.u8() % 3 {
        0 => {
            let Some(hand) = setup.hands.first() else { return };
            let Some(&c) = hand.get(b.below(hand.len().max(1))) else { return };
            setup.deck.insert(b.below(setup.deck.len() + 1), c);
            ("deck", "a card twice")
        }
        1 => {
            let Some(out) = eq::Creature::ALL.into_iter().find(|c| !setup.champions.contains(c)) else { return };
            setup.discard.push(out.card(b.below(11) as u8));
            ("discard", "a creature of a champion not in the game")
        }
        _ => {
            if options.ancestors >= 3 {
                return;
            }
            setup
                .discard
                .push(eq::TreeKind::Ancetre.card(options.ancestors + b.below(3 - options.ancestors as usize) as u8));
            ("discard", "a tree card beyond the options'")
        }
    };
    refused_as_components(eq::Equinox::from_setup(&options, &setup, b.u64()), field, what);
}

fn spirit_duel_over_the_box(b: &mut Bytes) {
    let options = sd::Options { solo: b.u8() & 1 == 1, ..sd::Options::default() };
    let Ok(tables) = sd::Tables::default_set() else { return };
    let mut setup = sd::Setup::deal(&options, tables, &mut GameRng::new(b.u64()));
    let side = b.below(2);
    let (field, what) = if b.u8() & 1 == 0 {
        let hand = &setup.sides[side].hand;
        let Some(&c) = hand.get(b.below(hand.len().max(1))) else { return };
        setup.sides[side].deck.push(c);
        (format!("sides[{side}].deck"), "a card twice")
    } else {
        let team = if side == 0 { options.team.other() } else { options.team };
        let theirs = sd::setup::card_list(tables.team_cards[team.index()]);
        let Some(&c) = theirs.get(b.below(theirs.len().max(1))) else { return };
        setup.sides[side].hand.push(c);
        (format!("sides[{side}].hand"), "another team's card")
    };
    refused_as_components(sd::SpiritDuel::from_setup(&options, &setup, b.u64()), &field, what);
}

fn mystic_vale_over_the_box(b: &mut Bytes) {
    let Some((options, mut setup)) = mv_setup(b) else { return };
    if options.with_conclaves() {
        // A card outside the conclaves is refused for that first: another property.
        return;
    }
    let Some(db) = mv::MysticVale::new(&options, 1).ok().map(|g| g.db) else { return };
    // Advancements that may be in the decks: not starting cards, and in the game's conclaves if any.
    let level = 1 + b.below(3) as u8;
    let candidates: Vec<&mv::cards::Advancement> = db
        .advancements
        .iter()
        .enumerate()
        .filter(|&(id, a)| {
            let id = id as u8;
            a.level == level && id != db.cursed_land && id != db.starting_soil && !db.soil.contains(&id)
        })
        .map(|(_, a)| a)
        .collect();
    if candidates.is_empty() {
        return;
    }
    let a = candidates[b.below(candidates.len())];
    let (field, needle) = match b.u8() % 4 {
        0 => {
            let extra = usize::from(a.copies) + 1 + b.below(64);
            let mut decks: [Vec<String>; 3] = Default::default();
            decks[usize::from(level - 1)] = vec![a.key.clone(); extra];
            setup.adv_decks = Some(decks);
            ("adv_decks", "copies")
        }
        1 => {
            let Some(p) = setup.players.first_mut() else { return };
            if p.leader.as_deref().is_some_and(|l| l == "old-bakarab") {
                return;
            }
            p.workshop = vec![a.key.clone()];
            ("workshop", "workshop")
        }
        2 => {
            // Copies sleeved one to a card on player 0's first cards (the rest blank; card 19, which may
            // carry the leader, stays blank).
            let n = (usize::from(a.copies) + 1 + b.below(4)).min(mv::state::NUM_CARDS - 1);
            if n <= usize::from(a.copies) {
                return;
            }
            let Some(p) = setup.players.first_mut() else { return };
            p.cards = (0..mv::state::NUM_CARDS).map(|c| if c < n { vec![a.key.clone()] } else { Vec::new() }).collect();
            ("players[0].cards", "copies")
        }
        _ => {
            setup.pool = Some(mv::setup::BOX_VP.saturating_add(1 + b.below(1000) as u16));
            ("pool", "pool")
        }
    };
    match mv::MysticVale::from_setup(&options, &setup, b.u64()) {
        Ok(_) => panic!("a setup over the box ({field}) is accepted"),
        Err(e) => {
            let text = e.to_string();
            assert_one_line("from_setup", &text);
            assert!(text.contains(needle), "{field}: {text}");
        }
    }
}
