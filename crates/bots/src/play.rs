//! Playing a whole game between bots.

use sylvan_engine::{EventSink, Game, Seat};
use thiserror::Error;

use crate::Bot;

/// A game played to its end.
#[derive(Clone, Debug)]
pub struct Finished<G: Game> {
    /// The final state.
    pub state: G,
    /// Every action applied, in order (write them into a [`Record`](sylvan_engine::Record) with
    /// `to_string`).
    pub actions: Vec<G::Action>,
}

/// Why a game between bots could not be played out.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// There must be exactly one bot per seat.
    #[error("{bots} bots for {seats} seats")]
    WrongBotCount {
        /// Bots given.
        bots: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A bot returned an action that is not in its legal list (a bug in the bot).
    #[error("bot `{bot}` at {seat} chose `{action}`, which is not legal at move {step}")]
    IllegalChoice {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The action, in notation.
        action: String,
        /// The move number.
        step: usize,
    },
    /// The game went on past [`Game::max_game_length`] (a bug in the game).
    #[error("the game did not end within its maximum of {max} moves")]
    TooLong {
        /// The declared maximum.
        max: usize,
    },
}

/// Plays `state` to the end: the bot of the seat to move gets that seat's view and legal actions, and
/// its choice is checked against the list and applied, with events sent to `events` (pass
/// [`NoEvents`](sylvan_engine::NoEvents) when nobody is watching). `bots[i]` plays seat `i`.
pub fn play_game<G: Game, S: EventSink<G::Event>>(
    state: G,
    bots: &mut [Box<dyn Bot<G>>],
    events: &mut S,
) -> Result<Finished<G>, PlayError> {
    play_game_observed(state, bots, events, |_| ())
}

/// One bot decision, as reported to the observer of [`play_game_observed`].
pub struct Decision<'a, G: Game> {
    /// The move number of the decision (0 for the first move).
    pub move_number: usize,
    /// The deciding seat.
    pub seat: Seat,
    /// The bot that decided.
    pub bot: &'a dyn Bot<G>,
    /// How many legal actions it chose from.
    pub legal: usize,
    /// Its choice.
    pub action: G::Action,
}

/// [`play_game`], calling `observe` after every decision (before it is applied), e.g. to print the
/// search statistics of each decision ([`Bot::last_search`]).
pub fn play_game_observed<G: Game, S: EventSink<G::Event>>(
    mut state: G,
    bots: &mut [Box<dyn Bot<G>>],
    events: &mut S,
    mut observe: impl FnMut(Decision<'_, G>),
) -> Result<Finished<G>, PlayError> {
    if bots.len() != state.num_seats() {
        return Err(PlayError::WrongBotCount { bots: bots.len(), seats: state.num_seats() });
    }
    let max = G::max_game_length(state.options());
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while let Some(seat) = state.to_move() {
        if state.move_number() >= max {
            return Err(PlayError::TooLong { max });
        }
        state.legal_actions(&mut legal);
        let bot = &mut bots[seat.index()];
        let action = bot.choose(&state.view(seat), &legal);
        if legal.binary_search(&action).is_err() {
            return Err(PlayError::IllegalChoice {
                bot: bot.name(),
                seat,
                action: action.to_string(),
                step: state.move_number(),
            });
        }
        observe(Decision { move_number: state.move_number(), seat, bot: &**bot, legal: legal.len(), action });
        state.apply_unchecked(action, events);
        actions.push(action);
    }
    Ok(Finished { state, actions })
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::toy::{Play, Toy, ToyOptions, ToyView};
    use crate::{BotSpec, bot_seed};
    use sylvan_engine::{EventLog, NoEvents, Record, replay};

    fn bots(specs: &[BotSpec], game: u64) -> Vec<Box<dyn Bot<Toy>>> {
        specs.iter().enumerate().map(|(i, s)| s.build::<Toy>(bot_seed(1, game, i))).collect()
    }

    pub fn games_end_and_replay_from_their_actions() -> Result<(), String> {
        let options = ToyOptions { players: 3, hand_size: 4 };
        for game in 0..20 {
            let state = Toy::new(&options, game).map_err(|e| e.to_string())?;
            let mut b = bots(&[BotSpec::Heuristic, BotSpec::Random, BotSpec::Heuristic], game);
            let done = play_game(state, &mut b, &mut NoEvents).map_err(|e| e.to_string())?;
            assert!(done.state.is_terminal());
            assert_eq!(done.actions.len(), 12);
            let mut record = Record::<Toy>::from_seed(options.clone(), game);
            record.actions = done.actions.iter().map(ToString::to_string).collect();
            record.scores = Some(done.state.scores());
            assert_eq!(replay(&record).map_err(|e| e.to_string())?, done.state);
        }
        Ok(())
    }

    pub fn same_seeds_same_game() -> Result<(), String> {
        let run = || -> Result<Vec<Play>, String> {
            let state = Toy::new(&ToyOptions::default(), 9).map_err(|e| e.to_string())?;
            let mut b = bots(&[BotSpec::Random, BotSpec::Random], 4);
            let mut log = EventLog::new();
            Ok(play_game(state, &mut b, &mut log).map_err(|e| e.to_string())?.actions)
        };
        assert_eq!(run()?, run()?);
        Ok(())
    }

    struct Cheater;
    impl Bot<Toy> for Cheater {
        fn name(&self) -> String {
            "cheater".into()
        }
        fn choose(&mut self, _view: &ToyView, _legal: &[Play]) -> Play {
            Play(31)
        }
    }

    pub fn bad_bots_and_bad_tables_are_errors() -> Result<(), String> {
        let state = Toy::new(&ToyOptions::default(), 0).map_err(|e| e.to_string())?;
        let mut one = bots(&[BotSpec::Random], 0);
        assert_eq!(
            play_game(state.clone(), &mut one, &mut NoEvents).err(),
            Some(PlayError::WrongBotCount { bots: 1, seats: 2 })
        );
        let mut cheats: Vec<Box<dyn Bot<Toy>>> = vec![Box::new(Cheater), Box::new(Cheater)];
        let err = play_game(state, &mut cheats, &mut NoEvents).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.starts_with("bot `cheater` at p"), "{err}");
        assert!(err.ends_with("chose `c31`, which is not legal at move 0"), "{err}");
        Ok(())
    }
}
