//! Storage: games, seats and actions, behind [`Store`] so that another database can be added;
//! [`SqliteStore`] keeps them in one SQLite file (WAL, schema created and migrated on first start).
//!
//! Every action is appended in its own transaction before the server applies it or tells anyone, so
//! a game survives a crash of the process at any point: on restart it is replayed from its seed and its
//! actions ([`StoredGame`]).

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};
use thiserror::Error;

/// A storage failure.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("database: {0}")]
    Db(#[from] rusqlite::Error),
    /// The database holds something the server cannot read.
    #[error("database: game {game}: {message}")]
    Corrupt {
        /// The game.
        game: String,
        /// What is wrong.
        message: String,
    },
    /// The file is not a database this server can use (another program's, corrupt, newer): one line
    /// saying what is wrong.
    #[error("{0}")]
    Unusable(String),
    /// An append out of order (another writer got there first).
    #[error("game {game}: action {n} is not the next one")]
    OutOfOrder {
        /// The game.
        game: String,
        /// The action number.
        n: usize,
    },
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// Nobody yet: anyone may join it.
    Open,
    /// A bot of this spec, played by the server.
    Bot(String),
    /// A person holding the seat's token.
    Taken,
    /// The game plays it itself (the spirit duel's solo Robot).
    Automated,
}

/// One seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// Who sits there.
    pub kind: SeatKind,
    /// The SHA-256 of the seat's token (hex), for a taken seat.
    pub token_hash: Option<String>,
    /// An optional display name.
    pub name: Option<String>,
}

/// One game as stored: enough to replay it to its current move.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The game's name (`equinox`...).
    pub game: String,
    /// The options, as JSON text.
    pub options: String,
    /// The seed of the deal.
    pub seed: u64,
    /// The per-move clock of human seats, in milliseconds.
    pub clock_ms: Option<u64>,
    /// Seconds since the Unix epoch when it was created.
    pub created: u64,
    /// The seats, in order.
    pub seats: Vec<StoredSeat>,
    /// The actions, in notation, in order, each with whether its seat may take it back.
    pub actions: Vec<(String, bool)>,
    /// The record (JSON text) once the game is over.
    pub record: Option<String>,
    /// Every seat agreed to hints (the analysis bot's advice) for people.
    pub hints: bool,
    /// Seconds since the Unix epoch of the last change (a seat taken, an action, an undo).
    pub active: u64,
    /// What of the game could not be read from the database, if anything (the game is then set aside).
    pub problem: Option<String>,
}

/// Where games live. Every method is one transaction.
pub trait Store: Send + Sync {
    /// Stores a new game (no actions yet).
    fn create(&self, game: &StoredGame) -> Result<(), StoreError>;
    /// Gives an open seat to the holder of `token_hash`; `false` if the seat is not open.
    fn take_seat(&self, id: &str, seat: usize, token_hash: &str, name: Option<&str>) -> Result<bool, StoreError>;
    /// Appends action number `n` (0-based), which must be the next one, and whether its seat may take
    /// it back.
    fn append(&self, id: &str, n: usize, notation: &str, undoable: bool) -> Result<(), StoreError>;
    /// Removes the actions from number `n` on (an undo).
    fn truncate(&self, id: &str, n: usize) -> Result<(), StoreError>;
    /// Marks the game over, keeping its record.
    fn finish(&self, id: &str, record: &str) -> Result<(), StoreError>;
    /// Every game, with its seats and actions.
    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// Deletes a game with its seats and actions (an expired game).
    fn delete(&self, id: &str) -> Result<(), StoreError>;
}

/// The schema, one migration per entry; `PRAGMA user_version` counts those applied.
const MIGRATIONS: &[&str] = &[
    "
    CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        clock_ms INTEGER,
        created INTEGER NOT NULL,
        record TEXT
    );
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT,
        token_hash TEXT,
        name TEXT,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games(id),
        n INTEGER NOT NULL,
        notation TEXT NOT NULL,
        undoable INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, n)
    );
",
    "
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
",
    "
    ALTER TABLE games ADD COLUMN active INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET active = created;
",
];

