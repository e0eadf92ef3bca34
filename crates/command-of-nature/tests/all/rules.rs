//! Rule-by-rule scenarios for Command of Nature, each built from an explicit setup (`Position`) and driven
//! through the public `Game` API. Modules follow the rulebook (`command-of-nature.fr.txt`): setup, the
//! four phases, combat, defeat and refill, victory, hidden information; then every card effect and
//! every faction action.

mod helpers {
    pub use sylvan_command_of_nature::*;
    pub use sylvan_engine::{Game, NoEvents, Seat};

    pub fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|e| panic!("bad card {s}: {e}"))
    }

    pub fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(card).collect()
    }

    pub fn sl(s: &str) -> Slot {
        match format!("pick {s}").parse::<Action>() {
            Ok(Action::Pick(x)) => x,
            _ => panic!("bad slot {s}"),
        }
    }

    pub struct Scn {
        pub options: Options,
        pub setup: Setup,
    }

    impl Scn {
        /// Two players: Cedar (twig, p0) against Gravel (pebble, p1), both Sages in III2 and basics in front.
        pub fn new() -> Scn {
            let pos = Position { levels: vec![1, 1], ..Position::default() };
            let mut s = Scn {
                options: Options::default(),
                setup: Setup { sages: vec![Faction::Twig, Faction::Pebble], position: Some(pos), ..Setup::default() },
            };
            s = s.u(0, "III2", "cedar").u(1, "III2", "gravel");
            s
        }
        /// Empty formations but the Sages.
        pub fn teams() -> Scn {
            let pos = Position::default();
            let s = Scn {
                options: Options { players: 4, teams: true, ..Options::default() },
                setup: Setup {
                    sages: vec![Faction::Twig, Faction::Pebble, Faction::Leaf, Faction::Droplet],
                    position: Some(pos),
                    ..Setup::default()
                },
            };
            s.uo(0, "III2", "cedar", 0)
                .uo(1, "III2", "gravel", 1)
                .uo(0, "III5", "porella", 2)
                .uo(1, "III5", "torrent", 3)
        }
        /// Two players with these Sages (their packs are the cards in play), each Sage in III2.
        pub fn sages(mut self, a: Faction, b: Faction) -> Scn {
            self.setup.sages = vec![a, b];
            for (side, f) in [a, b].into_iter().enumerate() {
                let sage = sylvan_command_of_nature::cards::table().packs[f as usize].sage;
                for (_, u) in self.pos().units[side].iter_mut().filter(|(_, u)| u.card.class() == Class::Sage) {
                    u.card = sage;
                }
            }
            self
        }
        /// Moves the Sage of `side` to slot `s`.
        pub fn sage_at(mut self, side: usize, s: &str) -> Scn {
            for (x, u) in self.pos().units[side].iter_mut() {
                if u.card.class() == Class::Sage {
                    *x = sl(s);
                }
            }
            self
        }
        pub fn pos(&mut self) -> &mut Position {
            self.setup.position.as_mut().unwrap_or_else(|| panic!("no position"))
        }
        /// A unit on a slot (replacing the one there, if any).
        pub fn uo(mut self, side: usize, s: &str, c: &str, owner: u8) -> Scn {
            let u = Unit { card: card(c), owner, ..Unit::default() };
            let units = &mut self.pos().units[side];
            units.retain(|(x, _)| *x != sl(s));
            units.push((sl(s), u));
            self
        }
        pub fn u(self, side: usize, s: &str, c: &str) -> Scn {
            self.uo(side, s, c, side as u8)
        }
        /// Tokens on the last unit placed on `side`.
        pub fn tok(mut self, side: usize, dmg: u8, boosts: u8, shields: u8) -> Scn {
            if let Some((_, u)) = self.pos().units[side].last_mut() {
                u.dmg = dmg;
                u.boosts = boosts;
                u.shields = shields;
            }
            self
        }
        pub fn hand(mut self, seat: usize, s: &str) -> Scn {
            let p = self.pos();
            p.hands.resize(seat.max(p.hands.len()).max(seat + 1), Vec::new());
            p.hands[seat] = cards(s);
            self
        }
        pub fn deck(mut self, seat: usize, s: &str) -> Scn {
            let p = self.pos();
            p.decks.resize(p.decks.len().max(seat + 1), Vec::new());
            p.decks[seat] = cards(s);
            self
        }
        pub fn discard(mut self, seat: usize, s: &str) -> Scn {
            let p = self.pos();
            p.discards.resize(p.discards.len().max(seat + 1), Vec::new());
            p.discards[seat] = cards(s);
            self
        }
        pub fn gold(mut self, side: usize, g: u8) -> Scn {
            self.pos().gold[side] = g;
            self
        }
        pub fn level(mut self, seat: usize, l: u8) -> Scn {
            let p = self.pos();
            p.levels.resize(p.levels.len().max(seat + 1), 1);
            p.levels[seat] = l;
            self
        }
        #[allow(dead_code)]
        pub fn first(mut self, side: u8) -> Scn {
            self.setup.first_side = side;
            self
        }
        pub fn market(mut self, m: usize, s: &str) -> Scn {
            self.pos().market[m] = cards(s);
            self
        }
        /// Fills each empty slot of rows I and II that has an elemental behind it with the basic of the
        /// slot's seat: a position has its front rows refilled (FR:422, ruling C25).
        pub fn front(mut self) -> Scn {
            let teams = self.options.players == 4;
            let w = if teams { 2 } else { 1 };
            let basics: Vec<&str> = self
                .setup
                .sages
                .iter()
                .map(|f| match f {
                    Faction::Twig => "timber",
                    Faction::Pebble => "cobble",
                    Faction::Leaf => "sprout",
                    _ => "dribble",
                })
                .collect();
            for side in 0..2 {
                let units = &self.pos().units[side];
                let Some(back) = units.iter().map(|(x, _)| usize::from(*x) / 6).max() else { continue };
                let taken: Vec<Slot> = units.iter().map(|(x, _)| *x).collect();
                for r in 0..back.min(2) {
                    for c in 0..(r + 1) * w {
                        let at = (r * 6 + c) as Slot;
                        if !taken.contains(&at) {
                            let seat = side + if teams { 2 * (c / (r + 1)) } else { 0 };
                            let u = Unit { card: card(basics[seat]), owner: seat as u8, ..Unit::default() };
                            self.pos().units[side].push((at, u));
                        }
                    }
                }
            }
            self
        }
        /// Builds the game (phase I).
        pub fn build(self) -> CommandOfNature {
            CommandOfNature::from_setup(&self.options, &self.setup, 7).unwrap_or_else(|e| panic!("setup: {e}"))
        }
        /// Builds the game and skips phase I.
        pub fn go(self) -> CommandOfNature {
            let mut g = self.build();
            if g.phase == Phase::Daybreak && g.question.is_none() {
                act(&mut g, "done");
            }
            g
        }
    }

    pub fn legal(g: &CommandOfNature) -> Vec<String> {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v.iter().map(ToString::to_string).collect()
    }

    pub fn act(g: &mut CommandOfNature, text: &str) {
        let a: Action = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        if let Err(e) = g.try_apply(a, &mut NoEvents) {
            panic!("{e}; legal: {:?}", legal(g));
        }
    }

    pub fn acts(g: &mut CommandOfNature, texts: &[&str]) {
        for t in texts {
            act(g, t);
        }
    }

    /// Answers refill questions with the first move listed.
    pub fn settle(g: &mut CommandOfNature) {
        while matches!(g.question.map(|q| q.ask), Some(Ask::Refill)) {
            let l = legal(g);
            act(g, &l[0]);
        }
    }

    pub fn can(g: &CommandOfNature, text: &str) -> bool {
        legal(g).iter().any(|a| a == text)
    }

    pub fn unit(g: &CommandOfNature, side: u8, s: &str) -> Unit {
        *g.at(side, sl(s)).unwrap_or_else(|| panic!("no unit at {s} of side {side}"))
    }

    pub fn empty(g: &CommandOfNature, side: u8, s: &str) -> bool {
        g.at(side, sl(s)).is_none()
    }

    pub fn name(g: &CommandOfNature, side: u8, s: &str) -> &'static str {
        unit(g, side, s).card.name()
    }

    pub fn to_move(g: &CommandOfNature) -> u8 {
        g.to_move().map_or(255, |s| s.0)
    }
}

use helpers::*;

/// Basics in rows I and II on both sides, Sages `a` and `b` in III2.
fn basics_with(a: Faction, b: Faction) -> Scn {
    Scn::new().sages(a, b).front()
}

/// A standard 2-player line-up: basics in rows I and II on both sides.
fn basics() -> Scn {
    Scn::new()
        .u(0, "I1", "timber")
        .u(0, "II1", "timber")
        .u(0, "II2", "timber")
        .u(1, "I1", "cobble")
        .u(1, "II1", "cobble")
        .u(1, "II2", "cobble")
}

mod setup {
    use super::*;

