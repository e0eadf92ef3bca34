//! Where each player's points came from, once a game is over: one row per scoring step of the rulebook,
//! the totals (equal to [`Game::scores`](crate::Game::scores)) and why the game ended, in words.

use serde::{Deserialize, Serialize};

use crate::Lang;

/// A final score breakdown, in one language ([`Game::breakdown`](crate::Game::breakdown)).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Breakdown {
    /// Why the game ended, as a sentence (e.g. "The draw pile ran out.").
    pub end_reason: String,
    /// One row per scoring step, in the rulebook's order.
    pub rows: Vec<BreakdownRow>,
    /// Each seat's final score: the same numbers as `scores()`.
    pub totals: Vec<f64>,
    /// How the winner was decided beyond the totals (tie-breaks, a side's victory), one sentence each;
    /// often empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// One scoring step: its label and each seat's points from it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BreakdownRow {
    /// What the step counts (e.g. "VP tokens").
    pub label: String,
    /// Each seat's points from this step, in seat order.
    pub values: Vec<f64>,
}

impl BreakdownRow {
    /// A row from a label and integer points.
    pub fn new(label: impl Into<String>, values: impl IntoIterator<Item = f64>) -> BreakdownRow {
        BreakdownRow { label: label.into(), values: values.into_iter().collect() }
    }
}

/// A number as a player reads it: `3`, `-1`, `2.5`.
pub fn number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 { format!("{}", x as i64) } else { format!("{x}") }
}

impl Breakdown {
    /// Whether every seat's rows add up to its total (within rounding).
    pub fn rows_add_up(&self) -> bool {
        (0..self.totals.len()).all(|s| {
            let sum: f64 = self.rows.iter().map(|r| r.values.get(s).copied().unwrap_or(0.0)).sum();
            (sum - self.totals[s]).abs() < 1e-9
        })
    }

    /// This breakdown set in `lang`'s typography ([`Lang::typeset`]).
    pub fn typeset(mut self, lang: Lang) -> Breakdown {
        self.end_reason = lang.typeset(&self.end_reason);
        for r in &mut self.rows {
            r.label = lang.typeset(&r.label);
        }
        for n in &mut self.notes {
            *n = lang.typeset(n);
        }
        self
    }

    /// The breakdown as a text table for the terminal: the end reason, a column per seat (`p0`, `p1`,
    /// ...), one line per row, the totals and the notes; numbers are written in `lang`.
    pub fn table(&self, lang: Lang) -> String {
        self.table_with_total(lang, "total")
    }

    /// [`table`](Breakdown::table) with the label of the totals line given (a front end's catalog word).
    pub fn table_with_total(&self, lang: Lang, total: &str) -> String {
        let n = self.totals.len();
        let label_w =
            self.rows.iter().map(|r| r.label.chars().count()).chain([total.chars().count()]).max().unwrap_or(0);
        let cells = |vals: &[f64]| -> Vec<String> {
            (0..n).map(|s| vals.get(s).map_or(String::new(), |&v| lang.number(v))).collect()
        };
        let mut lines: Vec<(String, Vec<String>)> =
            self.rows.iter().map(|r| (r.label.clone(), cells(&r.values))).collect();
        lines.push((total.to_owned(), cells(&self.totals)));
        let col_w = lines.iter().flat_map(|(_, c)| c.iter().map(|x| x.chars().count())).chain([3]).max().unwrap_or(3);
        let mut out = format!("{}\n", self.end_reason);
        out.push_str(&format!("{:label_w$}", ""));
        for s in 0..n {
            out.push_str(&format!("  {:>col_w$}", format!("p{s}")));
        }
        out.push('\n');
        let last = lines.len().saturating_sub(1);
        for (i, (label, cells)) in lines.iter().enumerate() {
            if i == last {
                out.push_str(&format!("{}\n", "-".repeat(label_w + n * (col_w + 2))));
            }
            let pad = label_w.saturating_sub(label.chars().count());
            out.push_str(label);
            out.push_str(&" ".repeat(pad));
            for c in cells {
                out.push_str(&format!("  {c:>col_w$}"));
            }
            out.push('\n');
        }
        for note in &self.notes {
            out.push_str(note);
            out.push('\n');
        }
        out
    }
}
