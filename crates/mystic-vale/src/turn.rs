//! The four phases of a turn (Planting, Harvest, Discard, Prep), spoiling, and the abilities of every
//! set at their timings (effects as data; the unique ones in `effects/`; the Mana Storm abilities not
//! yet played are listed in ruling MV60). Legal actions and their effects.

use sylvan_engine::{Audience, EventSink, Seat, SeatSet};

use crate::actions::{Action, Choice, Held, Source};
use crate::amulets::Moment;
use crate::cards::{Count, Effect, Reward, Slot, Spirit, Timing};
use crate::events::Event;
use crate::harvest;
use crate::state::{Bought, EMPTY, MysticVale, NUM_CARDS, Phase};

mod deck_to_field;
mod discard;
mod harvest_phase;
mod planting;
mod prep;
mod purchase;
mod uses;

/// A round cap that ends the game if the pool never empties (ruling MV14); never reached in practice.
pub const MAX_ROUNDS: u16 = 120;

/// "When played" ability places on a player's cards: one per slot of each of the 20 sleeves.
const WHEN_PLAYED_PLACES: usize = 3 * NUM_CARDS;

/// Most actions in one turn (Planting to Prep Phase), not counting the uses of vales: one that leaves the
/// game (Blooming Arbor, Aether Tree, Stormcaller...) is bounded per game, one that stays (Conclave of Ents,
/// Sunstone Aerie) once a turn per vale card (EN:675, ruling MV89), so at most the box's vale cards a turn:
/// both are counted by [`crate::MysticVale`]'s `max_game_length` from the card database.
///
/// Proof, with `W` = [`WHEN_PLAYED_PLACES`] = 60 and `N` = 20 cards:
/// - *Resolutions.* A "when played" ability in a given (card, slot) place resolves at most once per
///   Planting Phase and once per Prep Phase (ruling MV19; a place never changes its advancement, sleeving
///   never covers one), so at most `2W` resolutions in a turn.
/// - *Decisions about them.* Each `resolve` decision starts one resolution and each `discard`, `mill` or
///   `decline` ends one: at most `2 · 2W`. A search that repeats (Lifetap Oracle) adds a `discard` per
///   card taken from the deck, which holds at most `N - 2` cards and is not reshuffled in between: at
///   most `2W · (N - 2)` more.
/// - *Pushes.* Each push adds a card to the field, which holds at most 20; only Deadwood Harvester and
///   Mindful Owl take a card out during the Planting Phase, one per resolution: at most `20 + W` pushes.
///   (Prep Phase plays are not actions.)
/// - *The rest.* `pass` 1; `spoil` 2 (Planting and Prep Phase); the "about to spoil" discards
///   (Peacekeeper Druid, Algeni) once a turn per card (EN:675, MV89: `Player::fx.spoil_discard.used` is a card mask,
///   its bits set once from the Planting Phase through the Prep Phase): at most `N`; harvest: token 1 plus
///   2 more after vales that turn it face up, vales 2, advancements at most 3, `done` 1, `score` 1 (rules
///   revision 6: offered only while the field's VP would empty the pool, which scoring them does, so not
///   twice), Wood Sprite Hoard's looks 3 per vale bought (6); `sleeve` one per advancement bought, at most 3; Hatchery's
///   card keeping itself at most `N - 1` times and one `decline`. A spoil prompt is left only by one of
///   these actions or by a vale's use, so prompts add nothing else.
/// - *Wayfarer Portal* (rules revision 7, ruling MV90): its move is `use vV`, `use cA SLOT`, then the
///   destination or `decline`; either ends it and spends the Portal for the turn (one Portal a player,
///   EN:1543), so it is opened at most once. The move itself is one of `max_game_length`'s extras, as in
///   revisions 1 to 6: 2 more here.
/// - *Dione's upgraded side* (rules revision 8, ruling MV23): `use pS cN` uses a neighbour's on-deck card
///   that can cost, offered only while not used yet: at most one a neighbour, 2. Revision 9's Dione
///   changes add no decision: her card joining the field in the Harvest runs her beginning then, once a Harvest
///   Phase (`begun`), instead of as the Harvest begins; a used Old Bakarab's turning back is its
///   module's existing `ability 1`.
/// - *Call of the Hunt and Canopy Explorer* (rules revision 8, ruling MV91): `use cN SLOT` resolving one
///   is offered only for a card whose bit is clear in one of two masks (`filled`, `explored`), sets it,
///   and nothing clears them during the turn: at most `2N`.
/// - *A used neighbour's Call of the Hunt and Canopy Explorer* (rules revision 9, ruling MV91): `use pS cN
///   SLOT` resolving one is offered only for a seat whose bit is clear in one of two masks
///   (`used_filled`, `used_explored`) and sets it; only a new on-deck card of that seat clears them
///   (GinGan's upgraded side, which asks each neighbour once a Harvest): at most 2 a card, 2 cards a
///   seat, 2 seats: 8.
///
/// Total: `(20 + W) + 4W + 2W(N - 2) + 1 + 2 + N + 10 + 6 + 3 + N + 2 + 2 + 2N + 8` = `54 + 4N + 5W + 2W(N - 2)`.
pub const MAX_ACTIONS_PER_TURN: usize =
    54 + 4 * NUM_CARDS + 5 * WHEN_PLAYED_PLACES + 2 * WHEN_PLAYED_PLACES * (NUM_CARDS - 2);

impl MysticVale {
    fn seat(&self) -> Seat {
        Seat(self.current)
    }

    /// Whether the game plays rules revision 2 ([`Options::rules`](crate::Options)): abilities resolved in
    /// the player's order with their gains banked at once, each card's ability once a turn (issue 33).
    #[inline]
    pub(crate) fn ordered(&self) -> bool {
        self.options.rules >= 2
    }

