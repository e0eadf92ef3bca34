//! A learned leaf evaluation for search: a small value network (a multilayer perceptron) that reads the
//! features of the seat to move's **view** and estimates every seat's return.
//!
//! This crate knows no game: a [`ValueNet`] pairs a network ([`Mlp`], read from a weights file with
//! [`Mlp::parse`]) with a function that writes a view's features (the registry passes each game's
//! observation tensor). ISMCTS uses it with `eval=learned` (see [`SearchConfig::eval`](crate::SearchConfig)):
//! a playout stops after `depth` moves (0: at the tree's leaf) and backs up the network's estimate.
//!
//! # The weights file (`docs/learned-evaluation.md`)
//!
//! One line of JSON, the [`NetHeader`] (format `sylvan-value-mlp`, version 1, the game and options it
//! was trained for, the input size, the observation's section table, the layer sizes, and how it was
//! made), a newline, then little-endian `f32` weights, layer by layer: the matrix input-major
//! (`[in][out]`), then the biases. Hidden layers use ReLU; the outputs are one logit per seat
//! relative to the seat to move (0 = the mover), and a softmax over the seats in the game gives each
//! seat's estimated share of the returns.
//!
//! # Cost
//!
//! An evaluation allocates nothing once its [`NetScratch`] has grown to the network's widths: the
//! first layer adds the rows of the non-zero inputs only (observation tensors are mostly zeros), the
//! rest are small dense layers.
//!
//! # A policy prior
//!
//! A network may carry a second one, a **policy** (format `sylvan-policy-mlp`, the same file layout,
//! one output per action id of the game, [`Game::action_id`]): [`ValueNet::priors`] gives a softmax over
//! the legal actions of the seat to move, from its view, which ISMCTS uses to order and bias its
//! expansions (`pnet=W`). Only the output columns of the legal actions are computed.

use serde::Deserialize;
use sylvan_engine::{Game, MAX_SEATS, Seat};
use thiserror::Error;

/// The `format` of a weights file.
pub const NET_FORMAT: &str = "sylvan-value-mlp";
/// The `format` of a policy network's weights file (one output per action id).
pub const POLICY_FORMAT: &str = "sylvan-policy-mlp";
/// The version of the weights format this crate reads.
pub const NET_VERSION: u32 = 1;
/// The longest header line read.
const MAX_HEADER: usize = 1 << 20;
/// The widest layer accepted.
const MAX_WIDTH: usize = 1 << 20;
/// The most weights accepted (all layers).
const MAX_WEIGHTS: usize = 1 << 26;

/// The header line of a weights file.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NetHeader {
    /// [`NET_FORMAT`] or [`POLICY_FORMAT`].
    pub format: String,
    /// Always [`NET_VERSION`].
    pub version: u32,
    /// The game the network was trained for.
    pub game: String,
    /// The game's options (they fix the observation tensor's layout).
    pub options: serde_json::Value,
    /// The input size: the length of the observation tensor.
    pub input: usize,
    /// The outputs: one logit per relative seat (a value network) or per action id (a policy).
    pub outputs: usize,
    /// `[in, out]` per layer.
    pub layers: Vec<[usize; 2]>,
    /// The hidden layers' activation: `relu`.
    pub activation: String,
    /// The observation's section table the network was trained on: `[name, offset, length]`.
    pub sections: Vec<(String, usize, usize)>,
    /// How the training positions were generated (commands, seeds).
    pub data: serde_json::Value,
    /// How the network was trained (command, seed, validation loss).
    pub train: serde_json::Value,
    /// A correction to the game's own evaluation rather than an estimate of its own (absent: none).
    #[serde(default)]
    pub residual: Option<Residual>,
}

