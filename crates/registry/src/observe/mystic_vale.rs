//! Mystic Vale: every player's sleeved cards, field and on-deck card (public), the viewer's discard
//! pile, vales, leaders and tokens (relative seats, sized for 4), the commons (with the variant flags and
//! the copies stacked under each face) and vale rows, and the turn. Advancement sections have one entry per advancement of the card database (`A`), vale sections
//! one per vale (`V`), leader sections one per leader (`L`), amulet sections one per amulet (`M`): the sets
//! chosen change them.

use std::cell::RefCell;
use std::sync::{Arc, Weak};

use sylvan_engine::Seat;
use sylvan_mystic_vale::cards::{CardDb, DbRef};
use sylvan_mystic_vale::conclaves::Conclaves;
use sylvan_mystic_vale::observe::SeenPlayer;
use sylvan_mystic_vale::state::{EMPTY, MAX_PLAYERS, NUM_CARDS, Sleeve};
use sylvan_mystic_vale::view::PlayerView;
use sylvan_mystic_vale::{MysticVale, Phase, View};

use super::{Cells, Observation, Observe, ObserveState, Tensor};

/// The visible advancements of a card.
fn advancements(s: &Sleeve) -> impl Iterator<Item = usize> + '_ {
    (0..3).filter_map(|k| s.slot(k)).map(usize::from)
}

fn phase_kind(p: &Phase) -> usize {
    match p {
        // Borderwatch Bog's extra Planting Phase is a Planting Phase (flagged in its own section).
        Phase::Planting | Phase::Bog => 0,
        Phase::SpoilPrompt { .. } => 1,
        Phase::WhenPlayed { .. } => 2,
        Phase::Order { .. } => 3,
        Phase::Harvest => 4,
        Phase::Look { .. } => 5,
        Phase::Hatch { .. } => 6,
        Phase::ChooseLeader => 7,
        Phase::Keep => 8,
        Phase::Sleeve => 9,
        Phase::Over => 10,
        Phase::Draft { .. } => 11,
        Phase::AmuletTrade => 12,
        Phase::DiscardEvoke => 13,
        Phase::NeighbourDiscard { .. } => 14,
    }
}

fn player(out: &mut Observation, p: Option<&PlayerView>, (a, v, l, am): (usize, usize, usize, usize)) {
    out.flag(p.is_some());
    let cards = |pile: &[u8]| -> Vec<usize> {
        let Some(p) = p else { return Vec::new() };
        pile.iter().filter_map(|&c| p.cards.get(usize::from(c))).flat_map(advancements).collect()
    };
    let all: Vec<u8> = (0..NUM_CARDS as u8).collect();
    out.counts(cards(&all), a, 4.0);
    out.counts(cards(p.map_or(&[][..], |p| &p.field[..])), a, 4.0);
    out.counts(cards(p.and_then(|p| p.on_deck).as_slice()), a, 1.0);
    out.flag(p.is_some_and(|p| p.discard.is_some()));
    out.counts(cards(p.and_then(|p| p.discard.as_ref()).map_or(&[][..], |d| &d[..])), a, 4.0);
    out.scaled(p.map_or(0.0, |p| f64::from(p.deck_count)), NUM_CARDS as f64);
    out.scaled(p.map_or(0.0, |p| p.field.len() as f64), NUM_CARDS as f64);
    out.scaled(p.map_or(0.0, |p| f64::from(p.discard_count)), NUM_CARDS as f64);
    out.flag(p.is_some_and(|p| p.on_deck.is_some()));
    out.flag(p.is_some_and(|p| p.token_active));
    out.scaled(p.map_or(0.0, |p| f64::from(p.vp)), 50.0);
    out.bits(p.into_iter().flat_map(|p| p.vales.iter().map(|&x| usize::from(x))), v);
    out.flag(p.is_some_and(|p| p.skip_next));
    let leader = p.and_then(|p| p.leader);
    out.flag(leader.is_some());
    out.one_hot(leader.and_then(|x| x.id).map(usize::from), l);
    out.flag(leader.is_some_and(|x| x.upgraded));
    out.flag(leader.is_some_and(|x| x.public));
    out.bits(p.and_then(|p| p.leader_offer).into_iter().flatten().map(usize::from), l);
    out.scaled(p.map_or(0.0, |p| f64::from(p.fx.spoil_growth.growth)), 5.0);
    out.flag(p.is_some_and(|p| p.fx.plus_guardian.first.is_some()));
    out.flag(p.is_some_and(|p| p.fx.spoil_discard.used != 0));
    out.one_hot(p.and_then(|p| p.amulet).map(usize::from), am);
    out.scaled(p.map_or(0.0, |p| f64::from(p.pending_mana)), 4.0);
}

