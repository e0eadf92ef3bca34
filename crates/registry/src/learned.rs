//! Learned evaluations: each game's value network, read from a weights file under its crate's `data/`
//! (made by `tools/learned/`, see `docs/learned-evaluation.md`), reading the game's observation tensor
//! of the seat to move. Search bots with `eval=learned` use it; games without one refuse that spec.
//!
//! A weights file is refused (the game then has no network) unless its input size and section table
//! are those of the observation tensor for the options it was trained on: a change of the tensor's
//! layout cannot silently feed a network other inputs than it learned.

use std::cell::RefCell;
use std::sync::OnceLock;

use sylvan_bots::{Features, Mlp, ValueNet};
use sylvan_engine::{Heuristic, Seat};
use sylvan_mystic_vale::MysticVale;
use sylvan_mystic_vale::state::MAX_PLAYERS;

use crate::observe::{Observation, Observe};

/// Mystic Vale's value network, version 1 (2 players, the base set; `docs/learned-evaluation.md`).
pub const MYSTIC_VALE_V1: &[u8] = include_bytes!("../../mystic-vale/data/eval-v1.bin");

/// Mystic Vale's policy network, version 1 (2 players, the base set): the ISMCTS prior of `pnet=W`
/// (`docs/learned-evaluation.md`, "A policy prior").
pub const MYSTIC_VALE_POLICY_V1: &[u8] = include_bytes!("../../mystic-vale/data/policy-v1.bin");

/// A game with a learned value network.
pub trait Learned: Observe + Heuristic {
    /// The game's network, `None` if it has none or its file is refused (see [`load`]).
    fn value_net() -> Option<ValueNet<Self>>;
}

impl Learned for MysticVale {
    fn value_net() -> Option<ValueNet<Self>> {
        static NET: OnceLock<Option<Mlp>> = OnceLock::new();
        static POLICY: OnceLock<Option<Mlp>> = OnceLock::new();
        let policy = POLICY.get_or_init(|| load::<MysticVale>(MYSTIC_VALE_POLICY_V1).ok().filter(Mlp::is_policy));
        NET.get_or_init(|| load_with::<MysticVale>(MYSTIC_VALE_V1, mystic_vale_inputs).ok().filter(|n| !n.is_policy()))
            .as_ref()
            .map(|n| {
                // Mystic Vale's evaluation points are its Planting Phases (`projected_scores`).
                let inputs: Features<MysticVale> = match named_inputs(n) {
                    Some("parts") => parts_features,
                    Some("both") => parts_and_tensor,
                    _ => features::<MysticVale>,
                };
                let net = ValueNet::new(n, inputs)
                    .with_evaluation_point(mystic_vale_point)
                    .with_base(<MysticVale as Heuristic>::evaluate);
                match policy {
                    Some(p) => net.with_policy(p),
                    None => net,
                }
            })
    }
}

/// Mystic Vale's evaluation points: a Planting Phase, where its `Heuristic::evaluate` projects the
/// scores (and nowhere else).
pub fn mystic_vale_point(state: &MysticVale) -> bool {
    state.phase == sylvan_mystic_vale::Phase::Planting
}

/// The features a weights file names instead of the observation tensor (`residual.inputs`), if any.
fn named_inputs(net: &Mlp) -> Option<&str> {
    net.header().residual.as_ref().and_then(|r| r.inputs.as_deref()).filter(|&name| name != "obs")
}

/// The features Mystic Vale's networks may name (see [`load_with`]): `parts`, the projection's parts
/// ([`mystic_vale_parts`]) alone, or `both`, the parts followed by the observation tensor.
pub fn mystic_vale_inputs(name: &str) -> Option<(usize, bool)> {
    match name {
        "parts" => Some((MYSTIC_VALE_PARTS, false)),
        "both" => Some((MYSTIC_VALE_PARTS, true)),
        _ => None,
    }
}

/// [`mystic_vale_parts`] as a network's features (`"inputs": "parts"` in a residual network's header).
pub fn parts_features(view: &sylvan_mystic_vale::View, out: &mut Vec<f32>) {
    mystic_vale_parts(view, out);
}

/// The projection's parts followed by the observation tensor (`"inputs": "both"`); nothing outside a
/// Planting Phase.
pub fn parts_and_tensor(view: &sylvan_mystic_vale::View, out: &mut Vec<f32>) {
    if mystic_vale_parts(view, out) {
        append_features::<MysticVale>(view, out);
    }
}

/// How many values [`mystic_vale_parts`] writes.
pub const MYSTIC_VALE_PARTS: usize = 4 * MAX_PLAYERS + 3;

