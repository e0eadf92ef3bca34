//! Command of Nature: both formations (the viewer's side first), every seat's cards as far as the
//! viewer sees them (relative seats, sized for 4), the markets, and the question asked now. Card
//! sections have one entry per card of the game's card table (`C`, which a user card file may change).

use sylvan_command_of_nature::CommandOfNature;
use sylvan_command_of_nature::state::{Ask, Formation, Phase, Step};
use sylvan_command_of_nature::view::View;
use sylvan_engine::Seat;

use super::{Observation, Observe, ObserveState, Tensor};

const SEATS: usize = 4;

fn ask_kind(ask: &Ask) -> usize {
    match ask {
        Ask::DeckWarrior => 0,
        Ask::Place { .. } => 1,
        Ask::Attacker { .. } => 2,
        Ask::Target { .. } => 3,
        Ask::Target2 { .. } => 4,
        Ask::Instants => 5,
        Ask::CharmTarget { .. } => 6,
        Ask::Intercept { .. } => 7,
        Ask::Tokens { .. } => 8,
        Ask::Discards { .. } => 9,
        Ask::BoostOrShield { .. } => 10,
        Ask::FromDiscard { .. } => 11,
        Ask::Hit { .. } => 12,
        Ask::SwapFirst { .. } => 13,
        Ask::SwapSecond { .. } => 14,
        Ask::Spend { .. } => 15,
        Ask::FactionPick { .. } => 16,
        Ask::Redistribute { .. } => 17,
        Ask::Refill => 18,
        Ask::InnerWarrior => 19,
    }
}
const ASK_KINDS: usize = 20;

impl Observe for CommandOfNature {
    fn observe(view: &View, out: &mut Observation) {
        let c = view.cards.cards.len();
        let n = view.seats.len().max(1);
        let me = view.seat.index();
        let rel = |s: usize| (s + SEATS - me % SEATS) % SEATS;
        let my_side = me % 2;
        out.section("players 2 or 4, teams");
        out.flag(n == 4);
        out.flag(view.options.teams);
        out.section("phase (setup, daybreak, actions, market, reset lead, reset partner, over)");
        let kind = match view.phase {
            Phase::Setup => 0,
            Phase::Daybreak => 1,
            Phase::Actions => 2,
            Phase::Market => 3,
            Phase::Reset(0) => 4,
            Phase::Reset(_) => 5,
            Phase::Over(_) => 6,
        };
        out.one_hot(Some(kind), 7);
        out.section("result once over: own side won, other side won, draw");
        let over = if let Phase::Over(w) = view.phase { Some(w) } else { None };
        out.flag(over.is_some_and(|w| w == Some(my_side as u8)));
        out.flag(over.is_some_and(|w| w.is_some_and(|w| usize::from(w) != my_side)));
        out.flag(over.is_some_and(|w| w.is_none()));
        out.section("own side to play, acting seat (relative), AP/5, hand-overs/3, turns/turn limit, pending steps/10");
        out.flag(usize::from(view.side) == my_side);
        out.one_hot(Some(rel(view.actor.index())), SEATS);
        out.scaled(f64::from(view.ap), 5.0);
        out.scaled(f64::from(view.handovers), 3.0);
        out.scaled(f64::from(view.turns), f64::from(view.options.turn_limit.max(1)));
        out.scaled(view.stack.len() as f64, 10.0);
        out.section("question: who answers (relative seat), what is asked (20 kinds)");
        out.one_hot(view.question.map(|q| rel(usize::from(q.seat))), SEATS);
        out.one_hot(view.question.map(|q| ask_kind(&q.ask)), ASK_KINDS);
        out.section("attack in progress: command card (C), attacking seat (relative), targets/2, cut/5");
        out.one_hot(view.attack.map(|a| usize::from(a.cmd.0)), c);
        out.one_hot(view.attack.map(|a| rel(usize::from(a.seat))), SEATS);
        out.scaled(view.attack.map_or(0.0, |a| f64::from(a.count)), 2.0);
        out.scaled(view.attack.map_or(0.0, |a| f64::from(a.cut)), 5.0);
        out.section("gold/10: own side, other side");
        out.scaled(f64::from(view.gold[my_side]), 10.0);
        out.scaled(f64::from(view.gold[1 - my_side]), 10.0);
        for (name, side) in [("own formation", my_side), ("other formation", 1 - my_side)] {
            out.section(name);
            formation(out, &view.formations[side], c, &rel);
        }
        out.section("market faces: 2 markets x 3 x card (C)");
        for row in &view.market {
            for face in row {
                out.one_hot(face.map(|k| usize::from(k.0)), c);
            }
        }
        out.section("market decks: 2 x copies of each card/3 (C)");
        for deck in &view.market_decks {
            out.counts(deck.iter().map(|k| usize::from(k.0)), c, 3.0);
        }
        out.section(
            "seats (relative, 4): present, sage pack (4), hand/10, deck/30, level/4, sage alive, faction used, \
             hand seen, hand (C, copies/3), unseen (C, copies/3), discard (C, copies/3), \
             in play: commands on their way to the discard pile (C, copies/3, ruling C17)",
        );
        for r in 0..SEATS {
            let s = (me + r) % SEATS;
            let seat = view.seats.get(s).filter(|_| s < n);
            out.flag(seat.is_some());
            out.one_hot(seat.map(|x| usize::from(x.pack)), 4);
            out.scaled(seat.map_or(0.0, |x| f64::from(x.hand_count)), 10.0);
            out.scaled(seat.map_or(0.0, |x| f64::from(x.deck_count)), 30.0);
            out.scaled(seat.map_or(0.0, |x| f64::from(x.level)), 4.0);
            out.flag(seat.is_some_and(|x| x.sage_alive));
            out.flag(seat.is_some_and(|x| x.faction_used));
            let hand = seat.and_then(|x| x.hand.as_ref());
            out.flag(hand.is_some());
            out.counts(hand.into_iter().flatten().map(|k| usize::from(k.0)), c, 3.0);
            out.counts(seat.into_iter().flat_map(|x| x.unseen.iter()).map(|k| usize::from(k.0)), c, 3.0);
            out.counts(seat.into_iter().flat_map(|x| x.discard.iter()).map(|k| usize::from(k.0)), c, 3.0);
            let in_play = view.stack.iter().filter_map(|step| match *step {
                Step::Discard { seat: owner, card } if seat.is_some() && usize::from(owner) == s => {
                    Some(usize::from(card.0))
                }
                _ => None,
            });
            out.counts(in_play, c, 3.0);
        }
        out.section("moves/1000");
        out.scaled(f64::from(view.moves), 1000.0);
    }
}

