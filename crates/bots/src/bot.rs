//! The bot interface and the two simple bots.

use sylvan_engine::{Game, GameRng, Heuristic};

/// A player for game `G`. It sees what its seat may see — the [view](Game::View) — and the legal
/// actions, and picks one. Any randomness comes from a generator the bot owns, seeded when it is built,
/// so a game between bots is reproducible from the seeds.
pub trait Bot<G: Game>: Send {
    /// A short name for reports (e.g. `random`, `heuristic`).
    fn name(&self) -> String;

    /// Picks one of `legal` for the seat of `view`. `legal` is the seat's sorted, non-empty list of
    /// legal actions; the result must be one of them.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// For search bots, what the search did so far (iterations, determinizations, tree sizes, time),
    /// summed over the bot's decisions; `None` for bots that do not search.
    fn search_stats(&self) -> Option<crate::SearchStats> {
        None
    }

    /// For search bots, what the search did for the last decision alone (a single legal action counts
    /// as a decision that was not searched); `None` for bots that do not search.
    fn last_search(&self) -> Option<crate::SearchStats> {
        None
    }

    /// For bots that estimate, per action of `legal` (same order): how often the search tried it and
    /// the mean return it found for the seat of `view` (its estimated win probability, 0 to 1), from
    /// the view alone; `None` for bots that do not estimate. Used by `sylvan analyze`.
    fn action_values(&mut self, view: &G::View, legal: &[G::Action]) -> Option<Vec<(u64, f64)>> {
        let _ = (view, legal);
        None
    }
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot drawing from a generator seeded with `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: GameRng::new(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
        legal[self.rng.index(legal.len())]
    }
}

/// Plays the game's rule of thumb, [`Heuristic::heuristic_action`].
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    rng: GameRng,
}

impl HeuristicBot {
    /// A heuristic bot whose ties and coin flips draw from a generator seeded with `seed`.
    pub fn new(seed: u64) -> HeuristicBot {
        HeuristicBot { rng: GameRng::new(seed) }
    }
}

impl<G: Heuristic> Bot<G> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".to_owned()
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        G::heuristic_action(view, legal, &mut self.rng)
    }
}

/// Plays the game's rule of thumb, but with a fixed probability a uniformly random legal action instead
/// (the `easy` level of most games: `heuristic:noise=0.5`).
#[derive(Clone, Debug)]
pub struct NoisyBot {
    noise_milli: u32,
    rng: GameRng,
}

impl NoisyBot {
    /// A bot playing a random move with probability `noise_milli / 1000`, else the heuristic's; its
    /// draws come from a generator seeded with `seed`.
    pub fn new(noise_milli: u32, seed: u64) -> NoisyBot {
        NoisyBot { noise_milli: noise_milli.min(1000), rng: GameRng::new(seed) }
    }
}

impl<G: Heuristic> Bot<G> for NoisyBot {
    fn name(&self) -> String {
        format!("heuristic:noise={}", f64::from(self.noise_milli) / 1000.0)
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        if (self.rng.index(1000) as u32) < self.noise_milli {
            legal[self.rng.index(legal.len())]
        } else {
            G::heuristic_action(view, legal, &mut self.rng)
        }
    }
}

/// Plays a policy the game defines by name ([`Heuristic::named_policy`]), e.g. the spirit duel's `robot`.
pub struct PolicyBot<G: Game> {
    name: &'static str,
    policy: sylvan_engine::Policy<G>,
    rng: GameRng,
}

impl<G: Game> PolicyBot<G> {
    /// A bot playing `policy` under `name`, its coin flips drawn from a generator seeded with `seed`.
    pub fn new(name: &'static str, policy: sylvan_engine::Policy<G>, seed: u64) -> PolicyBot<G> {
        PolicyBot { name, policy, rng: GameRng::new(seed) }
    }
}

impl<G: Game> Bot<G> for PolicyBot<G> {
    fn name(&self) -> String {
        self.name.to_owned()
    }

    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        (self.policy)(view, legal, &mut self.rng)
    }
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::toy::{Play, Toy, ToyOptions};
    use sylvan_engine::{NoEvents, Seat};

    pub fn random_bot_is_uniform_and_reproducible() -> Result<(), String> {
        let g = Toy::new(&ToyOptions { players: 2, hand_size: 6 }, 3).map_err(|e| e.to_string())?;
        let seat = g.to_move().ok_or("game over at start")?;
        let view = g.view(seat);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mut counts = [0u32; 6];
        let mut a = RandomBot::new(5);
        let mut b = RandomBot::new(5);
        for _ in 0..6000 {
            let x = Bot::<Toy>::choose(&mut a, &view, &legal);
            assert_eq!(x, Bot::<Toy>::choose(&mut b, &view, &legal), "same seed, same choices");
            let i = legal.iter().position(|&l| l == x).ok_or("chose an illegal action")?;
            counts[i] += 1;
        }
        assert!(counts.iter().all(|&c| (800..1200).contains(&c)), "{counts:?}");
        Ok(())
    }

    pub fn heuristic_bot_plays_a_sure_winner() -> Result<(), String> {
        // p0 holds c7, the highest card of the deck: the heuristic plays it.
        let setup = crate::toy::ToySetup { hands: vec![vec![0, 3, 7], vec![1, 2, 6]], leader: Seat(0) };
        let mut g = Toy::from_setup(&ToyOptions::default(), &setup, 0).map_err(|e| e.to_string())?;
        let mut bot: Box<dyn Bot<Toy>> = Box::new(HeuristicBot::new(0));
        assert_eq!(bot.name(), "heuristic");
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(bot.choose(&g.view(Seat(0)), &legal), Play(7));
        g.try_apply(Play(7), &mut NoEvents).map_err(|e| e.to_string())?;
        // p1 cannot beat c7: it throws its lowest card.
        g.legal_actions(&mut legal);
        assert_eq!(bot.choose(&g.view(Seat(1)), &legal), Play(1));
        g.try_apply(Play(1), &mut NoEvents).map_err(|e| e.to_string())?;
        // p0 leads again; p1 takes the trick as cheaply as it can.
        g.try_apply(Play(0), &mut NoEvents).map_err(|e| e.to_string())?;
        g.legal_actions(&mut legal);
        assert_eq!(bot.choose(&g.view(Seat(1)), &legal), Play(2));
        Ok(())
    }
}
