//! Designer statistics: an optional hook a game implements to report what happened in finished games
//! (which creatures survived, which cards won), gathered by `sylvan tournament` and `sylvan balance`.
//!
//! A game implements [`DesignerStats`]: given the starting state and the actions of one finished game,
//! it adds observations to a [`DesignerTally`] — named tables of rows × columns, each cell a running
//! mean. Tallies of many games (and threads) are merged with [`DesignerTally::merge`]. Nothing here is
//! needed to play a game.
//!
//! The table builders every game shares live here: [`DesignerTally::columns`] (a caption and a column
//! order), [`DesignerTally::end_trigger`] (which condition ended the game, [`END_TRIGGERS`]) and
//! [`DesignerTally::compare`] (the seats that bought, held, drew or played a card against the others at
//! the same table: win rates, scores and the within-game difference).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Game;

/// One cell: a sum of observed values and how many there were.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The sum of the observed values.
    pub sum: f64,
    /// The number of observations.
    pub count: u64,
}

impl Cell {
    /// The mean of the observations (0 when there are none).
    pub fn mean(&self) -> f64 {
        if self.count > 0 { self.sum / self.count as f64 } else { 0.0 }
    }
}

/// One table of a tally: what it shows, its column names in order, and its rows in order of first use.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// What the table shows and how to read its cells: the id of a message of the designer statistics'
    /// catalog (`crates/registry/i18n/<code>/balance.ftl`), `stat-caption-<game>-<table's slug>` (or
    /// `stat-caption-end-triggers`), which a report words in its language. Tallies written before the
    /// captions were messages hold English text here.
    pub caption: String,
    /// Column names, in order of first use.
    pub columns: Vec<String>,
    /// Row names, in order of first use, with one cell per column.
    pub rows: Vec<(String, Vec<Cell>)>,
}

impl Table {
    fn column(&mut self, column: &str) -> usize {
        match self.columns.iter().position(|x| x == column) {
            Some(c) => c,
            None => {
                self.columns.push(column.to_owned());
                self.columns.len() - 1
            }
        }
    }

    fn row(&mut self, row: &str) -> usize {
        match self.rows.iter().position(|(x, _)| x == row) {
            Some(r) => r,
            None => {
                self.rows.push((row.to_owned(), Vec::new()));
                self.rows.len() - 1
            }
        }
    }

    fn cell(&mut self, row: &str, column: &str) -> &mut Cell {
        let c = self.column(column);
        let r = self.row(row);
        let cells = &mut self.rows[r].1;
        if cells.len() <= c {
            cells.resize(c + 1, Cell::default());
        }
        &mut cells[c]
    }

    /// The cell at `row`, `column`, if it was ever observed.
    pub fn get(&self, row: &str, column: &str) -> Option<Cell> {
        let c = self.columns.iter().position(|x| x == column)?;
        let (_, cells) = self.rows.iter().find(|(x, _)| x == row)?;
        cells.get(c).copied().filter(|cell| cell.count > 0)
    }
}

/// Named tables of running means, filled by [`DesignerStats::observe`].
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DesignerTally {
    /// The tables by name.
    pub tables: BTreeMap<String, Table>,
    /// Games observed.
    pub games: u64,
}

impl DesignerTally {
    /// An empty tally.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the caption of `table` (created if new): a message id (see [`Table::caption`]).
    pub fn describe(&mut self, table: &str, caption: &str) {
        self.tables.entry(table.to_owned()).or_default().caption = caption.to_owned();
    }

    /// Declares the columns and rows of `table` in their natural order (say rounds 1 to 5, then the end),
    /// before any observation: they keep that order whichever is observed first. Declared rows or
    /// columns never observed have no cells (a report leaves them out).
    pub fn declare(&mut self, table: &str, columns: &[&str], rows: &[&str]) {
        let t = self.tables.entry(table.to_owned()).or_default();
        for c in columns {
            t.column(c);
        }
        for r in rows {
            t.row(r);
        }
    }

    /// Adds one observation `value` to the cell `row` × `column` of `table`.
    pub fn add(&mut self, table: &str, row: &str, column: &str, value: f64) {
        let cell = self.tables.entry(table.to_owned()).or_default().cell(row, column);
        cell.sum += value;
        cell.count += 1;
    }

    /// Adds everything in `other` (cells, captions, games), keeping the order of first use.
    pub fn merge(&mut self, other: &DesignerTally) {
        self.games += other.games;
        for (name, t) in &other.tables {
            let mine = self.tables.entry(name.clone()).or_default();
            if mine.caption.is_empty() {
                mine.caption.clone_from(&t.caption);
            }
            for c in &t.columns {
                mine.column(c);
            }
            for (row, _) in &t.rows {
                mine.row(row);
            }
            for (row, cells) in &t.rows {
                for (c, cell) in cells.iter().enumerate() {
                    if cell.count > 0 {
                        let m = mine.cell(row, &t.columns[c]);
                        m.sum += cell.sum;
                        m.count += cell.count;
                    }
                }
            }
        }
    }
}

