//! The Harvest Phase totals (EN:476-516): mana, spirits and VP from the field's symbols, its harvest
//! abilities and the player's vales. One function, used by the rules ([`MysticVale::recount`]) and by
//! the heuristic.
//!
//! [`MysticVale::recount`]: crate::MysticVale

use crate::cards::{Ability, CardDb, Count, Effect, Reward, Timing};
use crate::state::{CardStats, LeaderCard, MysticVale, NUM_CARDS, Sleeve, card_abilities, leader_face};
use crate::view::View;

/// The public table as an effect may read it: every player's cards, on-deck card, field and known leader.
/// Implemented by the full state and by a seat's view, so that the rules and the heuristic share effects.
pub trait Table {
    /// The card table.
    fn db(&self) -> &CardDb;
    /// Number of players.
    fn seats(&self) -> usize;
    /// Player `i`'s 20 sleeves.
    fn cards(&self, i: usize) -> &[Sleeve; NUM_CARDS];
    /// Player `i`'s on-deck card.
    fn on_deck(&self, i: usize) -> Option<u8>;
    /// Player `i`'s field.
    fn field(&self, i: usize) -> &[u8];
    /// Player `i`'s leader, as far as the reader knows it.
    fn leader(&self, i: usize) -> Option<LeaderCard>;
    /// Player `i`'s vales.
    fn vales(&self, i: usize) -> &[u8];
    /// The vales whose Harvest abilities count for player `i` this turn: those owned before it (the
    /// active player's vales bought or taken this turn are left out; rules revision 8's Dione reads them).
    fn harvest_vales(&self, i: usize) -> &[u8];
    /// Player `i`'s VP tokens.
    fn vp(&self, i: usize) -> u16;
    /// Player `i`'s amulet (public).
    fn amulet(&self, i: usize) -> Option<u8>;
    /// Player `i`'s Borderwatch Bog result: cards placed in its extra Planting Phase, once over (public).
    fn bog(&self, i: usize) -> Option<u8>;
    /// The rules revision played ([`Options::rules`](crate::Options)).
    fn rules(&self) -> u8;
    /// The seats whose on-deck card, one that can cost, the active player chose to use this Harvest
    /// Phase with Dione's upgraded side (rules revision 8, ruling MV23): a bit per seat.
    fn on_deck_chosen(&self) -> u8;
}

impl Table for MysticVale {
    fn db(&self) -> &CardDb {
        &self.db
    }
    fn seats(&self) -> usize {
        self.players.len()
    }
    fn cards(&self, i: usize) -> &[Sleeve; NUM_CARDS] {
        &self.players[i].cards
    }
    fn on_deck(&self, i: usize) -> Option<u8> {
        self.players[i].on_deck
    }
    fn field(&self, i: usize) -> &[u8] {
        &self.players[i].field
    }
    fn leader(&self, i: usize) -> Option<LeaderCard> {
        self.players[i].leader
    }
    fn vales(&self, i: usize) -> &[u8] {
        &self.players[i].vales
    }
    fn harvest_vales(&self, i: usize) -> &[u8] {
        if i == self.current as usize { self.usable_vales() } else { &self.players[i].vales }
    }
    fn vp(&self, i: usize) -> u16 {
        self.players[i].vp
    }
    fn amulet(&self, i: usize) -> Option<u8> {
        self.players[i].amulet
    }
    fn bog(&self, i: usize) -> Option<u8> {
        self.players[i].fx.bog_planting.placed
    }
    fn rules(&self) -> u8 {
        self.options.rules
    }
    fn on_deck_chosen(&self) -> u8 {
        self.turn.fx.neighbour_on_deck.chosen
    }
}

