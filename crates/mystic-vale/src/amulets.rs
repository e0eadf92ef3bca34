//! Amulets (Mana Storm, EN:802-830, 1757-1823): a player's unique mana token. It counts as the mana token
//! for every effect (a Spoil turns it active, Magic Mushroom may too), starts on its used side, and
//! replaces the token's "+1 mana" with its own Evoke ability, usable in the windows its text allows.
//! Evoking turns it to its used side. Grey VP score at the end, red VP subtract. The side is public.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::cards::Reward;

/// When an amulet may be Evoked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum Window {
    /// In the owner's Harvest Phase (so never after a Spoil).
    Harvest,
    /// In the Harvest Phase or the Discard Phase (so also after a Spoil).
    HarvestOrDiscard,
    /// When a reveal would make the owner Spoil, instead of spoiling.
    WouldSpoil,
    /// In any phase of the owner's turn, also in reaction (before an "on spoil" ability resolves).
    Any,
}

/// What Evoking an amulet does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum Evoke {
    /// Gain `amount` of `reward` (outside the Harvest Phase: at the next one, lost on a Spoil).
    Gain,
    /// Gain, then toss the amulet: it lands on either side at random (Twilight Shard, EN:1805-1813).
    GainThenToss,
    /// `amount` growth until the next Prep Phase (Rootwood Charm, EN:1783-1789).
    Growth,
    /// A chosen field card goes face down under the deck (Deepriver Crystal, EN:1775-1781).
    FieldToDeckBottom,
    /// The bottom card of the deck joins the right end of the field (Summoner Stone, EN:1791-1803).
    DeckBottomToField,
    /// An advancement bought this Harvest Phase is sleeved now on a field card (Darksoul Ember,
    /// EN:1759-1771).
    SleeveNow,
    /// Either gain 1 mana as the token does, or a chosen field or on-deck card counts `amount` more
    /// guardians until the end of the turn (Wildfire Ember, EN:1815-1823).
    ManaOrGuardians,
}

impl Evoke {
    const NAMES: [(&'static str, Evoke); 7] = [
        ("gain", Evoke::Gain),
        ("gain-then-toss", Evoke::GainThenToss),
        ("growth", Evoke::Growth),
        ("field-to-deck-bottom", Evoke::FieldToDeckBottom),
        ("deck-bottom-to-field", Evoke::DeckBottomToField),
        ("sleeve-now", Evoke::SleeveNow),
        ("mana-or-guardians", Evoke::ManaOrGuardians),
    ];

    /// Reads a data-file name.
    pub fn parse(s: &str) -> Option<Evoke> {
        Evoke::NAMES.iter().find(|(n, _)| *n == s).map(|&(_, e)| e)
    }

    /// Its data-file name.
    pub fn name(self) -> &'static str {
        Evoke::NAMES.iter().find(|(_, e)| *e == self).map_or("?", |(n, _)| n)
    }

    /// Whether it needs a card: `evoke cN`.
    pub fn targets_card(self) -> bool {
        matches!(self, Evoke::FieldToDeckBottom | Evoke::SleeveNow | Evoke::ManaOrGuardians)
    }
}

impl Window {
    const NAMES: [(&'static str, Window); 4] = [
        ("harvest", Window::Harvest),
        ("harvest-or-discard", Window::HarvestOrDiscard),
        ("would-spoil", Window::WouldSpoil),
        ("any", Window::Any),
    ];

    /// Reads a data-file name.
    pub fn parse(s: &str) -> Option<Window> {
        Window::NAMES.iter().find(|(n, _)| *n == s).map(|&(_, w)| w)
    }

    /// Its data-file name.
    pub fn name(self) -> &'static str {
        Window::NAMES.iter().find(|(_, w)| *w == self).map_or("?", |(n, _)| n)
    }
}

