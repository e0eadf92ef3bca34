//! Rules revision 8 (ruling MV91): Call of the Hunt resolved in the player's order. "If you have less
//! than 8 cards in your field, then take the top card of your deck and place it face up at the end of your
//! field ... Repeat this until you have exactly 8 cards in your field" (EN:903-905); the Harvest is done
//! "in any order" (EN:462) and a Harvest ability may be used "at any time during your Harvest Phase" but
//! must be resolved (EN:478), once (EN:480).
//!
//! From [`HUNT_RULES`] on, each field card with a fill ability (Call of the Hunt; Yaquei's upgraded side,
//! to 9) is a unit the player resolves with `use cN SLOT` (the place of its ability), and `done` is not
//! offered while one waits. In a Harvest that had one, each Canopy Explorer not resolved yet waits the
//! same way, so that the player chooses whether the fill counts the Explorer's cards (fewer cards) or
//! not (the most). Elsewhere Canopy Explorer resolves as the Harvest Phase begins, as in revision 7.
//! Cards that join the field are units too (a Call of the Hunt drawn by another). The state is
//! [`TurnState`](crate::effects::deck_to_field::TurnState): the waiting cards and those resolved; every
//! rules path tests its waiting masks, which only a revision 8 game sets.

use super::*;
use crate::effects::deck_to_field::{EXPLORER_JOIN_RULES, HUNT_REOPEN_RULES, HUNT_RULES, REVEAL_MEANS_RULES};

impl MysticVale {
    /// The number of cards field card `c`'s fill abilities fill the field to, as this Harvest reads them
    /// (the leader's harvest side, the ability Cyrilla gave): 0 for none. The sleeve's slots read in
    /// place, the leader's side only on the leader's card (checked in debug builds against the
    /// abilities' iterator, [`fill_target_reference`](MysticVale::fill_target_reference)).
    fn fill_target(&self, c: u8) -> usize {
        let p = self.cur();
        let fill = |ab: crate::cards::Ability| {
            if ab.timing == Timing::Harvest && ab.effect == Effect::FillField { usize::from(ab.amount) } else { 0 }
        };
        let mut most = 0;
        for a in p.cards[c as usize].slots {
            if a != EMPTY {
                most = most.max(fill(self.db.hot_ref(a).ability));
            }
        }
        if p.leader.is_some_and(|l| l.card == c)
            && let Some(f) = crate::state::leader_face(&self.db, self.harvest_leader(), c)
        {
            most = most.max(fill(f.ability));
        }
        if let Some(ab) = p.boost_on(c).and_then(|b| b.ability) {
            most = most.max(fill(ab));
        }
        debug_assert_eq!(most, self.fill_target_reference(c), "fill_target: fill_target_reference");
        most
    }

    /// The reference of [`fill_target`](MysticVale::fill_target) (debug builds): the largest amount of
    /// the card's abilities that fill the field, as [`card_abilities`](crate::state::card_abilities)
    /// and the boost give them.
    fn fill_target_reference(&self, c: u8) -> usize {
        let p = self.cur();
        let face = crate::state::leader_face(&self.db, self.harvest_leader(), c);
        crate::state::card_abilities(&self.db, p.cards[c as usize], face)
            .chain(p.boost_on(c).and_then(|b| b.ability))
            .filter(|ab| ab.timing == Timing::Harvest && ab.effect == Effect::FillField)
            .map(|ab| usize::from(ab.amount))
            .max()
            .unwrap_or(0)
    }

    /// The cards field card `c`'s Canopy Explorers take: for each, its amount per guardian on the card
    /// (Conclave of Ents' and Wildfire Ember's included), as [`explore`](MysticVale::explore) counts.
    fn explore_count(&self, c: u8) -> u32 {
        let p = self.cur();
        let guardians = u32::from(p.stats[c as usize].guardians) + u32::from(p.bonus(c));
        p.cards[c as usize]
            .advs()
            .map(|a| self.db.hot(a).ability)
            .filter(|ab| ab.effect == Effect::DeckToField && ab.timing == Timing::Harvest)
            .map(|ab| u32::from(ab.amount) * if ab.per == Count::GuardiansOnCard { guardians } else { 1 })
            .sum()
    }