impl Observe for MysticVale {
    fn observe(view: &View, out: &mut Observation) {
        let db = &*view.db;
        let sizes = (db.advancements.len(), db.vales.len(), db.leaders.len(), db.amulets.len());
        let (a, v, l, am) = sizes;
        let n = view.players.len();
        let me = view.seat.index();
        out.section("players (one-hot, 1 to 4)");
        out.one_hot(n.checked_sub(1), MAX_PLAYERS);
        out.section("seat to play, starting seat (relative)");
        let rel = |s: usize| (s + MAX_PLAYERS - me % MAX_PLAYERS) % MAX_PLAYERS;
        out.one_hot(Some(rel(usize::from(view.current))), MAX_PLAYERS);
        out.one_hot(Some(rel(usize::from(view.start))), MAX_PLAYERS);
        out.section(
            "phase (planting, spoil prompt, when played, order, harvest, look, hatch, choose leader, keep, sleeve, \
             over, draft, amulet trade, discard evoke, neighbour discard)",
        );
        out.one_hot(Some(phase_kind(&view.phase)), 15);
        out.section("turn: mana total/10, spent/10, spirits/5 and spent/5 (animal, forest, sky, wild), vp/10, token used, upgraded, extra turn");
        let t = &view.turn;
        out.scaled(f64::from(t.mana_total), 10.0);
        out.scaled(f64::from(t.mana_spent), 10.0);
        for k in 0..4 {
            out.scaled(f64::from(t.spirits[k]), 5.0);
            out.scaled(f64::from(t.spirit_spent[k]), 5.0);
        }
        out.scaled(f64::from(t.vp_total), 10.0);
        out.flag(t.token_used);
        out.flag(t.upgraded);
        out.flag(t.extra_turn);
        out.section("advancements bought this turn (A)");
        out.counts(t.bought.iter().map(|b| usize::from(b.adv)), a, 1.0);
        out.section("commons: 3 levels x 3 faces (A)");
        for level in &view.commons {
            for &face in level {
                out.one_hot(face.map(usize::from), a);
            }
        }
        out.section("variants: buy VP, stacked duplicates; copies stacked under each commons face/3 (3 x 3)");
        out.flag(view.options.buy_vp);
        out.flag(view.options.stacked_duplicates);
        for level in &view.commons_stack {
            for &n in level {
                out.scaled(f64::from(n), 3.0);
            }
        }
        out.section("advancement decks/40, fertile soil left/10 (per level or slot)");
        for k in 0..3 {
            out.scaled(f64::from(view.adv_deck_counts[k]), 40.0);
        }
        for k in 0..3 {
            out.scaled(f64::from(view.soil[k]), 10.0);
        }
        out.section("vale rows: 2 levels x 4 faces (V)");
        for row in &view.vale_row {
            for &face in row {
                out.one_hot(face.map(usize::from), v);
            }
        }
        out.section("vale decks/20, removed vales (V)");
        out.scaled(f64::from(view.vale_deck_counts[0]), 20.0);
        out.scaled(f64::from(view.vale_deck_counts[1]), 20.0);
        out.bits(view.removed_vales.iter().map(|&x| usize::from(x)), v);
        out.section("VP pool/50, finishing the round, rounds/30, moves/1000");
        out.scaled(f64::from(view.pool), 50.0);
        out.flag(view.ending);
        out.scaled(f64::from(view.rounds), 30.0);
        out.scaled(f64::from(view.moves), 1000.0);
        out.section("top card of the own deck seen (Calm Weather): its advancements (A)");
        out.flag(view.peek.is_some());
        let peeked = view.peek.and_then(|c| view.players.get(me)?.cards.get(usize::from(c)));
        out.counts(peeked.into_iter().flat_map(advancements), a, 1.0);
        out.section("draft table: leaders (L), amulets (M)");
        let draft = view.draft.as_ref();
        out.bits(draft.into_iter().flat_map(|d| d.leaders.iter().map(|&x| usize::from(x))), l);
        out.bits(draft.into_iter().flat_map(|d| d.amulets.iter().map(|&x| usize::from(x))), am);
        out.section(
            "players (relative, 4): present, advancements owned (A), in the field (A), on deck (A), discard \
             seen, in the discard (A), deck/20, field/20, discard/20, on-deck card, token, vp/50, vales (V), \
             skips, leader: known, which (L), upgraded, public, offer (L), arbor/5, conclave, druid used, \
             amulet (M), pending mana/4",
        );
        for r in 0..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            player(out, view.players.get(s).filter(|_| s < n), sizes);
        }
        out.section("conclaves: the six the decks were built from (C, in the conclave file's order)");
        let known = Conclaves::for_db(view.db.clone()).map_or(0, |c| c.list.len());
        out.bits(view.conclaves.into_iter().flatten().map(usize::from).filter(|&c| c < known), known);
        out.section(
            "Mana Storm decisions: Borderwatch Bog's extra Planting Phase, Silver Tree waiting, Pathfinder claims \
             waiting/3, Harpy Canyon used",
        );
        out.flag(view.phase == Phase::Bog);
        out.flag(t.fx.discard_on_evoke.waiting);
        out.scaled(f64::from(t.fx.claim_advancement.claims), 3.0);
        out.flag(t.fx.replay_when_played.replayed);
        out.section("players (relative, 4): Borderwatch Bog result known, cards placed/20; Old Bakarab's workshop (A)");
        for r in 0..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            let p = view.players.get(s).filter(|_| s < n);
            let bog = p.and_then(|p| p.fx.bog_planting.placed);
            out.flag(bog.is_some());
            out.scaled(bog.map_or(0.0, f64::from), NUM_CARDS as f64);
            out.counts(p.into_iter().flat_map(|p| p.fx.workshop.pile.iter().map(|&x| usize::from(x))), a, 2.0);
        }
    }
}