/// One amulet.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Amulet {
    /// A short stable key.
    pub key: String,
    /// Its name.
    pub title: String,
    /// The set.
    pub set: String,
    /// End-of-game VP: grey (positive) or red (negative, subtracted), EN:828-830.
    pub vp: i8,
    /// When it may be Evoked.
    pub window: Window,
    /// What Evoking does.
    pub evoke: Evoke,
    /// The amount it gains or adds.
    pub amount: u8,
    /// What it gains ([`Evoke::Gain`], [`Evoke::GainThenToss`]).
    pub reward: Reward,
    /// On its used side the owner must push at least once in each Planting Phase before passing
    /// (Darksoul Ember, EN:1773).
    pub must_push: bool,
    /// Provenance of each field.
    pub source: BTreeMap<String, String>,
}

impl Window {
    /// Whether an amulet with this window may be Evoked at moment `m`.
    #[inline]
    pub(crate) fn opens(self, m: Moment) -> bool {
        match self {
            Window::Harvest => m == Moment::Harvest,
            Window::HarvestOrDiscard => matches!(m, Moment::Harvest | Moment::Discard),
            Window::WouldSpoil => m == Moment::WouldSpoil,
            Window::Any => m != Moment::Discard,
        }
    }
}

impl Amulet {
    /// The value of data field `f`, as written in a card file.
    pub fn field_value(&self, f: &str) -> String {
        match f {
            "vp" => self.vp.to_string(),
            "window" => self.window.name().into(),
            "evoke" => self.evoke.name().into(),
            "amount" => self.amount.to_string(),
            "reward" => self.reward.key().into(),
            "must_push" => self.must_push.to_string(),
            _ => "?".into(),
        }
    }
}

use sylvan_engine::{Audience, EventSink, Seat};

use crate::actions::Action;
use crate::cards::{Effect, Timing};
use crate::events::Event;
use crate::state::{MysticVale, Phase};

/// Where in the turn an Evoke is asked about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Moment {
    /// The Planting Phase, before a push or pass.
    Planting,
    /// A reveal would make the player Spoil.
    WouldSpoil,
    /// The Harvest Phase.
    Harvest,
    /// The Discard Phase after a Spoil.
    Discard,
}

impl MysticVale {
    /// The active player's amulet, if it is active and not Evoked yet this turn.
    #[inline]
    pub(crate) fn evocable(&self) -> Option<&Amulet> {
        let p = self.cur();
        let a = p.amulet?;
        (p.token_active && !self.turn.evoked).then(|| self.db.amulet(a))
    }

    /// Whether the active player's amulet may be Evoked at this moment.
    #[inline]
    pub(crate) fn evoke_window(&self, m: Moment) -> bool {
        self.evocable().is_some_and(|a| a.window.opens(m))
    }

    /// Pushes the legal Evoke actions at this moment. Always inlined: most decisions have no amulet to
    /// Evoke (none in the base game), and this test costs less than a call.
    #[inline(always)]
    pub(crate) fn push_evokes(&self, m: Moment, out: &mut Vec<Action>) {
        let p = self.cur();
        if p.amulet.is_some() && p.token_active && !self.turn.evoked {
            self.push_evokes_in_window(m, out);
        }
    }

    /// [`push_evokes`](MysticVale::push_evokes) once an amulet may be Evoked (it is active and not Evoked
    /// yet this turn: [`evocable`](MysticVale::evocable) is the amulet): its window read once.
    #[inline(never)]
    fn push_evokes_in_window(&self, m: Moment, out: &mut Vec<Action>) {
        let Some(id) = self.cur().amulet else { return };
        let a = self.db.amulet(id);
        debug_assert!(self.evocable().is_some_and(|e| std::ptr::eq(e, a)), "push_evokes_in_window: evocable");
        if a.window.opens(m) {
            self.push_evokes_now(a, out);
        }
    }

