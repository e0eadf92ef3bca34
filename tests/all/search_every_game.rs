//! The search bots on every game of the workspace: they never peek (the twin-state audit of
//! `sylvan_bots::audit`) and they are reproducible from their seed. That they beat a random player is
//! in the strength suite (`strength.rs`). Both go through the registry, which holds each game's bots
//! (a typed call here would compile every bot for every game a second time, in this test binary).

use std::sync::OnceLock;

use serde_json::Value;
use sylvan_bots::{BotSpec, DynBot, bot_seed, play_dyn};
use sylvan_registry::{Audited, Entry, Registry};

fn spec(text: &str) -> BotSpec {
    match text.parse() {
        Ok(s) => s,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn entry(game: &str) -> &'static Entry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    match REGISTRY.get_or_init(Registry::standard).get(game) {
        Ok(e) => e,
        Err(e) => panic!("{e}"),
    }
}

fn options(game: &str, players: Option<usize>, overrides: &[&str]) -> Value {
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    match entry(game).game().options(players, &overrides) {
        Ok(o) => o,
        Err(e) => panic!("{game}: {e}"),
    }
}

/// Audits `bot` on `games` random games, every `every`-th decision, and checks that enough points
/// were checked and that the hidden information really differed at most of them.
fn audit(game: &str, options: &Value, bot: &str, games: u64, every: usize, min_checked: usize) {
    let a = match entry(game).audit_bot(options, &spec(bot), games, every, Audited::Choice) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    assert!(a.checked >= min_checked, "{game} ({bot}, {options}): only {} decision points checked", a.checked);
    assert!(a.differed * 2 > a.checked, "{game}: hidden parts differed at only {} of {}", a.differed, a.checked);
}

#[test]
fn ismcts_cannot_cheat_at_mystic_vale() {
    let mv = "mystic-vale";
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=60", 1, 23, 10);
    audit(mv, &options(mv, Some(4), &[]), "ismcts:iters=40:threads=2", 1, 41, 10);
    audit(mv, &options(mv, Some(3), &[]), "flatmc:iters=40", 1, 41, 8);
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=40:playout=rollout:margin=0.5", 1, 31, 6);
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=60:depth=30:playout=rollout", 1, 29, 6);
    // Vale of the Wild with leaders chosen by the players (hidden leaders, offers, new zones).
    audit(mv, &options(mv, Some(3), &["sets=base,wild", "leaders=choose"]), "ismcts:iters=40", 1, 43, 8);
    // The Essential Edition: every set, the leader/amulet draft, amulets.
    audit(mv, &options(mv, Some(3), &["edition=essential"]), "ismcts:iters=40", 1, 37, 8);
    // Paired Monte Carlo with the heuristic's playouts (every root action on the same samples).
    audit(mv, &options(mv, Some(2), &[]), "paired:iters=40:playout=heuristic", 1, 31, 6);
    audit(mv, &options(mv, Some(2), &["edition=essential"]), "paired:iters=30:threads=2:playout=heuristic", 1, 37, 6);
    // Racing (two-way decisions run 20 rounds, enough to race an action out).
    audit(mv, &options(mv, Some(2), &[]), "paired:iters=40:race=1:playout=heuristic", 1, 31, 6);
}

/// Issue 40: the learned value network in the loop (leaves judged at once, and after short rollouts,
/// alone or blended with the game's evaluation;
/// with three players, and where the tensor does not fit the network and the game's evaluation
/// takes over), the learned policy prior, and the level that plays it (Mystic Vale's `expert`).
#[test]
fn ismcts_with_the_learned_evaluation_cannot_cheat_at_mystic_vale() {
    let mv = "mystic-vale";
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=60:eval=learned", 1, 23, 10);
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=40:depth=6:eval=learned:playout=rollout", 1, 29, 6);
    // The network blended with the game's evaluation at the next turn's start (`net=0.5`).
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=40:depth=1:eval=learned:net=0.5:playout=rollout", 1, 31, 6);
    audit(mv, &options(mv, Some(3), &[]), "ismcts:iters=40:threads=2:eval=learned", 1, 41, 8);
    // The learned policy prior (`pnet`), alone and with the network's evaluation.
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=40:depth=1:pnet=1:playout=rollout", 1, 37, 6);
    audit(mv, &options(mv, Some(2), &[]), "ismcts:iters=40:depth=1:eval=learned:net=0.5:pnet=1", 1, 43, 6);
    audit(mv, &options(mv, Some(2), &["sets=base,wild"]), "ismcts:iters=30:depth=20:eval=learned", 1, 41, 5);
    // The level that plays it (paired Monte Carlo, cut playouts judged by the network), and the same
    // where the network does not fit (three players, another set of cards: the game's evaluation).
    audit(mv, &options(mv, Some(2), &[]), "expert:iters=40", 1, 23, 10);
    audit(mv, &options(mv, Some(3), &["sets=base,wild"]), "expert:iters=30", 1, 41, 6);
}