/// The visible advancements of a card, read from its slots in place.
fn slots(s: &Sleeve) -> impl Iterator<Item = usize> + '_ {
    s.slots.iter().filter(|&&a| a != EMPTY).map(|&a| usize::from(a))
}

/// Adds `step` at each visible advancement of `s` ([`Tensor::counts`] over [`slots`], written by index).
#[inline]
fn count_slots(cells: &mut Cells<'_>, s: &Sleeve, step: f32) {
    for &x in &s.slots {
        if x != EMPTY {
            cells.add(usize::from(x), step);
        }
    }
}

/// [`count_slots`] over the cards `pile` of a player (card numbers).
#[inline]
fn count_pile(cells: &mut Cells<'_>, sleeves: &[Sleeve], pile: &[u8], step: f32) {
    for &c in pile {
        if let Some(s) = sleeves.get(usize::from(c)) {
            count_slots(cells, s, step);
        }
    }
}

/// The number of conclaves of the embedded file that fit `db` (0 when they do not fit it): the length
/// of the conclaves section. Worked out once per database and thread: the last database asked about is
/// remembered by a weak handle, which keeps its address from being reused while it is remembered.
fn conclaves_known(db: &DbRef) -> usize {
    thread_local! {
        static LAST: RefCell<(Weak<CardDb>, usize)> = const { RefCell::new((Weak::new(), 0)) };
    }
    let arc = db.arc();
    LAST.with_borrow_mut(|(weak, known)| {
        if !std::ptr::eq(weak.as_ptr(), Arc::as_ptr(arc)) {
            *known = Conclaves::for_db(db.clone()).map_or(0, |c| c.list.len());
            *weak = Arc::downgrade(arc);
        }
        *known
    })
}

/// [`player`], into a [`Tensor`].
fn player_fast(out: &mut Tensor<'_>, p: Option<SeenPlayer<'_>>, (a, v, l, am): (usize, usize, usize, usize)) {
    let Some(p) = p else {
        out.skip(4 * a + v + 2 * l + am + 16);
        return;
    };
    out.flag(true);
    let sleeves = p.cards();
    let discard = p.discard();
    out.sections([a, a, a, 1, a], |[owned, field, on_deck, seen, discarded]| {
        for s in sleeves {
            count_slots(owned, s, 1.0 / 4.0);
        }
        count_pile(field, sleeves, p.field(), 1.0 / 4.0);
        count_pile(on_deck, sleeves, p.on_deck().as_slice(), 1.0);
        if let Some(d) = discard {
            seen.set(0, 1.0);
            count_pile(discarded, sleeves, d, 1.0 / 4.0);
        }
    });
    out.scaled(f64::from(p.deck_count()), NUM_CARDS as f64);
    out.scaled(p.field().len() as f64, NUM_CARDS as f64);
    out.scaled(f64::from(p.discard_count()), NUM_CARDS as f64);
    out.flag(p.on_deck().is_some());
    out.flag(p.token_active());
    out.scaled(f64::from(p.vp()), 50.0);
    out.bits(p.vales().iter().map(|&x| usize::from(x)), v);
    out.flag(p.skip_next());
    let leader = p.leader();
    out.flag(leader.is_some());
    out.one_hot(leader.and_then(|x| x.id).map(usize::from), l);
    out.flag(leader.is_some_and(|x| x.upgraded));
    out.flag(leader.is_some_and(|x| x.public));
    out.bits(p.leader_offer().into_iter().flatten().map(usize::from), l);
    out.scaled(f64::from(p.arbor_growth()), 5.0);
    out.flag(p.has_conclave());
    out.flag(p.druid_used());
    out.one_hot(p.amulet().map(usize::from), am);
    out.scaled(f64::from(p.pending_mana()), 4.0);
}

