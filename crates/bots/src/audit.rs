//! Audits a bot against a game: the proof that it cannot peek at hidden information.
//!
//! [`never_peeks`] walks random games and, at sampled decision points with a real choice, builds a
//! *twin* full state whose view for the deciding seat is identical to the real one (a determinization
//! of that view with another generator: other players' hidden cards, every deck order and all future
//! chance differ). The bot, built twice from the same spec and seed, must choose the same action in
//! both. A bot that read anything beyond its view would, sooner or later, choose differently.
//!
//! Every game of the workspace runs this audit for `ismcts` (and `flatmc`) in its tests; a new game gets
//! it by calling [`never_peeks`] with its options.

use sylvan_engine::{GameRng, Heuristic, NoEvents, SetupError};
use thiserror::Error;

use crate::{BotSpec, bot_seed};

/// Why [`never_peeks`] failed: a bug in the game (its deal, `view` or `determinize`) or a bot that
/// peeked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AuditError {
    /// The game cannot be dealt.
    #[error("{game}: deal {deal}: {source}")]
    Setup {
        /// The game.
        game: &'static str,
        /// The game number.
        deal: u64,
        /// Why.
        source: SetupError,
    },
    /// A game ran past its declared maximum length.
    #[error("{game}: game {deal} ran past its maximum length {max}")]
    TooLong {
        /// The game.
        game: &'static str,
        /// The game number.
        deal: u64,
        /// The declared maximum.
        max: usize,
    },
    /// A seat to move had no legal action.
    #[error("{game}: game {deal} step {step}: no legal action for the seat to move")]
    NoLegalAction {
        /// The game.
        game: &'static str,
        /// The game number.
        deal: u64,
        /// The step.
        step: usize,
    },
    /// The twin state looks different to the deciding seat, or offers other legal actions: a bug in
    /// the game's `determinize` or `view`.
    #[error("{game}: game {deal} step {step}: the twin {what}")]
    BadTwin {
        /// The game.
        game: &'static str,
        /// The game number.
        deal: u64,
        /// The step.
        step: usize,
        /// What differs (`looks different`, `has other legal actions`).
        what: &'static str,
    },
    /// The bot chose differently in two states its seat cannot tell apart: it peeked.
    #[error(
        "{game}: `{spec}` chose `{first}` and `{second}` in two states {seat} cannot tell apart (game {deal}, step {step})"
    )]
    Peeked {
        /// The game.
        game: &'static str,
        /// The bot spec.
        spec: String,
        /// The deciding seat.
        seat: sylvan_engine::Seat,
        /// The game number.
        deal: u64,
        /// The step.
        step: usize,
        /// Its choice in the real state, in notation.
        first: String,
        /// Its choice in the twin, in notation.
        second: String,
    },
}

/// What [`never_peeks`] checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeekAudit {
    /// Decision points where both twins were asked and chose the same action.
    pub checked: usize,
    /// Of those, the points where the twin full states differed (hidden information was really
    /// different; a point where the deciding seat sees everything gives equal twins).
    pub differed: usize,
}

/// Plays `games` random games of `G` (dealt from seeds `1000 + game`) and audits the bot of `spec` at
/// every `every`-th move that has more than one legal action. Returns what was checked, or a
/// description of the first failure: a twin whose view or legal actions differ (a bug in the game's
/// `determinize` or `view`), or a bot that chose differently in two states it cannot tell apart.
pub fn never_peeks<G: Heuristic>(
    options: &G::Options,
    spec: &BotSpec,
    games: u64,
    every: usize,
) -> Result<PeekAudit, AuditError> {
    never_peeks_with::<G>(options, spec, None, games, every)
}

