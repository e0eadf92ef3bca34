//! Issue 38 item 9 (server side): `serve --db` on another program's SQLite file, a corrupt one or a
//! newer schema says so in one line (naming the file, through `run`), never quoting SQL, and changes
//! nothing in the file.

use std::path::Path;

use rusqlite::Connection;
use sylvan_server::Limits;
use sylvan_server::store::SqliteStore;

use crate::common::{TestResult, temp_db};

/// The one-line error of opening `db` as the server does (`run` names the file), and of `check`.
async fn refusal(db: &Path) -> Result<(String, String), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let run = sylvan_server::run(listener, db, Limits::default());
    let error = match tokio::time::timeout(std::time::Duration::from_secs(20), run).await {
        Ok(Err(e)) => e,
        Ok(Ok(())) => return Err(format!("{}: served", db.display())),
        Err(_) => return Err(format!("{}: the server started on it", db.display())),
    };
    let check = SqliteStore::check(db).err().map(|e| e.to_string()).unwrap_or_default();
    Ok((error, check))
}

fn one_clear_line(e: &str, db: &Path, what: &str) {
    assert!(!e.contains('\n'), "one line: {e}");
    assert!(e.contains(&db.display().to_string()), "names the file: {e}");
    assert!(e.contains(what), "says `{what}`: {e}");
    let upper = e.to_ascii_uppercase();
    assert!(!upper.contains("CREATE TABLE") && !upper.contains("SELECT "), "no SQL quoted: {e}");
    assert!(e.len() < 400, "short: {e}");
}

#[tokio::test]
async fn a_foreign_corrupt_or_newer_database_is_refused_in_one_line() -> TestResult {
    // Another program's database (a table of the same name as ours included).
    let foreign = temp_db("foreign");
    {
        let c = Connection::open(&foreign).map_err(|e| e.to_string())?;
        c.execute_batch(
            "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);\n\
             CREATE TABLE games (title TEXT, publisher TEXT);\n\
             INSERT INTO customers (name) VALUES ('Ada');",
        )
        .map_err(|e| e.to_string())?;
    }
    let before = std::fs::read(&foreign).map_err(|e| e.to_string())?;
    let (e, check) = refusal(&foreign).await?;
    one_clear_line(&e, &foreign, "another program's SQLite database (tables customers, games)");
    assert!(check.contains("another program's"), "{check}");
    assert_eq!(std::fs::read(&foreign).map_err(|e| e.to_string())?, before, "the foreign file is left as it was");

    // A newer schema than this server knows.
    let newer = temp_db("newer");
    Connection::open(&newer)
        .map_err(|e| e.to_string())?
        .pragma_update(None, "user_version", 99)
        .map_err(|e| e.to_string())?;
    let (e, _) = refusal(&newer).await?;
    one_clear_line(&e, &newer, "schema version 99");

    // Our version number, not our tables.
    let odd = temp_db("odd");
    {
        let c = Connection::open(&odd).map_err(|e| e.to_string())?;
        c.execute_batch("CREATE TABLE things (x); PRAGMA user_version = 1;").map_err(|e| e.to_string())?;
    }
    let (e, _) = refusal(&odd).await?;
    one_clear_line(&e, &odd, "no table `games`");

    // A corrupt file: SQLite's header, then garbage.
    let corrupt = temp_db("corrupt");
    let mut bytes = b"SQLite format 3\0".to_vec();
    bytes.extend((0..8192u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8));
    std::fs::write(&corrupt, &bytes).map_err(|e| e.to_string())?;
    let (e, check) = refusal(&corrupt).await?;
    one_clear_line(&e, &corrupt, "SQLite database");
    assert!(!check.is_empty());

    // A database of this server still opens, before and after its games.
    let ours = temp_db("ours");
    drop(SqliteStore::open(&ours).map_err(|e| e.to_string())?);
    SqliteStore::check(&ours).map_err(|e| e.to_string())?;
    drop(SqliteStore::open(&ours).map_err(|e| e.to_string())?);
    Ok(())
}
