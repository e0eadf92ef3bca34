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

use sylvan_engine::{GameRng, Heuristic, NoEvents};

use crate::{BotSpec, bot_seed};

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
) -> Result<PeekAudit, String> {
    let every = every.max(1);
    let mut audit = PeekAudit::default();
    let mut legal = Vec::new();
    let mut twin_legal = Vec::new();
    for game in 0..games {
        let mut state = G::new(options, 1000 + game).map_err(|e| format!("{}: deal {game}: {e}", G::NAME))?;
        let mut walker = GameRng::new(game);
        let mut step = 0usize;
        let max = G::max_game_length(options);
        while let Some(seat) = state.to_move() {
            if step > max {
                return Err(format!("{}: game {game} ran past its maximum length {max}", G::NAME));
            }
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                return Err(format!("{}: no legal action for {seat} at step {step} of game {game}", G::NAME));
            }
            if legal.len() > 1 && step % every == 0 {
                let view = state.view(seat);
                let mut twin_rng = GameRng::new(0xd1ff ^ game ^ ((step as u64) << 20));
                let twin = G::determinize(&view, &mut twin_rng);
                if twin.view(seat) != view {
                    return Err(format!("{}: game {game} step {step}: the twin looks different to {seat}", G::NAME));
                }
                twin.legal_actions(&mut twin_legal);
                if twin_legal != legal {
                    return Err(format!("{}: game {game} step {step}: the twin has other legal actions", G::NAME));
                }
                if twin != state {
                    audit.differed += 1;
                }
                let seed = bot_seed(77, game, step);
                let x = spec.build::<G>(seed).choose(&view, &legal);
                let y = spec.build::<G>(seed).choose(&twin.view(seat), &twin_legal);
                if x != y {
                    return Err(format!(
                        "{}: `{spec}` chose `{x}` and `{y}` in two states {seat} cannot tell apart (game {game}, step {step})",
                        G::NAME
                    ));
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