impl Table for View {
    fn db(&self) -> &CardDb {
        &self.db
    }
    fn seats(&self) -> usize {
        self.players.len()
    }
    fn cards(&self, i: usize) -> &[Sleeve; NUM_CARDS] {
        &self.players[i].cards
    }
    fn on_deck(&self, i: usize) -> Option<u8> {
        self.players[i].on_deck
    }
    fn field(&self, i: usize) -> &[u8] {
        &self.players[i].field
    }
    fn leader(&self, i: usize) -> Option<LeaderCard> {
        self.leader_card(i)
    }
    fn vales(&self, i: usize) -> &[u8] {
        &self.players[i].vales
    }
    fn harvest_vales(&self, i: usize) -> &[u8] {
        let v = &self.players[i].vales;
        if i != self.current as usize {
            return v;
        }
        let new = usize::from(self.turn.vales_bought) + usize::from(self.turn.fx.take_level_1_vale.vales_taken);
        &v[..v.len() - new.min(v.len())]
    }
    fn vp(&self, i: usize) -> u16 {
        self.players[i].vp
    }
    fn amulet(&self, i: usize) -> Option<u8> {
        self.players[i].amulet
    }
    fn bog(&self, i: usize) -> Option<u8> {
        self.players[i].fx.bog_planting.placed
    }
    fn rules(&self) -> u8 {
        self.options.rules
    }
    fn on_deck_chosen(&self) -> u8 {
        self.turn.fx.neighbour_on_deck.chosen
    }
}

/// What a harvest gives.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub struct Totals {
    /// Mana from symbols and abilities (at least 0, without the token).
    pub mana: u8,
    /// Spirits: animal, forest, sky, wild.
    pub spirits: [u8; 4],
    /// VP tokens from the pool.
    pub vp: u16,
    /// VP tokens from the box (they do not drain the pool).
    pub box_vp: u16,
    /// What `mana` was multiplied by (Ley Line Overflow), and the mana token is: 1 without.
    pub mana_factor: u8,
}

/// A player's cards as the harvest reads them.
#[derive(Clone, Copy)]
pub struct Cards<'a> {
    /// The card table.
    pub db: &'a CardDb,
    /// The 20 sleeves.
    pub cards: &'a [Sleeve; NUM_CARDS],
    /// Their totals ([`CardStats::boosted`]: Cyrilla's guardians and copied ability included).
    pub stats: &'a [CardStats; NUM_CARDS],
    /// The player's leader.
    pub leader: Option<LeaderCard>,
    /// The field card the leader's card copies this turn (Guilduin): its symbols and harvest
    /// abilities count once more.
    pub copy: Option<u8>,
    /// A card given another card's ability this turn (Cyrilla's upgraded side), and that ability: it acts
    /// as one of the card's (its ongoing part is in `stats`).
    pub graft: Option<(u8, Ability)>,
    /// The cards given extra guardians this turn (Conclave of Ents, Wildfire Ember), and how many.
    pub bonus: [Option<(u8, u8)>; 3],
    /// Cards that joined the end of the field as the harvest began (Call of the Hunt, Canopy Explorer).
    pub added: u8,
    /// The whole table and the harvesting seat, for unique effects.
    pub table: Option<(&'a dyn Table, usize)>,
}

impl Cards<'_> {
    /// The abilities of card `c`: its advancements', its leader side's, and one it was given this turn.
    #[inline]
    pub fn abilities(&self, c: u8) -> impl Iterator<Item = Ability> + '_ {
        let given = self.graft.filter(|g| g.0 == c).map(|g| g.1);
        card_abilities(self.db, self.cards[c as usize], leader_face(self.db, self.leader, c)).chain(given)
    }

    /// Extra guardians on card `c` this turn.
    #[inline]
    pub fn bonus(&self, c: u8) -> u8 {
        self.bonus.iter().flatten().filter(|(x, _)| *x == c).fold(0u8, |a, (_, n)| a.saturating_add(*n))
    }
}

/// No card: the count of a vale's ability.
const EMPTY_CARD: u8 = crate::state::EMPTY;