/// 3 rows x 6 slots: present, card (C), owner (relative seat), damage/10, boosts/5, shields/5,
/// attacked, ready.
fn formation(out: &mut Observation, f: &Formation, c: usize, rel: &dyn Fn(usize) -> usize) {
    for row in f {
        for unit in row {
            out.flag(unit.is_some());
            out.one_hot(unit.map(|u| usize::from(u.card.0)), c);
            out.one_hot(unit.map(|u| rel(usize::from(u.owner))), SEATS);
            out.scaled(unit.map_or(0.0, |u| f64::from(u.dmg)), 10.0);
            out.scaled(unit.map_or(0.0, |u| f64::from(u.boosts)), 5.0);
            out.scaled(unit.map_or(0.0, |u| f64::from(u.shields)), 5.0);
            out.flag(unit.is_some_and(|u| u.attacked));
            out.flag(unit.is_some_and(|u| u.ready));
        }
    }
}

/// [`formation`], into a [`Tensor`]: resident, one key per unit (0: no unit) holding what its values show.
fn formation_fast(out: &mut Tensor<'_>, f: &Formation, c: usize, rel: &dyn Fn(usize) -> usize) {
    const UNITS: usize = 18;
    let mut keys = [0u64; UNITS];
    for (key, unit) in keys.iter_mut().zip(f.iter().flatten()) {
        if let Some(u) = unit {
            *key = (1 << 63)
                | u64::from(u.card.0)
                | ((rel(usize::from(u.owner)) as u64 & 0xff) << 8)
                | (u64::from(u.dmg) << 16)
                | (u64::from(u.boosts) << 24)
                | (u64::from(u.shields) << 32)
                | (u64::from(u.attacked) << 40)
                | (u64::from(u.ready) << 41);
        }
    }
    let size = 1 + c + SEATS + 5;
    out.diff_keys(UNITS * size, &keys, |sec, i, old, new| {
        for (key, on) in [(old, false), (new, true)] {
            if key == 0 {
                continue;
            }
            let Some(unit) = sec.get_mut(i * size..(i + 1) * size) else { continue };
            let byte = |k: u32| ((key >> k) & 0xff) as usize;
            let value = |v: f32| if on { v } else { 0.0 };
            unit[0] = value(1.0);
            if byte(0) < c {
                unit[1 + byte(0)] = value(1.0);
            }
            if let Some(x) = unit.get_mut(1 + c + byte(8)).filter(|_| byte(8) < SEATS) {
                *x = value(1.0);
            }
            let tail = [
                (byte(16) as f64 / 10.0) as f32,
                (byte(24) as f64 / 5.0) as f32,
                (byte(32) as f64 / 5.0) as f32,
                f32::from(u8::from(key & (1 << 40) != 0)),
                f32::from(u8::from(key & (1 << 41) != 0)),
            ];
            for (x, v) in unit[1 + c + SEATS..].iter_mut().zip(tail) {
                *x = value(v);
            }
        }
    });
}

