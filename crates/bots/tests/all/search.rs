//! Search bots: they cannot cheat, they are reproducible, they respect their budgets, and they play.

use sylvan_bots::toy::{Toy, ToyOptions};
use sylvan_bots::{Bot, BotSpec, bot_seed, play_game};
use sylvan_engine::{Game, Heuristic, NoEvents};
use sylvan_equinox::Equinox;

fn spec(text: &str) -> BotSpec {
    text.parse().unwrap_or(BotSpec::Random)
}

/// The audit of [`never_peeks`](sylvan_bots::audit::never_peeks): (decision points checked, points
/// where the twin full states differed).
fn never_peeks<G: Heuristic>(options: &G::Options, games: u64, every: usize, bot: &str) -> (usize, usize) {
    match sylvan_bots::audit::never_peeks::<G>(options, &spec(bot), games, every) {
        Ok(a) => (a.checked, a.differed),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn ismcts_cannot_cheat_at_equinox() {
    for players in [2, 4] {
        let Ok(options) = Equinox::options_for_players(players) else { panic!("options") };
        let (checked, differed) = never_peeks::<Equinox>(&options, 2, 17, "ismcts:iters=150");
        assert!(checked >= 10, "only {checked} decision points checked");
        assert!(differed * 10 >= checked * 9, "the hidden parts differed at only {differed} of {checked} points");
    }
}

#[test]
fn flatmc_paired_and_threaded_ismcts_cannot_cheat_at_equinox() {
    let Ok(options) = Equinox::options_for_players(3) else { panic!("options") };
    let (checked, _) = never_peeks::<Equinox>(&options, 1, 29, "flatmc:iters=100");
    assert!(checked >= 4);
    let (checked, _) = never_peeks::<Equinox>(&options, 1, 29, "paired:iters=100:playout=heuristic");
    assert!(checked >= 4);
    let (checked, _) = never_peeks::<Equinox>(&options, 1, 29, "ismcts:iters=100:threads=2:playout=heuristic");
    assert!(checked >= 4);
}

#[test]
fn ismcts_cannot_cheat_at_the_toy_game() {
    let options = ToyOptions { players: 3, hand_size: 5 };
    let (checked, differed) = never_peeks::<Toy>(&options, 20, 2, "ismcts:iters=200");
    assert!(checked >= 40, "{checked}");
    assert!(differed > checked / 2, "{differed} of {checked}");
}

/// The same seed and iteration budget give the same game, move for move (one thread and two).
#[test]
fn same_seed_same_game() {
    let Ok(options) = Equinox::options_for_players(2) else { panic!("options") };
    for bot in [
        "ismcts:iters=60",
        "ismcts:iters=60:threads=2",
        "flatmc:iters=40",
        "paired:iters=40:threads=2",
        "paired:iters=80:race=1",
    ] {
        let run = || {
            let Ok(state) = Equinox::new(&options, 5) else { panic!("deal") };
            let mut bots: Vec<Box<dyn Bot<Equinox>>> =
                vec![spec(bot).build::<Equinox>(bot_seed(3, 0, 0)), spec("random").build::<Equinox>(bot_seed(3, 0, 1))];
            play_game(state, &mut bots, &mut NoEvents).map(|f| f.actions).unwrap_or_default()
        };
        let first = run();
        assert!(!first.is_empty());
        assert_eq!(first, run(), "{bot}");
    }
}

#[test]
fn time_budget_stops_the_search_and_stats_are_kept() {
    let Ok(state) = Equinox::new(&Equinox::options_for_players(2).unwrap_or_default(), 9) else { panic!("deal") };
    let seat = state.to_move().unwrap_or(sylvan_engine::Seat(0));
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    assert!(legal.len() > 1);
    let mut bot = spec("ismcts:ms=30").build::<Equinox>(1);
    let a = bot.choose(&state.view(seat), &legal);
    assert!(legal.contains(&a));
    let stats = bot.search_stats().unwrap_or_default();
    assert_eq!(stats.searched, 1);
    assert!(stats.iterations > 0 && stats.iterations == stats.determinizations);
    assert!(stats.nodes > 1 && stats.nodes <= stats.iterations + 1, "{stats:?}");
    // Generous: the search looks at the clock every few iterations.
    assert!(stats.seconds < 2.0, "{stats:?}");
    assert!(spec("random").build::<Equinox>(1).search_stats().is_none());
}

/// The margin blend: 0 gives the game's returns; 1 gives values ordered like the final scores, in 0..1.
#[test]
fn playout_values_blend_returns_and_score_margins() {
    let options = ToyOptions { players: 3, hand_size: 4 };
    for game in 0..20 {
        let Ok(mut state) = Toy::new(&options, game) else { panic!("deal") };
        let mut rng = sylvan_engine::GameRng::new(game);
        let mut legal = Vec::new();
        while state.to_move().is_some() {
            state.legal_actions(&mut legal);
            state.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
        }
        assert_eq!(sylvan_bots::playout_values(&state, 0.0), state.returns());
        let scores = state.scores();
        let m = sylvan_bots::playout_values(&state, 1.0);
        for i in 0..3 {
            assert!((0.0..=1.0).contains(&m[i]), "{m:?}");
            for j in 0..3 {
                if scores[i] > scores[j] {
                    assert!(m[i] > m[j], "scores {scores:?} values {m:?}");
                }
            }
        }
        let half = sylvan_bots::playout_values(&state, 0.5);
        for i in 0..3 {
            assert!((half[i] - (0.5 * state.returns()[i] + 0.5 * m[i])).abs() < 1e-12);
        }
    }
}