/// The amount an ability's count multiplies, for card `c` (or [`EMPTY_CARD`] for a vale) harvesting in
/// `field`.
pub fn harvest_count(per: Count, h: &Cards, c: u8, field: &[u8]) -> u32 {
    let n = field.len() as u32;
    match per {
        Count::One => 1,
        Count::GuardiansOnCard => h.stats.get(c as usize).map_or(0, |s| u32::from(s.guardians) + u32::from(h.bonus(c))),
        Count::FieldPairs => n / 2,
        Count::OtherFieldCards => n.saturating_sub(1),
        // Resolved before the cards that joined the field as the harvest began, for a card that was
        // already there: the order the player would choose (ruling MV41).
        Count::FieldShortfall => {
            let before = field.len().saturating_sub(usize::from(h.added));
            let n = if field[..before].contains(&c) { before as u32 } else { n };
            7u32.saturating_sub(n)
        }
        Count::DecayField => field.iter().map(|&x| u32::from(h.stats[x as usize].decay_printed)).sum(),
        Count::MostManaOnFieldCard => field.iter().map(|&x| u32::from(h.stats[x as usize].mana)).max().unwrap_or(0),
        Count::BlankFieldCards => blank_cards(h.cards, h.leader, field.iter().copied()),
        Count::PrintedSymbolsOnCard
        | Count::Level3Owned
        | Count::Level1OnCard
        | Count::BlankCardsOwnedSteps
        | Count::DecayOwned
        | Count::ManaPairs
        | Count::ValesOwned
        | Count::GuardiansOwned => 0,
    }
}

/// Totally blank cards among `cards`: no advancement and not the leader's card (EN:997, 1572, 1672).
pub fn blank_cards(sleeves: &[Sleeve; NUM_CARDS], leader: Option<LeaderCard>, cards: impl Iterator<Item = u8>) -> u32 {
    cards.filter(|&c| sleeves[c as usize].owned().next().is_none() && leader.is_none_or(|l| l.card != c)).count() as u32
}

/// Each field card's gains (index [`NUM_CARDS`]: the vales'), as [`gains`] writes them on request.
pub type Parts = [Totals; NUM_CARDS + 1];

impl Totals {
    /// Keeps, for each kind of gain, the larger of `self` and `o` (Ley Line Overflow's factor too).
    pub fn keep_max(&mut self, o: &Totals) {
        self.mana = self.mana.max(o.mana);
        for k in 0..4 {
            self.spirits[k] = self.spirits[k].max(o.spirits[k]);
        }
        self.vp = self.vp.max(o.vp);
        self.box_vp = self.box_vp.max(o.box_vp);
        self.mana_factor = self.mana_factor.max(o.mana_factor);
    }
}

/// The running sums of [`gains`]: mana, spirits, VP, box VP, Ley Line Overflow's factor.
type Sums = (u32, [u32; 4], u32, u32, u32);

/// Adds to `out` what was summed between `before` and `after` (one card's or the vales' part).
fn add_part(out: &mut Totals, before: Sums, after: Sums) {
    let cap8 = |x: u32| x.min(250) as u8;
    let cap16 = |x: u32| x.min(u32::from(u16::MAX)) as u16;
    out.mana = out.mana.saturating_add(cap8(after.0 - before.0));
    for k in 0..4 {
        out.spirits[k] = out.spirits[k].saturating_add(cap8(after.1[k] - before.1[k]));
    }
    out.vp = out.vp.saturating_add(cap16(after.2 - before.2));
    out.box_vp = out.box_vp.saturating_add(cap16(after.3 - before.3));
    let f = after.4 / before.4.max(1);
    out.mana_factor = cap8(u32::from(out.mana_factor.max(1)) * f.max(1));
}

