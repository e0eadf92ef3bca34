//! Observation tensors: a fixed-length vector of `f32` per game and options, written from one seat's
//! view only (never the full state), for learning code (the Python package's `observation_tensor` and
//! its PettingZoo environments). Each game writes named sections in a fixed order ([`Observe`]); the
//! shape and the section table come from writing the view of a fresh game, and every view of a game
//! with the same options writes the same length (tested on random games). The sections of each game
//! are listed in `docs/OBSERVATIONS.md`.

mod command_of_nature;
mod equinox;
mod mystic_vale;
mod spirit_duel;
mod toy;

use serde::Serialize;
use sylvan_engine::Game;
use sylvan_engine::erased::{DynError, DynView};

/// One named part of an observation: `len` values from `offset`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    /// What it holds.
    pub name: &'static str,
    /// Its first index.
    pub offset: usize,
    /// Its length.
    pub len: usize,
}

/// An observation being written: values, and (when asked) the table of sections.
#[derive(Clone, Debug, Default)]
pub struct Observation {
    values: Vec<f32>,
    sections: Option<Vec<Section>>,
}

impl Observation {
    /// An empty observation that does not keep the section table (the fast path).
    pub fn new() -> Observation {
        Observation::default()
    }

    /// An empty observation that keeps the section table.
    pub fn with_sections() -> Observation {
        Observation { values: Vec::new(), sections: Some(Vec::new()) }
    }

    /// Forgets the values (keeps the buffer).
    pub fn clear(&mut self) {
        self.values.clear();
        if let Some(s) = &mut self.sections {
            s.clear();
        }
    }

    /// The values written.
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The sections written (empty unless made [`with_sections`](Observation::with_sections)).
    pub fn sections(&self) -> &[Section] {
        self.sections.as_deref().unwrap_or(&[])
    }

    /// Starts the section `name`: the values written until the next section belong to it.
    pub fn section(&mut self, name: &'static str) {
        let offset = self.values.len();
        if let Some(s) = &mut self.sections {
            if let Some(last) = s.last_mut() {
                last.len = offset - last.offset;
            }
            s.push(Section { name, offset, len: 0 });
        }
    }

    fn close(&mut self) {
        let end = self.values.len();
        if let Some(last) = self.sections.as_mut().and_then(|s| s.last_mut()) {
            last.len = end - last.offset;
        }
    }

    /// One value.
    pub fn push(&mut self, v: f32) {
        self.values.push(v);
    }

    /// 1 or 0.
    pub fn flag(&mut self, b: bool) {
        self.values.push(if b { 1.0 } else { 0.0 });
    }

    /// `v / scale`: a count brought to about [0, 1].
    pub fn scaled(&mut self, v: f64, scale: f64) {
        self.values.push((v / scale) as f32);
    }

    /// `n` values, 1 at `index` (none when `index` is `None` or not below `n`).
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        if let Some(i) = index.filter(|&i| i < n) {
            self.values[start + i] = 1.0;
        }
    }

    /// `n` values, 1 at each of `indices` below `n`.
    pub fn bits(&mut self, indices: impl IntoIterator<Item = usize>, n: usize) {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        for i in indices.into_iter().filter(|&i| i < n) {
            self.values[start + i] = 1.0;
        }
    }

    /// `n` values, the count of each of `indices` below `n` divided by `scale`.
    pub fn counts(&mut self, indices: impl IntoIterator<Item = usize>, n: usize, scale: f32) {
        let start = self.values.len();
        self.values.resize(start + n, 0.0);
        for i in indices.into_iter().filter(|&i| i < n) {
            self.values[start + i] += 1.0 / scale;
        }
    }
}

/// A game whose seat views have an observation tensor.
pub trait Observe: Game {
    /// Writes the observation of `view`: the same sections, of the same lengths, for every view of a
    /// game with the same options.
    fn observe(view: &Self::View, out: &mut Observation);
}

/// Writes the observation of an erased view of `G` (an error for a view of another game).
pub(crate) fn observe_dyn<G: Observe>(view: &dyn DynView, out: &mut Observation) -> Result<(), DynError>
where
    G::View: 'static,
{
    let typed =
        view.as_any().downcast_ref::<G::View>().ok_or(DynError::WrongGame { expected: G::NAME, found: view.game() })?;
    out.clear();
    G::observe(typed, out);
    out.close();
    Ok(())
}