/// [`never_peeks`] for a bot built with the game's value network ([`BotSpec::build_with`]): the
/// network reads views only, and this proves it.
pub fn never_peeks_with<G: Heuristic>(
    options: &G::Options,
    spec: &BotSpec,
    net: Option<crate::ValueNet<G>>,
    games: u64,
    every: usize,
) -> Result<PeekAudit, AuditError> {
    twins::<G>(options, spec, games, every, |seed, view, legal| {
        spec.build_with::<G>(seed, net).choose(view, legal).to_string()
    })
}

/// [`never_peeks`] for analysis (`sylvan analyze`): at every audited point the bot's
/// [`action_values`](crate::Bot::action_values) — visits and estimated win probability per legal action —
/// must be identical in the real state and its twin. A bot that does not estimate passes trivially
/// (`None` both times), so audit a search spec.
pub fn analysis_never_peeks<G: Heuristic>(
    options: &G::Options,
    spec: &BotSpec,
    games: u64,
    every: usize,
) -> Result<PeekAudit, AuditError> {
    analysis_never_peeks_with::<G>(options, spec, None, games, every)
}

/// [`analysis_never_peeks`] for a bot built with the game's value network.
pub fn analysis_never_peeks_with<G: Heuristic>(
    options: &G::Options,
    spec: &BotSpec,
    net: Option<crate::ValueNet<G>>,
    games: u64,
    every: usize,
) -> Result<PeekAudit, AuditError> {
    twins::<G>(options, spec, games, every, |seed, view, legal| {
        let values = spec.build_with::<G>(seed, net).action_values(view, legal);
        let text = format!("{values:?}");
        // Long lists are compared whole but reported by a hash, so the error stays one line.
        if text.len() > 120 { format!("{:016x}", fnv(&text)) } else { text }
    })
}

/// FNV-1a of a text.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

/// Walks random games and, at audited points, compares `decide` (given the bot seed, a view and the
/// legal list) on the real state's view and on a twin's.
fn twins<G: Heuristic>(
    options: &G::Options,
    spec: &BotSpec,
    games: u64,
    every: usize,
    mut decide: impl FnMut(u64, &G::View, &[G::Action]) -> String,
) -> Result<PeekAudit, AuditError> {
    let every = every.max(1);
    let mut audit = PeekAudit::default();
    let mut legal = Vec::new();
    let mut twin_legal = Vec::new();
    for game in 0..games {
        let mut state =
            G::new(options, 1000 + game).map_err(|source| AuditError::Setup { game: G::NAME, deal: game, source })?;
        let mut walker = GameRng::new(game);
        let mut step = 0usize;
        let max = G::max_game_length(options);
        while let Some(seat) = state.to_move() {
            if step > max {
                return Err(AuditError::TooLong { game: G::NAME, deal: game, max });
            }
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                return Err(AuditError::NoLegalAction { game: G::NAME, deal: game, step });
            }
            if legal.len() > 1 && step % every == 0 {
                let view = state.view(seat);
                let mut twin_rng = GameRng::new(0xd1ff ^ game ^ ((step as u64) << 20));
                let twin = G::determinize(&view, &mut twin_rng);
                if twin.view(seat) != view {
                    return Err(AuditError::BadTwin { game: G::NAME, deal: game, step, what: "looks different" });
                }
                twin.legal_actions(&mut twin_legal);
                if twin_legal != legal {
                    return Err(AuditError::BadTwin {
                        game: G::NAME,
                        deal: game,
                        step,
                        what: "has other legal actions",
                    });
                }
                if twin != state {
                    audit.differed += 1;
                }
                let seed = bot_seed(77, game, step);
                let first = decide(seed, &view, &legal);
                let second = decide(seed, &twin.view(seat), &twin_legal);
                if first != second {
                    return Err(AuditError::Peeked {
                        game: G::NAME,
                        spec: spec.to_string(),
                        seat,
                        deal: game,
                        step,
                        first,
                        second,
                    });
                }
                audit.checked += 1;
            }
            let a = legal[walker.index(legal.len())];
            state.apply_unchecked(a, &mut NoEvents);
            step += 1;
        }
    }
    Ok(audit)
}