    /// Whether the game plays the second review's rulings (rules revision 5, issue 33): the last seat's
    /// final Prep Phase is played (MV13), and an Overflow whose card leaves the field doubles as it leaves
    /// (MV42).
    #[inline]
    pub(crate) fn second_review(&self) -> bool {
        self.options.rules >= crate::setup::SECOND_REVIEW_RULES
    }

    /// The vales the active player owned before this turn (their abilities are usable, EN:518).
    pub(crate) fn usable_vales(&self) -> &[u8] {
        let p = self.cur();
        let new = usize::from(self.turn.vales_bought) + usize::from(self.turn.fx.take_level_1_vale.vales_taken);
        &p.vales[..p.vales.len() - new.min(p.vales.len())]
    }

    /// The index (in the player's vales) of a usable vale whose ability has this timing and effect.
    pub(crate) fn vale_use(&self, timing: Timing, effect: Effect) -> Option<usize> {
        if self.turn.usable & effect.bit() == 0 {
            return None;
        }
        self.usable_vales().iter().position(|&v| {
            let a = self.db.hot_vale(v).ability;
            a.timing == timing && a.effect == effect
        })
    }

    /// Effects of the vales usable this turn; also sets the turn's extra buys and the effects of the
    /// usable vales that leave the game when used.
    #[inline]
    fn usable_mask(&mut self) -> u32 {
        let (mut m, mut removable, mut extra) = (0, 0, 0);
        for &v in self.usable_vales() {
            let x = self.db.hot_vale(v);
            m |= x.ability.effect.bit();
            if x.remove_self {
                removable |= x.ability.effect.bit();
            }
            extra = extra.max(x.extra_buy);
        }
        self.turn.removable = removable;
        self.turn.extra_buys = extra;
        m
    }

    /// Whether a Conclave of Ents unused this turn is usable: each vale once a turn (EN:675); rules
    /// revision 1 allowed one use whatever the number of vales.
    fn conclave_usable(&self) -> bool {
        if !self.ordered() {
            return !self.turn.fx.plus_guardian.used && self.vale_use(Timing::AnyTime, Effect::PlusGuardian).is_some();
        }
        if self.turn.usable & Effect::PlusGuardian.bit() == 0 {
            return false;
        }
        let owned = self
            .usable_vales()
            .iter()
            .filter(|&&v| {
                let a = self.db.hot_vale(v).ability;
                a.timing == Timing::AnyTime && a.effect == Effect::PlusGuardian
            })
            .count();
        owned > usize::from(self.turn.fx.plus_guardian.vales_used)
    }