/// Writes the parts of Mystic Vale's projection as the seat of `view` sees them
/// ([`projected_parts`](sylvan_mystic_vale::heuristic::projected_parts)): per seat relative to the seat
/// of the view (itself first, then the next seats, zeros past the seats in the game) its score banked,
/// its cards', vales' and mana token's parts in VP, then the outlook's rounds and plays left and the VP
/// pool. [`MYSTIC_VALE_PARTS`] values, or none (and `false`) outside a Planting Phase. Reads the view
/// only: a learned evaluation fed these cannot see another seat's hidden cards.
pub fn mystic_vale_parts(view: &sylvan_mystic_vale::View, out: &mut Vec<f32>) -> bool {
    out.clear();
    let Some((outlook, parts)) = sylvan_mystic_vale::heuristic::projected_parts(view) else {
        return false;
    };
    let n = parts.len();
    for r in 0..MAX_PLAYERS {
        match parts.get((view.seat.index() + r) % n.max(1)).filter(|_| r < n) {
            Some(p) => out.extend([p.score, p.cards, p.vales, p.token].map(|x| x as f32)),
            None => out.extend([0.0; 4]),
        }
    }
    out.extend([outlook.rounds as f32, outlook.plays as f32, f32::from(view.pool)]);
    true
}

/// Writes the observation tensor of `view` into `out` (the features a value network reads). Allocates
/// nothing once this thread's observation buffer and `out` have grown (what the game's observation
/// writer allocates aside).
pub fn features<G: Observe>(view: &G::View, out: &mut Vec<f32>) {
    out.clear();
    append_features::<G>(view, out);
}

/// [`features`], appended to what `out` holds.
fn append_features<G: Observe>(view: &G::View, out: &mut Vec<f32>) {
    thread_local! {
        static OBS: RefCell<Observation> = RefCell::new(Observation::new());
    }
    OBS.with_borrow_mut(|obs| {
        obs.clear();
        G::observe(view, obs);
        out.extend_from_slice(obs.values());
    });
}

/// Reads a weights file for game `G` and checks it against the game's observation tensor for the
/// options in its header: the same game, input size and section table (and, for a policy, no more
/// outputs than the game has action ids). An error names the mismatch.
pub fn load<G: Observe>(bytes: &[u8]) -> Result<Mlp, String> {
    load_with::<G>(bytes, |_| None)
}

/// [`load`], where a residual network may read features the game names (`residual.inputs`) instead
/// of the observation tensor or before it: `named` gives, for a name, how many values come before the
/// tensor and whether the tensor follows (`None`: the game has no such features). A file without the
/// tensor has no section table; one with it has the tensor's.
pub fn load_with<G: Observe>(bytes: &[u8], named: fn(&str) -> Option<(usize, bool)>) -> Result<Mlp, String> {
    let net = Mlp::parse(bytes).map_err(|e| e.to_string())?;
    let h = net.header();
    if h.game != G::NAME {
        return Err(format!("value network: trained for `{}`, not `{}`", h.game, G::NAME));
    }
    let options: G::Options =
        serde_json::from_value(h.options.clone()).map_err(|e| format!("value network: options: {e}"))?;
    let mut prefix = 0;
    if let Some(name) = named_inputs(&net) {
        let Some((len, tensor)) = named(name) else {
            return Err(format!("value network: `{}` has no features named `{name}`", G::NAME));
        };
        if !tensor {
            if h.input != len || !h.sections.is_empty() {
                return Err(format!("value network: {} inputs named `{name}`, the game writes {len}", h.input));
            }
            return Ok(net);
        }
        prefix = len;
    }
    let game = G::new(&options, 0).map_err(|e| format!("value network: options: {e}"))?;
    let mut obs = Observation::with_sections();
    G::observe(&game.view(Seat(0)), &mut obs);
    let len = obs.values().len();
    if h.input != len + prefix {
        return Err(if prefix > 0 {
            format!("value network: {} inputs, {prefix} named and the observation tensor's {len}", h.input)
        } else {
            format!("value network: {} inputs, the observation tensor has {len}", h.input)
        });
    }
    // The section table: the last section's length is closed by the total length.
    let sections = obs.sections();
    for (i, (name, offset, n)) in h.sections.iter().enumerate() {
        let Some(s) = sections.get(i) else {
            return Err(format!("value network: section {i} `{name}` is not in the observation tensor"));
        };
        let end = sections.get(i + 1).map_or(len, |next| next.offset);
        if s.name != name || s.offset != *offset || end - s.offset != *n {
            return Err(format!(
                "value network: section {i} is `{name}` at {offset} ({n} values), the tensor's is `{}` at {} ({} values)",
                s.name,
                s.offset,
                end - s.offset
            ));
        }
    }
    // Action ids are stable and new ones are appended: a policy trained before an action was added
    // reads (it ranks the new ids last), one with more outputs than the game has ids does not.
    if net.is_policy() && h.outputs > G::NUM_DISTINCT_ACTIONS {
        return Err(format!(
            "policy network: {} outputs, the game has {} action ids",
            h.outputs,
            G::NUM_DISTINCT_ACTIONS
        ));
    }
    if h.sections.len() != sections.len() {
        return Err(format!(
            "value network: {} sections, the observation tensor has {}",
            h.sections.len(),
            sections.len()
        ));
    }
    Ok(net)
}
