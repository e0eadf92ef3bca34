//! Designer statistics ([`DesignerStats`]) of Mystic Vale: the card-impact tables agree with the
//! purchases the event log reports, buyers and non-buyers partition the table, and the game table agrees
//! with the final states.

use std::collections::BTreeMap;

use sylvan_engine::analytics::{DesignerStats, DesignerTally, Table};
use sylvan_engine::{EventLog, Game, GameRng, Heuristic, NoEvents, Seat};
use sylvan_mystic_vale::analytics::{
    ADVANCEMENTS, BOUGHT_IN_GAME, BOUGHT_PER_GAME, FIRST_PLAYER_WINS, GAMES, IMPACT, LEVEL_PER_GAME, LEVEL_SHARE,
    LEVELS, ROUNDS, SCORE_BUYERS, SCORE_OTHERS, VALES, WIN_BUYERS, WIN_OTHERS, level_label, row_label,
};
use sylvan_mystic_vale::{Action, Event, MysticVale};

/// One finished game: its start, its actions, its final state. Seat 0 plays the heuristic, the others
/// random (so titles are bought by some players and not others).
fn play(players: usize, seed: u64) -> (MysticVale, Vec<Action>, MysticVale) {
    let Ok(options) = MysticVale::options_for_players(players) else { panic!("options for {players}") };
    let Ok(start) = MysticVale::new(&options, seed) else { panic!("deal {seed}") };
    let mut state = start.clone();
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        let a = if seat == Seat(0) {
            MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng)
        } else {
            legal[rng.index(legal.len())]
        };
        state.apply_unchecked(a, &mut NoEvents);
        actions.push(a);
    }
    (start, actions, state)
}

/// Purchases per (row label, seat), from the event log of a replay.
fn bought_by_events(start: &MysticVale, actions: &[Action]) -> (BTreeMap<(String, usize), u32>, usize) {
    let db = start.db.clone();
    let level_of_adv = |t: &str| db.advancements.iter().find(|a| a.title == t).map(|a| a.level);
    let level_of_vale = |t: &str| db.vales.iter().find(|v| v.title == t).map(|v| v.level);
    let mut state = start.clone();
    let mut log = EventLog::new();
    for &a in actions {
        state.apply_unchecked(a, &mut log);
    }
    let mut out = BTreeMap::new();
    let mut total = 0;
    for (_, e) in &log.events {
        let (seat, label) = match e {
            Event::Bought(s, t) => (s, row_label(level_of_adv(t).unwrap_or(0), t)),
            Event::BoughtVale(s, t) => (s, row_label(level_of_vale(t).unwrap_or(0), t)),
            _ => continue,
        };
        *out.entry((label, seat.index())).or_insert(0) += 1;
        total += 1;
    }
    (out, total)
}

fn cell(t: &Table, row: &str, col: &str) -> (f64, u64) {
    t.get(row, col).map_or((0.0, 0), |c| (c.sum, c.count))
}

