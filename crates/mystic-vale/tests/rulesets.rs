//! Issue 32: a game's card database is a shared, reference-counted ruleset. Games of equal card data
//! share one instance (also through a JSON round trip), and the last game dropped frees it: nothing is
//! leaked. Its own test binary, so that no other test creates databases meanwhile.

use std::sync::Arc;

use sylvan_engine::Game;
use sylvan_mystic_vale::cards::BASE_TOML;
use sylvan_mystic_vale::{DbRef, MysticVale, Options};

#[test]
fn card_databases_are_shared_and_freed_with_their_last_game() -> Result<(), String> {
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
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
