//! Observations are functions of the view: a state sampled from a seat's view (a different full state
//! with the same view) gives the same tensor; every view of a game gives the same length, the section
//! table covers it, and the erased path writes the same values as the typed one. The sparse writer (the
//! fast path, reused from position to position) writes the reference dense writer's values bit for bit,
//! and so does the encoder written straight from the state ([`ObserveState`], into a reused row).

use sylvan_engine::erased::DynGame;
use sylvan_engine::erased::Erased;
use sylvan_engine::{GameRng, NoEvents, Seat, Start};

use sylvan_registry::Registry;
use sylvan_registry::observe::{Observation, Observe, ObserveState, Tensor};

/// The observation of `view` by the reference (dense) writer.
fn typed<G: Observe>(view: &G::View) -> Vec<f32> {
    let mut out = Observation::dense();
    G::observe(view, &mut out);
    out.values().to_vec()
}

fn bits(values: &[f32]) -> Vec<u32> {
    values.iter().map(|v| v.to_bits()).collect()
}

/// A row reused from tensor to tensor as `VectorGames` reuses its rows: cleared where the last tensor
/// said it wrote, then written from the state.
/// With a memory (`Tensor::with_memory`), the row keeps its resident sections from write to write, as a
/// `VectorGame` row does: only what changed is written again.
struct Row {
    values: Vec<f32>,
    spans: Vec<(u32, u32)>,
    memory: Option<Vec<u64>>,
}

impl Row {
    fn new(len: usize) -> Row {
        // Garbage where nothing was written would be a bug: start from a row that is not zero, listed
        // as written, so the first clear must reach every value.
        Row { values: vec![f32::NAN; len], spans: vec![(0, len as u32)], memory: None }
    }

    fn resident(len: usize) -> Row {
        Row { memory: Some(Vec::new()), ..Row::new(len) }
    }

    /// Writes `seat`'s observation of `state` and checks it against `expected` (the view's, by the dense
    /// writer) bit for bit, and that every nonzero value lies in a listed span.
    fn check<G: ObserveState>(&mut self, state: &G, seat: Seat, expected: &[f32], at: &str) -> Result<(), String> {
        for &(a, z) in &self.spans {
            self.values[a as usize..z as usize].fill(0.0);
        }
        let mut t = match &mut self.memory {
            Some(memory) => Tensor::with_memory(&mut self.values, &mut self.spans, memory),
            None => Tensor::new(&mut self.values, &mut self.spans),
        };
        state.observe_state(seat, &mut t);
        t.finish().map_err(|e| format!("{at}: {e}"))?;
        let how = if self.memory.is_some() { "resident" } else { "sparse" };
        if bits(&self.values) != bits(expected) {
            let first = self.values.iter().zip(expected).position(|(a, b)| a.to_bits() != b.to_bits());
            return Err(format!("{at}: the state's tensor ({how}) differs from the view's, first at index {first:?}"));
        }
        if self.memory.is_some() {
            // Resident sections are listed in the memory, not in the spans.
            return Ok(());
        }
        let mut listed = vec![false; expected.len()];
        for (k, &(a, z)) in self.spans.iter().enumerate() {
            if a >= z || (k > 0 && self.spans[k - 1].1 >= a) {
                return Err(format!("{at}: spans not in order and apart: {:?}", self.spans));
            }
            listed[a as usize..z as usize].fill(true);
        }
        if expected.iter().zip(&listed).any(|(v, &l)| !l && v.to_bits() != 0) {
            return Err(format!("{at}: a nonzero value outside the listed spans"));
        }
        Ok(())
    }
}

