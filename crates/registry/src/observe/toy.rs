//! The toy trick-taking game (the test fixture): hands, trick, played cards, tricks won, relative seats
//! sized for 4.

use sylvan_bots::toy::{MAX_CARDS, Toy, ToyView};

use super::{Observation, Observe};

const SEATS: usize = 4;

impl Observe for Toy {
    fn observe(view: &ToyView, out: &mut Observation) {
        let me = view.seat.index();
        let rel = |s: usize| (s + SEATS - me % SEATS) % SEATS;
        out.section("own hand (card)");
        out.bits(view.hand.iter().map(|&c| usize::from(c)), MAX_CARDS);
        out.section("cards of completed tricks (card)");
        out.bits(view.played.iter().map(|&c| usize::from(c)), MAX_CARDS);
        out.section("trick in play: card of each relative seat");
        for r in 0..SEATS {
            let card = view.trick.iter().find(|(s, _)| rel(s.index()) == r).map(|&(_, c)| usize::from(c));
            out.one_hot(card, MAX_CARDS);
        }
        out.section("leader, seat to play (relative)");
        out.one_hot(Some(rel(view.leader.index())), SEATS);
        out.one_hot(view.to_move.map(|s| rel(s.index())), SEATS);
        out.section("hand sizes/13, tricks won/13 (relative seat)");
        for r in 0..SEATS {
            let s = (me + r) % SEATS;
            out.scaled(view.hand_sizes.get(s).map_or(0.0, |&h| h as f64), 13.0);
        }
        for r in 0..SEATS {
            let s = (me + r) % SEATS;
            out.scaled(view.tricks.get(s).map_or(0.0, |&t| f64::from(t)), 13.0);
        }
    }
}

impl super::ObserveState for Toy {
    fn observe_state(&self, seat: sylvan_engine::Seat, out: &mut super::Tensor<'_>) {
        super::observe_state_via_view(self, seat, out);
    }
}
