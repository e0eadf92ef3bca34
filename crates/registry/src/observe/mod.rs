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
use sylvan_engine::erased::{DynError, DynView};
use sylvan_engine::{Game, Seat};

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
///
/// Two writers give the same values bit for bit (tested on random positions of every game):
/// - the sparse writer ([`new`](Observation::new), the fast path): the buffer keeps its full length and
///   stays zero except in the spans where a nonzero value was written (kept, merged, in
///   [`written`](Observation::written)), and [`clear`](Observation::clear) zeroes only those spans, so a
///   tensor costs the sections it fills, not its length;
/// - the dense writer ([`dense`](Observation::dense)): every value pushed in order into a cleared
///   vector, the original implementation, kept as the reference the sparse writer is tested against.
#[derive(Clone, Debug, Default)]
pub struct Observation {
    values: Vec<f32>,
    /// Values written since the last clear (the length of [`values`](Observation::values)).
    len: usize,
    /// Spans `start..end` that may hold a nonzero value (sparse writer only), in order, not touching.
    written: Vec<(u32, u32)>,
    dense: bool,
    sections: Option<Vec<Section>>,
}

impl Observation {
    /// An empty observation that does not keep the section table (the fast path, sparse writer).
    pub fn new() -> Observation {
        Observation::default()
    }

    /// An empty observation written by the dense writer (the reference implementation).
    pub fn dense() -> Observation {
        Observation { dense: true, ..Observation::default() }
    }

    /// An empty observation that keeps the section table.
    pub fn with_sections() -> Observation {
        Observation { sections: Some(Vec::new()), ..Observation::default() }
    }

    /// Forgets the values (keeps the buffer).
    pub fn clear(&mut self) {
        if self.dense {
            self.values.clear();
        } else {
            for &(a, b) in &self.written {
                self.values[a as usize..b as usize].fill(0.0);
            }
            self.written.clear();
        }
        self.len = 0;
        if let Some(s) = &mut self.sections {
            s.clear();
        }
    }

    /// The values written.
    pub fn values(&self) -> &[f32] {
        &self.values[..self.len]
    }

    /// The spans `start..end` of [`values`](Observation::values) that may hold nonzero values, in order
    /// and apart (every nonzero value is in one): `None` for the dense writer.
    pub fn written(&self) -> Option<&[(u32, u32)]> {
        (!self.dense).then_some(&self.written[..])
    }

    /// The sections written (empty unless made [`with_sections`](Observation::with_sections)).
    pub fn sections(&self) -> &[Section] {
        self.sections.as_deref().unwrap_or(&[])
    }

    /// Starts the section `name`: the values written until the next section belong to it.
    pub fn section(&mut self, name: &'static str) {
        let offset = self.len;
        if let Some(s) = &mut self.sections {
            if let Some(last) = s.last_mut() {
                last.len = offset - last.offset;
            }
            s.push(Section { name, offset, len: 0 });
        }
    }

    fn close(&mut self) {
        let end = self.len;
        if let Some(last) = self.sections.as_mut().and_then(|s| s.last_mut()) {
            last.len = end - last.offset;
        }
    }

    /// Makes room for `n` more values, all zero, and returns the index of the first.
    fn grow(&mut self, n: usize) -> usize {
        let start = self.len;
        self.len += n;
        if self.dense {
            self.values.resize(self.len, 0.0);
        } else if self.values.len() < self.len {
            // Entries past the old end are new, hence zero; entries before it are zero unless written.
            self.values.resize(self.len, 0.0);
        }
        start
    }

    /// Notes that `start..end` may hold nonzero values (sparse writer; spans come in increasing order).
    fn mark(&mut self, start: usize, end: usize) {
        if self.dense {
            return;
        }
        let (start, end) = (start as u32, end as u32);
        match self.written.last_mut() {
            Some(last) if last.1 >= start => last.1 = last.1.max(end),
            _ => self.written.push((start, end)),
        }
    }

