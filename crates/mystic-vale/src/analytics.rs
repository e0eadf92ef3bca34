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
//!   of buyers and of the others, the take rate when offered (at each purchase, every title face up in
//!   the commons, the Fertile Soil supply or the vale row counts once: 1 for the one bought), and the
//!   score contribution (per buyer, the VP printed on the copies it held at the end, or the vale's VP);
//! - [`DRAWN`]: per advancement title, the win rate of the players who drew it (a card carrying it came
//!   into their field) and of those who did not, and the difference within a game (improvement when
//!   drawn);
//! - [`sylvan_engine::analytics::END_TRIGGERS`]: the share of games ended by the VP pool running out
//!   and by the round limit;
//! - [`LEVELS`]: per level of advancements and of vales, how many were bought per game, per winner and
//!   per other player, and their share of the game's purchases of that kind;
//! - [`GAMES`]: per player count, the win rate of the first player (the starting player chosen by the
//!   mana tokens), game length in rounds and actions, and the winning and mean final scores;
//! - [`LEADERS`] and [`AMULETS`] (only with sets that have them): one row per leader or amulet, with the
//!   share of games in which some player held it at the end of the game, its pick rate when it was
//!   offered (on the draft table, among the two dealt with `leaders=choose`, or dealt at random), the
//!   win rate of its holder and of the others, their difference within a game, and the mean final
//!   scores. An amulet traded for a regular token (EN:816) is offered, not held.

use std::sync::OnceLock;

use sylvan_engine::analytics::{Compare, DRAWN_COLUMNS, DesignerStats, DesignerTally};
use sylvan_engine::{Game, Locale, NoEvents};

use crate::actions::{Action, Source};
use crate::cards::CardDb;
use crate::state::{EMPTY, MysticVale};
use crate::words;

/// The advancement table's name.
pub const ADVANCEMENTS: &str = "advancements: card impact";
/// The vale table's name.
pub const VALES: &str = "vales: card impact";
/// The per-level table's name.
pub const LEVELS: &str = "purchases by level";
/// The per-player-count table's name.
pub const GAMES: &str = "games by player count";
/// The leader table's name.
pub const LEADERS: &str = "leaders: pick rate and impact";
/// The amulet table's name.
pub const AMULETS: &str = "amulets: pick rate and impact";

/// Column: 1 when some player held it at the end of the game, else 0.
pub const HELD_IN_GAME: &str = "held in game";
/// Column: in the games where it was offered, 1 when a player took (and kept) it, else 0.
pub const PICK_RATE: &str = "pick rate when offered";
/// Column: win share of its holder.
pub const WIN_HOLDER: &str = "win rate, holder";
/// Column: per game with a holder, the holder's win share minus the others' mean.
pub const HOLDER_IMPACT: &str = "impact (holder - others, same game)";
/// Column: final score of its holder.
pub const SCORE_HOLDER: &str = "score, holder";

const PICK_COLUMNS: [&str; 7] =
    [HELD_IN_GAME, PICK_RATE, WIN_HOLDER, WIN_OTHERS, HOLDER_IMPACT, SCORE_HOLDER, SCORE_OTHERS];

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

/// Column: at each purchase while the title was face up (in the commons, the Fertile Soil supply or
/// the vale row), 1 when it was the title bought, else 0.
pub const TAKEN_WHEN_OFFERED: &str = "taken when offered (rate)";
/// Column: per buyer, the points the copies of the title it held at the end score by themselves (VP
/// printed on the advancement, or the vale's VP; not tokens its abilities earned).
pub const SCORE_CONTRIBUTION: &str = "score from it, per buyer";

const CARD_COLUMNS: [&str; 9] = [
    BOUGHT_IN_GAME,
    BOUGHT_PER_GAME,
    TAKEN_WHEN_OFFERED,
    WIN_BUYERS,
    WIN_OTHERS,
    IMPACT,
    SCORE_BUYERS,
    SCORE_OTHERS,
    SCORE_CONTRIBUTION,
];

/// The drawn-advancements table's name.
pub const DRAWN: &str = "advancements: improvement when drawn";

/// End trigger: the VP pool ran out (the round was finished).
pub const END_POOL: &str = "VP pool emptied";
/// End trigger: the round limit was reached.
pub const END_ROUNDS: &str = "round limit reached";

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

