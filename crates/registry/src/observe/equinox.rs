//! Equinox: the table, the seat's own cards and what it knows of others', counts, and where the turn
//! stands. Seats are relative to the viewer (index 0 is the viewer) and sized for 5 players, so the
//! shape is the same for every option.

use sylvan_engine::{Seat, SeatSet};
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

/// Per card id, its kind as the table shows it ([`card_kind`]) and its strength/10 when it is a
/// creature (0 otherwise): `scaled(strength, 10.0)`'s value, worked out once.
static TOP: [(u8, f32); 256] = {
    let mut t = [(0u8, 0f32); 256];
    let mut c = 0;
    while c < Card::COUNT {
        let (kind, strength) = if c < Card::FIRST_CHAMELEON as usize {
            ((c / 11) as u8, ((c % 11) as f64 / 10.0) as f32)
        } else if c < Card::FIRST_TREE as usize {
            (Creature::COUNT as u8, 0.0)
        } else {
            (Creature::COUNT as u8 + 1, 0.0)
        };
        t[c] = (kind, strength);
        c += 1;
    }
    t
};

/// `v / scale` as [`Tensor::scaled`] writes it.
#[inline]
fn scaled(v: impl Into<f64>, scale: f64) -> f32 {
    (v.into() / scale) as f32
}

/// The seats of `set` below [`MAX_PLAYERS`] as a mask of relative seats (bit `r` for seat `me + r`).
#[inline]
fn relative_mask(set: SeatSet, me: usize) -> u32 {
    let m = set.0 & ((1 << MAX_PLAYERS) - 1);
    ((m >> me) | (m << (MAX_PLAYERS - me))) & ((1 << MAX_PLAYERS) - 1)
}