/// The table every game reports: which of its end conditions ended each game.
pub const END_TRIGGERS: &str = "end triggers";
/// The end-trigger column: 1 when the row's condition ended the game, else 0 (its mean is the share of
/// games it ended).
pub const ENDED_BY: &str = "share of games ended";

/// Drawn column: 1 when some seat drew the card in the game (what "drawn" means is the game's), else 0.
pub const DRAWN_IN_GAME: &str = "drawn in game";
/// Drawn column: the return of each seat that drew it.
pub const WIN_DREW: &str = "win rate, drew it";
/// Drawn column: the return of each seat that did not.
pub const WIN_NOT_DREW: &str = "win rate, did not draw it";
/// Drawn column: per game with both, the drawers' mean return minus the others' (the improvement when
/// drawn).
pub const DRAWN_IMPACT: &str = "improvement when drawn (same game)";
/// The drawn columns, in order.
pub const DRAWN_COLUMNS: [&str; 4] = [DRAWN_IN_GAME, WIN_DREW, WIN_NOT_DREW, DRAWN_IMPACT];

/// The columns a [`DesignerTally::compare`] fills: the seats that used a card (bought, held, drew,
/// played it) against the others at the same table.
#[derive(Clone, Copy, Debug)]
pub struct Compare<'a> {
    /// Gets 1 when some seat used it in the game, else 0 (left out when `None`).
    pub in_game: Option<&'a str>,
    /// Each user's return (win share).
    pub win_users: &'a str,
    /// Each other seat's return.
    pub win_others: &'a str,
    /// Per game with users and others: the users' mean return minus the others' (the impact).
    pub impact: &'a str,
    /// Each user's and each other seat's final score (left out when `None`).
    pub scores: Option<(&'a str, &'a str)>,
}

impl Compare<'static> {
    /// The improvement when drawn: the seats that drew a card against the others ([`DRAWN_COLUMNS`]).
    pub const DRAWN: Compare<'static> = Compare {
        in_game: Some(DRAWN_IN_GAME),
        win_users: WIN_DREW,
        win_others: WIN_NOT_DREW,
        impact: DRAWN_IMPACT,
        scores: None,
    };
}

impl DesignerTally {
    /// Sets the caption (a message id, see [`Table::caption`]) of `table` and declares its columns in
    /// order (see [`DesignerTally::declare`]).
    pub fn columns(&mut self, table: &str, caption: &str, columns: &[&str]) {
        self.describe(table, caption);
        self.declare(table, columns, &[]);
    }

    /// Records that the condition `ended` (one of the game's `triggers`, in the rulebook's order) ended
    /// this game, in [`END_TRIGGERS`]: 1 for it, 0 for every other trigger.
    pub fn end_trigger(&mut self, triggers: &[&str], ended: &str) {
        self.describe(END_TRIGGERS, "stat-caption-end-triggers");
        self.declare(END_TRIGGERS, &[ENDED_BY], triggers);
        for t in triggers.iter().copied().chain((!triggers.contains(&ended)).then_some(ended)) {
            self.add(END_TRIGGERS, t, ENDED_BY, f64::from(u8::from(t == ended)));
        }
    }

    /// Adds to `row` of `table` one game's comparison of the seats that used it (`used[seat]`) with the
    /// others at the table: their returns `win` (a shared win counts `1/k`), optionally their final
    /// `score`s, and the difference of the two groups' mean returns when both are present.
    pub fn compare(&mut self, table: &str, row: &str, used: &[bool], win: &[f64], score: &[f64], cols: Compare<'_>) {
        if let Some(c) = cols.in_game {
            self.add(table, row, c, f64::from(u8::from(used.iter().any(|&u| u))));
        }
        let (mut wu, mut nu, mut wo, mut no) = (0.0, 0u32, 0.0, 0u32);
        for (s, &u) in used.iter().enumerate() {
            let Some(&w) = win.get(s) else { continue };
            let (column, score_column) = if u {
                (wu, nu) = (wu + w, nu + 1);
                (cols.win_users, cols.scores.map(|c| c.0))
            } else {
                (wo, no) = (wo + w, no + 1);
                (cols.win_others, cols.scores.map(|c| c.1))
            };
            self.add(table, row, column, w);
            if let (Some(c), Some(&x)) = (score_column, score.get(s)) {
                self.add(table, row, c, x);
            }
        }
        if nu > 0 && no > 0 {
            self.add(table, row, cols.impact, wu / f64::from(nu) - wo / f64::from(no));
        }
    }
}

/// A game that reports designer statistics of finished games (optional; see the module docs).
pub trait DesignerStats: Game {
    /// Adds the observations of one finished game, played from `start` by `actions` (replay them with
    /// `apply_unchecked` and whatever event sink helps), to `tally`. Implementations count the game
    /// itself (`tally.games += 1`).
    fn observe(start: &Self, actions: &[Self::Action], tally: &mut DesignerTally);
}