/// Games in one SQLite file.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (or creates) the database at `path`, in WAL mode, and brings its schema up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let conn = Connection::open(path).map_err(unusable)?;
        check_schema(&conn)?;
        // WAL with synchronous=NORMAL: a commit is in the file once it returns, so a killed process
        // loses nothing; only a power cut may lose the last commits.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let version: usize = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
            let tx = conn.unchecked_transaction()?;
            tx.execute_batch(sql)?;
            tx.pragma_update(None, "user_version", i + 1)?;
            tx.commit()?;
        }
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    /// Checks, without changing its content, that the existing file at `path` is a database this server can
    /// use: SQLite, not corrupt, empty or with this server's schema (not another program's, not a newer
    /// one). The error is one line saying what is wrong (the caller names the file).
    pub fn check(path: &Path) -> Result<(), StoreError> {
        let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_WRITE | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(unusable)?;
        check_schema(&conn).map(drop)
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back the
        // unfinished transaction.
        self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The tables a database of this server holds.
const TABLES: [&str; 3] = ["games", "seats", "actions"];

/// An SQLite error met while opening or checking a database, in one line.
fn unusable(e: rusqlite::Error) -> StoreError {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("").trim();
    StoreError::Unusable(format!("not a usable SQLite database: {}", sylvan_engine::carddata::printable(first, 200)))
}

/// Checks the schema of an open database (see [`SqliteStore::check`]); returns its schema version.
fn check_schema(conn: &Connection) -> Result<usize, StoreError> {
    let version: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).map_err(unusable)?;
    let mut stmt = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
        .map_err(unusable)?;
    let tables: Vec<String> =
        stmt.query_map([], |r| r.get(0)).map_err(unusable)?.collect::<Result<_, _>>().map_err(unusable)?;
    drop(stmt);
    let listed = || {
        let shown: Vec<String> = tables.iter().take(5).map(|t| sylvan_engine::carddata::printable(t, 40)).collect();
        let more = if tables.len() > 5 { format!(" and {} more", tables.len() - 5) } else { String::new() };
        format!("{}{more}", shown.join(", "))
    };
    let known = MIGRATIONS.len() as i64;
    if version < 0 || version > known {
        return Err(StoreError::Unusable(format!(
            "schema version {version}: not one this server wrote (it knows 0 to {known}); a newer sylvan's, or \
             another program's database"
        )));
    }
    if version == 0 && !tables.is_empty() {
        return Err(StoreError::Unusable(format!(
            "another program's SQLite database (tables {}), not a sylvan server's: give --db a new file",
            listed()
        )));
    }
    if version > 0
        && let Some(missing) = TABLES.iter().find(|t| !tables.iter().any(|x| x == *t))
    {
        return Err(StoreError::Unusable(format!(
            "not a sylvan server's database: no table `{missing}` (tables {})",
            listed()
        )));
    }
    let check: String = conn.pragma_query_value(None, "quick_check", |r| r.get(0)).map_err(unusable)?;
    if check != "ok" {
        let first = check.lines().next().unwrap_or("");
        return Err(StoreError::Unusable(format!(
            "a corrupt SQLite database: {}",
            sylvan_engine::carddata::printable(first, 200)
        )));
    }
    Ok(version as usize)
}

fn kind_columns(kind: &SeatKind) -> (&'static str, Option<&str>) {
    match kind {
        SeatKind::Open => ("open", None),
        SeatKind::Bot(spec) => ("bot", Some(spec)),
        SeatKind::Taken => ("taken", None),
        SeatKind::Automated => ("automated", None),
    }
}