#[test]
fn purchases_match_the_event_log_game_by_game() {
    for (players, seed) in [(2, 11), (3, 12), (4, 13)] {
        let (start, actions, end) = play(players, seed);
        let mut one = DesignerTally::new();
        MysticVale::observe(&start, &actions, &mut one);
        assert_eq!(one.games, 1);
        let (by_events, total) = bought_by_events(&start, &actions);
        assert!(total > 5, "{players} players, seed {seed}: only {total} purchases");
        let winners = end.winners();
        let mut tabled = 0.0;
        for name in [ADVANCEMENTS, VALES] {
            let t = &one.tables[name];
            for (row, _) in &t.rows {
                let bought: Vec<u32> =
                    (0..players).map(|i| by_events.get(&(row.clone(), i)).copied().unwrap_or(0)).collect();
                let copies: u32 = bought.iter().sum();
                assert_eq!(cell(t, row, BOUGHT_PER_GAME), (f64::from(copies), 1), "{row}");
                assert_eq!(cell(t, row, BOUGHT_IN_GAME), (f64::from(u8::from(copies > 0)), 1), "{row}");
                tabled += f64::from(copies);
                // The buyers are exactly the seats that bought it; each is scored with its final score.
                let buyers: Vec<usize> = (0..players).filter(|&i| bought[i] > 0).collect();
                assert_eq!(cell(t, row, WIN_BUYERS).1, buyers.len() as u64, "{row}");
                assert_eq!(cell(t, row, WIN_OTHERS).1, (players - buyers.len()) as u64, "{row}");
                let buyer_score: f64 = buyers.iter().map(|&i| f64::from(end.score(i))).sum();
                assert_eq!(cell(t, row, SCORE_BUYERS).0, buyer_score, "{row}");
                let buyer_wins = buyers.iter().filter(|&&i| winners.contains(&Seat(i as u8))).count();
                let share = buyer_wins as f64 / winners.len() as f64;
                assert!((cell(t, row, WIN_BUYERS).0 - share).abs() < 1e-9, "{row}");
            }
        }
        // Every purchase the log reports is in a row.
        assert_eq!(tabled, total as f64, "{players} players, seed {seed}");
        // The game table agrees with the final state.
        let g = &one.tables[GAMES];
        let label = format!("{players} players");
        assert_eq!(cell(g, &label, ROUNDS), (f64::from(end.rounds), 1));
        let first_won = winners.contains(&Seat(end.start));
        assert_eq!(cell(g, &label, FIRST_PLAYER_WINS).0 > 0.0, first_won);
    }
}

#[test]
fn a_known_purchase_is_counted_for_its_buyer() {
    // Replay a seeded game to the first advancement purchase; the title bought there is in the table
    // with at least one copy, and its buyer is counted among the buyers.
    let (start, actions, end) = play(2, 21);
    let mut state = start.clone();
    let mut first = None;
    for &a in &actions {
        if let Action::Buy(s) = a {
            let title = match s {
                sylvan_mystic_vale::Source::Common(l, k) => {
                    state.db.adv(state.commons[l as usize][k as usize]).title.clone()
                }
                sylvan_mystic_vale::Source::Soil(slot) => state.db.adv(state.db.soil[slot as usize]).title.clone(),
            };
            first = Some((title, state.current as usize));
            break;
        }
        state.apply_unchecked(a, &mut NoEvents);
    }
    let Some((title, buyer)) = first else { panic!("no purchase in the game") };
    let level = start.db.advancements.iter().find(|a| a.title == title).map_or(0, |a| a.level);
    let mut one = DesignerTally::new();
    MysticVale::observe(&start, &actions, &mut one);
    let t = &one.tables[ADVANCEMENTS];
    let row = row_label(level, &title);
    assert!(cell(t, &row, BOUGHT_PER_GAME).0 >= 1.0, "{row}");
    assert_eq!(cell(t, &row, BOUGHT_IN_GAME).0, 1.0, "{row}");
    let won = end.winners().contains(&Seat(buyer as u8));
    // With two players and one buyer, the buyer's win share is its result.
    if cell(t, &row, WIN_BUYERS).1 == 1 {
        assert_eq!(cell(t, &row, WIN_BUYERS).0 > 0.0, won, "{row}");
        assert_eq!(cell(t, &row, SCORE_BUYERS).0, f64::from(end.score(buyer)), "{row}");
    }
}