    /// Writes the legal actions, sorted (built in order: card lists come from bit masks).
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn.fx.discard_on_evoke.waiting {
            // Silver Tree's decision after an Evoke (EN:1448-1454).
            self.legal_silver_tree(out);
            return;
        }
        let p = self.cur();
        match self.phase {
            Phase::Over => {}
            Phase::Planting => {
                if !self.must_push() {
                    out.push(Action::Pass);
                }
                if p.on_deck.is_some() {
                    out.push(Action::Push);
                }
                self.push_evokes(Moment::Planting, out);
                self.push_replays(out);
                self.push_conclave(out);
            }
            Phase::SpoilPrompt { .. } => {
                out.push(Action::Spoil);
                // Blooming Arbor (growth) and Verdant Path (a discard): `use vN`.
                self.push_vale_uses(out, |ab| {
                    ab.timing == Timing::WouldSpoil && matches!(ab.effect, Effect::DiscardOnDeck | Effect::Gain)
                });
                // Bramble Spire (a card with decay) and Aether Tree (decay but a Cursed Land's): `cancel`
                // uses the one that can act on the card (Bramble Spire if both can), `cancel cN
                // not-cursed` Aether Tree when both can (ruling MV47).
                let aether = self.aether_targets();
                let mut bramble = 0;
                if self.vale_use(Timing::WouldSpoil, Effect::CancelDecayOn).is_some() {
                    let mask = p.field_mask() | p.on_deck.map_or(0, |c| 1 << c);
                    bramble = (0..NUM_CARDS as u32)
                        .filter(|&c| mask & (1 << c) != 0 && p.stats[c as usize].decay > 0)
                        .fold(0, |m, c| m | 1 << c);
                }
                if self.names_keepers() {
                    // Revision 5: `use vV cN` names the vale (ruling MV90).
                    self.push_evokes(Moment::WouldSpoil, out);
                    let from = out.len();
                    self.push_spoil_uses(out);
                    self.push_cancels(bramble, aether, from, out);
                } else {
                    push_cards(out, aether | bramble, Action::CancelDecay);
                    self.push_evokes(Moment::WouldSpoil, out);
                    push_cards(out, aether & bramble, Action::CancelNotCursed);
                    // Peacekeeper Druid, Algeni, Conclave of Ents: `use` names the card.
                    self.push_spoil_uses(out);
                }
            }
            Phase::Look { .. } => {
                out.push(Action::Decline);
                // Wood Sprite Hoard, just bought: `use vN` discards the card shown.
                if let Some(&v) = p.vales.last() {
                    out.push(Action::UseVale(v));
                }
            }
            Phase::Hatch { first, kept } => {
                out.push(Action::Decline);
                // Hatchery's cards, and Pool of Visions' choice when it is resolved first (EN:677).
                let hatch = self.keep_targets(first, kept);
                let pool = if self.ordered() { self.pool_targets(kept) } else { 0 };
                if self.names_keepers() {
                    self.push_keeps(hatch, pool, out);
                } else {
                    push_cards(out, hatch | pool, Action::Keep);
                }
            }
            Phase::Order { pending, .. } => {
                for s in Slot::ALL {
                    if pending & (1 << s as u8) != 0 {
                        out.push(Action::Resolve(s));
                    }
                }
            }
            Phase::WhenPlayed { card, slot, .. } => {
                let a = p.cards[card as usize].slots[slot as usize];
                out.push(Action::Decline);
                match self.db.hot(a).ability.effect {
                    Effect::DiscardOtherField => {
                        push_cards(out, p.field_mask() & !(1 << card), Action::Discard);
                    }
                    Effect::SearchDeckDiscard => {
                        push_cards(out, p.deck.iter().fold(0, |m, &c| m | 1 << c), Action::Discard);
                    }
                    Effect::LookTopDiscard => {
                        out.push(Action::Use { card: Held::Card(card, slot), choice: Choice::Nothing });
                    }
                    _ => {}
                }
            }
            Phase::Harvest => self.legal_harvest(out),
            Phase::Keep => {
                out.push(Action::Decline);
                let mask =
                    if self.ordered() { self.pool_targets(self.turn.fx.keep_in_field.kept) } else { p.field_mask() };
                if self.names_keepers() {
                    self.push_keeps(0, mask, out);
                } else {
                    push_cards(out, mask, Action::Keep);
                }
            }
            Phase::ChooseLeader => {
                if p.leader_offer.is_some() {
                    out.push(Action::ChooseLeader(0));
                    out.push(Action::ChooseLeader(1));
                }
            }
            Phase::Draft { .. } => self.legal_draft(out),
            Phase::Bog => {
                out.push(Action::Pass);
                if p.on_deck.is_some() {
                    out.push(Action::Push);
                }
            }
            Phase::AmuletTrade => {
                out.push(Action::Decline);
                if p.amulet.is_some() {
                    out.push(Action::Trade);
                }
            }
            Phase::DiscardEvoke => {
                out.push(Action::Decline);
                self.push_evokes(Moment::Discard, out);
            }
            Phase::NeighbourDiscard { seat, .. } => crate::effects::neighbours_discard::legal(self, seat, out),
            Phase::Sleeve => {
                if let Some(k) = self.turn.bought.iter().position(|b| b.target.is_none()) {
                    let mask = if self.db.has_eclipse || p.leader.is_some() {
                        self.sleeve_targets(k)
                    } else {
                        // Without eclipse advancements or leaders: any card with the slot free.
                        // A plain loop: the iterator's fold was a call of its own at every sleeving.
                        let slot = self.db.hot(self.turn.bought[k].adv).slot as usize;
                        let mut mask = 0u32;
                        for &c in p.field.iter() {
                            mask |= u32::from(p.cards[c as usize].slots[slot] == EMPTY) << c;
                        }
                        mask
                    };
                    push_cards(out, mask, Action::Sleeve);
                }
            }
        }
        if !self.names_sources() {
            self.old_forms(out);
        }
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "legal actions sorted");
    }

    /// Applies a legal action.
    pub(crate) fn apply<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        self.moves += 1;
        // Rules revisions 1-4: a card-named action uses the card the rules of the time chose.
        let action = if self.names_keepers() || !action.card_named() {
            action
        } else {
            self.legacy_use(action).unwrap_or(action)
        };
        if self.turn.open != 0 && matches!(self.phase, Phase::Harvest) {
            // Rules revision 3: `use` resolves its abilities; what was spent must have been gained.
            self.before_harvest_action(action);
        }
        // The most frequent actions here (`apply_other` has no arm for them), the others there.
        match (self.phase, action) {
            // The Harvest Phase begins: Canopy Explorers resolved in its bookkeeping are told after it.
            (Phase::Planting, Action::Pass) => {
                self.begin_harvest(ev);
                self.tell_joined(ev);
            }
            (Phase::Planting, Action::Push) => {
                self.turn.fx.amulets.pushed = true;
                self.play_on_deck(false, ev);
            }
            (Phase::Harvest, Action::Buy(s)) => self.buy(s, EMPTY, ev),
            (Phase::Harvest, Action::Done) => self.end_harvest(ev),
            (Phase::Sleeve, Action::Sleeve(c)) => {
                if let Some(k) = self.turn.bought.iter().position(|b| b.target.is_none()) {
                    let b = self.turn.bought.remove(k);
                    self.sleeve(b.adv, c, ev);
                }
                self.sleeve_or_discard(ev);
            }
            _ => self.apply_other(action, ev),
        }
    }

    /// Applies a legal action other than the most frequent ones of [`apply`](MysticVale::apply). In the
    /// Harvest Phase (rules revision 2), an action that may change the field (a card leaving, joining or
    /// moving, an advancement sleeved, a guardian added) first records each card's gains
    /// (`Turn::best`), which the recounts keep at their best from then on (ruling MV83).
    #[inline(never)]
    fn apply_other<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let changes = self.changes_field(action);
        if changes && !self.turn.banking {
            self.begin_banking(None);
        }
        let before = (changes && self.decisions()).then(|| self.content());
        self.apply_rest(action, ev);
        if let Some(before) = before
            && matches!(self.phase, Phase::Harvest)
        {
            if self.options.rules >= crate::effects::deck_to_field::HUNT_RULES && self.hunt_tracked() {
                // Rules revision 8 (MV91): cards that joined or left the field, an advancement that moved:
                // the units waiting now (unless nothing in the field can wait: `hunt_still`).
                self.hunt_after_change(&before.0);
            }
            // Revision 3: an advancement sleeved or moved onto a card brings new abilities (MV87).
            self.reopen_changed(&before);
        }
        self.tell_joined(ev);
    }

    /// Rules revision 8 (MV91), after an action that may have changed the field: the moved fills and
    /// Canopy Explorers keep their resolution ([`hunt_moved`](MysticVale::hunt_moved)) and the waiting units
    /// are found again ([`hunt_refresh`](MysticVale::hunt_refresh)), unless [`hunt_still`](MysticVale::hunt_still)
    /// shows that both would leave the state as it is. `before`: the sleeves before the action.
    fn hunt_after_change(&mut self, before: &[crate::state::Sleeve; NUM_CARDS]) {
        let p = self.cur();
        if self.hunt_still(p.field.iter().fold(0, |e, &c| e | p.stats[c as usize].effects), false) {
            #[cfg(debug_assertions)]
            {
                let kept = self.turn.fx.deck_to_field;
                self.hunt_moved(before);
                self.hunt_refresh();
                let full = std::mem::replace(&mut self.turn.fx.deck_to_field, kept);
                debug_assert_eq!(full, kept, "hunt_still: the field's units after a change");
            }
            return;
        }
        self.hunt_moved(before);
        self.hunt_refresh();
    }

    /// Rules revision 8 (MV91), the fast path of Call of the Hunt's bookkeeping: whether refreshing the
    /// units (and, as the Harvest begins with `explored`, marking the Canopy Explorers resolved, or after
    /// a change, carrying a moved unit's resolution) would leave `turn.fx.deck_to_field` as it is, knowing
    /// `effects`, the union of the field cards' effects. The units come only from field cards with a fill
    /// or deck-to-field ability, so with none in the field, none waiting already and (as the Harvest
    /// begins with `explored`) none marked explored, there is nothing to do. The reference computation
    /// is the full one, compared in a debug assertion at each use.
    #[inline]
    pub(super) fn hunt_still(&self, effects: u32, explored: bool) -> bool {
        const HUNT_EFFECTS: u32 = Effect::FillField.bit() | Effect::DeckToField.bit();
        let fx = &self.turn.fx.deck_to_field;
        // Rules revision 9: a used on-deck card's unit waiting is refreshed too (Dione's card may leave).
        effects & HUNT_EFFECTS == 0 && fx.waiting() == 0 && fx.used_waiting() == 0 && (!explored || fx.explored == 0)
    }

    /// Whether `action`, in the Harvest Phase (rules revision 2 on), may change the field: a card
    /// leaving, joining or moving, an advancement sleeved, a guardian added.
    #[inline(always)]
    pub(crate) fn changes_field(&self, action: Action) -> bool {
        matches!(self.phase, Phase::Harvest)
            && self.ordered()
            && match action {
                Action::Evoke
                | Action::EvokeOn(_)
                | Action::EvokeBought(..)
                | Action::Portal(..)
                | Action::Use { card: Held::Vale(_), choice: Choice::Card(_) }
                | Action::Discard(_)
                | Action::AbilityGraft(..)
                | Action::AbilityCard(_)
                | Action::AbilityCommon(..)
                | Action::AbilitySoil(..)
                | Action::AbilityPick(_)
                | Action::AbilitySpirit(_)
                | Action::AbilityTake(_) => true,
                // Rules revision 8 (MV91): a fill or Canopy Explorer resolved by the player.
                Action::Use { card: Held::Card(c, at), choice: Choice::Nothing } => self.hunt_unit(c, at).is_some(),
                // Rules revision 9: a used on-deck card's (Dione's upgraded side).
                Action::UseOnDeckAbility(s, c, at) => self.hunt_used_unit(s, c, at).is_some(),
                // Silver Tree's discard. Not Old Bakarab's card going under the deck with the Workshop
                // advancements just sleeved on it, never counted (EN:1712: they are not used).
                Action::Decline => self.turn.fx.discard_on_evoke.waiting,
                _ => false,
            }
    }

    /// The first change of the field in this Harvest Phase: each card's gains are recorded
    /// (`Turn::banked`), and the recounts keep them from then on. `known`: the field's gains if the
    /// caller read them on this state (`settle_spending`).
    pub(crate) fn begin_banking(&mut self, known: Option<&crate::harvest::Parts>) {
        if self.decisions() {
            self.start_banking(known);
        } else {
            self.turn.banked = self.card_gains();
        }
        self.turn.seen = self.cur().field_mask();
        self.turn.banking = true;
    }

    fn apply_rest<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        match (self.phase, action) {
            (_, a @ (Action::Discard(_) | Action::Decline)) if self.turn.fx.discard_on_evoke.waiting => {
                self.apply_silver_tree(a, ev)
            }
            (Phase::Planting, Action::Replay(c, slot)) => self.replay(c, slot, ev),
            (Phase::Harvest, Action::Bank(c)) => {
                // Resolved before the action (`before_harvest_action`): only told.
                let told = S::ENABLED && usize::from(c) < NUM_CARDS;
                if told {
                    ev.emit(Audience::Everyone, Event::ResolvedNow(seat, self.card_ref(i, c)));
                }
            }
            (_, Action::Use { card: Held::Vale(v), choice: Choice::Card(c) })
                if self.db.hot_vale(v).ability.effect == Effect::PlusGuardian =>
            {
                self.use_plus_guardian(v, c, ev)
            }
            (Phase::Harvest, a @ (Action::AbilityPick(_) | Action::AbilitySpirit(_) | Action::Decline))
                if self.turn.fx.vale_choice.waiting.is_some() =>
            {
                self.apply_vale_choice(a);
            }
            (Phase::Harvest, a @ (Action::Claim(_) | Action::Decline)) if self.turn.fx.claim_advancement.claims > 0 => {
                self.apply_claim(a, ev);
            }
            (Phase::Bog, a @ (Action::Pass | Action::Push)) => self.apply_bog(a, ev),
            (Phase::Draft { first }, a @ (Action::TakeLeader(_) | Action::TakeAmulet(_))) => {
                self.apply_draft(first, a, ev);
            }
            (Phase::AmuletTrade, a @ (Action::Trade | Action::Decline)) => self.apply_trade(a, ev),
            (Phase::DiscardEvoke, a @ (Action::Decline | Action::EvokeOn(_))) => {
                if let Action::EvokeOn(c) = a {
                    self.evoke(Some(c), ev);
                }
                if !self.turn.fx.discard_on_evoke.waiting {
                    self.enter_discard_after_evoke(ev);
                }
            }
            (_, Action::Evoke) => {
                self.evoke(None, ev);
                if let (false, Phase::SpoilPrompt { prep }) = (self.turn.fx.discard_on_evoke.waiting, self.phase) {
                    self.check_spoil(prep, ev);
                }
            }
            (Phase::NeighbourDiscard { seat, next }, a) => {
                crate::effects::neighbours_discard::answer(self, seat, next, a, ev);
            }
            (Phase::Harvest, Action::EvokeBought(k, c)) => self.evoke_purchase(k, c, ev),
            (_, Action::EvokeOn(c)) => {
                self.evoke(Some(c), ev);
                if let (false, Phase::SpoilPrompt { prep }) = (self.turn.fx.discard_on_evoke.waiting, self.phase) {
                    self.check_spoil(prep, ev);
                }
            }
            (Phase::SpoilPrompt { prep }, a) => self.apply_spoil_prompt(prep, a, ev),
            (Phase::Look { left, depth }, Action::UseVale(_) | Action::Decline) => {
                self.apply_look(left, depth, action, ev)
            }
            (Phase::Hatch { first, kept }, Action::Use { card, choice }) => {
                self.apply_hatch(first, kept, card, choice, ev)
            }
            (Phase::Hatch { kept, .. }, Action::Decline) => {
                self.turn.fx.keep_in_field.kept = kept;
                self.enter_pool_keep(ev);
            }
            (Phase::Order { card, pending, prep }, Action::Resolve(s)) => {
                let rest = pending & !(1 << s as u8);
                if !self.start_ability(card, s as u32, rest, prep, ev) {
                    self.when_played_next(card, rest, prep, ev);
                }
            }
            (Phase::WhenPlayed { card, slot, pending, prep }, a) => {
                self.apply_when_played(card, slot, pending, prep, a, ev)
            }
            (Phase::Harvest, a) => self.apply_harvest(a, ev),
            (Phase::ChooseLeader, Action::ChooseLeader(k)) => self.choose_leader(k, ev),
            (Phase::Keep, Action::Use { choice: Choice::Card(c), .. }) if !self.ordered() => {
                self.discard_phase(Some(c), ev);
            }
            (Phase::Keep, Action::Use { choice: Choice::Card(c), .. }) => {
                self.turn.fx.keep_in_field.vale_kept = true;
                self.keep_leftmost(c);
                self.turn.fx.keep_in_field.kept += 1;
                self.discard_phase(None, ev);
            }
            (Phase::Keep, Action::Decline) => self.discard_phase(None, ev),
            _ => {}
        }
    }

    /// A vale's +1 guardian on card `c` (`plus-guardian`, Conclave of Ents, EN:1291-1299).
    fn use_plus_guardian<S: EventSink<Event>>(&mut self, v: u8, c: u8, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        // Conclave of Ents: +1 guardian on card `c` (EN:1291-1299).
        let prep = matches!(self.phase, Phase::SpoilPrompt { prep: true });
        self.turn.fx.plus_guardian.used = true;
        self.turn.fx.plus_guardian.vales_used = self.turn.fx.plus_guardian.vales_used.saturating_add(1);
        let p = &mut self.players[i];
        if self.options.rules >= 2 && p.fx.plus_guardian.first.is_some() && p.fx.plus_guardian.second.is_none() {
            // A second Conclave of Ents (each vale once a turn, EN:675).
            p.fx.plus_guardian.second = Some((c, prep));
        } else {
            p.fx.plus_guardian.first = Some((c, prep));
        }
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
        }
        match self.phase {
            Phase::SpoilPrompt { prep } => self.check_spoil(prep, ev),
            Phase::Harvest => {
                // Canopy Explorer resolved after the guardian was added (EN:462, 919).
                self.explore_more(c, 1, ev);
                self.recount();
            }
            _ => {}
        }
    }

    /// The card looked at is discarded (`mill`) or kept (`decline`), then the next one is shown.
    fn apply_look<S: EventSink<Event>>(&mut self, left: u8, depth: u8, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        let p = &mut self.players[i];
        let mut depth = depth;
        if let Some(t) = self.peek.take() {
            if action != Action::Decline {
                p.deck.retain(|&x| x != t);
                p.discard.push(t);
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, t))));
                }
            } else {
                depth += 1;
            }
        }
        self.look_next(left.saturating_sub(1), depth, ev);
    }

    /// A field card kept for the next field in the Discard Phase (`keep-in-field`).
    fn apply_hatch<S: EventSink<Event>>(&mut self, first: u8, kept: u8, card: Held, choice: Choice, ev: &mut S) {
        let i = self.current as usize;
        // Hatchery's card keeping itself, or Pool of Visions resolved before Hatchery's (EN:677).
        let c = match (card, choice) {
            (Held::Card(c, _), _) => c,
            (Held::Vale(_), Choice::Card(c)) => {
                self.turn.fx.keep_in_field.vale_kept = true;
                c
            }
            _ => return,
        };
        if self.ordered() {
            self.keep_leftmost(c);
        } else {
            // Rules revision 1: after the cards kept before.
            let p = &mut self.players[i];
            if let Some(k) = p.field.iter().position(|&x| x == c) {
                let at = usize::from(kept).min(k);
                p.field[at..=k].rotate_right(1);
            }
        }
        self.keep_next(first, kept + 1, ev);
    }

    /// The choice a "when played" ability waited for, then the card's next one.
    fn apply_when_played<S: EventSink<Event>>(
        &mut self,
        card: u8,
        slot: u8,
        pending: u8,
        prep: bool,
        a: Action,
        ev: &mut S,
    ) {
        let i = self.current as usize;
        let seat = self.seat();
        let ability = self.db.hot(self.players[i].cards[card as usize].slots[slot as usize]).ability.effect;
        match (ability, a) {
            (Effect::DiscardOtherField, Action::Discard(c)) => {
                self.players[i].discard_from_field(c);
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, c))));
                }
            }
            (Effect::SearchDeckDiscard, _) => {
                if let Action::Discard(c) = a {
                    let p = &mut self.players[i];
                    p.deck.retain(|&x| x != c);
                    p.discard.push(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, c))));
                    }
                    self.turn.fx.search_deck.searches_left = self.turn.fx.search_deck.searches_left.saturating_sub(1);
                    if self.turn.fx.search_deck.searches_left > 0 && !self.players[i].deck.is_empty() {
                        // Lifetap Oracle: another search before the one shuffle (EN:1067-1069).
                        return;
                    }
                }
                self.turn.fx.search_deck.searches_left = 0;
                self.turn.fx.deck_to_field.added = 0;
                self.rng.shuffle(&mut self.players[i].deck);
                self.players[i].shuffled();
            }
            (Effect::LookTopDiscard, Action::Use { .. }) => {
                let p = &mut self.players[i];
                if let Some(c) = p.deck.pop() {
                    p.discard.push(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, c))));
                    }
                }
            }
            _ => {}
        }
        self.peek = None;
        self.when_played_next(card, pending, prep, ev);
    }

    /// Setup with `leaders=choose`: the seat keeps leader `k` of the two dealt; the next seat chooses.
    fn choose_leader<S: EventSink<Event>>(&mut self, k: u8, ev: &mut S) {
        let i = self.current as usize;
        let p = &mut self.players[i];
        if let (Some(o), Some(l)) = (p.leader_offer.take(), &mut p.leader) {
            l.id = o[usize::from(k.min(1))];
        }
        // Only the leader's card changes: the side dealt first was counted on it at the deal.
        match p.leader {
            Some(l) => p.refresh_card(&self.db, l.card),
            None => p.refresh_all(&self.db),
        }
        let n = self.n() as u8;
        self.current = (self.current + 1) % n;
        if self.current == self.start {
            if self.players.iter().any(|p| p.amulet.is_some()) {
                self.phase = Phase::AmuletTrade;
            } else {
                self.first_turn(ev);
            }
        }
    }
}