    /// Pushes the legal Evoke actions of amulet `a`, the active player's (its window is open). Out of
    /// line: the window is closed at most of the decisions that ask, which then save its frame.
    #[inline(never)]
    fn push_evokes_now(&self, a: &Amulet, out: &mut Vec<Action>) {
        let p = self.cur();
        let mut cards = 0u32;
        match a.evoke {
            Evoke::Gain | Evoke::GainThenToss | Evoke::Growth => out.push(Action::Evoke),
            Evoke::DeckBottomToField => {
                if !p.deck.is_empty() || !p.discard.is_empty() {
                    out.push(Action::Evoke);
                }
            }
            Evoke::FieldToDeckBottom => {
                // Every purchase keeps a place (ruling MV21): with none waiting, every card may go.
                cards = if self.turn.bought.is_empty() {
                    p.field_mask()
                } else {
                    p.field.iter().fold(0, |m, &c| if self.purchases_fit_without(c) { m | 1 << c } else { m })
                };
            }
            Evoke::SleeveNow => {
                if let Some(k) = self.turn.bought.iter().position(|b| b.target.is_none()) {
                    cards = self.sleeve_targets(k);
                }
            }
            Evoke::ManaOrGuardians => {
                out.push(Action::Evoke);
                cards = p.field_mask() | p.on_deck.map_or(0, |c| 1 << c);
            }
        }
        while cards != 0 {
            out.push(Action::EvokeOn(cards.trailing_zeros() as u8));
            cards &= cards - 1;
        }
    }