/// A value network that corrects the game's own evaluation ([`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate)):
/// it reads the features followed by `extras` values, the game's estimate as a log-probability per seat
/// relative to the seat to move (0 past the seats), and its outputs are added to those
/// log-probabilities before the softmax. A network whose last layer is zero is the game's evaluation.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Residual {
    /// What is corrected: `evaluate`, the game's evaluation.
    pub base: String,
    /// The inputs after the features: as many as the outputs.
    pub extras: usize,
    /// The features, when not the observation tensor (absent or `obs`): a name the game's registry
    /// entry knows and writes (Mystic Vale's `parts`: its projection's parts), with no section table.
    #[serde(default)]
    pub inputs: Option<String>,
}

/// The smallest probability of the game's evaluation a residual network takes the logarithm of.
const RESIDUAL_FLOOR: f64 = 1e-12;

/// A weights file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NetError {
    /// The header line is missing, too long or not the expected JSON.
    #[error("value network: header: {0}")]
    Header(String),
    /// The header reads but describes something this crate cannot run.
    #[error("value network: {0}")]
    Shape(String),
    /// The weights after the header do not match the layer sizes, or are not finite.
    #[error("value network: weights: {0}")]
    Weights(String),
}

/// One dense layer: `out = in · w + b`, `w` stored input-major.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

/// A multilayer perceptron read from a weights file.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    header: NetHeader,
    layers: Vec<Layer>,
}

/// The buffers of evaluations: features and layer activations, grown once and reused.
#[derive(Clone, Debug, Default)]
pub struct NetScratch {
    /// The features of the view being evaluated.
    pub features: Vec<f32>,
    a: Vec<f32>,
    b: Vec<f32>,
}

impl Mlp {
    /// Reads a weights file (see the [module docs](self)): an error names what is wrong.
    pub fn parse(bytes: &[u8]) -> Result<Mlp, NetError> {
        let end = bytes
            .iter()
            .take(MAX_HEADER)
            .position(|&b| b == b'\n')
            .ok_or_else(|| NetError::Header(format!("no newline in the first {MAX_HEADER} bytes")))?;
        let header: NetHeader = serde_json::from_slice(&bytes[..end]).map_err(|e| NetError::Header(e.to_string()))?;
        let policy = match header.format.as_str() {
            NET_FORMAT => false,
            POLICY_FORMAT => true,
            f => return Err(NetError::Shape(format!("format `{f}`, expected `{NET_FORMAT}` or `{POLICY_FORMAT}`"))),
        };
        if header.version != NET_VERSION {
            return Err(NetError::Shape(format!("version {}, this build reads {NET_VERSION}", header.version)));
        }
        if header.activation != "relu" {
            return Err(NetError::Shape(format!("activation `{}`, expected `relu`", header.activation)));
        }
        let most = if policy { MAX_WIDTH } else { MAX_SEATS };
        if header.outputs == 0 || header.outputs > most {
            return Err(NetError::Shape(format!("{} outputs, expected 1 to {most}", header.outputs)));
        }
        let Some(first) = header.layers.first() else { return Err(NetError::Shape("no layers".to_owned())) };
        let extras = match &header.residual {
            None => 0,
            Some(r) if policy => return Err(NetError::Shape(format!("a policy cannot be a residual on `{}`", r.base))),
            Some(r) if r.base != "evaluate" => {
                return Err(NetError::Shape(format!("residual on `{}`, expected `evaluate`", r.base)));
            }
            Some(r) if r.extras != header.outputs => {
                return Err(NetError::Shape(format!("{} residual inputs, expected one per output", r.extras)));
            }
            Some(r) => r.extras,
        };
        if Some(first[0]) != header.input.checked_add(extras) {
            return Err(NetError::Shape(format!(
                "first layer reads {}, the input is {}{}",
                first[0],
                header.input,
                if extras > 0 { format!(" and {extras} residual inputs") } else { String::new() }
            )));
        }
        let mut total = 0usize;
        for (i, pair) in header.layers.windows(2).enumerate() {
            if pair[0][1] != pair[1][0] {
                return Err(NetError::Shape(format!(
                    "layer {i} gives {} values, layer {} reads {}",
                    pair[0][1],
                    i + 1,
                    pair[1][0]
                )));
            }
        }
        for &[i, o] in &header.layers {
            if i == 0 || o == 0 || i > MAX_WIDTH || o > MAX_WIDTH {
                return Err(NetError::Shape(format!("layer {i}x{o}: sizes must be 1 to {MAX_WIDTH}")));
            }
            total = i
                .checked_mul(o)
                .and_then(|w| w.checked_add(o))
                .and_then(|n| total.checked_add(n))
                .filter(|&n| n <= MAX_WEIGHTS)
                .ok_or_else(|| NetError::Shape(format!("more than {MAX_WEIGHTS} weights")))?;
        }
        if header.layers.last().map(|l| l[1]) != Some(header.outputs) {
            return Err(NetError::Shape(format!("the last layer does not give {} outputs", header.outputs)));
        }
        let payload = &bytes[end + 1..];
        if payload.len() != total * 4 {
            return Err(NetError::Weights(format!(
                "{} bytes after the header, the layers need {} ({} weights)",
                payload.len(),
                total * 4,
                total
            )));
        }
        let mut floats = payload.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut layers = Vec::with_capacity(header.layers.len());
        for &[i, o] in &header.layers {
            let w: Vec<f32> = floats.by_ref().take(i * o).collect();
            let b: Vec<f32> = floats.by_ref().take(o).collect();
            if w.iter().chain(&b).any(|x| !x.is_finite()) {
                return Err(NetError::Weights(format!("layer {i}x{o} holds a value that is not finite")));
            }
            layers.push(Layer { inputs: i, outputs: o, w, b });
        }
        Ok(Mlp { header, layers })
    }