impl Store for SqliteStore {
    fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO games (id, game, options, seed, clock_ms, created, record, hints, active) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                game.id,
                game.game,
                game.options,
                game.seed as i64,
                game.clock_ms.map(|c| c as i64),
                game.created as i64,
                game.record,
                game.hints,
                game.active as i64
            ],
        )?;
        for (i, seat) in game.seats.iter().enumerate() {
            let (kind, bot) = kind_columns(&seat.kind);
            tx.execute(
                "INSERT INTO seats (game_id, seat, kind, bot, token_hash, name) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![game.id, i as i64, kind, bot, seat.token_hash, seat.name],
            )?;
        }
        for (n, (a, u)) in game.actions.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game_id, n, notation, undoable) VALUES (?1, ?2, ?3, ?4)",
                params![game.id, n as i64, a, u],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn take_seat(&self, id: &str, seat: usize, token_hash: &str, name: Option<&str>) -> Result<bool, StoreError> {
        let conn = self.conn();
        let changed = conn.execute(
            "UPDATE seats SET kind = 'taken', token_hash = ?3, name = ?4 WHERE game_id = ?1 AND seat = ?2 AND kind = 'open'",
            params![id, seat as i64, token_hash, name],
        )?;
        if changed == 1 {
            touch(&conn, id)?;
        }
        Ok(changed == 1)
    }

    fn append(&self, id: &str, n: usize, notation: &str, undoable: bool) -> Result<(), StoreError> {
        let conn = self.conn();
        // One transaction (one commit): the action is stored only if it is the next one, with the
        // game's time of last change.
        let tx = conn.unchecked_transaction()?;
        let mut insert = tx.prepare_cached(
            "INSERT INTO actions (game_id, n, notation, undoable) SELECT ?1, ?2, ?3, ?4 \
             WHERE (SELECT COALESCE(MAX(n) + 1, 0) FROM actions WHERE game_id = ?1) = ?2",
        )?;
        if insert.execute(params![id, n as i64, notation, undoable])? != 1 {
            return Err(StoreError::OutOfOrder { game: id.to_owned(), n });
        }
        drop(insert);
        touch(&tx, id)?;
        tx.commit()?;
        Ok(())
    }

    fn truncate(&self, id: &str, n: usize) -> Result<(), StoreError> {
        let conn = self.conn();
        let tx = conn.unchecked_transaction()?;
        tx.execute("DELETE FROM actions WHERE game_id = ?1 AND n >= ?2", params![id, n as i64])?;
        touch(&tx, id)?;
        tx.commit()?;
        Ok(())
    }

    fn finish(&self, id: &str, record: &str) -> Result<(), StoreError> {
        self.conn().execute("UPDATE games SET record = ?2 WHERE id = ?1", params![id, record])?;
        Ok(())
    }

    fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let conn = self.conn();
        let mut games = Vec::new();
        let mut q = conn.prepare(
            "SELECT id, game, options, seed, clock_ms, created, record, hints, active FROM games ORDER BY created, id",
        )?;
        let rows = q.query_map([], |r| {
            Ok(StoredGame {
                id: r.get(0)?,
                game: r.get(1)?,
                options: r.get(2)?,
                seed: r.get::<_, i64>(3)? as u64,
                clock_ms: r.get::<_, Option<i64>>(4)?.map(|c| c.max(0) as u64),
                created: r.get::<_, i64>(5)?.max(0) as u64,
                record: r.get(6)?,
                hints: r.get(7)?,
                active: r.get::<_, i64>(8)?.max(0) as u64,
                seats: Vec::new(),
                actions: Vec::new(),
                problem: None,
            })
        })?;
        for g in rows {
            games.push(g?);
        }
        let mut seats =
            conn.prepare("SELECT kind, bot, token_hash, name FROM seats WHERE game_id = ?1 ORDER BY seat")?;
        let mut actions = conn.prepare("SELECT notation, undoable FROM actions WHERE game_id = ?1 ORDER BY n")?;
        for g in &mut games {
            let rows = seats.query_map(params![g.id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?, r.get(2)?, r.get(3)?))
            })?;
            for row in rows {
                let (kind, bot, token_hash, name) = row?;
                let kind = match (kind.as_str(), bot) {
                    ("open", _) => SeatKind::Open,
                    ("bot", Some(spec)) => SeatKind::Bot(spec),
                    ("taken", _) => SeatKind::Taken,
                    ("automated", _) => SeatKind::Automated,
                    (other, _) => {
                        // One unreadable game is set aside; the others load.
                        g.problem = Some(format!("database: seat kind `{other}`"));
                        SeatKind::Open
                    }
                };
                g.seats.push(StoredSeat { kind, token_hash, name });
            }
            for a in actions.query_map(params![g.id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, bool>(1)?)))? {
                g.actions.push(a?);
            }
        }
        Ok(games)
    }

    fn delete(&self, id: &str) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute("DELETE FROM actions WHERE game_id = ?1", params![id])?;
        tx.execute("DELETE FROM seats WHERE game_id = ?1", params![id])?;
        tx.execute("DELETE FROM games WHERE id = ?1", params![id])?;
        tx.commit()?;
        Ok(())
    }
}

/// Notes a change of game `id` now (for the expiry of abandoned games).
fn touch(conn: &Connection, id: &str) -> Result<(), StoreError> {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    conn.prepare_cached("UPDATE games SET active = ?2 WHERE id = ?1")?.execute(params![id, now as i64])?;
    Ok(())
}

/// Whether a game with this id exists (for tests and tools).
pub fn exists(store: &SqliteStore, id: &str) -> Result<bool, StoreError> {
    Ok(store.conn().query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |_| Ok(())).optional()?.is_some())
}
