//! Buying in the Harvest Phase (EN:488-532): advancements and their places on the field (ruling MV21),
//! vales, and sleeving what was bought (EN:530, EN:552).

use super::*;
use crate::cards::HotAdv;

impl MysticVale {
    /// Counts, per slot, the field's places for purchases (ruling MV21): empty slots, slots where an
    /// eclipse advancement can go under an advancement, and eclipse advancements that can be covered.
    /// A leader's card takes no advancement (EN:836).
    pub(crate) fn count_places(&mut self) {
        let p = &self.players[self.current as usize];
        // Two cards a step, in two sums (one bounds check less a card than the iterator's fold; the
        // counts never carry, so the order of the additions does not matter).
        let (mut even, mut odd) = (0u64, 0u64);
        let mut pairs = p.field.chunks_exact(2);
        for pair in &mut pairs {
            even += p.stats[pair[0] as usize].places;
            odd += p.stats[pair[1] as usize].places;
        }
        if let [c] = *pairs.remainder() {
            even += p.stats[c as usize].places;
        }
        let sum = even + odd;
        debug_assert_eq!(sum, p.field.iter().map(|&c| p.stats[c as usize].places).sum::<u64>(), "count_places");
        self.set_places(sum);
    }

    /// Sets the turn's places from the field's sum of [`CardStats::places`](crate::state::CardStats).
    ///
    /// The first eight 7-bit counts are spread to a byte each in three shifts of the word (count `f`
    /// moves `f` bits up: by 4 for counts 4-7, by 2 for 2, 3, 6, 7, by 1 for the odd ones), the ninth
    /// read alone; checked in debug builds against [`places_of`](MysticVale::places_of), count by count.
    pub(super) fn set_places(&mut self, sum: u64) {
        const BY_4: u64 = 0x00ff_ffff_f000_0000;
        const BY_2: u64 = 0x0fff_c000_0fff_c000;
        const BY_1: u64 = 0x3f80_3f80_3f80_3f80;
        let mut x = sum & ((1 << 56) - 1);
        x = (x & !BY_4) | ((x & BY_4) << 4);
        x = (x & !BY_2) | ((x & BY_2) << 2);
        x = (x & !BY_1) | ((x & BY_1) << 1);
        // The eight bytes in one store, the ninth count after them.
        let flat = self.turn.places.as_flattened_mut();
        flat[..8].copy_from_slice(&x.to_le_bytes());
        flat[8] = ((sum >> 56) & 0x7f) as u8;
        debug_assert_eq!(self.turn.places, Self::places_of(sum), "set_places: places_of");
    }