    /// The header of the file it was read from.
    pub fn header(&self) -> &NetHeader {
        &self.header
    }

    /// The residual inputs after the features (0 unless the network corrects the game's evaluation).
    pub fn residual_inputs(&self) -> usize {
        self.header.residual.as_ref().map_or(0, |r| r.extras)
    }

    /// The number of inputs (the observation tensor's length it was trained on).
    pub fn input_len(&self) -> usize {
        self.header.input
    }

    /// The number of outputs (relative seats, or action ids for a policy).
    pub fn outputs(&self) -> usize {
        self.header.outputs
    }

    /// Whether the file is a policy ([`POLICY_FORMAT`]): one output per action id.
    pub fn is_policy(&self) -> bool {
        self.header.format == POLICY_FORMAT
    }

    /// The activations of the last hidden layer for `input` into `scratch` (every layer but the last,
    /// ReLU), returned as a slice of it; with a single layer, the input itself is copied. `None` when
    /// `input` is not [`input_len`](Mlp::input_len) long. Allocates nothing once `scratch` has grown.
    pub fn hidden<'s>(&self, input: &[f32], scratch: &'s mut NetScratch) -> Option<&'s [f32]> {
        if input.len() != self.header.input + self.residual_inputs() {
            return None;
        }
        let hidden = &self.layers[..self.layers.len() - 1];
        if hidden.is_empty() {
            scratch.a.clear();
            scratch.a.extend_from_slice(input);
            return Some(&scratch.a);
        }
        Self::run(hidden, input, scratch, false);
        Some(&scratch.a[..hidden[hidden.len() - 1].outputs])
    }

    /// Output `k` (a logit) of the last layer, from the last hidden layer's activations `hidden` (from
    /// [`hidden`](Mlp::hidden)); `None` when `k` is not an output or `hidden` is not that layer's width.
    pub fn output(&self, hidden: &[f32], k: usize) -> Option<f32> {
        let last = self.layers.last()?;
        if k >= last.outputs || hidden.len() != last.inputs {
            return None;
        }
        let mut z = last.b[k];
        for (i, &h) in hidden.iter().enumerate() {
            if h != 0.0 {
                z += h * last.w[i * last.outputs + k];
            }
        }
        Some(z)
    }

    /// Runs `layers` on `input`, the result in `scratch.a`; ReLU after every layer but the last, and
    /// after the last too unless `linear_last`.
    fn run(layers: &[Layer], input: &[f32], scratch: &mut NetScratch, linear_last: bool) {
        let (a, b) = (&mut scratch.a, &mut scratch.b);
        let last = layers.len().saturating_sub(1);
        for (k, layer) in layers.iter().enumerate() {
            b.clear();
            b.extend_from_slice(&layer.b);
            let x: &[f32] = if k == 0 { input } else { a };
            if k == 0 {
                // Sparse inputs: add the rows of the non-zero ones.
                for (i, &v) in x.iter().enumerate() {
                    if v != 0.0 {
                        let row = &layer.w[i * layer.outputs..(i + 1) * layer.outputs];
                        for (o, &w) in b.iter_mut().zip(row) {
                            *o += v * w;
                        }
                    }
                }
            } else {
                for (row, &v) in layer.w.chunks_exact(layer.outputs).zip(x.iter().take(layer.inputs)) {
                    for (o, &w) in b.iter_mut().zip(row) {
                        *o += v * w;
                    }
                }
            }
            if k < last || !linear_last {
                for o in b.iter_mut() {
                    *o = o.max(0.0);
                }
            }
            std::mem::swap(a, b);
        }
    }

    /// The outputs (logits) for `input` into `scratch`, returned as a slice of it; `None` when `input`
    /// is not [`input_len`](Mlp::input_len) long (plus [`residual_inputs`](Mlp::residual_inputs)). Allocates nothing once `scratch` has grown.
    pub fn forward<'s>(&self, input: &[f32], scratch: &'s mut NetScratch) -> Option<&'s [f32]> {
        if input.len() != self.header.input + self.residual_inputs() {
            return None;
        }
        Self::run(&self.layers, input, scratch, true);
        Some(&scratch.a[..self.header.outputs])
    }
}