/// What slot `k` of sleeve `s` offers a purchase (MV21): 0 empty, 1 an advancement an eclipse one may go
/// under, 2 an eclipse advancement that may be covered; `None` when full or printed.
fn slot_place(db: &crate::cards::CardDb, s: crate::state::Sleeve, k: usize) -> Option<usize> {
    let here = s.slots[k];
    if here == EMPTY {
        Some(0)
    } else if s.covered[k] == EMPTY && here != db.cursed_land && here != db.starting_soil {
        Some(if db.hot(here).eclipse { 2 } else { 1 })
    } else {
        None
    }
}

fn seat_of(i: usize) -> Seat {
    Seat(i as u8)
}

/// `buy` for each commons place, in place order (level, then position), then for each Fertile Soil
/// supply (slot order): the purchase listing's sources, bit `i` of a mask being `ALL_BUYS[i]`.
const ALL_BUYS: [Action; 12] = {
    let mut a = [Action::Pass; 12];
    let mut i = 0;
    while i < 9 {
        a[i] = Action::Buy(Source::Common(i as u8 / 3, i as u8 % 3));
        i += 1;
    }
    a[9] = Action::Buy(Source::Soil(Slot::Top));
    a[10] = Action::Buy(Source::Soil(Slot::Middle));
    a[11] = Action::Buy(Source::Soil(Slot::Bottom));
    a
};

