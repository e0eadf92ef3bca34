//! Issue 32: a game's card database is a shared, reference-counted ruleset. Games of equal card data
//! share one instance (also through a JSON round trip), and the last game dropped frees it: nothing is
//! leaked. Its own test binary, so that no other test creates databases meanwhile.

use std::sync::{Arc, Mutex};

use sylvan_engine::Game;
use sylvan_mystic_vale::cards::BASE_TOML;
use sylvan_mystic_vale::conclaves::Conclaves;
use sylvan_mystic_vale::{DbRef, MysticVale, Options};

/// The tests of this binary one at a time: each counts the databases alive in the process.
static SERIAL: Mutex<()> = Mutex::new(());

#[test]
fn card_databases_are_shared_and_freed_with_their_last_game() -> Result<(), String> {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let _base = DbRef::base();
    let start = DbRef::live_databases();
    let dir = std::env::temp_dir().join(format!("sylvan-rulesets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let file = |i: usize| dir.join(format!("cards-{i}.toml")).display().to_string();
    let mut games = Vec::new();
    for i in 0..40 {
        // Distinct content: the base set with its own comment line.
        std::fs::write(file(i), format!("{BASE_TOML}\n# copy {i}\n")).map_err(|e| e.to_string())?;
        let options = Options { cards: file(i), ..Options::default() };
        let game = MysticVale::new(&options, i as u64).map_err(|e| e.to_string())?;
        games.push(game.clone());
        games.push(game);
    }
    assert_eq!(DbRef::live_databases(), start + 40, "one database per distinct card file");
    // A clone shares its database; a game of the same file shares it too, and so does a state read back.
    assert!(Arc::ptr_eq(games[0].db.arc(), games[1].db.arc()));
    let again = MysticVale::new(&Options { cards: file(3), ..Options::default() }, 9).map_err(|e| e.to_string())?;
    assert!(Arc::ptr_eq(again.db.arc(), games[6].db.arc()));
    let json = serde_json::to_string(&games[10]).map_err(|e| e.to_string())?;
    assert!(json.contains("cards-5.toml"), "the state still names its card file");
    let back: MysticVale = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    assert!(Arc::ptr_eq(back.db.arc(), games[10].db.arc()));
    assert_eq!(back, games[10]);
    assert_eq!(DbRef::live_databases(), start + 40);
    // Embedded sets: two games of `base,wild` share one database.
    let wild = Options { sets: "base,wild".into(), ..Options::default() };
    let (w1, w2) = (MysticVale::new(&wild, 1), MysticVale::new(&wild, 2));
    let (w1, w2) = (w1.map_err(|e| e.to_string())?, w2.map_err(|e| e.to_string())?);
    assert!(Arc::ptr_eq(w1.db.arc(), w2.db.arc()));
    drop((w1, w2));
    let with_wild = DbRef::live_databases();
    drop((games, again, back));
    assert_eq!(
        DbRef::live_databases(),
        with_wild - 40,
        "every file's database is freed with its last game (the embedded combination stays pinned)"
    );
    // Deserializing a state reads no file: once its database is freed, a state naming a card file
    // that exists (and would load) is refused, and loading the file explicitly makes it readable again.
    assert!(std::fs::metadata(file(5)).is_ok_and(|m| m.is_file()), "the file is still on disk");
    let e = serde_json::from_str::<MysticVale>(&json).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("cards-5.toml") && e.contains("not loaded"), "{e}");
    assert_eq!(DbRef::live_databases(), with_wild - 40, "nothing was loaded by the failed read");
    let loaded = MysticVale::new(&Options { cards: file(5), ..Options::default() }, 5).map_err(|e| e.to_string())?;
    let back: MysticVale = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    assert!(Arc::ptr_eq(back.db.arc(), loaded.db.arc()), "found in memory, by its file's content");
    // A file loaded twice with different contents, both alive: the state cannot tell which, and says so.
    std::fs::write(file(5), format!("{BASE_TOML}\n# changed\n")).map_err(|e| e.to_string())?;
    let changed = MysticVale::new(&Options { cards: file(5), ..Options::default() }, 6).map_err(|e| e.to_string())?;
    assert!(!Arc::ptr_eq(changed.db.arc(), loaded.db.arc()));
    let e = serde_json::from_str::<MysticVale>(&json).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("different contents"), "{e}");
    drop((back, loaded, changed));
    // A state naming a file that was never loaded here, and a path that does not exist: refused alike.
    let never = json.replace("cards-5.toml", "cards-7.toml");
    let e = serde_json::from_str::<MysticVale>(&never).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("cards-7.toml") && e.contains("not loaded"), "{e}");
    let missing = json.replace("cards-5.toml", "missing.toml");
    let e2 = serde_json::from_str::<MysticVale>(&missing).err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(e2.replace("missing.toml", "cards-7.toml"), e, "the same answer whether the file exists or not");
    // Embedded sets need no file: a state of `base+wild` reads back from memory.
    let w = MysticVale::new(&wild, 3).map_err(|e| e.to_string())?;
    let back: MysticVale =
        serde_json::from_str(&serde_json::to_string(&w).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    assert_eq!(back, w);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// The conclaves worked out for a database live in it: freed with it, one per database while it lives
/// (a process that plays many card files keeps no list of them).
#[test]
fn conclaves_are_freed_with_their_database() -> Result<(), String> {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("sylvan-conclaves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut weak = Vec::new();
    for i in 0..12 {
        let path = dir.join(format!("core-{i}.toml")).display().to_string();
        std::fs::write(&path, format!("{BASE_TOML}\n# copy {i}\n")).map_err(|e| e.to_string())?;
        let db = DbRef::resolve(Some(&format!("{path}+wild+magic+manastorm"))).map_err(|e| e.to_string())?;
        let c = Conclaves::for_db(db.clone()).map_err(|e| e.to_string())?;
        let again = Conclaves::for_db(db.clone()).map_err(|e| e.to_string())?;
        assert!(Arc::ptr_eq(&c, &again), "worked out once per database");
        assert!(!c.list.is_empty());
        weak.push(Arc::downgrade(&c));
        // A database without the conclaves' sets keeps its failure, freed with it too.
        let bare = DbRef::resolve(Some(&path)).map_err(|e| e.to_string())?;
        assert!(Conclaves::for_db(bare).is_err());
    }
    assert!(weak.iter().all(|w| w.upgrade().is_none()), "every database's conclaves are freed with it");
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
