//! The batch runs' plumbing: chunks in order, worker threads, specs per seat, and the tournament's
//! line-ups, seat rotation, intervals and ratings.

use sylvan_bots::BotSpec;
use sylvan_registry::runs::tournament::internals::{lineups, ratings, table, wilson};
use sylvan_registry::runs::{RunError, run_chunks, spread_specs, worker_threads};

#[test]
fn chunks_come_back_in_order_and_errors_stop_the_run() {
    let r: Result<Vec<(u64, u64)>, RunError> = run_chunks(23, 4, 2, "test", |first, last| Ok((first, last)));
    assert_eq!(r, Ok(vec![(0, 4), (4, 8), (8, 12), (12, 16), (16, 20), (20, 23)]));
    let r: Result<Vec<u64>, RunError> = run_chunks(40, 5, 2, "test", |first, _| {
        if first == 15 { Err(RunError(format!("game {first} failed"))) } else { Ok(first) }
    });
    assert_eq!(r, Err(RunError("game 15 failed".to_owned())));
    assert_eq!(worker_threads(Some(8), 3, 2), 2);
    assert_eq!(worker_threads(Some(1), 100, 2), 1);
    assert_eq!(worker_threads(Some(0), 100, 2), 1);
}

#[test]
fn specs_spread_over_seats() {
    let random: BotSpec = "random".parse().unwrap_or_else(|_| unreachable!());
    let heuristic: BotSpec = "heuristic".parse().unwrap_or_else(|_| unreachable!());
    assert_eq!(spread_specs(&[random], 3), Some(vec![random; 3]));
    assert_eq!(spread_specs(&[random, heuristic], 2), Some(vec![random, heuristic]));
    assert_eq!(spread_specs(&[random, heuristic], 3), None);
}

#[test]
fn lineups_cover_every_combination_and_fill_small_tables() {
    assert_eq!(lineups(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
    assert_eq!(lineups(4, 3).len(), 4);
    assert_eq!(lineups(2, 4), vec![vec![0, 1, 0, 1]]);
    assert_eq!(lineups(2, 2), vec![vec![0, 1]]);
}

#[test]
fn seats_rotate_on_the_same_deal() {
    let l = lineups(2, 2);
    assert_eq!(table(&l, 2, 10, 0), (vec![0, 1], 10));
    assert_eq!(table(&l, 2, 10, 1), (vec![1, 0], 10));
    assert_eq!(table(&l, 2, 10, 2), (vec![0, 1], 11));
}

#[test]
fn wilson_interval_and_ratings() {
    let (lo, hi) = wilson(50.0, 100.0);
    assert!((lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001, "{lo} {hi}");
    let (lo, hi) = wilson(100.0, 100.0);
    assert!(lo > 0.96 && hi == 1.0);
    // Bot 0 beats bot 1 three times out of four: a 3:1 strength ratio is 191 Elo apart; the
    // pseudo-game pulls it in a little.
    let r = ratings(vec![vec![0.0, 75.0], vec![25.0, 0.0]], vec![vec![0.0, 100.0], vec![100.0, 0.0]]);
    assert!((r[0] + r[1]).abs() < 1e-6);
    assert!((r[0] - r[1] - 190.8).abs() < 3.0, "{r:?}");
}
