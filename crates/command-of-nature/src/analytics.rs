//! Designer statistics of finished games ([`DesignerStats`]): per card, how often it is taken when the
//! market offers it, and what buying or playing it is worth to a player's side, within the same game.
//!
//! Each game is replayed from its start; the card an action buys is read from the market just before the
//! action is applied, and the seat is the one to move. A side's win counts 1 for each partner, a draw ½.
//! The tables are
//!
//! - [`MARKET`]: one row per market card (by name) offered at a purchase, with the share of the games
//!   in which it was offered where some player bought it, its take rate when offered (at each purchase, every face-up card of that
//!   market counts once: 1 for the card bought, 0 for the others), the win rate of the players who
//!   bought it and of those who did not, and their difference within games where both sat at the table;
//! - [`PLAYED`]: one row per card played (summoned, played or used as an instant), in the games where
//!   some seat played it: the win rate of the players who played it and of the others, and their
//!   difference within a game (the improvement when played).

use std::collections::BTreeMap;

use sylvan_engine::analytics::{DesignerStats, DesignerTally};
use sylvan_engine::{Game, NoEvents};

use crate::{Action, CommandOfNature};

/// The market table's name.
pub const MARKET: &str = "market cards: taken and impact";
/// The played-cards table's name.
pub const PLAYED: &str = "cards played: impact";

/// Column: in the games where the card was face up at a purchase, 1 when some player bought it.
pub const BOUGHT_IN_GAME: &str = "bought in game";
/// Column: at each purchase from its market while it was face up, 1 when it was the card bought.
pub const TAKEN_WHEN_OFFERED: &str = "taken when offered (rate)";
/// Column: win rate of each player who bought it.
pub const WIN_BUYERS: &str = "win rate, buyers";
/// Column: win rate of each player who did not.
pub const WIN_OTHERS: &str = "win rate, others";
/// Column: per game with buyers and others, buyers' mean win rate minus the others'.
pub const IMPACT: &str = "impact (buyers - others, same game)";
/// Column: win rate of each player who played it.
pub const WIN_PLAYERS: &str = "win rate, players";
/// Column: per game with players and others, players' mean win rate minus the others'.
pub const PLAYED_IMPACT: &str = "impact (players - others, same game)";

/// Adds the win rates of the seats in `used` (count per seat) and of the others, and their difference.
/// `in_game`, when given, gets 1 when some seat used it.
fn impact(tally: &mut DesignerTally, table: &str, row: &str, used: &[u32], win: &[f64], cols: [Option<&str>; 4]) {
    let [in_game, win_used, win_others, diff] = cols.map(|c| c.unwrap_or(""));
    if !in_game.is_empty() {
        tally.add(table, row, in_game, f64::from(u8::from(used.iter().any(|&n| n > 0))));
    }
    let (mut wu, mut nu, mut wo, mut no) = (0.0, 0u32, 0.0, 0u32);
    for (s, &n) in used.iter().enumerate() {
        if n > 0 {
            tally.add(table, row, win_used, win[s]);
            wu += win[s];
            nu += 1;
        } else {
            tally.add(table, row, win_others, win[s]);
            wo += win[s];
            no += 1;
        }
    }
    if nu > 0 && no > 0 {
        tally.add(table, row, diff, wu / f64::from(nu) - wo / f64::from(no));
    }
}

impl DesignerStats for CommandOfNature {
    fn observe(start: &Self, actions: &[Action], tally: &mut DesignerTally) {
        let n = start.num_seats();
        let mut state = start.clone();
        let mut bought: BTreeMap<&'static str, Vec<u32>> = BTreeMap::new();
        let mut played: BTreeMap<&'static str, Vec<u32>> = BTreeMap::new();
        let mut offers: Vec<(&'static str, bool)> = Vec::new();
        for &a in actions {
            let seat = state.to_move().map(|s| s.index()).filter(|&s| s < n);
            match (a, seat) {
                (Action::Buy(i) | Action::BuyPlace(i), Some(s)) => {
                    let (m, k) = (usize::from(i / 3), usize::from(i % 3));
                    if let Some(faces) = state.market.get(m) {
                        for (j, face) in faces.iter().enumerate() {
                            if let Some(c) = face {
                                offers.push((c.name(), j == k));
                                bought.entry(c.name()).or_insert_with(|| vec![0; n]);
                            }
                        }
                        if let Some(Some(c)) = faces.get(k) {
                            bought.entry(c.name()).or_insert_with(|| vec![0; n])[s] += 1;
                        }
                    }
                }
                (Action::Summon(c) | Action::Play(c) | Action::Instant(c), Some(s)) => {
                    played.entry(c.name()).or_insert_with(|| vec![0; n])[s] += 1;
                }
                _ => {}
            }
            state.apply_unchecked(a, &mut NoEvents);
        }
        tally.games += 1;
        let win = match state.outcome() {
            Some(o) => o.returns().to_vec(),
            None => vec![0.0; n],
        };
        tally.describe(
            MARKET,
            "Per market card: the share of the games in which it was face up at a purchase where some player bought it, its take rate when offered (at \
             each purchase, each face-up card of that market counts once), the win rate of its buyers and of the \
             others (a side's win counts for both partners, a draw 1/2), and their difference within a game.",
        );
        tally.describe(
            PLAYED,
            "Per card played (summoned, played, or used as an instant), in the games where it was played: the \
             win rate of the players who played it and of the others, and their difference within a \
             game (the improvement when played).",
        );
        tally.declare(MARKET, &[BOUGHT_IN_GAME, TAKEN_WHEN_OFFERED, WIN_BUYERS, WIN_OTHERS, IMPACT], &[]);
        tally.declare(PLAYED, &[WIN_PLAYERS, WIN_OTHERS, PLAYED_IMPACT], &[]);
        for (name, taken) in offers {
            tally.add(MARKET, name, TAKEN_WHEN_OFFERED, f64::from(u8::from(taken)));
        }
        for (name, used) in &bought {
            impact(
                tally,
                MARKET,
                name,
                used,
                &win,
                [Some(BOUGHT_IN_GAME), Some(WIN_BUYERS), Some(WIN_OTHERS), Some(IMPACT)],
            );
        }
        for (name, used) in &played {
            impact(tally, PLAYED, name, used, &win, [None, Some(WIN_PLAYERS), Some(WIN_OTHERS), Some(PLAYED_IMPACT)]);
        }
    }
}
