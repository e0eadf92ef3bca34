//! The difficulty levels `easy`, `medium`, `hard`, `expert` of every game: each parses, resolves to the
//! game's own table within the promised time caps, accepts a budget override, and plays a legal game
//! to its end through the registry (with tiny search budgets, given through the override).

use sylvan_bots::{BotSpec, DynBot, Level, bot_seed, play_dyn};
use sylvan_registry::Registry;

type TestResult = Result<(), String>;

fn spec(text: &str) -> Result<BotSpec, String> {
    text.parse().map_err(|e: sylvan_bots::SpecError| format!("{text}: {e}"))
}

#[test]
fn levels_parse_display_back_and_reject_other_parameters() -> TestResult {
    for text in ["easy", "medium", "hard", "expert", "hard:iters=50", "expert:ms=200", "hard:iters=5:ms=100"] {
        assert_eq!(spec(text)?.to_string(), text);
    }
    assert_eq!(spec("heuristic:noise=0.25")?.to_string(), "heuristic:noise=0.25");
    assert_eq!(spec("heuristic:noise=0")?, BotSpec::Heuristic);
    let err = |t: &str| t.parse::<BotSpec>().err().map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(err("hard:depth=3"), "bot `hard`: unknown parameter `depth` (known: iters, ms)");
    assert_eq!(err("easy:iters=0"), "bot `easy`: `iters=0`: expected a whole number from 1 to 4294967295");
    assert_eq!(err("heuristic:noise=2"), "bot `heuristic`: `noise=2`: expected a number from 0 to 1");
    assert_eq!(err("heuristic:fast=1"), "bot `heuristic`: unknown parameter `fast` (known: noise)");
    Ok(())
}

#[test]
fn every_game_has_a_ladder_within_its_time_caps() -> TestResult {
    let registry = Registry::standard();
    for entry in registry.all() {
        let levels = entry.levels();
        let table: Vec<String> = Level::ALL.iter().map(|&l| levels.get(l).to_string()).collect();
        // The lower levels are the heuristic (with noise, or with less and less of it where search
        // does not beat the heuristic by a level's step: Mystic Vale), or, where the heuristic is too
        // close to random (Equinox), small searches under `hard`'s time cap. `expert` searches.
        let searches = |t: &str| t.starts_with("ismcts:") && t.contains(":ms=1000");
        let heuristic = |t: &str| t == "heuristic" || t.starts_with("heuristic:noise=");
        assert!(
            table[0].starts_with("heuristic:noise=") || searches(&table[0]),
            "{}: easy is {}",
            entry.name(),
            table[0]
        );
        for (level, t) in ["medium", "hard"].iter().zip(&table[1..3]) {
            assert!(heuristic(t) || searches(t), "{}: {level} is {t}", entry.name());
        }
        let search_bot = |t: &str| t.starts_with("ismcts:") || t.starts_with("paired:");
        assert!(search_bot(&table[3]) && table[3].contains(":ms=5000"), "{}: {}", entry.name(), table[3]);
        // A budget override replaces the budget and keeps the rest of the configuration.
        let hard = levels.resolve(&spec("hard:iters=7")?).to_string();
        if searches(&table[2]) {
            let expected = table[2].replace(":ms=1000", "");
            let expected =
                expected.split(':').map(|p| if p.starts_with("iters=") { "iters=7" } else { p }).collect::<Vec<_>>();
            assert_eq!(hard, expected.join(":"), "{}", entry.name());
        } else {
            assert_eq!(hard, table[2], "{}: a level that does not search ignores the budget", entry.name());
        }
        // Levels that do not search ignore the override.
        if table[1] == "heuristic" {
            assert_eq!(levels.resolve(&spec("medium:iters=7")?), BotSpec::Heuristic);
        }
        // Analysis and hints judge with a search at every level, `hard` included.
        for text in ["hard:iters=7", "hard"] {
            let judge = entry.judge(&spec(text)?, 1).map_err(|e| format!("{}: {text}: {e}", entry.name()))?;
            assert!(judge.search_stats().is_some(), "{}: {text} judges without searching", entry.name());
        }
        // Listings show the levels and what they play.
        let described = entry.describe();
        assert_eq!(described["levels"][2]["spec"].as_str(), Some(table[2].as_str()), "{}", entry.name());
        let names = entry.bot_names();
        for level in Level::ALL {
            assert!(names.contains(&level.name()), "{}: {names:?}", entry.name());
        }
    }
    Ok(())
}

/// Every level of every game plays a whole game against the others, through the erased game, with
/// every choice checked legal by `play_dyn`.
#[test]
fn every_level_plays_a_legal_game_of_every_game() -> TestResult {
    let registry = Registry::standard();
    for entry in registry.listed() {
        let options = entry.game().options(None, &[]).map_err(|e| e.to_string())?;
        let mut searched = 0usize;
        for (g, pair) in [["easy", "hard:iters=12"], ["expert:iters=12", "medium"]].iter().enumerate() {
            let mut game = entry.game().new_game(&options, 40 + g as u64).map_err(|e| e.to_string())?;
            let seats = game.num_seats();
            let mut bots: Vec<Box<dyn DynBot>> = (0..seats)
                .map(|s| {
                    let text = pair[s % 2];
                    entry
                        .bot(&spec(text)?, bot_seed(5, g as u64, s))
                        .map_err(|e| format!("{}: {text}: {e}", entry.name()))
                })
                .collect::<Result<_, _>>()?;
            play_dyn(&mut *game, &mut bots, |d| {
                if d.bot.last_search().is_some_and(|s| s.iterations > 0) {
                    searched += 1;
                }
            })
            .map_err(|e| format!("{}: {e}", entry.name()))?;
            assert!(game.is_terminal(), "{}", entry.name());
        }
        assert!(searched > 0, "{}: the search levels never searched", entry.name());
    }
    Ok(())
}