/// Plays `games` random games of `G` with `options` and checks, for every seat at every step, that the
/// tensor written from the state equals the view's (the reference encoder and dense writer) bit for bit;
/// returns the number of tensors checked.
fn check_state<G: ObserveState>(overrides: &[&str], players: Option<usize>, games: u64) -> Result<usize, String>
where
    G::View: 'static,
{
    let registry = Registry::standard();
    let entry = registry.get(G::NAME).map_err(|e| e.to_string())?;
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    let json = entry.game().options(players, &overrides).map_err(|e| e.to_string())?;
    let options: G::Options = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    let len = entry.observation_layout(&json).map_err(|e| e.to_string())?.ok_or("no observation")?.values().len();
    let mut rng = GameRng::new(41);
    let mut legal = Vec::new();
    // One row cleared by its spans, one that keeps its resident sections from tensor to tensor (every
    // seat's in turn, then the next game's, as a `VectorGame` slot does).
    let mut row = Row::new(len);
    let mut resident = Row::resident(len);
    let mut checked = 0;
    for seed in 0..games {
        let mut state = G::new(&options, 1000 + seed).map_err(|e| e.to_string())?;
        let mut step = 0;
        loop {
            for s in 0..state.num_seats() {
                let seat = Seat(s as u8);
                let expected = typed::<G>(&state.view(seat));
                let at = format!("{} {overrides:?} {players:?} seed {seed} step {step} seat {s}", G::NAME);
                row.check(&state, seat, &expected, &at)?;
                resident.check(&state, seat, &expected, &at)?;
                checked += 1;
            }
            if state.to_move().is_none() {
                break;
            }
            state.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            state.apply_unchecked(action, &mut NoEvents);
            step += 1;
        }
    }
    Ok(checked)
}

/// Plays `games` random games of `G` with `options`, checking every seat's observation at every step.
fn check<G: ObserveState>(overrides: &[&str], players: Option<usize>, games: u64) -> Result<(), String>
where
    G::View: 'static,
{
    let registry = Registry::standard();
    let entry = registry.get(G::NAME).map_err(|e| e.to_string())?;
    let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    let json = entry.game().options(players, &overrides).map_err(|e| e.to_string())?;
    let options: G::Options = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    let layout = entry.observation_layout(&json).map_err(|e| e.to_string())?.ok_or("no observation")?;
    let len = layout.values().len();
    let mut at = 0;
    for s in layout.sections() {
        assert_eq!(s.offset, at, "{}: section `{}` does not follow the previous one", G::NAME, s.name);
        at += s.len;
    }
    assert_eq!(at, len, "{}: the sections do not cover the observation", G::NAME);
    let mut rng = GameRng::new(17);
    let mut legal = Vec::new();
    let mut erased_out = Observation::new();
    // The sparse writer, reused (cleared) from position to position as the fast paths reuse it.
    let mut sparse = Observation::new();
    let mut row = Row::new(len);
    for seed in 0..games {
        let mut state = G::new(&options, seed).map_err(|e| e.to_string())?;
        let mut previous: Option<Vec<f32>> = None;
        let mut step = 0;
        loop {
            let seats = state.num_seats();
            for s in 0..seats {
                let seat = Seat(s as u8);
                let view = state.view(seat);
                let obs = typed::<G>(&view);
                assert_eq!(obs.len(), len, "{} seed {seed} step {step} seat {s}: length", G::NAME);
                sparse.clear();
                G::observe(&view, &mut sparse);
                assert_eq!(
                    bits(sparse.values()),
                    bits(&obs),
                    "{} seed {seed} step {step} seat {s}: the sparse writer differs from the dense one",
                    G::NAME
                );
                row.check(&state, seat, &obs, &format!("{} seed {seed} step {step} seat {s}", G::NAME))?;
                let nonzero = sparse.written().ok_or("the sparse writer lists no written values")?;
                let mut listed_at = vec![false; obs.len()];
                for &(a, z) in nonzero {
                    listed_at[a as usize..z as usize].fill(true);
                }
                let listed = obs.iter().zip(&listed_at).all(|(v, &l)| l || v.to_bits() == 0);
                assert!(listed, "{} seed {seed} step {step} seat {s}: a nonzero value not listed as written", G::NAME);
                assert!(
                    obs.iter().all(|v| v.is_finite()),
                    "{} seed {seed} step {step}: a value is not finite",
                    G::NAME
                );
                if step % 7 == 0 {
                    let sampled = G::determinize(&view, &mut rng);
                    let again = typed::<G>(&sampled.view(seat));
                    assert_eq!(
                        obs,
                        again,
                        "{} seed {seed} step {step} seat {s}: a sampled state with the same view",
                        G::NAME
                    );
                    let erased = Erased::new(sampled, options.clone(), Start::Seed { seed });
                    let dyn_view = erased.view(seat).map_err(|e| e.to_string())?;
                    entry.observe(&*dyn_view, &mut erased_out).ok_or("no observation")?.map_err(|e| e.to_string())?;
                    assert_eq!(erased_out.values(), &obs[..], "{} seed {seed} step {step}: erased path", G::NAME);
                }
            }
            let Some(to_move) = state.to_move() else { break };
            let obs = typed::<G>(&state.view(to_move));
            if let Some(p) = &previous {
                assert_ne!(p, &obs, "{} seed {seed} step {step}: the observation did not change", G::NAME);
            }
            previous = Some(obs);
            state.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            state.apply_unchecked(action, &mut NoEvents);
            step += 1;
        }
    }
    Ok(())
}

