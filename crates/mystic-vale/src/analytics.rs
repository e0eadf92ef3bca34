//! Designer statistics of finished games ([`DesignerStats`]): what each advancement and vale title is
//! worth to the players who buy it (the "card impact"), purchases by level, and the first player's edge
//! and game length by player count.
//!
//! Each game is replayed from its start; the advancement or vale an action buys is read from the commons,
//! the Fertile Soil supply or the vale row just before the action is applied. A shared win counts `1/k`
//! for each of the `k` winners, so the win shares of one game sum to 1. The tables are
//!
//! - [`ADVANCEMENTS`] and [`VALES`]: one row per buyable title, labelled by level (`L1 Podlings`,
//!   `L2 Feral Grove`), with the share of games in which some player bought it, the copies bought per
//!   game, the win rate of the players who bought it and of those who did not, their difference within
//!   the games where both kinds of player sat at the table (the card impact), and the mean final score
//!   of buyers and of the others;
//! - [`LEVELS`]: per level of advancements and of vales, how many were bought per game, per winner and
//!   per other player, and their share of the game's purchases of that kind;
//! - [`GAMES`]: per player count, the win rate of the first player (the starting player chosen by the
//!   mana tokens), game length in rounds and actions, and the winning and mean final scores.

use sylvan_engine::analytics::{DesignerStats, DesignerTally};
use sylvan_engine::{Game, NoEvents};

use crate::actions::{Action, Source};
use crate::cards::CardDb;
use crate::state::{EMPTY, MysticVale};

/// The advancement table's name.
pub const ADVANCEMENTS: &str = "advancements: card impact";
/// The vale table's name.
pub const VALES: &str = "vales: card impact";
/// The per-level table's name.
pub const LEVELS: &str = "purchases by level";
/// The per-player-count table's name.
pub const GAMES: &str = "games by player count";

/// Column: 1 when some player bought the title in the game, else 0 (its mean is the buy rate).
pub const BOUGHT_IN_GAME: &str = "bought in game";
/// Column: copies of the title bought in the game, by all players.
pub const BOUGHT_PER_GAME: &str = "copies bought per game";
/// Column: win share of each player who bought the title.
pub const WIN_BUYERS: &str = "win rate, buyers";
/// Column: win share of each player who did not buy the title.
pub const WIN_OTHERS: &str = "win rate, others";
/// Column: per game with buyers and non-buyers, buyers' mean win share minus the others'.
pub const IMPACT: &str = "impact (buyers - others, same game)";
/// Column: final score of each buyer.
pub const SCORE_BUYERS: &str = "score, buyers";
/// Column: final score of each non-buyer.
pub const SCORE_OTHERS: &str = "score, others";

const CARD_COLUMNS: [&str; 7] =
    [BOUGHT_IN_GAME, BOUGHT_PER_GAME, WIN_BUYERS, WIN_OTHERS, IMPACT, SCORE_BUYERS, SCORE_OTHERS];

/// Level column: purchases in the game, all players.
pub const LEVEL_PER_GAME: &str = "bought per game";
/// Level column: purchases by each winner.
pub const LEVEL_PER_WINNER: &str = "bought per winner";
/// Level column: purchases by each other player.
pub const LEVEL_PER_OTHER: &str = "bought per other player";
/// Level column: share of the game's purchases of that kind (advancements or vales).
pub const LEVEL_SHARE: &str = "share of purchases";

const LEVEL_COLUMNS: [&str; 4] = [LEVEL_PER_GAME, LEVEL_PER_WINNER, LEVEL_PER_OTHER, LEVEL_SHARE];

/// Games column: the first player's win share.
pub const FIRST_PLAYER_WINS: &str = "first player win rate";
/// Games column: rounds played.
pub const ROUNDS: &str = "rounds";
/// Games column: actions taken.
pub const ACTIONS: &str = "actions";
/// Games column: the best final score.
pub const WINNING_SCORE: &str = "winning score";
/// Games column: the mean final score.
pub const MEAN_SCORE: &str = "mean score";

const GAME_COLUMNS: [&str; 5] = [FIRST_PLAYER_WINS, ROUNDS, ACTIONS, WINNING_SCORE, MEAN_SCORE];

