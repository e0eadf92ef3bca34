//! The Planting Phase (EN:433-454): pass or push, "when played" abilities, spoiling and what may
//! prevent it.

use super::*;

impl MysticVale {
    /// A vale that may stop a spoil by giving growth (and leaving the game).
    pub(super) fn growth_vale(&self) -> Option<usize> {
        self.vale_use(Timing::WouldSpoil, Effect::Gain)
    }

    pub(super) fn druid_usable(&self) -> bool {
        self.druid_mask() != 0
    }

    /// The first field card whose "about to spoil" discard (Peacekeeper Druid, Algeni) is unused this
    /// turn: each card's ability once (EN:675; Moss Troll's is an "on spoil" ability, EN:1101-1107).
    pub(super) fn druid_card(&self) -> Option<u8> {
        let p = self.cur();
        if p.fx.spoil_discard.used != 0 && !self.ordered() {
            // Rules revision 1: once a turn for all such cards.
            return None;
        }
        p.field.iter().copied().find(|&c| {
            p.fx.spoil_discard.used & (1 << c) == 0
                && p.stats[c as usize].has(Effect::DiscardOnDeck)
                && self.card_ability(c, Timing::WouldSpoil, Effect::DiscardOnDeck).is_some()
        })
    }

    /// Starts the active player's turn.
    pub(crate) fn begin_turn<S: EventSink<Event>>(&mut self, ev: &mut S) {
        // The turn's state, every field named (`Turn::new_turn`), each effect module's as the module
        // declares (`effects::NewTurn`): the units of Call of the Hunt and Canopy Explorer and the cards
        // chosen through Dione from rules revision 9 (MV91, MV23).
        self.turn.new_turn(self.options.rules);
        self.turn.usable = self.usable_mask();
        // Cyrilla's boost lasts until the end of its owner's turn.
        // (The card table borrowed beside the players, not cloned: no count taken each turn.)
        let db = &*self.db;
        for p in self.players.iter_mut().filter(|p| p.fx.guardian_and_graft.boost.is_some()) {
            p.set_boost(db, None);
        }
        self.players[self.current as usize].fx.amulets.extra_guardians = None;
        let seat = self.seat();
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::TurnStart(seat));
        }
        let p = &mut self.players[self.current as usize];
        p.fx.spoil_discard.used = p.fx.spoil_discard.prep;
        p.fx.spoil_discard.prep = 0;
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
            if std::mem::take(&mut self.players[i].fx.neighbours_discard.revealed_outside) && self.net_decay(i) >= 4 {
                self.check_spoil(false, ev);
            }
        }
    }

    pub(super) fn end_planting(&mut self) {
        let p = &mut self.players[self.current as usize];
        // A Prep-phase Conclave lasts through the next Planting Phase only.
        if matches!(p.fx.plus_guardian.first, Some((_, true))) {
            p.fx.plus_guardian.first = None;
        }
        if matches!(p.fx.plus_guardian.second, Some((_, true))) {
            p.fx.plus_guardian.second = None;
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
    pub(super) fn play_on_deck<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
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
    pub(super) fn when_played_ability(&self, c: u8, slot: u32) -> Effect {
        self.db.hot(self.cur().cards[c as usize].slots[slot as usize]).ability.effect
    }

    /// Resolves the "when played" abilities of card `c` still pending (slot bits in `pending`): one at a
    /// time, automatically while at most one is left or their order cannot change the outcome (top to
    /// bottom then), otherwise the player chooses which comes next (ruling MV6). Then reveals.
    pub(super) fn when_played_next<S: EventSink<Event>>(&mut self, c: u8, mut pending: u8, prep: bool, ev: &mut S) {
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
    pub(super) fn order_matters(&self, c: u8, pending: u8) -> bool {
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
                self.turn.fx.search_deck.searches_left = n.saturating_mul(ab.amount.max(1));
                self.turn.fx.search_deck.searches_left > 0 && !self.players[i].deck.is_empty()
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

    pub(super) fn after_play<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        // `reveal` in line where it only turns the deck's top card over (no reshuffle, no event).
        let i = self.current as usize;
        if S::ENABLED || self.players[i].deck.is_empty() {
            self.reveal(ev);
        } else {
            self.players[i].reveal_top();
        }
        self.check_spoil(prep, ev);
    }

    /// Step C of planting (and the Prep Phase check): spoil at 4 or more net decay.
    pub(crate) fn check_spoil<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        let net = self.net_decay(self.current as usize);
        self.check_spoil_at(net, prep, ev);
    }

    /// [`check_spoil`](MysticVale::check_spoil) with the net decay `net` just counted.
    pub(super) fn check_spoil_at<S: EventSink<Event>>(&mut self, net: i32, prep: bool, ev: &mut S) {
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
    pub(super) fn card_ability(&self, c: u8, timing: Timing, effect: Effect) -> Option<crate::cards::Ability> {
        self.card_abilities_of(c, timing, effect).next()
    }

    /// Every ability of card `c` of the active player with this timing and effect: its advancements',
    /// its leader side's and the one given this turn, in that order.
    fn card_abilities_of(
        &self,
        c: u8,
        timing: Timing,
        effect: Effect,
    ) -> impl Iterator<Item = crate::cards::Ability> + '_ {
        let p = self.cur();
        crate::state::card_abilities(&self.db, p.cards[c as usize], crate::state::leader_face(&self.db, p.leader, c))
            .chain(p.boost_on(c).and_then(|b| b.ability))
            .filter(move |a| a.timing == timing && a.effect == effect)
    }

    pub(super) fn spoil_options(&self) -> bool {
        self.evoke_window(Moment::WouldSpoil)
            || self.druid_usable()
            || self.growth_vale().is_some()
            || self.conclave_usable()
            || self.vale_use(Timing::WouldSpoil, Effect::DiscardOnDeck).is_some()
            || self.vale_use(Timing::WouldSpoil, Effect::CancelDecayOn).is_some()
            || self.aether_targets() != 0
    }

    /// Aether Tree: the field and on-deck cards it may choose (none if no usable vale).
    pub(super) fn aether_targets(&self) -> u32 {
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

    pub(super) fn spoil<S: EventSink<Event>>(&mut self, prep: bool, ev: &mut S) {
        let i = self.current as usize;
        // An active amulet stays active with no other reward (EN:826); gains waiting for the harvest
        // this Spoil skips are lost (EN:1355, 1489).
        self.players[i].token_active = true;
        self.players[i].pending_mana = 0;
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::Spoiled(self.seat(), prep));
        }
        // The on-deck card that made the spoil: its "on spoil" abilities (Centaur, Primal Power), each
        // (EN:675; rules revisions before 11 scored the first only, ruling MV94).
        if self.db.card_effects & Effect::ExtraTurn.bit() != 0
            && let Some(c) = self.players[i].on_deck
            && self.players[i].stats[c as usize].has(Effect::ExtraTurn)
            && let Some(first) = self.card_ability(c, Timing::OnSpoil, Effect::ExtraTurn)
        {
            let double = if self.players[i].stats[c as usize].has(Effect::DoubleAbilityVp) { 2 } else { 1 };
            let every = self.options.rules >= crate::setup::THIRD_REVIEW_RULES;
            // At most its advancements, its leader side and the one given this turn.
            let mut abilities = [Some(first), None, None, None, None, None];
            if every {
                let all = self.card_abilities_of(c, Timing::OnSpoil, Effect::ExtraTurn);
                for (slot, ab) in abilities.iter_mut().zip(all) {
                    *slot = Some(ab);
                }
            }
            for ab in abilities.into_iter().flatten() {
                let vp = u16::from(ab.amount) * double;
                match ab.reward {
                    crate::cards::Reward::BoxVp => self.players[i].vp = self.players[i].vp.saturating_add(vp),
                    _ => self.gain_vp(i, vp, ev),
                }
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

    /// Applies a decision of a spoil prompt (EN:448-450): spoil, or an ability or vale that prevents it.
    pub(super) fn apply_spoil_prompt<S: EventSink<Event>>(&mut self, prep: bool, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        match action {
            Action::Spoil => self.spoil(prep, ev),
            Action::Use { card: crate::actions::Held::Card(c, _), .. } => {
                // Peacekeeper Druid or Algeni on card `c`: its ability once a turn (EN:675).
                let bit = 1u32 << c;
                let p = &mut self.players[i];
                p.fx.spoil_discard.used |= bit;
                if prep {
                    p.fx.spoil_discard.prep |= bit;
                }
                if let Some(c) = p.discard_on_deck() {
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, Some(self.card_ref(i, c))));
                    }
                }
                self.reveal(ev);
                self.check_spoil(prep, ev);
            }
            Action::UseVale(v) if self.db.hot_vale(v).ability.effect == Effect::Gain => {
                // Blooming Arbor: growth, and it leaves the game (EN:1255-1262).
                let at = self.usable_vales().iter().position(|&x| x == v);
                if let Some(k) = at {
                    let v = self.players[i].vales.remove(k);
                    let amount = self.db.hot_vale(v).ability.amount;
                    self.players[i].fx.spoil_growth.growth =
                        self.players[i].fx.spoil_growth.growth.saturating_add(amount);
                    self.removed_vales.push(v);
                    self.turn.usable = self.usable_mask();
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
                self.check_spoil(prep, ev);
            }
            Action::Use { card: crate::actions::Held::Vale(v), choice: crate::actions::Choice::Card(c) }
                if self.db.hot_vale(v).ability.effect == Effect::CancelDecayOn =>
            {
                // Bramble Spire: card `c` counts no decay until the Discard Phase (EN:1529).
                if let Some(k) = self.vale_use_id(Timing::WouldSpoil, Effect::CancelDecayOn, v) {
                    self.remove_vale(k);
                    self.players[i].fx.cancel_decay.until_discard = Some(c);
                }
                self.check_spoil(prep, ev);
            }
            Action::Use { card: crate::actions::Held::Vale(v), choice: crate::actions::Choice::Card(c) }
                if self.db.hot_vale(v).ability.effect == Effect::CancelDecayCard =>
            {
                // Aether Tree: card `c`'s decay but a Cursed Land's is cancelled (EN:1232).
                if let Some(k) = self.vale_use_id(Timing::WouldSpoil, Effect::CancelDecayCard, v) {
                    let v = self.remove_vale(k);
                    self.players[i].fx.cancel_decay.until_prep = Some(c);
                    if S::ENABLED {
                        ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
                    }
                }
                self.check_spoil(prep, ev);
            }
            Action::UseVale(v) => {
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
            _ => {}
        }
    }
}