/// Writes the features of a view (the game's observation tensor) into a buffer, replacing what it held.
pub type Features<G> = fn(&<G as Game>::View, &mut Vec<f32>);

/// A cheap test of whether a full state is one of the game's evaluation points: true exactly where
/// [`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate) is `Some`. Search playouts judged by the
/// network alone use it to find where to stop without computing the game's own estimate there. Like
/// `evaluate`, it is only called on a searcher's own samples.
pub type EvaluationPoint<G> = fn(&G) -> bool;

/// The game's own evaluation of a full state (its [`Heuristic::evaluate`](sylvan_engine::Heuristic::evaluate)),
/// which a [`Residual`] network corrects.
pub type BaseEvaluation<G> = fn(&G) -> Option<Vec<f64>>;

/// A value network for game `G`: the network and the function that writes a view's features. Only a
/// view reaches the network, so it cannot read hidden cards.
pub struct ValueNet<G: Game> {
    net: &'static Mlp,
    policy: Option<&'static Mlp>,
    features: Features<G>,
    point: Option<EvaluationPoint<G>>,
    base: Option<BaseEvaluation<G>>,
}

impl<G: Game> Clone for ValueNet<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for ValueNet<G> {}

impl<G: Game> std::fmt::Debug for ValueNet<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ValueNet({} inputs, {} layers)", self.net.input_len(), self.net.layers.len())
    }
}

impl<G: Game> ValueNet<G> {
    /// The network `net` reading the features `features` writes.
    pub fn new(net: &'static Mlp, features: Features<G>) -> ValueNet<G> {
        ValueNet { net, policy: None, features, point: None, base: None }
    }

    /// With `base` as the game's own evaluation, which a [`Residual`] network corrects (without it such
    /// a network does not evaluate).
    pub fn with_base(mut self, base: BaseEvaluation<G>) -> ValueNet<G> {
        self.base = Some(base);
        self
    }

    /// With `point` as the cheap test of the game's evaluation points (see [`EvaluationPoint`]; it must
    /// agree with the game's `evaluate` being `Some`, or playouts stop elsewhere than the game's).
    pub fn with_evaluation_point(mut self, point: EvaluationPoint<G>) -> ValueNet<G> {
        self.point = Some(point);
        self
    }