    /// Evokes the active player's amulet (on card `target`): turns it to its used side, resolves its
    /// ability and the vales that act when the owner Evokes (EN:804, 1351, 1452, 1485).
    pub(crate) fn evoke<S: EventSink<Event>>(&mut self, target: Option<u8>, ev: &mut S) {
        let i = self.current as usize;
        let Some(id) = self.evocable().and(self.cur().amulet) else { return };
        let db = self.db.clone();
        let a = db.amulet(id);
        let harvest = matches!(self.phase, Phase::Harvest);
        self.players[i].token_active = false;
        self.turn.evoked = true;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Evoked(Seat(i as u8), a.title.clone()));
        }
        match (a.evoke, target) {
            (Evoke::Gain | Evoke::GainThenToss, _) | (Evoke::ManaOrGuardians, None) => {
                let (reward, n) =
                    if a.evoke == Evoke::ManaOrGuardians { (Reward::Mana, 1) } else { (a.reward, a.amount) };
                if harvest {
                    if reward == Reward::Mana {
                        // As a regular token: Ley Line Overflow doubles it (MV42).
                        let f = self.turn.fx.multiply_mana.factor.max(1);
                        self.turn.mana_extra = self.turn.mana_extra.saturating_add(n.saturating_mul(f));
                    } else {
                        self.gain_now(reward, n);
                    }
                } else if reward == Reward::Mana {
                    let p = &mut self.players[i];
                    p.pending_mana = p.pending_mana.saturating_add(n);
                }
                if a.evoke == Evoke::GainThenToss {
                    // A fair toss: it stays on the side that lands up, usable again next turn (EN:1811).
                    self.players[i].token_active = self.rng.below(2) == 1;
                }
            }
            (Evoke::Growth, _) => {
                let p = &mut self.players[i];
                p.fx.spoil_growth.growth = p.fx.spoil_growth.growth.saturating_add(a.amount);
            }
            (Evoke::FieldToDeckBottom, Some(c)) => self.players[i].field_to_deck_bottom(c),
            (Evoke::DeckBottomToField, _) => {
                if self.players[i].deck.is_empty() {
                    self.reshuffle(ev);
                }
                let p = &mut self.players[i];
                if !p.deck.is_empty() {
                    let c = p.deck.remove(0);
                    let before = p.field.len();
                    p.put_in_field(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Played(Seat(i as u8), self.card_ref(i, c)));
                    }
                    if harvest {
                        // Rules revision 9 (MV23): Dione's upgraded side joining acts from now on.
                        crate::effects::neighbour_on_deck::joined(self, before);
                    }
                }
            }
            (Evoke::SleeveNow, Some(c)) => {
                if let Some(k) = self.turn.bought.iter().position(|b| b.target.is_none()) {
                    let b = self.turn.bought.remove(k);
                    // Still one of the Harvest's buys (EN:1771).
                    if self.ordered() {
                        self.turn.fx.amulets.sleeved_now = self.turn.fx.amulets.sleeved_now.saturating_add(1);
                    }
                    self.sleeve(b.adv, c, ev);
                }
            }
            (Evoke::ManaOrGuardians, Some(c)) => {
                self.players[i].fx.amulets.extra_guardians = Some((c, a.amount));
                // Canopy Explorer resolved after the guardians were added (EN:462, 919).
                self.explore_more(c, u32::from(a.amount), ev);
            }
            _ => {}
        }
        self.silver_tree_on_evoke();
        // The vales that act on an Evoke: at once in the Harvest Phase, else at the next one.
        if harvest {
            self.on_evoke();
            self.count_places();
            self.recount();
        } else {
            let mut pending = 0u8;
            for &v in self.usable_vales() {
                let ab = self.db.hot_vale(v).ability;
                if ab.timing == Timing::OnEvoke && ab.effect == Effect::Gain && ab.reward == Reward::Mana {
                    pending = pending.saturating_add(ab.amount);
                }
            }
            let p = &mut self.players[i];
            p.pending_mana = p.pending_mana.saturating_add(pending);
        }
    }

    /// Darksoul Ember in the Harvest Phase: `evoke cN purchase K` for each purchase waiting but the first
    /// (`evoke cN`), one per title, in the order bought (ruling MV62).
    pub(crate) fn push_evoke_purchases(&self, out: &mut Vec<Action>) {
        if !self.evoke_window(Moment::Harvest) || self.evocable().is_none_or(|a| a.evoke != Evoke::SleeveNow) {
            return;
        }
        let bought = &self.turn.bought;
        let Some(first) = bought.iter().position(|b| b.target.is_none()) else { return };
        for k in first + 1..bought.len().min(usize::from(crate::actions::MAX_EVOKE_PURCHASES)) {
            let b = bought[k];
            if b.target.is_some() || bought[first..k].iter().any(|x| x.target.is_none() && x.adv == b.adv) {
                continue;
            }
            let mut cards = self.sleeve_targets(k);
            while cards != 0 {
                out.push(Action::EvokeBought(k as u8, cards.trailing_zeros() as u8));
                cards &= cards - 1;
            }
        }
        let from = out.iter().position(|a| matches!(a, Action::EvokeBought(..))).unwrap_or(out.len());
        out[from..].sort_unstable();
    }

    /// Darksoul Ember: sleeves purchase `k` (not the first waiting) on card `c` now.
    pub(crate) fn evoke_purchase<S: EventSink<Event>>(&mut self, k: u8, c: u8, ev: &mut S) {
        let bought = &mut self.turn.bought;
        let (Some(first), k) = (bought.iter().position(|b| b.target.is_none()), usize::from(k)) else { return };
        if k < bought.len() && k > first {
            // The chosen purchase becomes the first waiting: the Evoke sleeves that one.
            let b = bought.remove(k);
            bought.insert(first, b);
        }
        self.evoke(Some(c), ev);
    }

    /// Darksoul Ember's used side: the player must push at least once before passing (EN:1773).
    pub(crate) fn must_push(&self) -> bool {
        let p = self.cur();
        !self.turn.fx.amulets.pushed
            && !p.token_active
            && p.on_deck.is_some()
            && p.amulet.is_some_and(|a| self.db.amulet(a).must_push)
    }
}

/// What this ability keeps per player: one field of [`crate::effects::PlayerStates`], held by
/// [`crate::state::Player`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PlayerState {
    /// A card and the guardians it counts more until the end of the turn (Wildfire Ember, EN:1815-1823).
    #[serde(rename = "ember")]
    pub extra_guardians: Option<(u8, u8)>,
}

/// What this ability keeps per turn (reset with the turn): one field of [`crate::effects::TurnStates`], held by
/// [`crate::state::Turn`] (serialized under the keys the state always had).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct TurnState {
    /// The active player pushed in this Planting Phase (Darksoul Ember's used side, EN:1773).
    pub pushed: bool,
    /// Purchases an Evoke sleeved at once this harvest (Darksoul Ember): still two of the buys (EN:1771).
    pub sleeved_now: u8,
}

crate::effects::cleared_each_turn!(TurnState);
