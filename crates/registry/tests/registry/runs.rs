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

/// The histogram of a list of values, as the tournament report computed it when it kept every game.
fn exact_histogram(values: &[f64], bins: usize) -> serde_json::Value {
    if values.is_empty() {
        return serde_json::json!({"lo": 0, "width": 1, "counts": []});
    }
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min).floor();
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max).floor() + 1.0;
    let width = ((hi - lo) / bins as f64).ceil().max(0.5);
    let n = ((hi - lo) / width).ceil().max(1.0) as usize;
    let mut counts = vec![0u64; n];
    for v in values {
        counts[(((v - lo) / width).floor() as usize).min(n - 1)] += 1;
    }
    serde_json::json!({"lo": lo, "width": width, "counts": counts})
}

/// Issue 38: the tournament folds its games into streaming totals. Every number equals the exact
/// aggregate over the kept games (win counts, matrix, ratings, first seat, lengths, histograms),
/// whatever the chunking, and the rating intervals (Poisson bootstrap) lie close to a multinomial
/// bootstrap over the kept games.
#[test]
fn streaming_tournament_totals_match_the_exact_aggregate() -> Result<(), Box<dyn std::error::Error>> {
    use sylvan_registry::runs::tournament::{Chunk, Schedule, report};
    let registry = sylvan_registry::Registry::standard();
    let entry = registry.get("toy")?;
    let schedule = Schedule::new(entry, BotSpec::parse_list("random,heuristic")?, 3)?;
    let options = entry.game().options(Some(3), &[])?;
    let play = |chunk: u64| -> Result<Vec<Chunk>, RunError> {
        let (mut out, mut first) = (Vec::new(), 0);
        while first < 240 {
            let last = (first + chunk).min(240);
            out.push(schedule.run_chunk(entry, &options, 5, (first, last), || ())?);
            first = last;
        }
        Ok(out)
    };
    let chunks = play(7)?;
    let streamed = report("toy", &schedule, 5, 1, 0.0, &chunks)?;
    assert_eq!(streamed, report("toy", &schedule, 5, 1, 0.0, &play(2)?)?, "chunking changes nothing");

    // The kept games, read back from the chunks' plain data.
    let games: Vec<serde_json::Value> = chunks
        .iter()
        .map(serde_json::to_value)
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .flat_map(|c| c["games"].as_array().cloned().unwrap_or_default())
        .collect();
    assert_eq!(games.len(), 240);
    let f = |v: &serde_json::Value| v.as_f64().unwrap_or(f64::NAN);
    let k = 2;
    let pairwise = |picks: &mut dyn Iterator<Item = &serde_json::Value>| {
        let (mut w, mut n) = (vec![vec![0.0; k]; k], vec![vec![0.0; k]; k]);
        for g in picks {
            let bots: Vec<usize> =
                g["bots"].as_array().into_iter().flatten().filter_map(|b| b.as_u64()).map(|b| b as usize).collect();
            for s in 0..bots.len() {
                for t in 0..bots.len() {
                    if s != t && bots[s] != bots[t] {
                        n[bots[s]][bots[t]] += 1.0;
                        let (x, y) = (f(&g["returns"][s]), f(&g["returns"][t]));
                        w[bots[s]][bots[t]] += if x > y {
                            1.0
                        } else if x == y {
                            0.5
                        } else {
                            0.0
                        };
                    }
                }
            }
        }
        (w, n)
    };
    let (w, n) = pairwise(&mut games.iter());
    let exact_ratings = ratings(w.clone(), n.clone());
    assert_eq!(streamed["matrix"][0][1]["wins"], w[0][1]);
    assert_eq!(streamed["matrix"][0][1]["games"], n[0][1]);
    let lengths: Vec<f64> = games.iter().map(|g| f(&g["moves"])).collect();
    assert_eq!(streamed["length_histogram"], exact_histogram(&lengths, 30));
    assert_eq!(streamed["mean_moves"], lengths.iter().sum::<f64>() / 240.0);
    assert_eq!(streamed["first_seat_win_rate"], games.iter().map(|g| f(&g["returns"][0])).sum::<f64>() / 240.0);
    // A multinomial bootstrap over the kept games, as the report computed its intervals before.
    let mut rng = sylvan_engine::GameRng::new(99);
    let mut samples = vec![Vec::new(); k];
    for _ in 0..1000 {
        let picks: Vec<&serde_json::Value> = (0..games.len()).map(|_| &games[rng.index(games.len())]).collect();
        let (w, n) = pairwise(&mut picks.into_iter());
        for (i, r) in ratings(w, n).into_iter().enumerate() {
            samples[i].push(r);
        }
    }
    for (i, b) in streamed["bots"].as_array().into_iter().flatten().enumerate() {
        let scores: Vec<f64> = games
            .iter()
            .flat_map(|g| {
                let seats: Vec<usize> = g["bots"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .filter(|(_, x)| x.as_u64() == Some(i as u64))
                    .map(|(s, _)| s)
                    .collect();
                seats.into_iter().map(|s| f(&g["scores"][s])).collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(b["games"], scores.len() as u64);
        assert_eq!(b["score_histogram"], exact_histogram(&scores, 20));
        assert_eq!(b["rating"], exact_ratings[i]);
        let s = &mut samples[i];
        s.sort_by(f64::total_cmp);
        let (lo, hi) = (s[25], s[974]);
        assert!(hi - lo > 10.0, "the exact interval has a width: {lo} {hi}");
        for (got, want) in [(f(&b["rating_ci"][0]), lo), (f(&b["rating_ci"][1]), hi)] {
            assert!((got - want).abs() < 0.3 * (hi - lo), "bot {i}: {got} against the exact {want} ({lo}, {hi})");
        }
    }
    Ok(())
}

/// Issue 38/37: at a table with seats the game plays itself, the schedule seats bots at the other seats
/// only, rotating them there, and never indexes past a line-up (one function seats both `tournament`
/// and `balance`).
#[test]
fn seats_the_game_plays_itself_get_no_bot() -> Result<(), Box<dyn std::error::Error>> {
    use sylvan_registry::runs::tournament::Schedule;
    let registry = sylvan_registry::Registry::standard();
    let duel = registry.get("spirit-duel")?;
    let schedule = Schedule::at_table(duel, BotSpec::parse_list("heuristic,random,easy")?, vec![false, true])?;
    assert_eq!(schedule.period(), 3, "one free seat, three line-ups");
    let firsts: Vec<Option<usize>> = (0..6).map(|g| schedule.table(7, g).0[0]).collect();
    assert_eq!(firsts, [Some(0), Some(1), Some(2), Some(0), Some(1), Some(2)]);
    assert!((0..6).all(|g| schedule.table(7, g).0[1].is_none()), "the Robot's seat has no bot");
    assert_eq!(schedule.table(7, 4).1, 11, "a deal per block of one game");
    // The Robot at the first seat of a bigger table: the bots rotate over the two others.
    let toy = registry.get("toy")?;
    let schedule = Schedule::at_table(toy, BotSpec::parse_list("random,heuristic")?, vec![true, false, false])?;
    for g in 0..8 {
        let (seats, _) = schedule.table(0, g);
        assert_eq!(seats.len(), 3);
        assert!(seats[0].is_none());
        assert_eq!(seats[1].zip(seats[2]).map(|(a, b)| a + b), Some(1), "game {g}: {seats:?}");
    }
    Ok(())
}