    /// Rules revision 8, as the Harvest Phase begins with a fill or a Canopy Explorer in the field (the
    /// field's `effects`): whether a fill ability is in the field, so that neither resolves now (they
    /// wait for the player); from revision 9 also whether, with a Canopy Explorer and no fill, a fill can
    /// still come this Harvest ([`fill_may_come`](MysticVale::fill_may_come)). Revisions up to 7: `false`,
    /// both resolve now.
    pub(super) fn hunt_begins(&mut self, effects: u32) -> bool {
        if self.options.rules < HUNT_RULES {
            return false;
        }
        let p = self.cur();
        let fill = effects & Effect::FillField.bit() != 0
            && p.field.iter().any(|&c| p.stats[c as usize].has(Effect::FillField) && self.fill_target(c) > 0);
        let waits = fill
            || (effects & Effect::DeckToField.bit() != 0
                && self.options.rules >= HUNT_REOPEN_RULES
                && self.hunt_possible()
                && self.fill_may_come(true));
        self.turn.fx.deck_to_field.hunt = waits;
        waits
    }

    /// Rules revision 9 (ruling MV91), in a Harvest with a Canopy Explorer (the player's or a used
    /// neighbour's) and no fill ability in the field: whether a fill ability can still come into the
    /// field this Harvest other than by an Explorer's own cards, so that the order of the Explorers and
    /// that fill is the player's (EN:462, 478, 903-905, 919). It can when
    /// - Dione's upgraded side is harvested and a neighbour's on-deck card the player may use has one
    ///   (MV23);
    /// - Cyrilla's upgraded side is harvested (the player's or a used one) and a card of a neighbour's
    ///   field has one to copy (EN:1604, MV80);
    /// - the player's amulet may still sleeve a bought advancement now (Darksoul Ember, EN:1759-1771)
    ///   and one in the commons has one;
    /// - a card with one is among the cards the player may still draw (deck and discard pile), and two
    ///   means can draw this Harvest: the Explorers (the player's and the used ones), Summoner Stone
    ///   (EN:1791-1803), a Canopy Explorer Cyrilla's upgraded side can copy. With one means only, the
    ///   fill it draws comes after it whatever the order.
    ///
    /// Elsewhere no order can change anything: the Explorers resolve as the Harvest begins, as in
    /// revision 8 (no decision more in most games).
    ///
    /// From rules revision 10 ([`REVEAL_MEANS_RULES`]) the count of means also reads the cards GinGan's
    /// upgraded side on a used card can still make the neighbours reveal (EN:1631-1637, MV55): each such
    /// neighbour's card that can be revealed (deck or discard pile) is a used card to come (EN:1617), so
    /// one with a fill ability is a fill that can come, and one with a Canopy Explorer a means; and the
    /// player's Explorers already resolved are no means any more. `begin`: asked as the Harvest begins,
    /// before the used cards' hooks ran (GinGan asks both neighbours then).
    #[cold]
    #[inline(never)]
    pub(crate) fn fill_may_come(&self, begin: bool) -> bool {
        let i = self.current as usize;
        let p = &self.players[i];
        let fills = |c: &crate::state::CardStats| c.has(Effect::FillField);
        let explores = |c: &crate::state::CardStats| c.has(Effect::DeckToField);
        let resolved = if self.options.rules >= REVEAL_MEANS_RULES { self.turn.fx.deck_to_field.explored } else { 0 };
        let mut draws = p.field.iter().filter(|&&c| resolved & (1 << c) == 0 && explores(&p.stats[c as usize])).count();
        if self.options.rules >= REVEAL_MEANS_RULES {
            match self.reveals_to_come(begin) {
                Some(true) => return true,
                Some(false) => draws += 1,
                None => {}
            }
        }
        // Dione's upgraded side: the neighbours' on-deck cards, as their owners' cards read.
        let (usable, k) = crate::effects::neighbour_on_deck::usable_cards(self);
        for &(s, c) in &usable[..k] {
            let st = &self.players[s].stats[c as usize];
            if fills(st) {
                return true;
            }
            draws += usize::from(explores(st));
        }
        // Cyrilla's upgraded side: the abilities of the neighbours' fields she may copy.
        let mut graft = false;
        self.for_each_module(|_, _, ab, _| {
            graft |= crate::effects::is_unique(ab, &crate::effects::guardian_and_graft::MODULE);
        });
        if graft {
            let n = self.players.len();
            let (mut fill, mut explore) = (false, false);
            for s in [(i + 1) % n, (i + n - 1) % n] {
                let q = &self.players[s];
                for &c in q.field.iter() {
                    fill |= fills(&q.stats[c as usize]);
                    explore |= explores(&q.stats[c as usize]);
                }
            }
            if fill {
                return true;
            }
            draws += usize::from(explore);
        }
        if let Some(a) = self.evocable().filter(|_| self.evoke_window(crate::amulets::Moment::Harvest)) {
            match a.evoke {
                crate::amulets::Evoke::DeckBottomToField => draws += 1,
                crate::amulets::Evoke::SleeveNow => {
                    let common = self.commons.iter().flatten().any(|&x| {
                        x != EMPTY && {
                            let ab = self.db.hot(x).ability;
                            ab.timing == Timing::Harvest && ab.effect == Effect::FillField
                        }
                    });
                    if common {
                        return true;
                    }
                }
                _ => {}
            }
        }
        // A card with a fill ability the draws may bring: any card neither in the field nor on-deck.
        draws >= 2 && p.out_of_play().any(|c| fills(&p.stats[c as usize]))
    }

