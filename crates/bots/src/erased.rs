//! Bots for the erased game ([`DynGame`]): a [`DynBot`] is a typed [`Bot`] built from a spec for one
//! game, asked to choose from a seat's erased view ([`DynView`]) and the legal ids. It reads the typed
//! view inside the erased one, never the state. [`play_dyn`] plays a game to its end with one bot per
//! seat, the way [`play_game`](crate::play_game) does for typed games.

use sylvan_engine::erased::{DynError, DynGame, DynView};
use sylvan_engine::{Game, Heuristic, Seat};

use crate::{Bot, BotSpec, PlayError, SearchStats, SpecError};

/// A bot for one game, behind an interface that does not name the game.
pub trait DynBot: Send {
    /// The bot's name (e.g. `random`, `ismcts`).
    fn name(&self) -> String;
    /// Picks one of `legal` (action ids, non-empty) for the seat of `view`; the view must be of the
    /// game the bot was built for.
    fn choose(&mut self, view: &dyn DynView, legal: &[usize]) -> Result<usize, DynError>;
    /// What the search did so far (search bots only).
    fn search_stats(&self) -> Option<SearchStats>;
    /// What the search did for the last decision (search bots only).
    fn last_search(&self) -> Option<SearchStats>;
    /// For bots that estimate ([`Bot::action_values`]): per legal id, the search's visits and mean
    /// return for the seat of `view`, in the order of `legal`; `Ok(None)` for bots that do not estimate.
    fn action_values(&mut self, view: &dyn DynView, legal: &[usize]) -> Result<Option<Vec<(u64, f64)>>, DynError>;
}

/// A typed bot of game `G` as a [`DynBot`].
struct ErasedBot<G: Game> {
    bot: Box<dyn Bot<G>>,
    legal: Vec<G::Action>,
}

impl<G: Game> ErasedBot<G>
where
    G::View: 'static,
{
    /// The typed view inside `view`, with `legal` read into `self.legal` (sorted).
    fn typed<'v>(&mut self, view: &'v dyn DynView, legal: &[usize]) -> Result<&'v G::View, DynError> {
        let typed = view
            .as_any()
            .downcast_ref::<G::View>()
            .ok_or(DynError::WrongGame { expected: G::NAME, found: view.game() })?;
        self.legal.clear();
        for &id in legal {
            let a =
                G::action_from_id(id).ok_or(DynError::UnknownId { game: G::NAME, id, max: G::NUM_DISTINCT_ACTIONS })?;
            self.legal.push(a);
        }
        if self.legal.is_empty() {
            return Err(DynError::Illegal {
                action: "-".into(),
                reason: "no legal action to choose from".into(),
                message: Some(sylvan_engine::message!("engine-no-nth", count = 0)),
            });
        }
        self.legal.sort_unstable();
        Ok(typed)
    }
}

impl<G: Game> DynBot for ErasedBot<G>
where
    G::View: 'static,
{
    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(&mut self, view: &dyn DynView, legal: &[usize]) -> Result<usize, DynError> {
        let typed = self.typed(view, legal)?;
        Ok(G::action_id(self.bot.choose(typed, &self.legal)))
    }

    fn action_values(&mut self, view: &dyn DynView, legal: &[usize]) -> Result<Option<Vec<(u64, f64)>>, DynError> {
        let typed = self.typed(view, legal)?;
        let Some(values) = self.bot.action_values(typed, &self.legal) else { return Ok(None) };
        // Back from the sorted typed list to the order of `legal`.
        let mut out = Vec::with_capacity(legal.len());
        for &id in legal {
            let i = G::action_from_id(id)
                .and_then(|a| self.legal.binary_search(&a).ok())
                .ok_or(DynError::UnknownId { game: G::NAME, id, max: G::NUM_DISTINCT_ACTIONS })?;
            out.push(values.get(i).copied().unwrap_or((0, 0.0)));
        }
        Ok(Some(out))
    }

    fn search_stats(&self) -> Option<SearchStats> {
        self.bot.search_stats()
    }

    fn last_search(&self) -> Option<SearchStats> {
        self.bot.last_search()
    }
}

impl BotSpec {
    /// Builds the bot for game `G` behind the erased interface, after checking it exists for `G`.
    pub fn build_dyn<G: Heuristic>(&self, seed: u64) -> Result<Box<dyn DynBot>, SpecError>
    where
        G::View: 'static,
    {
        self.build_dyn_with::<G>(seed, None)
    }

    /// [`build_dyn`](BotSpec::build_dyn) with the game's value network; a spec with `eval=learned` is
    /// refused (not available for the game) when there is none.
    pub fn build_dyn_with<G: Heuristic>(
        &self,
        seed: u64,
        net: Option<crate::ValueNet<G>>,
    ) -> Result<Box<dyn DynBot>, SpecError>
    where
        G::View: 'static,
    {
        BotSpec::check_all::<G>(&[*self])?;
        if (self.uses_value_net() && net.is_none())
            || (self.uses_policy_net() && net.and_then(|n| n.policy()).is_none())
        {
            return Err(SpecError::NotForGame { bot: self.to_string(), game: G::NAME.to_owned() });
        }
        Ok(Box::new(ErasedBot::<G> { bot: self.build_with::<G>(seed, net), legal: Vec::new() }))
    }
}