    /// Sets the value at `i` (written since the last clear, so zero until now) to `v`.
    fn set(&mut self, i: usize, v: f32) {
        self.values[i] = v;
        if v.to_bits() != 0 {
            self.mark(i, i + 1);
        }
    }

    /// One value.
    pub fn push(&mut self, v: f32) {
        let i = self.grow(1);
        self.set(i, v);
    }

    /// 1 or 0.
    pub fn flag(&mut self, b: bool) {
        self.push(if b { 1.0 } else { 0.0 });
    }

    /// `v / scale`: a count brought to about [0, 1].
    pub fn scaled(&mut self, v: f64, scale: f64) {
        self.push((v / scale) as f32);
    }

    /// `n` values, 1 at `index` (none when `index` is `None` or not below `n`).
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        let start = self.grow(n);
        if let Some(i) = index.filter(|&i| i < n) {
            self.set(start + i, 1.0);
        }
    }

    /// `n` values, 1 at each of `indices` below `n`.
    pub fn bits(&mut self, indices: impl IntoIterator<Item = usize>, n: usize) {
        let start = self.grow(n);
        let mut any = false;
        for i in indices.into_iter().filter(|&i| i < n) {
            self.values[start + i] = 1.0;
            any = true;
        }
        if any {
            self.mark(start, start + n);
        }
    }

    /// `n` values, the count of each of `indices` below `n` divided by `scale`.
    pub fn counts(&mut self, indices: impl IntoIterator<Item = usize>, n: usize, scale: f32) {
        let start = self.grow(n);
        let mut any = false;
        for i in indices.into_iter().filter(|&i| i < n) {
            self.values[start + i] += 1.0 / scale;
            any = true;
        }
        if any {
            self.mark(start, start + n);
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

/// Zeros between two spans of a [`Tensor`] below which they are one span.
const GAP: usize = 32;

/// A set bit of a byte, as the 8 values it stands for (bit `b` is value `b`): the dense path of
/// [`Tensor::bit_words`], one copy of 8 values per byte instead of one store per bit.
static BYTE_VALUES: [[f32; 8]; 256] = {
    let mut t = [[0.0f32; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut k = 0;
        while k < 8 {
            if b & (1 << k) != 0 {
                t[b][k] = 1.0;
            }
            k += 1;
        }
        b += 1;
    }
    t
};

/// An observation tensor written straight into a caller's row (the fast path: no view, no section
/// table, no allocation). The row must be zero when writing starts; the writer walks it with a cursor,
/// stores only nonzero values (and the zeros of whole bytes of a dense bit section) and notes where it
/// stored them ([`spans`](Tensor::new)), so a tensor costs the values it sets, not its length. It writes
/// the values the [`Observe`] encoder writes, bit for bit (tested on random positions of every game).
///
/// The span being extended is kept in the writer and handed to `spans` when a value lands more than
/// [`GAP`] zeros past it, and when the writer is dropped or [finished](Tensor::finish).
///
/// **Resident sections** ([`with_memory`](Tensor::with_memory)): a row that keeps its values from one
/// write to the next (a `VectorGame` row) can be given a memory of what its resident sections hold.
/// [`diff_bits`](Tensor::diff_bits), [`diff_keys`](Tensor::diff_keys) and [`values`](Tensor::values) then
/// change only what differs from the row's last write (or overwrite their values, zeros included),
/// and never note a span: their values stay in the row, so clearing the spans leaves them alone.
/// Without a memory they write into the zero row and note spans like every other section. An encoder
/// calls them in the same order with the same lengths on every write (for one game and its options),
/// whatever the state: [`finish`](Tensor::finish) is an error otherwise.
#[derive(Debug)]
pub struct Tensor<'a> {
    row: &'a mut [f32],
    pos: usize,
    spans: &'a mut Vec<(u32, u32)>,
    /// The open span `start..end` (empty while nothing was written).
    open: (usize, usize),
    overflow: bool,
    /// What the resident sections of the row hold (entries of a header word, `position << 32 | words`,
    /// then the words), and the next entry's index in it.
    memory: Option<&'a mut Vec<u64>>,
    at: usize,
}

impl Drop for Tensor<'_> {
    fn drop(&mut self) {
        self.flush();
    }
}

impl<'a> Tensor<'a> {
    /// A writer at the start of `row` (all zero), noting in `spans` (cleared) the spans `start..end` it
    /// may set, in order and apart (complete once the writer is dropped or finished).
    pub fn new(row: &'a mut [f32], spans: &'a mut Vec<(u32, u32)>) -> Tensor<'a> {
        spans.clear();
        Tensor { row, pos: 0, spans, open: (usize::MAX, 0), overflow: false, memory: None, at: 0 }
    }

    /// A writer at the start of `row`, which is zero except in `spans` (cleared here, as by
    /// [`new`](Tensor::new)) and in the resident sections that `memory` describes: what the last write
    /// with this memory left there (an empty memory: the row is zero outside `spans`). The caller zeroes
    /// the old spans first, and forgets the memory (empties it) whenever the row may hold anything
    /// else, for instance after a write that failed.
    pub fn with_memory(row: &'a mut [f32], spans: &'a mut Vec<(u32, u32)>, memory: &'a mut Vec<u64>) -> Tensor<'a> {
        spans.clear();
        Tensor { row, pos: 0, spans, open: (usize::MAX, 0), overflow: false, memory: Some(memory), at: 0 }
    }

    /// Where the next value goes.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Checks that exactly the row was written: an error naming both lengths otherwise. The spans are
    /// complete after it.
    pub fn finish(mut self) -> Result<(), String> {
        self.flush();
        if self.overflow || self.pos != self.row.len() {
            return Err(format!("an observation of {} values, not {}", self.pos, self.row.len()));
        }
        if let Some(m) = &self.memory
            && self.at != m.len()
        {
            return Err(format!(
                "resident sections of {} memory words, not the {} of the last write",
                self.at,
                m.len()
            ));
        }
        Ok(())
    }

    /// The memory entry of the resident section of `words` words at the cursor: the index of its
    /// words in the memory (zero for a new entry, the row being zero there), or `None` when there is no
    /// memory, or when the entry is of another section (remembered as an overflow: an error at
    /// [`finish`](Tensor::finish)). Flushes the open span, so that no span reaches over the section.
    #[inline]
    fn entry(&mut self, words: usize) -> Option<usize> {
        let memory = self.memory.as_mut()?;
        let header = ((self.pos as u64) << 32) | words as u64;
        let at = self.at;
        if at == memory.len() {
            memory.push(header);
            memory.resize(at + 1 + words, 0);
        } else if memory.get(at) != Some(&header) || memory.len() < at + 1 + words {
            self.overflow = true;
            return None;
        }
        self.at = at + 1 + words;
        // The open span ends before this section: later marks start a new one past it.
        self.flush();
        Some(at + 1)
    }

    /// Whether this writer keeps resident sections (it was made [`with_memory`](Tensor::with_memory)).
    #[inline]
    pub fn resident(&self) -> bool {
        self.memory.is_some()
    }

    /// `sections.len()` sections of `n` values each, section `k` 1 at each bit of `sections[k]` below `n`,
    /// as [`bit_words`](Tensor::bit_words) writes each; resident (see the type's docs): only the bytes of
    /// the words that changed since the last write are written again.
    #[inline]
    pub fn diff_bits<const W: usize>(&mut self, sections: &[[u64; W]], n: usize) {
        if self.memory.is_none() {
            for words in sections {
                self.bit_words(words, n);
            }
            return;
        }
        let start = self.pos;
        let total = sections.len() * n;
        let Some(m) = self.entry(sections.len() * W) else {
            self.pos += total;
            return;
        };
        self.pos += total;
        let (Some(memory), row) = (self.memory.as_deref_mut(), &mut *self.row) else { return };
        let Some(sec) = row.get_mut(start..start + total) else {
            self.overflow = true;
            return;
        };
        let old = memory[m..m + sections.len() * W].chunks_exact_mut(W);
        for ((old, words), sec) in old.zip(sections).zip(sec.chunks_exact_mut(n.max(1))) {
            for (k, (o, &word)) in old.iter_mut().zip(words).enumerate() {
                if *o == word {
                    continue;
                }
                let mut rest = *o ^ word;
                *o = word;
                while rest != 0 {
                    let b = rest.trailing_zeros() as usize / 8;
                    rest &= !(0xffu64 << (8 * b));
                    let values = &BYTE_VALUES[((word >> (8 * b)) & 0xff) as usize];
                    let at = k * 64 + 8 * b;
                    match sec.get_mut(at..at + 8) {
                        Some(eight) => eight.copy_from_slice(values),
                        None => {
                            for (cell, &v) in sec.get_mut(at..).unwrap_or_default().iter_mut().zip(values) {
                                *cell = v;
                            }
                        }
                    }
                }
            }
        }
    }

    /// `keys.len()` items over the next `n` values: item `i` writes its values from its key (0: nothing
    /// written), by `update(section, i, old, new)`, which must undo what key `old` wrote (0 when the
    /// section is zero there) and write what key `new` writes. Resident (see the type's docs): `update`
    /// is called only for the items whose key changed since the last write; without a memory, for each
    /// nonzero key, with `old` 0, and the section is noted as one span. `keys` must have the same length
    /// on every write.
    #[inline]
    pub fn diff_keys(&mut self, n: usize, keys: &[u64], mut update: impl FnMut(&mut [f32], usize, u64, u64)) {
        let start = self.pos;
        if self.memory.is_none() {
            self.pos += n;
            if keys.iter().all(|&k| k == 0) {
                return;
            }
            let Some(sec) = self.row.get_mut(start..start + n) else {
                self.overflow = true;
                return;
            };
            for (i, &k) in keys.iter().enumerate() {
                if k != 0 {
                    update(sec, i, 0, k);
                }
            }
            self.mark(start, start + n);
            return;
        }
        let m = self.entry(keys.len());
        self.pos += n;
        let Some(m) = m else { return };
        let (Some(memory), row) = (self.memory.as_deref_mut(), &mut *self.row) else { return };
        let Some(sec) = row.get_mut(start..start + n) else {
            self.overflow = true;
            return;
        };
        for (i, (o, &k)) in memory[m..m + keys.len()].iter_mut().zip(keys).enumerate() {
            if *o != k {
                update(sec, i, *o, k);
                *o = k;
            }
        }
    }

    /// `indices.len()` one-hot sections of `n` values each, section `k` 1 at `indices[k] - 1` (0: none,
    /// and none past `n`), as [`one_hot`](Tensor::one_hot) writes each; resident through
    /// [`diff_keys`](Tensor::diff_keys): only the sections whose index changed are written again.
    #[inline]
    pub fn diff_one_hots(&mut self, indices: &[u64], n: usize) {
        self.diff_keys(indices.len() * n, indices, |sec, k, old, new| {
            for (key, v) in [(old, 0.0), (new, 1.0)] {
                if let Some(i) = key.checked_sub(1).map(|i| i as usize).filter(|&i| i < n)
                    && let Some(x) = sec.get_mut(k * n + i)
                {
                    *x = v;
                }
            }
        });
    }

    /// `values` as they are, zeros included (a short section of scalars: one copy, no store per value).
    /// Resident (see the type's docs): written over the row's
    /// old values, no span noted; without a memory, the span from the first to the last nonzero value is
    /// noted.
    #[inline]
    pub fn values(&mut self, values: &[f32]) {
        let start = self.pos;
        let n = values.len();
        if self.memory.is_some() {
            if self.entry(0).is_none() {
                self.pos += n;
                return;
            }
            match self.row.get_mut(start..start + n) {
                Some(sec) => sec.copy_from_slice(values),
                None => self.overflow = true,
            }
            self.pos += n;
            return;
        }
        self.pos += n;
        let Some(lo) = values.iter().position(|v| v.to_bits() != 0) else { return };
        let hi = values.iter().rposition(|v| v.to_bits() != 0).map_or(lo + 1, |h| h + 1);
        match self.row.get_mut(start..start + n) {
            Some(sec) => {
                sec.copy_from_slice(values);
                self.mark(start + lo, start + hi);
            }
            None => self.overflow = true,
        }
    }

    /// Hands the open span to `spans`.
    fn flush(&mut self) {
        let (a, z) = self.open;
        if a < z {
            self.spans.push((a as u32, z as u32));
        }
        self.open = (usize::MAX, 0);
    }

    /// Notes that `start..end` may hold nonzero values (spans come in increasing order of `start`). A
    /// span that starts within [`GAP`] values of the open one's end extends it: clearing a few zeros
    /// again costs less than clearing one more span.
    #[inline]
    fn mark(&mut self, start: usize, end: usize) {
        if start > self.open.1 + GAP {
            self.flush();
            self.open = (start, end);
        } else {
            self.open.0 = self.open.0.min(start);
            self.open.1 = self.open.1.max(end);
        }
    }

    /// Sets the value at `pos + i` (past the row: remembered, an error at [`finish`](Tensor::finish)).
    #[inline]
    fn set_at(&mut self, i: usize, v: f32) {
        let k = self.pos + i;
        match self.row.get_mut(k) {
            Some(cell) => {
                *cell = v;
                self.mark(k, k + 1);
            }
            None => self.overflow = true,
        }
    }

    /// `n` zeros (the row is zero already: only the cursor moves).
    #[inline]
    pub fn skip(&mut self, n: usize) {
        self.pos += n;
    }

    /// One value.
    #[inline]
    pub fn push(&mut self, v: f32) {
        if v.to_bits() != 0 {
            self.set_at(0, v);
        }
        self.pos += 1;
    }

    /// 1 or 0.
    #[inline]
    pub fn flag(&mut self, b: bool) {
        if b {
            self.set_at(0, 1.0);
        }
        self.pos += 1;
    }

    /// `v / scale` ([`Observation::scaled`]).
    #[inline]
    pub fn scaled(&mut self, v: f64, scale: f64) {
        self.push((v / scale) as f32);
    }

    /// `n` values, 1 at `index` ([`Observation::one_hot`]).
    #[inline]
    pub fn one_hot(&mut self, index: Option<usize>, n: usize) {
        if let Some(i) = index.filter(|&i| i < n) {
            self.set_at(i, 1.0);
        }
        self.pos += n;
    }

    /// `n` values, 1 at each bit of `words` below `n` (bit `b` of word `w` is index `64 w + b`). A
    /// section of one word is written bit by bit; a longer one a nonzero byte (8 values, zeros
    /// included) at a time.
    #[inline]
    pub fn bit_words(&mut self, words: &[u64], n: usize) {
        if n <= 64 {
            // One word: bit by bit.
            let mut m = words.first().copied().unwrap_or(0);
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if i < n {
                    self.set_at(i, 1.0);
                }
            }
            self.pos += n;
            return;
        }
        let start = self.pos;
        self.pos += n;
        if words.iter().all(|&w| w == 0) {
            return;
        }
        let Some(sec) = self.row.get_mut(start..start + n) else {
            self.overflow = true;
            return;
        };
        let (lo, hi) = write_bits(sec, words);
        if lo < hi {
            self.mark(start + lo, start + hi);
        }
    }

    /// The next `lens.iter().sum()` values as `N` consecutive sections of those lengths, handed to `f`
    /// to set by index in any order ([`Cells`]): the stores go straight into the row, and each section
    /// notes one span, from the lowest to the highest index it set, once `f` is done (so a section
    /// suits values that lie close together: the zeros between them are cleared with them). The cursor
    /// moves past them all. A row too short is remembered (an error at [`finish`](Tensor::finish)) and
    /// `f` is not called.
    #[inline]
    pub fn sections<const N: usize>(&mut self, lens: [usize; N], f: impl FnOnce(&mut [Cells<'_>; N])) {
        let start = self.pos;
        let total: usize = lens.iter().sum();
        self.pos += total;
        let Some(mut rest) = self.row.get_mut(start..start + total) else {
            self.overflow = true;
            return;
        };
        let mut cells: [Cells<'_>; N] = std::array::from_fn(|k| {
            let (cells, tail) = std::mem::take(&mut rest).split_at_mut(lens[k]);
            rest = tail;
            Cells { cells, lo: usize::MAX, hi: 0 }
        });
        f(&mut cells);
        let spans = cells.map(|c| (c.lo, c.hi));
        let mut at = start;
        for (k, (lo, hi)) in spans.into_iter().enumerate() {
            if lo < hi {
                self.mark(at + lo, at + hi);
            }
            at += lens[k];
        }
    }

    /// `n` values, 1 at each of `indices` below `n` ([`Observation::bits`]), in any order.
    #[inline]
    pub fn bits(&mut self, indices: impl IntoIterator<Item = usize>, n: usize) {
        self.each(indices, n, |cell| *cell = 1.0);
    }

    /// `n` values, the count of each of `indices` below `n` divided by `scale` ([`Observation::counts`]),
    /// in any order.
    #[inline]
    pub fn counts(&mut self, indices: impl IntoIterator<Item = usize>, n: usize, scale: f32) {
        let step = 1.0 / scale;
        self.each(indices, n, |cell| *cell += step);
    }

    /// `n` values, `f` applied to the value at each of `indices` below `n`; the whole span is noted when
    /// any was.
    #[inline]
    fn each(&mut self, indices: impl IntoIterator<Item = usize>, n: usize, f: impl Fn(&mut f32)) {
        let start = self.pos;
        self.pos += n;
        let mut indices = indices.into_iter().peekable();
        if indices.peek().is_none() {
            return;
        }
        let Some(sec) = self.row.get_mut(start..start + n) else {
            self.overflow = true;
            return;
        };
        let mut any = false;
        for i in indices {
            if let Some(cell) = sec.get_mut(i) {
                f(cell);
                any = true;
            }
        }
        if any {
            self.mark(start, start + n);
        }
    }

    /// The values of `obs` (written by the [`Observe`] encoder), copied in where they are nonzero: the
    /// fallback of a game without its own [`ObserveState`] encoder.
    pub fn copy_from(&mut self, obs: &Observation) {
        let values = obs.values();
        match obs.written() {
            Some(spans) => {
                for &(a, z) in spans {
                    for (i, &v) in values[a as usize..z as usize].iter().enumerate() {
                        if v.to_bits() != 0 {
                            self.set_at(a as usize + i, v);
                        }
                    }
                }
            }
            None => {
                for (i, &v) in values.iter().enumerate() {
                    if v.to_bits() != 0 {
                        self.set_at(i, v);
                    }
                }
            }
        }
        self.pos += values.len();
    }
}

/// One section of a [`Tensor`] being written by index ([`Tensor::sections`]): values zero until set, an
/// index past the section ignored. The lowest and highest index set are kept here and noted by the
/// tensor once the section is done.
#[derive(Debug)]
pub struct Cells<'s> {
    cells: &'s mut [f32],
    lo: usize,
    hi: usize,
}