#[test]
fn equinox_observations() -> Result<(), String> {
    check::<sylvan_equinox::Equinox>(&[], Some(2), 3)?;
    check::<sylvan_equinox::Equinox>(&[], Some(5), 2)
}

#[test]
fn spirit_duel_observations() -> Result<(), String> {
    check::<sylvan_spirit_duel::SpiritDuel>(&[], None, 6)?;
    check::<sylvan_spirit_duel::SpiritDuel>(&["solo=true"], None, 3)
}

#[test]
fn command_of_nature_observations() -> Result<(), String> {
    check::<sylvan_command_of_nature::CommandOfNature>(&[], None, 3)?;
    check::<sylvan_command_of_nature::CommandOfNature>(&["teams=true"], Some(4), 2)
}

#[test]
fn mystic_vale_observations() -> Result<(), String> {
    check::<sylvan_mystic_vale::MysticVale>(&[], Some(2), 2)?;
    check::<sylvan_mystic_vale::MysticVale>(&[], Some(4), 1)?;
    check::<sylvan_mystic_vale::MysticVale>(&["sets=base,wild", "leaders=choose"], Some(3), 2)
}

#[test]
fn toy_observations() -> Result<(), String> {
    check::<sylvan_bots::toy::Toy>(&[], Some(3), 5)
}

/// The encoders written from the state give the view encoders' tensors bit for bit, for every seat at
/// every step of random games of every player count and mode: thousands of positions per game.
#[test]
fn state_encoders_equal_view_encoders() -> Result<(), String> {
    let mut n = 0;
    for players in 2..=5 {
        n += check_state::<sylvan_equinox::Equinox>(&[], Some(players), 4)?;
    }
    assert!(n >= 3000, "equinox: {n} tensors");
    let mut n = check_state::<sylvan_spirit_duel::SpiritDuel>(&[], None, 40)?;
    n += check_state::<sylvan_spirit_duel::SpiritDuel>(&["solo=true"], None, 40)?;
    assert!(n >= 3000, "spirit duel: {n} tensors");
    let mut n = check_state::<sylvan_command_of_nature::CommandOfNature>(&[], None, 3)?;
    n += check_state::<sylvan_command_of_nature::CommandOfNature>(&["teams=true"], Some(4), 1)?;
    assert!(n >= 3000, "command of nature: {n} tensors");
    let mut n = check_state::<sylvan_mystic_vale::MysticVale>(&[], Some(2), 2)?;
    n += check_state::<sylvan_mystic_vale::MysticVale>(&[], Some(4), 1)?;
    n += check_state::<sylvan_mystic_vale::MysticVale>(&["edition=essential"], Some(3), 1)?;
    n += check_state::<sylvan_mystic_vale::MysticVale>(&["sets=base,wild", "leaders=choose"], Some(3), 1)?;
    assert!(n >= 3000, "mystic vale: {n} tensors");
    Ok(())
}