/// One decision of [`play_dyn`], as its observer sees it.
pub struct DynDecision<'a> {
    /// The move number (0 for the first move).
    pub move_number: usize,
    /// The deciding seat.
    pub seat: Seat,
    /// The bot that decided.
    pub bot: &'a dyn DynBot,
    /// How many legal actions it chose from.
    pub legal: usize,
    /// Its choice, in notation.
    pub action: &'a str,
}

/// Plays `game` to its end: the bot of the seat to move (`bots[seat]`) gets that seat's erased view and
/// the legal ids, and its choice is checked and applied. Seats the game plays itself are never asked.
/// `observe` sees every decision before it is applied.
pub fn play_dyn(
    game: &mut dyn DynGame,
    bots: &mut [Box<dyn DynBot>],
    mut observe: impl FnMut(DynDecision<'_>),
) -> Result<(), PlayError> {
    if bots.len() != game.num_seats() {
        return Err(PlayError::WrongBotCount { bots: bots.len(), seats: game.num_seats() });
    }
    let max = game.max_game_length();
    let mut legal = Vec::new();
    while let Some(seat) = game.to_move() {
        let step = game.move_number();
        if step >= max {
            return Err(PlayError::TooLong { max });
        }
        game.legal_ids(&mut legal);
        let bot = &mut bots[seat.index()];
        let bad = |bot: &dyn DynBot, action: String| PlayError::IllegalChoice { bot: bot.name(), seat, action, step };
        let view = game.view(seat).map_err(|e| bad(&**bot, e.to_string()))?;
        let id = bot.choose(&*view, &legal).map_err(|e| bad(&**bot, e.to_string()))?;
        let notation = game.notation(id).map_err(|e| bad(&**bot, e.to_string()))?;
        if !legal.contains(&id) {
            return Err(bad(&**bot, notation));
        }
        observe(DynDecision { move_number: step, seat, bot: &**bot, legal: legal.len(), action: &notation });
        game.apply_id(id).map_err(|_| bad(&**bot, notation.clone()))?;
    }
    Ok(())
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::toy::{Toy, ToyOptions};
    use crate::{bot_seed, play_game};
    use sylvan_engine::NoEvents;
    use sylvan_engine::erased::{GameType, Typed};

    /// Through the erased game, bots built from the same specs and seeds play the same game as typed.
    pub fn erased_bots_play_the_typed_game() -> Result<(), String> {
        let options = ToyOptions { players: 3, hand_size: 5 };
        let json = serde_json::to_value(&options).map_err(|e| e.to_string())?;
        let kind = Typed::<Toy>::new();
        let specs: Vec<BotSpec> = ["heuristic", "random", "ismcts:iters=50"]
            .iter()
            .map(|s| s.parse().map_err(|e: SpecError| e.to_string()))
            .collect::<Result<_, _>>()?;
        for game in 0..10 {
            let typed = Toy::new(&options, game).map_err(|e| e.to_string())?;
            let mut bots: Vec<Box<dyn Bot<Toy>>> =
                specs.iter().enumerate().map(|(s, spec)| spec.build::<Toy>(bot_seed(3, game, s))).collect();
            let done = play_game(typed, &mut bots, &mut NoEvents).map_err(|e| e.to_string())?;
            let mut erased = kind.new_game(&json, game).map_err(|e| e.to_string())?;
            let mut dyn_bots: Vec<Box<dyn DynBot>> = specs
                .iter()
                .enumerate()
                .map(|(s, spec)| spec.build_dyn::<Toy>(bot_seed(3, game, s)).map_err(|e| e.to_string()))
                .collect::<Result<_, _>>()?;
            let mut seen = Vec::new();
            play_dyn(&mut *erased, &mut dyn_bots, |d| seen.push(d.action.to_owned())).map_err(|e| e.to_string())?;
            let typed_actions: Vec<String> = done.actions.iter().map(ToString::to_string).collect();
            assert_eq!(seen, typed_actions, "game {game}");
            assert_eq!(erased.outcome(), done.state.outcome());
        }
        Ok(())
    }

    /// A view of some other game.
    #[derive(Debug)]
    struct Stranger;

    impl DynView for Stranger {
        fn game(&self) -> &'static str {
            "stranger"
        }
        fn seat(&self) -> Seat {
            Seat(0)
        }
        fn to_json(&self) -> serde_json::Value {
            serde_json::Value::Null
        }
        fn text(&self) -> String {
            String::new()
        }
        fn describe(&self, _id: usize) -> Option<String> {
            None
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
    }

    pub fn a_bot_refuses_another_games_view_and_unknown_specs() -> Result<(), String> {
        let mut bot = BotSpec::Random.build_dyn::<Toy>(1).map_err(|e| e.to_string())?;
        assert_eq!(
            bot.choose(&Stranger, &[0, 1]).err(),
            Some(DynError::WrongGame { expected: "toy", found: "stranger" })
        );
        assert_eq!(
            BotSpec::Robot.build_dyn::<Toy>(1).err().map(|e| e.to_string()),
            Some("bot `robot` is not available for toy".to_owned())
        );
        Ok(())
    }
}
