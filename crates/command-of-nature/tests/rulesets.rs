//! Issue 32: a game's card table is a shared, reference-counted ruleset. Games of equal card data share
//! one instance (also through a JSON round trip), and the last game dropped frees it: nothing is
//! leaked. Its own test binary, so that no other test loads tables meanwhile.

use std::sync::Arc;

use sylvan_command_of_nature::cards::{Cards, default_file_text};
use sylvan_command_of_nature::{CommandOfNature, Options};
use sylvan_engine::Game;

#[test]
fn card_tables_are_shared_and_freed_with_their_last_game() -> Result<(), String> {
    let _base = Cards::base();
    let start = Cards::live_tables();
    let dir = std::env::temp_dir().join(format!("sylvan-con-rulesets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let file = |i: usize| dir.join(format!("cards-{i}.toml")).display().to_string();
    let text = default_file_text();
    let mut games = Vec::new();
    for i in 0..30 {
        std::fs::write(file(i), format!("{text}\n# copy {i}\n")).map_err(|e| e.to_string())?;
        let options = Options { cards: file(i), ..Options::default() };
        let game = CommandOfNature::new(&options, i as u64).map_err(|e| e.to_string())?;
        games.push(game.clone());
        games.push(game);
    }
    assert_eq!(Cards::live_tables(), start + 30, "one table per distinct card file");
    let ptr = |g: &CommandOfNature| Arc::as_ptr(g.cards.arc());
    assert_eq!(ptr(&games[0]), ptr(&games[1]));
    let again =
        CommandOfNature::new(&Options { cards: file(3), ..Options::default() }, 9).map_err(|e| e.to_string())?;
    assert_eq!(ptr(&again), ptr(&games[6]));
    let json = serde_json::to_string(&games[10]).map_err(|e| e.to_string())?;
    let back: CommandOfNature = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    assert_eq!(ptr(&back), ptr(&games[10]));
    assert_eq!(Cards::live_tables(), start + 30);
    drop((games, again, back));
    assert_eq!(Cards::live_tables(), start, "every table is freed with its last game");
    // Deserializing a state reads no file: once its table is freed, a state naming a card file that
    // exists (and would load) is refused, the same as a path that does not exist; loading the file
    // explicitly makes it readable again, found in memory.
    assert!(std::fs::metadata(file(5)).is_ok_and(|m| m.is_file()), "the file is still on disk");
    let e = serde_json::from_str::<CommandOfNature>(&json).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("cards-5.toml") && e.contains("not loaded"), "{e}");
    let missing = json.replace("cards-5.toml", "missing.toml");
    let e2 = serde_json::from_str::<CommandOfNature>(&missing).err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(e2.replace("missing.toml", "cards-5.toml"), e, "the same answer whether the file exists or not");
    assert_eq!(Cards::live_tables(), start, "nothing was loaded by the failed reads");
    let loaded =
        CommandOfNature::new(&Options { cards: file(5), ..Options::default() }, 5).map_err(|e| e.to_string())?;
    let back: CommandOfNature = serde_json::from_str(&json).map_err(|e| e.to_string())?;
    assert_eq!(ptr(&back), ptr(&loaded), "found in memory");
    // The same path loaded twice with different contents, both alive: refused, not guessed.
    std::fs::write(file(5), format!("{text}\n# changed\n")).map_err(|e| e.to_string())?;
    let changed =
        CommandOfNature::new(&Options { cards: file(5), ..Options::default() }, 6).map_err(|e| e.to_string())?;
    assert_ne!(ptr(&changed), ptr(&loaded));
    let e = serde_json::from_str::<CommandOfNature>(&json).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("different contents"), "{e}");
    drop((back, loaded, changed));
    // The embedded set needs no file.
    let base = CommandOfNature::new(&Options::default(), 1).map_err(|e| e.to_string())?;
    let back: CommandOfNature =
        serde_json::from_str(&serde_json::to_string(&base).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    assert_eq!(back, base);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
