//! The four phases of a turn (Planting, Harvest, Discard, Prep), spoiling, and the abilities of every
//! set at their timings (effects as data; the unique ones in `effects/`; the Mana Storm abilities not
//! yet played are listed in ruling MV60). Legal actions and their effects.

use sylvan_engine::{Audience, EventSink, Seat, SeatSet};

use crate::actions::{Action, Source};
use crate::amulets::Moment;
use crate::cards::{Count, Effect, Reward, Slot, Spirit, Timing};
use crate::events::Event;
use crate::harvest;
use crate::state::{Bought, EMPTY, MysticVale, NUM_CARDS, Phase};

/// A round cap that ends the game if the pool never empties (ruling MV14); never reached in practice.
pub const MAX_ROUNDS: u16 = 120;

/// "When played" ability places on a player's cards: one per slot of each of the 20 sleeves.
const WHEN_PLAYED_PLACES: usize = 3 * NUM_CARDS;

/// Most actions in one turn (Planting to Prep Phase), not counting Blooming Arbor and Aether Tree uses
/// (each removes a vale from the game, so they are bounded per game, see [`crate::MysticVale`]'s
/// `max_game_length`).
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
/// - *The rest.* `pass` 1; `spoil` 2 (Planting and Prep Phase); Peacekeeper Druid 1 (MV8); Conclave of
///   Ents 1 (MV9); harvest: token 1 plus 2 more after vales that turn it face up, Sunstone Aerie 1,
///   vales 2, advancements at most 3, `done` 1, Wood Sprite Hoard's looks 3 per vale bought (6);
///   `sleeve` one per advancement bought, at most 3; Hatchery's `keep` at most `N - 1` and one
///   `decline`. A spoil prompt is left only by one of these actions or by Blooming Arbor or Aether
///   Tree, so prompts add nothing else.
///
/// Total: `(20 + W) + 4W + 2W(N - 2) + 1 + 2 + 1 + 1 + 10 + 6 + 3 + N` = `44 + N + 5W + 2W(N - 2)`.
pub const MAX_ACTIONS_PER_TURN: usize =
    44 + NUM_CARDS + 5 * WHEN_PLAYED_PLACES + 2 * WHEN_PLAYED_PLACES * (NUM_CARDS - 2);

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

    /// The vales the active player owned before this turn (their abilities are usable, EN:518).
    pub(crate) fn usable_vales(&self) -> &[u8] {
        let p = self.cur();
        let new = usize::from(self.turn.vales_bought) + usize::from(self.turn.vales_taken);
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

    /// A vale that may stop a spoil by giving growth (and leaving the game).
    fn growth_vale(&self) -> Option<usize> {
        self.vale_use(Timing::WouldSpoil, Effect::Gain)
    }

    /// Whether a Conclave of Ents unused this turn is usable: each vale once a turn (EN:675); rules
    /// revision 1 allowed one use whatever the number of vales.
    fn conclave_usable(&self) -> bool {
        if !self.ordered() {
            return !self.turn.conclave_used && self.vale_use(Timing::AnyTime, Effect::PlusGuardian).is_some();
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
        owned > usize::from(self.turn.conclaves_used)
    }

    fn druid_usable(&self) -> bool {
        self.druid_card().is_some()
    }

    /// The first field card whose "about to spoil" discard (Peacekeeper Druid, Algeni) is unused this
    /// turn: each card's ability once (EN:675; Moss Troll's is an "on spoil" ability, EN:1101-1107).
    fn druid_card(&self) -> Option<u8> {
        let p = self.cur();
        if p.druid_used != 0 && !self.ordered() {
            // Rules revision 1: once a turn for all such cards.
            return None;
        }
        p.field.iter().copied().find(|&c| {
            p.druid_used & (1 << c) == 0
                && p.stats[c as usize].has(Effect::DiscardOnDeck)
                && self.card_ability(c, Timing::WouldSpoil, Effect::DiscardOnDeck).is_some()
        })
    }

    /// Starts the active player's turn.
    pub(crate) fn begin_turn<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.turn.mana_total = 0;
        self.turn.mana_spent = 0;
        self.turn.spirits = [0; 4];
        self.turn.spirit_spent = [0; 4];
        self.turn.vp_total = 0;
        self.turn.box_vp_total = 0;
        self.turn.upgraded = false;
        self.turn.extra_turn = false;
        self.turn.gained = harvest::Totals::default();
        self.turn.free_level = None;
        self.turn.portal_used = false;
        self.turn.token_used = false;
        self.turn.converted = [0; 3];
        self.turn.converters_used = 0;
        self.turn.conclave_used = false;
        self.turn.conclaves_used = 0;
        if self.turn.banking {
            self.turn.banked = [harvest::Totals::default(); NUM_CARDS + 1];
            self.turn.banking = false;
        }
        self.turn.open = 0;
        self.turn.variable = 0;
        self.turn.vp_now = 0;
        self.turn.sleeved_now = 0;
        self.turn.pool_kept = false;
        self.turn.bought.clear();
        self.turn.vales_bought = 0;
        self.turn.vales_taken = 0;
        self.turn.mana_extra = 0;
        self.turn.mana_factor = 1;
        self.turn.searches_left = 0;
        self.turn.added = 0;
        self.turn.usable = self.usable_mask();
        self.turn.chorus = false;
        self.turn.places = [[0; 3]; 3];
        self.turn.when_played_used = 0;
        self.turn.ability_used = 0;
        self.turn.ability_open = None;
        self.turn.ability_state = 0;
        self.turn.guardian_plus = None;
        self.turn.copy = None;
        self.turn.graft = None;
        // Cyrilla's boost lasts until the end of its owner's turn.
        let db = self.db.clone();
        for p in self.players.iter_mut().filter(|p| p.boost.is_some()) {
            p.set_boost(&db, None);
        }
        self.turn.ability_buys = (0, 0);
        self.turn.spoiled = false;
        self.turn.evoked = false;
        self.turn.pushed = false;
        self.turn.claims = 0;
        self.turn.claimed = 0;
        self.turn.replayed = false;
        self.turn.silver_tree = false;
        self.turn.last_prep = false;
        self.turn.turn_back = false;
        self.players[self.current as usize].ember = None;
        let seat = self.seat();
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::TurnStart(seat));
        }
        let p = &mut self.players[self.current as usize];
        p.druid_used = p.druid_prep;
        p.druid_prep = 0;
        if p.skip_next {
            // Spoiled in the Prep Phase: straight to the Discard Phase.
            p.skip_next = false;
            self.turn.spoiled = true;
            self.end_planting();
            self.enter_discard(ev);
        } else {
            self.phase = Phase::Planting;
            // A neighbour's leader may have made this player reveal outside its Planting Phase (GinGan):
            // 4 or more decay showing as the Planting Phase begins spoil (EN:448, ruling MV55).
            let i = self.current as usize;
            if std::mem::take(&mut self.players[i].revealed_outside) && self.net_decay(i) >= 4 {
                self.check_spoil(false, ev);
            }
        }
    }

    fn end_planting(&mut self) {
        let p = &mut self.players[self.current as usize];
        // A Prep-phase Conclave lasts through the next Planting Phase only.
        if matches!(p.conclave, Some((_, true))) {
            p.conclave = None;
        }
        if matches!(p.conclave2, Some((_, true))) {
            p.conclave2 = None;
        }
    }

    /// Reveals a new on-deck card, reshuffling the discard pile when the deck is empty.
    pub(crate) fn reveal<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        if self.players[i].deck.is_empty() {
            self.reshuffle(ev);
        }
        let c = self.players[i].reveal_top();
        if let (true, Some(c)) = (S::ENABLED, c) {
            ev.emit(Audience::Everyone, Event::Revealed(self.seat(), self.card_ref(i, c)));
        }
    }

    pub(crate) fn reshuffle<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.reshuffle_seat(self.current as usize, ev);
    }

    /// Shuffles player `i`'s discard pile into its empty deck.
    pub(crate) fn reshuffle_seat<S: EventSink<Event>>(&mut self, i: usize, ev: &mut S) {
        let p = &mut self.players[i];
        if p.discard.is_empty() {
            return;
        }
        let (deck, discard) = (&mut p.deck, &mut p.discard);
        deck.append(discard);
        discard.clear();
        self.rng.shuffle(&mut self.players[i].deck);
        self.players[i].shuffled();
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Reshuffled(seat_of(i)));
        }
    }

    /// Plays the on-deck card into the field and resolves its "when played" abilities; then reveals.
    fn play_on_deck<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        let i = self.current as usize;
        let Some(c) = self.players[i].on_deck.take() else { return };
        self.players[i].field.push(c);
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Played(self.seat(), self.card_ref(self.current as usize, c)));
        }
        if !self.players[i].stats[c as usize].acts(Timing::WhenPlayed) {
            self.after_play(prep, ev);
            return;
        }
        self.leader_when_played(c, ev);
        let sleeve = self.players[i].cards[c as usize];
        let mut pending = 0u8;
        for (slot, &a) in sleeve.slots.iter().enumerate() {
            if a != EMPTY && self.db.hot(a).ability.timing == Timing::WhenPlayed {
                pending |= 1 << slot;
            }
        }
        // Each ability once per turn (EN:675; FR:520), applied within each phase (ruling MV19): a card
        // discarded from the field and played again in the same phase brings no "when played" ability.
        let shift = 3 * u32::from(c);
        pending &= !((self.turn.when_played_used >> shift) as u8 & 0b111);
        self.turn.when_played_used |= u64::from(pending) << shift;
        self.when_played_next(c, pending, prep, ev);
    }

    /// A leader side's "when played" gain on card `c`, if it carries one (Algeni, upgraded: VP from the
    /// box per blank field card).
    pub(crate) fn leader_when_played<S: EventSink<Event>>(&mut self, c: u8, ev: &mut S) {
        let i = self.current as usize;
        if let Some(f) = crate::state::leader_face(&self.db, self.players[i].leader, c)
            && f.ability.timing == Timing::WhenPlayed
            && f.ability.effect == Effect::Gain
        {
            let ab = f.ability;
            let p = &self.players[i];
            let per = match ab.per {
                Count::BlankFieldCards => harvest::blank_cards(&p.cards, p.leader, p.field.iter().copied()),
                _ => 1,
            };
            let n = u16::from(ab.amount).saturating_mul(per.min(20) as u16);
            match ab.reward {
                Reward::BoxVp => self.players[i].vp = self.players[i].vp.saturating_add(n),
                Reward::Vp => self.gain_vp(i, n, ev),
                _ => {}
            }
        }
    }

    /// The effect of the "when played" ability of card `c` in `slot`.
    #[inline]
    fn when_played_ability(&self, c: u8, slot: u32) -> Effect {
        self.db.hot(self.cur().cards[c as usize].slots[slot as usize]).ability.effect
    }

    /// Resolves the "when played" abilities of card `c` still pending (slot bits in `pending`): one at a
    /// time, automatically while at most one is left or their order cannot change the outcome (top to
    /// bottom then), otherwise the player chooses which comes next (ruling MV6). Then reveals.
    fn when_played_next<S: EventSink<Event>>(&mut self, c: u8, mut pending: u8, prep: bool, ev: &mut S) {
        if pending == crate::effects::REPLAY {
            // Harpy Canyon's replay is over: back to the Planting Phase, nothing revealed.
            self.phase = Phase::Planting;
            return;
        }
        loop {
            if self.cur().field.len() <= 1 {
                // Deadwood Harvester / Mindful Owl with no other field card: they do nothing (EN:961).
                let mut m = pending;
                while m != 0 {
                    let s = m.trailing_zeros();
                    m &= m - 1;
                    if self.when_played_ability(c, s) == Effect::DiscardOtherField {
                        pending &= !(1 << s);
                    }
                }
            }
            if pending == 0 {
                self.after_play(prep, ev);
                return;
            }
            if pending.count_ones() >= 2 && self.order_matters(c, pending) {
                self.phase = Phase::Order { card: c, pending, prep };
                return;
            }
            let slot = pending.trailing_zeros();
            pending &= !(1 << slot);
            if self.start_ability(c, slot, pending, prep, ev) {
                return;
            }
        }
    }

    /// Whether the order of the pending "when played" abilities of card `c` can change the outcome
    /// (ruling MV6). Deadwood Harvester / Mindful Owl (D) move a field card to the discard pile; Cleansing
    /// Rain (R) and Calm Weather (W) act on the deck, reshuffling the discard pile first when it is empty.
    /// - R and W together: R's shuffle decides which card W looks at; W's discard decides what R finds.
    ///   Their order matters unless the deck and discard pile (with D's card) hold at most one card.
    /// - D with R or W: D's card reaches the deck only through a reshuffle, which R or W makes only on an
    ///   empty deck: with `k` R/W pending, the deck can be empty for one of them only if it holds fewer
    ///   than `k` cards now. Then the order matters unless nothing else is in the deck or discard pile.
    /// - Identical abilities (two D, or two R or two W from a custom card file) are interchangeable.
    fn order_matters(&self, c: u8, pending: u8) -> bool {
        let p = self.cur();
        let (mut r, mut w, mut d, mut k) = (false, false, false, 0usize);
        let mut m = pending;
        while m != 0 {
            let s = m.trailing_zeros();
            m &= m - 1;
            match self.when_played_ability(c, s) {
                Effect::SearchDeckDiscard => {
                    r = true;
                    k += 1;
                }
                Effect::LookTopDiscard => {
                    w = true;
                    k += 1;
                }
                Effect::DiscardOtherField => d = p.field.len() > 1,
                _ => {}
            }
        }
        let (deck, discard) = (p.deck.len(), p.discard.len());
        (r && w && deck + discard + usize::from(d) >= 2) || (d && k >= 1 && deck < k && deck + discard >= 1)
    }

    /// Begins the "when played" ability of card `c` in `slot` (`pending`: the card's others still to
    /// resolve). Returns whether it waits for the player's choice; if not, it had nothing to do.
    pub(crate) fn start_ability<S: EventSink<Event>>(
        &mut self,
        c: u8,
        slot: u32,
        pending: u8,
        prep: bool,
        ev: &mut S,
    ) -> bool {
        let i = self.current as usize;
        let needs_choice = match self.when_played_ability(c, slot) {
            Effect::DiscardOtherField => self.players[i].field.len() > 1,
            Effect::SearchDeckDiscard => {
                if self.players[i].deck.is_empty() {
                    self.reshuffle(ev);
                }
                // One search, or one per symbol counted (Lifetap Oracle, EN:1067).
                let ab = self.db.hot(self.players[i].cards[c as usize].slots[slot as usize]).ability;
                let n = match ab.per {
                    Count::GuardiansOnCard => {
                        let p = &self.players[i];
                        p.stats[c as usize].guardians.saturating_add(p.bonus(c))
                    }
                    _ => 1,
                };
                self.turn.searches_left = n.saturating_mul(ab.amount.max(1));
                self.turn.searches_left > 0 && !self.players[i].deck.is_empty()
            }
            Effect::RefreshToken => {
                // "May": an active token is never worse than a used one (ruling MV43).
                self.players[i].token_active = true;
                false
            }
            Effect::LookTopDiscard => {
                if self.players[i].deck.is_empty() {
                    self.reshuffle(ev);
                }
                let top = self.players[i].deck.last().copied();
                if let Some(t) = top {
                    self.peek = Some(t);
                    if S::ENABLED {
                        let me = SeatSet::only(self.seat());
                        ev.emit(
                            Audience::Only(me),
                            Event::Peeked(self.seat(), Some(self.card_ref(self.current as usize, t))),
                        );
                        ev.emit(Audience::AllBut(me), Event::Peeked(self.seat(), None));
                    }
                }
                top.is_some()
            }
            _ => false,
        };
        if needs_choice {
            self.phase = Phase::WhenPlayed { card: c, slot: slot as u8, pending, prep };
        }
        needs_choice
    }

    fn after_play<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        self.reveal(ev);
        self.check_spoil(prep, ev);
    }

    /// Step C of planting (and the Prep Phase check): spoil at 4 or more net decay.
    pub(crate) fn check_spoil<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        let net = self.net_decay(self.current as usize);
        if net >= 4
            && self.db.card_effects & Effect::CancelSpoil.bit() != 0
            && self.on_deck_has(Timing::WouldSpoil, Effect::CancelSpoil)
        {
            // The on-deck card stops its own spoil; the turn goes on (EN:1198-1202).
            if prep {
                self.continue_prep(net, ev);
            } else {
                self.phase = Phase::Planting;
            }
        } else if net >= 4 {
            if self.spoil_options() {
                self.phase = Phase::SpoilPrompt { prep };
            } else {
                self.spoil(prep, ev);
            }
        } else if prep {
            self.continue_prep(net, ev);
        } else {
            self.phase = Phase::Planting;
        }
    }

    /// An ability with this timing and effect on the active player's on-deck card, if any.
    pub(crate) fn on_deck_has(&self, timing: Timing, effect: Effect) -> bool {
        let p = self.cur();
        p.on_deck.is_some_and(|c| {
            let st = &p.stats[c as usize];
            st.has(effect) && st.acts(timing) && self.card_ability(c, timing, effect).is_some()
        })
    }

    /// The first ability of card `c` of the active player with this timing and effect.
    fn card_ability(&self, c: u8, timing: Timing, effect: Effect) -> Option<crate::cards::Ability> {
        let p = self.cur();
        crate::state::card_abilities(&self.db, p.cards[c as usize], crate::state::leader_face(&self.db, p.leader, c))
            .chain(p.boost_on(c).and_then(|b| b.ability))
            .find(|a| a.timing == timing && a.effect == effect)
    }

    fn spoil_options(&self) -> bool {
        self.evoke_window(Moment::WouldSpoil)
            || self.druid_usable()
            || self.growth_vale().is_some()
            || self.conclave_usable()
            || self.vale_use(Timing::WouldSpoil, Effect::DiscardOnDeck).is_some()
            || self.vale_use(Timing::WouldSpoil, Effect::CancelDecayOn).is_some()
            || self.aether_targets() != 0
    }

    /// Aether Tree: the field and on-deck cards it may choose (none if no usable vale).
    fn aether_targets(&self) -> u32 {
        if self.vale_use(Timing::WouldSpoil, Effect::CancelDecayCard).is_none() {
            return 0;
        }
        // "Choose a card in your field" (EN:1232): any card, also one whose only decay is a Cursed
        // Land's (nothing is then canceled); the on-deck card too (EN:1234's example).
        let p = self.cur();
        let mask = p.field_mask() | p.on_deck.map_or(0, |c| 1 << c);
        if self.ordered() {
            return mask;
        }
        // Rules revision 1: only the cards it would cancel decay on.
        let mut out = 0;
        let mut m = mask;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if crate::state::aether_cancel(&self.db, p.cards[c], &p.stats[c]) > 0 {
                out |= 1 << c;
            }
        }
        out
    }

    fn spoil<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        let i = self.current as usize;
        // An active amulet stays active with no other reward (EN:826); gains waiting for the harvest
        // this Spoil skips are lost (EN:1355, 1489).
        self.players[i].token_active = true;
        self.players[i].pending_mana = 0;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Spoiled(self.seat(), prep));
        }
        // The on-deck card that made the spoil: its "on spoil" ability (Centaur, Primal Power).
        if self.db.card_effects & Effect::ExtraTurn.bit() != 0
            && let Some(c) = self.players[i].on_deck
            && self.players[i].stats[c as usize].has(Effect::ExtraTurn)
            && let Some(ab) = self.card_ability(c, Timing::OnSpoil, Effect::ExtraTurn)
        {
            let double = if self.players[i].stats[c as usize].has(Effect::DoubleAbilityVp) { 2 } else { 1 };
            let vp = u16::from(ab.amount) * double;
            match ab.reward {
                crate::cards::Reward::BoxVp => self.players[i].vp = self.players[i].vp.saturating_add(vp),
                _ => self.gain_vp(i, vp, ev),
            }
            // At most one extra turn per round (EN:933, 1154).
            if self.players[i].extra_turn_round != self.rounds {
                self.players[i].extra_turn_round = self.rounds;
                self.turn.extra_turn = true;
            }
        }
        // Moss Troll: VP per counted symbol, then its card goes to the discard pile and another is
        // revealed; the Spoil goes on (EN:1101-1107).
        if let Some(c) = self.players[i].on_deck
            && self.players[i].stats[c as usize].has(Effect::DiscardOnDeck)
            && let Some(ab) = self.card_ability(c, Timing::OnSpoil, Effect::DiscardOnDeck)
        {
            let st = self.players[i].stats[c as usize];
            let double = if st.has(Effect::DoubleAbilityVp) { 2 } else { 1 };
            let count = u16::from(st.guardians) + u16::from(self.players[i].bonus(c));
            self.gain_vp(i, u16::from(ab.amount) * count * double, ev);
            if let Some(c) = self.players[i].discard_on_deck()
                && S::ENABLED
            {
                ev.emit(Audience::Everyone, Event::AbilityDiscard(seat_of(i), Some(self.card_ref(i, c))));
            }
            self.reveal(ev);
        }
        self.turn.spoiled = !prep;
        if prep {
            self.players[i].skip_next = true;
            self.next_player(ev);
        } else {
            self.end_planting();
            self.enter_discard(ev);
        }
    }

    /// Harvest begins: Canopy Explorer's cards join the field, then mana, spirits and VP are counted
    /// from the field, harvest abilities and vales.
    fn begin_harvest<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.end_planting();
        self.phase = Phase::Harvest;
        // Call of the Hunt fills the field first, Canopy Explorer adds to it: the most cards (MV41).
        // One walk over the field gives its effects and places; each fill is tried only when a field
        // card has it, and the walk is redone only if cards joined.
        let before = self.cur().field.len();
        let (mut effects, mut places) = self.cur().field_effects_and_places();
        if effects & Effect::FillField.bit() != 0 {
            self.fill_field();
            if self.cur().field.len() != before {
                (effects, places) = self.cur().field_effects_and_places();
            }
        }
        if effects & Effect::DeckToField.bit() != 0 {
            self.explore(ev);
        }
        let after = self.cur().field.len();
        self.turn.added = (after - before) as u8;
        if after != before {
            (effects, places) = self.cur().field_effects_and_places();
        }
        self.turn.chorus = effects & Effect::DiscountOnCard.bit() != 0;
        self.turn.sow = effects & Effect::Exchange.bit() != 0;
        if effects & Effect::Unique.bit() != 0 {
            let mut buys = (0u8, 0u8);
            self.for_each_module(|_, _, ab, m| {
                if m.extra_buys > 0 {
                    buys = (buys.0.saturating_add(m.extra_buys), buys.1.max(ab.amount));
                }
            });
            self.turn.ability_buys = buys;
        }
        // Mana earned outside the harvest for this one (Frostcrown Crest, Sundial Savanna, Wildfire Ember).
        let i = self.current as usize;
        let pending = std::mem::take(&mut self.players[i].pending_mana);
        self.turn.mana_extra = self.turn.mana_extra.saturating_add(pending);
        self.set_places(places);
        self.recount();
        if effects & Effect::Unique.bit() != 0 {
            let mut begin = None;
            self.for_each_module(|_, _, _, m| begin = begin.or(m.harvest_begin));
            if let Some(f) = begin {
                f(self);
            }
        }
        self.open_units();
    }

    /// The leader as the Harvest Phase reads it: an upgraded side counts from the next harvest (EN:854).
    pub(crate) fn harvest_leader(&self) -> Option<crate::state::LeaderCard> {
        let l = self.cur().leader?;
        Some(crate::state::LeaderCard { upgraded: l.upgraded && !self.turn.upgraded, ..l })
    }

    /// Calls `f(key, card, ability, module)` for each unique harvest ability of the active player's field,
    /// in field order: `key` is the card's number, or [`BOOST_KEY`](crate::effects::BOOST_KEY) for the
    /// ability Cyrilla gave the card.
    fn for_each_module(&self, mut f: impl FnMut(u8, u8, crate::cards::Ability, &'static crate::effects::Module)) {
        let p = self.cur();
        let leader = self.harvest_leader();
        for &c in p.field.iter() {
            // A leader's card is read from its harvest side (its cached totals may show the side it was
            // just turned to).
            if !p.stats[c as usize].has(Effect::Unique) && leader.is_none_or(|l| l.card != c) {
                continue;
            }
            let given = p.boost_on(c).and_then(|b| b.ability);
            let own = crate::state::card_abilities(
                &self.db,
                p.cards[c as usize],
                crate::state::leader_face(&self.db, leader, c),
            );
            for (key, ab) in own.map(|ab| (c, ab)).chain(given.map(|ab| (crate::effects::BOOST_KEY, ab))) {
                if ab.timing == Timing::Harvest
                    && ab.effect == Effect::Unique
                    && let Some(m) = crate::effects::module(ab.module)
                {
                    f(key, c, ab, m);
                }
            }
        }
    }

    /// The unique harvest ability (key, card, ability, module) that takes `action`: the one waiting for
    /// more choices, else the first not used yet this turn that offers it (a card choice names a card
    /// its ability offers, ruling MV81).
    #[allow(clippy::type_complexity)]
    fn module_for(&self, action: Action) -> Option<(u8, u8, crate::cards::Ability, &'static crate::effects::Module)> {
        let mut found = None;
        self.for_each_module(|k, c, ab, m| {
            let usable = match self.turn.ability_open {
                Some(o) => o == k,
                None => {
                    self.turn.ability_used & (1 << k) == 0
                        && match (action, m.cards) {
                            (Action::AbilityCard(x), Some(cards)) => cards(self, c, ab) & (1 << x) != 0,
                            _ => true,
                        }
                }
            };
            if usable && found.is_none() && m.apply.is_some() && m.choice.takes(action) {
                found = Some((k, c, ab, m));
            }
        });
        found
    }

    /// Cyrilla's upgraded side gave the boosted card another card's ability, after the Harvest Phase
    /// began: what that ability does as the harvest begins happens now (ruling MV80). Its gains and
    /// ongoing effects are counted by the recount; its choices are offered from now on.
    fn after_graft<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        let Some((c, ab)) = self.players[i].boost.and_then(|b| b.ability.map(|ab| (b.card, ab))) else { return };
        let in_field = self.players[i].field.contains(&c);
        match (ab.timing, ab.effect) {
            (Timing::Harvest, Effect::Exchange) => self.turn.sow = true,
            (Timing::Harvest, Effect::DiscountOnCard) => self.turn.chorus = true,
            (Timing::Harvest, Effect::FillField) if in_field => {
                let before = self.players[i].field.len();
                self.fill_field();
                self.turn.added = self.turn.added.saturating_add((self.players[i].field.len() - before) as u8);
            }
            (Timing::Harvest, Effect::DeckToField) if in_field => {
                let p = &self.players[i];
                let per = match ab.per {
                    Count::GuardiansOnCard => u32::from(p.stats[c as usize].guardians) + u32::from(p.bonus(c)),
                    _ => 1,
                };
                let before = p.field.len();
                self.deck_to_field(u32::from(ab.amount) * per, ev);
                self.turn.added = self.turn.added.saturating_add((self.players[i].field.len() - before) as u8);
            }
            (Timing::Harvest, Effect::Unique) if in_field => {
                if let Some(m) = crate::effects::module(ab.module) {
                    if m.extra_buys > 0 {
                        let b = self.turn.ability_buys;
                        self.turn.ability_buys = (b.0.saturating_add(m.extra_buys), b.1.max(ab.amount));
                    }
                    if let Some(f) = m.harvest_begin {
                        f(self);
                    }
                }
            }
            _ => {}
        }
        self.count_places();
        self.recount();
    }

    /// Moves `n` cards from the top of the active player's deck to the right end of the field,
    /// reshuffling the discard pile when the deck runs out.
    fn deck_to_field<S: EventSink<Event>>(&mut self, n: u32, ev: &mut S) {
        let i = self.current as usize;
        for _ in 0..n {
            if self.players[i].deck.is_empty() {
                self.reshuffle(ev);
            }
            match self.players[i].deck_to_field() {
                Some(x) => {
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Played(self.seat(), self.card_ref(i, x)));
                    }
                }
                None => break,
            }
        }
    }

    /// Canopy Explorer (EN:915-925): each field card with the ability moves `amount × count` cards from
    /// the top of the deck to the right end of the field, reshuffling the discard pile when the deck runs
    /// out. Resolved first, before anything is counted (ruling MV41); the cards it adds cannot spoil,
    /// and their own harvest abilities resolve too.
    fn explore<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        let mut done = 0u32;
        loop {
            let p = &self.players[i];
            let Some(c) =
                p.field.iter().copied().find(|&c| done & (1 << c) == 0 && p.stats[c as usize].has(Effect::DeckToField))
            else {
                return;
            };
            done |= 1 << c;
            let mut n = 0u32;
            for ab in p.cards[c as usize].advs().map(|a| self.db.hot(a).ability) {
                if ab.effect == Effect::DeckToField && ab.timing == Timing::Harvest {
                    let per = match ab.per {
                        Count::GuardiansOnCard => u32::from(p.stats[c as usize].guardians) + u32::from(p.bonus(c)),
                        _ => 1,
                    };
                    n += u32::from(ab.amount) * per;
                }
            }
            self.deck_to_field(n, ev);
        }
    }

    /// Canopy Explorer resolved after `guardians` more guardians were added to its card `c` in the
    /// Harvest Phase (EN:919: a card for each guardian on it; EN:462, 478: the player orders the
    /// Harvest): the cards those guardians take join the field now.
    pub(crate) fn explore_more<S: EventSink<Event>>(&mut self, c: u8, guardians: u32, ev: &mut S) {
        let p = self.cur();
        if self.phase != Phase::Harvest
            || !self.ordered()
            || !p.stats[c as usize].has(Effect::DeckToField)
            || !p.field.contains(&c)
        {
            return;
        }
        let n: u32 = p.cards[c as usize]
            .advs()
            .map(|a| self.db.hot(a).ability)
            .filter(|ab| {
                ab.effect == Effect::DeckToField && ab.timing == Timing::Harvest && ab.per == Count::GuardiansOnCard
            })
            .map(|ab| u32::from(ab.amount) * guardians)
            .sum();
        self.deck_to_field(n, ev);
    }

    /// A vale's "when bought" ability, right after its purchase (EN:1112, 1239).
    fn when_bought<S: EventSink<Event>>(&mut self, v: u8, ev: &mut S) {
        let i = self.current as usize;
        let ab = self.db.hot_vale(v).ability;
        if ab.timing != Timing::WhenBought {
            return;
        }
        match ab.effect {
            // "May": an active token is never worse than a used one (ruling MV43).
            Effect::RefreshToken => self.players[i].token_active = true,
            Effect::Gain => {
                let per = match ab.per {
                    Count::ValesOwned => self.players[i].vales.len() as u16,
                    _ => 1,
                };
                let n = u16::from(ab.amount).saturating_mul(per);
                match ab.reward {
                    Reward::Mana => {
                        self.turn.mana_extra = self.turn.mana_extra.saturating_add(n.min(250) as u8);
                    }
                    Reward::Vp => self.gain_vp(i, n, ev),
                    Reward::BoxVp => self.players[i].vp = self.players[i].vp.saturating_add(n),
                    _ => {}
                }
            }
            Effect::LookTopDiscard => {
                // The top cards of the deck, not the on-deck card; all of them if fewer (EN:1554-1556).
                let n = ab.amount.min(self.players[i].deck.len() as u8);
                self.look_next(n, 0, ev);
            }
            Effect::Unique => {
                if let Some(f) = crate::effects::module(ab.module).and_then(|m| m.when_bought) {
                    f(self, i);
                }
            }
            _ => {}
        }
    }

    /// Wood Sprite Hoard: shows the next card to decide on (`depth` kept above it), or ends the look.
    fn look_next<S: EventSink<Event>>(&mut self, left: u8, depth: u8, ev: &mut S) {
        let p = &self.players[self.current as usize];
        let n = p.deck.len();
        if left == 0 || usize::from(depth) >= n {
            self.peek = None;
            self.phase = Phase::Harvest;
            return;
        }
        let t = p.deck[n - 1 - usize::from(depth)];
        self.peek = Some(t);
        self.phase = Phase::Look { left, depth };
        if S::ENABLED {
            let me = SeatSet::only(self.seat());
            ev.emit(Audience::Only(me), Event::Peeked(self.seat(), Some(self.card_ref(self.current as usize, t))));
            ev.emit(Audience::AllBut(me), Event::Peeked(self.seat(), None));
        }
    }

    /// Wood Sprite Hoard: the cards looked at that are still to decide below the one shown, top first.
    pub(crate) fn looking(&self) -> Vec<u8> {
        let Phase::Look { left, depth } = self.phase else { return Vec::new() };
        let deck = &self.cur().deck;
        let n = deck.len();
        (usize::from(depth) + 1..usize::from(depth) + usize::from(left))
            .filter(|&d| d < n)
            .map(|d| deck[n - 1 - d])
            .collect()
    }

    /// Hatchery: the field cards that may still be kept (EN:1037-1043): with the ability, not the
    /// leftmost card when the Discard Phase began, not kept yet (the first `kept` cards are).
    pub(crate) fn keep_targets(&self, first: u8, kept: u8) -> u32 {
        if self.db.card_effects & Effect::KeepInField.bit() == 0 {
            return 0;
        }
        let p = self.cur();
        if p.field.iter().fold(0, |m, &c| m | p.stats[c as usize].effects) & Effect::KeepInField.bit() == 0 {
            return 0;
        }
        p.field
            .iter()
            .skip(usize::from(kept))
            .fold(0, |m, &c| if c != first && self.hatchery(c) { m | 1 << c } else { m })
    }

    /// Whether field card `c` of the active player carries Hatchery's ability (kept in the Discard Phase).
    fn hatchery(&self, c: u8) -> bool {
        self.cur().stats[c as usize].has(Effect::KeepInField)
            && self.card_ability(c, Timing::Discard, Effect::KeepInField).is_some()
    }

    fn keep_next<S: EventSink<Event>>(&mut self, first: u8, kept: u8, ev: &mut S) {
        if self.keep_targets(first, kept) == 0 {
            self.turn.kept = kept;
            self.enter_pool_keep(ev);
        } else {
            self.phase = Phase::Hatch { first, kept };
        }
    }

    /// Call of the Hunt (EN:899-907): cards from the top of the deck join the field until it holds the
    /// ability's number of cards, reshuffling the discard pile when the deck runs out. They cannot spoil and
    /// their "when played" abilities do not resolve. Resolved as the Harvest Phase begins (ruling MV25).
    fn fill_field(&mut self) {
        if self.db.card_effects & Effect::FillField.bit() == 0 {
            return;
        }
        let i = self.current as usize;
        let p = &self.players[i];
        let target = p
            .field
            .iter()
            .filter(|&&c| p.stats[c as usize].has(Effect::FillField))
            .filter_map(|&c| self.card_ability(c, Timing::Harvest, Effect::FillField))
            .map(|a| usize::from(a.amount))
            .max();
        let Some(target) = target else { return };
        while self.players[i].field.len() < target.min(NUM_CARDS) {
            if self.players[i].deck.is_empty() {
                self.reshuffle(&mut sylvan_engine::NoEvents);
            }
            let p = &mut self.players[i];
            let Some(c) = p.deck.pop() else { break };
            p.put_in_field(c);
        }
    }

    /// Counts, per slot, the field's places for purchases (ruling MV21): empty slots, slots where an
    /// eclipse advancement can go under an advancement, and eclipse advancements that can be covered.
    /// A leader's card takes no advancement (EN:836).
    pub(crate) fn count_places(&mut self) {
        let p = &self.players[self.current as usize];
        let sum: u64 = p.field.iter().map(|&c| p.stats[c as usize].places).sum();
        self.set_places(sum);
    }

    /// Sets the turn's places from the field's sum of [`CardStats::places`](crate::state::CardStats).
    fn set_places(&mut self, sum: u64) {
        self.turn.places = std::array::from_fn(|k| std::array::from_fn(|x| ((sum >> (7 * (3 * k + x))) & 0x7f) as u8));
    }

    /// Whether the purchases so far plus `extra` (an advancement, and a declared card or `EMPTY`) can
    /// all be sleeved (ruling MV21). Per slot, with `e` empty slots, `u` advancements an eclipse one can
    /// go under and `o` eclipse advancements a regular one can cover: the eclipse purchases beyond `u`
    /// and the regular ones beyond `o` must each fit in the empty slots (one of each kind per slot).
    pub(crate) fn purchases_fit(&self, extra: Option<Bought>) -> bool {
        self.purchases_fit_in(self.turn.places, extra)
    }

    /// Whether the purchases so far can all be sleeved if field card `c` becomes `sleeve`.
    pub(crate) fn purchases_fit_with(&self, c: u8, sleeve: crate::state::Sleeve) -> bool {
        if self.turn.bought.is_empty() {
            return true;
        }
        let p = self.cur();
        let st = crate::state::CardStats::of(sleeve, &self.db, crate::state::leader_face(&self.db, p.leader, c));
        let sum: u64 = p.field.iter().map(|&x| if x == c { st.places } else { p.stats[x as usize].places }).sum();
        let places = std::array::from_fn(|k| std::array::from_fn(|x| ((sum >> (7 * (3 * k + x))) & 0x7f) as u8));
        self.purchases_fit_in(places, None)
    }

    /// For each slot: whether one more purchase fits, a regular one (`[k][0]`), an eclipse one (`[k][1]`),
    /// one declared for a card (`[k][2]`, only with an Earthchant Chorus in the field), given this turn's
    /// purchases (as [`purchases_fit`] one by one).
    fn purchase_room(&self) -> [[bool; 3]; 3] {
        if self.turn.bought.is_empty() {
            // Nothing waits: one purchase fits where its slot has an empty place or its kind of place.
            return self.turn.places.map(|[e, u, o]| [e > 0 || o > 0, e > 0 || u > 0, self.turn.chorus && e > 0]);
        }
        let mut demand = [[0u8; 2]; 3];
        let mut declared = [0u8; 3];
        for b in &self.turn.bought {
            let h = self.db.hot_ref(b.adv);
            if b.target.is_none() {
                demand[h.slot as usize][usize::from(h.eclipse)] += 1;
            } else {
                declared[h.slot as usize] += 1;
            }
        }
        let mut room = [[false; 3]; 3];
        for k in 0..3 {
            let [e, u, o] = self.turn.places[k];
            let [d0, d1] = demand[k];
            let decl = declared[k];
            let fit = |d0: u8, d1: u8, decl: u8| {
                let e = e.saturating_sub(decl);
                decl <= self.turn.places[k][0] && d1.saturating_sub(u) <= e && d0.saturating_sub(o) <= e
            };
            // A purchase declared for a card needs an Earthchant Chorus in the field.
            room[k] = [fit(d0 + 1, d1, decl), fit(d0, d1 + 1, decl), self.turn.chorus && fit(d0, d1, decl + 1)];
        }
        room
    }

    /// Whether this turn's purchases still fit once field card `c` leaves the field (Deepriver Crystal).
    pub(crate) fn purchases_fit_without(&self, c: u8) -> bool {
        if self.turn.bought.is_empty() {
            return true;
        }
        let p = self.cur();
        let sum: u64 = p.field.iter().filter(|&&x| x != c).map(|&x| p.stats[x as usize].places).sum();
        let places = std::array::from_fn(|k| std::array::from_fn(|x| ((sum >> (7 * (3 * k + x))) & 0x7f) as u8));
        !self.turn.bought.iter().any(|b| b.target == Some(c)) && self.purchases_fit_in(places, None)
    }

    fn purchases_fit_in(&self, places: [[u8; 3]; 3], extra: Option<Bought>) -> bool {
        let mut demand = [[0u8; 2]; 3];
        let mut declared = [0u8; 3];
        for b in self.turn.bought.iter().copied().chain(extra) {
            let h = self.db.hot(b.adv);
            if b.target.is_none() {
                demand[h.slot as usize][usize::from(h.eclipse)] += 1;
            } else {
                declared[h.slot as usize] += 1;
            }
        }
        (0..3).all(|k| {
            let [e, u, o] = places[k];
            let e = e.saturating_sub(declared[k]);
            demand[k][1].saturating_sub(u) <= e && demand[k][0].saturating_sub(o) <= e
        })
    }

    /// The active player's cards as this Harvest Phase reads them.
    pub(crate) fn harvest_cards(&self) -> harvest::Cards<'_> {
        let p = &self.players[self.current as usize];
        harvest::Cards {
            db: &self.db,
            cards: &p.cards,
            stats: &p.stats,
            // An upgraded side counts from the next harvest (EN:854).
            leader: self.harvest_leader(),
            bonus: p.bonuses(),
            copy: self.turn.copy,
            graft: p.boost.and_then(|b| b.ability.map(|ab| (b.card, ab))),
            added: self.turn.added,
            table: Some((self, self.current as usize)),
        }
    }

    /// The gains of each field card of the active player now (index [`NUM_CARDS`]: the vales').
    pub(crate) fn card_gains(&self) -> harvest::Parts {
        let mut out = [harvest::Totals::default(); NUM_CARDS + 1];
        harvest::gains(&self.harvest_cards(), &self.cur().field, self.usable_vales(), Some(&mut out));
        out
    }

    /// Recounts the harvest totals (after a change of the field, e.g. Conclave of Ents adding a
    /// guardian), then Ley Line Overflow doubles the total mana and Grassland takes its part (EN:1049-1055,
    /// ruling MV42).
    ///
    /// Rules revision 2 (MV83): each card's gains (and the vales') are kept at the most they gave in
    /// this Harvest Phase (`Turn::best`), as if each ability had been resolved when it gave the most, its
    /// gain then kept (EN:462, 478, 695): a card that leaves, or whose count drops when another card
    /// joins or moves, keeps what it gave. The gains of actions (`gain_now`) are added, then doubled.
    pub(crate) fn recount(&mut self) {
        let p = &self.players[self.current as usize];
        let h = self.harvest_cards();
        let g = self.turn.gained;
        if !self.ordered() {
            // Rules revision 1: the field's gains as counted now; the gains of actions not doubled.
            let (t, minus, late) = harvest::gains(&h, &p.field, self.usable_vales(), None);
            let factor = t.mana_factor.max(1);
            self.turn.mana_total = harvest::finish_mana(&h, t.mana, late, factor, minus).saturating_add(g.mana);
            self.set_totals(&t, factor);
            return;
        }
        if !self.turn.banking {
            // Nothing changed the field yet: the field's gains as counted now (the fast path).
            let (t, minus, _) = harvest::gains(&h, &p.field, self.usable_vales(), None);
            let factor = t.mana_factor.max(1);
            self.turn.mana_total = harvest::overflow(u32::from(t.mana) + u32::from(g.mana), factor, minus);
            self.set_totals(&t, factor);
            return;
        }
        let mut parts = [harvest::Totals::default(); NUM_CARDS + 1];
        let (_, minus, _) = harvest::gains(&h, &p.field, self.usable_vales(), Some(&mut parts));
        // The parts banked (a card that left the field keeps them): the cards in the field since the
        // change, and the vales'.
        let field = p.field_mask();
        let new = field & !self.turn.seen;
        self.turn.seen |= field | crate::decisions::VALES_BIT;
        let decisions = self.decisions();
        if decisions && new != 0 {
            // Revision 3: a card that joined is a new unit, open if its gain can change.
            let var = self.variable_units(new);
            self.turn.variable |= var;
            self.turn.open |= var;
        }
        let (open, variable) = (self.turn.open, self.turn.variable);
        let mut t = harvest::Totals::default();
        let mut factor = 1u32;
        let (mut mana, mut spirits, mut vp, mut box_vp) = (0u32, [0u32; 4], 0u32, 0u32);
        let mut m = self.turn.seen;
        while m != 0 {
            let k = m.trailing_zeros() as usize;
            m &= m - 1;
            let best = if decisions && variable & (1 << k) != 0 {
                // Revision 3, a unit whose gain can change: once resolved, what it banked; open, what
                // it gives now (or what it banked before new abilities reopened it).
                let mut b = self.turn.banked[k];
                if open & (1 << k) != 0 {
                    b.keep_max(&parts[k]);
                }
                b
            } else {
                // Each part kept at the most it gave: revision 2's reading, and revision 3's for a
                // unit whose gain cannot change but by new content (an advancement sleeved on it).
                let b = &mut self.turn.banked[k];
                b.keep_max(&parts[k]);
                *b
            };
            mana += u32::from(best.mana);
            for x in 0..4 {
                spirits[x] += u32::from(best.spirits[x]);
            }
            vp += u32::from(best.vp);
            box_vp += u32::from(best.box_vp);
            factor = (factor * u32::from(best.mana_factor.max(1))).min(250);
        }
        t.mana = mana.min(250) as u8;
        t.spirits = spirits.map(|x| x.min(250) as u8);
        t.vp = vp.min(u32::from(u16::MAX)) as u16;
        t.box_vp = box_vp.min(u32::from(u16::MAX)) as u16;
        t.mana_factor = factor as u8;
        let factor = t.mana_factor.max(1);
        self.turn.mana_total = harvest::overflow(u32::from(t.mana) + u32::from(g.mana), factor, minus);
        self.set_totals(&t, factor);
    }

    /// Sets the turn's spirits and VP from the field's `t` and the gains of actions, and Ley Line
    /// Overflow's `factor`; then Sunstone Aerie's conversions.
    fn set_totals(&mut self, t: &harvest::Totals, factor: u8) {
        let g = self.turn.gained;
        for k in 0..4 {
            self.turn.spirits[k] = t.spirits[k].saturating_add(g.spirits[k]);
        }
        self.turn.vp_total = t.vp.saturating_add(g.vp);
        self.turn.box_vp_total = t.box_vp.saturating_add(g.box_vp);
        self.turn.mana_factor = factor;
        for (k, &n) in self.turn.converted.iter().enumerate() {
            self.turn.spirits[k] = self.turn.spirits[k].saturating_sub(n);
            self.turn.spirits[3] = self.turn.spirits[3].saturating_add(n);
        }
    }

    /// Mana left to spend.
    pub fn mana_left(&self) -> u8 {
        self.turn.mana_left()
    }

    /// Spirits left to spend (animal, forest, sky, wild), after Sunstone Aerie.
    pub fn spirits_left(&self) -> [u8; 4] {
        let mut s = [0; 4];
        for k in 0..4 {
            s[k] = self.turn.spirits[k].saturating_sub(self.turn.spirit_spent[k]);
        }
        s
    }

    /// Advancement buys used this Harvest Phase: purchases waiting and the leader's upgrade (EN:852), not
    /// the claims (EN:1116).
    pub(crate) fn buys_made(&self) -> usize {
        (self.turn.bought.len() + usize::from(self.turn.sleeved_now) + usize::from(self.turn.upgraded))
            .saturating_sub(usize::from(self.turn.claimed))
    }

    /// Advancement purchases allowed this Harvest Phase: two, or more with a vale (EN:524, 1480).
    pub(crate) fn buy_limit(&self) -> usize {
        2 + usize::from(self.turn.extra_buys) + usize::from(self.turn.ability_buys.0)
    }

    /// The cost of vale `v` paid from `avail`, with `any` paying the "any" part; `None` if unpayable.
    pub fn vale_payment(cost: [u8; 4], avail: [u8; 4], any: Option<Spirit>) -> Option<[u8; 4]> {
        let mut pay = [0u8; 4];
        let mut left = avail;
        for k in 0..3 {
            let own = cost[k].min(left[k]);
            pay[k] += own;
            left[k] -= own;
            let rest = cost[k] - own;
            if rest > left[3] {
                return None;
            }
            pay[3] += rest;
            left[3] -= rest;
        }
        if cost[3] > 0 {
            let k = any? as usize;
            if left[k] < cost[3] {
                return None;
            }
            pay[k] += cost[3];
        } else if any.is_some() {
            return None;
        }
        Some(pay)
    }

    pub(crate) fn source_adv(&self, s: Source) -> u8 {
        match s {
            Source::Common(l, k) => self.commons[l as usize][k as usize],
            Source::Soil(slot) => {
                if self.soil[slot as usize] > 0 {
                    self.db.soil[slot as usize]
                } else {
                    EMPTY
                }
            }
        }
    }

    fn chorus_target_ok(&self, c: u8, adv: u8) -> bool {
        let p = self.cur();
        let s = p.cards[c as usize];
        let slot = self.db.hot(adv).slot;
        let reserved = self.turn.bought.iter().filter(|b| b.target == Some(c)).count();
        let free = s.free_slots();
        p.stats[c as usize].has(Effect::DiscountOnCard)
            && (1..=2).contains(&free)
            && s.slots[slot as usize] == EMPTY
            && !self.turn.bought.iter().any(|b| b.target == Some(c) && self.db.hot(b.adv).slot == slot)
            && reserved < free
            // The other purchases must still fit elsewhere.
            && self.purchases_fit(Some(Bought { adv, target: Some(c) }))
    }

    fn chorus_discount(&self, c: u8) -> u8 {
        self.card_ability(c, Timing::Harvest, Effect::DiscountOnCard).map_or(0, |ab| ab.amount)
    }

    /// Whether the `k`-th purchase may be sleeved on field card `c` now: it fits there (never on a
    /// leader's card), and the purchases left still fit afterwards (ruling MV21). The reference for
    /// [`sleeve_targets`](MysticVale::sleeve_targets), which the rules use.
    pub(crate) fn sleeve_ok(&self, k: usize, c: u8) -> bool {
        let p = self.cur();
        let Some(b) = self.turn.bought.get(k) else { return false };
        let s = p.cards[c as usize];
        if p.leader.is_some_and(|l| l.card == c) || !s.fits(&self.db, b.adv) {
            return false;
        }
        let h = self.db.hot(b.adv);
        let slot = h.slot as usize;
        let mut places = self.turn.places;
        let here = s.slots[slot];
        let pl = &mut places[slot];
        if here == EMPTY {
            pl[0] -= 1;
            pl[if h.eclipse { 2 } else { 1 }] += 1;
        } else if h.eclipse {
            pl[1] -= 1;
        } else {
            pl[2] -= 1;
        }
        let mut demand = [[0u8; 2]; 3];
        for (j, o) in self.turn.bought.iter().enumerate() {
            if j != k && o.target.is_none() {
                let x = self.db.hot(o.adv);
                demand[x.slot as usize][usize::from(x.eclipse)] += 1;
            }
        }
        (0..3).all(|k| {
            let [e, u, o] = places[k];
            demand[k][1].saturating_sub(u) <= e && demand[k][0].saturating_sub(o) <= e
        })
    }

    /// The field cards the `k`-th purchase may be sleeved on now (bit per card), as [`sleeve_ok`] card by
    /// card: whether the purchases left still fit depends only on what the card's slot holds (empty, an
    /// advancement to go under, an eclipse advancement to cover), so each case is checked once.
    ///
    /// [`sleeve_ok`]: MysticVale::sleeve_ok
    pub(crate) fn sleeve_targets(&self, k: usize) -> u32 {
        let p = self.cur();
        let db = &*self.db;
        let Some(b) = self.turn.bought.get(k) else { return 0 };
        let h = db.hot_ref(b.adv);
        let slot = h.slot as usize;
        let mut demand = [[0u8; 2]; 3];
        let mut others = false;
        for (j, o) in self.turn.bought.iter().enumerate() {
            if j != k && o.target.is_none() {
                let x = db.hot_ref(o.adv);
                demand[x.slot as usize][usize::from(x.eclipse)] += 1;
                others = true;
            }
        }
        // With no other purchase waiting for a card, every place this one may take will do.
        let (mut on_empty, mut on_other) = (true, true);
        if others {
            let fits = |j: usize, [e, u, o]: [u8; 3]| {
                demand[j][1].saturating_sub(u) <= e && demand[j][0].saturating_sub(o) <= e
            };
            // The other slots' places do not change.
            if !(0..3).all(|j| j == slot || fits(j, self.turn.places[j])) {
                return 0;
            }
            // Whether the others fit once the slot's places change by `delta` (empty, under, cover).
            let fits_after = |delta: [i8; 3]| {
                let mut pl = self.turn.places[slot];
                for x in 0..3 {
                    pl[x] = pl[x].wrapping_add_signed(delta[x]);
                }
                fits(slot, pl)
            };
            on_empty = fits_after(if h.eclipse { [-1, 0, 1] } else { [-1, 1, 0] });
            on_other = if h.eclipse { fits_after([0, -1, 0]) } else { fits_after([0, 0, -1]) };
            if !on_empty && !on_other {
                return 0;
            }
        }
        // A card's cached places say what its slot holds (none on a leader's card): an empty slot, or
        // the advancement this one may go under (an eclipse purchase) or cover (a regular one).
        let shift = 7 * 3 * slot;
        let other = if h.eclipse { 1 } else { 2 };
        p.field.iter().fold(0u32, |m, &c| {
            let places = p.stats[c as usize].places >> shift;
            // `&` and `|`, not `&&` and `||`: what a card's slot holds is as good as random.
            let ok = (on_empty & (places & 0x7f != 0)) | (on_other & ((places >> (7 * other)) & 0x7f != 0));
            m | u32::from(ok) << c
        })
    }

    /// Writes the legal actions, sorted (built in order: card lists come from bit masks).
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.turn.silver_tree {
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
                self.push_conclave(out);
                self.push_evokes(Moment::Planting, out);
                self.push_replays(out);
            }
            Phase::SpoilPrompt { .. } => {
                out.push(Action::Spoil);
                if self.druid_usable() {
                    out.push(Action::Druid);
                }
                if self.growth_vale().is_some() {
                    out.push(Action::Arbor);
                }
                self.push_conclave(out);
                self.push_vale_uses(out, |ab| ab.timing == Timing::WouldSpoil && ab.effect == Effect::DiscardOnDeck);
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
                push_cards(out, aether | bramble, Action::CancelDecay);
                self.push_evokes(Moment::WouldSpoil, out);
                push_cards(out, aether & bramble, Action::CancelNotCursed);
            }
            Phase::Look { .. } => {
                out.push(Action::Decline);
                out.push(Action::Mill);
            }
            Phase::Hatch { first, kept } => {
                out.push(Action::Decline);
                // Hatchery's cards, and Pool of Visions' choice when it is resolved first (EN:677).
                let hatch = self.keep_targets(first, kept);
                let pool = if self.ordered() { self.pool_targets(kept) } else { 0 };
                push_cards(out, hatch | pool, Action::Keep);
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
                    Effect::LookTopDiscard => out.push(Action::Mill),
                    _ => {}
                }
            }
            Phase::Harvest => self.legal_harvest(out),
            Phase::Keep => {
                out.push(Action::Decline);
                let mask = if self.ordered() { self.pool_targets(self.turn.kept) } else { p.field_mask() };
                push_cards(out, mask, Action::Keep);
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
                        let slot = self.db.hot(self.turn.bought[k].adv).slot as usize;
                        let free = |c: u8| p.cards[c as usize].slots[slot] == EMPTY;
                        p.field.iter().fold(0u32, |m, &c| if free(c) { m | 1 << c } else { m })
                    };
                    push_cards(out, mask, Action::Sleeve);
                }
            }
        }
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "legal actions sorted");
    }

    fn legal_harvest(&self, out: &mut Vec<Action>) {
        if let Some((v, spent)) = self.turn.vale_choice {
            // A vale's optional "when bought" ability waits (Sky Garden, Halo Mountain).
            self.legal_vale_choice(v, spent, out);
            return;
        }
        if self.turn.claims > 0 {
            // Nightvale Pathfinder's claim waits (EN:1109-1116).
            self.legal_claim(out);
            return;
        }
        if let Some(open) = self.turn.ability_open {
            // A unique ability takes several choices: its own, or `decline` to stop.
            out.push(Action::Decline);
            self.for_each_module(|k, c, ab, m| {
                if let (true, Some(f)) = (k == open, m.actions) {
                    f(self, c, ab, out);
                }
            });
            return;
        }
        let p = self.cur();
        let db = &*self.db;
        // One walk over the field: its cards and their effects.
        let (field, effects) =
            p.field.iter().fold((0u32, 0u32), |(m, e), &c| (m | 1 << c, e | p.stats[c as usize].effects));
        if p.token_active && p.amulet.is_none() {
            out.push(Action::Token);
        }
        out.push(Action::Done);
        self.push_conclave(out);
        let mana = self.mana_left();
        let left = self.spirits_left();
        if self.turn.usable & Effect::ConvertToWild.bit() != 0
            && (self.ordered() || self.turn.converted == [0; 3])
            && self.convert_vale().is_some()
        {
            for s in [Spirit::Animal, Spirit::Forest, Spirit::Sky] {
                if left[s as usize] > 0 {
                    out.push(Action::Aerie(s));
                }
            }
        }
        self.push_vales(left, out);
        let buys = self.buys_made();
        let more = buys < self.buy_limit();
        if more {
            self.push_buys(mana, buys, out);
        }
        if more
            && let Some(l) = p.leader
            && !l.upgraded
            && db.leader(l.id).upgrade_cost <= mana
            && field & (1 << l.card) != 0
        {
            out.push(Action::Upgrade);
        }
        if self.turn.sow && self.sow_card().is_some() {
            out.push(Action::Sow);
        }
        let free = self.turn.free_level.is_none();
        self.push_vale_uses(out, |ab| {
            ab.timing == Timing::Harvest
                && match ab.effect {
                    Effect::Gain => true,
                    Effect::FreeBuy => free,
                    _ => false,
                }
        });
        if !self.turn.portal_used && self.vale_use(Timing::Harvest, Effect::MoveAdvancement).is_some() {
            self.push_portals(out);
        }
        self.push_evokes(Moment::Harvest, out);
        // Actions appended to the enum after `BuyVp` and `EvokeBought` (Old Bakarab's): sorted at the end.
        let late = self.push_unique(field, effects, out);
        if self.options.buy_vp && left.iter().sum::<u8>() >= 3 {
            // Variant (EN:1829-1833): 3 spirits for 1 VP, not a vale purchase.
            out.extend(
                crate::actions::vp_payments().filter(|pay| (0..4).all(|k| pay[k] <= left[k])).map(Action::BuyVp),
            );
        }
        if p.amulet.is_some() {
            self.push_evoke_purchases(out);
        }
        if late {
            out.sort_unstable();
        }
        if self.turn.open != 0 {
            // Rules revision 3: `use` sorts last.
            self.push_uses(out);
        }
    }

    /// Pushes `vale` for every vale in the row the spirits left pay (two vale purchases a turn).
    fn push_vales(&self, left: [u8; 4], out: &mut Vec<Action>) {
        let total: u8 = left.iter().sum();
        // Sunwell Temple's vale is taken, not bought: it is not one of the two (EN:1511).
        if self.turn.vales_bought >= 2 || total == 0 {
            return;
        }
        let p = self.cur();
        let db = &*self.db;
        for (i, &v) in self.vale_row.as_flattened().iter().enumerate() {
            if v == EMPTY {
                continue;
            }
            let vale = db.hot_vale_ref(v);
            if vale.total > total {
                continue;
            }
            if vale.unique
                && p.vales.iter().any(|&o| db.hot_vale_ref(o).unique && db.hot_vale_ref(o).ability == vale.ability)
            {
                continue;
            }
            // As `vale_payment`: the fixed part first (its kind, then wild: the shortfalls of the three
            // kinds together), once for every kind paying the "any" part.
            let cost = vale.cost;
            let short: u16 = (0..3).map(|x| u16::from(cost[x].saturating_sub(left[x]))).sum();
            if short > u16::from(left[3]) {
                continue;
            }
            let mut rest = left;
            for x in 0..3 {
                rest[x] -= cost[x].min(left[x]);
            }
            rest[3] -= short as u8;
            let (l, k) = (i as u8 / 4, i as u8 % 4);
            if cost[3] == 0 {
                out.push(Action::Vale(l, k, None));
            } else {
                for s in Spirit::ALL {
                    if rest[s as usize] >= cost[3] {
                        out.push(Action::Vale(l, k, Some(s)));
                    }
                }
            }
        }
    }

    /// Pushes `buy` (and `buy .. on cN` with Earthchant Chorus) for every advancement the mana pays and
    /// whose purchase still leaves every purchase a place (ruling MV21), `buys` (fewer than the limit)
    /// being made.
    fn push_buys(&self, mana: u8, buys: usize, out: &mut Vec<Action>) {
        let db = &*self.db;
        let room = self.purchase_room();
        // As `buy_cost` with no declared card: a free level, or Nepeto's discount on the third purchase.
        let free = self.turn.free_level;
        let discount = if self.turn.ability_buys.1 > 0 && buys == 2 { self.turn.ability_buys.1 } else { 0 };
        // Without branches (whether a place pays is as good as random): `&` rather than `&&`.
        let pays = |a: u8| {
            let h = db.hot_ref(a);
            let cost = if free == Some(h.level) { 0 } else { h.cost.saturating_sub(discount) };
            (a != EMPTY) & (cost <= mana) & room[h.slot as usize][usize::from(h.eclipse)]
        };
        // Gathered in registers, then appended at once: every buy is written, the count moves past
        // those that pay.
        let mut buf = [Action::Pass; 13];
        let mut n = 0;
        for (&a, &action) in self.commons.as_flattened().iter().zip(&COMMON_BUYS) {
            buf[n] = action;
            n += usize::from(pays(a));
        }
        for s in Slot::ALL {
            buf[n] = Action::Buy(Source::Soil(s));
            n += usize::from((self.soil[s as usize] > 0) & pays(db.soil[s as usize]));
        }
        // The whole buffer (a copy of fixed size, no call to `memcpy`), then the count that pays.
        let len = out.len();
        out.extend_from_slice(&buf);
        out.truncate(len + n);
        if self.turn.chorus {
            let p = self.cur();
            let chorus = p
                .field
                .iter()
                .fold(0u32, |m, &c| if p.stats[c as usize].has(Effect::DiscountOnCard) { m | 1 << c } else { m });
            for i in 0..12u8 {
                let s = if i < 9 { Source::Common(i / 3, i % 3) } else { Source::Soil(Slot::ALL[(i - 9) as usize]) };
                let a = self.source_adv(s);
                if a == EMPTY {
                    continue;
                }
                let mut m = chorus;
                while m != 0 {
                    let c = m.trailing_zeros() as u8;
                    m &= m - 1;
                    if room[db.hot(a).slot as usize][2] && self.chorus_target_ok(c, a) && self.buy_cost(a, c) <= mana {
                        out.push(Action::BuyOn(s, c));
                    }
                }
            }
        }
    }

    /// Pushes the choices of the unique harvest abilities in the field not used yet this turn (sorted,
    /// without repeats); returns whether some come after `BuyVp` and `EvokeBought` in the action order
    /// (Old Bakarab's), so that the whole list needs sorting.
    fn push_unique(&self, field: u32, effects: u32, out: &mut Vec<Action>) -> bool {
        // A leader's card counts from its harvest side (`for_each_module`); any other card from its totals.
        // A leader's card in the field whose harvest side has a unique ability, else any unique card.
        let leader_unique = || {
            self.harvest_leader().is_some_and(|l| {
                let ab = l.face(&self.db).ability;
                field & (1 << l.card) != 0 && ab.timing == Timing::Harvest && ab.effect == Effect::Unique
            })
        };
        if effects & Effect::Unique.bit() == 0 && !leader_unique() {
            return false;
        }
        let from = out.len();
        self.for_each_module(|k, c, ab, m| {
            if let (0, Some(f)) = (self.turn.ability_used & (1 << k), m.actions) {
                f(self, c, ab, out);
            }
        });
        if !out[from..].windows(2).all(|w| w[0] < w[1]) {
            out[from..].sort_unstable();
            let mut k = from;
            for j in from..out.len() {
                if k == from || out[j] != out[k - 1] {
                    out[k] = out[j];
                    k += 1;
                }
            }
            out.truncate(k);
        }
        out[from..].iter().any(|a| matches!(a, Action::AbilityTake(_) | Action::Workshop(..)))
    }

    /// Pushes `use v` for each usable vale that leaves the game when used and whose ability `ok` accepts
    /// (one per vale title, in id order).
    fn push_vale_uses(&self, out: &mut Vec<Action>, ok: impl Fn(crate::cards::Ability) -> bool) {
        if self.turn.removable == 0 {
            return;
        }
        let mut ids: u128 = 0;
        for &v in self.usable_vales() {
            let x = self.db.hot_vale(v);
            if x.remove_self && ok(x.ability) {
                ids |= 1 << v;
            }
        }
        while ids != 0 {
            out.push(Action::UseVale(ids.trailing_zeros() as u8));
            ids &= ids - 1;
        }
    }

    /// Pushes every legal advancement move between two field cards (Wayfarer Portal, EN:1543-1549).
    fn push_portals(&self, out: &mut Vec<Action>) {
        let p = self.cur();
        let db = &*self.db;
        let cards = p.field_mask() & !p.leader.map_or(0, |l| 1 << l.card);
        // Per slot and kind of place (empty, under, cover), the field cards offering it: an advancement
        // fits where its slot is empty or holds what it may go under (eclipse) or cover (regular).
        let mut place = [[0u32; 3]; 3];
        for &c in p.field.iter() {
            let places = p.stats[c as usize].places;
            for (k, kinds) in place.iter_mut().enumerate() {
                for (x, m) in kinds.iter_mut().enumerate() {
                    if (places >> (7 * (3 * k + x))) & 0x7f != 0 {
                        *m |= 1 << c;
                    }
                }
            }
        }
        let mut m = cards;
        while m != 0 {
            let a = m.trailing_zeros() as u8;
            m &= m - 1;
            for s in Slot::ALL {
                let adv = p.cards[a as usize].slots[s as usize];
                if adv == EMPTY || adv == db.cursed_land || adv == db.starting_soil {
                    continue;
                }
                let kinds = place[s as usize];
                let fits = kinds[0] | if db.hot_ref(adv).eclipse { kinds[1] } else { kinds[2] };
                let mut n = fits & cards & !(1 << a);
                while n != 0 {
                    let b = n.trailing_zeros() as u8;
                    n &= n - 1;
                    if self.portal_keeps_purchases(a, s, b) {
                        out.push(Action::Portal(a, s, b));
                    }
                }
            }
        }
    }

    /// Whether moving card `a`'s advancement in slot `s` to card `b` leaves every purchase of this turn a
    /// place (MV21): never on or off a card declared for a purchase.
    fn portal_keeps_purchases(&self, a: u8, s: Slot, b: u8) -> bool {
        if self.turn.bought.is_empty() {
            return true;
        }
        if self.turn.bought.iter().any(|x| x.target == Some(a) || x.target == Some(b)) {
            return false;
        }
        let db = &*self.db;
        let p = self.cur();
        let (old_a, old_b) = (p.cards[a as usize], p.cards[b as usize]);
        let (mut new_a, mut new_b) = (old_a, old_b);
        let k = s as usize;
        let adv = new_a.slots[k];
        new_a.slots[k] = new_a.covered[k];
        new_a.covered[k] = EMPTY;
        new_b.put(db, adv);
        let mut places = self.turn.places;
        for k in 0..3 {
            for (sleeve, sign) in [(old_a, -1i8), (old_b, -1), (new_a, 1), (new_b, 1)] {
                if let Some(x) = slot_place(db, sleeve, k) {
                    places[k][x] = places[k][x].saturating_add_signed(sign);
                }
            }
        }
        self.purchases_fit_in(places, None)
    }

    /// The field card whose exchange ability `sow` uses: one the mana pays for, a doubling one first.
    fn sow_card(&self) -> Option<(u8, crate::cards::Ability)> {
        if !self.turn.sow {
            return None;
        }
        let p = self.cur();
        let mana = self.mana_left();
        let mut best: Option<(u8, crate::cards::Ability, bool)> = None;
        for &c in &p.field {
            if !p.stats[c as usize].has(Effect::Exchange) {
                continue;
            }
            if let Some(ab) = self.card_ability(c, Timing::Harvest, Effect::Exchange)
                && ab.amount <= mana
            {
                let double = p.stats[c as usize].has(Effect::DoubleAbilityVp);
                if best.is_none_or(|(_, _, d)| double && !d) {
                    best = Some((c, ab, double));
                }
            }
        }
        best.map(|(c, ab, _)| (c, ab))
    }

    /// A usable vale that turns a spirit wild and was not used this turn (each vale once, EN:675): one
    /// that stays (if its price is paid) before one that leaves the game. The staying ones are used in
    /// the order owned, so the first `converters_used` of them are spent.
    fn convert_vale(&self) -> Option<usize> {
        if self.turn.usable & Effect::ConvertToWild.bit() == 0 {
            return None;
        }
        let mana = self.mana_left();
        let vales = self.usable_vales();
        let converts = |v: u8| {
            let x = self.db.hot_vale(v);
            x.ability.timing == Timing::Harvest && x.ability.effect == Effect::ConvertToWild
        };
        let mut spent = self.turn.converters_used;
        let stay = vales.iter().position(|&v| {
            let x = self.db.hot_vale(v);
            if !converts(v) || x.remove_self {
                return false;
            }
            if spent > 0 {
                spent -= 1;
                return false;
            }
            x.ability.amount <= mana
        });
        stay.or_else(|| {
            vales.iter().position(|&v| {
                converts(v) && self.db.hot_vale(v).remove_self && self.db.hot_vale(v).ability.amount <= mana
            })
        })
    }

    /// The price of advancement `a` bought now for card `target` (or `EMPTY`): a declared purchase's
    /// discount, or nothing when a vale made its level free.
    pub(crate) fn buy_cost(&self, a: u8, target: u8) -> u8 {
        let h = self.db.hot(a);
        if self.turn.free_level.is_some_and(|l| l == h.level) {
            return 0;
        }
        let mut cost = h.cost;
        // Nepeto: the third purchase (the upgrade counts as one, EN:852) costs less (ruling MV54).
        if self.turn.ability_buys.1 > 0 && self.buys_made() == 2 {
            cost = cost.saturating_sub(self.turn.ability_buys.1);
        }
        if target == EMPTY { cost } else { cost.saturating_sub(self.chorus_discount(target)) }
    }

    /// Adds `n` of `reward` to this harvest, outside the counted totals (they survive a recount). VP
    /// are taken at once, from the pool or the box, into the player's play area (EN:695): a vale bought
    /// later (Sunweaver Copse, EN:1505) sees the pool they left.
    pub(crate) fn gain_now(&mut self, reward: crate::cards::Reward, n: u8) {
        use crate::cards::Reward as R;
        let i = self.current as usize;
        let ordered = self.ordered();
        let g = &mut self.turn.gained;
        match reward {
            R::Mana => g.mana = g.mana.saturating_add(n),
            // Rules revision 1: taken when the Harvest Phase ended.
            R::Vp if !ordered => g.vp = g.vp.saturating_add(u16::from(n)),
            R::BoxVp if !ordered => g.box_vp = g.box_vp.saturating_add(u16::from(n)),
            R::Vp => {
                self.turn.vp_now = self.turn.vp_now.saturating_add(u16::from(n));
                self.gain_vp(i, u16::from(n), &mut sylvan_engine::NoEvents);
            }
            R::BoxVp => {
                self.turn.vp_now = self.turn.vp_now.saturating_add(u16::from(n));
                self.players[i].vp = self.players[i].vp.saturating_add(u16::from(n));
            }
            r => {
                if let Some(k) = r.spirit() {
                    g.spirits[k as usize] = g.spirits[k as usize].saturating_add(n);
                }
            }
        }
        self.recount();
    }

    /// The owner Evoked their token or amulet in the Harvest Phase: the usable vales that act then give
    /// their gain at once (Frostcrown Crest, Sundial Savanna; EN:1347-1355, 1482-1489).
    pub(crate) fn on_evoke(&mut self) {
        if self.turn.usable & Effect::Gain.bit() == 0 {
            return;
        }
        let n = self.usable_vales().len();
        for k in 0..n {
            let ab = self.db.hot_vale(self.usable_vales()[k]).ability;
            if ab.timing == Timing::OnEvoke && ab.effect == Effect::Gain {
                self.gain_now(ab.reward, ab.amount);
            }
        }
    }

    /// Removes the active player's vale at `k` from the game (its VP go with it).
    fn remove_vale(&mut self, k: usize) -> u8 {
        let i = self.current as usize;
        let v = self.players[i].vales.remove(k);
        self.removed_vales.push(v);
        self.turn.usable = self.usable_mask();
        v
    }

    #[inline]
    fn push_conclave(&self, out: &mut Vec<Action>) {
        if self.turn.usable & Effect::PlusGuardian.bit() != 0 && self.conclave_usable() {
            let p = self.cur();
            let mask = p.field_mask() | p.on_deck.map_or(0, |c| 1 << c);
            push_cards(out, mask, Action::Conclave);
        }
    }

    /// Applies a legal action.
    pub(crate) fn apply<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        self.moves += 1;
        if self.turn.open != 0 && self.phase == Phase::Harvest {
            // Rules revision 3: `use` resolves its abilities; what was spent must have been gained.
            self.before_harvest_action(action);
        }
        // The most frequent actions here (`apply_other` has no arm for them), the others there.
        match (self.phase, action) {
            (Phase::Planting, Action::Pass) => self.begin_harvest(ev),
            (Phase::Planting, Action::Push) => {
                self.turn.pushed = true;
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

    /// The Harvest Phase ends (`done`): the leader's side, the harvest's VP, then the Discard Phase.
    fn end_harvest<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        if self.turn.upgraded {
            // Only the leader's card changed (its side).
            if let Some(l) = self.players[i].leader {
                self.players[i].refresh(&self.db, usize::from(l.card));
            }
        } else if let Some(l) = self.players[i].leader
            && l.upgraded
            && self.players[i].field.contains(&l.card)
            && let Some(f) = crate::effects::module(l.face(&self.db).ability.module)
                .filter(|_| l.face(&self.db).ability.effect == Effect::Unique)
                .and_then(|m| m.harvest_done)
        {
            // Xanos turns back (EN:1722-1724); not in the harvest she was upgraded in.
            f(self, i);
        }
        if S::ENABLED && self.turn.vp_now > 0 {
            // Taken at once during the harvest (`gain_now`), shown with the rest.
            ev.emit(Audience::Everyone, Event::GainedVp(self.seat(), self.turn.vp_now));
        }
        let vp = self.turn.vp_total;
        self.gain_vp(i, vp, ev);
        let box_vp = self.turn.box_vp_total;
        if box_vp > 0 {
            // From the box: the pool, the game's clock, is not touched (EN:1584).
            self.players[i].vp = self.players[i].vp.saturating_add(box_vp);
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::GainedVp(self.seat(), box_vp));
            }
        }
        self.sleeve_or_discard(ev);
    }

    /// Applies a legal action other than the most frequent ones of [`apply`](MysticVale::apply). In the
    /// Harvest Phase (rules revision 2), an action that may change the field (a card leaving, joining or
    /// moving, an advancement sleeved, a guardian added) first records each card's gains
    /// (`Turn::best`), which the recounts keep at their best from then on (ruling MV83).
    #[inline(never)]
    fn apply_other<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let changes = self.phase == Phase::Harvest
            && self.ordered()
            && match action {
                Action::Evoke
                | Action::EvokeOn(_)
                | Action::EvokeBought(..)
                | Action::Portal(..)
                | Action::Conclave(_)
                | Action::Discard(_)
                | Action::AbilityGraft(..)
                | Action::AbilityCard(_)
                | Action::AbilityCommon(..)
                | Action::AbilitySoil(..)
                | Action::AbilityPick(_)
                | Action::AbilitySpirit(_)
                | Action::AbilityTake(_) => true,
                // Silver Tree's discard. Not Old Bakarab's card going under the deck with the Workshop
                // advancements just sleeved on it, never counted (EN:1712: they are not used).
                Action::Decline => self.turn.silver_tree,
                _ => false,
            };
        if changes && !self.turn.banking {
            if self.decisions() {
                self.start_banking();
            } else {
                self.turn.banked = self.card_gains();
            }
            self.turn.seen = self.cur().field_mask();
            self.turn.banking = true;
        }
        let before = (changes && self.decisions()).then(|| self.content());
        self.apply_rest(action, ev);
        if let Some(before) = before
            && self.phase == Phase::Harvest
        {
            // Revision 3: an advancement sleeved or moved onto a card brings new abilities (MV87).
            self.reopen_changed(&before);
        }
    }

    fn apply_rest<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        match (self.phase, action) {
            (_, a @ (Action::Discard(_) | Action::Decline)) if self.turn.silver_tree => self.apply_silver_tree(a, ev),
            (Phase::Planting, Action::Replay(c, slot)) => self.replay(c, slot, ev),
            (Phase::Harvest, Action::Use(c)) => {
                // Resolved before the action (`before_harvest_action`): only told.
                let told = S::ENABLED && usize::from(c) < NUM_CARDS;
                if told {
                    ev.emit(Audience::Everyone, Event::UsedAbility(seat, self.card_ref(i, c), action));
                }
            }
            (_, Action::Conclave(c)) => {
                let prep = matches!(self.phase, Phase::SpoilPrompt { prep: true });
                self.turn.conclave_used = true;
                self.turn.conclaves_used = self.turn.conclaves_used.saturating_add(1);
                let p = &mut self.players[i];
                if self.options.rules >= 2 && p.conclave.is_some() && p.conclave2.is_none() {
                    // A second Conclave of Ents (each vale once a turn, EN:675).
                    p.conclave2 = Some((c, prep));
                } else {
                    p.conclave = Some((c, prep));
                }
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::UsedVale(seat, "Conclave of Ents".into()));
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
            (Phase::Harvest, a @ (Action::AbilityPick(_) | Action::AbilitySpirit(_) | Action::Decline))
                if self.turn.vale_choice.is_some() =>
            {
                self.apply_vale_choice(a);
            }
            (Phase::Harvest, a @ (Action::Claim(_) | Action::Decline)) if self.turn.claims > 0 => {
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
                if !self.turn.silver_tree {
                    self.enter_discard_after_evoke(ev);
                }
            }
            (_, Action::Evoke) => {
                self.evoke(None, ev);
                if let (false, Phase::SpoilPrompt { prep }) = (self.turn.silver_tree, self.phase) {
                    self.check_spoil(prep, ev);
                }
            }
            (Phase::NeighbourDiscard { seat, next }, a) => {
                crate::effects::neighbours_discard::answer(self, seat, next, a, ev);
            }
            (Phase::Harvest, Action::EvokeBought(k, c)) => self.evoke_purchase(k, c, ev),
            (_, Action::EvokeOn(c)) => {
                self.evoke(Some(c), ev);
                if let (false, Phase::SpoilPrompt { prep }) = (self.turn.silver_tree, self.phase) {
                    self.check_spoil(prep, ev);
                }
            }
            (Phase::SpoilPrompt { prep }, Action::Spoil) => self.spoil(prep, ev),
            (Phase::SpoilPrompt { prep }, Action::Druid) => {
                let bit = self.druid_card().map_or(0, |c| 1u32 << c);
                let p = &mut self.players[i];
                p.druid_used |= bit;
                if prep {
                    p.druid_prep |= bit;
                }
                if let Some(c) = p.discard_on_deck() {
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, c))));
                    }
                }
                self.reveal(ev);
                self.check_spoil(prep, ev);
            }
            (Phase::SpoilPrompt { prep }, Action::Arbor) => {
                if let Some(k) = self.growth_vale() {
                    let v = self.players[i].vales.remove(k);
                    let amount = self.db.hot_vale(v).ability.amount;
                    self.players[i].arbor_growth = self.players[i].arbor_growth.saturating_add(amount);
                    self.removed_vales.push(v);
                    self.turn.usable = self.usable_mask();
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
                self.check_spoil(prep, ev);
            }
            (Phase::SpoilPrompt { prep }, Action::CancelNotCursed(c)) => {
                if let Some(k) = self.vale_use(Timing::WouldSpoil, Effect::CancelDecayCard) {
                    let v = self.remove_vale(k);
                    self.players[i].aether = Some(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
                self.check_spoil(prep, ev);
            }
            (Phase::SpoilPrompt { prep }, Action::CancelDecay(c)) => {
                // Bramble Spire when it can act on the card, else Aether Tree (ruling MV47).
                let bramble = self
                    .vale_use(Timing::WouldSpoil, Effect::CancelDecayOn)
                    .filter(|_| self.players[i].stats[c as usize].decay > 0);
                if let Some(k) = bramble {
                    self.remove_vale(k);
                    self.players[i].decay_cancel = Some(c);
                } else if let Some(k) = self.vale_use(Timing::WouldSpoil, Effect::CancelDecayCard) {
                    let v = self.remove_vale(k);
                    self.players[i].aether = Some(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
                self.check_spoil(prep, ev);
            }
            (Phase::Look { left, depth }, Action::Mill | Action::Decline) => {
                let p = &mut self.players[i];
                let mut depth = depth;
                if let Some(t) = self.peek.take() {
                    if action == Action::Mill {
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
            (Phase::Hatch { first, kept }, Action::Keep(c)) => {
                // Hatchery's card, else Pool of Visions resolved before Hatchery's (EN:677).
                if self.keep_targets(first, kept) & (1 << c) == 0 {
                    self.turn.pool_kept = true;
                }
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
            (Phase::Hatch { kept, .. }, Action::Decline) => {
                self.turn.kept = kept;
                self.enter_pool_keep(ev);
            }
            (Phase::Order { card, pending, prep }, Action::Resolve(s)) => {
                let rest = pending & !(1 << s as u8);
                if !self.start_ability(card, s as u32, rest, prep, ev) {
                    self.when_played_next(card, rest, prep, ev);
                }
            }
            (Phase::WhenPlayed { card, slot, pending, prep }, a) => {
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
                            self.turn.searches_left = self.turn.searches_left.saturating_sub(1);
                            if self.turn.searches_left > 0 && !self.players[i].deck.is_empty() {
                                // Lifetap Oracle: another search before the one shuffle (EN:1067-1069).
                                return;
                            }
                        }
                        self.turn.searches_left = 0;
                        self.turn.added = 0;
                        self.rng.shuffle(&mut self.players[i].deck);
                        self.players[i].shuffled();
                    }
                    (Effect::LookTopDiscard, Action::Mill) => {
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
            (Phase::Harvest, Action::Token) => {
                // Ley Line Overflow doubles the token's mana too (EN:1049-1051, ruling MV42).
                self.turn.token_used = true;
                self.players[i].token_active = false;
                self.turn.mana_extra = self.turn.mana_extra.saturating_add(self.turn.mana_factor.max(1));
                self.on_evoke();
                self.silver_tree_on_evoke();
            }
            (Phase::Harvest, Action::Aerie(s)) => {
                if let Some(k) = self.convert_vale() {
                    let v = self.players[i].vales[k];
                    self.turn.mana_spent = self.turn.mana_spent.saturating_add(self.db.hot_vale(v).ability.amount);
                    if self.db.hot_vale(v).remove_self {
                        self.remove_vale(k);
                    } else {
                        self.turn.converters_used += 1;
                    }
                    self.turn.converted[s as usize] += 1;
                    self.turn.spirits[s as usize] -= 1;
                    self.turn.spirits[3] += 1;
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
            }
            (Phase::Harvest, Action::Vale(l, k, any)) => {
                let v = self.vale_row[l as usize][k as usize];
                if let Some(pay) = MysticVale::vale_payment(self.db.hot_vale(v).cost, self.spirits_left(), any) {
                    for x in 0..4 {
                        self.turn.spirit_spent[x] += pay[x];
                    }
                }
                self.vale_row[l as usize][k as usize] = EMPTY;
                self.players[i].vales.push(v);
                self.turn.vales_bought += 1;
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::BoughtVale(seat, self.db.vale(v).title.clone()));
                }
                self.when_bought(v, ev);
            }
            (Phase::Harvest, Action::Upgrade) => {
                if let Some(l) = &mut self.players[i].leader {
                    // The upgraded side counts from the next harvest (EN:854): the card's totals are
                    // refreshed when the Harvest Phase ends.
                    l.upgraded = true;
                    let cost = self.db.leader(l.id).upgrade_cost;
                    self.turn.mana_spent = self.turn.mana_spent.saturating_add(cost);
                    self.turn.upgraded = true;
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::Upgraded(seat, self.db.leader(l.id).title.clone()));
                    }
                }
            }
            (Phase::ChooseLeader, Action::ChooseLeader(k)) => {
                let p = &mut self.players[i];
                if let (Some(o), Some(l)) = (p.leader_offer.take(), &mut p.leader) {
                    l.id = o[usize::from(k.min(1))];
                }
                p.refresh_all(&self.db);
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
            (Phase::Harvest, Action::Sow) => {
                if let Some((c, ab)) = self.sow_card() {
                    let double = if self.players[i].stats[c as usize].has(Effect::DoubleAbilityVp) { 2 } else { 1 };
                    self.turn.mana_spent = self.turn.mana_spent.saturating_add(ab.amount);
                    self.gain_now(ab.reward, double);
                }
            }
            (Phase::Harvest, Action::UseVale(v)) => {
                let k = self.usable_vales().iter().position(|&x| x == v);
                if let Some(k) = k {
                    let ab = self.db.hot_vale(v).ability;
                    self.remove_vale(k);
                    if self.db.hot_vale(v).to_deck {
                        // Crystal Cavern: face down on top of the level-1 vale deck (EN:1301-1311).
                        self.removed_vales.pop();
                        self.vale_decks[0].push(v);
                        self.vale_top = Some(v);
                    }
                    match ab.effect {
                        Effect::FreeBuy => self.turn.free_level = Some(ab.amount),
                        _ => {
                            let n = match ab.per {
                                crate::cards::Count::ManaPairs => self.mana_left() / 2,
                                _ => 1,
                            };
                            self.gain_now(ab.reward, ab.amount.saturating_mul(n));
                        }
                    }
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
            }
            (
                Phase::Harvest,
                Action::AbilityCard(_)
                | Action::AbilityCommon(..)
                | Action::AbilitySoil(..)
                | Action::AbilityPick(_)
                | Action::AbilityGraft(..)
                | Action::AbilityTake(_)
                | Action::Workshop(..),
            ) => {
                if let Some((k, c, ab, m)) = self.module_for(action)
                    && let Some(f) = m.apply
                {
                    let on_deck = self.players[i].on_deck;
                    let step = f(self, c, ab, action);
                    self.turn.ability_used |= 1 << k;
                    self.turn.ability_open = (step == crate::effects::Step::Open).then_some(k);
                    if let Action::AbilityGraft(..) = action {
                        self.after_graft(ev);
                    }
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedAbility(seat, self.card_ref(i, c), action));
                    }
                    if step == crate::effects::Step::UsedReveal {
                        if S::ENABLED {
                            ev.emit(
                                Audience::Everyone,
                                Event::AbilityDiscard(seat, on_deck.map(|c| self.card_ref(i, c))),
                            );
                        }
                        self.reveal(ev);
                    }
                }
            }
            (Phase::Harvest, Action::Decline) => {
                if let Some(c) = self.turn.ability_open.take() {
                    let mut finish = None;
                    self.for_each_module(|x, _, _, m| {
                        if x == c && finish.is_none() {
                            finish = m.finish;
                        }
                    });
                    if let Some(f) = finish {
                        f(self);
                    }
                }
            }
            (Phase::Harvest, Action::BuyVp(pay)) => {
                for k in 0..4 {
                    self.turn.spirit_spent[k] = self.turn.spirit_spent[k].saturating_add(pay[k]);
                }
                self.gain_now(crate::cards::Reward::Vp, 1);
            }
            (Phase::Harvest, Action::Portal(a, s, b)) => {
                let db = self.db.clone();
                let p = &mut self.players[i];
                let from = &mut p.cards[a as usize];
                let adv = from.slots[s as usize];
                from.slots[s as usize] = from.covered[s as usize];
                from.covered[s as usize] = EMPTY;
                p.cards[b as usize].put(&db, adv);
                p.refresh(&db, a as usize);
                p.refresh(&db, b as usize);
                self.turn.portal_used = true;
                self.count_places();
                self.recount();
            }
            (Phase::SpoilPrompt { prep }, Action::UseVale(v)) => {
                if let Some(k) = self.usable_vales().iter().position(|&x| x == v) {
                    self.remove_vale(k);
                    if let Some(c) = self.players[i].discard_on_deck()
                        && S::ENABLED
                    {
                        ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, c))));
                    }
                    self.reveal(ev);
                }
                self.check_spoil(prep, ev);
            }
            (Phase::Keep, Action::Keep(c)) if !self.ordered() => self.discard_phase(Some(c), ev),
            (Phase::Keep, Action::Keep(c)) => {
                self.turn.pool_kept = true;
                self.keep_leftmost(c);
                self.turn.kept += 1;
                self.discard_phase(None, ev);
            }
            (Phase::Keep, Action::Decline) => self.discard_phase(None, ev),
            (Phase::Harvest, Action::BuyOn(s, c)) => self.buy(s, c, ev),
            _ => {}
        }
    }

    fn buy<S: EventSink<Event>>(&mut self, s: Source, target: u8, ev: &mut S) {
        let a = self.source_adv(s);
        let cost = self.buy_cost(a, target);
        if self.turn.free_level.is_some_and(|l| l == self.db.hot(a).level) {
            self.turn.free_level = None;
        }
        self.turn.mana_spent = self.turn.mana_spent.saturating_add(cost);
        self.take_from(s);
        self.turn.bought.push(Bought { adv: a, target: (target != EMPTY).then_some(target) });
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Bought(self.seat(), self.db.adv(a).title.clone()));
        }
        self.adv_when_bought(a);
    }

    /// Takes the advancement at source `s` out of the commons or the Fertile Soil supply.
    pub(crate) fn take_from(&mut self, s: Source) -> u8 {
        let a = self.source_adv(s);
        match s {
            Source::Common(l, k) => {
                let (l, k) = (l as usize, k as usize);
                // A stack keeps its title until its last copy is bought (variant `stacked_duplicates`).
                if self.commons_stack[l][k] > 0 {
                    self.commons_stack[l][k] -= 1;
                } else {
                    self.commons[l][k] = EMPTY;
                }
            }
            Source::Soil(slot) => self.soil[slot as usize] = self.soil[slot as usize].saturating_sub(1),
        }
        a
    }

    /// An advancement's "when bought" ability, right after its purchase or claim (EN:1112, 1116).
    pub(crate) fn adv_when_bought(&mut self, a: u8) {
        let ab = self.db.hot(a).ability;
        if ab.timing == Timing::WhenBought
            && ab.effect == Effect::Unique
            && let Some(f) = crate::effects::module(ab.module).and_then(|m| m.when_bought)
        {
            f(self, self.current as usize);
        }
    }

    pub(crate) fn sleeve<S: EventSink<Event>>(&mut self, adv: u8, c: u8, ev: &mut S) {
        let i = self.current as usize;
        let card = S::ENABLED.then(|| self.card_ref(i, c));
        self.players[i].cards[c as usize].put(&self.db, adv);
        self.players[i].refresh(&self.db, c as usize);
        if let Some(card) = card {
            ev.emit(Audience::Everyone, Event::Sleeved(self.seat(), self.db.adv(adv).title.clone(), card));
        }
    }

    fn gain_vp<S: EventSink<Event>>(&mut self, i: usize, vp: u16, ev: &mut S) {
        if vp == 0 {
            return;
        }
        self.players[i].vp = self.players[i].vp.saturating_add(vp);
        let was = self.pool;
        self.pool = self.pool.saturating_sub(vp);
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::GainedVp(Seat(i as u8), vp));
        }
        if was > 0 && self.pool == 0 && !self.ending {
            self.ending = true;
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::PoolEmpty);
            }
        }
    }

    /// Discard Phase: Earthchant Chorus purchases go to their declared card, then the player sleeves the
    /// others one by one, then the field is discarded.
    fn sleeve_or_discard<S: EventSink<Event>>(&mut self, ev: &mut S) {
        while let Some(k) = self.turn.bought.iter().position(|b| b.target.is_some()) {
            let b = self.turn.bought.remove(k);
            if let Some(c) = b.target {
                self.sleeve(b.adv, c, ev);
            }
        }
        if self.turn.bought.is_empty() {
            self.enter_discard(ev);
        } else {
            self.count_places();
            self.phase = Phase::Sleeve;
        }
    }

    /// The field is about to be discarded: Hatchery's choices (EN:1041-1043), then a vale may keep one card
    /// (Pool of Visions), then the Discard Phase.
    fn enter_discard<S: EventSink<Event>>(&mut self, ev: &mut S) {
        // After a Spoil the Discard Phase is the only window of Deepriver Crystal (EN:1777).
        if self.turn.spoiled && !self.cur().field.is_empty() && self.evoke_window(Moment::Discard) {
            self.phase = Phase::DiscardEvoke;
            return;
        }
        self.enter_discard_after_evoke(ev);
    }

    /// The Discard Phase once the amulet's window is past: Argent Owl, Hatchery, Pool of Visions.
    pub(crate) fn enter_discard_after_evoke<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.turn.kept = 0;
        if let Some(&first) = self.cur().field.first() {
            let kept = if self.turn.spoiled { self.keep_on_spoil() } else { 0 };
            self.keep_next(first, kept, ev);
        } else {
            self.discard_phase(None, ev);
        }
    }

    /// Argent Owl (EN:868-874): after a Spoil, the field cards with the ability stay, as the leftmost
    /// cards of the next field (in field order, ruling MV61); Hatchery's choices come after them.
    /// Returns how many.
    fn keep_on_spoil(&mut self) -> u8 {
        if self.db.card_effects & Effect::KeepInField.bit() == 0 {
            return 0;
        }
        let i = self.current as usize;
        let field = self.players[i].field;
        let mut kept = 0usize;
        for (k, &c) in field.iter().enumerate() {
            if self.players[i].stats[c as usize].has(Effect::KeepInField)
                && self.card_ability(c, Timing::OnSpoil, Effect::KeepInField).is_some()
            {
                self.players[i].field[kept..=k].rotate_right(1);
                kept += 1;
            }
        }
        kept as u8
    }

    /// A card kept in the field for the next turn (Hatchery, Pool of Visions): it becomes the leftmost,
    /// before the cards kept by the abilities resolved earlier (EN:874: the effect resolved later ends
    /// leftmost).
    fn keep_leftmost(&mut self, c: u8) {
        let p = &mut self.players[self.current as usize];
        if let Some(k) = p.field.iter().position(|&x| x == c) {
            p.field[..=k].rotate_right(1);
        }
    }

    /// Pool of Visions: the field cards it may keep, not kept yet (the first `kept` are), if the vale is
    /// usable and unused this Discard Phase.
    fn pool_targets(&self, kept: u8) -> u32 {
        if self.turn.pool_kept || self.vale_use(Timing::Discard, Effect::KeepInField).is_none() {
            return 0;
        }
        self.cur().field.iter().skip(usize::from(kept)).fold(0, |m, &c| m | 1 << c)
    }

    /// After Hatchery's choices: Pool of Visions may keep one more card, unless it already did.
    fn enter_pool_keep<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let kept = usize::from(self.turn.kept);
        if !self.turn.pool_kept
            && self.cur().field.len() > kept
            && self.vale_use(Timing::Discard, Effect::KeepInField).is_some()
        {
            self.phase = Phase::Keep;
        } else {
            self.discard_phase(None, ev);
        }
    }

    /// Discard Phase: cards with a "discard" ability go under the deck (Burrow Wyrms, in field order,
    /// ruling MV25), the first `turn.kept` cards (Hatchery) and `keep` stay as the first cards of the next
    /// field, the rest is discarded.
    fn discard_phase<S: EventSink<Event>>(&mut self, keep: Option<u8>, ev: &mut S) {
        let i = self.current as usize;
        let kept = usize::from(self.turn.kept);
        self.turn.kept = 0;
        let p = &mut self.players[i];
        if self.db.card_effects & Effect::ToDeckBottom.bit() != 0
            && p.field.iter().any(|&c| p.stats[c as usize].has(Effect::ToDeckBottom))
        {
            let field = p.field;
            for (k, &c) in field.iter().enumerate() {
                if k >= kept && Some(c) != keep && p.stats[c as usize].has(Effect::ToDeckBottom) {
                    p.field_to_deck_bottom(c);
                }
            }
        }
        p.discard_field_but(kept, keep);
        p.decay_cancel = None;
        p.ember = None;
        if matches!(p.conclave, Some((_, false))) {
            p.conclave = None;
        }
        if matches!(p.conclave2, Some((_, false))) {
            p.conclave2 = None;
        }
        self.replenish();
        let last = (self.start as usize + self.n() - 1) % self.n();
        if i == last && !self.ending && self.rounds >= MAX_ROUNDS {
            self.ending = true;
        }
        if self.ending && i == last {
            // Borderwatch Bog: its owners' extra Planting Phase, after this player's Prep Phase if it
            // owns one (EN:1268-1270, ruling MV74).
            if self.owns_bog(i) {
                self.turn.last_prep = true;
                self.prep(ev);
            } else if !self.bog_next(ev) {
                self.game_over(ev);
            }
            return;
        }
        self.prep(ev);
    }

    /// The game is over.
    pub(crate) fn game_over<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.phase = Phase::Over;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::GameOver);
        }
    }

    fn replenish(&mut self) {
        // The empty places as bit masks, walked in place order (revealing fills only its own place):
        // one loop per row instead of a branch per place (which places were bought is as good as random).
        let empty = |row: &[u8]| row.iter().enumerate().fold(0u32, |m, (i, &a)| m | u32::from(a == EMPTY) << i);
        let mut m = empty(self.commons.as_flattened());
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.reveal_common(i / 3, i % 3);
        }
        let mut m = empty(self.vale_row.as_flattened());
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let l = i / 4;
            self.vale_row[l][i % 4] = (l..2).find_map(|d| self.vale_decks[d].pop()).unwrap_or(EMPTY);
        }
    }

    /// Fills the empty commons place (`l`, `k`) from the decks (level `l`, then the higher ones, ruling
    /// MV5). With `stacked_duplicates`, a card whose title is already in the commons goes on that slot's
    /// stack and another is drawn (EN:1835-1840).
    pub(crate) fn reveal_common(&mut self, l: usize, k: usize) {
        loop {
            let a = (l..3).find_map(|m| self.adv_decks[m].pop()).unwrap_or(EMPTY);
            if a != EMPTY && self.options.stacked_duplicates {
                let twin = (0..9).map(|x| (x / 3, x % 3)).find(|&(m, j)| (m, j) != (l, k) && self.commons[m][j] == a);
                if let Some((m, j)) = twin {
                    self.commons_stack[m][j] = self.commons_stack[m][j].saturating_add(1);
                    continue;
                }
            }
            self.commons[l][k] = a;
            return;
        }
    }

    /// The Prep Phase: play on-deck cards until 3 or more net decay show.
    fn prep<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        self.players[i].arbor_growth = 0;
        self.players[i].aether = None;
        self.turn.when_played_used = 0;
        if self.players[i].on_deck.is_none() {
            self.reveal(ev);
        }
        if self.players[i].on_deck.is_none() {
            self.next_player(ev);
        } else {
            self.play_on_deck(true, ev);
        }
    }

    /// The Prep Phase goes on while fewer than 3 net decay show (`net`, just counted).
    fn continue_prep<S: EventSink<Event>>(&mut self, net: i32, ev: &mut S) {
        let i = self.current as usize;
        if net >= 3 || self.players[i].on_deck.is_none() {
            self.next_player(ev);
        } else {
            self.play_on_deck(true, ev);
        }
    }

    fn next_player<S: EventSink<Event>>(&mut self, ev: &mut S) {
        if self.turn.last_prep {
            // The last Prep Phase of the game is over: Borderwatch Bog's Planting Phases.
            if !self.bog_next(ev) {
                self.game_over(ev);
            }
            return;
        }
        if self.turn.extra_turn {
            // An extra turn: the same player plays again (EN:927-933).
            self.begin_turn(ev);
            return;
        }
        let n = self.n() as u8;
        self.current = (self.current + 1) % n;
        if self.current == self.start {
            self.rounds += 1;
        }
        self.begin_turn(ev);
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.phase == Phase::Over
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

/// `buy` for each commons place, in place order (level, then position).
const COMMON_BUYS: [Action; 9] = {
    let mut a = [Action::Pass; 9];
    let mut i = 0;
    while i < 9 {
        a[i] = Action::Buy(Source::Common(i as u8 / 3, i as u8 % 3));
        i += 1;
    }
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

    /// Wayfarer Portal's moves from the field's cached places are those of the card-by-card check: every
    /// visible, non-printed advancement of a field card (not the leader's) to each other such card where
    /// it fits, the purchases keeping their places.
    pub fn portal_moves_match_the_card_by_card_check() {
        let mut moves = 0;
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
                        moves += got.len();
                    }
                    g.legal_actions(&mut legal);
                    let a = legal[rng.index(legal.len())];
                    g.apply_unchecked(a, &mut NoEvents);
                }
            }
        }
        assert!(moves > 1_000, "{moves}");
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
                    if g.phase == Phase::Harvest && g.turn.vale_choice.is_none() {
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
                            && t.converted == [0; 3]
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