/// The row label of a title: `L2 Hawk`.
pub fn row_label(level: u8, title: &str) -> String {
    format!("L{level} {title}")
}

/// The row label of a level in [`LEVELS`]: `advancements L1`, `vales L2`.
pub fn level_label(vale: bool, level: u8) -> String {
    format!("{} L{level}", if vale { "vales" } else { "advancements" })
}

/// The rows of one card table: a label per buyable title (by level, then card-list order) and, per card
/// id, the row it counts in.
struct Rows {
    labels: Vec<(u8, String)>,
    of_id: Vec<Option<usize>>,
}

impl Rows {
    fn new<'a>(items: impl Iterator<Item = (bool, u8, &'a str)> + Clone, levels: &[u8]) -> Rows {
        let mut labels: Vec<(u8, String)> = Vec::new();
        let mut of_id = Vec::new();
        for (buyable, level, title) in items.clone() {
            let label = row_label(level, title);
            of_id.push(if buyable {
                let k = labels.iter().position(|(_, l)| *l == label).unwrap_or_else(|| {
                    labels.push((level, label));
                    labels.len() - 1
                });
                Some(k)
            } else {
                None
            });
        }
        // Order rows by level, keeping card-list order within a level.
        let mut order: Vec<usize> = (0..labels.len()).collect();
        order.sort_by_key(|&k| (levels.iter().position(|&l| l == labels[k].0), k));
        let mut new_index = vec![0; labels.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        let labels = order.iter().map(|&k| labels[k].clone()).collect();
        let of_id = of_id.into_iter().map(|r| r.map(|k| new_index[k])).collect();
        Rows { labels, of_id }
    }

    fn advancements(db: &CardDb) -> Rows {
        let items = db.advancements.iter().enumerate().map(|(id, a)| {
            let id = id as u8;
            (id != db.cursed_land && id != db.starting_soil && a.level >= 1, a.level, a.title.as_str())
        });
        Rows::new(items, &[1, 2, 3])
    }

    fn vales(db: &CardDb) -> Rows {
        Rows::new(db.vales.iter().map(|v| (true, v.level, v.title.as_str())), &[1, 2])
    }
}

/// Fixes a table's column order before any cell is added (so it does not depend on which title was
/// bought first).
fn columns(tally: &mut DesignerTally, table: &str, caption: &str, cols: &[&str]) {
    tally.describe(table, caption);
    if let Some(t) = tally.tables.get_mut(table)
        && t.columns.is_empty()
    {
        t.columns = cols.iter().map(|c| (*c).to_owned()).collect();
    }
}

/// Adds one card table's observations: `bought[row][seat]` copies bought.
fn card_table(tally: &mut DesignerTally, table: &str, rows: &Rows, bought: &[Vec<u32>], win: &[f64], score: &[f64]) {
    for (r, (_, label)) in rows.labels.iter().enumerate() {
        let per_seat = &bought[r];
        let total: u32 = per_seat.iter().sum();
        tally.add(table, label, BOUGHT_IN_GAME, f64::from(u8::from(total > 0)));
        tally.add(table, label, BOUGHT_PER_GAME, f64::from(total));
        let (mut wb, mut nb, mut wo, mut no) = (0.0, 0u32, 0.0, 0u32);
        for (i, &n) in per_seat.iter().enumerate() {
            if n > 0 {
                tally.add(table, label, WIN_BUYERS, win[i]);
                tally.add(table, label, SCORE_BUYERS, score[i]);
                wb += win[i];
                nb += 1;
            } else {
                tally.add(table, label, WIN_OTHERS, win[i]);
                tally.add(table, label, SCORE_OTHERS, score[i]);
                wo += win[i];
                no += 1;
            }
        }
        if nb > 0 && no > 0 {
            tally.add(table, label, IMPACT, wb / f64::from(nb) - wo / f64::from(no));
        }
    }
}

