//! The search bots on every game of the workspace: they never peek (the twin-state audit of
//! `sylvan_bots::audit`) and they are reproducible from their seed. That they beat a random player is
//! in the strength suite (`strength.rs`).

use sylvan_bots::audit::{analysis_never_peeks, never_peeks};
use sylvan_bots::{Bot, BotSpec, bot_seed, play_game};
use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::{Game, Heuristic, NoEvents};
use sylvan_mystic_vale::MysticVale;
use sylvan_spirit_duel::SpiritDuel;

fn spec(text: &str) -> BotSpec {
    match text.parse() {
        Ok(s) => s,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn options<G: Game>(players: usize) -> G::Options {
    match G::options_for_players(players) {
        Ok(o) => o,
        Err(e) => panic!("{}: {e}", G::NAME),
    }
}

/// Audits `bot` on `games` random games, every `every`-th decision, and checks that enough points
/// were checked and that the hidden information really differed at most of them.
fn audit<G: Heuristic>(options: &G::Options, bot: &str, games: u64, every: usize, min_checked: usize) {
    let a = match never_peeks::<G>(options, &spec(bot), games, every) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    assert!(a.checked >= min_checked, "{}: only {} decision points checked", G::NAME, a.checked);
    assert!(a.differed * 2 > a.checked, "{}: hidden parts differed at only {} of {}", G::NAME, a.differed, a.checked);
}

#[test]
fn ismcts_cannot_cheat_at_mystic_vale() {
    audit::<MysticVale>(&options::<MysticVale>(2), "ismcts:iters=60", 1, 23, 10);
    audit::<MysticVale>(&options::<MysticVale>(4), "ismcts:iters=40:threads=2", 1, 41, 10);
    audit::<MysticVale>(&options::<MysticVale>(3), "flatmc:iters=40", 1, 41, 8);
    audit::<MysticVale>(&options::<MysticVale>(2), "ismcts:iters=40:playout=rollout:margin=0.5", 1, 31, 6);
    audit::<MysticVale>(&options::<MysticVale>(2), "ismcts:iters=60:depth=30:playout=rollout", 1, 29, 6);
    // Vale of the Wild with leaders chosen by the players (hidden leaders, offers, new zones).
    let wild = sylvan_mystic_vale::Options {
        sets: "base,wild".into(),
        leaders: sylvan_mystic_vale::setup::Leaders::Choose,
        ..options::<MysticVale>(3)
    };
    audit::<MysticVale>(&wild, "ismcts:iters=40", 1, 43, 8);
    // The Essential Edition: every set, the leader/amulet draft, amulets.
    let essential = sylvan_mystic_vale::Options {
        edition: sylvan_mystic_vale::setup::Edition::Essential,
        ..options::<MysticVale>(3)
    };
    audit::<MysticVale>(&essential, "ismcts:iters=40", 1, 47, 8);
}

#[test]
fn ismcts_cannot_cheat_at_command_of_nature() {
    audit::<CommandOfNature>(&options::<CommandOfNature>(2), "ismcts:iters=60", 2, 13, 10);
    audit::<CommandOfNature>(&options::<CommandOfNature>(4), "ismcts:iters=40", 1, 13, 10);
    audit::<CommandOfNature>(&options::<CommandOfNature>(2), "flatmc:iters=40:threads=2", 1, 17, 6);
    audit::<CommandOfNature>(&options::<CommandOfNature>(4), "ismcts:iters=60:depth=20", 1, 19, 6);
}

#[test]
fn ismcts_cannot_cheat_at_the_spirit_duel() {
    audit::<SpiritDuel>(&options::<SpiritDuel>(2), "ismcts:iters=80", 3, 5, 10);
    let solo = sylvan_spirit_duel::Options { solo: true, ..sylvan_spirit_duel::Options::default() };
    audit::<SpiritDuel>(&solo, "ismcts:iters=80", 3, 5, 10);
    audit::<SpiritDuel>(&options::<SpiritDuel>(2), "flatmc:iters=40", 2, 7, 5);
}

/// What `sylvan analyze` reports (visits and estimated win probability per legal action) is a
/// function of the seat's view: identical in the real state and in a twin with other hidden cards.
#[test]
fn analysis_cannot_cheat_at_any_game() {
    let check = |a: Result<sylvan_bots::audit::PeekAudit, _>, game: &str| match a {
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
    let eq = options::<sylvan_equinox::Equinox>(3);
    check(analysis_never_peeks::<sylvan_equinox::Equinox>(&eq, &spec("ismcts:iters=60"), 1, 3), "equinox");
    let mv = options::<MysticVale>(2);
    check(analysis_never_peeks::<MysticVale>(&mv, &spec("hard:iters=40"), 1, 23), "mystic-vale");
    let con = options::<CommandOfNature>(2);
    check(analysis_never_peeks::<CommandOfNature>(&con, &spec("ismcts:iters=40:depth=20"), 1, 13), "command-of-nature");
    let sd = options::<SpiritDuel>(2);
    check(analysis_never_peeks::<SpiritDuel>(&sd, &spec("ismcts:iters=60"), 2, 5), "spirit-duel");
}

/// The same seed and iteration budget give the same game, move for move.
#[test]
fn search_is_reproducible_at_every_game() {
    fn run<G: Heuristic>(options: &G::Options, bot: &str) -> Vec<G::Action> {
        let Ok(state) = G::new(options, 3) else { panic!("deal") };
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..state.num_seats())
            .map(|s| spec(if s == 0 { bot } else { "random" }).build::<G>(bot_seed(1, 0, s)))
            .collect();
        match play_game(state, &mut bots, &mut NoEvents) {
            Ok(d) => d.actions,
            Err(e) => panic!("{}: {e}", G::NAME),
        }
    }
    let mv = options::<MysticVale>(2);
    assert_eq!(
        run::<MysticVale>(&mv, "ismcts:iters=30:threads=2"),
        run::<MysticVale>(&mv, "ismcts:iters=30:threads=2")
    );
    let con = options::<CommandOfNature>(4);
    assert_eq!(run::<CommandOfNature>(&con, "ismcts:iters=30"), run::<CommandOfNature>(&con, "ismcts:iters=30"));
    let sd = options::<SpiritDuel>(2);
    assert_eq!(run::<SpiritDuel>(&sd, "flatmc:iters=30"), run::<SpiritDuel>(&sd, "flatmc:iters=30"));
}