    /// The cheap test of the game's evaluation points, if the game gave one.
    pub fn evaluation_point(&self) -> Option<EvaluationPoint<G>> {
        self.point
    }

    /// With `policy` (a [`POLICY_FORMAT`] network reading the same features) as the policy prior; a
    /// network that is not a policy, or reads other inputs, is ignored.
    pub fn with_policy(mut self, policy: &'static Mlp) -> ValueNet<G> {
        if policy.is_policy() && policy.input_len() == self.net.input_len() {
            self.policy = Some(policy);
        }
        self
    }

    /// The network.
    pub fn net(&self) -> &'static Mlp {
        self.net
    }

    /// The policy network, if any.
    pub fn policy(&self) -> Option<&'static Mlp> {
        self.policy
    }

    /// The policy's probabilities of the actions `legal` in `state` from the view of `seat` (the seat to
    /// move), into `out` (one per legal action, summing to 1). False, with `out` cleared, without a
    /// policy or when the features are not as long as its input. Allocates nothing once `scratch` and
    /// `out` have grown.
    pub fn priors(
        &self,
        state: &G,
        seat: Seat,
        legal: &[G::Action],
        scratch: &mut NetScratch,
        out: &mut Vec<f32>,
    ) -> bool {
        out.clear();
        let Some(policy) = self.policy else { return false };
        let mut features = std::mem::take(&mut scratch.features);
        (self.features)(&state.view(seat), &mut features);
        let ok = match policy.hidden(&features, scratch) {
            Some(h) => {
                let mut top = f32::NEG_INFINITY;
                for &a in legal {
                    // An action id past the policy's outputs (an action added after it was trained)
                    // gets the lowest logit the others could have: it is tried last.
                    let z = policy.output(h, G::action_id(a)).unwrap_or(f32::NAN);
                    out.push(z);
                    if z > top {
                        top = z;
                    }
                }
                let floor = out.iter().copied().filter(|z| z.is_finite()).fold(top, f32::min) - 10.0;
                let mut sum = 0.0f32;
                for z in out.iter_mut() {
                    let x = if z.is_finite() { *z } else { floor };
                    *z = (x - top).exp();
                    sum += *z;
                }
                if sum > 0.0 && sum.is_finite() {
                    for z in out.iter_mut() {
                        *z /= sum;
                    }
                    true
                } else {
                    out.clear();
                    false
                }
            }
            None => false,
        };
        scratch.features = features;
        ok
    }

    /// Estimates every seat's return in `state` (0 to 1, summing to 1 over the seats) from the view of
    /// `seat`, the seat to move, into `out` (entries past the seats are 0). False, with `out`
    /// unchanged, when the features are not as long as the network's input (a game with options whose
    /// tensor has another layout).
    pub fn evaluate(&self, state: &G, seat: Seat, scratch: &mut NetScratch, out: &mut [f64; MAX_SEATS]) -> bool {
        let mut features = std::mem::take(&mut scratch.features);
        (self.features)(&state.view(seat), &mut features);
        let extras = self.net.residual_inputs();
        let ok = if extras == 0 {
            self.estimate(&features, seat, state.num_seats(), scratch, out)
        } else if features.len() != self.net.input_len() {
            false
        } else if let Some(game) = self.base.and_then(|f| f(state)) {
            // The game's estimate as log-probabilities per seat relative to `seat`: inputs, and the
            // logits the network's outputs are added to.
            let n = game.len().clamp(1, MAX_SEATS);
            let mut base = [0.0f32; MAX_SEATS];
            for (r, b) in base.iter_mut().enumerate().take(n.min(extras)) {
                *b = game[(seat.index() + r) % n].max(RESIDUAL_FLOOR).ln() as f32;
            }
            features.extend_from_slice(&base[..extras.min(MAX_SEATS)]);
            self.estimate_from(&features, Some(&base), seat, n, scratch, out)
        } else {
            false
        };
        scratch.features = features;
        ok
    }

    /// [`evaluate`](ValueNet::evaluate) from features already written, for `seats` seats.
    pub fn estimate(
        &self,
        features: &[f32],
        seat: Seat,
        seats: usize,
        scratch: &mut NetScratch,
        out: &mut [f64; MAX_SEATS],
    ) -> bool {
        self.estimate_from(features, None, seat, seats, scratch, out)
    }

    /// [`estimate`](ValueNet::estimate) with `base` (log-probabilities per relative seat) added to the
    /// network's outputs: a [`Residual`] network's estimate.
    fn estimate_from(
        &self,
        features: &[f32],
        base: Option<&[f32; MAX_SEATS]>,
        seat: Seat,
        seats: usize,
        scratch: &mut NetScratch,
        out: &mut [f64; MAX_SEATS],
    ) -> bool {
        let Some(logits) = self.net.forward(features, scratch) else { return false };
        let n = seats.clamp(1, MAX_SEATS);
        let k = n.min(logits.len());
        let mut z = [0.0f32; MAX_SEATS];
        for (r, (zr, &l)) in z.iter_mut().zip(&logits[..k]).enumerate() {
            *zr = l + base.map_or(0.0, |b| b[r]);
        }
        let top = z[..k].iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut sum = 0.0f64;
        let mut p = [0.0f64; MAX_SEATS];
        for (r, &x) in z[..k].iter().enumerate() {
            p[r] = f64::from(x - top).exp();
            sum += p[r];
        }
        *out = [0.0; MAX_SEATS];
        for (r, &x) in p[..k].iter().enumerate() {
            out[(seat.index() + r) % n] = x / sum;
        }
        true
    }
}