impl DesignerStats for MysticVale {
    fn observe(start: &Self, actions: &[Action], tally: &mut DesignerTally) {
        let db = start.db;
        let n = start.n();
        let adv_rows = Rows::advancements(&db);
        let vale_rows = Rows::vales(&db);
        let mut adv_bought = vec![vec![0u32; n]; adv_rows.labels.len()];
        let mut vale_bought = vec![vec![0u32; n]; vale_rows.labels.len()];
        let mut state = start.clone();
        for &a in actions {
            let seat = state.current as usize;
            match a {
                Action::Buy(s) | Action::BuyOn(s, _) => {
                    let id = match s {
                        Source::Common(l, k) => state.commons[l as usize][k as usize],
                        Source::Soil(slot) => db.soil[slot as usize],
                    };
                    if let Some(&Some(r)) = adv_rows.of_id.get(id as usize) {
                        adv_bought[r][seat] += 1;
                    }
                }
                Action::Vale(l, k, _) => {
                    let id = state.vale_row[l as usize][k as usize];
                    if id != EMPTY
                        && let Some(&Some(r)) = vale_rows.of_id.get(id as usize)
                    {
                        vale_bought[r][seat] += 1;
                    }
                }
                _ => {}
            }
            state.apply_unchecked(a, &mut NoEvents);
        }
        tally.games += 1;
        let winners = state.winners();
        let mut win = vec![0.0; n];
        for w in &winners {
            win[w.index()] = 1.0 / winners.len() as f64;
        }
        let score = state.scores();

        columns(
            tally,
            ADVANCEMENTS,
            "Per advancement title, by level: the share of games in which some player bought it, copies bought \
             per game, the win rate of the players who bought it and of those who did not (a shared win counts \
             1/k), the difference within games where both sat at the table (the card impact), and the mean final \
             score of each group.",
            &CARD_COLUMNS,
        );
        columns(
            tally,
            VALES,
            "Per vale title, by level: as for advancements (buy rate, copies per game, win rate of buyers and \
             others, their difference within a game, mean final scores).",
            &CARD_COLUMNS,
        );
        columns(
            tally,
            LEVELS,
            "Purchases per level: per game (all players), per winner and per other player, and the level's \
             share of the game's advancement (or vale) purchases.",
            &LEVEL_COLUMNS,
        );
        columns(
            tally,
            GAMES,
            "Per player count: the first player's win rate (the starting player, chosen by the mana tokens), \
             rounds and actions per game, the winning and the mean final score.",
            &GAME_COLUMNS,
        );
        card_table(tally, ADVANCEMENTS, &adv_rows, &adv_bought, &win, &score);
        card_table(tally, VALES, &vale_rows, &vale_bought, &win, &score);

        for (vale, rows, bought, levels) in
            [(false, &adv_rows, &adv_bought, &[1u8, 2, 3][..]), (true, &vale_rows, &vale_bought, &[1u8, 2][..])]
        {
            let mut per_seat = vec![vec![0u32; n]; levels.len()];
            for (r, (level, _)) in rows.labels.iter().enumerate() {
                if let Some(l) = levels.iter().position(|x| x == level) {
                    for i in 0..n {
                        per_seat[l][i] += bought[r][i];
                    }
                }
            }
            let all: u32 = per_seat.iter().flatten().sum();
            for (l, &level) in levels.iter().enumerate() {
                let label = level_label(vale, level);
                let total: u32 = per_seat[l].iter().sum();
                tally.add(LEVELS, &label, LEVEL_PER_GAME, f64::from(total));
                for i in 0..n {
                    let column = if win[i] > 0.0 { LEVEL_PER_WINNER } else { LEVEL_PER_OTHER };
                    tally.add(LEVELS, &label, column, f64::from(per_seat[l][i]));
                }
                if all > 0 {
                    tally.add(LEVELS, &label, LEVEL_SHARE, f64::from(total) / f64::from(all));
                }
            }
        }

        let label = format!("{n} players");
        tally.add(GAMES, &label, FIRST_PLAYER_WINS, win[state.start as usize]);
        tally.add(GAMES, &label, ROUNDS, f64::from(state.rounds));
        tally.add(GAMES, &label, ACTIONS, actions.len() as f64);
        tally.add(GAMES, &label, WINNING_SCORE, score.iter().copied().fold(f64::MIN, f64::max));
        tally.add(GAMES, &label, MEAN_SCORE, score.iter().sum::<f64>() / n as f64);
    }
}
