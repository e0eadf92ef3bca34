//! Optional "when bought" vale abilities that wait for their owner's decision right after the purchase
//! (Sky Garden, Halo Mountain): while `Turn::fx.vale_choice.waiting` is set, the Harvest Phase offers only the
//! module's actions and `decline`.

use crate::actions::Action;
use crate::state::MysticVale;

/// A "when bought" hook: the vale just bought by `seat` waits for its owner's decision.
pub fn wait(game: &mut MysticVale, seat: usize) {
    if let Some(&v) = game.players[seat].vales.last() {
        game.turn.fx.vale_choice.waiting = Some((v, 0));
    }
}

/// Puts vale `v` of the active player out of the game (its ability resolved).
pub fn remove(game: &mut MysticVale, v: u8) {
    let i = game.current as usize;
    if let Some(k) = game.players[i].vales.iter().rposition(|&x| x == v) {
        game.players[i].vales.remove(k);
        game.removed_vales.push(v);
    }
}

impl MysticVale {
    /// The decision of the vale waiting (`decline` and its module's actions, sorted). Out of the Harvest
    /// listing's line (rare: a few vales ask it as they are bought).
    #[cold]
    #[inline(never)]
    pub(crate) fn legal_vale_choice(&self, v: u8, spent: u8, out: &mut Vec<Action>) {
        out.push(Action::Decline);
        let ab = self.db.hot_vale(v).ability;
        if let Some(f) = super::module(ab.module).and_then(|m| m.bought_actions) {
            f(self, spent, out);
        }
        out.sort_unstable();
    }

    /// Applies the decision of the vale waiting.
    pub(crate) fn apply_vale_choice(&mut self, action: Action) {
        let Some((v, _)) = self.turn.fx.vale_choice.waiting else { return };
        let ab = self.db.hot_vale(v).ability;
        let done = match super::module(ab.module).and_then(|m| m.bought_apply) {
            Some(f) => f(self, v, action),
            None => true,
        };
        if done {
            self.turn.fx.vale_choice.waiting = None;
        }
        self.recount();
    }
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// A vale's optional "when bought" ability waiting for its owner (Sky Garden, Halo Mountain): the vale and the spirits spent on it so far.
    #[serde(rename = "vale_choice")]
    pub waiting: Option<(u8, u8)>,
}

impl crate::effects::NewTurn for TurnState {
    /// Kept: a choice waits within its Harvest only and is cleared when answered.
    fn new_turn(&mut self, _rules: u8) {}
}