/// The fast path of [`add_part`] for a card with no Harvest ability: what its symbols give (`mana`,
/// `spirits`, `vp`), no box VP, its factor 1 (the reference, `add_part` from zero sums to these, is
/// compared in a debug assertion).
#[inline(always)]
fn add_symbols(out: &mut Totals, mana: u32, spirits: [u32; 4], vp: u32) {
    #[cfg(debug_assertions)]
    let reference = {
        let mut r = *out;
        add_part(&mut r, (0, [0; 4], 0, 0, 1), (mana, spirits, vp, 0, 1));
        r
    };
    let cap8 = |x: u32| x.min(250) as u8;
    out.mana = out.mana.saturating_add(cap8(mana));
    for k in 0..4 {
        out.spirits[k] = out.spirits[k].saturating_add(cap8(spirits[k]));
    }
    out.vp = out.vp.saturating_add(vp.min(u32::from(u16::MAX)) as u16);
    out.mana_factor = cap8(u32::from(out.mana_factor.max(1)));
    #[cfg(debug_assertions)]
    debug_assert_eq!(*out, reference, "add_symbols: add_part of the symbols");
}

/// The fast path of [`add_symbols`] for a part still empty (a field card's, met once in the walk): the
/// part is written, not added to. The reference, `add_symbols` on the empty part, is compared in a debug
/// assertion, which also checks that the part was empty.
#[inline(always)]
fn set_symbols(out: &mut Totals, mana: u32, spirits: [u32; 4], vp: u32) {
    #[cfg(debug_assertions)]
    let reference = {
        debug_assert_eq!(*out, Totals::default(), "set_symbols: a part written twice");
        let mut r = Totals::default();
        add_symbols(&mut r, mana, spirits, vp);
        r
    };
    let cap8 = |x: u32| x.min(250) as u8;
    *out = Totals {
        mana: cap8(mana),
        spirits: spirits.map(cap8),
        vp: vp.min(u32::from(u16::MAX)) as u16,
        box_vp: 0,
        mana_factor: 1,
    };
    #[cfg(debug_assertions)]
    debug_assert_eq!(*out, reference, "set_symbols: add_symbols on an empty part");
}

/// The harvest of `field` with the harvest abilities of the vales `vales` (those owned before the turn):
/// Ley Line Overflow doubles the rest, then Grassland takes its mana (EN:1049-1055, ruling MV42).
pub fn totals(h: &Cards, field: &[u8], vales: &[u8]) -> Totals {
    let (mut t, minus, late) = gains(h, field, vales, None);
    t.mana = finish_mana(h, t.mana, late, t.mana_factor, minus);
    t
}

/// The harvest's mana from its gains `mana` (of which `late` from unique effects) after Ley Line
/// Overflow and Grassland. Rules revision 1 doubled only what the cards and vales gave, not what unique
/// effects added (Dione's upgraded side).
pub(crate) fn finish_mana(h: &Cards, mana: u8, late: u8, factor: u8, minus: u8) -> u8 {
    if h.table.is_some_and(|(t, _)| t.rules() < 2) {
        overflow(u32::from(mana - late.min(mana)), factor, minus).saturating_add(late)
    } else {
        overflow(u32::from(mana), factor, minus)
    }
}

/// Mana `raw` doubled by Ley Line Overflow (`factor`), less `minus` (Grassland), at most 250.
pub fn overflow(raw: u32, factor: u8, minus: u8) -> u8 {
    (raw * u32::from(factor.max(1))).saturating_sub(u32::from(minus)).min(250) as u8
}

/// The gains of a harvest before Ley Line Overflow and Grassland: `mana` is the plain sum and
/// `mana_factor` what Ley Line Overflow multiplies by; the mana Grassland takes is returned beside, then
/// the part of `mana` unique harvest effects added (Dione's upgraded side). With `parts` (given empty:
/// every part the default), each card's gains and the vales' are also written there (banking reads them,
/// `MysticVale::recount`); they add up to the totals.
pub fn gains(h: &Cards, field: &[u8], vales: &[u8], parts: Option<&mut Parts>) -> (Totals, u8, u8) {
    // Two copies: without parts (every recount as a Harvest begins) the per-card sums are not kept.
    let (t, minus, late, _, _) = match parts {
        None => gains_in::<false, false>(h, field, vales, None),
        parts => gains_in::<true, false>(h, field, vales, parts),
    };
    (t, minus, late)
}