impl Cells<'_> {
    /// The section's length.
    #[inline]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the section has no value.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Notes that `lo..hi` (within the section, not empty) may hold nonzero values.
    #[inline]
    fn span(&mut self, lo: usize, hi: usize) {
        self.lo = self.lo.min(lo);
        self.hi = self.hi.max(hi);
    }

    /// Sets the value at `i` to `v` (nothing past the section).
    #[inline]
    pub fn set(&mut self, i: usize, v: f32) {
        if let Some(c) = self.cells.get_mut(i) {
            *c = v;
            self.span(i, i + 1);
        }
    }

    /// Adds `v` to the value at `i` (nothing past the section).
    #[inline]
    pub fn add(&mut self, i: usize, v: f32) {
        if let Some(c) = self.cells.get_mut(i) {
            *c += v;
            self.span(i, i + 1);
        }
    }

    /// Adds `step` at `at + i` for each of `indices` below `n` (a count section `at..at + n`, in any
    /// order), noting the whole section once if any was ([`Tensor::counts`] with `step = 1 / scale`);
    /// nothing when `at..at + n` is not inside the section.
    #[inline]
    pub fn counts(&mut self, at: usize, n: usize, indices: impl IntoIterator<Item = usize>, step: f32) {
        let Some(sec) = self.cells.get_mut(at..at + n) else { return };
        let mut any = false;
        for i in indices {
            if let Some(cell) = sec.get_mut(i) {
                *cell += step;
                any = true;
            }
        }
        if any {
            self.span(at, at + n);
        }
    }

    /// Sets 1 at each bit of `words` below `n` at `at..at + n` (bit `b` of word `w` is index
    /// `at + 64 w + b`), a nonzero byte (8 values) at a time ([`Tensor::bit_words`]); nothing when
    /// `at..at + n` is not inside the section.
    #[inline]
    pub fn bit_words(&mut self, at: usize, n: usize, words: &[u64]) {
        let Some(sec) = self.cells.get_mut(at..at + n) else { return };
        let (lo, hi) = write_bits(sec, words);
        if lo < hi {
            self.span(at + lo, at + hi);
        }
    }
}