#[test]
fn buyers_and_others_partition_the_players_and_rates_are_rates() {
    let mut tally = DesignerTally::new();
    let mut games = BTreeMap::new();
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let (start, actions, _) = play(players, 100 + seed);
        let mut one = DesignerTally::new();
        MysticVale::observe(&start, &actions, &mut one);
        tally.merge(&one);
        *games.entry(players).or_insert(0u64) += 1;
    }
    assert_eq!(tally.games, 24);
    let seats: u64 = games.iter().map(|(p, g)| *p as u64 * g).sum();
    for name in [ADVANCEMENTS, VALES] {
        let t = &tally.tables[name];
        assert_eq!(t.columns[0], BOUGHT_IN_GAME);
        assert!(t.rows.len() >= if name == VALES { 20 } else { 30 }, "{name}: {} rows", t.rows.len());
        let mut bought_any = false;
        for (row, _) in &t.rows {
            // Every game observes every title once, and each player either bought it or did not.
            assert_eq!(cell(t, row, BOUGHT_IN_GAME).1, 24, "{row}");
            let (wb, nb) = cell(t, row, WIN_BUYERS);
            let (wo, no) = cell(t, row, WIN_OTHERS);
            assert_eq!(nb + no, seats, "{row}");
            assert_eq!(cell(t, row, SCORE_BUYERS).1 + cell(t, row, SCORE_OTHERS).1, seats, "{row}");
            // The win shares of a game sum to 1 over its players.
            assert!((wb + wo - 24.0).abs() < 1e-9, "{row}: {wb} + {wo}");
            for col in [BOUGHT_IN_GAME, WIN_BUYERS, WIN_OTHERS] {
                if let Some(c) = t.get(row, col) {
                    assert!((0.0..=1.0).contains(&c.mean()), "{row} {col}: {}", c.mean());
                }
            }
            if let Some(c) = t.get(row, IMPACT) {
                assert!((-1.0..=1.0).contains(&c.mean()), "{row}: impact {}", c.mean());
            }
            bought_any |= nb > 0;
        }
        assert!(bought_any, "{name}: nothing bought in 24 games");
    }
    // Levels: rows in order, shares of each kind sum to one per game.
    let l = &tally.tables[LEVELS];
    let rows: Vec<&str> = l.rows.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(
        rows,
        [1, 2, 3]
            .map(|x| level_label(false, x))
            .iter()
            .chain(&[1, 2].map(|x| level_label(true, x)))
            .map(String::as_str)
            .collect::<Vec<_>>()
    );
    let adv_share: f64 = (1..=3).map(|x| cell(l, &level_label(false, x), LEVEL_SHARE).0).sum();
    assert!((adv_share - 24.0).abs() < 1e-9, "advancement shares sum to {adv_share}");
    // The level totals are the sums of the title rows of that level.
    let t = &tally.tables[ADVANCEMENTS];
    for level in 1..=3u8 {
        let by_rows: f64 = t
            .rows
            .iter()
            .filter(|(r, _)| r.starts_with(&format!("L{level} ")))
            .map(|(r, _)| cell(t, r, BOUGHT_PER_GAME).0)
            .sum();
        assert_eq!(cell(l, &level_label(false, level), LEVEL_PER_GAME).0, by_rows, "level {level}");
    }
    // The game table has one row per player count with every game in it.
    let g = &tally.tables[GAMES];
    for (p, n) in &games {
        let (wins, count) = cell(g, &format!("{p} players"), FIRST_PLAYER_WINS);
        assert_eq!(count, *n);
        assert!((0.0..=*n as f64).contains(&wins));
        assert!(cell(g, &format!("{p} players"), ROUNDS).0 >= *n as f64 * 3.0);
    }
}

#[test]
fn the_heuristic_buys_more_and_wins_more_than_random() {
    // Seat 0 is the heuristic: the players who buy level-3 advancements should win more often than those
    // who do not, over a few dozen games.
    let mut tally = DesignerTally::new();
    for seed in 0..30u64 {
        let (start, actions, _) = play(2, 500 + seed);
        MysticVale::observe(&start, &actions, &mut tally);
    }
    let l = &tally.tables[LEVELS];
    let winner = cell(l, &level_label(false, 3), sylvan_mystic_vale::analytics::LEVEL_PER_WINNER);
    let other = cell(l, &level_label(false, 3), sylvan_mystic_vale::analytics::LEVEL_PER_OTHER);
    assert!(winner.1 > 0 && other.1 > 0);
    assert!(winner.0 / winner.1 as f64 > other.0 / other.1 as f64, "winners {winner:?}, others {other:?}");
}