    /// Rules revision 10 (ruling MV91, rule (4)): what the neighbours' cards GinGan's upgraded side on a
    /// used card can still make them reveal may bring (EN:1617, 1631-1637): `Some(true)` a fill ability,
    /// `Some(false)` a Canopy Explorer (a means of drawing) and no fill, `None` neither. The neighbours
    /// still to be asked: both as the Harvest begins (`begin`), the next one while the first answers. The
    /// cards that can be revealed are those neither in the field nor on-deck (the deck, and the discard
    /// pile reshuffled when it runs out): their contents are known, their order is not read.
    fn reveals_to_come(&self, begin: bool) -> Option<bool> {
        let (usable, k) = crate::effects::neighbour_on_deck::usable_cards(self);
        let gingan = usable[..k].iter().any(|&(s, c)| {
            let q = &self.players[s];
            crate::state::card_abilities(
                &self.db,
                q.cards[c as usize],
                crate::state::leader_face(&self.db, q.leader, c),
            )
            .any(|ab| {
                ab.timing == Timing::Harvest
                    && crate::effects::is_unique(ab, &crate::effects::neighbours_discard::MODULE)
            })
        });
        if !gingan {
            return None;
        }
        let n = self.players.len();
        let i = self.current as usize;
        let (left, right) = (((i + 1) % n) as u8, ((i + n - 1) % n) as u8);
        let asked: [Option<u8>; 2] = match self.phase {
            _ if begin => [Some(left), (right != left).then_some(right)],
            Phase::NeighbourDiscard { next, .. } => [next, None],
            _ => [None, None],
        };
        let mut explore = false;
        for s in asked.into_iter().flatten() {
            let q = &self.players[usize::from(s)];
            if q.on_deck.is_none() {
                continue;
            }
            for c in q.out_of_play() {
                let st = &q.stats[c as usize];
                if st.has(Effect::FillField) {
                    return Some(true);
                }
                explore |= st.has(Effect::DeckToField);
            }
        }
        explore.then_some(false)
    }

    /// Rules revision 9 (ruling MV91): the used neighbours' on-deck cards came (as the Harvest begins,
    /// `use pS cN`, or a card revealed, of seat `only` then, whose units are new): their Call of the Hunt
    /// and Canopy Explorer are the user's units. Where no fill is or can come (no order to choose), the
    /// used Canopy Explorers take their cards now, as the user's own would as the Harvest begins.
    pub(crate) fn hunt_join_used(&mut self, only: Option<usize>) {
        if let Some(s) = only {
            let keep = !1u8.checked_shl(s as u32).unwrap_or(0);
            let fx = &mut self.turn.fx.deck_to_field;
            fx.used_filled &= keep;
            fx.used_explored &= keep;
        }
        let (used, k) = crate::effects::neighbour_on_deck::used_cards(self);
        let (mut fill, mut explore, mut n) = (false, 0u8, 0u32);
        for &(s, c) in used[..k].iter().filter(|x| only.is_none_or(|o| o == x.0)) {
            let st = &self.players[s].stats[c as usize];
            fill |= st.has(Effect::FillField);
            if st.has(Effect::DeckToField) && self.turn.fx.deck_to_field.used_explored & (1 << s) == 0 {
                explore |= 1 << s;
                n += self.used_explore_count(s, c);
            }
        }
        let p = self.cur();
        let fx = self.turn.fx.deck_to_field;
        let own_fill = p.field.iter().any(|&c| fx.filled & (1 << c) == 0 && p.stats[c as usize].has(Effect::FillField));
        if fx.hunt || fill || own_fill || (explore != 0 && self.fill_may_come(only.is_none())) {
            self.turn.fx.deck_to_field.hunt = true;
        } else if explore != 0 {
            // No order to choose: as the Harvest begins (revision 8's count).
            self.turn.fx.deck_to_field.used_explored |= explore;
            let before = self.cur().field.len();
            self.deck_to_field(n, &mut sylvan_engine::NoEvents);
            self.untold(before, u32::from(explore) << 24);
            self.joined(before);
        }
        self.hunt_refresh();
        self.recount();
    }