/// Pushes `f(c)` for every card `c` in `mask`, in increasing order.
#[inline]
pub(crate) fn push_cards(out: &mut Vec<Action>, mut mask: u32, f: fn(u8) -> Action) {
    while mask != 0 {
        out.push(f(mask.trailing_zeros() as u8));
        mask &= mask - 1;
    }
}

/// The unit tests of this module, run by `tests/all/units.rs` (a `#[cfg(test)]` module would make
/// `cargo test` compile the crate a second time; CONTRIBUTING, "The default run").
#[doc(hidden)]
#[allow(missing_docs)]
pub mod selftest {
    use super::*;
    use crate::setup::{Edition, Leaders, Options};
    use sylvan_engine::{Game, GameRng, NoEvents};

    /// `sleeve_targets` (one check per kind of place) answers as `sleeve_ok` card by card, for every
    /// waiting purchase, in random games with eclipse advancements, leaders and amulets.
    pub fn sleeve_targets_match_sleeve_ok_card_by_card() {
        let sets = [
            Options { sets: "base,magic,wild".into(), leaders: Leaders::Random, ..Options::default() },
            Options { edition: Edition::Essential, ..Options::default() },
        ];
        let mut checked = 0;
        for (n, base) in sets.into_iter().enumerate() {
            for players in 2..=4 {
                let options = Options { players, ..base.clone() };
                for game in 0..40 {
                    let Ok(mut g) = MysticVale::new(&options, game) else { panic!("deal") };
                    let mut rng = GameRng::new(game + 1000 * n as u64);
                    let mut legal = Vec::new();
                    while g.to_move().is_some() {
                        if matches!(g.phase, Phase::Sleeve | Phase::Harvest) {
                            for k in 0..g.turn.bought.len() {
                                let one_by_one = g
                                    .cur()
                                    .field
                                    .iter()
                                    .fold(0u32, |m, &c| if g.sleeve_ok(k, c) { m | 1 << c } else { m });
                                assert_eq!(g.sleeve_targets(k), one_by_one, "purchase {k}, {:?}", g.turn);
                                checked += 1;
                            }
                        }
                        g.legal_actions(&mut legal);
                        let a = legal[rng.index(legal.len())];
                        g.apply_unchecked(a, &mut NoEvents);
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// `buy .. on cN` (Earthchant Chorus), listed per card and slot, are those of the check source by
    /// source and card by card (`chorus_target_ok`, then the price), in random games with a Chorus.
    pub fn buys_on_match_chorus_target_ok_one_by_one() {
        let sets = [Options::default(), Options { edition: Edition::Essential, ..Options::default() }];
        let mut checked = 0;
        let mut offered = 0;
        for (n, base) in sets.into_iter().enumerate() {
            for players in 2..=4 {
                let options = Options { players, ..base.clone() };
                for game in 0..60 {
                    let Ok(mut g) = MysticVale::new(&options, game) else { panic!("deal") };
                    let mut rng = GameRng::new(game + 1000 * n as u64);
                    let mut legal = Vec::new();
                    while g.to_move().is_some() {
                        if matches!(g.phase, Phase::Harvest) && g.turn.fx.discount_on_card.in_field {
                            let (mana, room) = (g.mana_left(), g.purchase_room());
                            let mut fast = Vec::new();
                            g.push_buys_on(mana, room, &mut fast);
                            let mut one_by_one = Vec::new();
                            let chorus = g
                                .cur()
                                .field
                                .iter()
                                .copied()
                                .filter(|&c| g.cur().stats[c as usize].has(crate::cards::Effect::DiscountOnCard));
                            let chorus: Vec<u8> =
                                chorus.collect::<std::collections::BTreeSet<u8>>().into_iter().collect();
                            for i in 0..12u8 {
                                let s = if i < 9 {
                                    Source::Common(i / 3, i % 3)
                                } else {
                                    Source::Soil(Slot::ALL[(i - 9) as usize])
                                };
                                let a = g.source_adv(s);
                                if a == EMPTY {
                                    continue;
                                }
                                for &c in &chorus {
                                    if room[g.db.hot(a).slot as usize][2]
                                        && g.chorus_target_ok(c, a)
                                        && g.buy_cost(a, c) <= mana
                                    {
                                        one_by_one.push(Action::BuyOn(s, c));
                                    }
                                }
                            }
                            assert_eq!(fast, one_by_one, "{:?}", g.turn);
                            checked += 1;
                            offered += fast.len();
                        }
                        g.legal_actions(&mut legal);
                        let a = legal[rng.index(legal.len())];
                        g.apply_unchecked(a, &mut NoEvents);
                    }
                }
            }
        }
        assert!(checked > 1_000 && offered > 1_000, "{checked} {offered}");
    }

    /// `purchase_room` (per slot and kind, without branches) answers as `purchases_fit` with one more
    /// purchase of that slot and kind, in random games with purchases waiting.
    pub fn purchase_room_matches_purchases_fit() {
        let sets = [
            Options { sets: "base,magic,wild".into(), leaders: Leaders::Random, ..Options::default() },
            Options { edition: Edition::Essential, ..Options::default() },
        ];
        let mut checked = 0;
        for (n, base) in sets.into_iter().enumerate() {
            for players in 2..=4 {
                let options = Options { players, ..base.clone() };
                for game in 0..40 {
                    let Ok(mut g) = MysticVale::new(&options, game) else { panic!("deal") };
                    let mut rng = GameRng::new(game + 1000 * n as u64);
                    let mut legal = Vec::new();
                    // An advancement of each slot and kind (regular, eclipse) in this game's card files.
                    let mut adv = [[None; 2]; 3];
                    for id in 0..=u8::MAX {
                        let h = g.db.hot(id);
                        if h.cost != u8::MAX {
                            adv[h.slot as usize][usize::from(h.eclipse)].get_or_insert(id);
                        }
                    }
                    while g.to_move().is_some() {
                        if matches!(g.phase, Phase::Harvest) {
                            let room = g.purchase_room();
                            for k in 0..3 {
                                for (j, a) in adv[k].iter().enumerate() {
                                    if let Some(a) = *a {
                                        let fits = g.purchases_fit(Some(Bought { adv: a, target: None }));
                                        assert_eq!(room[k][j], fits, "slot {k} kind {j}: {:?}", g.turn);
                                        checked += 1;
                                    }
                                }
                            }
                        }
                        g.legal_actions(&mut legal);
                        let a = legal[rng.index(legal.len())];
                        g.apply_unchecked(a, &mut NoEvents);
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// Wayfarer Portal's moves from the field's cached places are those of the card-by-card check: every
    /// visible, non-printed advancement of a field card (not the leader's) to each other such card where
    /// it fits, the purchases keeping their places; `portal_any` says whether there is one.
    pub fn portal_moves_match_the_card_by_card_check() {
        let mut moves = 0;
        let mut with_purchases = 0;
        for players in 2..=4 {
            let options =
                Options { players, sets: "base,magic,wild".into(), leaders: Leaders::Random, ..Options::default() };
            for game in 0..150 {
                let Ok(mut g) = MysticVale::new(&options, game) else { panic!("deal") };
                let mut rng = GameRng::new(game);
                let mut legal = Vec::new();
                while g.to_move().is_some() {
                    if g.phase == Phase::Harvest {
                        let (p, db) = (g.cur(), &*g.db);
                        let cards = p.field_mask() & !p.leader.map_or(0, |l| 1 << l.card);
                        let mut expected = Vec::new();
                        for a in (0..NUM_CARDS as u8).filter(|&a| cards & (1 << a) != 0) {
                            for s in Slot::ALL {
                                let adv = p.cards[a as usize].slots[s as usize];
                                if adv == EMPTY || adv == db.cursed_land || adv == db.starting_soil {
                                    continue;
                                }
                                for b in (0..NUM_CARDS as u8).filter(|&b| b != a && cards & (1 << b) != 0) {
                                    if p.cards[b as usize].fits(db, adv) && g.portal_keeps_purchases(a, s, b) {
                                        expected.push(Action::Portal(a, s, b));
                                    }
                                }
                            }
                        }
                        let mut got = Vec::new();
                        g.push_portals(&mut got);
                        assert_eq!(got, expected);
                        // The quick "is there a move" test of rules revision 7's `use` (purchases' slots last).
                        assert_eq!(g.portal_any(), !expected.is_empty(), "{:?}", g.turn);
                        moves += got.len();
                        with_purchases += usize::from(!g.turn.bought.is_empty() && !got.is_empty());
                    }
                    g.legal_actions(&mut legal);
                    let a = legal[rng.index(legal.len())];
                    g.apply_unchecked(a, &mut NoEvents);
                }
            }
        }
        assert!(moves > 1_000 && with_purchases > 100, "{moves} {with_purchases}");
    }

    /// Banking reads each card's gains apart (`card_gains`): in random games of every set, at every
    /// Harvest state, the cards' and the vales' gains add up to the field's, and where nothing was banked
    /// or gained by an action (no ordering choice was made) the fast path `harvest::totals` gives the
    /// harvest the rules count.
    pub fn card_gains_add_up_to_the_harvest() {
        let (mut states, mut plain) = (0, 0);
        for players in 2..=4 {
            let options = Options { players, edition: Edition::Essential, ..Options::default() };
            for game in 0..25 {
                let Ok(mut g) = MysticVale::new(&options, game) else { panic!("deal") };
                let mut rng = GameRng::new(game + 77);
                let mut legal = Vec::new();
                let mut last: Vec<Action> = Vec::new();
                while g.to_move().is_some() {
                    if g.phase == Phase::Harvest && g.turn.fx.vale_choice.waiting.is_none() {
                        let parts = g.card_gains();
                        let h = g.harvest_cards();
                        let (all, _, _) = harvest::gains(&h, &g.cur().field, g.usable_vales(), None);
                        let sum = |f: fn(&harvest::Totals) -> u32| parts.iter().map(f).sum::<u32>();
                        assert_eq!(sum(|t| u32::from(t.mana)), u32::from(all.mana), "{:?}", g.cur().field);
                        assert_eq!(sum(|t| u32::from(t.vp)), u32::from(all.vp));
                        assert_eq!(sum(|t| u32::from(t.box_vp)), u32::from(all.box_vp));
                        for k in 0..4 {
                            let spirits: u32 = parts.iter().map(|t| u32::from(t.spirits[k])).sum();
                            assert_eq!(spirits, u32::from(all.spirits[k]));
                        }
                        let factor = parts.iter().map(|t| u32::from(t.mana_factor.max(1))).product::<u32>();
                        assert_eq!(factor.min(250), u32::from(all.mana_factor.max(1)));
                        states += 1;
                        let t = &g.turn;
                        // (Not while Old Bakarab's Workshop sleeves onto a card that leaves unused.)
                        if t.ability_open.is_none()
                            && (!t.banking || t.banked == parts)
                            && t.gained == harvest::Totals::default()
                            && t.fx.convert_to_wild.converted == [0; 3]
                        {
                            let fast = harvest::totals(&h, &g.cur().field, g.usable_vales());
                            assert_eq!(
                                (fast.mana, fast.spirits),
                                (t.mana_total, t.spirits),
                                "after {:?}: {:?}",
                                last,
                                t
                            );
                            assert_eq!((fast.vp, fast.box_vp), (t.vp_total, t.box_vp_total));
                            plain += 1;
                        }
                    }
                    g.legal_actions(&mut legal);
                    let a = legal[rng.index(legal.len())];
                    last.push(a);
                    if last.len() > 6 {
                        last.remove(0);
                    }
                    g.apply_unchecked(a, &mut NoEvents);
                }
            }
        }
        assert!(states > 5_000 && plain > 1_000, "{states} {plain}");
    }

    /// `Pile::append` (a copy of fixed size) gives the cards of `extend_from_slice`, for every pair of
    /// lengths that fit in 20, with stale cards beyond both lengths (left by `pop`).
    pub fn pile_append_matches_extend_from_slice() {
        use crate::state::Pile;
        let full: Vec<u8> = (0..NUM_CARDS as u8).collect();
        for a in 0..=NUM_CARDS {
            for b in 0..=NUM_CARDS - a {
                let mut x = Pile::from_slice(&full);
                x.truncate(a);
                let mut y = Pile::from_slice(&full.iter().rev().copied().collect::<Vec<u8>>());
                while y.len() > b {
                    y.pop();
                }
                let mut want = x;
                want.extend_from_slice(&y);
                x.append(&y);
                assert_eq!(x, want, "{a} + {b} cards");
                assert_eq!(x.len(), a + b);
            }
        }
    }
}