/// A row label of these tables (`L1 Podlings` by [`row_label`], a leader's or an amulet's title) in
/// `locale`: the card's title in that language ([`crate::words::title`]: the overlay's where it gives
/// one, else the English; made pseudo in the pseudo-locale), the level prefix kept (`L1 Podlings` →
/// `L1 Cosses` in French). `None` when the label names no card of the embedded sets (a column's or an
/// end condition's name). The tally keeps the English label: it is the row's key.
pub fn row_name(label: &str, locale: Locale) -> Option<String> {
    static ALL: OnceLock<Option<CardDb>> = OnceLock::new();
    let db = ALL.get_or_init(|| CardDb::every_set().ok()).as_ref()?;
    let level = |l: &str| l.strip_prefix('L').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let (prefix, english) = match label.split_once(' ') {
        Some((l, rest)) if level(l) => (Some(l), rest),
        _ => (None, label),
    };
    let named = |t: &str| t == english;
    // Leaders and amulets have no level: a prefixed label never names one.
    let unlevelled = |t: &str| prefix.is_none() && named(t);
    let title = db
        .advancements
        .iter()
        .find(|a| named(&a.title))
        .map(|a| words::title(a, locale))
        .or_else(|| db.vales.iter().find(|v| named(&v.title)).map(|v| words::title(v, locale)))
        .or_else(|| db.leaders.iter().find(|l| unlevelled(&l.title)).map(|l| words::title(l, locale)))
        .or_else(|| db.amulets.iter().find(|x| unlevelled(&x.title)).map(|x| words::title(x, locale)))?;
    Some(match prefix {
        Some(p) => format!("{p} {title}"),
        None => title,
    })
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

/// The leader and amulet tables' comparison: the holder against the others.
const HOLDER: Compare<'static> = Compare {
    in_game: None,
    win_users: WIN_HOLDER,
    win_others: WIN_OTHERS,
    impact: HOLDER_IMPACT,
    scores: Some((SCORE_HOLDER, SCORE_OTHERS)),
};

/// The card tables' comparison: the buyers against the others.
const BUYERS: Compare<'static> = Compare {
    in_game: None,
    win_users: WIN_BUYERS,
    win_others: WIN_OTHERS,
    impact: IMPACT,
    scores: Some((SCORE_BUYERS, SCORE_OTHERS)),
};

/// Adds one pick table's observations: per row (leader or amulet id), whether it was offered and the
/// seat holding it at the end.
fn pick_table(
    tally: &mut DesignerTally,
    table: &str,
    titles: &[&str],
    offered: &[bool],
    held: &[Option<usize>],
    win: &[f64],
    score: &[f64],
) {
    for (r, title) in titles.iter().enumerate() {
        let holder = held[r];
        tally.add(table, title, HELD_IN_GAME, f64::from(u8::from(holder.is_some())));
        if offered[r] || holder.is_some() {
            tally.add(table, title, PICK_RATE, f64::from(u8::from(holder.is_some())));
        }
        if let Some(h) = holder {
            let used: Vec<bool> = (0..win.len()).map(|i| i == h).collect();
            tally.compare(table, title, &used, win, score, HOLDER);
        }
    }
}

/// What one game did with the titles of one card table, per row and seat.
struct Usage {
    /// Copies bought.
    bought: Vec<Vec<u32>>,
    /// Points the copies held at the end score by themselves (printed VP).
    points: Vec<Vec<f64>>,
    /// At each purchase, every row face up counts once: whether it was the one bought.
    offers: Vec<(usize, bool)>,
}

impl Usage {
    fn new(rows: usize, n: usize) -> Usage {
        Usage { bought: vec![vec![0; n]; rows], points: vec![vec![0.0; n]; rows], offers: Vec::new() }
    }

    /// One purchase of row `taken` while the rows `face_up` (card ids; `EMPTY` skipped) were offered.
    fn offer(&mut self, rows: &Rows, face_up: impl Iterator<Item = u8>, taken: Option<usize>) {
        let mut seen: Vec<usize> = Vec::new();
        for id in face_up.filter(|&id| id != EMPTY) {
            if let Some(&Some(r)) = rows.of_id.get(usize::from(id))
                && !seen.contains(&r)
            {
                seen.push(r);
            }
        }
        if let Some(t) = taken
            && !seen.contains(&t)
        {
            seen.push(t);
        }
        self.offers.extend(seen.into_iter().map(|r| (r, Some(r) == taken)));
    }
}

