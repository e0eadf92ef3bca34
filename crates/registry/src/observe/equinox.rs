//! Equinox: the table, the seat's own cards and what it knows of others', counts, and where the turn
//! stands. Seats are relative to the viewer (index 0 is the viewer) and sized for 5 players, so the
//! shape is the same for every option.

use sylvan_engine::Seat;
use sylvan_equinox::state::{COLUMNS, MAX_PLAYERS, ROUNDS};
use sylvan_equinox::{Card, CardSet, Creature, Equinox, Phase, View};

use super::{Observation, Observe, ObserveState, Tensor};

const CARDS: usize = Card::COUNT;

/// Sabot's three drawn cards, when this seat may see them.
fn sabot_drawn(view: &View) -> Option<[Card; 3]> {
    match view.phase {
        Phase::Keep { drawn, .. } => drawn,
        _ => None,
    }
}

fn rel(view: &View, seat: Seat) -> usize {
    (seat.index() + MAX_PLAYERS - view.seat.index() % MAX_PLAYERS) % MAX_PLAYERS
}

fn cards(out: &mut Observation, set: CardSet) {
    out.bits(set.iter().map(|c| usize::from(c.0)), CARDS);
}

/// The kind of a visible card: its creature (0..14), a chameleon (14) or a tree (15).
fn card_kind(c: Card) -> usize {
    match c.creature() {
        Some(cr) => cr.index(),
        None if c.is_chameleon() => Creature::COUNT,
        None => Creature::COUNT + 1,
    }
}