/// Writes 1 at each bit of `words` below `sec.len()` into `sec` (zero there), a nonzero byte at a time
/// (its 8 values from [`BYTE_VALUES`], zeros included: no count of the bits, no store per bit); returns
/// the span `lo..hi` of the bits set (empty when none).
#[inline]
fn write_bits(sec: &mut [f32], words: &[u64]) -> (usize, usize) {
    let n = sec.len();
    let (mut lo, mut hi) = (usize::MAX, 0);
    for (w, &word) in words.iter().enumerate() {
        let base = w * 64;
        if base >= n {
            break;
        }
        let avail = n - base;
        let word = if avail < 64 { word & ((1u64 << avail) - 1) } else { word };
        if word == 0 {
            continue;
        }
        lo = lo.min(base + word.trailing_zeros() as usize);
        hi = hi.max(base + 64 - word.leading_zeros() as usize);
        let mut rest = word;
        while rest != 0 {
            let b = rest.trailing_zeros() as usize / 8;
            rest &= !(0xffu64 << (8 * b));
            let values = &BYTE_VALUES[((word >> (8 * b)) & 0xff) as usize];
            let at = base + 8 * b;
            match sec.get_mut(at..at + 8) {
                Some(eight) => eight.copy_from_slice(values),
                None => {
                    for (cell, &v) in sec[at..].iter_mut().zip(values) {
                        *cell = v;
                    }
                }
            }
        }
    }
    (lo, hi)
}

/// A game whose observation tensors can be written straight from the state for one seat, through an
/// accessor that gives only what that seat may see (no view built). The values are those of
/// [`Observe::observe`] on the seat's view, bit for bit.
pub trait ObserveState: Observe {
    /// Writes the observation of `seat` into `out` (a zero row of the observation's length).
    fn observe_state(&self, seat: Seat, out: &mut Tensor<'_>);
}

/// [`ObserveState::observe_state`] through the view and the [`Observe`] encoder: the fallback for a game
/// without its own (the writer and its buffer are per thread, reused).
pub fn observe_state_via_view<G: Observe>(state: &G, seat: Seat, out: &mut Tensor<'_>) {
    thread_local! {
        static SCRATCH: std::cell::RefCell<Observation> = std::cell::RefCell::new(Observation::new());
    }
    let view = state.view(seat);
    SCRATCH.with_borrow_mut(|obs| {
        obs.clear();
        G::observe(&view, obs);
        out.copy_from(obs);
    });
}