/// Adds one card table's observations.
fn card_table(tally: &mut DesignerTally, table: &str, rows: &Rows, usage: &Usage, win: &[f64], score: &[f64]) {
    for &(r, taken) in &usage.offers {
        tally.add(table, &rows.labels[r].1, TAKEN_WHEN_OFFERED, f64::from(u8::from(taken)));
    }
    for (r, (_, label)) in rows.labels.iter().enumerate() {
        let per_seat = &usage.bought[r];
        let total: u32 = per_seat.iter().sum();
        tally.add(table, label, BOUGHT_IN_GAME, f64::from(u8::from(total > 0)));
        tally.add(table, label, BOUGHT_PER_GAME, f64::from(total));
        let used: Vec<bool> = per_seat.iter().map(|&n| n > 0).collect();
        tally.compare(table, label, &used, win, score, BUYERS);
        for (i, _) in per_seat.iter().enumerate().filter(|(_, n)| **n > 0) {
            tally.add(table, label, SCORE_CONTRIBUTION, usage.points[r][i]);
        }
    }
}

impl DesignerStats for MysticVale {
    fn observe(start: &Self, actions: &[Action], tally: &mut DesignerTally) {
        let db = start.db.clone();
        let n = start.n();
        let adv_rows = Rows::advancements(&db);
        let vale_rows = Rows::vales(&db);
        let mut adv = Usage::new(adv_rows.labels.len(), n);
        let mut vales = Usage::new(vale_rows.labels.len(), n);
        let mut drawn = vec![vec![false; n]; adv_rows.labels.len()];
        let mut in_field = vec![0u32; n];
        let mut state = start.clone();
        for &a in actions {
            let seat = state.current as usize;
            match a {
                Action::Buy(s) | Action::BuyOn(s, _) => {
                    let id = match s {
                        Source::Common(l, k) => state.commons[l as usize][k as usize],
                        Source::Soil(slot) => db.soil[slot as usize],
                    };
                    let row = adv_rows.of_id.get(usize::from(id)).copied().flatten();
                    if let Some(r) = row {
                        adv.bought[r][seat] += 1;
                    }
                    let soil = db.soil.iter().zip(state.soil).filter(|(_, left)| *left > 0).map(|(id, _)| *id);
                    adv.offer(&adv_rows, state.commons.iter().flatten().copied().chain(soil), row);
                }
                Action::Vale(l, k, _) => {
                    let id = state.vale_row[l as usize][k as usize];
                    let row = if id == EMPTY { None } else { vale_rows.of_id.get(usize::from(id)).copied().flatten() };
                    if let Some(r) = row {
                        vales.bought[r][seat] += 1;
                    }
                    vales.offer(&vale_rows, state.vale_row.iter().flatten().copied(), row);
                }
                _ => {}
            }
            state.apply_unchecked(a, &mut NoEvents);
            // A title is drawn when a card carrying it comes into its owner's field (not when it is sleeved
            // onto a card already there).
            for (i, p) in state.players.iter().enumerate() {
                let now = p.field.iter().fold(0u32, |m, &c| m | 1u32.checked_shl(u32::from(c)).unwrap_or(0));
                let new = now & !in_field[i];
                in_field[i] = now;
                for c in (0..32u8).filter(|c| new & (1 << c) != 0) {
                    for id in p.cards.get(usize::from(c)).into_iter().flat_map(|s| s.advs()) {
                        if let Some(&Some(r)) = adv_rows.of_id.get(usize::from(id)) {
                            drawn[r][i] = true;
                        }
                    }
                }
            }
        }
        // What the titles held at the end score by themselves.
        for (i, p) in state.players.iter().enumerate() {
            for id in p.cards.iter().flat_map(|s| s.advs()) {
                if let Some(&Some(r)) = adv_rows.of_id.get(usize::from(id)) {
                    adv.points[r][i] += f64::from(db.adv(id).symbols.vp_end);
                }
            }
            for &v in &p.vales {
                if let Some(&Some(r)) = vale_rows.of_id.get(usize::from(v)) {
                    vales.points[r][i] += f64::from(db.vale(v).vp);
                }
            }
        }
        tally.games += 1;
        let winners = state.winners();
        let mut win = vec![0.0; n];
        for w in &winners {
            win[w.index()] = 1.0 / winners.len() as f64;
        }
        let score = state.scores();

        tally.columns(ADVANCEMENTS, "stat-caption-mystic-vale-advancements-card-impact", &CARD_COLUMNS);
        tally.columns(VALES, "stat-caption-mystic-vale-vales-card-impact", &CARD_COLUMNS);
        tally.columns(DRAWN, "stat-caption-mystic-vale-advancements-improvement-when-drawn", &DRAWN_COLUMNS);
        tally.end_trigger(&[END_POOL, END_ROUNDS], if state.ending || state.pool == 0 { END_POOL } else { END_ROUNDS });
        tally.columns(LEVELS, "stat-caption-mystic-vale-purchases-by-level", &LEVEL_COLUMNS);
        tally.columns(GAMES, "stat-caption-mystic-vale-games-by-player-count", &GAME_COLUMNS);
        card_table(tally, ADVANCEMENTS, &adv_rows, &adv, &win, &score);
        card_table(tally, VALES, &vale_rows, &vales, &win, &score);
        for (r, (_, label)) in adv_rows.labels.iter().enumerate() {
            tally.compare(DRAWN, label, &drawn[r], &win, &score, Compare::DRAWN);
        }

        for (vale, rows, bought, levels) in
            [(false, &adv_rows, &adv.bought, &[1u8, 2, 3][..]), (true, &vale_rows, &vales.bought, &[1u8, 2][..])]
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

        if !db.leaders.is_empty() && state.players.iter().any(|p| p.leader.is_some()) {
            tally.columns(LEADERS, "stat-caption-mystic-vale-leaders-pick-rate-and-impact", &PICK_COLUMNS);
            let mut offered = vec![false; db.leaders.len()];
            let draft = start.draft.iter().flat_map(|d| d.leaders.iter().copied());
            let dealt =
                start.players.iter().flat_map(|p| p.leader_offer.into_iter().flatten().chain(p.leader.map(|l| l.id)));
            for l in draft.chain(dealt) {
                if let Some(o) = offered.get_mut(usize::from(l)) {
                    *o = true;
                }
            }
            let mut held = vec![None; db.leaders.len()];
            for (i, p) in state.players.iter().enumerate() {
                if let Some(x) = p.leader.and_then(|l| held.get_mut(usize::from(l.id))) {
                    *x = Some(i);
                }
            }
            let titles: Vec<&str> = db.leaders.iter().map(|l| l.title.as_str()).collect();
            pick_table(tally, LEADERS, &titles, &offered, &held, &win, &score);
        }
        if !db.amulets.is_empty() && (start.draft.is_some() || start.players.iter().any(|p| p.amulet.is_some())) {
            tally.columns(AMULETS, "stat-caption-mystic-vale-amulets-pick-rate-and-impact", &PICK_COLUMNS);
            let mut offered = vec![false; db.amulets.len()];
            let draft = start.draft.iter().flat_map(|d| d.amulets.iter().copied());
            for a in draft.chain(start.players.iter().filter_map(|p| p.amulet)) {
                if let Some(o) = offered.get_mut(usize::from(a)) {
                    *o = true;
                }
            }
            let mut held = vec![None; db.amulets.len()];
            for (i, p) in state.players.iter().enumerate() {
                if let Some(x) = p.amulet.and_then(|a| held.get_mut(usize::from(a))) {
                    *x = Some(i);
                }
            }
            let titles: Vec<&str> = db.amulets.iter().map(|a| a.title.as_str()).collect();
            pick_table(tally, AMULETS, &titles, &offered, &held, &win, &score);
        }

        let label = format!("{n} players");
        tally.add(GAMES, &label, FIRST_PLAYER_WINS, win[state.start as usize]);
        tally.add(GAMES, &label, ROUNDS, f64::from(state.rounds));
        tally.add(GAMES, &label, ACTIONS, actions.len() as f64);
        tally.add(GAMES, &label, WINNING_SCORE, score.iter().copied().fold(f64::MIN, f64::max));
        tally.add(GAMES, &label, MEAN_SCORE, score.iter().sum::<f64>() / n as f64);
    }
}