/// The unit tests of this module, run by `tests/all/units.rs`.
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;

    /// A weights file for the given layer sizes and weights.
    pub fn file(layers: &[[usize; 2]], weights: &[f32]) -> Vec<u8> {
        file_of(NET_FORMAT, layers, weights)
    }

    /// A weights file of `format` for the given layer sizes and weights.
    pub fn file_of(format: &str, layers: &[[usize; 2]], weights: &[f32]) -> Vec<u8> {
        let header = serde_json::json!({
            "format": format, "version": NET_VERSION, "game": "toy", "options": {},
            "input": layers[0][0], "outputs": layers[layers.len() - 1][1], "layers": layers,
            "activation": "relu", "sections": [], "data": [], "train": {},
        });
        let mut out = serde_json::to_vec(&header).unwrap_or_default();
        out.push(b'\n');
        for w in weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    pub fn a_network_computes_its_layers() -> Result<(), String> {
        // 3 inputs -> 2 hidden (ReLU) -> 2 outputs.
        let w1 = [1.0, -1.0, 2.0, 0.0, 0.0, 3.0];
        let b1 = [0.5, -10.0];
        let w2 = [1.0, 2.0, 4.0, 8.0];
        let b2 = [0.0, 1.0];
        let all: Vec<f32> = w1.iter().chain(&b1).chain(&w2).chain(&b2).copied().collect();
        let net = Mlp::parse(&file(&[[3, 2], [2, 2]], &all)).map_err(|e| e.to_string())?;
        let mut s = NetScratch::default();
        // h = relu([1*1 + 2*2 + 0*0 + 0.5, -1 + 0 + 0 - 10]) = [5.5, 0]; out = [5.5, 11 + 1].
        let out = net.forward(&[1.0, 2.0, 0.0], &mut s).ok_or("refused")?;
        assert_eq!(out, &[5.5, 12.0]);
        assert!(net.forward(&[1.0, 2.0], &mut s).is_none(), "a short input is refused");
        Ok(())
    }

    pub fn bad_files_are_refused_with_a_reason() {
        let err = |b: &[u8]| Mlp::parse(b).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err(b"{}").contains("no newline"));
        assert!(err(b"not json\n").starts_with("value network: header:"));
        let good = file(&[[2, 1]], &[1.0, 2.0, 3.0]);
        assert!(Mlp::parse(&good).is_ok());
        assert!(err(&good[..good.len() - 1]).contains("11 bytes after the header, the layers need 12"));
        assert!(err(&file(&[[2, 1]], &[1.0, f32::NAN, 3.0])).contains("not finite"));
        assert!(err(&file(&[[2, 3], [2, 1]], &[0.0; 20])).contains("layer 0 gives 3 values, layer 1 reads 2"));
        let huge = file(&[[1 << 20, 1 << 20], [1 << 20, 2]], &[]);
        assert!(err(&huge).contains("weights"), "{}", err(&huge));
    }

    /// A policy: its priors are a softmax over the legal actions' outputs only, an action id past its
    /// outputs is ranked last, and a value network is not taken as a policy (nor the other way).
    pub fn policy_priors_are_a_softmax_over_the_legal_actions() -> Result<(), String> {
        use crate::toy::{Play, Toy};
        // 1 input -> 4 outputs (action ids 0 to 3): logits [0, x, 2x, 3x].
        let weights = [0.0, 1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 0.0];
        let policy = Mlp::parse(&file_of(POLICY_FORMAT, &[[1, 4]], &weights)).map_err(|e| e.to_string())?;
        assert!(policy.is_policy());
        // A value network has at most one output per seat; a policy as many as it likes.
        let wide = [[1, MAX_SEATS + 1]];
        let zeros = vec![0.0; 2 * (MAX_SEATS + 1)];
        let err = Mlp::parse(&file_of(NET_FORMAT, &wide, &zeros)).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains(&format!("{} outputs, expected 1 to {MAX_SEATS}", MAX_SEATS + 1)), "{err}");
        assert!(Mlp::parse(&file_of(POLICY_FORMAT, &wide, &zeros)).is_ok());
        let policy: &'static Mlp = Box::leak(Box::new(policy));
        let value: &'static Mlp =
            Box::leak(Box::new(Mlp::parse(&file(&[[1, 2]], &[1.0, 0.0, 0.0, 0.0])).map_err(|e| e.to_string())?));
        let plain = ValueNet::<Toy>::new(value, |_, out| {
            out.clear();
            out.push(1.0);
        });
        assert!(plain.with_policy(value).policy().is_none(), "a value network is not a policy");
        let net = plain.with_policy(policy);
        assert!(net.policy().is_some());
        let state = Toy::new(&crate::toy::ToyOptions::default(), 1).map_err(|e| e.to_string())?;
        let (mut scratch, mut out) = (NetScratch::default(), Vec::new());
        assert!(net.priors(&state, Seat(0), &[Play(1), Play(3)], &mut scratch, &mut out));
        let e = 2f32.exp();
        assert!((out[0] - 1.0 / (1.0 + e)).abs() < 1e-6 && (out[1] - e / (1.0 + e)).abs() < 1e-6, "{out:?}");
        // Play(9) is past the 4 outputs: ranked below the others' lowest logit.
        assert!(net.priors(&state, Seat(0), &[Play(0), Play(2), Play(9)], &mut scratch, &mut out));
        assert!((out.iter().sum::<f32>() - 1.0).abs() < 1e-6 && out[2] < out[0] && out[0] < out[1], "{out:?}");
        assert!(!plain.priors(&state, Seat(0), &[Play(1)], &mut scratch, &mut out) && out.is_empty());
        Ok(())
    }

    /// A residual network: refused unless its first layer reads the features and one extra input per
    /// output; with a zero last layer it gives the game's evaluation, otherwise it shifts the game's
    /// log-probabilities; without the game's evaluation it does not evaluate.
    pub fn a_residual_network_corrects_the_games_evaluation() -> Result<(), String> {
        use crate::toy::{Toy, ToyOptions};
        let residual = |layers: &[[usize; 2]], input: usize, weights: &[f32]| {
            let mut bytes = file(layers, weights);
            let end = bytes.iter().position(|&b| b == b'\n').unwrap_or(0);
            let mut h: serde_json::Value = serde_json::from_slice(&bytes[..end]).unwrap_or_default();
            h["input"] = input.into();
            h["residual"] = serde_json::json!({"base": "evaluate", "extras": 2});
            let mut out = serde_json::to_vec(&h).unwrap_or_default();
            out.extend_from_slice(&bytes.split_off(end));
            out
        };
        let err = |b: &[u8]| Mlp::parse(b).err().map(|e| e.to_string()).unwrap_or_default();
        // 1 feature + 2 residual inputs -> 2 outputs.
        assert!(err(&residual(&[[1, 2]], 1, &[0.0; 4])).contains("first layer reads 1, the input is 1 and 2 residual"));
        let zero: &'static Mlp =
            Box::leak(Box::new(Mlp::parse(&residual(&[[3, 2]], 1, &[0.0; 8])).map_err(|e| e.to_string())?));
        assert_eq!(zero.residual_inputs(), 2);
        // The last bias adds 1 to the mover's logit.
        let mut w = [0.0f32; 8];
        w[6] = 1.0;
        let shift: &'static Mlp =
            Box::leak(Box::new(Mlp::parse(&residual(&[[3, 2]], 1, &w)).map_err(|e| e.to_string())?));
        let feature: Features<Toy> = |_, out| {
            out.clear();
            out.push(1.0);
        };
        let state = Toy::new(&ToyOptions::default(), 1).map_err(|e| e.to_string())?;
        let game: BaseEvaluation<Toy> = |_| Some(vec![0.8, 0.2]);
        let (mut s, mut out) = (NetScratch::default(), [0.0; MAX_SEATS]);
        assert!(!ValueNet::new(zero, feature).evaluate(&state, Seat(0), &mut s, &mut out), "no base: no estimate");
        assert!(ValueNet::new(zero, feature).with_base(game).evaluate(&state, Seat(1), &mut s, &mut out));
        assert!((out[0] - 0.8).abs() < 1e-6 && (out[1] - 0.2).abs() < 1e-6, "{out:?}");
        assert!(ValueNet::new(shift, feature).with_base(game).evaluate(&state, Seat(1), &mut s, &mut out));
        // Seat 1 moves: its log-odds are ln(0.2 / 0.8) + 1.
        let p1 = 1.0 / (1.0 + (-(0.25f64.ln() + 1.0)).exp());
        assert!((out[1] - p1).abs() < 1e-6 && (out[0] - (1.0 - p1)).abs() < 1e-6, "{out:?}");
        let wrong: Features<Toy> = |_, out| {
            out.clear();
            out.extend([1.0, 1.0]);
        };
        assert!(!ValueNet::new(zero, wrong).with_base(game).evaluate(&state, Seat(0), &mut s, &mut out));
        Ok(())
    }

    pub fn estimates_are_rotated_to_absolute_seats() -> Result<(), String> {
        // 1 input -> 2 outputs: logits [x, 0].
        let net: &'static Mlp =
            Box::leak(Box::new(Mlp::parse(&file(&[[1, 2]], &[1.0, 0.0, 0.0, 0.0])).map_err(|e| e.to_string())?));
        let v = ValueNet::<crate::toy::Toy>::new(net, |_, _| {});
        let mut s = NetScratch::default();
        let mut out = [0.0; MAX_SEATS];
        assert!(v.estimate(&[0.0], Seat(1), 2, &mut s, &mut out));
        assert_eq!(&out[..2], &[0.5, 0.5]);
        assert!(v.estimate(&[2.0], Seat(1), 2, &mut s, &mut out));
        let e = 2f64.exp() / (2f64.exp() + 1.0);
        assert!((out[1] - e).abs() < 1e-9 && (out[0] - (1.0 - e)).abs() < 1e-9, "{out:?}");
        assert!(!v.estimate(&[1.0, 1.0], Seat(0), 2, &mut s, &mut out), "wrong input size refused");
        Ok(())
    }
}