/// Command of Nature's random playouts run to the 60-turn limit: here they stop at depth 40, as its
/// `hard` and `expert` levels play; the ignored `sweep_` test audits the same bots with whole playouts.
#[test]
fn ismcts_cannot_cheat_at_command_of_nature() {
    command_of_nature_audits(":depth=40");
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_ismcts_cannot_cheat_at_command_of_nature_with_whole_playouts() {
    command_of_nature_audits("");
}

/// The audits of Command of Nature, `depth` appended to the specs whose playouts run to the end.
fn command_of_nature_audits(depth: &str) {
    let con = "command-of-nature";
    audit(con, &options(con, Some(2), &[]), &format!("ismcts:iters=60{depth}"), 2, 13, 10);
    audit(con, &options(con, Some(4), &[]), &format!("ismcts:iters=40{depth}"), 1, 13, 10);
    audit(con, &options(con, Some(2), &[]), &format!("flatmc:iters=40:threads=2{depth}"), 1, 17, 6);
    audit(con, &options(con, Some(4), &[]), "ismcts:iters=60:depth=20", 1, 19, 6);
}

#[test]
fn ismcts_cannot_cheat_at_the_spirit_duel() {
    let sd = "spirit-duel";
    audit(sd, &options(sd, Some(2), &[]), "ismcts:iters=80", 3, 5, 10);
    audit(sd, &options(sd, None, &["solo=true"]), "ismcts:iters=80", 3, 5, 10);
    audit(sd, &options(sd, Some(2), &[]), "flatmc:iters=40", 2, 7, 5);
}

/// What `sylvan analyze` reports (visits and estimated win probability per legal action) is a
/// function of the seat's view: identical in the real state and in a twin with other hidden cards.
#[test]
fn analysis_cannot_cheat_at_any_game() {
    let check = |game: &str, players: usize, bot: &str, games: u64, every: usize| match entry(game).audit_bot(
        &options(game, Some(players), &[]),
        &spec(bot),
        games,
        every,
        Audited::Analysis,
    ) {
        Ok(a) => {
            assert!(a.checked >= 5, "{game}: only {} points", a.checked);
            assert!(
                a.differed * 2 > a.checked,
                "{game}: hidden parts differed at only {} of {}",
                a.differed,
                a.checked
            );
        }
        Err(e) => panic!("{e}"),
    };
    check("equinox", 3, "ismcts:iters=60", 1, 3);
    check("mystic-vale", 2, "hard:iters=40", 1, 23);
    check("mystic-vale", 2, "ismcts:iters=40:eval=learned", 1, 29);
    check("command-of-nature", 2, "ismcts:iters=40:depth=20", 1, 13);
    check("spirit-duel", 2, "ismcts:iters=60", 2, 5);
}

/// The same seed and iteration budget give the same game, move for move. Command of Nature's playouts
/// stop at depth 20 here (its random games run to the 60-turn limit); the ignored `sweep_` test plays
/// them out.
#[test]
fn search_is_reproducible_at_every_game() {
    assert_eq!(run("mystic-vale", 2, "ismcts:iters=30:threads=2"), run("mystic-vale", 2, "ismcts:iters=30:threads=2"));
    let con = "ismcts:iters=30:depth=20";
    assert_eq!(run("command-of-nature", 4, con), run("command-of-nature", 4, con));
    assert_eq!(run("spirit-duel", 2, "flatmc:iters=30"), run("spirit-duel", 2, "flatmc:iters=30"));
}

#[test]
#[ignore = "sweep: cargo test --release -- --ignored sweep_"]
fn sweep_search_is_reproducible_with_whole_playouts() {
    assert_eq!(run("command-of-nature", 4, "ismcts:iters=30"), run("command-of-nature", 4, "ismcts:iters=30"));
}

/// One game of `bot` in seat 0 against random players, from seed 3: its actions.
fn run(game: &str, players: usize, bot: &str) -> Vec<String> {
    let entry = entry(game);
    let mut state = match entry.game().new_game(&options(game, Some(players), &[]), 3) {
        Ok(s) => s,
        Err(e) => panic!("{game}: deal: {e}"),
    };
    let mut bots: Vec<Box<dyn DynBot>> = (0..state.num_seats())
        .map(|s| match entry.bot(&spec(if s == 0 { bot } else { "random" }), bot_seed(1, 0, s)) {
            Ok(b) => b,
            Err(e) => panic!("{game}: {e}"),
        })
        .collect();
    let mut actions = Vec::new();
    if let Err(e) = play_dyn(&mut *state, &mut bots, |d| actions.push(d.action.to_owned())) {
        panic!("{game}: {e}");
    }
    actions
}