    /// The cards seat `s`'s used on-deck card `c`'s Canopy Explorers take for the user: for each, its
    /// amount per guardian printed on the card (MV23).
    fn used_explore_count(&self, s: usize, c: u8) -> u32 {
        let q = &self.players[s];
        let face = crate::state::leader_face(&self.db, q.leader, c);
        let guardians = u32::from(q.stats[c as usize].guardians);
        crate::state::card_abilities(&self.db, q.cards[c as usize], face)
            .filter(|ab| ab.effect == Effect::DeckToField && ab.timing == Timing::Harvest)
            .map(|ab| u32::from(ab.amount) * if ab.per == Count::GuardiansOnCard { guardians } else { 1 })
            .sum()
    }

    /// The number of cards seat `s`'s used on-deck card `c`'s fill abilities fill the user's field to.
    fn used_fill_target(&self, s: usize, c: u8) -> usize {
        let q = &self.players[s];
        let face = crate::state::leader_face(&self.db, q.leader, c);
        crate::state::card_abilities(&self.db, q.cards[c as usize], face)
            .filter(|ab| ab.timing == Timing::Harvest && ab.effect == Effect::FillField)
            .map(|ab| usize::from(ab.amount))
            .max()
            .unwrap_or(0)
    }

    /// Rules revision 9: the used on-deck cards' units waiting now (see [`hunt_refresh`]).
    #[cold]
    #[inline(never)]
    fn hunt_refresh_used(&mut self) {
        let (used, k) = crate::effects::neighbour_on_deck::used_cards(self);
        let fx = self.turn.fx.deck_to_field;
        let (mut fill, mut explore) = (0u8, 0u8);
        for &(s, c) in &used[..k] {
            let (st, bit) = (&self.players[s].stats[c as usize], 1u8 << s);
            if fx.used_filled & bit == 0 && st.has(Effect::FillField) && self.used_fill_target(s, c) > 0 {
                fill |= bit;
            }
            if fx.used_explored & bit == 0 && st.has(Effect::DeckToField) {
                explore |= bit;
            }
        }
        let fx = &mut self.turn.fx.deck_to_field;
        fx.hunt |= fill != 0;
        fx.used_fill = fill;
        fx.used_explore = if fx.hunt { explore } else { 0 };
    }

    /// Whether any card of this game's card data can fill the field (Call of the Hunt, a leader side,
    /// as [`fill_field`](MysticVale::fill_field) asks): without one no unit ever waits (`hunt` is set only by
    /// a fill, and Canopy Explorers wait only once it is), so revision 8's bookkeeping is skipped.
    #[inline]
    pub(super) fn hunt_possible(&self) -> bool {
        self.db.card_effects & Effect::FillField.bit() != 0
    }

    /// Whether this Harvest's fills and Canopy Explorers are followed: where a fill ability can be in
    /// the game ([`hunt_possible`](MysticVale::hunt_possible)), and from rules revision 10 also where a
    /// Canopy Explorer can (one that joins the field is resolved, [`EXPLORER_JOIN_RULES`]).
    #[inline]
    pub(crate) fn hunt_tracked(&self) -> bool {
        self.hunt_possible()
            || (self.options.rules >= EXPLORER_JOIN_RULES && self.db.card_effects & Effect::DeckToField.bit() != 0)
    }

    /// Rules revision 8, once the Harvest Phase's beginning put its cards in the field: the Canopy
    /// Explorers that resolved then (`explored`: none waited) are marked, and the units waiting are found.
    /// From rules revision 10 they were marked as they resolved (`explore`), before a hook of the Harvest's
    /// beginning could bring another.
    pub(super) fn hunt_begun(&mut self, explored: bool) {
        if self.options.rules < HUNT_RULES {
            return;
        }
        if explored && self.options.rules < EXPLORER_JOIN_RULES {
            let p = self.cur();
            self.turn.fx.deck_to_field.explored =
                p.field.iter().filter(|&&c| p.stats[c as usize].has(Effect::DeckToField)).fold(0, |m, &c| m | 1 << c);
        }
        self.hunt_refresh();
    }

