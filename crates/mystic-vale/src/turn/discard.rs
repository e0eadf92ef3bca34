//! The Discard Phase (EN:550-574): purchases sleeved, the commons replenished, the cards the field may
//! keep (Argent Owl, Hatchery, Pool of Visions), then the field to the discard pile.

use super::*;

impl MysticVale {
    /// Hatchery: the field cards that may still be kept (EN:1037-1043): with the ability, not the
    /// leftmost card when the Discard Phase began, not kept yet (the first `kept` cards are).
    /// In the caller's line up to the field's effects (most fields have no Hatchery), the cards in
    /// [`keep_targets_in`](MysticVale::keep_targets_in).
    #[inline]
    pub(crate) fn keep_targets(&self, first: u8, kept: u8) -> u32 {
        if self.db.card_effects & Effect::KeepInField.bit() == 0 {
            return 0;
        }
        let p = self.cur();
        if p.field.iter().fold(0, |m, &c| m | p.stats[c as usize].effects) & Effect::KeepInField.bit() == 0 {
            return 0;
        }
        self.keep_targets_in(first, kept)
    }

    /// [`keep_targets`](MysticVale::keep_targets) once some field card has Hatchery's effect.
    #[inline(never)]
    fn keep_targets_in(&self, first: u8, kept: u8) -> u32 {
        let p = self.cur();
        p.field
            .iter()
            .skip(usize::from(kept))
            .fold(0, |m, &c| if c != first && self.hatchery(c) { m | 1 << c } else { m })
    }

    /// Whether field card `c` of the active player carries Hatchery's ability (kept in the Discard Phase).
    pub(super) fn hatchery(&self, c: u8) -> bool {
        self.cur().stats[c as usize].has(Effect::KeepInField)
            && self.card_ability(c, Timing::Discard, Effect::KeepInField).is_some()
    }

    pub(super) fn keep_next<S: EventSink<Event>>(&mut self, first: u8, kept: u8, ev: &mut S) {
        if self.keep_targets(first, kept) == 0 {
            self.turn.fx.keep_in_field.kept = kept;
            self.enter_pool_keep(ev);
        } else {
            self.phase = Phase::Hatch { first, kept };
        }
    }

    /// Discard Phase: Earthchant Chorus purchases go to their declared card, then the player sleeves the
    /// others one by one, then the field is discarded.
    pub(super) fn sleeve_or_discard<S: EventSink<Event>>(&mut self, ev: &mut S) {
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
    pub(super) fn enter_discard<S: EventSink<Event>>(&mut self, ev: &mut S) {
        // Deepriver Crystal's window in the Discard Phase (EN:1779), once the purchases are sleeved: after
        // a Spoil its only one; from rules revision 11 without a Spoil too (ruling MV99).
        let window = self.turn.spoiled || self.options.rules >= crate::setup::THIRD_REVIEW_RULES;
        if window && !self.cur().field.is_empty() && self.evoke_window(Moment::Discard) {
            self.phase = Phase::DiscardEvoke;
            return;
        }
        self.enter_discard_after_evoke(ev);
    }

    /// The Discard Phase once the amulet's window is past: Argent Owl, Hatchery, Pool of Visions.
    pub(crate) fn enter_discard_after_evoke<S: EventSink<Event>>(&mut self, ev: &mut S) {
        self.turn.fx.keep_in_field.kept = 0;
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
    pub(super) fn keep_on_spoil(&mut self) -> u8 {
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
    pub(super) fn keep_leftmost(&mut self, c: u8) {
        let p = &mut self.players[self.current as usize];
        if let Some(k) = p.field.iter().position(|&x| x == c) {
            p.field[..=k].rotate_right(1);
        }
    }

    /// Pool of Visions: the field cards it may keep, not kept yet (the first `kept` are), if the vale is
    /// usable and unused this Discard Phase.
    pub(super) fn pool_targets(&self, kept: u8) -> u32 {
        if self.turn.fx.keep_in_field.vale_kept || self.vale_use(Timing::Discard, Effect::KeepInField).is_none() {
            return 0;
        }
        self.cur().field.iter().skip(usize::from(kept)).fold(0, |m, &c| m | 1 << c)
    }

    /// After Hatchery's choices: Pool of Visions may keep one more card, unless it already did.
    pub(super) fn enter_pool_keep<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let kept = usize::from(self.turn.fx.keep_in_field.kept);
        if !self.turn.fx.keep_in_field.vale_kept
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
    pub(super) fn discard_phase<S: EventSink<Event>>(&mut self, keep: Option<u8>, ev: &mut S) {
        let i = self.current as usize;
        let kept = usize::from(self.turn.fx.keep_in_field.kept);
        self.turn.fx.keep_in_field.kept = 0;
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
        p.fx.cancel_decay.until_discard = None;
        p.fx.amulets.extra_guardians = None;
        if matches!(p.fx.plus_guardian.first, Some((_, false))) {
            p.fx.plus_guardian.first = None;
        }
        if matches!(p.fx.plus_guardian.second, Some((_, false))) {
            p.fx.plus_guardian.second = None;
        }
        self.replenish();
        let last = (self.start as usize + self.n() - 1) % self.n();
        if i == last && !self.ending && self.rounds >= MAX_ROUNDS {
            self.ending = true;
        }
        if self.ending && i == last {
            // Borderwatch Bog: its owners' extra Planting Phase, after this player's Prep Phase if it
            // owns one (EN:1268-1270, ruling MV74). Rules revision 5: the Prep Phase is part of every
            // turn (EN:426-431), so the last one is always played (ruling MV13).
            if self.second_review() || self.owns_bog(i) {
                self.turn.fx.bog_planting.last_prep = true;
                self.prep(ev);
            } else if !self.bog_next(ev) {
                self.game_over(ev);
            }
            return;
        }
        self.prep(ev);
    }

    pub(super) fn replenish(&mut self) {
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
}