/// [`gains`] without parts, and, in the same walk, the units of the harvest whose gain can change with
/// the field as `MysticVale::variable_units` finds them (field cards by number, `decisions::VALES_BIT`
/// the vales): as each Harvest Phase begins (rules revision 3). Last, the leader's or grafted field
/// cards with no Harvest timing in their totals, not read here: the caller asks `variable_units`.
pub(crate) fn gains_var(h: &Cards, field: &[u8], vales: &[u8]) -> (Totals, u8, u8, u32, u32) {
    let (t, minus, late, var, special) = gains_in::<false, true>(h, field, vales, None);
    (t, minus, late, var, special)
}

/// [`gains`], with `PARTS` whether `parts` is given, and with `VAR` the variable units (see
/// [`gains_var`]).
#[inline(always)]
fn gains_in<const PARTS: bool, const VAR: bool>(
    h: &Cards,
    field: &[u8],
    vales: &[u8],
    mut parts: Option<&mut Parts>,
) -> (Totals, u8, u8, u32, u32) {
    let db = h.db;
    // The walk sums the cards' symbols (`sym`) apart from what their abilities give (`acc`): both are
    // added up after it.
    let (acc, sym, mut var, special) =
        if PARTS { walk_parts::<VAR>(h, field, parts.as_deref_mut()) } else { walk_totals::<VAR>(h, field) };
    let Acc { gains: Gains { mut mana, mut spirits, mut vp, mut box_vp }, mut minus, factor, unique, unique_cards } =
        acc;
    let both = |a: [u32; 4], b: [u32; 4]| [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
    mana += sym.mana;
    spirits = both(spirits, sym.spirits);
    vp += sym.vp;
    let start = (mana, spirits, vp, box_vp, 1);
    for &v in vales {
        let x = db.hot_vale(v);
        let ab = x.ability;
        if VAR && !x.remove_self && crate::decisions::varies(ab) {
            var |= crate::decisions::VALES_BIT;
        }
        if ab.timing == Timing::Harvest && ab.effect == Effect::Gain && !x.remove_self {
            let gain = u32::from(ab.amount) * harvest_count(ab.per, h, EMPTY_CARD, field);
            match ab.reward {
                Reward::Mana => mana += gain,
                Reward::Vp => vp += gain,
                Reward::BoxVp => box_vp += gain,
                r => {
                    if let Some(k) = r.spirit() {
                        spirits[k as usize] += gain;
                    }
                }
            }
        }
    }
    if let Some(out) = parts.as_deref_mut() {
        add_part(&mut out[NUM_CARDS], start, (mana, spirits, vp, box_vp, 1));
    }
    let cap8 = |x: u32| x.min(250) as u8;
    let mut t = Totals {
        mana: cap8(mana),
        mana_factor: factor as u8,
        spirits: spirits.map(cap8),
        vp: vp.min(u32::from(u16::MAX)) as u16,
        box_vp: box_vp.min(u32::from(u16::MAX)) as u16,
    };
    let before_unique = t.mana;
    if let (true, Some((table, seat))) = (unique, h.table) {
        for &c in field.iter().chain(h.copy.iter()) {
            // Only cards the first pass found a unique ability on (a leader's card is read from its side).
            if unique_cards & (1 << c) == 0 && h.leader.is_none_or(|l| l.card != c) {
                continue;
            }
            let before = t;
            let mut hooked = false;
            for ab in h.abilities(c) {
                if ab.timing == Timing::Harvest
                    && ab.effect == Effect::Unique
                    && let Some(f) = crate::effects::module(ab.module).and_then(|m| m.harvest)
                {
                    // Its own counter: `minus` stays out of memory in the walk above.
                    let mut more = 0u32;
                    f(table, seat, c, &mut t, &mut more);
                    minus += more;
                    hooked = true;
                }
            }
            if let Some(out) = parts.as_deref_mut() {
                let sums = |t: &Totals| {
                    let s = t.spirits.map(u32::from);
                    // The factor too: a used card's Ley Line Overflow (rules revision 8, MV23).
                    (u32::from(t.mana), s, u32::from(t.vp), u32::from(t.box_vp), u32::from(t.mana_factor.max(1)))
                };
                add_part(&mut out[c as usize], sums(&before), sums(&t));
                if hooked {
                    // Rules revision 9: what the user's cards and vales gain through Dione's used cards
                    // is theirs (the one module with a harvest hook, MV23).
                    crate::effects::neighbour_on_deck::rebank(table, seat, c, out);
                }
            }
        }
    }
    (t, cap8(minus), t.mana - before_unique.min(t.mana), var, special)
}

/// Running sums of gains: mana, spirits, VP, box VP (a harvest's walk, Dione's used cards).
#[derive(Clone, Copy, Default)]
pub(crate) struct Gains {
    pub(crate) mana: u32,
    pub(crate) spirits: [u32; 4],
    pub(crate) vp: u32,
    pub(crate) box_vp: u32,
}

impl Gains {
    /// Adds `gain` of `reward`, VP doubled by `double` (Medusa Grotto, Stag Champion on the card).
    #[inline(always)]
    pub(crate) fn add(&mut self, reward: Reward, gain: u32, double: u32) {
        match reward {
            Reward::Mana => self.mana += gain,
            Reward::Vp => self.vp += gain * double,
            Reward::BoxVp => self.box_vp += gain * double,
            r => {
                if let Some(k) = r.spirit() {
                    self.spirits[k as usize] += gain;
                }
            }
        }
    }
}

/// What the walk of a harvest's cards sums from their Harvest abilities (their symbols apart, [`Sym`]):
/// the gains, Grassland's minus, Ley Line Overflow's factor, and the cards with a unique harvest ability.
#[derive(Clone, Copy)]
struct Acc {
    gains: Gains,
    minus: u32,
    factor: u32,
    /// Whether some card has a unique harvest ability (its effect runs once the rest is counted).
    unique: bool,
    unique_cards: u32,
}

impl Acc {
    const ZERO: Acc = Acc {
        gains: Gains { mana: 0, spirits: [0; 4], vp: 0, box_vp: 0 },
        minus: 0,
        factor: 1,
        unique: false,
        unique_cards: 0,
    };
}

/// The printed symbols a walk of the cards sums: mana, spirits (those of extra guardians included), VP.
#[derive(Clone, Copy, Default)]
struct Sym {
    mana: u32,
    spirits: [u32; 4],
    vp: u32,
}

impl Sym {
    /// Adds the symbols of card totals `st`.
    #[inline(always)]
    fn add(&mut self, st: &CardStats) {
        self.mana += u32::from(st.mana);
        for k in 0..4 {
            self.spirits[k] += u32::from(st.spirits[k]);
        }
        self.vp += u32::from(st.vp);
    }

    /// Adds the spirits of `bonus` extra guardians on a card of totals `st` (Conclave of Ents, Wildfire
    /// Ember).
    #[inline(always)]
    fn add_bonus(&mut self, st: &CardStats, bonus: u8) {
        if bonus > 0 {
            for k in 0..4 {
                self.spirits[k] += u32::from(st.spirits_per_guardian[k]) * u32::from(bonus);
            }
        }
    }
}

/// Adds what ability `ab` of card `c` gives as the harvest is counted (nothing unless its timing is
/// Harvest); `double` multiplies its VP (Medusa Grotto). Returns, with `VAR`, whether its gain can
/// change with the field (`decisions::varies`).
#[inline(always)]
fn card_ability<const VAR: bool>(acc: &mut Acc, ab: Ability, h: &Cards, c: u8, field: &[u8], double: u32) -> bool {
    if ab.timing != Timing::Harvest {
        return false;
    }
    match ab.effect {
        Effect::Gain => acc.gains.add(ab.reward, u32::from(ab.amount) * harvest_count(ab.per, h, c, field), double),
        // Yaquei's upgraded side: the starting side's gain comes first, before the fill (MV65).
        Effect::FillField if ab.reward == Reward::Mana => acc.gains.mana += harvest_count(ab.per, h, c, field),
        Effect::ManaMinus => acc.minus += u32::from(ab.amount),
        Effect::MultiplyMana => acc.factor = (acc.factor * u32::from(ab.amount.max(1))).min(250),
        Effect::Unique => {
            acc.unique = true;
            acc.unique_cards |= 1 << c;
        }
        _ => {}
    }
    VAR && crate::decisions::varies(ab)
}

/// Adds the Harvest abilities of card `c` ([`card_ability`]) in `ability_list`'s order, read in place:
/// the sleeve's slots, then the leader side's if it is the leader's card (`lead`), then the one given
/// this turn if it is the card given one (`grafted`). Returns, with `VAR`, whether one of their gains
/// can change with the field.
#[inline(always)]
fn harvest_abilities<const VAR: bool>(acc: &mut Acc, h: &Cards, c: u8, field: &[u8], lead: u8, grafted: u8) -> bool {
    let double = if h.stats[c as usize].has(Effect::DoubleAbilityVp) { 2 } else { 1 };
    let mut varies = false;
    for &a in &h.cards[c as usize].slots {
        if a != EMPTY_CARD {
            varies |= card_ability::<VAR>(acc, h.db.hot_ref(a).ability, h, c, field, double);
        }
    }
    if c == lead
        && let Some(l) = h.leader
    {
        varies |= card_ability::<VAR>(acc, l.face(h.db).ability, h, c, field, double);
    }
    if c == grafted
        && let Some(g) = h.graft
    {
        varies |= card_ability::<VAR>(acc, g.1, h, c, field, double);
    }
    varies
}

/// The walk of [`gains_in`] without parts: the order of the walk changes no sum (nor Ley Line
/// Overflow's capped product: every factor is at least 1), so the field's symbols are summed in a
/// tight loop, then the cards with Harvest abilities alone are read. Returns the sums, the symbols, and
/// with `VAR` the variable units and the special cards (see [`gains_var`]).
#[inline(always)]
fn walk_totals<const VAR: bool>(h: &Cards, field: &[u8]) -> (Acc, Sym, u32, u32) {
    let lead = h.leader.map_or(EMPTY_CARD, |l| l.card);
    let grafted = h.graft.map_or(EMPTY_CARD, |g| g.0);
    let mut sym = Sym::default();
    let (mut in_field, mut acting, mut var) = (0u32, 0u32, 0u32);
    for &c in field {
        let st = &h.stats[c as usize];
        sym.add(st);
        in_field |= 1 << c;
        acting |= u32::from(st.acts(Timing::Harvest)) << c;
        if VAR {
            var |= u32::from(st.spirits_per_guardian != [0; 4]) << c;
        }
    }
    let mut acc = Acc::ZERO;
    let mut m = acting;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        if harvest_abilities::<VAR>(&mut acc, h, c, field, lead, grafted) {
            var |= 1 << c;
        }
    }
    // A copied card counts twice: once itself, once on the leader's card (Guilduin, ruling MV53); its
    // second count is not a unit of its own.
    if let Some(c) = h.copy {
        let st = &h.stats[c as usize];
        sym.add(st);
        if st.acts(Timing::Harvest) {
            harvest_abilities::<VAR>(&mut acc, h, c, field, lead, grafted);
        }
    }
    // The extra guardians' spirits (Conclave of Ents, Wildfire Ember), rare: a walk of their own.
    if h.bonus.iter().any(Option::is_some) {
        for &c in field.iter().chain(h.copy.iter()) {
            sym.add_bonus(&h.stats[c as usize], h.bonus(c));
        }
    }
    // The leader's or grafted field cards with no Harvest timing in their totals, left to the caller.
    let bit = |x: u8| 1u32.checked_shl(u32::from(x)).unwrap_or(0);
    let special = if VAR { (bit(lead) | bit(grafted)) & in_field & !acting } else { 0 };
    (acc, sym, var, special)
}

