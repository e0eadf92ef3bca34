//! Nightvale Pathfinder (EN:1109-1116): when bought, its owner may claim any other advancement of the
//! commons (Fertile Soils included) costing 1 to 6, as if bought: it is sleeved in the Discard Phase
//! with the purchases and its own "when bought" ability fires, but it uses none of the Harvest's buys.
//! The decision waits right after the purchase (`claim 1.2`, `claim soil.top`, or `decline`); a claim
//! needs a place in the field like any purchase (ruling MV71).

use sylvan_engine::EventSink;

use super::Module;
use crate::actions::{Action, Source};
use crate::cards::{Slot, Timing};
use crate::events::Event;
use crate::heuristic::{Outlook, sleeve_gain};
use crate::state::{Bought, EMPTY, MysticVale, Phase};
use crate::view::View;

/// You may claim another advancement of the commons costing 1 to 6 as if bought (it uses no buy).
pub const MODULE: Module = Module {
    when_bought: Some(when_bought),
    decide: Some(decide),
    view_note: Some(|view| {
        (view.phase == Phase::Harvest && view.turn.fx.claim_advancement.claims > 0).then_some("view-pathfinder")
    }),
    ..Module::new("claim-advancement", &[Timing::WhenBought])
};

/// The printed costs a claim may have (EN:1114).
const COSTS: std::ops::RangeInclusive<u8> = 1..=6;

fn when_bought(game: &mut MysticVale, _seat: usize) {
    game.turn.fx.claim_advancement.claims = game.turn.fx.claim_advancement.claims.saturating_add(1);
}

/// The sources of the commons and the Fertile Soil supply, in action order.
fn sources() -> impl Iterator<Item = Source> {
    (0..9u8).map(|i| Source::Common(i / 3, i % 3)).chain(Slot::ALL.map(Source::Soil))
}

impl MysticVale {
    /// A claim waits: `decline` and every advancement it may take. Out of the Harvest listing's line
    /// (rare: Nightvale Pathfinder's claim).
    #[cold]
    #[inline(never)]
    pub(crate) fn legal_claim(&self, out: &mut Vec<Action>) {
        out.push(Action::Decline);
        for s in sources() {
            let a = self.source_adv(s);
            if a != EMPTY
                && COSTS.contains(&self.db.hot(a).cost)
                && self.purchases_fit(Some(Bought { adv: a, target: None }))
            {
                out.push(Action::Claim(s));
            }
        }
    }

    /// Applies `claim` or `decline` to the claim waiting.
    pub(crate) fn apply_claim<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        self.turn.fx.claim_advancement.claims = self.turn.fx.claim_advancement.claims.saturating_sub(1);
        if let Action::Claim(s) = action {
            let a = self.take_from(s);
            self.turn.bought.push(Bought { adv: a, target: None });
            self.turn.fx.claim_advancement.claimed = self.turn.fx.claim_advancement.claimed.saturating_add(1);
            if S::ENABLED {
                let seat = sylvan_engine::Seat(self.current);
                ev.emit(sylvan_engine::Audience::Everyone, Event::Bought(seat, self.db.adv(a).title.clone()));
            }
            self.adv_when_bought(a);
        }
    }
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// Claims waiting for their decision (Nightvale Pathfinder, EN:1109-1116).
    pub claims: u8,
    /// Advancements claimed this turn (in `bought`, but none of the Harvest's buys).
    pub claimed: u8,
}

/// The default bot, while a claim waits: the advancement that adds the most to its best field card,
/// else `decline`.
fn decide(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    if view.phase != Phase::Harvest || view.turn.fx.claim_advancement.claims == 0 {
        return None;
    }
    Some(pick(view, legal, out).unwrap_or(Action::Decline))
}

/// The claim that adds the most to its best field card, if any adds: the advancement that adds the most to its best field card, if any adds.
fn pick(view: &View, legal: &[Action], out: Outlook) -> Option<Action> {
    let db = &*view.db;
    let p = &view.players[view.seat.index()];
    let leader = p.leader.map(|l| l.card);
    legal
        .iter()
        .filter_map(|&a| {
            let Action::Claim(s) = a else { return None };
            let adv = match s {
                Source::Common(l, k) => view.commons[l as usize][k as usize]?,
                Source::Soil(slot) => db.soil[slot as usize],
            };
            let gain = p
                .field
                .iter()
                .filter(|&&c| Some(c) != leader && p.cards[c as usize].fits(db, adv))
                .map(|&c| sleeve_gain(db, p.cards[c as usize], adv, out))
                .fold(f64::MIN, f64::max);
            Some((gain, a))
        })
        .filter(|(v, _)| *v > 0.0)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, a)| a)
}

crate::effects::cleared_each_turn!(TurnState);