    /// Rules revision 8: the units waiting now, after the field changed: each field card with a fill
    /// ability not resolved this Harvest, and, once a fill was in the field, each Canopy Explorer not
    /// resolved. A card that left the field waits no more (its ability is not in the field, EN:478).
    pub(super) fn hunt_refresh(&mut self) {
        if self.options.rules >= HUNT_REOPEN_RULES && crate::effects::neighbour_on_deck::may_harvest(self) {
            // Rules revision 9: the used on-deck cards' units (first: a used fill makes the Explorers wait).
            self.hunt_refresh_used();
        }
        let p = self.cur();
        let fx = self.turn.fx.deck_to_field;
        // The cards whose cached effects hold a fill or a Canopy Explorer not resolved yet, as bits in a
        // walk without branches; then their abilities are read, card by card.
        let (mut fill, mut explore) = (0u32, 0u32);
        for &c in p.field.iter() {
            let effects = p.stats[c as usize].effects;
            fill |= u32::from(effects & Effect::FillField.bit() != 0) << c;
            explore |= u32::from(effects & Effect::DeckToField.bit() != 0) << c;
        }
        fill &= !fx.filled;
        explore &= !fx.explored;
        let mut m = fill;
        while m != 0 {
            let c = m.trailing_zeros();
            m &= m - 1;
            if self.fill_target(c as u8) == 0 {
                fill &= !(1 << c);
            }
        }
        let mut m = explore;
        while m != 0 {
            let c = m.trailing_zeros();
            m &= m - 1;
            if !self.explores(c as u8) {
                explore &= !(1 << c);
            }
        }
        debug_assert_eq!((fill, explore), self.hunt_units_reference(), "hunt_refresh: hunt_units_reference");
        let fx = &mut self.turn.fx.deck_to_field;
        fx.hunt |= fill != 0;
        fx.fill = fill;
        fx.explore = if fx.hunt { explore } else { 0 };
        if !fx.hunt && explore != 0 && self.options.rules >= EXPLORER_JOIN_RULES {
            self.explorers_joined(explore);
        }
    }

    /// The reference of [`hunt_refresh`](MysticVale::hunt_refresh)'s walk of the field (debug builds): the
    /// field cards with a fill not resolved this Harvest, and those with a Canopy Explorer not resolved,
    /// card by card.
    fn hunt_units_reference(&self) -> (u32, u32) {
        let p = self.cur();
        let fx = self.turn.fx.deck_to_field;
        let (mut fill, mut explore) = (0u32, 0u32);
        for &c in p.field.iter() {
            let (st, bit) = (&p.stats[c as usize], 1u32 << c);
            if fx.filled & bit == 0 && st.has(Effect::FillField) && self.fill_target(c) > 0 {
                fill |= bit;
            }
            if fx.explored & bit == 0 && st.has(Effect::DeckToField) && self.explores(c) {
                explore |= bit;
            }
        }
        (fill, explore)
    }