    #[test]
    fn two_player_setup_rows_pack_hand_and_gold() {
        let o = CommandOfNature::options_for_players(2).unwrap_or_default();
        let setup = Setup { sages: vec![Faction::Twig, Faction::Droplet], first_side: 1, ..Setup::default() };
        let mut g = CommandOfNature::from_setup(&o, &setup, 3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(to_move(&g), 0);
        assert_eq!(legal(&g), ["choose acorn-squire", "choose quill-thornback", "choose slumber-jack"]);
        act(&mut g, "choose slumber-jack");
        act(&mut g, "choose river-rogue");
        assert_eq!((name(&g, 0, "I1"), name(&g, 0, "II1"), name(&g, 0, "II2")), ("Timber", "Timber", "Timber"));
        assert_eq!(
            (name(&g, 0, "III1"), name(&g, 0, "III2"), name(&g, 0, "III3")),
            ("Acorn Squire", "Cedar", "Quill Thornback")
        );
        assert!(g.at(0, sl("I2")).is_none() && g.width(0) == 1 && g.width(2) == 3);
        for p in &g.players {
            assert_eq!(p.hand.len(), 5);
            assert_eq!(p.deck.len(), 2); // 1 warrior + 1 basic + 5 commands - 5 drawn
        }
        let all: Vec<Card> = g.players[0].hand.iter().chain(&g.players[0].deck).copied().collect();
        assert!(all.contains(&card("slumber-jack")) && all.contains(&card("natural-restoration")));
        // The first side starts with no gold, the other with 3; side 1 plays first here.
        assert_eq!(g.gold, [3, 0]);
        assert_eq!(g.side, 1);
        assert_eq!(g.turn_ap(), 4);
    }

    #[test]
    fn godot_sage_packs_option() {
        let o = Options { sage_commands: SageCommands::Godot, ..Options::default() };
        let setup = Setup {
            sages: vec![Faction::Leaf, Faction::Pebble],
            deck_warriors: cards("petal-mage geo-weasel"),
            ..Setup::default()
        };
        let g = CommandOfNature::from_setup(&o, &setup, 1).unwrap_or_else(|e| panic!("{e}"));
        let p = &g.players[0];
        let all: Vec<Card> = p.hand.iter().chain(&p.deck).copied().collect();
        assert_eq!(all.iter().filter(|&&c| c == card("far-strike")).count(), 2);
        assert!(!all.contains(&card("natural-restoration")));
    }

    #[test]
    fn teams_setup_halves_gold_and_partner_hands() {
        let o = CommandOfNature::options_for_players(4).unwrap_or_default();
        let setup = Setup {
            sages: vec![Faction::Twig, Faction::Pebble, Faction::Leaf, Faction::Droplet],
            deck_warriors: cards("acorn-squire geo-weasel petal-mage river-rogue"),
            first_side: 0,
            ..Setup::default()
        };
        let g = CommandOfNature::from_setup(&o, &setup, 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.n(), 4);
        assert_eq!((g.width(0), g.width(1), g.width(2)), (2, 4, 6));
        assert_eq!((name(&g, 0, "III2"), name(&g, 0, "III5")), ("Cedar", "Porella"));
        assert_eq!((name(&g, 1, "III2"), name(&g, 1, "III5")), ("Gravel", "Torrent"));
        assert_eq!(g.gold, [0, 4]);
        assert_eq!(g.turn_ap(), 6);
        let v = g.view(Seat(0));
        assert!(v.seats[2].hand.is_some(), "partners see each other's hands");
        assert!(v.seats[1].hand.is_none() && v.seats[3].hand.is_none());
        assert_eq!(g.gold_cap(), 20);
    }

    /// Ruling C5: « choisissez 2 de vos Guerriers élémentaires et placez-les … de part et d'autre de votre
    /// Sage » (FR:109). In teams the side matters (the inner warrior is connected to the partner's half), so
    /// after its deck warrior each seat chooses the warrior on its partner's side.
    #[test]
    fn teams_setup_each_seat_chooses_the_warrior_beside_its_partner() {
        let o = Options {
            sages: vec![Faction::Twig, Faction::Pebble, Faction::Leaf, Faction::Droplet],
            ..Options::default()
        };
        let o = Options { players: 4, teams: true, ..o };
        let mut g = CommandOfNature::new(&o, 3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(g.question.map(|q| (q.seat, q.ask)), Some((0, Ask::DeckWarrior)));
        let first = legal(&g)[0].clone();
        act(&mut g, &first);
        assert_eq!(g.question.map(|q| (q.seat, q.ask)), Some((0, Ask::InnerWarrior)));
        let [outer, inner] = g.warrior_slots(0);
        let (was_outer, was_inner) = (g.at(0, outer).map(|u| u.card), g.at(0, inner).map(|u| u.card));
        let choices = legal(&g);
        assert_eq!(choices.len(), 2, "{choices:?}");
        let Some(w) = was_outer else { panic!("no warrior at {outer}") };
        act(&mut g, &format!("choose {w}"));
        assert_eq!((g.at(0, inner).map(|u| u.card), g.at(0, outer).map(|u| u.card)), (Some(w), was_inner));
        assert_eq!(g.question.map(|q| (q.seat, q.ask)), Some((1, Ask::DeckWarrior)));
        // Seat 2 fills the right half: its partner's side is the left.
        assert_eq!(g.warrior_slots(2), [sl("III6"), sl("III4")]);
        // Two players: the formation is symmetric, no choice; nor under rules revision 3 (old records).
        let mut two = CommandOfNature::new(&Options::default(), 3).unwrap_or_else(|e| panic!("{e}"));
        let first = legal(&two)[0].clone();
        act(&mut two, &first);
        assert_eq!(two.question.map(|q| (q.seat, q.ask)), Some((1, Ask::DeckWarrior)));
        let mut old = CommandOfNature::new(&Options { revision: 3, ..o }, 3).unwrap_or_else(|e| panic!("{e}"));
        let first = legal(&old)[0].clone();
        act(&mut old, &first);
        assert_eq!(old.question.map(|q| (q.seat, q.ask)), Some((1, Ask::DeckWarrior)));
    }

    #[test]
    fn bad_options_are_errors() {
        assert!(CommandOfNature::options_for_players(3).is_err());
        let o = Options { sages: vec![Faction::Twig, Faction::Twig], ..Options::default() };
        assert!(CommandOfNature::new(&o, 1).is_err());
        let o = Options { teams: true, ..Options::default() };
        assert_eq!(o.validate().map(|o| o.players), Ok(4));
    }
}

mod phases {
    use super::*;

    #[test]
    fn phase1_daybreak_once_in_any_order_and_lost_on_phase2() {
        let mut g = basics().u(0, "III1", "slumber-jack").build();
        // Slumber Jack works in Row II only: not ready in Row III. The Sage works anywhere.
        assert_eq!(legal(&g), ["done", "dawn III2"]);
        act(&mut g, "dawn III2");
        assert_eq!(g.gold[0], 3);
        assert_eq!(g.phase, Phase::Actions, "no daybreak left: phase II");
        let mut g = basics().build();
        act(&mut g, "done");
        assert!(!can(&g, "dawn III2"));
        assert_eq!(g.gold[0], 0);
    }

    #[test]
    fn phase2_four_action_points_then_phase3() {
        let mut g = basics().deck(0, "timber close-strike close-strike far-strike natural-restoration").go();
        assert_eq!(g.ap, 4);
        acts(&mut g, &["draw", "draw", "draw"]);
        assert_eq!(g.ap, 1);
        act(&mut g, "draw");
        assert_eq!(g.phase, Phase::Market);
        assert_eq!(g.players[0].hand.len(), 4);
    }

    #[test]
    fn draw_reshuffles_the_discard_when_the_deck_is_empty() {
        let mut g = basics().discard(0, "timber far-strike").go();
        act(&mut g, "draw");
        assert_eq!(g.players[0].hand.len(), 1);
        assert_eq!(g.players[0].deck.len(), 1);
        assert!(g.players[0].discard.is_empty());
        let mut g = basics().go();
        assert!(!can(&g, "draw"), "nothing to draw");
        act(&mut g, "done");
        assert_eq!(g.phase, Phase::Market);
    }

    #[test]
    fn summon_goes_to_the_first_row_with_an_empty_slot() {
        let mut g = Scn::new().u(0, "I1", "timber").sage_at(0, "II1").hand(0, "bruce").front().go();
        act(&mut g, "summon bruce");
        assert_eq!(legal(&g), ["pick II2"]);
        act(&mut g, "pick II2");
        assert_eq!(name(&g, 0, "II2"), "Bruce");
        let mut g = basics().u(0, "III1", "bruce").u(0, "III3", "willow").hand(0, "bruce").go();
        assert!(!can(&g, "summon bruce"), "a full formation takes no summon");
        act(&mut g, "done");
    }

    #[test]
    fn swap_only_connected_elementals() {
        let g = basics().u(0, "III1", "timber").go();
        assert!(can(&g, "swap I1 II1") && can(&g, "swap I1 II2") && can(&g, "swap II1 II2"));
        assert!(can(&g, "swap II1 III1") && can(&g, "swap II1 III2") && can(&g, "swap II2 III2"));
        assert!(!can(&g, "swap I1 III1"), "rows I and III are not adjacent");
        assert!(!can(&g, "swap II2 III1"), "not under each other");
        assert!(!can(&g, "swap III1 III3"), "nothing there");
        let g = basics().u(0, "III1", "bruce").u(0, "III3", "willow").go();
        assert!(!can(&g, "swap III1 III3"), "the Sage separates them");
        let g = basics().u(0, "III1", "timber").go();
        assert!(can(&g, "swap III1 III2"));
    }

    #[test]
    fn phase3_buy_sell_refresh_cap_and_refill() {
        let mut g = basics()
            .gold(0, 11)
            .hand(0, "bruce close-strike")
            .market(0, "camou-chameleon bruce willow")
            .market(1, "obliterate melee-shield elemental-swap")
            .go();
        g.market_decks[0] = cards("willow rocco");
        g.market_decks[1] = cards("natural-defense farsight-frenzy focused-fury reinforced-impact");
        act(&mut g, "done");
        assert_eq!(g.phase, Phase::Market);
        act(&mut g, "buy e1");
        assert_eq!(g.gold[0], 4);
        assert_eq!(g.players[0].discard, cards("camou-chameleon"));
        assert_eq!(g.market[0][0], Some(card("rocco")), "the market is refilled to 3 from the top of its deck");
        assert_eq!(g.market_decks[0], cards("willow"));
        act(&mut g, "sell bruce"); // cost 2 -> 1
        assert_eq!(g.gold[0], 5);
        act(&mut g, "sell close-strike"); // Sage pack -> 1
        assert_eq!(g.gold[0], 6);
        let before = g.market[1];
        act(&mut g, "refresh c");
        assert_eq!(g.gold[0], 5);
        assert_eq!(
            g.market[1],
            [Some(card("reinforced-impact")), Some(card("focused-fury")), Some(card("farsight-frenzy"))],
            "three new faces from the top"
        );
        let mut bottom: Vec<Option<Card>> = g.market_decks[1][..3].iter().map(|c| Some(*c)).collect();
        let mut before = before.to_vec();
        bottom.sort();
        before.sort();
        assert_eq!(bottom, before, "the three cards go under the deck");
        let mut g = basics().gold(0, 12).hand(0, "camou-chameleon").go();
        act(&mut g, "done");
        act(&mut g, "sell camou-chameleon");
        assert_eq!(g.gold[0], 12, "gold is capped at 12");
    }

    #[test]
    fn buy_straight_into_the_formation_for_two_more_gold() {
        let mut g = basics().gold(0, 4).market(0, "bruce willow rocco").go();
        act(&mut g, "done");
        assert!(can(&g, "buy+ e1"), "Bruce 2 + 2 gold");
        act(&mut g, "buy+ e1");
        assert_eq!(legal(&g), ["pick III1", "pick III3"], "the first row with an empty slot");
        act(&mut g, "pick III1");
        assert_eq!(name(&g, 0, "III1"), "Bruce");
        assert_eq!(g.gold[0], 0);
    }

    #[test]
    fn phase4_discard_then_draw_to_five_and_force_down_to_five() {
        let hand = "timber close-strike close-strike far-strike natural-restoration twig-charm willow";
        let mut g = basics().hand(0, hand).deck(0, "bruce bruce").go();
        acts(&mut g, &["done", "done"]);
        assert_eq!(g.phase, Phase::Reset(0));
        assert!(!can(&g, "done"), "7 cards: discard down to 5 first");
        acts(&mut g, &["discard timber", "discard willow"]);
        assert!(can(&g, "done"));
        act(&mut g, "discard twig-charm");
        act(&mut g, "done");
        assert_eq!(g.players[0].hand.len(), 5);
        assert_eq!(g.side, 1, "the other side's turn");
    }
}

mod combat {
    use super::*;

    #[test]
    fn melee_damage_is_str_plus_boosts_minus_shields_and_tokens_leave() {
        let mut g = Scn::new()
            .u(0, "I1", "bruce")
            .tok(0, 0, 2, 1)
            .u(1, "I1", "oak-lumbertron")
            .tok(1, 0, 0, 2)
            .hand(0, "close-strike")
            .front()
            .go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        let t = unit(&g, 1, "I1");
        assert_eq!(t.dmg, 3, "3 STR + 2 boosts - 2 shields");
        assert_eq!(t.shields, 0, "all shields leave the target");
        assert_eq!(unit(&g, 0, "I1").boosts, 0, "all boosts leave the attacker");
        assert_eq!(unit(&g, 0, "I1").shields, 1, "the attacker keeps its shields");
        // Example 2 of the rulebook: 3 shields against 1 damage: no damage, the shields still leave.
        let mut g = Scn::new()
            .u(0, "I1", "willow")
            .u(1, "I1", "oak-lumbertron")
            .tok(1, 0, 0, 3)
            .hand(0, "close-strike")
            .front()
            .go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert_eq!((unit(&g, 1, "I1").dmg, unit(&g, 1, "I1").shields), (0, 0));
    }

    #[test]
    fn each_elemental_attacks_once_per_turn() {
        let mut g =
            Scn::new().u(0, "I1", "bruce").u(1, "I1", "rocco").hand(0, "close-strike close-strike").front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert!(!can(&g, "play close-strike"));
    }

    #[test]
    fn ranged_reach_counts_rows_through_both_formations() {
        let g = basics().hand(0, "far-strike").go();
        let mut g1 = g.clone();
        acts(&mut g1, &["play far-strike"]);
        assert_eq!(legal(&g1), ["pick I1", "pick II1", "pick II2"]);
        act(&mut g1, "pick I1");
        assert_eq!(legal(&g1), ["aim II1", "aim II2"], "Row I hits Row II at 2 rows");
        let mut g2 = g.clone();
        acts(&mut g2, &["play far-strike", "pick II1"]);
        assert_eq!(legal(&g2), ["aim I1"], "Row II hits Row I at 2 rows");
        let g3 = basics().u(0, "III1", "timber").hand(0, "farsight-frenzy").go();
        let mut g3 = g3;
        acts(&mut g3, &["play farsight-frenzy", "pick III1"]);
        assert_eq!(legal(&g3), ["aim I1"], "3 rows from Row III");
    }

    #[test]
    fn melee_needs_row_one_against_row_one() {
        let mut g = basics().hand(0, "close-strike").go();
        act(&mut g, "play close-strike");
        assert_eq!(legal(&g), ["pick I1"]);
        act(&mut g, "pick I1");
        assert_eq!(legal(&g), ["aim I1"]);
    }

    #[test]
    fn defenders_always_get_an_instant_window_and_instants_cut_damage() {
        let mut g = basics()
            .u(0, "I1", "bruce")
            .u(1, "I1", "rocco")
            .hand(0, "close-strike")
            .hand(1, "natural-defense melee-shield ranged-barrier")
            .go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert_eq!(to_move(&g), 1);
        assert_eq!(
            legal(&g),
            ["done", "instant natural-defense", "instant melee-shield"],
            "no ranged barrier vs melee"
        );
        act(&mut g, "instant natural-defense");
        assert_eq!(g.attack.map(|a| a.cut), Some(1));
        act(&mut g, "done");
        assert_eq!(unit(&g, 1, "I1").dmg, 2);
        assert_eq!(to_move(&g), 0);
        let mut g = basics().hand(0, "close-strike").go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert_eq!(legal(&g), ["done"], "a decision point even with no instant");
    }

    #[test]
    fn utility_damage_cannot_be_cut_by_instants() {
        let mut g = basics().u(1, "I1", "rocco").tok(1, 0, 1, 1).hand(0, "obliterate").hand(1, "natural-defense").go();
        acts(&mut g, &["play obliterate", "aim I1"]);
        let t = unit(&g, 1, "I1");
        assert_eq!((t.dmg, t.boosts, t.shields), (2, 0, 0), "Obliterate strips boosts and shields, then 2");
        assert_eq!(g.players[1].hand.len(), 1, "no instant window");
    }

    #[test]
    fn defeat_removes_levels_up_and_refills_the_front() {
        let mut g = Scn::new()
            .u(0, "I1", "bruce")
            .u(1, "I1", "cobble")
            .u(1, "II1", "flint")
            .u(1, "II2", "rocco")
            .hand(0, "close-strike")
            .level(0, 3)
            .front()
            .go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert_eq!(g.players[0].level, 4);
        assert_eq!(
            g.players[0].discard.last(),
            Some(&card("vix-vanguard")),
            "level 4: the champion on top of the discard"
        );
        assert_eq!(to_move(&g), 1, "two candidates: the defender chooses the refill");
        assert_eq!(legal(&g), ["refill II1 I1", "refill II2 I1"]);
        act(&mut g, "refill II2 I1");
        assert_eq!(name(&g, 1, "I1"), "Rocco");
        // Row II now has an empty slot and Row III holds the Sage: it must step forward.
        assert_eq!(name(&g, 1, "II2"), "Gravel");
        assert!(empty(&g, 1, "III2"));
        assert!(can(&g, "faction 4"), "level 4 unlocks the first faction action");
    }

    #[test]
    fn losing_the_sage_loses_the_game() {
        let mut g = Scn::new().u(0, "I1", "bruce").tok(0, 0, 20, 0).hand(0, "close-strike");
        g.pos().units[1].clear();
        let mut g = g.u(1, "I1", "gravel").front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert!(g.is_terminal());
        assert_eq!(g.winners(), vec![Seat(0)]);
        assert_eq!(g.returns(), vec![1.0, 0.0]);
    }

    #[test]
    fn teams_both_sages_must_fall_and_a_fallen_sage_stops_levelling() {
        let mut s = Scn::teams().uo(0, "I1", "bruce", 0).tok(0, 0, 20, 0).hand(0, "close-strike");
        s.pos().units[1].retain(|(x, _)| *x != sl("III2"));
        let mut g = s.uo(1, "I1", "gravel", 1).front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done", "done"]);
        assert!(!g.is_terminal(), "Torrent still stands");
        assert!(!g.players[1].sage_alive && g.players[3].sage_alive);
        assert_eq!(g.players[0].level, 2);
        assert_eq!(g.players[2].level, 1, "only the attacking player levels");
        g.players[1].level = 5;
        g.level_up(1, &mut sylvan_engine::NoEvents);
        assert_eq!(g.players[1].level, 5, "no levelling without a Sage");
    }

    #[test]
    fn teams_share_ap_and_hand_over_and_partners_defend_in_turn() {
        let mut g = Scn::teams()
            .uo(0, "I1", "bruce", 0)
            .uo(1, "I1", "rocco", 1)
            .hand(2, "close-strike")
            .hand(3, "natural-defense")
            .front()
            .go();
        assert_eq!(g.ap, 6);
        assert_eq!(to_move(&g), 0);
        act(&mut g, "partner");
        assert_eq!(to_move(&g), 2);
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert_eq!(to_move(&g), 1, "first defender");
        act(&mut g, "done");
        assert_eq!(to_move(&g), 3, "second defender");
        act(&mut g, "instant natural-defense");
        act(&mut g, "done");
        assert_eq!(unit(&g, 1, "I1").dmg, 2);
        assert_eq!(g.ap, 5);
    }

    #[test]
    fn issue_33_defect_13_partners_hand_over_as_often_as_they_like() {
        // FR:180 « en répartissant les PA comme vous le souhaitez entre chaque joueur » ; FR:186 « dans
        // n'importe quel ordre » ; FR:228 « chacun de vous peut les dépenser »: six sales alternating between
        // the partners take five hand-overs (ruling C22 capped them at 4 a turn before).
        let scn = || {
            Scn::teams()
                .uo(0, "I1", "bruce", 0)
                .hand(0, "oak-lumbertron camou-chameleon lumber-claw")
                .hand(2, "pine-snapper splinter-stinger twine-feline")
                .front()
        };
        let mut g = scn().go();
        act(&mut g, "done");
        let sales = ["oak-lumbertron", "pine-snapper", "camou-chameleon", "splinter-stinger", "lumber-claw"];
        for (k, c) in sales.iter().enumerate() {
            act(&mut g, &format!("sell {c}"));
            assert!(can(&g, "partner"), "hand-over {} is offered", k + 1);
            act(&mut g, "partner");
            assert_eq!(to_move(&g), if k % 2 == 0 { 2 } else { 0 });
            // Handing straight back would be no move at all: not offered (ruling C22).
            assert!(!can(&g, "partner"), "{:?}", legal(&g));
        }
        act(&mut g, "sell twine-feline");
        assert_eq!(g.handovers, 5);
        assert!(g.players[0].hand.is_empty() && g.players[2].hand.is_empty(), "six sales");
        // The rules of older records (revision 2) stop at 4 hand-overs, and allowed handing straight back.
        let mut old = scn();
        old.options.revision = 2;
        let mut g = old.go();
        act(&mut g, "done");
        for _ in 0..4 {
            act(&mut g, "partner");
        }
        assert!(!can(&g, "partner"));
    }
}

mod hidden {
    use super::*;
    use sylvan_engine::GameRng;

    #[test]
    fn views_hide_hands_and_deck_order_but_show_discards() {
        let g = basics().hand(0, "bruce").hand(1, "rocco").deck(1, "flint willow").discard(1, "obliterate").go();
        let v = g.view(Seat(0));
        assert!(v.seats[1].hand.is_none());
        assert_eq!(v.seats[1].hand_count, 1);
        assert_eq!(v.seats[1].discard, cards("obliterate"), "discard piles are public (ruling C8)");
        let mut rng = GameRng::new(5);
        for _ in 0..10 {
            let d = CommandOfNature::determinize(&v, &mut rng);
            assert_eq!(d.view(Seat(0)), v);
        }
    }
}

/// Daybreak effects (phase I), each from its working row.
mod daybreak {
    use super::*;

    #[test]
    fn vix_vanguard_draws_with_a_boost() {
        let mut g = basics().level(0, 4).u(0, "I1", "vix-vanguard").tok(0, 0, 1, 0).deck(0, "bruce").build();
        act(&mut g, "dawn I1");
        assert_eq!(g.players[0].hand, cards("bruce"));
        let g = basics().level(0, 4).u(0, "I1", "vix-vanguard").build();
        let mut g = g;
        act(&mut g, "dawn I1");
        assert!(g.players[0].hand.is_empty(), "no boost, no draw");
    }

    #[test]
    fn bog_blight_goes_to_discard_and_deals_three() {
        let s = basics_with(Faction::Leaf, Faction::Pebble).level(0, 6).u(0, "I1", "bog-blight");
        let mut g = s.u(1, "II1", "rocco").build();
        act(&mut g, "dawn I1");
        assert_eq!(legal(&g), ["aim I1", "aim II1", "aim II2"], "their Row I or II");
        act(&mut g, "aim II1");
        assert!(empty(&g, 1, "II1") || unit(&g, 1, "II1").card != card("rocco"), "Rocco (3 HP) is defeated");
        assert_eq!(g.players[0].discard, cards("bog-blight"));
        assert_eq!(g.players[0].level, 7);
        assert_eq!(to_move(&g), 0, "our refill: II1 or II2 moves to I1");
        act(&mut g, "refill II1 I1");
        assert!(!empty(&g, 0, "I1"));
    }

    #[test]
    fn slumber_jack_boosts_row_one() {
        let mut g = basics().u(0, "II1", "slumber-jack").build();
        acts(&mut g, &["dawn II1", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").boosts, 1);
    }

    #[test]
    fn camou_chameleon_boosts_up_to_two_in_row_two() {
        let mut g = basics().u(0, "I1", "camou-chameleon").build();
        acts(&mut g, &["dawn I1", "pick II1"]);
        assert!(!can(&g, "pick II1"), "two different elementals");
        act(&mut g, "pick II2");
        assert_eq!((unit(&g, 0, "II1").boosts, unit(&g, 0, "II2").boosts), (1, 1));
    }

    #[test]
    fn twine_feline_discards_one_for_two_boosts() {
        let mut g = basics().u(0, "II1", "twine-feline").hand(0, "timber").build();
        acts(&mut g, &["dawn II1", "choose timber", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").boosts, 2);
        assert_eq!(g.players[0].discard, cards("timber"));
    }

    #[test]
    fn oak_lumbertron_boost_per_discard_on_row_one() {
        let mut g = basics().u(0, "I1", "oak-lumbertron").hand(0, "timber bruce willow").build();
        acts(&mut g, &["dawn I1", "choose timber", "choose bruce", "done", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").boosts, 2);
    }

    #[test]
    fn granite_rampart_draws_with_a_shield() {
        let mut g = basics().u(0, "I1", "granite-rampart").tok(0, 0, 0, 1).deck(0, "bruce").build();
        act(&mut g, "dawn I1");
        assert_eq!(g.players[0].hand.len(), 1);
    }

    #[test]
    fn onyx_bearer_shields_row_one() {
        let mut g = basics().u(0, "II2", "onyx-bearer").build();
        acts(&mut g, &["dawn II2", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").shields, 1);
    }

    #[test]
    fn redstone_boost_and_shield_on_one() {
        let mut g = basics().u(0, "I1", "redstone").build();
        acts(&mut g, &["dawn I1", "pick III2"]);
        let u = unit(&g, 0, "III2");
        assert_eq!((u.boosts, u.shields), (1, 1));
    }

    #[test]
    fn ruby_guardian_two_shields_per_discard() {
        let mut g = basics().u(0, "I1", "ruby-guardian").hand(0, "timber bruce").build();
        acts(&mut g, &["dawn I1", "choose timber", "choose bruce", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").shields, 4);
    }

    #[test]
    fn stone_defender_gold_per_shield() {
        let mut g = basics().u(0, "I1", "stone-defender").tok(0, 0, 0, 3).build();
        act(&mut g, "dawn I1");
        assert_eq!(g.gold[0], 3);
    }

    #[test]
    fn thorn_fencer_boost_or_shield() {
        let mut g = basics_with(Faction::Leaf, Faction::Pebble).u(0, "I1", "thorn-fencer").build();
        act(&mut g, "dawn I1");
        assert_eq!(legal(&g), ["amount 1", "amount 2"]);
        act(&mut g, "amount 2");
        assert_eq!((unit(&g, 0, "I1").boosts, unit(&g, 0, "I1").shields), (0, 1));
    }

    #[test]
    fn bamboo_berserker_returns_up_to_three() {
        let mut g = basics().u(0, "II1", "bamboo-berserker").discard(0, "timber bruce willow rocco").build();
        acts(&mut g, &["dawn II1", "choose bruce", "choose willow", "choose rocco"]);
        assert_eq!(g.players[0].hand.len(), 3);
        assert_eq!(g.players[0].discard, cards("timber"));
    }

    #[test]
    fn forage_thumper_discards_for_damage_in_their_row_one() {
        let mut g =
            basics().u(0, "I1", "forage-thumper").u(1, "I1", "oak-lumbertron").hand(0, "timber bruce willow").build();
        acts(&mut g, &["dawn I1", "choose timber", "choose bruce", "choose willow"]);
        assert_eq!(legal(&g), ["aim I1"]);
        act(&mut g, "aim I1");
        assert_eq!(unit(&g, 1, "I1").dmg, 3);
    }

    #[test]
    fn river_rogue_swaps_row_two_and_three() {
        let mut g =
            basics_with(Faction::Droplet, Faction::Pebble).u(0, "II1", "river-rogue").u(0, "III1", "bruce").build();
        acts(&mut g, &["dawn II1", "pick II1", "pick III1"]);
        assert_eq!((name(&g, 0, "II1"), name(&g, 0, "III1")), ("Bruce", "River Rogue"));
    }

    #[test]
    fn whirl_whipper_swaps_row_one_and_two() {
        let mut g = basics().u(0, "I1", "whirl-whipper").build();
        acts(&mut g, &["dawn I1", "pick I1", "pick II2"]);
        assert_eq!(name(&g, 0, "II2"), "Whirl Whipper");
    }
}

/// Reaction effects.
mod reactions {
    use super::*;

    fn strike(g: &mut CommandOfNature) {
        acts(g, &["play close-strike", "pick I1", "aim I1", "done"]);
        settle(g);
    }

    #[test]
    fn horned_hollow_heals_on_defeat() {
        let mut g = basics().level(0, 6).u(0, "I1", "horned-hollow").tok(0, 3, 0, 0).hand(0, "close-strike").go();
        strike(&mut g);
        assert_eq!(unit(&g, 0, "I1").dmg, 0);
    }

    #[test]
    fn calamity_leopard_keeps_its_boosts() {
        let mut g = Scn::new()
            .level(0, 8)
            .u(0, "I1", "calamity-leopard")
            .tok(0, 0, 2, 0)
            .u(1, "I1", "oak-lumbertron")
            .hand(0, "close-strike")
            .front()
            .go();
        strike(&mut g);
        assert_eq!(unit(&g, 0, "I1").boosts, 2);
        assert_eq!(unit(&g, 1, "I1").dmg, 5);
    }

    #[test]
    fn jade_titan_shields_the_sage() {
        let s = basics_with(Faction::Pebble, Faction::Twig).level(0, 4).u(0, "I1", "jade-titan");
        let mut g = s.hand(0, "close-strike").go();
        strike(&mut g);
        assert_eq!(unit(&g, 0, "III2").shields, 1);
    }

    #[test]
    fn boulderhide_brute_boost_when_shielded() {
        let s = basics_with(Faction::Pebble, Faction::Twig).level(0, 6).u(0, "I1", "boulderhide-brute").u(
            1,
            "I1",
            "oak-lumbertron",
        );
        let mut g = s.hand(0, "reinforced-impact").go();
        acts(&mut g, &["play reinforced-impact", "pick I1", "aim I1", "done"]);
        let u = unit(&g, 0, "I1");
        assert_eq!((u.shields, u.boosts), (2, 1), "Reinforced Impact's 2 shields, then 1 boost");
        assert_eq!(unit(&g, 1, "I1").dmg, 5, "STR 6 - 1");
    }

    #[test]
    fn oxen_avenger_pings_when_shields_are_lost() {
        let s =
            basics().level(1, 8).u(1, "I1", "oxen-avenger").tok(1, 0, 0, 1).u(0, "I1", "bruce").hand(0, "close-strike");
        let mut g = s.go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert_eq!(to_move(&g), 1);
        act(&mut g, "aim II1");
        assert_eq!(unit(&g, 0, "II1").dmg, 1);
    }

    #[test]
    fn agile_assailant_boost_on_entry_shield_on_leaving() {
        let mut g = Scn::new().sages(Faction::Leaf, Faction::Pebble).level(0, 4).u(0, "I1", "sprout");
        g = g.u(0, "II1", "agile-assailant").sage_at(0, "II2").hand(0, "bruce");
        let mut g = g.front().go();
        acts(&mut g, &["summon bruce", "pick III1"]);
        assert_eq!(unit(&g, 0, "II1").boosts, 1);
        let mut g = basics_with(Faction::Twig, Faction::Leaf)
            .level(1, 4)
            .u(1, "II1", "agile-assailant")
            .u(0, "I1", "bruce")
            .u(1, "I1", "willow")
            .tok(1, 2, 0, 0)
            .hand(0, "close-strike")
            .front()
            .go();
        strike(&mut g);
        assert_eq!(
            g.formations[1].iter().flatten().flatten().find(|u| u.card == card("agile-assailant")).map(|u| u.shields),
            Some(1)
        );
    }

    #[test]
    fn komodo_kin_brings_back_an_elemental() {
        let mut g = Scn::new()
            .sages(Faction::Leaf, Faction::Pebble)
            .level(0, 8)
            .u(0, "I1", "komodo-kin")
            .u(1, "I1", "willow")
            .u(1, "II1", "cobble")
            .hand(0, "close-strike")
            .discard(0, "bruce")
            .front()
            .go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        settle(&mut g);
        assert_eq!(legal(&g), ["done", "choose bruce"]);
        acts(&mut g, &["choose bruce", "pick III1"]);
        assert_eq!(name(&g, 0, "III1"), "Bruce");
    }

    #[test]
    fn tide_turner_draws_when_attacked() {
        let s = basics_with(Faction::Twig, Faction::Droplet).level(1, 4).u(1, "I1", "tide-turner");
        let mut g = s.hand(0, "close-strike").deck(1, "dewy").go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert_eq!(g.players[1].hand, cards("dewy"));
    }

    #[test]
    fn king_crustacean_trades_places_and_takes_the_damage() {
        let s = basics_with(Faction::Twig, Faction::Droplet).level(1, 6).u(1, "II1", "king-crustacean");
        let mut g = s.u(0, "I1", "bruce").hand(0, "close-strike").go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert_eq!(legal(&g), ["done", "use"]);
        act(&mut g, "use");
        assert_eq!(name(&g, 1, "I1"), "King Crustacean");
        assert_eq!(unit(&g, 1, "I1").dmg, 3);
        assert_eq!(unit(&g, 1, "II1").dmg, 0);
    }

    #[test]
    fn terrain_tumbler_takes_the_damage_in_place() {
        let mut g = basics().u(1, "II1", "terrain-tumbler").u(0, "I1", "bruce").hand(0, "close-strike").go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done", "use"]);
        assert_eq!(unit(&g, 1, "II1").dmg, 3);
        assert_eq!(unit(&g, 1, "I1").dmg, 0);
    }

    #[test]
    fn frostfall_emperor_hits_row_three_on_entering_row_one() {
        let s = basics_with(Faction::Droplet, Faction::Pebble).level(0, 8).u(0, "II1", "frostfall-emperor");
        let mut g = s.u(1, "III1", "flint").go();
        act(&mut g, "swap I1 II1");
        assert_eq!(legal(&g), ["aim III1", "aim III2"]);
        act(&mut g, "aim III1");
        assert_eq!(unit(&g, 1, "III1").dmg, 2);
    }

    #[test]
    fn acorn_squire_gold_on_attacking() {
        let mut g = basics().u(0, "I1", "acorn-squire").hand(0, "close-strike").go();
        strike(&mut g);
        assert_eq!(g.gold[0], 2);
    }

    #[test]
    fn quill_thornback_boost_on_twig_ranged_attacks() {
        let mut g = basics().u(0, "I1", "quill-thornback").hand(0, "far-strike").go();
        acts(&mut g, &["play far-strike", "pick II1", "aim I1", "done"]);
        assert_eq!(unit(&g, 0, "I1").boosts, 1);
    }

    #[test]
    fn lumber_claw_hits_up_to_two_in_row_two() {
        let mut g = basics().u(0, "I1", "lumber-claw").u(1, "I1", "oak-lumbertron").hand(0, "close-strike").go();
        strike(&mut g);
        acts(&mut g, &["aim II1", "aim II2"]);
        assert_eq!((unit(&g, 1, "II1").dmg, unit(&g, 1, "II2").dmg), (1, 1));
    }

    #[test]
    fn pine_snapper_adds_its_damage_counters() {
        let mut g = basics()
            .u(0, "II1", "pine-snapper")
            .tok(0, 2, 0, 0)
            .u(0, "I1", "willow")
            .u(1, "I1", "oak-lumbertron")
            .hand(0, "close-strike")
            .go();
        strike(&mut g);
        assert_eq!(unit(&g, 1, "I1").dmg, 3);
    }

    #[test]
    fn splinter_stinger_boost_after_dealing_damage() {
        let mut g = basics()
            .u(0, "I1", "splinter-stinger")
            .tok(0, 0, 2, 0)
            .u(1, "I1", "oak-lumbertron")
            .hand(0, "close-strike")
            .go();
        strike(&mut g);
        assert_eq!(unit(&g, 0, "I1").boosts, 1);
    }

    #[test]
    fn geo_weasel_gold_when_attacked() {
        let mut g = basics().u(1, "I1", "geo-weasel").hand(0, "close-strike").go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert_eq!(g.gold[1], 2, "the attacked Cobble is a Pebble: 2 gold");
    }

    #[test]
    fn cackle_ripclaw_cuts_ranged_by_two() {
        let mut g = basics().u(1, "I1", "cackle-ripclaw").u(0, "II1", "bruce").hand(0, "far-strike").go();
        acts(&mut g, &["play far-strike", "pick II1", "aim I1", "done"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 1);
    }

    #[test]
    fn rune_puma_nullifies_melee_on_row_one() {
        let mut g = basics().u(1, "II1", "rune-puma").u(0, "I1", "bruce").hand(0, "close-strike").go();
        strike(&mut g);
        assert_eq!(unit(&g, 1, "I1").dmg, 0);
    }

    #[test]
    fn botanic_fangs_gold_on_entry() {
        let s = Scn::new().sages(Faction::Leaf, Faction::Pebble).u(0, "I1", "botanic-fangs").sage_at(0, "II1");
        let mut g = s.hand(0, "sprout").front().go();
        acts(&mut g, &["summon sprout", "pick II2"]);
        assert_eq!(g.gold[0], 2, "a Leaf entered");
    }

    #[test]
    fn petal_mage_returns_a_card_on_entering_row_two() {
        let s = Scn::new().sages(Faction::Leaf, Faction::Pebble).u(0, "I1", "sprout").sage_at(0, "II2");
        let mut g = s.hand(0, "petal-mage").discard(0, "bruce").front().go();
        acts(&mut g, &["summon petal-mage", "pick II1", "choose bruce"]);
        assert_eq!(g.players[0].hand, cards("bruce"));
    }

    #[test]
    fn humming_herald_and_iguana_guard_on_entry() {
        let mut g = Scn::new()
            .u(0, "I1", "timber")
            .u(0, "II1", "humming-herald")
            .sage_at(0, "II2")
            .u(0, "III1", "iguana-guard")
            .hand(0, "bruce")
            .front()
            .go();
        acts(&mut g, &["summon bruce", "pick III2"]);
        // Iguana Guard works in Row II only: it is in Row III. Herald asks for a Row I elemental.
        act(&mut g, "pick I1");
        assert_eq!((unit(&g, 0, "I1").boosts, unit(&g, 0, "I1").shields), (1, 0));
        let mut g =
            Scn::new().u(0, "I1", "timber").u(0, "II1", "iguana-guard").sage_at(0, "II2").hand(0, "bruce").front().go();
        acts(&mut g, &["summon bruce", "pick III1", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").shields, 1);
    }

    #[test]
    fn moss_viper_returns_to_hand_when_defeated() {
        let mut g = basics().u(1, "I1", "moss-viper").u(0, "I1", "bruce").hand(0, "close-strike").go();
        strike(&mut g);
        assert!(g.players[1].hand.contains(&card("moss-viper")));
        assert_eq!(g.players[0].level, 2);
    }

    #[test]
    fn shrub_beetle_on_leaving() {
        let mut g = Scn::new()
            .u(1, "I1", "shrub-beetle")
            .u(1, "II1", "willow")
            .tok(1, 2, 0, 0)
            .hand(0, "obliterate")
            .front()
            .go();
        acts(&mut g, &["play obliterate", "aim II1"]);
        let u = unit(&g, 1, "I1");
        assert_eq!((u.card, u.boosts, u.shields), (card("shrub-beetle"), 1, 1));
    }

    #[test]
    fn coastal_coyote_current_conjurer_surgesphere_and_splash_on_row_two() {
        // The Sage (Torrent, a Droplet) swaps into Row II (entry effects apply to swaps, ruling C8).
        let mut g = basics_with(Faction::Droplet, Faction::Pebble)
            .u(0, "I1", "splash-basilisk")
            .u(0, "II1", "current-conjurer")
            .u(0, "III1", "coastal-coyote")
            .go();
        act(&mut g, "swap II2 III2");
        let u = unit(&g, 0, "II2");
        assert_eq!((u.card, u.boosts, u.shields), (card("torrent"), 1, 1), "Conjurer boost, Basilisk shield");
        assert_eq!(g.gold[0], 0, "Coyote in Row III does not work");
        let mut g = basics_with(Faction::Droplet, Faction::Pebble)
            .u(0, "I1", "coastal-coyote")
            .u(0, "II1", "surgesphere-monk")
            .go();
        act(&mut g, "swap II2 III2");
        assert_eq!(g.gold[0], 2);
        assert_eq!(unit(&g, 0, "II2").shields, 1);
    }

    #[test]
    fn riptide_tiger_and_typhoon_fist_on_entering_row_one() {
        let mut g = basics_with(Faction::Droplet, Faction::Pebble).u(0, "II1", "riptide-tiger").deck(0, "dewy").go();
        act(&mut g, "swap I1 II1");
        assert_eq!(g.players[0].hand, cards("dewy"));
        let mut g = basics().u(0, "II1", "typhoon-fist").u(1, "I1", "oak-lumbertron").go();
        acts(&mut g, &["swap I1 II1", "aim I1"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 2);
    }

    #[test]
    fn roaming_razor_swaps_after_dealing_damage() {
        let mut g = basics().u(0, "I1", "roaming-razor").u(1, "I1", "oak-lumbertron").hand(0, "close-strike").go();
        strike(&mut g);
        act(&mut g, "pick II1");
        assert_eq!(name(&g, 0, "II1"), "Roaming Razor");
    }
}

/// Commands.
mod commands {
    use super::*;

    #[test]
    fn distant_double_strike_two_targets_in_row_two() {
        let mut g = basics().u(0, "I1", "bruce").hand(0, "distant-double-strike").go();
        acts(&mut g, &["play distant-double-strike", "pick I1", "aim II1", "aim II2", "done"]);
        assert_eq!((unit(&g, 1, "II1").dmg, unit(&g, 1, "II2").dmg), (1, 1), "STR 3 - 2 each");
    }

    #[test]
    fn focused_fury_strips_shields_for_strength() {
        let mut g =
            basics().u(0, "I1", "bruce").tok(0, 0, 0, 2).u(1, "I1", "oak-lumbertron").hand(0, "focused-fury").go();
        acts(&mut g, &["play focused-fury", "pick I1", "aim I1", "done"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 4, "3 - 1 + 2");
        assert_eq!(unit(&g, 0, "I1").shields, 0);
    }

    #[test]
    fn magic_ether_strike_any_row_from_row_one() {
        let mut g = basics().u(0, "I1", "bruce").hand(0, "magic-ether-strike").go();
        act(&mut g, "play magic-ether-strike");
        assert_eq!(legal(&g), ["pick I1"]);
        act(&mut g, "pick I1");
        assert!(can(&g, "aim III2") && can(&g, "aim I1"));
        acts(&mut g, &["aim III2", "done"]);
        assert_eq!(unit(&g, 1, "III2").dmg, 2);
    }

    #[test]
    fn natures_wrath_and_primitive_strike_favour_basics() {
        let mut g = basics().u(1, "I1", "oak-lumbertron").hand(0, "natures-wrath").go();
        acts(&mut g, &["play natures-wrath", "pick I1", "aim I1", "done"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 4, "Timber 2 + 2");
        let mut g = basics().u(1, "II1", "oak-lumbertron").hand(0, "primitive-strike").go();
        acts(&mut g, &["play primitive-strike", "pick I1", "aim II1", "done"]);
        assert_eq!(unit(&g, 1, "II1").dmg, 3, "Timber 2 + 1");
    }

    #[test]
    fn projectile_blast_two_rows() {
        let mut g = basics().u(1, "II1", "oak-lumbertron").hand(0, "projectile-blast").go();
        acts(&mut g, &["play projectile-blast", "pick I1", "aim II1", "done"]);
        assert_eq!(unit(&g, 1, "II1").dmg, 2);
    }

    #[test]
    fn charms_need_their_faction_attacked() {
        // Pebble Charm: a Pebble (Cobble) is attacked: shield on a different elemental.
        let mut g = basics().hand(0, "close-strike").hand(1, "pebble-charm twig-charm").go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert_eq!(legal(&g), ["done", "instant pebble-charm"]);
        act(&mut g, "instant pebble-charm");
        assert!(!can(&g, "pick I1"), "a different elemental");
        act(&mut g, "pick II1");
        assert_eq!(unit(&g, 1, "II1").shields, 1);
    }

    #[test]
    fn twig_charm_boosts_another() {
        let mut s = basics().hand(1, "close-strike").hand(0, "twig-charm");
        s.setup.first_side = 1;
        let mut g = s.go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "instant twig-charm", "pick II2", "done"]);
        assert_eq!(unit(&g, 0, "II2").boosts, 1);
    }

    #[test]
    fn leaf_charm_hits_the_attacker() {
        let mut s = Scn::new().sages(Faction::Leaf, Faction::Pebble).u(0, "I1", "sprout").u(1, "I1", "oak-lumbertron");
        s = s.hand(1, "close-strike").hand(0, "leaf-charm");
        s.setup.first_side = 1;
        let mut g = s.front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "instant leaf-charm", "done"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 1);
    }

    /// Side 1 (Pebble) to play Close Strike at Dribble; p0 (Droplet) holds Droplet Charm.
    fn droplet_scene() -> Scn {
        let mut s = Scn::new()
            .sages(Faction::Droplet, Faction::Pebble)
            .u(0, "I1", "dribble")
            .u(1, "I1", "oak-lumbertron")
            .hand(1, "close-strike")
            .hand(0, "droplet-charm");
        s.setup.first_side = 1;
        s
    }

    #[test]
    fn droplet_charm_draws_and_more_on_defeat() {
        let mut g = droplet_scene().deck(0, "dewy wade").front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "instant droplet-charm", "done"]);
        settle(&mut g);
        assert_eq!(g.players[0].hand.len(), 2, "1 + 1 because Dribble fell");
    }

    #[test]
    fn droplet_charm_cannot_draw_itself_back_and_reaches_the_discard_after_the_attack() {
        // Deck empty, discard pile empty: the draw finds nothing. Before ruling C17's fix the charm went to
        // the discard pile first, was shuffled back by its own draw and could be played again forever.
        let mut g = droplet_scene().front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        assert!(g.players[1].discard.is_empty(), "the attack command waits for its attack to end");
        act(&mut g, "instant droplet-charm");
        assert!(g.players[0].hand.is_empty(), "nothing to draw: the charm itself is not in the pile");
        assert!(g.players[0].discard.is_empty() && g.players[0].deck.is_empty());
        assert!(!can(&g, "instant droplet-charm"));
        let text = g.view(Seat(0)).to_string();
        assert!(text.contains("in play, then to the discard pile: Close Strike (p1), Droplet Charm (p0)"), "{text}");
        act(&mut g, "done");
        settle(&mut g);
        assert_eq!(g.players[0].discard, cards("droplet-charm"), "discarded once the attack is over");
        assert_eq!(g.players[1].discard, cards("close-strike"));
        assert!(g.stack.iter().all(|s| !matches!(s, state::Step::Discard { .. })));

        // With one card in the discard pile, the draw shuffles it (not the charm) into the deck and takes it.
        let mut g = droplet_scene().discard(0, "dewy").front().go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "instant droplet-charm"]);
        assert_eq!(g.players[0].hand, cards("dewy"));
        assert!(!can(&g, "instant droplet-charm"));
        act(&mut g, "done");
        settle(&mut g);
        assert_eq!(g.players[0].discard, cards("droplet-charm"));
    }

    #[test]
    fn records_before_0_2_0_replay_with_the_old_discard_timing() {
        // Revision 1 (Sylvan before 0.2.0) discarded a command when played: with an empty deck, Droplet
        // Charm drew itself back and could be played again. An old record of that replays as played; the
        // same actions under the current rules stop at the second charm.
        let s = droplet_scene().front();
        let (options, setup) = (s.options.clone(), s.setup.clone());
        let mut actions = Vec::new();
        if s.build().phase == Phase::Daybreak {
            actions.push("done");
        }
        actions.extend([
            "play close-strike",
            "pick I1",
            "aim I1",
            "instant droplet-charm",
            "instant droplet-charm",
            "done",
        ]);
        let mut record = sylvan_engine::Record::<CommandOfNature>::from_setup(options, setup, 7);
        record.actions = actions.iter().map(|a| a.to_string()).collect();
        record.engine_version = "0.1.0".into();
        let old = sylvan_engine::replay(&record).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(old.options.revision, 1);
        record.engine_version = sylvan_engine::ENGINE_VERSION.into();
        let e = sylvan_engine::replay(&record).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("instant droplet-charm"), "{e}");
        let bad = Options { revision: sylvan_command_of_nature::state::RULES_REVISION + 1, ..Options::default() };
        let e = CommandOfNature::new(&bad, 1).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("revision") && e.contains("5 is not a rules revision"), "{e}");
    }

    #[test]
    fn natural_restoration_melee_shield_and_ranged_barrier_cut() {
        let mut g = basics()
            .u(0, "I1", "bruce")
            .u(1, "I1", "oak-lumbertron")
            .hand(0, "close-strike")
            .hand(1, "natural-restoration melee-shield")
            .go();
        acts(
            &mut g,
            &["play close-strike", "pick I1", "aim I1", "instant natural-restoration", "instant melee-shield", "done"],
        );
        assert_eq!(unit(&g, 1, "I1").dmg, 0);
        let mut g = basics()
            .u(0, "II1", "bruce")
            .u(1, "I1", "oak-lumbertron")
            .hand(0, "far-strike")
            .hand(1, "ranged-barrier")
            .go();
        acts(&mut g, &["play far-strike", "pick II1", "aim I1", "instant ranged-barrier", "done"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 1);
    }

    #[test]
    fn elemental_incantation_discards_three_for_six_pings() {
        let mut g = basics().hand(0, "elemental-incantation timber willow bruce").go();
        acts(&mut g, &["play elemental-incantation", "choose timber", "choose willow", "choose bruce"]);
        acts(&mut g, &["aim I1", "aim II1", "done"]);
        assert_eq!((unit(&g, 1, "I1").dmg, unit(&g, 1, "II1").dmg, unit(&g, 1, "II2").dmg), (1, 1, 0));
        let g = basics().hand(0, "elemental-incantation timber").go();
        assert!(!can(&g, "play elemental-incantation"), "needs 3 other cards");
    }

    #[test]
    fn elemental_swap_and_exchange_of_nature() {
        let mut g = basics().u(1, "I1", "rocco").hand(0, "elemental-swap").go();
        acts(&mut g, &["play elemental-swap", "aim I1", "aim II2"]);
        assert_eq!(name(&g, 1, "II2"), "Rocco");
        let mut g = basics().u(0, "III1", "bruce").hand(0, "exchange-of-nature").go();
        acts(&mut g, &["play exchange-of-nature", "pick I1", "pick III1"]);
        assert_eq!(name(&g, 0, "I1"), "Bruce");
    }
}

/// The twelve faction actions (levels 4, 6, 8 of each Sage board).
mod faction {
    use super::*;

    #[test]
    fn one_faction_action_per_turn_and_only_when_unlocked() {
        let mut g = basics().level(0, 4).deck(0, "close-strike close-strike far-strike").go();
        assert!(can(&g, "faction 4") && !can(&g, "faction 6"));
        act(&mut g, "faction 4");
        act(&mut g, "pick I1");
        assert!(!can(&g, "faction 4"));
        assert_eq!(g.ap, 3);
    }

    #[test]
    fn twig_4_6_8() {
        let mut g = basics().level(0, 8).go();
        acts(&mut g, &["faction 4", "pick I1"]);
        assert_eq!(unit(&g, 0, "I1").boosts, 2);
        let mut g = basics().level(0, 8).go();
        acts(&mut g, &["faction 6", "pick II1"]);
        assert_eq!(unit(&g, 0, "II1").boosts, 3, "I1, II2 and Cedar are connected Twigs");
        let mut g = basics().level(0, 8).u(0, "I1", "bruce").tok(0, 0, 3, 0).u(1, "I1", "oak-lumbertron").go();
        acts(&mut g, &["faction 8", "pick I1", "amount 3", "aim I1"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 5);
        assert_eq!(unit(&g, 0, "I1").boosts, 0);
    }

    #[test]
    fn pebble_4_6_8() {
        let s = || {
            let mut s = Scn::new();
            s.setup.sages = vec![Faction::Pebble, Faction::Twig];
            s.pos().units[0].clear();
            s.pos().units[1].clear();
            s.u(0, "III2", "gravel")
                .u(0, "I1", "cobble")
                .u(0, "II1", "cobble")
                .u(0, "II2", "timber")
                .u(1, "III2", "cedar")
                .u(1, "I1", "oak-lumbertron")
                .level(0, 8)
        };
        let mut g = s().front().go();
        act(&mut g, "faction 4");
        assert_eq!((unit(&g, 0, "II1").shields, unit(&g, 0, "II2").shields, unit(&g, 0, "I1").shields), (1, 0, 0));
        let mut g = s().front().go();
        if let Some(u) = g.formations[0][1][0].as_mut() {
            u.shields = 2;
        }
        acts(&mut g, &["faction 6", "pick I1", "pick III2"]);
        assert_eq!((unit(&g, 0, "II1").shields, unit(&g, 0, "I1").shields, unit(&g, 0, "III2").shields), (0, 1, 1));
        let mut g = s().front().go();
        if let Some(u) = g.formations[0][2][1].as_mut() {
            u.shields = 2;
        }
        acts(&mut g, &["faction 8", "amount 2", "aim I1"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 4);
    }

    #[test]
    fn leaf_4_6_8() {
        let s = || {
            let mut s = Scn::new();
            s.setup.sages = vec![Faction::Leaf, Faction::Twig];
            s.pos().units[0].clear();
            s.pos().units[1].clear();
            s.u(0, "III2", "porella")
                .u(0, "I1", "bruce")
                .u(0, "II1", "sprout")
                .u(0, "II2", "sprout")
                .u(1, "III2", "cedar")
                .u(1, "I1", "oak-lumbertron")
                .level(0, 8)
        };
        let mut g = s().discard(0, "close-strike timber").front().go();
        acts(&mut g, &["faction 4", "choose close-strike", "pick I1", "aim I1"]);
        assert_eq!(g.players[0].discard, cards("timber"), "out of the pile during its attack");
        act(&mut g, "done");
        assert_eq!(unit(&g, 1, "I1").dmg, 3);
        assert_eq!(g.players[0].discard, cards("timber close-strike"), "back in the discard");
        let mut g = s().discard(0, "timber").front().go();
        acts(&mut g, &["faction 6", "choose timber"]);
        assert_eq!(g.players[0].deck, cards("timber"));
        let mut g = s().front().go();
        acts(&mut g, &["faction 8", "pick II1", "aim I1"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 3);
        assert!(g.players[0].discard.contains(&card("sprout")));
    }

    /// Ruling C15: Leaf's level 8 sends an elemental connected to the Sage, never a Sage: in teams the
    /// partner's Sage is connected, and a Sage sent to the discard pile would leave a formation without
    /// its Sage that no defeat ever ends (FR:304, FR:426-432).
    #[test]
    fn leaf_8_never_sends_a_sage() {
        let teams = || {
            let mut s = Scn::teams();
            s.setup.sages = vec![Faction::Leaf, Faction::Pebble, Faction::Droplet, Faction::Twig];
            s.pos().units[0].clear();
            s.pos().units[1].clear();
            s.uo(0, "I1", "porella", 0)
                .uo(0, "I2", "torrent", 2)
                .uo(1, "I1", "gravel", 1)
                .uo(1, "I2", "cedar", 3)
                .level(0, 8)
        };
        let g = teams().go();
        assert!(!can(&g, "faction 8"), "only the partner's Sage is connected: no elemental to send");
        let mut g = teams().uo(0, "II1", "sprout", 0).go();
        act(&mut g, "faction 8");
        let picks: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("pick")).collect();
        assert_eq!(picks, ["pick II1"], "Sprout, not Torrent");
        // Records of rules revision 3 replay as they were played.
        let mut old = teams();
        old.options.revision = 3;
        assert!(can(&old.go(), "faction 8"), "revision 3 offered the partner's Sage");
    }

    /// A Sage whose damage reaches its health is defeated at once (FR:414 « À tout moment »): its side's
    /// Oxen Avenger answers the shields it lost only after the defeat, and the game is already over.
    #[test]
    fn a_fallen_sage_ends_the_game_before_an_oxen_avenger_answers() {
        let game = |revision| {
            let mut s = Scn::new();
            s.options.revision = revision;
            s.pos().units[0].clear();
            s.pos().units[1].clear();
            let s = s.u(0, "I1", "cedar").tok(0, 11, 0, 0).u(1, "I1", "gravel").tok(1, 10, 0, 1);
            let mut g = s.u(1, "II1", "oxen-avenger").level(1, 8).hand(0, "close-strike").go();
            acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
            g
        };
        let g = game(sylvan_command_of_nature::state::RULES_REVISION);
        assert!(g.is_terminal(), "the Avenger was asked to hit: {:?}", legal(&g));
        assert_eq!(g.winners(), vec![Seat(0)]);
        // Records of rules revision 3 replay as they were played: the Avenger hit first, and won.
        let mut g = game(3);
        act(&mut g, "aim I1");
        assert_eq!(g.winners(), vec![Seat(1)]);
    }

    #[test]
    fn droplet_4_6_8() {
        let s = || {
            let mut s = Scn::new();
            s.setup.sages = vec![Faction::Droplet, Faction::Twig];
            s.pos().units[0].clear();
            s.pos().units[1].clear();
            s.u(0, "III2", "torrent")
                .u(0, "I1", "dewy")
                .u(0, "II1", "dribble")
                .u(0, "II2", "dribble")
                .u(1, "III2", "cedar")
                .u(1, "I1", "oak-lumbertron")
                .level(0, 8)
        };
        let mut g = s().deck(0, "wade wade").front().go();
        act(&mut g, "faction 4");
        assert_eq!(g.players[0].hand.len(), 2);
        let mut g = s().front().go();
        acts(&mut g, &["faction 6", "pick I1", "pick III2"]);
        assert_eq!(name(&g, 0, "I1"), "Torrent", "any two, not connected");
        let mut g = s().front().go();
        acts(&mut g, &["faction 8", "aim I1"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 2, "Sage in Row III: 2");
    }
}

/// Issue 5's table events: what each decision causes, with its audience.
mod events {
    use super::*;
    use sylvan_engine::{Audience, EventLog, SeatSet};

    fn run(g: &mut CommandOfNature, texts: &[&str]) -> EventLog<Event> {
        let mut log = EventLog::new();
        for t in texts {
            let a: Action = t.parse().unwrap_or_else(|e| panic!("{t}: {e}"));
            if let Err(e) = g.try_apply(a, &mut log) {
                panic!("{e}; legal: {:?}", legal(g));
            }
        }
        log
    }

    /// The public events other than `Acted`, `Hand` and `HandCount`.
    fn table(log: &EventLog<Event>) -> Vec<Event> {
        log.events
            .iter()
            .filter(|(_, e)| !matches!(e, Event::Acted { .. } | Event::Hand { .. } | Event::HandCount { .. }))
            .map(|(a, e)| {
                assert_eq!(*a, Audience::Everyone, "{e} is public");
                e.clone()
            })
            .collect()
    }

    #[test]
    fn damage_instant_cut_and_shields() {
        let mut g = Scn::new()
            .u(0, "I1", "bruce")
            .tok(0, 0, 2, 0)
            .u(1, "I1", "oak-lumbertron")
            .tok(1, 0, 0, 2)
            .hand(0, "close-strike")
            .hand(1, "melee-shield")
            .front()
            .go();
        let log = run(&mut g, &["play close-strike", "pick I1", "aim I1", "instant melee-shield", "done"]);
        assert_eq!(
            table(&log),
            [
                Event::Cut { seat: Seat(1), card: card("melee-shield"), amount: 2 },
                Event::Damaged {
                    side: 1,
                    slot: sl("I1"),
                    card: card("oak-lumbertron"),
                    amount: 3,
                    shielded: 2,
                    dealt: 1,
                    by: Seat(0),
                    attack: true,
                },
            ],
            "3 STR + 2 boosts - 2 cut = 3, 2 absorbed by the shields, 1 counter"
        );
        assert_eq!(unit(&g, 1, "I1").dmg, 1);
    }

    /// Issue 15: a decision in the log is a sentence with the card's and slot's names in each language,
    /// never the raw notation (`p0 : play close-strike`).
    #[test]
    fn decisions_are_worded_not_notation() {
        use sylvan_engine::Lang;
        let mut g = Scn::new().u(0, "I1", "bruce").u(1, "I1", "oak-lumbertron").hand(0, "close-strike").front().go();
        let log = run(&mut g, &["play close-strike", "pick I1", "aim I1"]);
        let acted: Vec<&Event> =
            log.events.iter().map(|(_, e)| e).filter(|e| matches!(e, Event::Acted { .. })).collect();
        let say = |lang| acted.iter().map(|e| words::event_text(e, lang)).collect::<Vec<_>>();
        assert_eq!(
            say(Lang::En),
            [
                "p0 plays Close Strike",
                "p0 picks their elemental in Row I, place 1",
                "p0 targets the enemy elemental in Row I, place 1"
            ]
        );
        assert_eq!(
            say(Lang::Fr),
            [
                "p0 joue Frappe Rapprochée",
                "p0 choisit son Élémentaire en Rangée I, place 1",
                "p0 cible l'Élémentaire adverse en Rangée I, place 1"
            ]
        );
        let choose = Event::Acted { seat: Seat(0), action: Action::Choose(card("geo-weasel")) };
        assert_eq!(words::event_text(&choose, Lang::Fr), "p0 choisit Belette Géo");
        assert_eq!(words::event_text(&choose, Lang::En), "p0 chooses Geo Weasel");
    }

    #[test]
    fn defeat_level_champion_faction_action_and_refill() {
        let champion = sylvan_command_of_nature::cards::table().packs[0].champions[0];
        // Side 1: Willow in front of its Sage (FR:422 leaves no empty slot in front of an elemental).
        let mut g = Scn::new()
            .u(0, "I1", "bruce")
            .u(1, "I1", "willow")
            .sage_at(1, "II1")
            .hand(0, "close-strike")
            .level(0, 3)
            .front()
            .go();
        let log = run(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
        assert_eq!(
            table(&log),
            [
                Event::Damaged {
                    side: 1,
                    slot: sl("I1"),
                    card: card("willow"),
                    amount: 3,
                    shielded: 0,
                    dealt: 3,
                    by: Seat(0),
                    attack: true,
                },
                Event::Defeated { side: 1, slot: sl("I1"), card: card("willow"), by: Seat(0) },
                Event::LevelUp { seat: Seat(0), level: 4 },
                Event::ChampionToDiscard { seat: Seat(0), card: champion },
                Event::FactionUnlocked { seat: Seat(0), level: 4 },
                Event::Refilled { side: 1, from: sl("II1"), to: sl("I1"), card: card("gravel") },
            ]
        );
        // The champion went on top of the discard pile at the level; the command follows once its attack is over (C17).
        assert_eq!(g.players[0].discard, [champion, card("close-strike")]);
        assert_eq!(name(&g, 1, "I1"), "Gravel");
    }

    #[test]
    fn market_buy_sell_refresh_and_new_faces() {
        let mut g = basics()
            .gold(0, 11)
            .hand(0, "bruce")
            .market(0, "camou-chameleon bruce willow")
            .market(1, "obliterate melee-shield elemental-swap")
            .go();
        g.market_decks[0] = cards("rocco");
        g.market_decks[1] = cards("focused-fury farsight-frenzy reinforced-impact");
        let log = run(&mut g, &["done", "buy e1", "sell bruce", "refresh c"]);
        let m = |market, index, c: &str| Event::MarketFace { market, index, card: Some(card(c)) };
        assert_eq!(
            table(&log),
            [
                Event::Bought { seat: Seat(0), card: card("camou-chameleon"), gold: 7, placed: false },
                m(0, 0, "rocco"),
                Event::Sold { seat: Seat(0), card: card("bruce"), gold: 1 },
                Event::Refreshed { seat: Seat(0), market: 1 },
                m(1, 0, "reinforced-impact"),
                m(1, 1, "farsight-frenzy"),
                m(1, 2, "focused-fury"),
            ]
        );
        assert_eq!(g.gold[0], 4, "11 - 7 + 1 - 1");
        assert_eq!(g.market[0], [Some(card("rocco")), Some(card("bruce")), Some(card("willow"))]);
        assert_eq!(g.market_decks[0], [], "the elemental market deck ran out");
        assert_eq!(
            g.market_decks[1],
            cards("elemental-swap melee-shield obliterate"),
            "the old faces are under the deck"
        );
    }

    #[test]
    fn sage_fallen_and_game_over() {
        let mut g = basics().hand(0, "obliterate").go();
        if let Some(u) = g.formations[1][2][1].as_mut() {
            u.dmg = 10;
        }
        let log = run(&mut g, &["play obliterate", "aim III2"]);
        let t = table(&log);
        assert!(t.contains(&Event::SageFallen { seat: Seat(1) }), "{t:?}");
        assert_eq!(t.last(), Some(&Event::GameOver { winning_side: Some(0) }));
        assert_eq!(g.winners(), [Seat(0)]);
    }

    #[test]
    fn hands_go_to_owner_and_partner_counts_to_the_others() {
        let mut g = Scn::teams().u(0, "I1", "timber").hand(0, "timber").deck(0, "bruce").front().go();
        let log = run(&mut g, &["draw"]);
        let both = SeatSet::only(Seat(0)).with(Seat(2));
        let mut hand = cards("timber bruce");
        hand.sort();
        assert!(log.events.contains(&(Audience::Only(both), Event::Hand { seat: Seat(0), cards: hand.clone() })));
        assert!(log.events.contains(&(Audience::AllBut(both), Event::HandCount { seat: Seat(0), count: 2 })));
        for seat in [Seat(1), Seat(3)] {
            assert!(
                log.for_seat(seat).all(|e| !matches!(e, Event::Hand { seat: Seat(0), .. })),
                "{seat} does not see p0's hand"
            );
        }
        assert!(log.for_seat(Seat(2)).any(|e| *e == Event::Hand { seat: Seat(0), cards: hand.clone() }));
    }
}

/// Ruling C23: every game ends, at the latest at the turn limit, within `max_game_length`.
mod termination {
    use super::*;
    use sylvan_engine::GameRng;

    #[test]
    fn the_turn_limit_is_a_draw_for_everyone() {
        let mut s = basics();
        s.options.turn_limit = 2;
        let mut g = s.go();
        acts(&mut g, &["done", "done", "done"]);
        assert_eq!((g.turns, g.side), (1, 1));
        acts(&mut g, &["done", "done", "done", "done"]);
        assert_eq!(g.phase, Phase::Over(None));
        assert_eq!(g.to_move(), None);
        assert_eq!(g.scores(), [0.5, 0.5]);
        assert_eq!(g.winners(), [Seat(0), Seat(1)]);
    }

    #[test]
    fn default_limit_and_bound() {
        let o = Options::default();
        assert_eq!(o.turn_limit, DEFAULT_TURN_LIMIT);
        assert_eq!(CommandOfNature::max_game_length(&o), 60 * ACTIONS_PER_TURN + 4);
        let t = CommandOfNature::options_for_players(4).unwrap_or_default();
        assert_eq!(CommandOfNature::max_game_length(&t), 60 * ACTIONS_PER_TURN + 8);
    }

    #[test]
    fn random_games_end_and_turns_stay_far_below_the_per_turn_bound() {
        let mut legal = Vec::new();
        for players in [2, 4] {
            let o = CommandOfNature::options_for_players(players).unwrap_or_default();
            let mut most = 0;
            for seed in 0..40 {
                let mut g = CommandOfNature::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
                let mut rng = GameRng::new(seed);
                let (mut in_turn, mut turn, mut total) = (0, 0, 0);
                while g.to_move().is_some() {
                    g.legal_actions(&mut legal);
                    g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
                    total += 1;
                    in_turn = if g.turns != turn { 0 } else { in_turn + 1 };
                    turn = g.turns;
                    most = most.max(in_turn);
                }
                assert!(matches!(g.phase, Phase::Over(_)));
                assert!(g.turns <= DEFAULT_TURN_LIMIT);
                assert!(total <= CommandOfNature::max_game_length(&o));
            }
            assert!(most < ACTIONS_PER_TURN / 20, "{players} players: {most} decisions in one turn");
        }
    }
}

/// Ruling C24: the `cards` option loads a user card file, validated with file, line and field.
mod card_files {
    use super::*;
    use sylvan_command_of_nature::cards::{Cards, default_file_text, load_text};

    fn write(name: &str, text: &str) -> String {
        let path = std::env::temp_dir().join(format!("con-{}-{name}.toml", std::process::id()));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        path.to_string_lossy().into_owned()
    }

    /// The 1-based line of the first line containing `needle` after the line containing `after`.
    fn line_of(text: &str, after: &str, needle: &str) -> usize {
        let start = text.lines().position(|l| l.contains(after)).unwrap_or_else(|| panic!("no {after}"));
        start + 1 + text.lines().skip(start).position(|l| l.contains(needle)).unwrap_or_else(|| panic!("no {needle}"))
    }

    #[test]
    fn the_default_file_text_is_a_valid_card_file() {
        let t = load_text("all.toml", &default_file_text()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(t.cards.len(), 86);
        assert_eq!(t.origin, "all.toml");
        assert!(
            t.summary().starts_with(
                "all.toml: ok: 86 cards (64 elementals, 22 commands), 4 Sage packs, markets of 40 elementals and 40 commands"
            ),
            "{}",
            t.summary()
        );
    }

    #[test]
    fn a_malformed_file_names_file_line_and_field() {
        let good = default_file_text();
        let bad = good.replacen("range = 2\n", "range = 9\n", 1);
        let path = write("bad-range", &bad);
        let line = line_of(&good, "name = \"Far Strike\"", "range = 2");
        let o = Options { cards: path.clone(), ..Options::default() };
        let e = CommandOfNature::new(&o, 1).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains(&format!("{path}:{line}: range: `9` is not 1..5")), "{e}");
        assert!(e.contains("cards"), "the option is named: {e}");
        // A renamed card: the set's cards keep their names (they are the notation).
        let bad = good.replacen("name = \"Bruce\"", "name = \"Brice\"", 1);
        let line = line_of(&good, "name = \"Bruce\"", "name = \"Bruce\"");
        let e = load_text("renamed.toml", &bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with(&format!("renamed.toml:{line}: name: card #")) && e.contains("`Bruce`"), "{e}");
        // A provenance removed.
        let bad = good.replacen("strength_delta = \"fan: commands.tsv\"", "strength_delta = \"guess\"", 1);
        let e = load_text("prov.toml", &bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("prov.toml:") && e.contains(": provenance.strength_delta:"), "{e}");
        // A market card for nothing, and too many market copies.
        let bad = good.replacen(
            "name = \"Bruce\"\nfaction = \"twig\"\nkind = \"basic\"\nstrength = 3\nhealth = 3\ncost = 2",
            "name = \"Bruce\"\nfaction = \"twig\"\nkind = \"basic\"\nstrength = 3\nhealth = 3\ncost = 0",
            1,
        );
        assert_ne!(bad, good);
        // The error points at the `cost` line of Bruce's entry, five lines below its name.
        let e = load_text("free.toml", &bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with(&format!("free.toml:{}: cost: a market card costs at least 1 gold", line + 5)), "{e}");
        let bad = good.replacen("copies_in_market = 2", "copies_in_market = 30", 1);
        let e = load_text("many.toml", &bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("many.toml: copies_in_market: the elemental market holds 68 cards"), "{e}");
        // A TOML syntax error.
        let e = load_text("syntax.toml", "[[elemental]\n").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("syntax.toml:1: unclosed array table"), "{e}");
        // An unknown field (issue 13: no field is silently ignored).
        let bad = good.replacen("copies_in_market = 2", "copies_in_market = 2\ncopies = 3", 1);
        let line = bad.lines().position(|l| l == "copies = 3").map_or(0, |i| i + 1);
        let e = load_text("extra.toml", &bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with(&format!("extra.toml:{line}: copies: unknown field `copies`")), "{e}");
        // Special files are refused at once (issue 13: `-o cards=/dev/zero` read forever).
        let e = Cards::resolve("/dev/zero").err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(e, "/dev/zero: cannot read: not a regular file (a device, pipe or socket)");
        // A missing file.
        let e = Cards::resolve("/nonexistent/cards.toml").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("/nonexistent/cards.toml: cannot read"), "{e}");
    }

    #[test]
    fn a_corrected_file_changes_a_card_in_play() {
        let text = default_file_text().replacen(
            "name = \"Bruce\"\nfaction = \"twig\"\nkind = \"basic\"\nstrength = 3",
            "name = \"Bruce\"\nfaction = \"twig\"\nkind = \"basic\"\nstrength = 5",
            1,
        );
        let path = write("strong-bruce", &text);
        let attack = |cards: &str| {
            let mut s = Scn::new().u(0, "I1", "bruce").u(1, "I1", "oak-lumbertron").hand(0, "close-strike");
            s.options.cards = cards.to_owned();
            let mut g = s.front().go();
            acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done"]);
            (unit(&g, 1, "I1").dmg, g)
        };
        let (base, _) = attack("base");
        let (strong, g) = attack(&path);
        assert_eq!((base, strong), (3, 5), "Bruce's STR 3, 5 in the file");
        assert_eq!(g.cards.info(card("bruce")).strength, 5);
        assert_eq!(g.view(Seat(1)).cards.origin, path, "views and records carry the file");
        let json = serde_json::to_string(&g.options).unwrap_or_default();
        let back: Options = serde_json::from_str(&json).unwrap_or_default();
        assert_eq!(back.cards, path);
    }
}

/// Rules of issue 5 not covered above, each from an explicit setup.
mod issue5_rules {
    use super::*;

    #[test]
    fn sale_price_is_half_the_cost_rounded_up_and_one_for_pack_cards() {
        for (c, gold) in [
            ("camou-chameleon", 4), // cost 7
            ("oak-lumbertron", 5),  // cost 9
            ("bruce", 1),           // cost 2
            ("willow", 1),          // cost 1
            ("timber", 1),          // Sage pack
            ("close-strike", 1),    // Sage pack
            ("vix-vanguard", 1),    // champion
        ] {
            let level = if c == "vix-vanguard" { 4 } else { 1 };
            let mut g = basics().gold(0, 0).level(0, level).hand(0, c).go();
            acts(&mut g, &["done", &format!("sell {c}")]);
            assert_eq!(g.gold[0], gold, "{c}");
            let p = &g.players[0];
            assert!(p.hand.is_empty() && p.discard.is_empty() && p.deck.is_empty(), "{c} leaves the game");
        }
    }

    #[test]
    fn team_gold_is_shared_and_capped_at_twenty() {
        let mut g = Scn::teams()
            .uo(0, "I1", "timber", 0)
            .gold(0, 17)
            .hand(0, "oak-lumbertron")
            .hand(2, "camou-chameleon")
            .front()
            .go();
        acts(&mut g, &["done", "sell oak-lumbertron"]);
        assert_eq!(g.gold[0], 20, "17 + 5 capped at 20");
        acts(&mut g, &["partner", "sell camou-chameleon"]);
        assert_eq!(g.gold[0], 20, "the partner spends and earns the same gold, still capped");
        assert_eq!(g.players[2].hand, []);
    }

    #[test]
    fn partners_cannot_attack_twice_with_one_elemental() {
        let mut g = Scn::teams()
            .uo(0, "I1", "bruce", 0)
            .uo(1, "I1", "oak-lumbertron", 1)
            .hand(0, "close-strike")
            .hand(2, "close-strike")
            .front()
            .go();
        acts(&mut g, &["play close-strike", "pick I1", "aim I1", "done", "done"]);
        assert_eq!(unit(&g, 1, "I1").dmg, 3);
        act(&mut g, "partner");
        assert_eq!(to_move(&g), 2);
        assert_eq!(g.ap, 5);
        act(&mut g, "play close-strike");
        assert_eq!(legal(&g), ["pick I2"], "Bruce (I1) attacked this turn: the partner may not use it again");
    }

    #[test]
    fn levels_6_and_8_bring_the_other_champions_and_the_track_ends_at_8() {
        let packs = &sylvan_command_of_nature::cards::table().packs;
        let mut g = basics().u(0, "I1", "bruce").tok(0, 0, 1, 0).level(0, 5).go();
        assert!(!can(&g, "faction 6"));
        g.level_up(0, &mut NoEvents);
        assert_eq!((g.players[0].level, g.players[0].discard.clone()), (6, vec![packs[0].champions[1]]));
        assert!(can(&g, "faction 6"), "level 6 unlocks the second faction action");
        g.level_up(0, &mut NoEvents);
        assert_eq!((g.players[0].level, g.players[0].discard.len()), (7, 1), "no champion at level 7");
        g.level_up(0, &mut NoEvents);
        assert_eq!(g.players[0].level, 8);
        assert_eq!(g.players[0].discard.last(), Some(&packs[0].champions[2]));
        assert!(can(&g, "faction 8"), "level 8: the third action (Bruce carries a boost to spend)");
        g.level_up(0, &mut NoEvents);
        assert_eq!((g.players[0].level, g.players[0].discard.len()), (8, 2), "the track ends at 8");
    }

    #[test]
    fn phase2_done_loses_the_action_points_left() {
        let mut g = basics().go();
        assert_eq!(g.ap, 4);
        assert!(!can(&g, "draw"), "no deck and no discard: nothing to draw");
        act(&mut g, "done");
        assert_eq!(g.phase, Phase::Market);
        acts(&mut g, &["done", "done"]);
        assert_eq!((g.side, g.ap, g.phase), (1, 4, Phase::Daybreak), "the next turn starts with 4 fresh AP");
        act(&mut g, "dawn III2");
        assert_eq!(g.gold[1], 3, "the Sage's daybreak effect: 3 gold (the position gave side 1 none)");
    }
}

/// The card data against the fan fact tables in `../shared/cards/command-of-nature/` (every stat, cost,
/// row condition, timing, market count and pack content), so that a wrong transcription fails a test.
mod fact_tables {
    use super::*;
    use sylvan_command_of_nature::cards::{Reach, table};

    fn tsv(name: &str) -> Option<Vec<std::collections::HashMap<String, String>>> {
        let path = format!("{}/../../../shared/cards/command-of-nature/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).ok()?;
        let mut lines = text.lines();
        let head: Vec<&str> = lines.next()?.split('\t').collect();
        Some(
            lines
                .filter(|l| !l.trim().is_empty())
                .map(|l| head.iter().zip(l.split('\t')).map(|(h, v)| (h.to_string(), v.trim().to_string())).collect())
                .collect(),
        )
    }

    fn by_name(name: &str) -> &'static sylvan_command_of_nature::cards::CardInfo {
        table().cards.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no card {name}"))
    }

    fn rows(s: &str) -> u8 {
        match s {
            "any" => 7,
            _ => s
                .split(',')
                .filter(|x| !x.is_empty())
                .map(|r| [("I", 1), ("II", 2), ("III", 4)].iter().find(|(k, _)| *k == r).map_or(0, |x| x.1))
                .fold(0, |a, b| a | b),
        }
    }

    fn num(s: &str) -> Option<u8> {
        s.parse().ok()
    }

    #[test]
    fn elementals_match_the_fact_table() {
        let Some(rows_) = tsv("elementals.tsv") else {
            eprintln!("fan tables not found beside the repository: skipped");
            return;
        };
        assert_eq!(rows_.len(), 64);
        for r in &rows_ {
            let c = by_name(&r["name"]);
            let kind = format!("{:?}", c.class).to_lowercase();
            assert_eq!(kind, r["kind"], "{}", r["name"]);
            assert_eq!(format!("{:?}", c.faction).to_lowercase(), r["faction"], "{}", r["name"]);
            assert_eq!(c.strength.to_string(), r["strength"], "{} strength", r["name"]);
            assert_eq!(c.health.to_string(), r["health"], "{} health", r["name"]);
            assert_eq!(c.cost, num(&r["gold_cost"]), "{} cost", r["name"]);
            assert_eq!(c.level, num(&r["champion_level"]).unwrap_or(0), "{} level", r["name"]);
            assert_eq!(c.rows, rows(&r["rows_where_effect_works"]), "{} rows", r["name"]);
            assert_eq!(c.daybreak, r["effect_timing"] == "daybreak", "{} timing", r["name"]);
            assert_eq!(c.market_copies.to_string(), r["copies_in_market"], "{} market copies", r["name"]);
        }
    }

    #[test]
    fn commands_match_the_fact_table() {
        let Some(rows_) = tsv("commands.tsv") else {
            eprintln!("fan tables not found beside the repository: skipped");
            return;
        };
        assert_eq!(rows_.len(), 22);
        for r in &rows_ {
            let c = by_name(&r["name"]);
            let kind = match c.class {
                Class::Melee => "attack_melee",
                Class::Ranged => "attack_ranged",
                Class::Instant => "instant",
                Class::Utility => "utility",
                _ => "?",
            };
            assert_eq!(kind, r["kind"], "{}", r["name"]);
            assert_eq!(c.cost, num(&r["gold_cost"]), "{} cost", r["name"]);
            assert_eq!(c.market_copies.to_string(), r["copies_in_market"], "{} market copies", r["name"]);
            assert_eq!(c.attacker_rows, rows(&r["attacker_rows"]), "{} attacker rows", r["name"]);
            let reach = match r["range_rows"].as_str() {
                "" => Reach::Melee,
                "any opponent row" => Reach::Any,
                "opponent Row II (fixed)" => Reach::Row2,
                s => Reach::Away(s.split(' ').next().and_then(num).unwrap_or(0)),
            };
            if c.class.is_attack() {
                assert_eq!(c.reach, reach, "{} range", r["name"]);
            }
        }
    }

    #[test]
    fn sage_packs_match_the_fact_table() {
        let Some(rows_) = tsv("sage_decks.tsv") else {
            eprintln!("fan tables not found beside the repository: skipped");
            return;
        };
        for (i, pack) in table().packs.iter().enumerate() {
            let sage = &table().cards[pack.sage.0 as usize].name;
            let mine: Vec<_> = rows_.iter().filter(|r| &r["sage"] == sage).collect();
            assert_eq!(mine.len(), 12, "{sage}");
            let copies = |c: Card, ts: bool| -> u8 {
                let t = &table().cards[c.0 as usize];
                let list = if ts { &pack.commands } else { &pack.commands_godot };
                match t.class {
                    Class::Sage | Class::Champion | Class::Warrior => {
                        u8::from(pack.sage == c || pack.champions.contains(&c) || pack.warriors.contains(&c))
                    }
                    Class::Basic => 4 * u8::from(pack.basic == c),
                    _ => list.iter().filter(|(x, _)| *x == c).map(|(_, k)| *k).sum(),
                }
            };
            for r in mine {
                let c = card(&by_name(&r["card_name"]).code);
                assert_eq!(copies(c, true).to_string(), r["copies"], "{sage} pack {i}: {}", r["card_name"]);
                assert_eq!(copies(c, false).to_string(), r["copies_godot_variant"], "{sage} godot: {}", r["card_name"]);
            }
        }
    }
}

/// The fast enumeration of connected pairs agrees with `connected` on every pair, for random formations.
#[test]
fn connected_pairs_agree_with_connected() {
    use sylvan_engine::GameRng;
    let mut rng = GameRng::new(5);
    for teams in [false, true] {
        for _ in 0..300 {
            let mut g = if teams { Scn::teams().front().build() } else { Scn::new().front().build() };
            let slots: Vec<Slot> = g.slots().collect();
            for side in 0..2u8 {
                for &s in &slots {
                    *g.at_mut(side, s) =
                        if rng.below(2) == 0 { Some(Unit { card: card("timber"), ..Unit::default() }) } else { None };
                }
                let mut fast = Vec::new();
                g.connected_pairs(side, &mut |a, b| fast.push((a, b)));
                fast.sort();
                let mut slow = Vec::new();
                for &a in &slots {
                    for &b in &slots {
                        if a < b && g.at(side, a).is_some() && g.at(side, b).is_some() && g.connected(side, a, b) {
                            slow.push((a, b));
                        }
                    }
                }
                assert_eq!(fast, slow);
            }
        }
    }
}

/// Issue 13: setups the rules forbid, options that hung, and damage that wrapped.
mod issue13 {
    use super::*;
    use sylvan_engine::{EventLog, SetupErrorKind};

    fn setup_error(s: Scn) -> String {
        CommandOfNature::from_setup(&s.options, &s.setup, 7).err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn two_units_on_one_slot_are_refused() {
        let mut s = basics();
        s.pos().units[0].push((sl("I1"), Unit { card: card("bruce"), owner: 0, ..Unit::default() }));
        assert_eq!(setup_error(s), "invalid setup: position.units[0][4]: two units on slot pick I1");
    }

    #[test]
    fn each_side_needs_a_sage_in_play() {
        let mut s = basics();
        s.pos().units[1].retain(|(_, u)| u.card != card("gravel"));
        assert!(setup_error(s).starts_with("invalid setup: position.units[1]: no Sage of this side in play"));
        // In teams one Sage of a side is enough (FR:432).
        let mut t = Scn::teams().front();
        t.pos().units[1].retain(|(_, u)| u.card != card("gravel"));
        assert!(CommandOfNature::from_setup(&t.options, &t.setup, 7).is_ok());
        // A Sage in the other seat's formation is not its Sage.
        let s = Scn::new().u(0, "III1", "gravel");
        assert!(setup_error(s).contains("gravel is not the Sage of seat 0"));
    }

    #[test]
    fn vanquished_units_too_much_gold_and_extra_seats_are_refused() {
        let s = basics().u(1, "I1", "cobble").tok(1, 9, 0, 0);
        assert!(setup_error(s).contains("cobble has 9 damage for"), "dmg ≥ health");
        assert!(setup_error(basics().gold(0, 13)).contains("13 gold; the purse holds 12"));
        let s = basics().hand(2, "timber");
        assert_eq!(setup_error(s), "invalid setup: position.hands: 3 entries for 2 seats");
        let s = basics().market(0, "close-strike");
        assert!(setup_error(s).contains("close-strike is not a card of the elemental market"));
    }

    fn setup_kind(s: Scn) -> Option<SetupErrorKind> {
        CommandOfNature::from_setup(&s.options, &s.setup, 7).err().map(|e| e.kind)
    }

    #[test]
    fn refused_positions_have_typed_errors() {
        let mut s = basics();
        s.pos().units[0].push((sl("I1"), Unit { card: card("bruce"), owner: 0, ..Unit::default() }));
        assert_eq!(setup_kind(s), Some(SetupErrorKind::Unreachable), "two units on one slot");
        let mut s = basics();
        s.pos().units[1].retain(|(_, u)| u.card != card("gravel"));
        assert_eq!(setup_kind(s), Some(SetupErrorKind::Unreachable), "no Sage");
        let s = basics().u(1, "I1", "cobble").tok(1, 9, 0, 0);
        assert_eq!(setup_kind(s), Some(SetupErrorKind::Unreachable), "a vanquished unit");
        assert_eq!(setup_kind(basics().gold(0, 13)), Some(SetupErrorKind::BadValue));
    }

    /// FR:422: « vous ne pouvez pas laisser de cases vides dans vos premières Rangées si vous disposez
    /// d'Élémentaires disponibles (y compris votre Sage) dans des Rangées plus en arrière ».
    #[test]
    fn an_empty_front_slot_with_an_elemental_behind_it_is_refused() {
        let s = Scn::new().u(0, "I1", "timber").u(0, "II1", "timber");
        assert_eq!(
            setup_error(s),
            "invalid setup: position.units[0]: slot II2 is empty while III2 stands behind it: the front rows are \
             refilled at once (FR:422)"
        );
        let mut s = basics().u(1, "III1", "flint");
        s.pos().units[1].retain(|(x, _)| *x != sl("I1"));
        let e = CommandOfNature::from_setup(&s.options, &s.setup, 7).err();
        assert_eq!(
            e.as_ref().map(|e| (e.kind, e.field.as_str())),
            Some((SetupErrorKind::Unreachable, "position.units[1]"))
        );
        assert!(e.is_some_and(|e| e.message.starts_with("slot I1 is empty while II")));
        // Empty slots with nothing behind them are the normal state of a formation.
        let g = Scn::new().u(0, "I1", "timber").sage_at(0, "II2").front().build();
        assert!(empty(&g, 0, "II1") && name(&g, 0, "II2") == "Cedar");
        // The Sage counts as an elemental behind an empty slot.
        let s = Scn::new().u(1, "I1", "cobble");
        assert!(setup_error(s).contains("slot II1 is empty while III2 stands behind it"));
    }

    /// Ruling C25: a position holds the cards of the Sage packs in play and of the markets, each at most
    /// as many times as the box holds it.
    #[test]
    fn cards_of_packs_not_in_play_extra_copies_and_early_champions_are_refused() {
        let s = basics().hand(0, "dribble");
        assert_eq!(setup_kind(basics().hand(0, "dribble")), Some(SetupErrorKind::Components));
        assert_eq!(
            setup_error(s),
            "invalid setup: position.hands[0]: dribble is not in this game: no Sage pack in play nor market holds it"
        );
        // Droplet Charm: only in Torrent's pack; Gravel (pebble) and Cedar (twig) play.
        let s = basics().discard(1, "droplet-charm");
        assert!(setup_error(s).starts_with("invalid setup: position.discards[1]: droplet-charm is not in this game"));
        // Four Timbers in Cedar's pack: three in the formation and two in the deck are one too many.
        let s = basics().deck(0, "timber timber");
        assert_eq!(
            setup_error(s),
            "invalid setup: position.decks[0]: timber is placed 5 times; the packs in play and the markets hold 4"
        );
        assert_eq!(setup_kind(basics().deck(0, "timber timber")), Some(SetupErrorKind::Components));
        // Close Strike: two in each pack (either seat may hold them), none in the command market.
        let s = basics().hand(0, "close-strike close-strike close-strike").hand(1, "close-strike");
        assert_eq!(setup_error(s), "");
        let s = basics().hand(0, "close-strike close-strike close-strike").hand(1, "close-strike close-strike");
        assert!(setup_error(s).starts_with("invalid setup: position.hands[1]: close-strike is placed 5 times"));
        // Market cards: Bruce has two copies in the elemental market.
        let s = basics().hand(0, "bruce").discard(1, "bruce").u(0, "III1", "bruce");
        assert!(setup_error(s).contains("bruce is placed 3 times; the packs in play and the markets hold 2"));
        // A champion joins its seat's discard pile at its level (4, 6, 8), not before.
        let s = basics().level(0, 3).discard(0, "vix-vanguard");
        assert_eq!(
            setup_error(s),
            "invalid setup: position.discards[0]: vix-vanguard joins seat 0's discard pile at level 4; seat 0 is at \
             level 3"
        );
        assert_eq!(setup_error(basics().level(0, 4).discard(0, "vix-vanguard")), "");
        // Another seat's champion is not in play for this seat's level.
        let s = basics().level(0, 8).level(1, 1).discard(1, "jade-titan");
        assert!(setup_error(s).contains("jade-titan joins seat 1's discard pile at level 4; seat 1 is at level 1"));
    }

    /// Ruling C25: an empty market deck holds the market's cards placed nowhere else, so every card of the
    /// game is in one place.
    #[test]
    fn market_decks_hold_the_market_cards_placed_nowhere_else() {
        let t = sylvan_command_of_nature::cards::table();
        let copies = |c: Card| t.elemental_market.iter().chain(&t.command_market).filter(|&&x| x == c).count();
        let g = basics().hand(0, "bruce willow").discard(1, "bruce obliterate").market(0, "rocco").build();
        let mut everywhere: Vec<Card> = g.market.iter().flatten().flatten().copied().collect();
        everywhere.extend(g.market_decks.iter().flatten());
        for p in &g.players {
            everywhere.extend(p.hand.iter().chain(&p.deck).chain(&p.discard));
        }
        for c in t.elemental_market.iter().chain(&t.command_market) {
            assert_eq!(everywhere.iter().filter(|&x| x == c).count(), copies(*c), "{c}: placed or in a market deck");
        }
        assert_eq!(g.market[0][0], Some(card("rocco")));
        // Both Bruces are placed: neither is in the elemental market.
        assert!(!g.market_decks[0].contains(&card("bruce")) && !g.market[0].contains(&Some(card("bruce"))));
        // A given market deck is the whole deck: the market cards in no zone are out of the game.
        let g = basics().market(0, "rocco").build();
        let mut s = basics().market(0, "rocco");
        s.pos().market_decks[0] = cards("willow bruce dewy");
        let g2 = s.build();
        assert_eq!(g2.market[0], [Some(card("rocco")), Some(card("dewy")), Some(card("bruce"))], "faces from the top");
        assert_eq!(g2.market_decks[0], cards("willow"));
        assert!(g.market_decks[0].len() > 20, "the dealt deck less the placed cards");
    }

    #[test]
    fn turn_limit_zero_is_refused_instead_of_never_ending() {
        let o = Options { turn_limit: 0, ..Options::default() };
        let e = CommandOfNature::new(&o, 1).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("invalid setup: turn_limit: 0 is not 1..=100000"), "{e}");
        let o = Options { turn_limit: TURN_LIMIT_MAX, ..Options::default() };
        assert!(CommandOfNature::new(&o, 1).is_ok());
        assert!(CommandOfNature::max_game_length(&o) < usize::MAX / 2);
    }

    fn file_with_bruce_strength(strength: &str) -> String {
        cards::default_file_text().replacen(
            "name = \"Bruce\"\nfaction = \"twig\"\nkind = \"basic\"\nstrength = 3",
            &format!("name = \"Bruce\"\nfaction = \"twig\"\nkind = \"basic\"\nstrength = {strength}"),
            1,
        )
    }

    #[test]
    fn damage_above_255_is_not_truncated() {
        let path = std::env::temp_dir().join(format!("con-{}-strong.toml", std::process::id()));
        std::fs::write(&path, file_with_bruce_strength("99")).unwrap_or_else(|e| panic!("{e}"));
        // STR 99 + 200 boosts = 299 damage; 250 shields leave 49, enough to vanquish the Oak Lumbertron.
        // Truncated to a byte it was 43, all absorbed.
        let mut s = basics()
            .u(0, "I1", "bruce")
            .tok(0, 0, 200, 0)
            .u(1, "I1", "oak-lumbertron")
            .tok(1, 0, 0, 250)
            .hand(0, "close-strike");
        s.options.cards = path.to_string_lossy().into_owned();
        let mut g = s.go();
        let mut log = EventLog::new();
        for t in ["play close-strike", "pick I1", "aim I1", "done"] {
            let a: Action = t.parse().unwrap_or_else(|e| panic!("{t}: {e}"));
            g.try_apply(a, &mut log).unwrap_or_else(|e| panic!("{e}"));
        }
        let hit = log.events.iter().find_map(|(_, e)| match e {
            Event::Damaged { amount, shielded, dealt, .. } => Some((*amount, *shielded, *dealt)),
            _ => None,
        });
        assert_eq!(hit, Some((299, 250, 49)));
        assert!(empty(&g, 1, "I1") || name(&g, 1, "I1") != "Oak Lumbertron", "the Oak Lumbertron is vanquished");
    }

    #[test]
    fn card_files_with_stats_out_of_range_are_refused() {
        let e = cards::load_text("big.toml", &file_with_bruce_strength("100")).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.contains(": strength: 100 is out of range 0..=99")), "{e:?}");
        let e = cards::load_text("neg.toml", &file_with_bruce_strength("-5")).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.contains(": strength: -5 is out of range")), "{e:?}");
    }

    #[test]
    fn card_file_errors_quote_a_short_prefix() {
        let long = "x".repeat(5_000);
        let file = cards::default_file_text().replacen("effect = \"sage\"", &format!("effect = \"{long}\""), 1);
        let e = cards::load_text("long.toml", &file).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains(": effect: unknown effect `xxx") && e.len() < 200, "{} bytes: {e}", e.len());
        let file = cards::default_file_text().replacen("timing = ", &format!("{long} = 1\ntiming = "), 1);
        let e = cards::load_text("key.toml", &file).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("unknown field") && e.len() < 800, "{} bytes: {e}", e.len());
    }

    #[test]
    fn unknown_setup_fields_are_refused() {
        let e = serde_json::from_str::<Setup>(r#"{"sages":["twig","pebble"],"first":1}"#).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `first`")), "{e:?}");
        let e = serde_json::from_str::<Position>(r#"{"unit":[]}"#).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `unit`")), "{e:?}");
        let e = serde_json::from_str::<Unit>(r#"{"card":"bruce","hp":3}"#).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `hp`")), "{e:?}");
    }
}