/// [`Observe::observe`] written from what the seat sees of the state ([`Seen`]), section by section:
/// the sections of the table written in one pass over its cells, each section's values stored by index
/// ([`Tensor::sections`]).
impl ObserveState for Equinox {
    fn observe_state(&self, seat: Seat, out: &mut Tensor<'_>) {
        let view = self.seen(seat);
        let n = view.players();
        let me = seat.index() % MAX_PLAYERS;
        let rel = |s: Seat| (s.index() + MAX_PLAYERS - me) % MAX_PLAYERS;
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
        const KINDS: usize = Creature::COUNT + 2;
        const CELLS: usize = ROUNDS * COLUMNS;
        // Resident from here on (`Tensor::diff_keys`, `diff_bits`, `values`): a row of a `VectorGame`
        // changes only where the game did since the row's last write.
        // Per column: its champion, its round of elimination and the revealed predictions on it.
        let champions = view.champions();
        let mut keys = [0u64; COLUMNS];
        for (col, (key, champ)) in keys.iter_mut().zip(champions).enumerate() {
            let eliminated = view.eliminated_in(col).map_or(0, u64::from);
            *key = (1 << 40)
                | champ.index() as u64
                | (eliminated << 8)
                | (u64::from(relative_mask(view.revealed(col), me)) << 16);
        }
        const ELIMINATED: usize = COLUMNS * Creature::COUNT;
        const REVEALED: usize = ELIMINATED + COLUMNS * (ROUNDS + 1);
        out.diff_keys(REVEALED + COLUMNS * MAX_PLAYERS, &keys, |sec, col, old, new| {
            for (key, v) in [(old, 0.0), (new, 1.0)] {
                if key == 0 {
                    continue;
                }
                let cells = [
                    col * Creature::COUNT + (key & 0xff) as usize,
                    ELIMINATED + col * (ROUNDS + 1) + ((key >> 8) & 0xff) as usize,
                ];
                for c in cells {
                    if let Some(x) = sec.get_mut(c) {
                        *x = v;
                    }
                }
                let mut m = (key >> 16) & 0xff;
                while m != 0 {
                    if let Some(x) = sec.get_mut(REVEALED + col * MAX_PLAYERS + m.trailing_zeros() as usize) {
                        *x = v;
                    }
                    m &= m - 1;
                }
            }
        });
        // Per table cell: its top card, its height and its stone (0: an empty cell without a stone).
        let stacks = view.stacks();
        // A fourth word, so that a card's word is found without a bounds check (`& 3`); card ids are
        // below 192, so it stays empty.
        let mut table = [0u64; 4];
        let mut keys = [0u64; CELLS];
        for ((key, stack), stone) in keys.iter_mut().zip(stacks.iter().flatten()).zip(view.stone_cells()) {
            let cards = stack.cards();
            for c in cards {
                table[usize::from(c.0 >> 6) & 3] |= 1 << (c.0 & 63);
            }
            let top = cards.last().map_or(0, |c| u64::from(c.0) + 1);
            let stone = stone.map_or(0, |s| rel(s) as u64 + 1);
            *key = top | ((cards.len() as u64) << 16) | (stone << 32);
        }
        let table = [table[0], table[1], table[2]];
        const STRENGTH: usize = CELLS * KINDS;
        const HEIGHT: usize = STRENGTH + CELLS;
        const STONES: usize = HEIGHT + CELLS;
        out.diff_keys(STONES + CELLS * MAX_PLAYERS, &keys, |sec, i, old, new| {
            for (key, on) in [(old, false), (new, true)] {
                if key == 0 {
                    continue;
                }
                let top = key & 0xffff;
                if let Some(card) = top.checked_sub(1) {
                    let (kind, strength) = TOP.get(card as usize).copied().unwrap_or((0, 0.0));
                    let height = scaled(((key >> 16) & 0xffff) as f64, 22.0);
                    let cells = [(i * KINDS + usize::from(kind), 1.0), (STRENGTH + i, strength), (HEIGHT + i, height)];
                    for (c, v) in cells {
                        if let Some(x) = sec.get_mut(c) {
                            *x = if on { v } else { 0.0 };
                        }
                    }
                }
                if let Some(s) = (key >> 32).checked_sub(1)
                    && let Some(x) = sec.get_mut(STONES + i * MAX_PLAYERS + s as usize)
                {
                    *x = if on { 1.0 } else { 0.0 };
                }
            }
        });
        out.diff_bits(&[table, view.universe().0, view.hand().0, view.aside().0], CARDS);
        let secret = view.secret().map_or(0, |c| u64::from(c.0) + 1);
        out.diff_one_hots(&[secret], CARDS);
        // Then the cards known held by each other seat (row 0, the viewer's own, always empty).
        let mut sets = [view.discard_public().0, view.my_hidden_discard().0, [0; 3], [0; 3], [0; 3], [0; 3], [0; 3]];
        for r in 1..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            if s < n {
                sets[2 + r] = view.known(s).0;
            }
        }
        out.diff_bits(&sets, CARDS);
        let mut counts = [0f32; 6 * MAX_PLAYERS + 3];
        for r in 0..MAX_PLAYERS {
            let s = (me + r) % MAX_PLAYERS;
            if s >= n {
                continue;
            }
            let values = [
                scaled(view.hand_count(s), 8.0),
                scaled(view.aside_count(s), 8.0),
                scaled(view.stones_left(s), 5.0),
                scaled(view.hidden_discard_count(s), 10.0),
                f32::from(u8::from(view.has_secret(s))),
                f32::from(u8::from(view.secret_used(s))),
            ];
            for (k, v) in values.into_iter().enumerate() {
                counts[k * MAX_PLAYERS + r] = v;
            }
        }
        let tail = 6 * MAX_PLAYERS;
        counts[tail] = scaled(view.deck_len(), CARDS as f64);
        counts[tail + 1] = scaled(view.stall(), 5.0);
        counts[tail + 2] = scaled(view.moves(), 500.0);
        out.values(&counts);
    }
}