    /// The reference of [`set_places`](MysticVale::set_places): the nine 7-bit counts of `sum`, slot by
    /// slot, each read alone.
    fn places_of(sum: u64) -> [[u8; 3]; 3] {
        std::array::from_fn(|k| std::array::from_fn(|x| ((sum >> (7 * (3 * k + x))) & 0x7f) as u8))
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

    /// This turn's purchases by slot: those waiting for a place, regular (`[slot][0]`) and eclipse
    /// (`[slot][1]`), and those declared for a card (Earthchant Chorus).
    #[inline(always)]
    fn purchases_by_slot(&self) -> ([[i32; 2]; 3], [i32; 3]) {
        let mut demand = [[0i32; 2]; 3];
        let mut declared = [0i32; 3];
        for b in &self.turn.bought {
            let h = self.db.hot_ref(b.adv);
            if b.target.is_none() {
                demand[h.slot as usize][usize::from(h.eclipse)] += 1;
            } else {
                declared[h.slot as usize] += 1;
            }
        }
        (demand, declared)
    }

    /// For each slot: whether one more purchase fits, a regular one (`[k][0]`), an eclipse one (`[k][1]`),
    /// one declared for a card (`[k][2]`, only with an Earthchant Chorus in the field), given this turn's
    /// purchases (as [`purchases_fit`] one by one).
    pub(crate) fn purchase_room(&self) -> [[bool; 3]; 3] {
        let chorus = self.turn.fx.discount_on_card.in_field;
        if self.turn.bought.is_empty() {
            // Nothing waits: `room_in_slot` with no demand.
            return self.turn.places.map(|places| room_in_slot(places, [0, 0], 0, chorus));
        }
        let (demand, declared) = self.purchases_by_slot();
        std::array::from_fn(|k| room_in_slot(self.turn.places[k], demand[k], declared[k], chorus))
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

    pub(super) fn purchases_fit_in(&self, places: [[u8; 3]; 3], extra: Option<Bought>) -> bool {
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
        Self::demand_fits(places, demand, declared)
    }

    /// Whether the purchases so far plus one declared for a card in slot `k` can all be sleeved: as
    /// [`purchases_fit`](MysticVale::purchases_fit) with such a purchase (a declared purchase counts
    /// by its slot alone).
    fn declared_fits(&self, k: usize) -> bool {
        let mut demand = [[0u8; 2]; 3];
        let mut declared = [0u8; 3];
        declared[k] = 1;
        for b in &self.turn.bought {
            let h = self.db.hot_ref(b.adv);
            if b.target.is_none() {
                demand[h.slot as usize][usize::from(h.eclipse)] += 1;
            } else {
                declared[h.slot as usize] += 1;
            }
        }
        Self::demand_fits(self.turn.places, demand, declared)
    }

    /// Whether `demand` (per slot: regular, eclipse purchases) and the purchases `declared` for a card
    /// (per slot) fit the field's `places`.
    pub(super) fn demand_fits(places: [[u8; 3]; 3], demand: [[u8; 2]; 3], declared: [u8; 3]) -> bool {
        (0..3).all(|k| {
            let [e, u, o] = places[k];
            let e = e.saturating_sub(declared[k]);
            demand[k][1].saturating_sub(u) <= e && demand[k][0].saturating_sub(o) <= e
        })
    }

    /// Advancement buys used this Harvest Phase: purchases waiting and the leader's upgrade (EN:852), not
    /// the claims (EN:1116).
    pub(crate) fn buys_made(&self) -> usize {
        (self.turn.bought.len() + usize::from(self.turn.fx.amulets.sleeved_now) + usize::from(self.turn.upgraded))
            .saturating_sub(usize::from(self.turn.fx.claim_advancement.claimed))
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

    /// Whether a purchase of advancement `adv` may be declared for field card `c` (Earthchant Chorus):
    /// the reference for [`push_buys_on`](MysticVale::push_buys_on), which checks it per card and slot.
    pub(super) fn chorus_target_ok(&self, c: u8, adv: u8) -> bool {
        let p = self.cur();
        let s = p.cards[c as usize];
        let slot = self.db.hot(adv).slot;
        let reserved = self.turn.bought.iter().filter(|b| b.target == Some(c)).count();
        let free = s.free_slots();
        p.stats[c as usize].has(Effect::DiscountOnCard)
            && (1..=2).contains(&free)
            && s.slots[slot as usize] == EMPTY
            && !self.turn.bought.iter().any(|b| b.target == Some(c) && self.db.hot(b.adv).slot == slot)
            && reserved < self.chorus_uses(free)
            // The other purchases must still fit elsewhere.
            && self.purchases_fit(Some(Bought { adv, target: Some(c) }))
    }

    /// How many purchases may be declared for a card with Earthchant Chorus and `free` empty slots: one
    /// (its ability, once a turn, EN:675, ruling MV93); rules revisions before 11 allowed one per slot.
    fn chorus_uses(&self, free: usize) -> usize {
        if self.options.rules >= crate::setup::THIRD_REVIEW_RULES { 1 } else { free }
    }

    pub(super) fn chorus_discount(&self, c: u8) -> u8 {
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
        // Wrapping, as a release build always did: `turn.places` can be stale in the Harvest Phase (a
        // card that joined the field is not counted yet), and an overflow check would make a debug build
        // answer differently from the release build the rules were tested with.
        if here == EMPTY {
            pl[0] = pl[0].wrapping_sub(1);
            let x = if h.eclipse { 2 } else { 1 };
            pl[x] = pl[x].wrapping_add(1);
        } else if h.eclipse {
            pl[1] = pl[1].wrapping_sub(1);
        } else {
            pl[2] = pl[2].wrapping_sub(1);
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
        // Most sleevings are of the last purchase: then no other waits.
        if self.turn.bought.len() > 1 {
            for (j, o) in self.turn.bought.iter().enumerate() {
                if j != k && o.target.is_none() {
                    let x = db.hot_ref(o.adv);
                    demand[x.slot as usize][usize::from(x.eclipse)] += 1;
                    others = true;
                }
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
        // The counts that offer a place, as one selection of the cached places' bits: a card offers one
        // when any of its selected counts is non-zero (`sleeve_targets_reference` reads them one by one).
        let shift = 7 * 3 * slot;
        let other = if h.eclipse { 1 } else { 2 };
        let select = ((u64::from(on_empty) * 0x7f) | (u64::from(on_other) * (0x7f << (7 * other)))) << shift;
        // Two cards a step (one bounds check less a card than the iterator's fold).
        let offers = |c: u8| u32::from(p.stats[c as usize].places & select != 0) << c;
        let mut mask = 0u32;
        let mut pairs = p.field.chunks_exact(2);
        for pair in &mut pairs {
            mask |= offers(pair[0]) | offers(pair[1]);
        }
        if let [c] = *pairs.remainder() {
            mask |= offers(c);
        }
        debug_assert_eq!(
            mask,
            Self::sleeve_targets_reference(p, shift, other, on_empty, on_other),
            "sleeve_targets: sleeve_targets_reference"
        );
        mask
    }

    /// The reference of [`sleeve_targets`](MysticVale::sleeve_targets)' walk of the field (debug builds):
    /// each card's count of empty slots (`on_empty`) and of the other kind of place (`on_other`, at
    /// `7 * other` bits) in the slot whose counts start at bit `shift`, read one by one.
    fn sleeve_targets_reference(
        p: &crate::state::Player,
        shift: usize,
        other: usize,
        on_empty: bool,
        on_other: bool,
    ) -> u32 {
        p.field.iter().fold(0u32, |m, &c| {
            let places = p.stats[c as usize].places >> shift;
            let ok = (on_empty && places & 0x7f != 0) || (on_other && (places >> (7 * other)) & 0x7f != 0);
            m | u32::from(ok) << c
        })
    }

    /// Pushes `buy` (and `buy .. on cN` with Earthchant Chorus) for every advancement the mana pays
    /// and whose purchase still leaves every purchase a place (ruling MV21), `buys` (fewer than the limit)
    /// being made.
    pub(super) fn push_buys(&self, mana: u8, buys: usize, out: &mut Vec<Action>) {
        let bits = self.purchase_room_bits();
        // As `buy_cost` with no declared card: a free level, or Nepeto's discount on the third purchase.
        let free = self.turn.fx.free_buy.free_level;
        let discount = if self.turn.ability_buys.1 > 0 && buys == 2 { self.turn.ability_buys.1 } else { 0 };
        // Most harvests have no free level and no discount: then a loop of its own reads the plain price,
        // without those tests (-2% instructions a move, docs/measurements/mystic-vale-instructions.md).
        #[cfg(debug_assertions)]
        let from = out.len();
        if free.is_none() && discount == 0 {
            // An empty place reads `HotAdv::UNUSED`, whose cost (255) no mana at most 254 pays and whose
            // kind of place (`room_bit` 0) has no room: no test of the id.
            let mana = mana.min(u8::MAX - 1);
            self.buy_buffer(|h: &HotAdv| (h.cost <= mana) & (h.room_bit & bits != 0), out);
        } else {
            self.buy_buffer(
                |h: &HotAdv| {
                    let cost = if free == Some(h.level) { 0 } else { h.cost.saturating_sub(discount) };
                    (cost <= mana) & (h.room_bit & bits != 0)
                },
                out,
            );
        }
        #[cfg(debug_assertions)]
        {
            let listed =
                out[from..].iter().fold(0u32, |m, a| m | 1 << ALL_BUYS.iter().position(|b| b == a).unwrap_or(31));
            debug_assert_eq!(listed, self.buy_mask_reference(mana, buys), "push_buys: buy_mask_reference");
        }
        if self.turn.fx.discount_on_card.in_field {
            self.push_buys_on(mana, self.purchase_room(), out);
        }
    }

    /// The room for one more purchase of [`purchase_room`](MysticVale::purchase_room) as bits, bit
    /// `2 * slot + eclipse` (the kinds of [`HotAdv::room_bit`]); the declared purchases' column is left
    /// out. Found in the listing's line (no call, no table): with no purchase waiting, from the places at
    /// once (a slot has room for a regular purchase where it has an empty place or an eclipse advancement
    /// to cover, for an eclipse one where it has an empty place or an advancement to go under); else as
    /// `purchase_room` does. Checked against `purchase_room` in debug builds.
    pub(crate) fn purchase_room_bits(&self) -> u8 {
        let mut bits = 0u8;
        // The declared purchases' column (Earthchant Chorus) is not read here.
        if self.turn.bought.is_empty() {
            // The fast path of `room_in_slot` with no demand, on the places' bytes: an empty place or
            // the purchase's kind of place (checked below against `purchase_room`).
            for (k, &[e, u, o]) in self.turn.places.iter().enumerate() {
                bits |= (u8::from(e | o != 0) | u8::from(e | u != 0) << 1) << (2 * k);
            }
        } else {
            let (demand, declared) = self.purchases_by_slot();
            for k in 0..3 {
                let [regular, eclipse, _] = room_in_slot(self.turn.places[k], demand[k], declared[k], false);
                bits |= (u8::from(regular) | u8::from(eclipse) << 1) << (2 * k);
            }
        }
        debug_assert_eq!(bits, Self::room_bits_of(self.purchase_room()), "purchase_room_bits: purchase_room");
        bits
    }

    /// [`purchase_room`](MysticVale::purchase_room)'s table as the bits of
    /// [`purchase_room_bits`](MysticVale::purchase_room_bits).
    fn room_bits_of(room: [[bool; 3]; 3]) -> u8 {
        let mut bits = 0u8;
        for (k, r) in room.iter().enumerate() {
            bits |= (u8::from(r[0]) | u8::from(r[1]) << 1) << (2 * k);
        }
        bits
    }

    /// Every `buy` of the commons and the Fertile Soil supply ([`ALL_BUYS`], in order), gathered in
    /// registers: the first `n` are those whose advancement `pays` accepts (an empty place or an exhausted
    /// supply reads [`HotAdv::UNUSED`]; every buy is written, the count moves past those that pay); then
    /// appended to `out` (the whole buffer, a copy of fixed size, then the count that pays).
    #[inline(always)]
    fn buy_buffer(&self, pays: impl Fn(&HotAdv) -> bool, out: &mut Vec<Action>) {
        let db = &*self.db;
        let mut buf = [Action::Pass; ALL_BUYS.len()];
        let mut n = 0;
        for (&a, &action) in self.commons.as_flattened().iter().zip(&ALL_BUYS) {
            buf[n] = action;
            n += usize::from(pays(db.hot_ref(a)));
        }
        for s in Slot::ALL {
            buf[n] = ALL_BUYS[9 + s as usize];
            let a = if self.soil[s as usize] > 0 { db.soil[s as usize] } else { EMPTY };
            n += usize::from(pays(db.hot_ref(a)));
        }
        let len = out.len();
        out.extend_from_slice(&buf);
        out.truncate(len + n);
    }

    /// The reference of [`push_buys`](MysticVale::push_buys)' sources (debug builds): each source's
    /// advancement, its price by [`buy_cost`](MysticVale::buy_cost) and its room by
    /// [`purchase_room`](MysticVale::purchase_room)'s table.
    #[cfg(debug_assertions)]
    fn buy_mask_reference(&self, mana: u8, buys: usize) -> u32 {
        debug_assert!(buys < self.buy_limit());
        let room = self.purchase_room();
        let mut m = 0u32;
        for (i, &s) in ALL_BUYS.iter().enumerate() {
            let Action::Buy(s) = s else { continue };
            let a = self.source_adv(s);
            if a == EMPTY {
                continue;
            }
            let h = self.db.hot(a);
            let ok = self.buy_cost(a, EMPTY) <= mana && room[h.slot as usize][usize::from(h.eclipse)];
            m |= u32::from(ok) << i;
        }
        m
    }

    /// Pushes `buy .. on cN` (Earthchant Chorus) for every source and card [`chorus_target_ok`] accepts
    /// and the mana pays, in the order of the sources, then the cards. What `chorus_target_ok` reads
    /// depends on the card and on the advancement's slot only, so it is found once per card and slot.
    ///
    /// [`chorus_target_ok`]: MysticVale::chorus_target_ok
    pub(super) fn push_buys_on(&self, mana: u8, room: [[bool; 3]; 3], out: &mut Vec<Action>) {
        let db = &*self.db;
        let p = self.cur();
        // Per slot, the field cards that may take a purchase declared for them in that slot.
        let mut on = [0u32; 3];
        for &c in p.field.iter() {
            if !p.stats[c as usize].has(Effect::DiscountOnCard) {
                continue;
            }
            let s = p.cards[c as usize];
            let free = s.free_slots();
            let reserved = self.turn.bought.iter().filter(|b| b.target == Some(c)).count();
            if !(1..=2).contains(&free) || reserved >= self.chorus_uses(free) {
                continue;
            }
            for (k, m) in on.iter_mut().enumerate() {
                if s.slots[k] == EMPTY
                    && !self.turn.bought.iter().any(|b| b.target == Some(c) && db.hot(b.adv).slot as usize == k)
                {
                    *m |= 1 << c;
                }
            }
        }
        for (k, m) in on.iter_mut().enumerate() {
            // The other purchases must still fit elsewhere.
            if *m != 0 && !(room[k][2] && self.declared_fits(k)) {
                *m = 0;
            }
        }
        if on == [0; 3] {
            return;
        }
        // As `buy_cost` prices each purchase: each card's discount read once, and the price before it
        // (a free level, Nepeto's discount on the third purchase) once per source.
        let mut discount = [0u8; NUM_CARDS];
        let mut m = on[0] | on[1] | on[2];
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            discount[c as usize] = self.chorus_discount(c);
        }
        let free = self.turn.fx.free_buy.free_level;
        let third = if self.turn.ability_buys.1 > 0 && self.buys_made() == 2 { self.turn.ability_buys.1 } else { 0 };
        for i in 0..12u8 {
            let s = if i < 9 { Source::Common(i / 3, i % 3) } else { Source::Soil(Slot::ALL[(i - 9) as usize]) };
            let a = self.source_adv(s);
            if a == EMPTY {
                continue;
            }
            let h = db.hot_ref(a);
            let price = if free == Some(h.level) { None } else { Some(h.cost.saturating_sub(third)) };
            let mut m = on[h.slot as usize];
            while m != 0 {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                let cost = price.map_or(0, |p| p.saturating_sub(discount[c as usize]));
                debug_assert_eq!(cost, self.buy_cost(a, c), "push_buys_on: buy_cost");
                if cost <= mana {
                    out.push(Action::BuyOn(s, c));
                }
            }
        }
    }

    /// The price of advancement `a` bought now for card `target` (or `EMPTY`): a declared purchase's
    /// discount, or nothing when a vale made its level free.
    pub(crate) fn buy_cost(&self, a: u8, target: u8) -> u8 {
        let h = self.db.hot(a);
        if self.turn.fx.free_buy.free_level.is_some_and(|l| l == h.level) {
            return 0;
        }
        let mut cost = h.cost;
        // Nepeto: the third purchase (the upgrade counts as one, EN:852) costs less (ruling MV54).
        if self.turn.ability_buys.1 > 0 && self.buys_made() == 2 {
            cost = cost.saturating_sub(self.turn.ability_buys.1);
        }
        if target == EMPTY { cost } else { cost.saturating_sub(self.chorus_discount(target)) }
    }

    pub(super) fn buy<S: EventSink<Event>>(&mut self, s: Source, target: u8, ev: &mut S) {
        let a = self.source_adv(s);
        let cost = self.buy_cost(a, target);
        if self.turn.fx.free_buy.free_level.is_some_and(|l| l == self.db.hot(a).level) {
            self.turn.fx.free_buy.free_level = None;
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
        self.players[i].sleeve_adv(&self.db, c as usize, adv);
        if let Some(card) = card {
            ev.emit(Audience::Everyone, Event::Sleeved(self.seat(), self.db.adv(adv).title.clone(), card));
        }
    }
}

/// Whether one more purchase fits in a slot with `places` (empty, an advancement to go under, one to
/// cover), given the purchases waiting for it (`demand`: regular, eclipse) and those declared for a card
/// (`declared`): a regular one, an eclipse one, one declared for a card (only with an Earthchant Chorus in
/// the field, `chorus`). As `purchases_fit_in`, without saturation or branches: with `declared` purchases
/// in the `e` empty places, `f` are left, and `d.saturating_sub(u) <= f` is `d <= u + f`. With no demand:
/// an empty place or the purchase's kind of place.
#[inline(always)]
fn room_in_slot(places: [u8; 3], [d0, d1]: [i32; 2], declared: i32, chorus: bool) -> [bool; 3] {
    let [e, u, o] = places.map(i32::from);
    let f = e - declared;
    [
        (declared <= e) & (d1 <= u + f) & (d0 < o + f),
        (declared <= e) & (d1 < u + f) & (d0 <= o + f),
        chorus & (declared < e) & (d1 < u + f) & (d0 < o + f),
    ]
}