impl Observe for Equinox {
    fn observe(view: &View, out: &mut Observation) {
        let n = view.options.players;
        out.section("players (one-hot, 1 to 5)");
        out.one_hot(n.checked_sub(1), MAX_PLAYERS);
        out.section("seat to play (relative)");
        out.one_hot(Some(rel(view, view.current)), MAX_PLAYERS);
        out.section("round (one-hot, 1 to 5)");
        out.one_hot(usize::from(view.round).checked_sub(1), ROUNDS);
        let (kind, creature, victim) = match view.phase {
            Phase::Predict => (0, None, None),
            Phase::Play { extra: false } => (1, None, None),
            Phase::Play { extra: true } => (2, None, None),
            Phase::Power { creature, .. } => (3, Some(creature), None),
            Phase::Dryade => (4, None, None),
            Phase::Ancetre => (5, None, None),
            Phase::Reveals { creature, .. } => (6, Some(creature), None),
            Phase::Give { victim, creature } => (7, Some(creature), Some(victim)),
            Phase::Keep { victim, .. } => (8, None, Some(victim)),
            Phase::Discard => (9, None, None),
            Phase::Over(_) => (10, None, None),
        };
        out.section("phase (predict, play, extra play, power, dryade, ancetre, reveals, give, keep, discard, over)");
        out.one_hot(Some(kind), 11);
        out.section("creature of the phase (power, reveals, give)");
        out.one_hot(creature.map(Creature::index), Creature::COUNT);
        out.section("victim of Le Duc or Sabot (relative)");
        out.one_hot(victim.map(|v| rel(view, v)), MAX_PLAYERS);
        out.section("Sabot's drawn cards, when seen");
        out.bits(sabot_drawn(view).into_iter().flatten().map(|c| usize::from(c.0)), CARDS);
        out.section("turn: bicephale used, carmen, passed, discards/3");
        out.flag(view.turn.bicephale_used);
        out.flag(view.turn.carmen);
        out.flag(view.turn.passed);
        out.scaled(f64::from(view.turn.discards), 3.0);
        out.section("champions (column x creature)");
        for c in view.champions {
            out.one_hot(Some(c.index()), Creature::COUNT);
        }
        out.section("round of elimination (column x 0..5, 0 = in play)");
        for r in view.eliminated_in {
            out.one_hot(Some(r.map_or(0, usize::from)), ROUNDS + 1);
        }
        out.section("revealed predictions (column x relative seat)");
        for set in view.revealed {
            out.bits(set.iter().map(|s| rel(view, s)), MAX_PLAYERS);
        }
        out.section("visible card kind (row x column x 16: creature, chameleon, tree)");
        for row in &view.stacks {
            for stack in row {
                out.one_hot(stack.top().map(card_kind), Creature::COUNT + 2);
            }
        }
        out.section("visible card strength/10 (row x column)");
        for row in &view.stacks {
            for stack in row {
                let strength = stack.top().and_then(|c| c.creature().map(|_| f64::from(c.0 % 11)));
                out.scaled(strength.unwrap_or(0.0), 10.0);
            }
        }
        out.section("cards in the cell/22 (row x column)");
        for row in &view.stacks {
            for stack in row {
                out.scaled(stack.cards().len() as f64, 22.0);
            }
        }
        out.section("stones (row x column x relative seat)");
        for row in &view.stones {
            for stone in row {
                out.one_hot(stone.map(|s| rel(view, s)), MAX_PLAYERS);
            }
        }
        out.section("every card on the table (card id)");
        out.bits(view.stacks.iter().flatten().flat_map(|s| s.cards().iter().map(|c| usize::from(c.0))), CARDS);
        out.section("cards of this game (card id)");
        cards(out, view.universe);
        out.section("own hand (card id)");
        cards(out, view.hand);
        out.section("own cards set aside (card id)");
        cards(out, view.aside);
        out.section("own secret prediction (card id)");
        out.bits(view.secret.map(|c| usize::from(c.0)), CARDS);
        out.section("public discards (card id)");
        cards(out, view.discard_public);
        out.section("own hidden discards (card id)");
        cards(out, view.my_hidden_discard);
        out.section("cards known held by each other seat (relative seat x card id; row 0 empty)");
        for r in 0..MAX_PLAYERS {
            let s = (view.seat.index() + r) % MAX_PLAYERS;
            cards(out, if r == 0 || s >= n { CardSet::EMPTY } else { view.known[s] });
        }
        let per_seat = |out: &mut Observation, f: &dyn Fn(usize) -> f64, scale: f64| {
            for r in 0..MAX_PLAYERS {
                let s = (view.seat.index() + r) % MAX_PLAYERS;
                out.scaled(if s < n { f(s) } else { 0.0 }, scale);
            }
        };
        out.section("hand sizes/8 (relative seat)");
        per_seat(out, &|s| f64::from(view.hand_counts[s]), 8.0);
        out.section("set-aside counts/8 (relative seat)");
        per_seat(out, &|s| f64::from(view.aside_counts[s]), 8.0);
        out.section("stones left/5 (relative seat)");
        per_seat(out, &|s| f64::from(view.stones_left[s]), 5.0);
        out.section("hidden discards/10 (relative seat)");
        per_seat(out, &|s| f64::from(view.hidden_discard_counts[s]), 10.0);
        out.section("holds a secret prediction (relative seat)");
        per_seat(out, &|s| f64::from(u8::from(view.has_secret.contains(Seat(s as u8)))), 1.0);
        out.section("made a secret prediction (relative seat)");
        per_seat(out, &|s| f64::from(u8::from(view.secret_used.contains(Seat(s as u8)))), 1.0);
        out.section("draw pile/171, stall/5, moves/500");
        out.scaled(f64::from(view.deck_len), CARDS as f64);
        out.scaled(f64::from(view.stall), 5.0);
        out.scaled(f64::from(view.moves), 500.0);
    }
}

fn cards_fast(out: &mut Tensor<'_>, set: CardSet) {
    out.bit_words(&set.0, CARDS);
}