/// The heuristic on every seat: every game ends within the engine's bound (a Deadwood Harvester and a
/// Mindful Owl discarding each other with an empty deck could cycle for ever), for 2 to 4 players.
#[test]
fn heuristic_self_play_always_ends() {
    let mut legal = Vec::new();
    for players in 2..=4 {
        let Ok(options) = MysticVale::options_for_players(players) else { panic!("options") };
        let bound = MysticVale::max_game_length(&options);
        for seed in 0..60u64 {
            let Ok(mut state) = MysticVale::new(&options, 9_000 + seed) else { panic!("deal") };
            let mut rng = GameRng::new(seed);
            let mut moves = 0;
            while let Some(seat) = state.to_move() {
                state.legal_actions(&mut legal);
                let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
                assert!(legal.contains(&a), "{players} players, seed {seed}: illegal {a}");
                state.apply_unchecked(a, &mut NoEvents);
                moves += 1;
                assert!(moves <= bound, "{players} players, seed {seed}: no end after {moves} moves");
            }
        }
    }
}

#[test]
fn leader_and_amulet_tables_count_each_holder_and_each_offer() {
    // The essential edition drafts 1 + players leaders and amulets: each game offers that many of each,
    // every player holds one leader at the end, and the held ones are picked among the offered.
    use sylvan_mystic_vale::analytics::{AMULETS, HELD_IN_GAME, LEADERS, PICK_RATE, SCORE_HOLDER, WIN_HOLDER};
    let mut tally = DesignerTally::new();
    let games = 12;
    for seed in 0..games {
        let players = 2 + (seed as usize % 3);
        let base = MysticVale::options_for_players(players).unwrap_or_default();
        let options = sylvan_mystic_vale::Options { edition: sylvan_mystic_vale::setup::Edition::Essential, ..base };
        let Ok(start) = MysticVale::new(&options, seed) else { panic!("deal {seed}") };
        let mut state = start.clone();
        let mut rng = GameRng::new(seed);
        let (mut legal, mut actions) = (Vec::new(), Vec::new());
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
            state.apply_unchecked(a, &mut NoEvents);
            actions.push(a);
        }
        let mut one = DesignerTally::new();
        MysticVale::observe(&start, &actions, &mut one);
        let t = &one.tables[LEADERS];
        let held: f64 = t.rows.iter().map(|(r, _)| cell(t, r, HELD_IN_GAME).0).sum();
        assert_eq!(held, players as f64, "one leader per player");
        let offered: u64 = t.rows.iter().map(|(r, _)| cell(t, r, PICK_RATE).1).sum();
        assert_eq!(offered, players as u64 + 1, "1 + players leaders on the table (EN:810)");
        for (i, p) in state.players.iter().enumerate() {
            let Some(l) = p.leader else { panic!("seat {i} has no leader") };
            let title = &state.db.leader(l.id).title;
            assert_eq!(cell(t, title, SCORE_HOLDER).0, f64::from(state.score(i)), "{title}");
            let won = state.winners().contains(&Seat(i as u8));
            assert_eq!(cell(t, title, WIN_HOLDER).0 > 0.0, won, "{title}");
        }
        let a = &one.tables[AMULETS];
        let amulets_held: f64 = a.rows.iter().map(|(r, _)| cell(a, r, HELD_IN_GAME).0).sum();
        assert_eq!(amulets_held, state.players.iter().filter(|p| p.amulet.is_some()).count() as f64);
        MysticVale::observe(&start, &actions, &mut tally);
    }
    let t = &tally.tables[LEADERS];
    for (r, _) in &t.rows {
        let (picked, offers) = cell(t, r, PICK_RATE);
        assert!(picked <= offers as f64, "{r}: a rate");
    }
}