    /// Rules revision 10 ([`EXPLORER_JOIN_RULES`], ruling MV91): Canopy Explorers (`mask`) joined the
    /// field in a Harvest where no fill ability was: their ability is in the field and must be resolved,
    /// once (EN:478, 480, 919). Where a fill can still come ([`fill_may_come`](MysticVale::fill_may_come))
    /// they wait for the player's `use cN SLOT`, the order being the player's; elsewhere no order can
    /// matter and they resolve as they join, as those in the field as the Harvest began (MV41): their
    /// cards join the end of the field, and those cards are read in turn.
    #[cold]
    #[inline(never)]
    fn explorers_joined(&mut self, mask: u32) {
        if self.hunt_possible() && self.fill_may_come(false) {
            let fx = &mut self.turn.fx.deck_to_field;
            fx.hunt = true;
            fx.explore = mask;
            return;
        }
        self.turn.fx.deck_to_field.explored |= mask;
        let mut n = 0u32;
        let mut m = mask;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            n = n.saturating_add(self.explore_count(c));
        }
        let before = self.cur().field.len();
        self.deck_to_field(n, &mut sylvan_engine::NoEvents);
        self.untold(before, mask);
        self.joined(before);
        self.recount();
        if self.cur().field.len() != before {
            // The cards that joined: a Canopy Explorer or a fill among them is read in turn.
            self.hunt_refresh();
        }
    }

    /// The cards from field place `from` on joined by `explorers` (a bit per card; bits 24 on: used
    /// neighbours' on-deck cards, by seat) where no events could be told: kept for
    /// [`tell_joined`](MysticVale::tell_joined).
    #[cold]
    fn untold(&mut self, from: usize, explorers: u32) {
        let p = &self.players[self.current as usize];
        let joined = p.field.get(from..).unwrap_or_default().iter().fold(0u32, |m, &c| m | 1 << c);
        let fx = &mut self.turn.fx.deck_to_field;
        fx.untold |= joined;
        fx.untold_explorers |= explorers;
    }

    /// As an action ends: the cards Canopy Explorers brought inside its bookkeeping are told as played,
    /// then the Explorers as resolved (as `use cN SLOT` tells them), and forgotten.
    #[inline]
    pub(crate) fn tell_joined<S: EventSink<Event>>(&mut self, ev: &mut S) {
        let fx = &mut self.turn.fx.deck_to_field;
        // Set with any card told (an Explorer brought them).
        if fx.untold_explorers == 0 {
            return;
        }
        let (joined, explorers) = (std::mem::take(&mut fx.untold), std::mem::take(&mut fx.untold_explorers));
        if S::ENABLED {
            self.tell_joined_now(joined, explorers, ev);
        }
    }

    #[cold]
    fn tell_joined_now<S: EventSink<Event>>(&self, joined: u32, explorers: u32, ev: &mut S) {
        let i = self.current as usize;
        for &x in self.players[i].field.iter().filter(|&&x| joined & (1 << x) != 0) {
            ev.emit(Audience::Everyone, Event::Played(self.seat(), self.card_ref(i, x)));
        }
        for c in (0..24u8).filter(|&c| explorers & (1 << c) != 0) {
            ev.emit(Audience::Everyone, Event::ResolvedNow(self.seat(), self.card_ref(i, c)));
        }
        let (used, k) = crate::effects::neighbour_on_deck::used_cards(self);
        for &(s, c) in used[..k].iter().filter(|x| explorers & (1 << (24 + x.0)) != 0) {
            ev.emit(Audience::Everyone, Event::ResolvedNow(self.seat(), self.card_ref(s, c)));
        }
    }

    /// Whether field card `c` has a Canopy Explorer on its sleeve.
    fn explores(&self, c: u8) -> bool {
        self.cur().cards[c as usize].advs().any(|a| {
            self.db.hot(a).ability.effect == Effect::DeckToField && self.db.hot(a).ability.timing == Timing::Harvest
        })
    }

    /// Rules revision 8: whether `use cN SLOT` (`c`, `at`) resolves a waiting unit: `Some(true)` a fill,
    /// `Some(false)` a Canopy Explorer, `None` neither (a waiting card's exchange ability, Seed Sowers, is
    /// in another place).
    #[inline]
    pub(crate) fn hunt_unit(&self, c: u8, at: u8) -> Option<bool> {
        // Only a Harvest that had a fill ability has units waiting (`hunt_refresh`).
        if !self.turn.fx.deck_to_field.hunt {
            return None;
        }
        self.hunt_unit_of(c, at)
    }

    /// [`hunt_unit`](MysticVale::hunt_unit) in a Harvest that had a fill ability.
    #[inline(never)]
    fn hunt_unit_of(&self, c: u8, at: u8) -> Option<bool> {
        if self.turn.fx.move_advancement.pending.is_some() {
            // A Wayfarer Portal move half made: `use cN SLOT` names the advancement to move (MV90).
            return None;
        }
        let fx = &self.turn.fx.deck_to_field;
        let bit = 1u32.checked_shl(u32::from(c)).unwrap_or(0);
        if fx.waiting() & bit == 0 {
            return None;
        }
        if fx.fill & bit != 0 && self.ability_at(c, Timing::Harvest, Effect::FillField) == Some(at) {
            return Some(true);
        }
        (fx.explore & bit != 0 && self.ability_at(c, Timing::Harvest, Effect::DeckToField) == Some(at)).then_some(false)
    }

    /// Rules revision 9: whether `use pS cN SLOT` (`s`, `c`, `at`) resolves a waiting unit of a used
    /// on-deck card: `Some(true)` a fill, `Some(false)` a Canopy Explorer, `None` neither (the card's
    /// exchange ability, Seed Sowers, is in another place). Out of line: the action is rare, and the
    /// rules' hot matches (`changes_field`) stay small.
    #[cold]
    #[inline(never)]
    pub(crate) fn hunt_used_unit(&self, s: u8, c: u8, at: u8) -> Option<bool> {
        let fx = &self.turn.fx.deck_to_field;
        let bit = 1u8.checked_shl(u32::from(s)).unwrap_or(0);
        if !fx.hunt || fx.used_waiting() & bit == 0 || self.turn.fx.move_advancement.pending.is_some() {
            return None;
        }
        if self.players.get(usize::from(s))?.on_deck != Some(c) {
            return None;
        }
        let fill = crate::effects::deck_to_field::used_place(self, s, c, at)?;
        let waits = if fill { fx.used_fill } else { fx.used_explore };
        (waits & bit != 0).then_some(fill)
    }

    /// Whether `action` resolves a waiting unit (rules revision 8; a used on-deck card's, revision 9).
    #[inline]
    pub(crate) fn resolves_hunt(&self, action: Action) -> bool {
        match action {
            Action::Use { card: Held::Card(c, at), choice: Choice::Nothing } => self.hunt_unit(c, at).is_some(),
            Action::UseOnDeckAbility(s, c, at) => self.hunt_used_unit(s, c, at).is_some(),
            _ => false,
        }
    }

    /// Rules revision 8: while units wait, takes `done` out of the Harvest's legal list `out` and pushes
    /// `use cN SLOT` for each, keeping the list sorted: each inserted where a binary search puts it
    /// (as [`merge_sorted`](crate::decisions::merge_sorted) would, without its copy of the actions
    /// pushed), or, after a used on-deck card's units, pushed and merged.
    #[cold]
    #[inline(never)]
    pub(super) fn push_hunt_units(&self, out: &mut Vec<Action>) {
        let fx = self.turn.fx.deck_to_field;
        if fx.waiting() == 0 && fx.used_waiting() == 0 {
            return;
        }
        let from = out.len();
        if fx.used_waiting() != 0 {
            // Rules revision 9. Only units offered hold `done` back: Dione's card may have left the field
            // without a refresh (Old Bakarab's Workshop), taking the used cards with it.
            self.push_used_units(out);
        }
        let mut from = from;
        if fx.waiting() != 0 || out.len() > from {
            // `done` is in the sorted part, once (the units pushed are `use`s).
            if let Some(k) = out.iter().position(|a| matches!(a, Action::Done)) {
                out.remove(k);
                from -= usize::from(k < from);
            }
        }
        // The used units (rules revision 9, rare) are after the sorted part: then merged.
        let merge = out.len() > from;
        let field = self.cur().field_mask();
        for (mask, effect) in [(fx.fill, Effect::FillField), (fx.explore, Effect::DeckToField)] {
            let mut m = mask & field;
            while m != 0 {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                if let Some(at) = self.ability_at(c, Timing::Harvest, effect) {
                    let a = Action::Use { card: Held::Card(c, at), choice: Choice::Nothing };
                    if merge {
                        out.push(a);
                    } else if let Err(k) = out.binary_search(&a) {
                        out.insert(k, a);
                    }
                }
            }
        }
        if merge {
            crate::decisions::merge_sorted(out, from);
        }
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "push_hunt_units: sorted, no duplicates");
    }

    /// Rules revision 8: `use cN SLOT` resolves card `c`'s waiting fill (cards from the top of the deck
    /// join the end of the field until it holds the ability's number, EN:903-907) or Canopy Explorer (a
    /// card for each guardian on it, EN:919-925); reshuffling the discard pile when the deck runs out. The
    /// cards cannot spoil and their "when played" abilities do nothing; what they bring as the Harvest
    /// begins happens now, and those with these abilities are units too.
    pub(super) fn resolve_hunt<S: EventSink<Event>>(&mut self, c: u8, at: u8, ev: &mut S) {
        let Some(fill) = self.hunt_unit(c, at) else { return };
        let i = self.current as usize;
        let before = self.players[i].field.len();
        if fill {
            self.turn.fx.deck_to_field.filled |= 1 << c;
            let need = self.fill_target(c).min(NUM_CARDS).saturating_sub(before);
            self.deck_to_field(need as u32, ev);
        } else {
            self.turn.fx.deck_to_field.explored |= 1 << c;
            let n = self.explore_count(c);
            self.deck_to_field(n, ev);
        }
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::ResolvedNow(self.seat(), self.card_ref(i, c)));
        }
        self.joined(before);
        self.hunt_refresh();
        self.recount();
    }

    /// Rules revision 9: pushes `use pS cN SLOT` for each unit of a used on-deck card waiting.
    #[cold]
    #[inline(never)]
    fn push_used_units(&self, out: &mut Vec<Action>) {
        let (used, k) = crate::effects::neighbour_on_deck::used_cards(self);
        for &(s, c) in &used[..k] {
            for at in 0..4u8 {
                if self.hunt_used_unit(s as u8, c, at).is_some() {
                    out.push(Action::UseOnDeckAbility(s as u8, c, at));
                }
            }
        }
    }

    /// Rules revision 9: `use pS cN SLOT` resolves the waiting fill of seat `s`'s used on-deck card `c`
    /// (the user's field filled from the user's deck until it holds the ability's number, the used cards
    /// counting, EN:903-905, 1617) or its Canopy Explorer (a card of the user's deck for each guardian
    /// printed on it, EN:919), as [`resolve_hunt`](MysticVale::resolve_hunt) does for the user's own.
    pub(super) fn resolve_used_hunt<S: EventSink<Event>>(&mut self, s: u8, c: u8, at: u8, ev: &mut S) {
        let Some(fill) = self.hunt_used_unit(s, c, at) else { return };
        let (i, owner) = (self.current as usize, usize::from(s));
        let before = self.players[i].field.len();
        if fill {
            self.turn.fx.deck_to_field.used_filled |= 1 << s;
            let k = crate::effects::neighbour_on_deck::used_cards(self).1;
            let need = self.used_fill_target(owner, c).min(NUM_CARDS).saturating_sub(before + k);
            self.deck_to_field(need as u32, ev);
        } else {
            self.turn.fx.deck_to_field.used_explored |= 1 << s;
            let n = self.used_explore_count(owner, c);
            self.deck_to_field(n, ev);
        }
        if S::ENABLED {
            ev.emit(Audience::Everyone, Event::ResolvedNow(self.seat(), self.card_ref(owner, c)));
        }
        self.joined(before);
        self.hunt_refresh();
        self.recount();
    }

    /// Rules revision 8: cards joined the field at `from` on in the Harvest (a fill or a Canopy Explorer
    /// resolved by the player): they count as those that joined as it began (`added`), and what the
    /// Harvest's beginning reads of the field is read for them: the places for purchases, Earthchant
    /// Chorus and Seed Sowers in the field, the unique abilities' extra buys and their hook as the Harvest
    /// begins (as [`after_graft`](MysticVale::after_graft) does for a given ability).
    fn joined(&mut self, from: usize) {
        let i = self.current as usize;
        let p = &self.players[i];
        let n = p.field.len().saturating_sub(from);
        if n == 0 {
            return;
        }
        let (mut new, mut effects) = (0u32, 0u32);
        for &x in &p.field[from..] {
            new |= 1 << x;
            effects |= p.stats[x as usize].effects;
        }
        let fx = &mut self.turn.fx.deck_to_field;
        fx.added = fx.added.saturating_add(n.min(usize::from(u8::MAX)) as u8);
        self.note_joined_effects(effects);
        self.count_places();
        if effects & Effect::Unique.bit() != 0 {
            let (mut buys, mut hook) = (self.turn.ability_buys, None);
            self.for_each_module(|_, card, ab, m| {
                if new & 1u32.checked_shl(u32::from(card)).unwrap_or(0) != 0 {
                    if m.extra_buys > 0 {
                        buys = (buys.0.saturating_add(m.extra_buys), buys.1.max(ab.amount));
                    }
                    hook = hook.or(m.harvest_begin);
                }
            });
            self.turn.ability_buys = buys;
            if let Some(f) = hook {
                f(self);
            }
        }
    }

    /// Rules revision 8: Cyrilla's upgraded side gave field card `c` a fill ability (`amount` cards) in
    /// the Harvest: it resolves as it is given, as what a given ability does as the Harvest begins
    /// ([`after_graft`](MysticVale::after_graft), ruling MV80), filling to its own number, and the card's
    /// fill is resolved for this Harvest.
    pub(super) fn graft_fill<S: EventSink<Event>>(&mut self, c: u8, amount: u8, ev: &mut S) {
        let before = self.cur().field.len();
        let fx = &mut self.turn.fx.deck_to_field;
        fx.filled |= 1 << c;
        fx.hunt = true;
        let need = usize::from(amount).min(NUM_CARDS).saturating_sub(before);
        self.deck_to_field(need as u32, ev);
        self.joined(before);
    }

    /// Rules revision 8, after an action that changed the field: a fill or Canopy Explorer advancement
    /// that moved from one field card to another (Wayfarer Portal) keeps its resolution (once a Harvest,
    /// EN:480): the card it joined is resolved too if the card it left was. `before`: the sleeves before
    /// the action.
    pub(super) fn hunt_moved(&mut self, before: &[crate::state::Sleeve; NUM_CARDS]) {
        let p = self.cur();
        let fx = self.turn.fx.deck_to_field;
        let (mut filled, mut explored) = (fx.filled, fx.explored);
        for &b in p.field.iter() {
            for s in 0..3 {
                let adv = p.cards[b as usize].slots[s];
                if adv == crate::state::EMPTY || adv == before[b as usize].slots[s] {
                    continue;
                }
                let ab = self.db.hot(adv).ability;
                if ab.timing != Timing::Harvest || !matches!(ab.effect, Effect::FillField | Effect::DeckToField) {
                    continue;
                }
                // The card it left: it held it before and no longer does.
                let left = p
                    .field
                    .iter()
                    .copied()
                    .find(|&a| a != b && before[a as usize].slots[s] == adv && p.cards[a as usize].slots[s] != adv);
                if let Some(a) = left {
                    filled |= ((fx.filled >> a) & 1) << b;
                    explored |= ((fx.explored >> a) & 1) << b;
                }
            }
        }
        let fx = &mut self.turn.fx.deck_to_field;
        fx.filled = filled;
        fx.explored = explored;
    }
}
