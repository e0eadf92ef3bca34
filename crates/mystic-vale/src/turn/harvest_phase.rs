//! The Harvest Phase (EN:456-548): the field's mana, spirits and VP, Harvest abilities and vales, and the
//! phase's legal actions (buying is in `purchase`).

use super::*;

impl MysticVale {
    /// Harvest begins: Canopy Explorer's cards join the field, then mana, spirits and VP are counted
    /// from the field, harvest abilities and vales.
    pub(super) fn begin_harvest<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.end_planting();
        self.phase = Phase::Harvest;
        // Call of the Hunt fills the field first, Canopy Explorer adds to it: the most cards (MV41).
        // One walk over the field gives its effects and places; each fill is tried only when a field
        // card has it, and the walk is redone only if cards joined.
        let before = self.cur().field.len();
        let (mut effects, mut places) = self.cur().field_effects_and_places();
        // Rules revision 8 (MV91): a fill ability in the field waits for the player, Canopy Explorer too.
        // Rules revision 9: with a Canopy Explorer, where a fill can still come this Harvest (MV91).
        let waits = effects & (Effect::FillField.bit() | Effect::DeckToField.bit()) != 0 && self.hunt_begins(effects);
        if effects & Effect::FillField.bit() != 0 && !waits {
            self.fill_field();
            if self.cur().field.len() != before {
                (effects, places) = self.cur().field_effects_and_places();
            }
        }
        if effects & Effect::DeckToField.bit() != 0 && !waits {
            self.explore(ev);
        }
        let after = self.cur().field.len();
        self.turn.fx.deck_to_field.added = (after - before) as u8;
        if after != before {
            (effects, places) = self.cur().field_effects_and_places();
        }
        self.turn.fx.discount_on_card.in_field = effects & Effect::DiscountOnCard.bit() != 0;
        self.turn.fx.exchange.in_field = effects & Effect::Exchange.bit() != 0;
        // The unique abilities' extra buys, and their `harvest_begin` hook run after the recount: one walk.
        let begin = if effects & Effect::Unique.bit() != 0 { self.unique_begin() } else { None };
        // Mana earned outside the harvest for this one (Frostcrown Crest, Sundial Savanna, Wildfire Ember).
        let i = self.current as usize;
        let pending = std::mem::take(&mut self.players[i].pending_mana);
        self.turn.mana_extra = self.turn.mana_extra.saturating_add(pending);
        self.set_places(places);
        // Revision 3: the units waiting for the player are found in the recount's walk of the field.
        let mut var = if self.decisions() && self.may_defer() {
            self.recount_begin()
        } else {
            self.recount();
            Some(0)
        };
        if let Some(f) = begin {
            f(self);
            // What the hook changed is read again.
            var = None;
        }
        if self.options.rules >= crate::effects::deck_to_field::HUNT_RULES && self.hunt_tracked() {
            // Rules revision 8 (MV91): the fills and Canopy Explorers waiting for the player, unless none
            // can (`hunt_still`; the hook may have changed the field: read again).
            if begin.is_some() {
                effects = self.cur().field_effects_and_places().0;
            }
            if self.hunt_still(effects, !waits) {
                #[cfg(debug_assertions)]
                {
                    let kept = self.turn.fx.deck_to_field;
                    self.hunt_begun(!waits);
                    let full = std::mem::replace(&mut self.turn.fx.deck_to_field, kept);
                    debug_assert_eq!(full, kept, "hunt_still: the units as the Harvest begins");
                }
            } else {
                self.hunt_begun(!waits);
            }
        }
        match var {
            Some(var) => {
                debug_assert_eq!(
                    var,
                    if self.decisions() && self.may_defer() {
                        self.variable_units(self.cur().field_mask() | crate::decisions::VALES_BIT)
                    } else {
                        0
                    },
                    "the recount's variable units"
                );
                self.open_units_as(var)
            }
            None => self.open_units(),
        }
    }

    /// As a Harvest Phase with a unique ability in the field begins: sets the extra buys its abilities
    /// give (`Turn::ability_buys`) and returns the first `harvest_begin` hook, run once the harvest is
    /// counted (neither the extra buys nor the recount changes which abilities the field has). Out of
    /// line: the base game has no unique ability.
    #[inline(never)]
    fn unique_begin(&mut self) -> Option<crate::effects::HarvestBeginHook> {
        let mut buys = (0u8, 0u8);
        let mut begin = None;
        self.for_each_module(|_, _, ab, m| {
            if m.extra_buys > 0 {
                buys = (buys.0.saturating_add(m.extra_buys), buys.1.max(ab.amount));
            }
            begin = begin.or(m.harvest_begin);
        });
        self.turn.ability_buys = buys;
        begin
    }

    /// The leader as the Harvest Phase reads it: an upgraded side counts from the next harvest (EN:854).
    pub(crate) fn harvest_leader(&self) -> Option<crate::state::LeaderCard> {
        let l = self.cur().leader?;
        Some(crate::state::LeaderCard { upgraded: l.upgraded && !self.turn.upgraded, ..l })
    }

    /// Calls `f(key, card, ability, module)` for each unique harvest ability of the active player's field,
    /// in field order: `key` is the card's number, or [`BOOST_KEY`](crate::effects::BOOST_KEY) for the
    /// ability Cyrilla gave the card.
    pub(super) fn for_each_module(
        &self,
        mut f: impl FnMut(u8, u8, crate::cards::Ability, &'static crate::effects::Module),
    ) {
        let p = self.cur();
        let leader = self.harvest_leader();
        for &c in p.field.iter() {
            // A leader's card is read from its harvest side (its cached totals may show the side it was
            // just turned to).
            if !p.stats[c as usize].has(Effect::Unique) && leader.is_none_or(|l| l.card != c) {
                continue;
            }
            // Its own abilities (an array, not `card_abilities`' chained iterators), then the one given.
            let (own, n) = crate::state::ability_list(
                &self.db,
                p.cards[c as usize],
                crate::state::leader_face(&self.db, leader, c),
            );
            let mut visit = |key: u8, ab: crate::cards::Ability| {
                if ab.timing == Timing::Harvest
                    && ab.effect == Effect::Unique
                    && let Some(m) = crate::effects::module(ab.module)
                {
                    f(key, c, ab, m);
                }
            };
            for &ab in &own[..n] {
                visit(c, ab);
            }
            if let Some(ab) = p.boost_on(c).and_then(|b| b.ability) {
                visit(crate::effects::BOOST_KEY, ab);
            }
        }
        if crate::effects::neighbour_on_deck::may_harvest(self) {
            // Rules revision 8 (MV23): the used on-deck cards' unique abilities, as the player's.
            crate::effects::neighbour_on_deck::for_each_used_module(self, &mut f);
        }
    }

    /// The unique harvest ability (key, card, ability, module) that takes `action`: the one waiting for
    /// more choices, else the first not used yet this turn that offers it (a card choice names a card
    /// its ability offers, ruling MV81).
    #[allow(clippy::type_complexity)]
    pub(super) fn module_for(
        &self,
        action: Action,
    ) -> Option<(u8, u8, crate::cards::Ability, &'static crate::effects::Module)> {
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
    pub(super) fn after_graft<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        let Some((c, ab)) = self.players[i].fx.guardian_and_graft.boost.and_then(|b| b.ability.map(|ab| (b.card, ab)))
        else {
            return;
        };
        let in_field = self.players[i].field.contains(&c);
        match (ab.timing, ab.effect) {
            (Timing::Harvest, Effect::Exchange) => self.turn.fx.exchange.in_field = true,
            (Timing::Harvest, Effect::DiscountOnCard) => self.turn.fx.discount_on_card.in_field = true,
            (Timing::Harvest, Effect::FillField)
                if in_field && self.options.rules >= crate::effects::deck_to_field::HUNT_RULES =>
            {
                self.graft_fill(c, ab.amount, ev);
            }
            (Timing::Harvest, Effect::FillField) if in_field => {
                let before = self.players[i].field.len();
                self.fill_field();
                self.turn.fx.deck_to_field.added =
                    self.turn.fx.deck_to_field.added.saturating_add((self.players[i].field.len() - before) as u8);
            }
            (Timing::Harvest, Effect::DeckToField) if in_field => {
                let p = &self.players[i];
                let per = match ab.per {
                    Count::GuardiansOnCard => u32::from(p.stats[c as usize].guardians) + u32::from(p.bonus(c)),
                    _ => 1,
                };
                let before = p.field.len();
                self.deck_to_field(u32::from(ab.amount) * per, ev);
                self.turn.fx.deck_to_field.added =
                    self.turn.fx.deck_to_field.added.saturating_add((self.players[i].field.len() - before) as u8);
                self.joined_in_harvest(before);
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
    pub(crate) fn deck_to_field<S: EventSink<Event>>(&mut self, n: u32, ev: &mut S) {
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
    /// out. Resolved first, before anything is counted (ruling MV41; in rules revision 8, only where no
    /// fill ability is in the field, MV91); the cards it adds cannot spoil, and their own harvest
    /// abilities resolve too.
    pub(super) fn explore<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        let mut done = 0u32;
        loop {
            let p = &self.players[i];
            let Some(c) =
                p.field.iter().copied().find(|&c| done & (1 << c) == 0 && p.stats[c as usize].has(Effect::DeckToField))
            else {
                if self.options.rules >= crate::effects::deck_to_field::EXPLORER_JOIN_RULES {
                    // Rules revision 10 (MV91): resolved, before any hook brings another (EN:480).
                    self.turn.fx.deck_to_field.explored |= done;
                }
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
            || self.turn.fx.deck_to_field.explore & (1 << c) != 0
        {
            // Rules revision 8: a Canopy Explorer still waiting counts its guardians when resolved.
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
        let before = p.field.len();
        self.deck_to_field(n, ev);
        if self.options.rules >= crate::setup::FRESH_PLACES_RULES && self.cur().field.len() != before {
            // The cards that joined give their places to the purchases (ruling MV21's count, MV92).
            self.count_places();
            // Rules revision 9 (MV23): Dione's upgraded side among them acts from now on.
            crate::effects::neighbour_on_deck::joined(self, before);
            self.joined_in_harvest(before);
        }
    }

    /// Rules revision 11 (ruling MV96): the Earthchant Chorus and the exchange of the cards that joined the
    /// field in the Harvest (its cards from position `from` on) act from now on.
    fn joined_in_harvest(&mut self, from: usize) {
        if self.options.rules >= crate::setup::THIRD_REVIEW_RULES {
            let p = self.cur();
            let effects = p.field.get(from..).unwrap_or(&[]).iter().fold(0, |e, &x| e | p.stats[x as usize].effects);
            self.note_joined_effects(effects);
        }
    }

    /// The Earthchant Chorus and the exchange among `effects`, of cards that joined the field in the
    /// Harvest, act from now on.
    pub(super) fn note_joined_effects(&mut self, effects: u32) {
        self.turn.fx.discount_on_card.in_field |= effects & Effect::DiscountOnCard.bit() != 0;
        self.turn.fx.exchange.in_field |= effects & Effect::Exchange.bit() != 0;
    }

    /// A vale's "when bought" ability, right after its purchase (EN:1112, 1239).
    pub(super) fn when_bought<S: EventSink<Event>>(&mut self, v: u8, ev: &mut S) {
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
    pub(super) fn look_next<S: EventSink<Event>>(&mut self, left: u8, depth: u8, ev: &mut S) {
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

    /// Call of the Hunt (EN:899-907): cards from the top of the deck join the field until it holds the
    /// ability's number of cards, reshuffling the discard pile when the deck runs out. They cannot spoil and
    /// their "when played" abilities do not resolve. Resolved as the Harvest Phase begins in rules revisions
    /// up to 7 (ruling MV25); from revision 8 the player resolves each (`turn/deck_to_field.rs`, MV91).
    pub(super) fn fill_field(&mut self) {
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
            copy: self.turn.fx.copy_card.card,
            graft: p.fx.guardian_and_graft.boost.and_then(|b| b.ability.map(|ab| (b.card, ab))),
            added: self.turn.fx.deck_to_field.added,
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
            self.turn.fx.multiply_mana.raw_mana = (u32::from(t.mana) + u32::from(g.mana)).min(250) as u8;
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
        // Rules revision 5 (MV42): an Overflow that left the field doubled as it left (`leaving`), then
        // never again (`overflow_left`).
        let review = self.second_review();
        let (gone, mut leaving, mut left) = (!field & !crate::decisions::VALES_BIT, 1u32, 0u32);
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
            let f = u32::from(best.mana_factor.max(1));
            if review && f > 1 && (gone | self.turn.fx.multiply_mana.left) & (1 << k) != 0 {
                if self.turn.fx.multiply_mana.left & (1 << k) == 0 {
                    leaving = (leaving * f).min(250);
                    left |= 1 << k;
                }
                continue;
            }
            factor = (factor * f).min(250);
        }
        if left != 0 {
            // Resolved just before its card left: it doubled the mana banked then (EN:1049-1055).
            let before = u32::from(self.turn.fx.multiply_mana.raw_mana) * factor;
            let kept = (before * leaving).saturating_sub(before);
            self.turn.fx.multiply_mana.kept = (u32::from(self.turn.fx.multiply_mana.kept) + kept).min(250) as u8;
            self.turn.fx.multiply_mana.left |= left;
        }
        t.mana = mana.min(250) as u8;
        t.spirits = spirits.map(|x| x.min(250) as u8);
        t.vp = vp.min(u32::from(u16::MAX)) as u16;
        t.box_vp = box_vp.min(u32::from(u16::MAX)) as u16;
        t.mana_factor = factor as u8;
        let factor = t.mana_factor.max(1);
        let raw = u32::from(t.mana) + u32::from(g.mana);
        self.turn.fx.multiply_mana.raw_mana = raw.min(250) as u8;
        self.turn.mana_total = harvest::overflow(raw, factor, minus).saturating_add(if review {
            self.turn.fx.multiply_mana.kept
        } else {
            0
        });
        self.set_totals(&t, factor);
    }

    /// [`recount`](MysticVale::recount) as a Harvest Phase begins (rules revision 3, units may wait):
    /// on the fast path (nothing banked), the units whose gain can change with the field
    /// (`variable_units` of the whole field and the vales) come from the recount's own walk of the
    /// field; `None` off it (the caller asks `variable_units`).
    pub(super) fn recount_begin(&mut self) -> Option<u32> {
        if !self.ordered() || self.turn.banking {
            self.recount();
            return None;
        }
        let p = &self.players[self.current as usize];
        let h = self.harvest_cards();
        let g = self.turn.gained;
        let (t, minus, _, units, special) = harvest::gains_var(&h, &p.field, self.usable_vales());
        // The leader's or grafted card the walk did not read.
        let units = if special != 0 { units | self.variable_units(special) } else { units };
        // As `recount`'s fast path.
        let factor = t.mana_factor.max(1);
        self.turn.fx.multiply_mana.raw_mana = (u32::from(t.mana) + u32::from(g.mana)).min(250) as u8;
        self.turn.mana_total = harvest::overflow(u32::from(t.mana) + u32::from(g.mana), factor, minus);
        self.set_totals(&t, factor);
        Some(units)
    }

    /// Sets the turn's spirits and VP from the field's `t` and the gains of actions, and Ley Line
    /// Overflow's `factor`; then Sunstone Aerie's conversions.
    pub(super) fn set_totals(&mut self, t: &harvest::Totals, factor: u8) {
        let g = self.turn.gained;
        for k in 0..4 {
            self.turn.spirits[k] = t.spirits[k].saturating_add(g.spirits[k]);
        }
        self.turn.vp_total = t.vp.saturating_add(g.vp);
        self.turn.box_vp_total = t.box_vp.saturating_add(g.box_vp);
        self.turn.fx.multiply_mana.factor = factor;
        // Sunstone Aerie's conversions, when there are (none converted changes nothing).
        let converted = self.turn.fx.convert_to_wild.converted;
        if converted.iter().any(|&n| n != 0) {
            for (k, &n) in converted.iter().enumerate() {
                self.turn.spirits[k] = self.turn.spirits[k].saturating_sub(n);
                self.turn.spirits[3] = self.turn.spirits[3].saturating_add(n);
            }
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

    pub(super) fn legal_harvest(&self, out: &mut Vec<Action>) {
        if let Some(p) = self.turn.fx.move_advancement.pending {
            // Rules revision 7 (MV90): a Wayfarer Portal move half made.
            self.legal_portal(p, out);
            return;
        }
        if let Some((v, spent)) = self.turn.fx.vale_choice.waiting {
            // A vale's optional "when bought" ability waits (Sky Garden, Halo Mountain).
            self.legal_vale_choice(v, spent, out);
            return;
        }
        if self.turn.fx.claim_advancement.claims > 0 {
            // Nightvale Pathfinder's claim waits (EN:1109-1116).
            self.legal_claim(out);
            return;
        }
        if let Some(open) = self.turn.ability_open {
            self.legal_ability_open(open, out);
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
        let mana = self.mana_left();
        let left = self.spirits_left();
        let vales_from = out.len();
        self.push_vales(left, out);
        let score = self.score_matters(&out[vales_from..]);
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
        let free = self.turn.fx.free_buy.free_level.is_none();
        self.push_vale_uses(out, |ab| {
            ab.timing == Timing::Harvest
                && match ab.effect {
                    Effect::Gain => true,
                    Effect::FreeBuy => free,
                    _ => false,
                }
        });
        // The actions so far (purchases, the upgrade, the vales' `use`) never defer (`push_uses`): those
        // that may come after this point.
        let may_defer_from = out.len();
        if !self.turn.fx.move_advancement.used
            && let Some(k) = self.vale_use(Timing::Harvest, Effect::MoveAdvancement)
        {
            if self.portal_steps() {
                // Rules revision 7 (MV90): `use v3` opens the move, offered only when a move exists.
                if self.portal_any() {
                    let a = Action::UseVale(self.usable_vales()[k]);
                    // Sorted: only the vales' `use` pushed last may come after it.
                    let mut at = out.len();
                    while at > 0 && out[at - 1] > a {
                        at -= 1;
                    }
                    out.insert(at, a);
                }
            } else {
                self.push_portals(out);
            }
        }
        self.push_evokes(Moment::Harvest, out);
        // Actions appended to the enum after `BuyVp` and `EvokeBought` (Old Bakarab's): sorted at the end.
        let late = self.push_unique(field, effects, out);
        if self.options.buy_vp {
            Self::push_vp_payments(left, out);
        }
        if p.amulet.is_some() {
            self.push_evoke_purchases(out);
        }
        if late {
            crate::decisions::sort_actions(out);
        }
        if self.turn.open != 0 {
            // Rules revision 3: `use cN` sorts last but for the abilities that name their card. (Sorted,
            // the list is searched whole; a Portal's `use` inserted above moves one action past the mark,
            // which is searched again.)
            self.push_uses(if late { 0 } else { may_defer_from }, out);
        }
        self.push_harvest_uses(left, out);
        if score {
            out.push(Action::Score);
        }
        if crate::effects::neighbour_on_deck::may_harvest(self) {
            // Rules revision 8 (MV23): Dione's upgraded side, a neighbour's card that can cost.
            crate::effects::neighbour_on_deck::push_uses(self, out);
        }
        let hunt = &self.turn.fx.deck_to_field;
        if hunt.waiting() != 0 || hunt.used_waiting() != 0 {
            // Rules revision 8 (MV91): the fills and Canopy Explorers waiting, and no `done` while one does
            // (a used on-deck card's too, revision 9).
            self.push_hunt_units(out);
        }
    }

    /// A unique ability takes several choices: its own, or `decline` to stop. Out of the Harvest listing's
    /// line (the few abilities with several choices, while one is open).
    #[cold]
    #[inline(never)]
    fn legal_ability_open(&self, open: u8, out: &mut Vec<Action>) {
        out.push(Action::Decline);
        self.for_each_module(|k, c, ab, m| {
            if let (true, Some(f)) = (k == open, m.actions) {
                f(self, c, ab, out);
            }
        });
    }

    /// Variant (EN:1829-1833): 3 spirits for 1 VP, not a vale purchase; each payment the spirits `left`
    /// make. Out of the Harvest listing's line (a variant).
    #[cold]
    #[inline(never)]
    fn push_vp_payments(left: [u8; 4], out: &mut Vec<Action>) {
        if left.iter().map(|&x| u16::from(x)).sum::<u16>() >= 3 {
            out.extend(
                crate::actions::vp_payments().filter(|pay| (0..4).all(|k| pay[k] <= left[k])).map(Action::BuyVp),
            );
        }
    }

    /// Rules revision 6 (ruling MV83): whether the player decides when the field's VP are scored, given
    /// the vale purchases offered: only where the order can change something, i.e. the VP not scored yet
    /// would empty the pool and one of those vales reads the pool as it is bought (Sunweaver Copse,
    /// EN:1505: scored first, the end is triggered and the vale adds nothing; bought first, the pool is
    /// refilled). Elsewhere the field's VP are scored as the Harvest ends, which gives the same game.
    fn score_matters(&self, vales: &[Action]) -> bool {
        let t = &self.turn;
        if vales.is_empty()
            || self.options.rules < crate::setup::SCORE_RULES
            || self.ending
            || self.pool == 0
            || t.vp_total.saturating_sub(t.scored[0]) < self.pool
        {
            return false;
        }
        vales.iter().any(|&a| match a {
            Action::Vale(l, k, _) => {
                let ab = self.db.hot_vale(self.vale_row[usize::from(l)][usize::from(k)]).ability;
                ab.timing == Timing::WhenBought
                    && ab.effect == Effect::Unique
                    && crate::effects::module(ab.module).is_some_and(|m| m.reads_pool)
            }
            _ => false,
        })
    }

    /// Scores the field's VP this Harvest Phase has not scored yet: from the pool (the end is triggered if
    /// it runs out, EN:609) and from the box. `score` (rules revision 6, ruling MV83) and the Harvest's end.
    pub(super) fn score_field<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let i = self.current as usize;
        let (vp, box_vp) = (self.turn.vp_total, self.turn.box_vp_total);
        let [pool_done, box_done] = self.turn.scored;
        self.turn.scored = [vp.max(pool_done), box_vp.max(box_done)];
        self.gain_vp(i, vp.saturating_sub(pool_done), ev);
        let box_vp = box_vp.saturating_sub(box_done);
        if box_vp > 0 {
            // From the box: the pool, the game's clock, is not touched (EN:1584).
            self.players[i].vp = self.players[i].vp.saturating_add(box_vp);
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::GainedVp(self.seat(), box_vp));
            }
        }
    }

    /// Pushes `vale` for every vale in the row the spirits left pay (two vale purchases a turn).
    pub(super) fn push_vales(&self, left: [u8; 4], out: &mut Vec<Action>) {
        // Summed wide: a user's card file may give more than 255 spirits in all (no wrap, no panic).
        let total = left.iter().map(|&x| u16::from(x)).sum::<u16>();
        // Sunwell Temple's vale is taken, not bought: it is not one of the two (EN:1511).
        if self.turn.vales_bought >= 2 || total == 0 {
            return;
        }
        let p = self.cur();
        let db = &*self.db;
        let row = self.vale_row.as_flattened();
        // Fewer spirits than the cheapest vale of the cards: no vale in reach (most listings), no walk
        // of the row. Checked in debug builds against the row's totals.
        if total < u16::from(db.min_vale_total) {
            debug_assert!(
                row.iter().all(|&v| u16::from(db.hot_vale_ref(v).total) > total),
                "push_vales: min_vale_total"
            );
            return;
        }
        // First, without branches, the places whose vale's total the spirits reach: an empty place reads
        // `HotVale::UNUSED`, whose total (255) no spirits at most 254 pay, so the id is not tested. (A
        // vale costing 255 spirits in all would need 255, which `min` takes away.)
        let total = total.min(u16::from(u8::MAX - 1)) as u8;
        let mut reach = 0u32;
        for (i, &v) in row.iter().enumerate() {
            reach |= u32::from(db.hot_vale_ref(v).total <= total) << i;
        }
        // Then those places in order.
        while reach != 0 {
            let i = reach.trailing_zeros() as usize;
            reach &= reach - 1;
            let vale = db.hot_vale_ref(row[i]);
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
            let (l, k) = (i as u8 / 4, i as u8 % 4);
            if cost[3] == 0 {
                out.push(Action::Vale(l, k, None));
            } else {
                // The spirits left once the fixed part is paid: each kind pays the "any" part if enough.
                let mut rest = left;
                for x in 0..3 {
                    rest[x] -= cost[x].min(left[x]);
                }
                rest[3] -= short as u8;
                for s in Spirit::ALL {
                    if rest[s as usize] >= cost[3] {
                        out.push(Action::Vale(l, k, Some(s)));
                    }
                }
            }
        }
    }

    /// Pushes the choices of the unique harvest abilities in the field not used yet this turn (sorted,
    /// without repeats); returns whether some come after `BuyVp` and `EvokeBought` in the action order
    /// (Old Bakarab's), so that the whole list needs sorting.
    pub(super) fn push_unique(&self, field: u32, effects: u32, out: &mut Vec<Action>) -> bool {
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
        self.push_unique_now(out)
    }

    /// [`push_unique`](MysticVale::push_unique) once the field has a unique harvest ability: the walk of
    /// the field's modules, out of the Harvest listing's line (none in the base game).
    #[inline(never)]
    fn push_unique_now(&self, out: &mut Vec<Action>) -> bool {
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
    pub(super) fn push_vale_uses(&self, out: &mut Vec<Action>, ok: impl Fn(crate::cards::Ability) -> bool) {
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
    pub(super) fn push_portals(&self, out: &mut Vec<Action>) {
        self.portal_moves(|a, s, b| {
            out.push(Action::Portal(a, s, b));
            true
        });
    }

    /// Whether the game plays rules revision 7: Wayfarer Portal's move as a sequence of `use` decisions
    /// (ruling MV90).
    #[inline]
    pub(crate) fn portal_steps(&self) -> bool {
        self.options.rules >= crate::setup::PORTAL_RULES
    }

    /// Rules revision 7 (MV90): the decisions of a Wayfarer Portal move half made. Opened, `use cA SLOT`
    /// for each advancement with a destination; named, `use vV cB` for each destination; `decline` backs
    /// out either way. Out of the Harvest listing's line (only while a move is half made).
    #[inline(never)]
    pub(super) fn legal_portal(&self, p: crate::effects::move_advancement::Pending, out: &mut Vec<Action>) {
        out.push(Action::Decline);
        #[cfg(debug_assertions)]
        let from_len = out.len();
        let (places, waiting) = (self.portal_places(), self.waiting_purchases());
        match p.from {
            // One destination is enough to name an advancement: the first found, then the next one.
            None => self.portal_moves_in(&places, &waiting, places.0, 0b111, true, |a, s, _| {
                out.push(Action::Use { card: Held::Card(a, s as u8), choice: Choice::Nothing });
                true
            }),
            // Only the advancement named has its destinations looked for.
            Some((from, slot)) => {
                self.portal_moves_in(&places, &waiting, 1 << from, 1 << slot as u8, false, |_, _, b| {
                    out.push(Action::Use { card: Held::Vale(p.vale), choice: Choice::Card(b) });
                    true
                })
            }
        }
        #[cfg(debug_assertions)]
        {
            let mut reference = Vec::new();
            self.legal_portal_reference(p, &mut reference);
            debug_assert_eq!(out[from_len..], reference[..], "legal_portal: legal_portal_reference");
        }
    }

    /// The reference of [`legal_portal`](MysticVale::legal_portal)'s decisions after `decline` (debug
    /// builds): every move walked, each advancement named once for all its destinations, each destination
    /// of the advancement named.
    #[cfg(debug_assertions)]
    fn legal_portal_reference(&self, p: crate::effects::move_advancement::Pending, out: &mut Vec<Action>) {
        match p.from {
            None => self.portal_moves(|a, s, _| {
                let step = Action::Use { card: Held::Card(a, s as u8), choice: Choice::Nothing };
                if out.last() != Some(&step) {
                    out.push(step);
                }
                true
            }),
            Some((from, slot)) => self.portal_moves(|a, s, b| {
                if (a, s) == (from, slot) {
                    out.push(Action::Use { card: Held::Vale(p.vale), choice: Choice::Card(b) });
                }
                true
            }),
        }
    }

    /// Rules revision 7 (MV90): applies a decision of a Wayfarer Portal move: `use vV` opens it, `use cA
    /// SLOT` names the advancement, `use vV cB` moves it (as revision 6's `portal cA SLOT cB`), `decline`
    /// backs out, the Portal spent for the turn (so a turn stays finite).
    pub(super) fn apply_portal_step(&mut self, action: Action) {
        use crate::effects::move_advancement::Pending;
        let fx = &mut self.turn.fx.move_advancement;
        match (fx.pending, action) {
            (None, Action::UseVale(vale)) => fx.pending = Some(Pending { vale, from: None }),
            (
                Some(p @ Pending { from: None, .. }),
                Action::Use { card: Held::Card(a, at), choice: Choice::Nothing },
            ) => {
                let slot = Slot::ALL.get(usize::from(at)).copied();
                fx.pending = slot.map(|s| Pending { from: Some((a, s)), ..p });
            }
            (Some(Pending { from: Some((a, s)), .. }), Action::Use { choice: Choice::Card(b), .. }) => {
                fx.pending = None;
                self.move_advancement(a, s, b);
            }
            (Some(_), Action::Decline) => {
                fx.pending = None;
                fx.used = true;
            }
            _ => {}
        }
    }

    /// Moves card `a`'s advancement in slot `s` onto card `b` (Wayfarer Portal, EN:1543-1549): what was
    /// under it shows again; the Portal is used for the turn.
    fn move_advancement(&mut self, a: u8, s: Slot, b: u8) {
        let db = self.db.clone();
        let p = &mut self.players[self.current as usize];
        let from = &mut p.cards[a as usize];
        let adv = from.slots[s as usize];
        from.slots[s as usize] = from.covered[s as usize];
        from.covered[s as usize] = EMPTY;
        p.cards[b as usize].put(&db, adv);
        p.refresh(&db, a as usize);
        p.refresh(&db, b as usize);
        self.turn.fx.move_advancement.used = true;
        self.count_places();
        self.recount();
    }

    /// Calls `f` with each legal advancement move between two field cards (Wayfarer Portal,
    /// EN:1543-1549), in the order of [`Action::Portal`]'s ids, until it returns `false`.
    pub(super) fn portal_moves(&self, f: impl FnMut(u8, Slot, u8) -> bool) {
        let places = self.portal_places();
        self.portal_moves_in(&places, &self.waiting_purchases(), places.0, 0b111, false, f);
    }

    /// Whether some Wayfarer Portal move is legal now (as [`portal_moves`](MysticVale::portal_moves)
    /// would find one). With nothing bought this turn every move keeps the purchases, and one field walk
    /// answers ([`portal_any_unbought`](MysticVale::portal_any_unbought)); else, and as its reference in
    /// debug builds, the walk of the moves ([`portal_any_walk`](MysticVale::portal_any_walk)).
    pub(super) fn portal_any(&self) -> bool {
        if self.turn.bought.is_empty() {
            let any = self.portal_any_unbought();
            debug_assert_eq!(any, self.portal_any_walk(), "portal_any_unbought: portal_any_walk");
            return any;
        }
        self.portal_any_walk()
    }

    /// [`portal_any`](MysticVale::portal_any) when nothing was bought this turn: whether some field
    /// card (not the leader's) holds an advancement (not a Cursed Land nor the starting soil) that
    /// another such card has a place for. Each card's places as bits, at the top of each 7-bit count
    /// (as [`CardStats::places`](crate::state::CardStats)): count `3 * slot + 1` for an eclipse
    /// advancement (the slot empty, or something to go under), `3 * slot + 2` for a regular one (empty,
    /// or an eclipse advancement to cover). Gathered over the field with the bits two cards offer, a
    /// card's advancement has another destination when its bit is offered twice, or once but not by it.
    fn portal_any_unbought(&self) -> bool {
        // The top bits of the counts of empty slots (counts 0, 3 and 6).
        const EMPTY_SLOTS: u64 = 1 << 6 | 1 << 27 | 1 << 48;
        let p = self.cur();
        let db = &*self.db;
        let leader = p.leader.map_or(u8::MAX, |l| l.card);
        let offers = |c: u8| {
            let nz = places_nonzero(p.stats[c as usize].places);
            nz | (nz & EMPTY_SLOTS) << 7 | (nz & EMPTY_SLOTS) << 14
        };
        let (mut seen, mut twice) = (0u64, 0u64);
        for &c in p.field.iter() {
            let w = if c == leader { 0 } else { offers(c) };
            twice |= seen & w;
            seen |= w;
        }
        if seen == 0 {
            return false;
        }
        for &a in p.field.iter() {
            if a == leader {
                continue;
            }
            let elsewhere = twice | (seen & !offers(a));
            for (s, &adv) in p.cards[a as usize].slots.iter().enumerate() {
                if adv == EMPTY || adv == db.cursed_land || adv == db.starting_soil {
                    continue;
                }
                let kind = if db.hot_ref(adv).eclipse { 1 } else { 2 };
                if elsewhere & 1 << (7 * (3 * s + kind) + 6) != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The walk of the moves behind [`portal_any`](MysticVale::portal_any). The moves in slots no
    /// purchase waits for are looked at first: each keeps the purchases fitting if they fit now, without
    /// counting the field's places again.
    fn portal_any_walk(&self) -> bool {
        let (places, waiting) = (self.portal_places(), self.waiting_purchases());
        let busy = waiting.as_ref().map_or(0, |w| w.slots);
        let mut any = false;
        for slots in [!busy & 0b111, busy] {
            if slots != 0 {
                self.portal_moves_in(&places, &waiting, places.0, slots, true, |_, _, _| {
                    any = true;
                    false
                });
            }
            if any {
                return true;
            }
        }
        false
    }

    /// The field cards a Wayfarer Portal move may take an advancement from or to (not the leader's), and
    /// per slot and kind of place (empty, under, cover, `3 * slot + kind`) the field cards offering it: an
    /// advancement fits where its slot is empty or holds what it may go under (eclipse) or cover (regular).
    fn portal_places(&self) -> (u32, [u32; 9]) {
        let p = self.cur();
        let cards = p.field_mask() & !p.leader.map_or(0, |l| 1 << l.card);
        let mut place = [0u32; 9];
        for &c in p.field.iter() {
            // The card's non-zero counts, one bit each (at the top of the count's 7 bits).
            let mut nonzero = places_nonzero(p.stats[c as usize].places);
            while nonzero != 0 {
                place[nonzero.trailing_zeros() as usize / 7] |= 1 << c;
                nonzero &= nonzero - 1;
            }
        }
        (cards, place)
    }

    /// [`portal_moves`](MysticVale::portal_moves) from the cards of `sources` (bit per card, among the
    /// field's) in the slots of `slots` (bit per slot), given the field's
    /// [`portal_places`](MysticVale::portal_places) and the purchases `waiting`; with `first_only`, only
    /// the first destination of each advancement.
    fn portal_moves_in(
        &self,
        &(cards, place): &(u32, [u32; 9]),
        waiting: &Option<Waiting>,
        sources: u32,
        slots: u8,
        first_only: bool,
        mut f: impl FnMut(u8, Slot, u8) -> bool,
    ) {
        let p = self.cur();
        let db = &*self.db;
        let mut m = cards & sources;
        while m != 0 {
            let a = m.trailing_zeros() as u8;
            m &= m - 1;
            for s in Slot::ALL {
                let adv = p.cards[a as usize].slots[s as usize];
                if slots & (1 << s as u8) == 0 || adv == EMPTY || adv == db.cursed_land || adv == db.starting_soil {
                    continue;
                }
                let k = 3 * s as usize;
                let fits = place[k] | if db.hot_ref(adv).eclipse { place[k + 1] } else { place[k + 2] };
                let mut n = fits & cards & !(1 << a);
                while n != 0 {
                    let b = n.trailing_zeros() as u8;
                    n &= n - 1;
                    if self.portal_keeps(waiting, a, s, b) {
                        if !f(a, s, b) {
                            return;
                        }
                        if first_only {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// This turn's purchases as [`portal_keeps`](MysticVale::portal_keeps) reads them, found once for
    /// all the moves of a listing; `None` when nothing was bought.
    fn waiting_purchases(&self) -> Option<Waiting> {
        if self.turn.bought.is_empty() {
            return None;
        }
        let db = &*self.db;
        let mut w = Waiting { demand: [[0; 2]; 3], declared: [0; 3], cards: 0, slots: 0, fit: false };
        for b in &self.turn.bought {
            let h = db.hot_ref(b.adv);
            w.slots |= 1 << h.slot as u8;
            match b.target {
                None => w.demand[h.slot as usize][usize::from(h.eclipse)] += 1,
                Some(c) => {
                    w.declared[h.slot as usize] += 1;
                    w.cards |= 1 << c;
                }
            }
        }
        w.fit = Self::demand_fits(self.turn.places, w.demand, w.declared);
        Some(w)
    }

    /// [`portal_keeps_purchases`](MysticVale::portal_keeps_purchases) with the purchases found once
    /// (`waiting`): a move that changes no slot a purchase waits for leaves them fitting as they do now.
    fn portal_keeps(&self, waiting: &Option<Waiting>, a: u8, s: Slot, b: u8) -> bool {
        let Some(w) = waiting else { return true };
        if w.cards & (1 << a | 1 << b) != 0 {
            return false;
        }
        let db = &*self.db;
        let p = self.cur();
        let (old_a, old_b) = (p.cards[a as usize], p.cards[b as usize]);
        let k = s as usize;
        let adv = old_a.slots[k];
        let to = db.hot_ref(adv).slot as usize;
        if w.slots & (1 << k | 1 << to) == 0 {
            return w.fit;
        }
        Self::demand_fits(self.places_after_move(old_a, old_b, k, to), w.demand, w.declared)
    }

    /// The turn's places once card `old_a`'s advancement in slot `k` (of slot `to`) moves onto `old_b`:
    /// only the slot it leaves and the one it takes change.
    fn places_after_move(
        &self,
        old_a: crate::state::Sleeve,
        old_b: crate::state::Sleeve,
        k: usize,
        to: usize,
    ) -> [[u8; 3]; 3] {
        let db = &*self.db;
        let (mut new_a, mut new_b) = (old_a, old_b);
        let adv = new_a.slots[k];
        new_a.slots[k] = new_a.covered[k];
        new_a.covered[k] = EMPTY;
        new_b.put(db, adv);
        let mut places = self.turn.places;
        for j in 0..3 {
            if j != k && j != to {
                continue;
            }
            for (sleeve, sign) in [(old_a, -1i8), (old_b, -1), (new_a, 1), (new_b, 1)] {
                if let Some(x) = slot_place(db, sleeve, j) {
                    places[j][x] = places[j][x].saturating_add_signed(sign);
                }
            }
        }
        places
    }

    /// Whether moving card `a`'s advancement in slot `s` to card `b` leaves every purchase of this turn a
    /// place (MV21): never on or off a card declared for a purchase. The reference for the moves'
    /// listing (`portal_keeps`).
    pub(super) fn portal_keeps_purchases(&self, a: u8, s: Slot, b: u8) -> bool {
        if self.turn.bought.is_empty() {
            return true;
        }
        if self.turn.bought.iter().any(|x| x.target == Some(a) || x.target == Some(b)) {
            return false;
        }
        let db = &*self.db;
        let p = self.cur();
        let (old_a, old_b) = (p.cards[a as usize], p.cards[b as usize]);
        let k = s as usize;
        let to = db.hot_ref(old_a.slots[k]).slot as usize;
        self.purchases_fit_in(self.places_after_move(old_a, old_b, k, to), None)
    }

    /// The field card whose exchange ability `sow` uses: one the mana pays for, a doubling one first.
    pub(super) fn sow_card(&self) -> Option<(u8, crate::cards::Ability)> {
        if !self.turn.fx.exchange.in_field {
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
    pub(super) fn convert_vale(&self) -> Option<usize> {
        if self.turn.usable & Effect::ConvertToWild.bit() == 0 {
            return None;
        }
        let mana = self.mana_left();
        let vales = self.usable_vales();
        let converts = |v: u8| {
            let x = self.db.hot_vale(v);
            x.ability.timing == Timing::Harvest && x.ability.effect == Effect::ConvertToWild
        };
        let mut spent = self.turn.fx.convert_to_wild.vales_used;
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

    /// Adds `n` of `reward` to this harvest, outside the counted totals (they survive a recount). VP
    /// are taken at once, from the pool or the box, into the player's play area (EN:695): a vale bought
    /// later (Sunweaver Copse, EN:1505) sees the pool they left.
    pub(crate) fn gain_now(&mut self, reward: crate::cards::Reward, n: u8) {
        self.take_gain(reward, n);
        self.recount();
    }

    /// [`gain_now`](MysticVale::gain_now) of VP where nothing the harvest reads changed since its
    /// totals were counted (VP bought with spirits, an exchange paid with mana). From rules revision 2
    /// such VP are taken at once, outside the counted totals, so that recount would change nothing but
    /// mark the vales' part banked while banking (done here): it is left out. In debug builds it runs on
    /// a copy (the reference), and the turn must come out the same. Other gains, and revision 1's VP,
    /// go through `gain_now`.
    pub(crate) fn gain_vp_now(&mut self, reward: crate::cards::Reward, n: u8) {
        use crate::cards::Reward as R;
        if !self.ordered() || !matches!(reward, R::Vp | R::BoxVp) {
            return self.gain_now(reward, n);
        }
        self.take_gain(reward, n);
        if self.turn.banking {
            // What that recount would mark besides: the vales' part is banked (`recount`'s walk), as it
            // was when the banking began (the field's cards were marked then).
            self.turn.seen |= crate::decisions::VALES_BIT;
        }
        #[cfg(debug_assertions)]
        {
            let mut reference = self.clone();
            reference.recount();
            debug_assert_eq!(reference.turn, self.turn, "gain_vp_now: the recount left out");
        }
    }

    /// [`gain_now`](MysticVale::gain_now)'s gain, without its recount.
    fn take_gain(&mut self, reward: crate::cards::Reward, n: u8) {
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
    pub(super) fn remove_vale(&mut self, k: usize) -> u8 {
        let i = self.current as usize;
        let v = self.players[i].vales.remove(k);
        self.removed_vales.push(v);
        self.turn.usable = self.usable_mask();
        v
    }

    /// The Harvest Phase ends (`done`): the leader's side, the harvest's VP, then the Discard Phase.
    pub(super) fn end_harvest<S: EventSink<Event>>(&mut self, ev: &mut S) {
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
        if self.turn.fx.neighbour_on_deck.turn_back != 0 {
            // Rules revision 9 (MV23): a neighbour's Old Bakarab used with Dione's side, paid to turn back.
            crate::effects::neighbour_on_deck::turn_back(self);
        }
        if S::ENABLED && self.turn.vp_now > 0 {
            // Taken at once during the harvest (`gain_now`), shown with the rest.
            ev.emit(Audience::Everyone, Event::GainedVp(self.seat(), self.turn.vp_now));
        }
        self.score_field(ev);
        self.sleeve_or_discard(ev);
    }

    pub(super) fn gain_vp<S: EventSink<Event>>(&mut self, i: usize, vp: u16, ev: &mut S) {
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

    /// Applies an action of the Harvest Phase that [`apply_rest`](MysticVale::apply_rest) did not take first.
    pub(super) fn apply_harvest<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        match action {
            // Rules revision 7 (MV90): Wayfarer Portal's move, one decision at a time (no other Harvest
            // decision is offered while it is half made, so no arm of `apply_rest` takes its actions).
            a if self.turn.fx.move_advancement.pending.is_some() => self.apply_portal_step(a),
            a @ Action::UseVale(v) if self.db.hot_vale(v).ability.effect == Effect::MoveAdvancement => {
                self.apply_portal_step(a)
            }
            Action::Token => {
                // Ley Line Overflow doubles the token's mana too (EN:1049-1051, ruling MV42).
                self.turn.token_used = true;
                self.players[i].token_active = false;
                self.turn.mana_extra = self.turn.mana_extra.saturating_add(self.turn.fx.multiply_mana.factor.max(1));
                self.on_evoke();
                self.silver_tree_on_evoke();
            }
            Action::Use { card: Held::Vale(v), choice: Choice::Spirit(s) } => self.convert_spirit(v, s, ev),
            Action::Vale(l, k, any) => {
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
            Action::Upgrade => {
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
            // Rules revision 8 (MV91): a waiting fill or Canopy Explorer.
            Action::Use { card: Held::Card(c, at), choice: Choice::Nothing } if self.hunt_unit(c, at).is_some() => {
                self.resolve_hunt(c, at, ev)
            }
            Action::Use { card: Held::Card(c, _), choice: Choice::Nothing } => {
                // Seed Sowers on card `c`: pay mana for its reward (an exchange ability).
                if let Some(ab) = self.card_ability(c, Timing::Harvest, Effect::Exchange) {
                    let double = if self.players[i].stats[c as usize].has(Effect::DoubleAbilityVp) { 2 } else { 1 };
                    self.turn.mana_spent = self.turn.mana_spent.saturating_add(ab.amount);
                    self.gain_vp_now(ab.reward, double);
                }
            }
            Action::UseVale(v) => self.use_vale_now(v, ev),
            a if a.is_module_choice() => self.apply_module_choice(action, ev),
            Action::Decline => {
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
            Action::BuyVp(pay) => {
                for k in 0..4 {
                    self.turn.spirit_spent[k] = self.turn.spirit_spent[k].saturating_add(pay[k]);
                }
                self.gain_vp_now(crate::cards::Reward::Vp, 1);
            }
            Action::Portal(a, s, b) => self.move_advancement(a, s, b),
            Action::BuyOn(s, c) => self.buy(s, c, ev),
            Action::Score => self.score_field(ev),
            Action::UseOnDeck(s, c) => {
                crate::effects::neighbour_on_deck::apply_use(self, s, c);
                // Rules revision 8 (MV91): a card it drew may wait.
                self.hunt_refresh();
            }
            // Rules revision 9 (MV91): a used on-deck card's waiting fill or Canopy Explorer.
            Action::UseOnDeckAbility(s, c, at) if self.hunt_used_unit(s, c, at).is_some() => {
                self.resolve_used_hunt(s, c, at, ev)
            }
            Action::UseOnDeckAbility(s, c, at) => crate::effects::neighbour_on_deck::apply_exchange(self, s, c, at),
            _ => {}
        }
    }

    /// A vale turns one spirit of kind `s` wild (`convert-to-wild`: Sunstone Aerie, Stormcaller, EN:1491-1497).
    fn convert_spirit<S: EventSink<Event>>(&mut self, v: u8, s: crate::cards::Spirit, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
        // Sunstone Aerie, Stormcaller: one spirit becomes wild (EN:1491-1497).
        if let Some(k) = self.convert_vale_with(v) {
            let v = self.players[i].vales[k];
            self.turn.mana_spent = self.turn.mana_spent.saturating_add(self.db.hot_vale(v).ability.amount);
            if self.db.hot_vale(v).remove_self {
                self.remove_vale(k);
            } else {
                self.turn.fx.convert_to_wild.vales_used += 1;
            }
            self.turn.fx.convert_to_wild.converted[s as usize] += 1;
            self.turn.spirits[s as usize] -= 1;
            self.turn.spirits[3] += 1;
            if S::ENABLED {
                ev.emit(Audience::Everyone, Event::UsedVale(seat, self.db.vale(v).title.clone()));
            }
        }
    }

    /// A usable vale used in the Harvest Phase: its gain at once, or the free purchase it allows.
    fn use_vale_now<S: EventSink<Event>>(&mut self, v: u8, ev: &mut S) {
        let seat = self.seat();
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
                Effect::FreeBuy => self.turn.fx.free_buy.free_level = Some(ab.amount),
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

    /// A unique ability's choice: the module that offers it applies it ([`crate::effects::Module::apply`]).
    fn apply_module_choice<S: EventSink<Event>>(&mut self, action: Action, ev: &mut S) {
        let i = self.current as usize;
        let seat = self.seat();
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
                // The player's card it chose, if it chose one.
                let on = match action {
                    Action::AbilityCard(t) | Action::AbilitySoil(_, t) | Action::Workshop(_, t) => {
                        Some(self.card_ref(i, t))
                    }
                    _ => None,
                };
                // A used neighbour's card (rules revision 8) is named as its owner's.
                let (owner, card) = crate::effects::neighbour_on_deck::used_card(self, c).unwrap_or((i, c));
                ev.emit(Audience::Everyone, Event::UsedAbility(seat, self.card_ref(owner, card), on));
            }
            if step == crate::effects::Step::UsedReveal {
                if S::ENABLED {
                    ev.emit(Audience::Everyone, Event::AbilityDiscard(seat, on_deck.map(|c| self.card_ref(i, c))));
                }
                self.reveal(ev);
            }
        }
    }
}

/// This turn's purchases, for the Wayfarer Portal's moves: per slot the regular and eclipse ones
/// waiting for a place and those declared for a card, the cards declared for (bit per card), the slots
/// any purchase is in (bit per slot), and whether they all fit the field as it is.
struct Waiting {
    demand: [[u8; 2]; 3],
    declared: [u8; 3],
    cards: u32,
    slots: u8,
    fit: bool,
}

/// One bit per non-zero count of `places` (nine 7-bit counts, as `CardStats::places`), at the count's
/// top bit (bit `7 * f + 6`): a count's low six bits plus 63 carry into its top bit when any is set.
#[inline]
fn places_nonzero(places: u64) -> u64 {
    const ONES: u64 = ((1 << 63) - 1) / 0x7f;
    const LOW: u64 = 0x3f * ONES;
    const TOP: u64 = 0x40 * ONES;
    (((places & LOW) + LOW) | places) & TOP
}