/// [`Observe::observe`] written from what the seat sees of the state ([`Seen`]), section by section.
impl ObserveState for Equinox {
    fn observe_state(&self, seat: Seat, out: &mut Tensor<'_>) {
        let view = self.seen(seat);
        let n = view.players();
        let me = seat.index();
        let rel = |s: Seat| (s.index() + MAX_PLAYERS - me % MAX_PLAYERS) % MAX_PLAYERS;
        out.one_hot(n.checked_sub(1), MAX_PLAYERS);
        out.one_hot(Some(rel(view.current())), MAX_PLAYERS);
        out.one_hot(usize::from(view.round()).checked_sub(1), ROUNDS);
        let phase = view.phase();
        let (kind, creature, victim) = match phase {
            Phase::Predict => (0, None, None),
            Phase::Play { extra: false } => (1, None, None),
            Phase::Play { extra: true } => (2, None, None),
            Phase::Power { creature, .. } => (3, Some(creature), None),
            Phase::Dryade => (4, None, None),
            Phase::Ancetre => (5, None, None),
            Phase::Reveals { creature, .. } => (6, Some(creature), None),
            Phase::Give { victim, creature } => (7, Some(creature), Some(victim)),
            Phase::Keep { victim, .. } => (8, None, Some(victim)),
            Phase::Discard => (9, None, None),
            Phase::Over(_) => (10, None, None),
        };
        out.one_hot(Some(kind), 11);
        out.one_hot(creature.map(Creature::index), Creature::COUNT);
        out.one_hot(victim.map(rel), MAX_PLAYERS);
        let drawn = match phase {
            Phase::Keep { drawn, .. } => drawn,
            _ => None,
        };
        out.bits(drawn.into_iter().flatten().map(|c| usize::from(c.0)), CARDS);
        let turn = view.turn();
        out.flag(turn.bicephale_used);
        out.flag(turn.carmen);
        out.flag(turn.passed);
        out.scaled(f64::from(turn.discards), 3.0);
        for c in view.champions() {
            out.one_hot(Some(c.index()), Creature::COUNT);
        }
        for col in 0..COLUMNS {
            out.one_hot(Some(view.eliminated_in(col).map_or(0, usize::from)), ROUNDS + 1);
        }
        for col in 0..COLUMNS {
            let set = view.revealed(col);
            let mut m = 0u64;
            for s in 0..MAX_PLAYERS {
                if set.contains(Seat(s as u8)) {
                    m |= 1 << rel(Seat(s as u8));
                }
            }
            out.bit_words(&[m], MAX_PLAYERS);
        }
        let stacks = view.stacks();
        for row in stacks {
            for stack in row {
                out.one_hot(stack.top().map(card_kind), Creature::COUNT + 2);
            }
        }
        for row in stacks {
            for stack in row {
                let strength = stack.top().and_then(|c| c.creature().map(|_| f64::from(c.0 % 11)));
                out.scaled(strength.unwrap_or(0.0), 10.0);
            }
        }
        for row in stacks {
            for stack in row {
                out.scaled(stack.cards().len() as f64, 22.0);
            }
        }
        for r in 0..ROUNDS {
            for col in 0..COLUMNS {
                out.one_hot(view.stone(r, col).map(rel), MAX_PLAYERS);
            }
        }
        let mut table = CardSet::EMPTY;
        for stack in stacks.iter().flatten() {
            for c in stack.cards() {
                if let Some(w) = table.0.get_mut(usize::from(c.0) / 64) {
                    *w |= 1 << (c.0 % 64);
                }
            }
        }
        cards_fast(out, table);
        cards_fast(out, view.universe());
        cards_fast(out, view.hand());
        cards_fast(out, view.aside());
        out.one_hot(view.secret().map(|c| usize::from(c.0)), CARDS);
        cards_fast(out, view.discard_public());
        cards_fast(out, view.my_hidden_discard());
        for r in 0..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            if r == 0 || s >= n {
                out.skip(CARDS);
            } else {
                cards_fast(out, view.known(s));
            }
        }
        let per_seat = |out: &mut Tensor<'_>, f: &dyn Fn(usize) -> f64, scale: f64| {
            for r in 0..MAX_PLAYERS {
                let s = (me + r) % MAX_PLAYERS;
                out.scaled(if s < n { f(s) } else { 0.0 }, scale);
            }
        };
        per_seat(out, &|s| f64::from(view.hand_count(s)), 8.0);
        per_seat(out, &|s| f64::from(view.aside_count(s)), 8.0);
        per_seat(out, &|s| f64::from(view.stones_left(s)), 5.0);
        per_seat(out, &|s| f64::from(view.hidden_discard_count(s)), 10.0);
        per_seat(out, &|s| f64::from(u8::from(view.has_secret(s))), 1.0);
        per_seat(out, &|s| f64::from(u8::from(view.secret_used(s))), 1.0);
        out.scaled(f64::from(view.deck_len()), CARDS as f64);
        out.scaled(f64::from(view.stall()), 5.0);
        out.scaled(f64::from(view.moves()), 500.0);
    }
}