/// The walk of [`gains_in`] with parts: the cards in field order, each card's gains written to
/// `parts` (the copied card's second count, Guilduin's, added to its first). Returns what
/// [`walk_totals`] returns.
#[inline(always)]
fn walk_parts<const VAR: bool>(h: &Cards, field: &[u8], mut parts: Option<&mut Parts>) -> (Acc, Sym, u32, u32) {
    let mut acc = Acc::ZERO;
    let mut sym = Sym::default();
    let bonuses = h.bonus.iter().any(Option::is_some);
    // The leader's card and the card given an ability ([`EMPTY_CARD`] without): only they have more
    // abilities than their sleeve's.
    let lead = h.leader.map_or(EMPTY_CARD, |l| l.card);
    let grafted = h.graft.map_or(EMPTY_CARD, |g| g.0);
    // With `VAR`: the variable units, and the special cards left to the caller.
    let (mut var, mut special) = (0u32, 0u32);
    let in_field = field.len();
    let both = |a: [u32; 4], b: [u32; 4]| [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]];
    // The sums so far, for a card's part.
    let sums = |acc: &Acc, sym: &Sym| {
        let g = &acc.gains;
        (g.mana + sym.mana, both(g.spirits, sym.spirits), g.vp + sym.vp, g.box_vp, acc.factor)
    };
    // A copied card counts twice: once itself, once on the leader's card (Guilduin, ruling MV53).
    for (at, &c) in field.iter().chain(h.copy.iter()).enumerate() {
        let st = &h.stats[c as usize];
        let acts = st.acts(Timing::Harvest);
        // The sums before the card, for its part: only a card with Harvest abilities needs them (a card
        // without gives its symbols, read from its totals below).
        let start = acts.then(|| sums(&acc, &sym));
        // The copied card's second count (Guilduin) is not a unit of its own.
        let mut varying = VAR && at < in_field && st.spirits_per_guardian != [0; 4];
        let bonus = if bonuses { h.bonus(c) } else { 0 };
        sym.add(st);
        sym.add_bonus(st, bonus);
        if acts {
            varying |= harvest_abilities::<VAR>(&mut acc, h, c, field, lead, grafted);
        } else if VAR && at < in_field && (c == lead || c == grafted) {
            special |= 1 << c;
        }
        if VAR && at < in_field && varying {
            var |= 1 << c;
        }
        if let Some(out) = parts.as_deref_mut() {
            if let Some(start) = start {
                add_part(&mut out[c as usize], start, sums(&acc, &sym));
            } else {
                // No ability: the symbols alone (its spirits with the extra guardians' on it), no box
                // VP, the factor unchanged; a field card's part is still empty here (each card once in
                // the field), so it is written, not added to (the copied card's second count,
                // Guilduin's, is added to its first).
                let mut own = Sym::default();
                own.add(st);
                own.add_bonus(st, bonus);
                if at < in_field {
                    set_symbols(&mut out[c as usize], own.mana, own.spirits, own.vp);
                } else {
                    add_symbols(&mut out[c as usize], own.mana, own.spirits, own.vp);
                }
            }
        }
    }
    (acc, sym, var, special)
}