/// [`Observe::observe`] written from what the seat sees of the state ([`Seen`]), section by section.
impl ObserveState for MysticVale {
    fn observe_state(&self, seat: Seat, out: &mut Tensor<'_>) {
        let view = self.seen(seat);
        let db = view.db();
        let sizes = (db.advancements.len(), db.vales.len(), db.leaders.len(), db.amulets.len());
        let (a, v, l, am) = sizes;
        let n = view.num_players();
        let me = seat.index();
        out.one_hot(n.checked_sub(1), MAX_PLAYERS);
        let rel = |s: usize| (s + MAX_PLAYERS - me % MAX_PLAYERS) % MAX_PLAYERS;
        out.one_hot(Some(rel(usize::from(view.current()))), MAX_PLAYERS);
        out.one_hot(Some(rel(usize::from(view.start()))), MAX_PLAYERS);
        let phase = view.phase();
        out.one_hot(Some(phase_kind(&phase)), 15);
        let t = view.turn();
        out.scaled(f64::from(t.mana_total), 10.0);
        out.scaled(f64::from(t.mana_spent), 10.0);
        for k in 0..4 {
            out.scaled(f64::from(t.spirits[k]), 5.0);
            out.scaled(f64::from(t.spirit_spent[k]), 5.0);
        }
        out.scaled(f64::from(t.vp_total), 10.0);
        out.flag(t.token_used);
        out.flag(t.upgraded);
        out.flag(t.extra_turn);
        out.counts(t.bought.iter().map(|b| usize::from(b.adv)), a, 1.0);
        // Resident (`Tensor::diff_one_hots`): the faces change rarely.
        let mut faces = [0u64; 9];
        for (i, face) in faces.iter_mut().enumerate() {
            *face = view.commons(i / 3, i % 3).map_or(0, |x| u64::from(x) + 1);
        }
        out.diff_one_hots(&faces, a);
        let options = view.options();
        out.flag(options.buy_vp);
        out.flag(options.stacked_duplicates);
        for level in view.commons_stack() {
            for &n in level {
                out.scaled(f64::from(n), 3.0);
            }
        }
        for k in 0..3 {
            out.scaled(f64::from(view.adv_deck_count(k)), 40.0);
        }
        let soil = view.soil();
        for s in soil {
            out.scaled(f64::from(s), 10.0);
        }
        let mut faces = [0u64; 8];
        for (i, face) in faces.iter_mut().enumerate() {
            *face = view.vale_row(i / 4, i % 4).map_or(0, |x| u64::from(x) + 1);
        }
        out.diff_one_hots(&faces, v);
        out.scaled(f64::from(view.vale_deck_count(0)), 20.0);
        out.scaled(f64::from(view.vale_deck_count(1)), 20.0);
        out.bits(view.removed_vales().iter().map(|&x| usize::from(x)), v);
        out.scaled(f64::from(view.pool()), 50.0);
        out.flag(view.ending());
        out.scaled(f64::from(view.rounds()), 30.0);
        out.scaled(f64::from(view.moves()), 1000.0);
        let peek = view.peek();
        out.flag(peek.is_some());
        let peeked = peek.and_then(|c| view.player(me)?.cards().get(usize::from(c)));
        out.counts(peeked.into_iter().flat_map(slots), a, 1.0);
        let draft = view.draft();
        out.bits(draft.into_iter().flat_map(|d| d.leaders.iter().map(|&x| usize::from(x))), l);
        out.bits(draft.into_iter().flat_map(|d| d.amulets.iter().map(|&x| usize::from(x))), am);
        for r in 0..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            player_fast(out, view.player(s).filter(|_| s < n), sizes);
        }
        let known = conclaves_known(db);
        out.bits(view.conclaves().into_iter().flatten().map(usize::from).filter(|&c| c < known), known);
        out.flag(phase == Phase::Bog);
        out.flag(t.fx.discard_on_evoke.waiting);
        out.scaled(f64::from(t.fx.claim_advancement.claims), 3.0);
        out.flag(t.fx.replay_when_played.replayed);
        for r in 0..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            let p = view.player(s).filter(|_| s < n);
            let bog = p.and_then(|p| p.bog());
            out.flag(bog.is_some());
            out.scaled(bog.map_or(0.0, f64::from), NUM_CARDS as f64);
            out.counts(p.into_iter().flat_map(|p| p.workshop().iter().map(|&x| usize::from(x))), a, 2.0);
        }
    }
}