/// [`Observe::observe`] written from what the seat sees of the state ([`Seen`]), section by section.
impl ObserveState for CommandOfNature {
    fn observe_state(&self, seat: Seat, out: &mut Tensor<'_>) {
        let view = self.seen(seat);
        let c = view.num_cards();
        let n = view.num_seats().max(1);
        let me = seat.index();
        let rel = |s: usize| (s + SEATS - me % SEATS) % SEATS;
        let my_side = me % 2;
        out.flag(n == 4);
        out.flag(view.teams());
        let phase = view.phase();
        let kind = match phase {
            Phase::Setup => 0,
            Phase::Daybreak => 1,
            Phase::Actions => 2,
            Phase::Market => 3,
            Phase::Reset(0) => 4,
            Phase::Reset(_) => 5,
            Phase::Over(_) => 6,
        };
        out.one_hot(Some(kind), 7);
        let over = if let Phase::Over(w) = phase { Some(w) } else { None };
        out.flag(over.is_some_and(|w| w == Some(my_side as u8)));
        out.flag(over.is_some_and(|w| w.is_some_and(|w| usize::from(w) != my_side)));
        out.flag(over.is_some_and(|w| w.is_none()));
        out.flag(usize::from(view.side()) == my_side);
        out.one_hot(Some(rel(view.actor().index())), SEATS);
        out.scaled(f64::from(view.ap()), 5.0);
        out.scaled(f64::from(view.handovers()), 3.0);
        out.scaled(f64::from(view.turns()), f64::from(view.turn_limit().max(1)));
        let stack = view.stack();
        out.scaled(stack.len() as f64, 10.0);
        let question = view.question();
        out.one_hot(question.map(|q| rel(usize::from(q.seat))), SEATS);
        out.one_hot(question.map(|q| ask_kind(&q.ask)), ASK_KINDS);
        let attack = view.attack();
        out.one_hot(attack.map(|a| usize::from(a.cmd.0)), c);
        out.one_hot(attack.map(|a| rel(usize::from(a.seat))), SEATS);
        out.scaled(attack.map_or(0.0, |a| f64::from(a.count)), 2.0);
        out.scaled(attack.map_or(0.0, |a| f64::from(a.cut)), 5.0);
        let gold = view.gold();
        out.scaled(f64::from(gold[my_side]), 10.0);
        out.scaled(f64::from(gold[1 - my_side]), 10.0);
        // Resident (`Tensor::diff_keys`): a row of a `VectorGame` changes only the units and market faces
        // that changed since the row's last write.
        let formations = view.formations();
        formation_fast(out, &formations[my_side], c, &rel);
        formation_fast(out, &formations[1 - my_side], c, &rel);
        let market = view.market();
        let mut faces = [0u64; 6];
        for (key, face) in faces.iter_mut().zip(market.iter().flatten()) {
            *key = face.map_or(0, |k| u64::from(k.0) + 1);
        }
        out.diff_one_hots(&faces, c);
        for k in 0..2 {
            out.counts(view.market_deck(k).map(|k| usize::from(k.0)), c, 3.0);
        }
        for r in 0..SEATS {
            let s = (me + r) % SEATS;
            let Some(seat) = view.seat_view(s).filter(|_| s < n) else {
                out.skip(1 + 4 + 3 + 2 + 1 + 4 * c);
                continue;
            };
            out.flag(true);
            out.one_hot(Some(usize::from(seat.pack())), 4);
            out.scaled(f64::from(seat.hand_count()), 10.0);
            out.scaled(f64::from(seat.deck_count()), 30.0);
            out.scaled(f64::from(seat.level()), 4.0);
            out.flag(seat.sage_alive());
            out.flag(seat.faction_used());
            let hand = seat.hand();
            out.flag(hand.is_some());
            out.counts(hand.into_iter().flatten().map(|k| usize::from(k.0)), c, 3.0);
            out.counts(seat.unseen().map(|k| usize::from(k.0)), c, 3.0);
            out.counts(seat.discard().iter().map(|k| usize::from(k.0)), c, 3.0);
            let in_play = stack.iter().filter_map(|step| match *step {
                Step::Discard { seat: owner, card } if usize::from(owner) == s => Some(usize::from(card.0)),
                _ => None,
            });
            out.counts(in_play, c, 3.0);
        }
        out.scaled(f64::from(view.moves()), 1000.0);
    }
}
