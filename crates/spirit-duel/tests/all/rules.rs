//! Rule-by-rule scenarios for the spirit duel, each from an explicit [`Setup`] and driven through the
//! public `Game` API. Module names follow the rulebook (`spirit-duel-initiation.fr.txt`): MISE EN PLACE,
//! the turn's three phases, ATTAQUER and its worked example, the keywords, IMPORTANT, MODE SOLO.

mod helpers {
    use sylvan_engine::{EventLog, Game, Seat};
    use sylvan_spirit_duel::{Card, Event, Options, Setup, SideSetup, Spirit, SpiritDuel, Team};

    pub fn c(s: &str) -> Card {
        s.parse().unwrap_or_else(|e| panic!("bad card {s}: {e}"))
    }

    pub fn cs(s: &str) -> Vec<Card> {
        s.split_whitespace().map(c).collect()
    }

    pub fn sp(s: &str) -> Spirit {
        s.parse().unwrap_or_else(|e| panic!("bad spirit {s}: {e}"))
    }

    /// A scenario: p0 plays team A unless `team_b`, p0 first, round 1, Day, everything empty. The
    /// scenarios play rules revision 1, where an attacked player who cannot pay for a Défense is not
    /// asked, so that a script need not answer `take` for it; revision 2 differs only in that question
    /// (ruling SD-6), which `Scn::rules(2)` and the tests `sd_6_*` play.
    pub struct Scn {
        pub options: Options,
        pub setup: Setup,
    }

    impl Scn {
        pub fn new() -> Scn {
            Scn {
                options: Options { solo: false, team: Team::A, rules: 1, ..Options::default() },
                setup: Setup {
                    first_player: Seat(0),
                    current: None,
                    round: 1,
                    day: true,
                    sides: [SideSetup::default(), SideSetup::default()],
                },
            }
        }
        pub fn solo(mut self) -> Scn {
            self.options.solo = true;
            self
        }
        pub fn rules(mut self, revision: u8) -> Scn {
            self.options.rules = revision;
            self
        }
        pub fn robot(mut self, revision: u8) -> Scn {
            self.options.robot = revision;
            self
        }
        pub fn team_b(mut self) -> Scn {
            self.options.team = Team::B;
            self
        }
        pub fn hand(mut self, side: usize, s: &str) -> Scn {
            self.setup.sides[side].hand = cs(s);
            self
        }
        pub fn deck(mut self, side: usize, s: &str) -> Scn {
            self.setup.sides[side].deck = cs(s);
            self
        }
        pub fn discard(mut self, side: usize, s: &str) -> Scn {
            self.setup.sides[side].discard = cs(s);
            self
        }
        pub fn bound(mut self, side: usize, slot: usize, s: &str) -> Scn {
            self.setup.sides[side].bound[slot] = cs(s);
            self
        }
        pub fn attached(mut self, side: usize, slot: usize, s: &str) -> Scn {
            self.setup.sides[side].attached[slot] = cs(s);
            self
        }
        pub fn pm(mut self, side: usize, pm: u8) -> Scn {
            self.setup.sides[side].pm = Some(pm);
            self
        }
        pub fn pv(mut self, side: usize, pv: [u8; 2]) -> Scn {
            self.setup.sides[side].pv = Some(pv);
            self
        }
        pub fn exhausted(mut self, side: usize, e: [bool; 2]) -> Scn {
            self.setup.sides[side].exhausted = e;
            self
        }
        pub fn reshuffled(mut self, side: usize) -> Scn {
            self.setup.sides[side].reshuffled = true;
            self
        }
        pub fn first(mut self, seat: u8) -> Scn {
            self.setup.first_player = Seat(seat);
            self
        }
        pub fn round(mut self, r: u8) -> Scn {
            self.setup.round = r;
            self
        }
        pub fn night(mut self) -> Scn {
            self.setup.day = false;
            self
        }
        pub fn build(&self, seed: u64) -> SpiritDuel {
            SpiritDuel::from_setup(&self.options, &self.setup, seed).unwrap_or_else(|e| panic!("setup: {e}"))
        }
    }

    /// Applies actions written in notation; returns every event.
    pub fn play(g: &mut SpiritDuel, actions: &[&str]) -> Vec<Event> {
        let mut log = EventLog::new();
        for a in actions {
            let action = a.parse().unwrap_or_else(|e| panic!("{a}: {e}"));
            g.try_apply(action, &mut log).unwrap_or_else(|e| panic!("{e}"));
        }
        log.events.into_iter().map(|(_, e)| e).collect()
    }

    pub fn legal(g: &SpiritDuel) -> Vec<String> {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v.iter().map(|a| a.to_string()).collect()
    }

    pub fn pv(g: &SpiritDuel, side: usize, slot: usize) -> u8 {
        g.side(side).spirits[slot].pv
    }

    /// The powers of the attacks in `events`.
    pub fn attack_powers(events: &[Event]) -> Vec<i16> {
        events.iter().filter_map(|e| if let Event::Attacked { power, .. } = e { Some(*power) } else { None }).collect()
    }

    pub fn rolls(events: &[Event]) -> Vec<u8> {
        events.iter().filter_map(|e| if let Event::Rolled { result, .. } = e { Some(*result) } else { None }).collect()
    }

    pub fn mask(s: &str) -> u32 {
        cs(s).iter().fold(0, |m, c| m | c.bit())
    }
}

use helpers::*;
use sylvan_engine::{Game, NoEvents, Seat};
use sylvan_spirit_duel::setup::ROBOT_REVISION;
use sylvan_spirit_duel::{Event, Options, Outcome, Phase, SpiritDuel, Team};

mod setup {
    use super::*;

    #[test]
    fn random_setup_follows_mise_en_place() {
        let mut firsts = [0; 2];
        for seed in 0..40 {
            let g = SpiritDuel::new(&Options::default(), seed).unwrap_or_else(|e| panic!("{e}"));
            firsts[g.to_move().map_or(0, |s| s.index())] += 1;
            assert_eq!((g.round(), g.is_day()), (1, true));
            for i in 0..2 {
                let s = g.side(i);
                assert_eq!(s.pm, 4);
                assert_eq!(s.hand.count_ones(), 4);
                assert_eq!(s.deck.len(), 6);
                for x in &s.spirits {
                    assert_eq!((x.pv, x.alive, x.charged, x.bound.count_ones()), (20, true, true, 1));
                }
                let all = s.hand | s.spirits[0].bound | s.spirits[1].bound | s.deck.iter().fold(0, |m, c| m | c.bit());
                assert_eq!(all.count_ones(), 12, "the 12 cards of the two spirits");
            }
            assert_eq!(g.side(0).spirits[0].id, sp("almyra"));
            assert_eq!(g.side(1).spirits[0].id, sp("kelorn"));
        }
        assert!(firsts[0] > 5 && firsts[1] > 5, "first player at random: {firsts:?}");
        for seed in 0..20 {
            let g = SpiritDuel::new(&Options { solo: true, team: Team::B, ..Options::default() }, seed)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g.to_move(), Some(Seat(0)), "solo: the human plays first");
            assert_eq!(g.side(0).spirits[0].id, sp("kelorn"));
        }
    }

    #[test]
    fn bad_setups_are_rejected_with_the_field() {
        let e =
            |s: Scn| SpiritDuel::from_setup(&s.options, &s.setup, 0).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e(Scn::new().hand(0, "appel")).contains("sides[0].hand"));
        assert!(e(Scn::new().hand(0, "griffe").deck(0, "griffe")).contains("appears twice"));
        assert!(e(Scn::new().pm(1, 9)).contains("at most 8 PM"));
        assert!(e(Scn::new().pv(0, [21, 20])).contains("at most 20 PV"));
        assert!(e(Scn::new().solo().first(1)).contains("first_player"));
        assert!(e(Scn::new().round(9)).contains("round"));
        assert!(SpiritDuel::options_for_players(3).is_err());
        // Cards beyond the box (another team's, one twice) are `components`, a destroyed spirit holding
        // cards `unreachable`.
        let kind = |s: Scn| SpiritDuel::from_setup(&s.options, &s.setup, 0).err().map(|e| (e.kind, e.field));
        use sylvan_engine::SetupErrorKind::{Components, Unreachable};
        assert_eq!(kind(Scn::new().hand(0, "appel")), Some((Components, "sides[0].hand".to_string())));
        assert_eq!(kind(Scn::new().hand(0, "griffe").deck(0, "griffe")), Some((Components, "sides[0].deck".into())));
        assert_eq!(kind(Scn::new().pv(1, [0, 20]).bound(1, 0, "appel")).map(|k| k.0), Some(Unreachable));
    }
}

mod attaquer {
    use super::*;

    /// The rulebook's worked example: Glaciation (2 PM, 9, critical against Kel'Orn's Fire: 13; die 1:
    /// 17) against Appel de la meute (3 PM, 14, effect not applicable, weak against Fire: 10) = 7 damage.
    #[test]
    fn worked_example_deals_7_damage_to_kelorn() {
        let scn = Scn::new().hand(0, "glaciation").hand(1, "appel");
        // The die is the game's seeded generator: take the first seed whose first roll is a 1.
        let seed = (0..100)
            .find(|&s| rolls(&play(&mut scn.build(s), &["attack glaciation kelorn"])) == [1])
            .unwrap_or_else(|| panic!("no seed rolls 1"));
        let mut g = scn.build(seed);
        let ev = play(&mut g, &["attack glaciation kelorn"]);
        assert_eq!(rolls(&ev), [1]);
        assert_eq!(attack_powers(&ev), [17], "9 + 4 (critical against Fire) + 4 (die)");
        assert_eq!(g.side(0).pm, 2, "Joueur A dépense 2 PM");
        assert_eq!(g.to_move(), Some(Seat(1)), "the defender decides, off turn");
        assert_eq!(legal(&g), ["defend appel", "take"]);
        let ev = play(&mut g, &["defend appel"]);
        assert!(ev.contains(&Event::Defended { seat: Seat(1), card: c("appel"), power: 10 }), "{ev:?}");
        assert!(ev.contains(&Event::Damaged { spirit: sp("kelorn"), amount: 7, pv: 13 }), "{ev:?}");
        assert_eq!(pv(&g, 1, 0), 13);
        assert_eq!(g.side(1).pm, 1, "Joueur B dépense 3 PM");
        assert_eq!(g.side(0).discard, mask("glaciation"));
        assert_eq!(g.side(1).discard, mask("appel"));
        assert_eq!(g.to_move(), Some(Seat(0)));
    }

    #[test]
    fn criticals_and_weaknesses_follow_the_targets_element() {
        // Griffe du vent (Air, 4, critical against Earth, weak against Fire).
        let ev = play(&mut Scn::new().hand(0, "griffe").build(0), &["attack griffe surok"]);
        assert_eq!(attack_powers(&ev), [8]);
        let ev = play(&mut Scn::new().hand(0, "griffe").build(0), &["attack griffe kelorn"]);
        assert_eq!(attack_powers(&ev), [0]);
        // Souffle ardent (Fire, 8, critical against Air, weak against Water).
        let ev = play(&mut Scn::new().team_b().hand(0, "souffle").build(0), &["attack souffle dormuzel"]);
        assert_eq!(attack_powers(&ev), [4]);
        let ev = play(&mut Scn::new().team_b().hand(0, "souffle").build(0), &["attack souffle almyra"]);
        assert_eq!(attack_powers(&ev), [12]);
    }

    #[test]
    fn no_defence_takes_the_full_power_and_a_stronger_defence_takes_none() {
        let mut g = Scn::new().hand(0, "griffe").hand(1, "mur").build(0);
        play(&mut g, &["attack griffe surok", "take"]);
        assert_eq!(pv(&g, 1, 1), 12);
        // Mur de pierre: 9 - 4 (weak against Air) = 5 against 8: 3 damage.
        let mut g = Scn::new().hand(0, "griffe").hand(1, "mur").build(0);
        play(&mut g, &["attack griffe surok", "defend mur"]);
        assert_eq!(pv(&g, 1, 1), 17);
        // Bouclier de braises: 9 + 4 (critical against Air) = 13 against 8: no damage.
        let mut g = Scn::new().hand(0, "griffe").hand(1, "braises").build(0);
        let ev = play(&mut g, &["attack griffe surok", "defend braises"]);
        assert_eq!(pv(&g, 1, 1), 20, "{ev:?}");
        assert!(!ev.iter().any(|e| matches!(e, Event::Damaged { .. })));
        assert_eq!(g.side(1).pm, 2, "the defender paid the Défense");
    }

    #[test]
    fn without_an_affordable_defence_the_defender_is_not_asked_in_rules_revision_1() {
        let mut g = Scn::new().hand(0, "griffe").hand(1, "appel").pm(1, 2).build(0);
        play(&mut g, &["attack griffe surok"]);
        assert_eq!(g.phase(), Phase::Combat);
        assert_eq!(pv(&g, 1, 1), 12);
    }

    /// Ruling SD-6 (rules revision 2): « L'adversaire peut dépenser des PM pour se défendre, en jouant une
    /// capacité Défense depuis sa main » (FR:246) is asked of every attacked player, so that whether it
    /// is asked tells the attacker nothing about a hidden hand.
    #[test]
    fn sd_6_the_attacked_player_is_always_asked() {
        // Appel de la meute costs 3: with 2 PM the defender cannot pay, and is asked all the same.
        let mut g = Scn::new().rules(2).hand(0, "griffe").hand(1, "appel").pm(1, 2).build(0);
        play(&mut g, &["attack griffe surok"]);
        assert!(matches!(g.phase(), Phase::Defend(_)), "{:?}", g.phase());
        assert_eq!(g.to_move(), Some(Seat(1)));
        assert_eq!(legal(&g), ["take"], "nothing payable: `take` is the one answer");
        assert_eq!(pv(&g, 1, 1), 20, "no damage before the answer");
        play(&mut g, &["take"]);
        assert_eq!(g.phase(), Phase::Combat);
        assert_eq!(g.to_move(), Some(Seat(0)));
        assert_eq!(pv(&g, 1, 1), 12, "the same damage as revision 1");
        // An empty hand is asked too; so the question is the same whatever the hand holds.
        let mut g = Scn::new().rules(2).hand(0, "griffe").build(0);
        play(&mut g, &["attack griffe surok"]);
        assert_eq!(legal(&g), ["take"]);
        // With a Défense it can pay for, the choice is as in revision 1.
        let mut g = Scn::new().rules(2).hand(0, "griffe").hand(1, "appel").pm(1, 3).build(0);
        play(&mut g, &["attack griffe surok"]);
        assert_eq!(legal(&g), ["defend appel", "take"]);
        // Zone: each of the two attacks asks.
        let mut g = Scn::new().rules(2).hand(0, "bourrasque").build(0);
        play(&mut g, &["attack bourrasque kelorn", "take"]);
        assert_eq!(g.to_move(), Some(Seat(1)), "the Zone reuse on Surok asks again");
        play(&mut g, &["take"]);
        assert_eq!((pv(&g, 1, 0), pv(&g, 1, 1)), (19, 11), "as in `zone_reuses_the_card_for_free_on_the_other_spirit`");
    }

    /// SD-6 in solo: the Robot's attack asks the player, and the Robot's turn goes on after the answer.
    #[test]
    fn sd_6_the_robots_attack_asks_the_player_and_its_turn_goes_on() {
        for seed in 0..10 {
            let mut g = Scn::new().rules(2).solo().hand(1, "tempete jumelles").pm(1, 5).build(seed);
            let mut ev = play(&mut g, &["end"]);
            let mut asked = 0;
            while g.round() == 1 {
                assert_eq!(g.to_move(), Some(Seat(0)));
                assert_eq!(legal(&g), ["take"], "p0 holds nothing");
                ev.extend(play(&mut g, &["take"]));
                asked += 1;
            }
            assert_eq!(asked, 3, "Tempête, and Flammes jumelles twice (Zone)");
            assert_eq!(attack_powers(&ev).len(), 3);
            assert_eq!(g.to_move(), Some(Seat(0)), "back to the human after the Robot's turn");
            assert_eq!(g.side(1).pm, 4, "0 PM after paying, refilled to 4 at its end phase");
        }
    }

    /// SD-6: records written before the option replay with revision 1; the new default is 2; other
    /// values are refused, naming the option.
    #[test]
    fn sd_6_records_without_the_rules_revision_replay_with_the_first() {
        let o: Options =
            serde_json::from_str(r#"{"solo": false, "team": "a", "robot": 2}"#).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.rules, 1);
        assert_eq!(Options::default().rules, 2);
        for bad in [0, 3] {
            let Err(e) = SpiritDuel::new(&Options { rules: bad, ..Options::default() }, 1) else {
                panic!("rules={bad} accepted")
            };
            assert!(e.to_string().contains("rules"), "{e}");
        }
    }

    #[test]
    fn a_spirit_attack_exhausts_it_until_the_end_of_turn() {
        let mut g = Scn::new().build(0);
        assert!(legal(&g).contains(&"strike dormuzel kelorn".to_owned()));
        play(&mut g, &["strike dormuzel kelorn"]);
        assert_eq!(g.side(0).pm, 3);
        assert!(!g.side(0).spirits[1].charged);
        assert!(!legal(&g).iter().any(|a| a.starts_with("strike dormuzel")));
        play(&mut g, &["end"]);
        assert!(g.side(0).spirits[1].charged, "recharged at the end of the turn");
    }

    #[test]
    fn spirit_attack_bonuses_fracas_croissance_entrave() {
        // Fracas: +3 once damage was dealt this turn.
        let mut g = Scn::new().build(0);
        let ev = play(&mut g, &["strike almyra surok", "strike dormuzel surok"]);
        let mut g2 = Scn::new().build(0);
        let first = play(&mut g2, &["strike almyra surok"]);
        assert_eq!(attack_powers(&first), [10], "6 + 4 (critical against Earth), no damage yet");
        let mut g3 = Scn::new().pm(0, 8).build(0);
        let ev3 = play(&mut g3, &["strike dormuzel kelorn", "strike almyra surok"]);
        assert_eq!(attack_powers(&ev3), [7, 13], "Almyra after damage: 6 + 4 + 3 (Fracas)");
        assert!(!ev.is_empty());
        // Croissance: +4 while Kel'Orn has 11 PV or more.
        let ev = play(&mut Scn::new().team_b().build(0), &["strike kelorn almyra"]);
        assert_eq!(attack_powers(&ev), [14], "6 + 4 (critical against Air) + 4");
        let ev = play(&mut Scn::new().team_b().pv(0, [10, 20]).build(0), &["strike kelorn almyra"]);
        assert_eq!(attack_powers(&ev), [10]);
        // Entrave: +4 against an exhausted spirit.
        let ev = play(&mut Scn::new().team_b().exhausted(1, [false, true]).build(0), &["strike surok dormuzel"]);
        assert_eq!(attack_powers(&ev), [14], "6 + 4 (critical against Water) + 4");
        let ev = play(&mut Scn::new().team_b().build(0), &["strike surok dormuzel"]);
        assert_eq!(attack_powers(&ev), [10]);
    }

    #[test]
    fn chance_adds_one_to_the_die_until_the_end_of_turn() {
        for seed in 0..30 {
            let mut g =
                Scn::new().hand(0, "glaciation esquive").deck(0, "griffe bond bourrasque ruee").pm(0, 8).build(seed);
            let ev = play(&mut g, &["strike dormuzel surok", "attack glaciation surok"]);
            let r = rolls(&ev);
            assert_eq!(r.len(), 1);
            assert!((2..=7).contains(&r[0]), "{r:?}");
            // Next turn (p1 then p0 again): the bonus is gone.
            play(&mut g, &["end", "end"]);
            assert_eq!(g.to_move(), Some(Seat(0)));
        }
        let mut hit_seven = false;
        for seed in 0..60 {
            let mut g = Scn::new().hand(0, "glaciation").pm(0, 8).build(seed);
            let ev = play(&mut g, &["strike dormuzel surok", "attack glaciation surok"]);
            hit_seven |= rolls(&ev) == [7];
        }
        assert!(hit_seven, "a 6 becomes 7");
    }

    #[test]
    fn the_defenders_effects_and_die_apply() {
        // Bouclier de braises heals the defended spirit before the damage: 14 + 2 - (7 - 8 < 0) = 16.
        let mut g = Scn::new().hand(0, "bond").hand(1, "braises").pv(1, [14, 20]).night().build(0);
        play(&mut g, &["attack bond kelorn", "defend braises"]);
        assert_eq!(pv(&g, 1, 0), 16);
        // Mur de pierre: +3 when the defended spirit has 10 PV or less.
        let mut g = Scn::new().hand(0, "glaciation").hand(1, "mur").pv(1, [20, 10]).build(1);
        let ev = play(&mut g, &["attack glaciation surok", "defend mur"]);
        assert!(ev.iter().any(|e| matches!(e, Event::Defended { power: 12, .. })), "{ev:?}");
        // Esquive rolls a die for the defender.
        let mut g = Scn::new().team_b().hand(0, "souffle").hand(1, "esquive").build(2);
        let ev = play(&mut g, &["attack souffle almyra", "defend esquive"]);
        assert_eq!(rolls(&ev).len(), 1);
    }
}

mod keywords {
    use super::*;

    #[test]
    fn zone_reuses_the_card_for_free_on_the_other_spirit() {
        let mut g = Scn::new().hand(0, "bourrasque").build(0);
        let ev = play(&mut g, &["attack bourrasque kelorn"]);
        assert!(ev.contains(&Event::ZoneReuse { card: c("bourrasque") }));
        assert_eq!(attack_powers(&ev), [1, 9], "5 - 4 on Kel'Orn (Fire), 5 + 4 on Surok (Earth)");
        assert_eq!((pv(&g, 1, 0), pv(&g, 1, 1)), (19, 11));
        assert_eq!(g.side(0).pm, 1, "paid once");
        assert_eq!(g.side(0).discard, mask("bourrasque"));
        // With the other spirit destroyed, there is no reuse.
        let mut g = Scn::new().hand(0, "bourrasque").pv(1, [20, 0]).build(0);
        let ev = play(&mut g, &["attack bourrasque kelorn"]);
        assert!(!ev.iter().any(|e| matches!(e, Event::ZoneReuse { .. })));
        assert_eq!(g.phase(), Phase::Combat);
        // A Zone Soutien: Entraves de sable exhausts both enemy spirits.
        let mut g = Scn::new().team_b().hand(0, "entraves").build(0);
        play(&mut g, &["support entraves almyra"]);
        assert!(g.side(1).spirits.iter().all(|s| !s.charged));
    }

    #[test]
    fn ultime_leaves_the_game_after_use() {
        let mut g = Scn::new().hand(0, "ruee").build(0);
        let ev = play(&mut g, &["attack ruee kelorn"]);
        assert!(ev.contains(&Event::Removed { card: c("ruee") }));
        assert_eq!(g.side(0).discard, 0);
        assert_ne!(g.side(0).removed & mask("ruee"), 0);
        assert!(!g.side(1).spirits[0].charged, "Ruée du cerf exhausts its target");
        let mut g = Scn::new().team_b().hand(0, "gardien").pv(0, [5, 20]).build(0);
        play(&mut g, &["support gardien kelorn"]);
        assert_eq!(pv(&g, 0, 0), 13);
        assert_ne!(g.side(0).removed & mask("gardien"), 0);
    }

    #[test]
    fn tour_diurne_and_tour_nocturne_apply_by_the_cycle() {
        let ev = play(&mut Scn::new().hand(0, "bond").build(0), &["attack bond surok"]);
        assert_eq!(attack_powers(&ev), [13], "Day: 6 + 4 (critical against Earth) + 3");
        let ev = play(&mut Scn::new().hand(0, "bond").night().build(0), &["attack bond surok"]);
        assert_eq!(attack_powers(&ev), [10]);
        let ev = play(&mut Scn::new().hand(0, "deferlante").night().build(0), &["attack deferlante kelorn"]);
        assert_eq!(attack_powers(&ev), [16], "Night: 8 + 4 (critical against Fire) + 4");
        // Oracle des flots by night: paid, no damage.
        let mut g = Scn::new().hand(0, "oracle").night().build(0);
        play(&mut g, &["support oracle kelorn"]);
        assert_eq!((pv(&g, 1, 0), g.side(0).pm), (20, 2));
        let mut g = Scn::new().hand(0, "oracle").build(0);
        play(&mut g, &["support oracle kelorn"]);
        assert_eq!(pv(&g, 1, 0), 17);
    }

    #[test]
    fn soutien_is_paid_then_discarded_and_triggers_no_attack() {
        let mut g = Scn::new().hand(0, "maree instinct").deck(0, "griffe bond ruee").build(0);
        play(&mut g, &["support maree"]);
        assert_eq!(g.side(0).pm, 5, "4 - 2 + 3");
        assert_eq!(g.phase(), Phase::Combat);
        play(&mut g, &["support instinct"]);
        assert_eq!(g.side(0).hand, mask("griffe bond"));
        assert_eq!(g.side(0).discard, mask("maree instinct"));
        let mut g = Scn::new().team_b().hand(0, "oasis").exhausted(0, [false, true]).build(0);
        play(&mut g, &["support oasis surok"]);
        assert!(g.side(0).spirits[1].charged);
    }

    #[test]
    fn attached_cards_act_at_the_start_and_end_of_their_owners_turn() {
        let mut g = Scn::new().team_b().hand(0, "foyer pacte").pv(0, [10, 20]).pm(0, 4).build(0);
        play(&mut g, &["support foyer kelorn", "support pacte surok"]);
        assert_eq!(g.side(0).spirits[0].attached, mask("foyer"));
        assert_eq!(g.side(0).pm, 1);
        play(&mut g, &["end"]);
        assert_eq!(g.side(0).pm, 6, "1 + 1 (Pacte, end of turn) + 4");
        assert_eq!(pv(&g, 0, 0), 10, "Foyer acts at the start of the owner's turn");
        play(&mut g, &["end"]);
        assert_eq!(pv(&g, 0, 0), 13, "Foyer éternel heals 3");
    }
}

mod turn {
    use super::*;

    #[test]
    fn preparation_advances_the_counter_flips_the_cycle_gains_pm_and_draws() {
        let mut g = Scn::new().hand(1, "appel").deck(1, "braises souffle gardien foyer jumelles").pm(1, 1).build(0);
        play(&mut g, &["end"]);
        assert_eq!((g.round(), g.is_day()), (1, true), "the second player does not advance the counter");
        assert_eq!(g.side(1).pm, 5);
        assert_eq!(g.side(1).hand.count_ones(), 4);
        play(&mut g, &["end"]);
        assert_eq!((g.round(), g.is_day()), (2, false), "the first player does: the cycle changes every round");
    }

    #[test]
    fn the_first_players_first_turn_has_no_preparation_and_end_gains_pm() {
        let mut g = Scn::new().hand(0, "griffe").deck(0, "bond bourrasque ruee esquive").build(0);
        assert_eq!((g.side(0).pm, g.side(0).hand.count_ones()), (4, 1));
        play(&mut g, &["end"]);
        assert_eq!(g.side(0).pm, 8);
        assert_eq!(g.side(0).hand.count_ones(), 4, "draw to 4 at the end of the turn");
    }

    #[test]
    fn pm_are_capped_at_8() {
        let mut g = Scn::new().pm(0, 7).build(0);
        play(&mut g, &["end"]);
        assert_eq!(g.side(0).pm, 8);
        let mut g = Scn::new().hand(0, "maree").pm(0, 7).build(0);
        play(&mut g, &["support maree"]);
        assert_eq!(g.side(0).pm, 8);
    }

    #[test]
    fn pv_are_capped_at_20() {
        let mut g = Scn::new().team_b().hand(0, "gardien").pv(0, [17, 20]).build(0);
        play(&mut g, &["support gardien kelorn"]);
        assert_eq!(pv(&g, 0, 0), 20);
    }

    #[test]
    fn recycling_is_once_per_turn_under_the_pile() {
        let mut g =
            Scn::new().hand(0, "griffe bond").deck(0, "ruee esquive bourrasque glaciation colere brume").build(0);
        play(&mut g, &["recycle griffe"]);
        assert_eq!(g.side(0).hand, mask("bond ruee"));
        assert_eq!(g.side(0).deck.first(), Some(&c("griffe")), "under the pile");
        assert!(!legal(&g).iter().any(|a| a.starts_with("recycle")));
        let v = g.view(Seat(0));
        assert_eq!(v.known_bottom, cs("griffe"), "its owner knows it");
        assert!(g.view(Seat(1)).known_bottom.is_empty());
        play(&mut g, &["end", "end"]);
        assert!(legal(&g).iter().any(|a| a.starts_with("recycle")), "again next turn");
    }

    #[test]
    fn the_game_is_drawn_at_the_end_of_round_8() {
        let mut g = Scn::new().round(8).build(0);
        play(&mut g, &["end"]);
        assert_eq!(g.to_move(), Some(Seat(1)));
        play(&mut g, &["end"]);
        assert_eq!(g.phase(), Phase::Over(Outcome::Draw));
        assert_eq!(g.winners(), [Seat(0), Seat(1)]);
        assert_eq!(g.scores(), [0.5, 0.5]);
        let mut g = Scn::new().round(7).build(0);
        play(&mut g, &["end", "end"]);
        assert_eq!((g.round(), g.to_move()), (8, Some(Seat(0))));
    }
}

mod important {
    use super::*;

    #[test]
    fn an_emptied_pile_is_reshuffled_at_once_and_a_second_time_loses() {
        let mut g = Scn::new().hand(0, "griffe").deck(0, "bond").discard(0, "ruee esquive").build(0);
        let ev = play(&mut g, &["recycle griffe"]);
        // griffe under bond: drawing bond leaves griffe; nothing emptied yet.
        assert!(!ev.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
        play(&mut g, &["end"]);
        // End of turn: draw to 4 takes griffe, the pile is empty: reshuffle at once, then draw on.
        assert!(g.side(0).reshuffled);
        assert_eq!(g.side(0).discard, 0);
        assert_eq!(g.side(0).hand.count_ones(), 4);
        assert!(g.side(0).deck.is_empty(), "the reshuffled pile of 2 was drawn out");
        assert_eq!(g.phase(), Phase::Over(Outcome::Exhausted(Seat(1))), "emptied a second time: p0 loses");
        assert_eq!(g.winners(), [Seat(1)]);
    }

    #[test]
    fn a_second_exhaustion_loses_immediately() {
        let mut g = Scn::new().hand(0, "instinct").deck(0, "bond").reshuffled(0).build(0);
        play(&mut g, &["support instinct"]);
        assert_eq!(g.phase(), Phase::Over(Outcome::Exhausted(Seat(1))));
        assert!(g.to_move().is_none());
    }

    #[test]
    fn a_destroyed_spirit_discards_its_attached_cards_and_its_bound_abilities_go_to_hand() {
        let mut g =
            Scn::new().team_b().hand(0, "souffle").bound(1, 0, "griffe").attached(1, 0, "bond").pv(1, [3, 20]).build(0);
        play(&mut g, &["attack souffle almyra"]);
        let s = g.side(1);
        assert!(!s.spirits[0].alive);
        assert_eq!(s.hand, mask("griffe"), "bound abilities to the owner's hand");
        assert_eq!(s.discard, mask("bond"), "attached cards discarded");
        assert!(!legal(&g).iter().any(|a| a.ends_with("almyra")), "a destroyed spirit cannot be targeted");
        assert_eq!(g.to_move(), Some(Seat(0)));
    }

    #[test]
    fn destroying_every_enemy_spirit_wins() {
        let mut g = Scn::new().hand(0, "griffe").bound(1, 1, "appel").pv(1, [0, 5]).build(0);
        play(&mut g, &["attack griffe surok"]);
        assert_eq!(g.phase(), Phase::Over(Outcome::Destroyed(Seat(0))));
        assert_eq!(g.winners(), [Seat(0)]);
        assert_eq!(g.scores(), [1.0, 0.0]);
    }

    #[test]
    fn illegal_actions_are_rejected_and_change_nothing() {
        let mut g = Scn::new().hand(0, "griffe").pm(0, 0).build(0);
        let before = g.clone();
        for a in ["attack griffe kelorn", "strike almyra kelorn", "defend appel", "take", "attack appel kelorn"] {
            let action = a.parse().unwrap_or_else(|e| panic!("{e}"));
            let mut log = sylvan_engine::EventLog::new();
            assert!(g.try_apply(action, &mut log).is_err(), "{a}");
            assert!(log.events.is_empty());
        }
        assert_eq!(g, before);
    }
}

mod hidden {
    use super::*;
    use sylvan_engine::GameRng;

    #[test]
    fn views_hide_hands_bound_abilities_and_the_robots_hand() {
        let g = SpiritDuel::new(&Options::default(), 3).unwrap_or_else(|e| panic!("{e}"));
        let v0 = g.view(Seat(0));
        assert_eq!(v0.hand, Some(g.side(0).hand));
        assert_eq!(v0.sides[1].hand_count, 4);
        assert_eq!(v0.sides[0].spirits[0].bound, 1, "only the number of bound abilities, even for the owner");
        let text = serde_json::to_string(&v0).unwrap_or_default();
        for c in sylvan_spirit_duel::setup::card_list(g.side(1).hand) {
            assert!(!text.contains(&format!("\"{c}\"")), "p1's {c} leaks into p0's view");
        }
        let solo = SpiritDuel::new(&Options { solo: true, team: Team::A, ..Options::default() }, 3)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(solo.view(Seat(1)).hand, None, "nobody sees the Robot's face-down hand");
        // Determinization resamples what is hidden and keeps what is seen.
        let mut rng = GameRng::new(1);
        let mut differ = false;
        for _ in 0..20 {
            let d = SpiritDuel::determinize(&v0, &mut rng);
            assert_eq!(d.view(Seat(0)), v0);
            differ |= d.side(1).hand != g.side(1).hand;
        }
        assert!(differ);
    }
}

mod solo {
    use super::*;

    #[test]
    fn the_robot_plays_its_turn_by_flipping_cards_even_over_budget() {
        // The Robot (team B) holds Tempête du désert (3 PM) and Flammes jumelles (4 PM) with 5 PM: whichever
        // it flips first, it still has at least 1 PM and plays the other over its budget.
        for seed in 0..10 {
            let mut g = Scn::new().solo().hand(1, "tempete jumelles").pm(1, 5).build(seed);
            let ev = play(&mut g, &["end"]);
            assert!(ev.contains(&Event::RobotFlipped { card: c("tempete"), usable: true }), "{ev:?}");
            assert!(ev.contains(&Event::RobotFlipped { card: c("jumelles"), usable: true }), "{ev:?}");
            assert_eq!(attack_powers(&ev).len(), 3, "Tempête, and Flammes jumelles twice (Zone)");
            assert_eq!(g.to_move(), Some(Seat(0)), "back to the human after the Robot's turn");
            assert_eq!(g.round(), 2);
            assert_eq!(g.side(1).pm, 4, "0 PM after paying, refilled to 4 at its end phase");
        }
    }

    #[test]
    fn the_robot_discards_unusable_cards_and_attacks_the_weakest_spirit() {
        // Défense cards are unusable in its combat phase; Oasis has nothing to recharge.
        let mut g = Scn::new()
            .solo()
            .hand(1, "appel oasis souffle")
            .deck(1, "braises gardien foyer jumelles mirage tempete entraves pacte")
            .pm(1, 4)
            .pv(0, [20, 9])
            .build(5);
        let ev = play(&mut g, &["end"]);
        assert!(ev.contains(&Event::RobotFlipped { card: c("appel"), usable: false }));
        assert!(ev.contains(&Event::RobotFlipped { card: c("oasis"), usable: false }));
        assert!(ev.iter().any(|e| matches!(e, Event::Attacked { target, .. } if *target == sp("dormuzel"))), "{ev:?}");
        assert_eq!(g.side(1).discard & mask("appel oasis"), mask("appel oasis"));
    }

    #[test]
    fn the_robot_defends_by_flipping_until_a_defence() {
        let mut g = Scn::new().solo().hand(0, "griffe").hand(1, "souffle mur").pm(1, 1).build(0);
        let ev = play(&mut g, &["attack griffe surok"]);
        assert!(ev.iter().any(|e| matches!(e, Event::Defended { card, .. } if *card == c("mur"))), "{ev:?}");
        assert_eq!(g.side(1).pm, 0, "paid over its PM, down to 0");
        assert_eq!(pv(&g, 1, 1), 17, "8 - 5");
        // Without PM it does not defend.
        let mut g = Scn::new().solo().hand(0, "griffe").hand(1, "mur").pm(1, 0).build(0);
        play(&mut g, &["attack griffe surok"]);
        assert_eq!(pv(&g, 1, 1), 12);
    }

    #[test]
    fn issue_33_defect_12_an_attaque_with_no_positive_effect_is_unusable_and_discarded_unpaid() {
        // FR:224 « Si lors de son utilisation, une capacité du Robot peut être jouée mais n'aura aucun effet
        // positif, considérez cette capacité comme inutilisable » ; FR:198-199 « Sinon, la carte est
        // défaussée ». The Robot (team A) holds Griffe du vent (power 4, weak against Fire): against
        // Kel'Orn (Fire), its target with the fewest PV, it deals 0 and its bonus (damage already dealt)
        // cannot apply this turn.
        let scn = Scn::new().solo().team_b().hand(1, "griffe").pm(1, 4).pv(0, [5, 20]);
        let mut g = scn.build(0);
        let ev = play(&mut g, &["end"]);
        assert!(ev.contains(&Event::RobotFlipped { card: c("griffe"), usable: false }), "{ev:?}");
        assert!(attack_powers(&ev).is_empty(), "no attack: {ev:?}");
        assert_eq!(pv(&g, 0, 0), 5);
        // Against Surok (Earth, its critical element) as the weakest, it attacks with 8.
        let mut g = Scn::new().solo().team_b().hand(1, "griffe").pm(1, 4).pv(0, [20, 5]).build(0);
        let ev = play(&mut g, &["end"]);
        assert_eq!(attack_powers(&ev), vec![8], "{ev:?}");
        // The Robot of older records (revision 1) attacked with 0 anyway.
        let mut g = scn.robot(1).build(0);
        let ev = play(&mut g, &["end"]);
        assert_eq!(attack_powers(&ev), vec![0], "{ev:?}");
    }

    #[test]
    fn issue_33_defect_12_a_defence_that_changes_nothing_is_unusable_and_discarded_unpaid() {
        // FR:224 and FR:198-199 again, for the Robot's defence (FR:223 « il suit les actions de sa Phase
        // de Combat afin d'utiliser une Défense »): Griffe du vent deals 0 to Kel'Orn (Fire), so Mur de
        // pierre would lower nothing: it is discarded and its 2 PM are not paid.
        let scn = Scn::new().solo().hand(0, "griffe").hand(1, "mur").pm(1, 1);
        let mut g = scn.build(0);
        let ev = play(&mut g, &["attack griffe kelorn"]);
        assert!(ev.contains(&Event::RobotFlipped { card: c("mur"), usable: false }), "{ev:?}");
        assert!(!ev.iter().any(|e| matches!(e, Event::Defended { .. })), "{ev:?}");
        assert_eq!(g.side(1).pm, 1, "not paid");
        assert_eq!(g.side(1).discard & mask("mur"), mask("mur"));
        // A heal on the damaged defended spirit is a positive effect even against 0 damage.
        let mut g = Scn::new().solo().hand(0, "griffe").hand(1, "braises").pm(1, 2).pv(1, [15, 20]).build(0);
        let ev = play(&mut g, &["attack griffe kelorn"]);
        assert!(ev.iter().any(|e| matches!(e, Event::Defended { card, .. } if *card == c("braises"))), "{ev:?}");
        assert_eq!(pv(&g, 1, 0), 17);
        // Revision 1 (older records) played it.
        let mut g = scn.robot(1).build(0);
        let ev = play(&mut g, &["attack griffe kelorn"]);
        assert!(ev.iter().any(|e| matches!(e, Event::Defended { card, .. } if *card == c("mur"))), "{ev:?}");
    }

    #[test]
    fn issue_33_defect_12_records_without_the_robot_revision_replay_with_the_old_robot() {
        let o: Options = serde_json::from_str(r#"{"solo": true, "team": "a"}"#).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(o.robot, 1);
        assert_eq!(Options::default().robot, ROBOT_REVISION);
        let bad = Options { robot: ROBOT_REVISION + 1, ..Options::default() };
        assert!(SpiritDuel::new(&bad, 1).is_err());
    }

    #[test]
    fn the_robot_heals_its_charged_spirits_at_the_end_of_its_turn() {
        let mut g = Scn::new().solo().pv(1, [10, 10]).pm(1, 0).exhausted(1, [false, true]).build(0);
        play(&mut g, &["end"]);
        assert_eq!((pv(&g, 1, 0), pv(&g, 1, 1)), (12, 10), "only the charged spirit heals");
        assert!(g.side(1).spirits[1].charged, "then it is recharged");
    }

    #[test]
    fn the_robot_loses_5_pv_on_each_reshuffle_and_never_loses_by_exhaustion() {
        // Its pile was already emptied once: a player would lose now, the Robot loses 5 PV per spirit.
        let mut g = Scn::new().solo().reshuffled(1).hand(1, "appel").deck(1, "souffle").discard(1, "mur").build(0);
        let ev = play(&mut g, &["end"]);
        let at = ev.iter().position(|e| *e == Event::Reshuffled { seat: Seat(1), robot_penalty: true });
        let Some(at) = at else { panic!("no reshuffle: {ev:?}") };
        assert_eq!(ev[at + 1], Event::Damaged { spirit: sp("kelorn"), amount: 5, pv: 15 });
        assert_eq!(ev[at + 2], Event::Damaged { spirit: sp("surok"), amount: 5, pv: 15 });
        assert_eq!(g.to_move(), Some(Seat(0)), "the game goes on");
        // With an empty discard pile there is nothing to shuffle and no loss of PV (ruling SD-8).
        let mut g = Scn::new().solo().hand(1, "appel").deck(1, "souffle").build(0);
        let ev = play(&mut g, &["end"]);
        let flip = ev.iter().position(|e| matches!(e, Event::RobotFlipped { .. })).unwrap_or(ev.len());
        assert!(!ev[..flip].iter().any(|e| matches!(e, Event::Reshuffled { .. })), "{ev:?}");
        assert!(ev[..flip].iter().all(|e| !matches!(e, Event::Damaged { .. })));
    }

    #[test]
    fn the_robot_draws_until_it_holds_4_cards_counting_a_destroyed_spirits_bound_cards() {
        // FR:206 « Le Robot … pioche jusqu'à avoir 4 cartes en main »; FR:226 its reshuffle costs its
        // spirits 5 PV; FR:301 a destroyed spirit's bound abilities go to its owner's hand. The Robot
        // discards its 4 unusable cards, draws 2 (its pile is then empty), reshuffles, Kel'Orn (4 PV) is
        // destroyed and Appel joins its hand: 3 cards, so it draws 1 more, not 2 (ruling SD-8).
        let scn = Scn::new()
            .solo()
            .hand(1, "mur mirage braises oasis")
            .deck(1, "souffle tempete")
            .discard(1, "jumelles entraves")
            .bound(1, 0, "appel")
            .pv(1, [4, 20])
            .pm(1, 4);
        let mut g = scn.build(1);
        let ev = play(&mut g, &["end"]);
        assert!(ev.contains(&Event::Reshuffled { seat: Seat(1), robot_penalty: true }), "{ev:?}");
        assert_eq!(pv(&g, 1, 0), 0, "Kel'Orn is destroyed");
        assert_eq!(g.side(1).hand.count_ones(), 4);
        // Robot revision 2 (older records) counted its draws before drawing: 5 cards.
        let mut g = scn.robot(2).build(1);
        play(&mut g, &["end"]);
        assert_eq!(g.side(1).hand.count_ones(), 5);
    }

    #[test]
    fn the_robot_seat_never_decides() {
        for seed in 0..50 {
            let mut g = SpiritDuel::new(&Options { solo: true, team: Team::B, ..Options::default() }, seed)
                .unwrap_or_else(|e| panic!("{e}"));
            let mut legal = Vec::new();
            while let Some(s) = g.to_move() {
                g.legal_actions(&mut legal);
                // p0 decides in its turn and when the Robot attacks.
                assert_eq!(s, Seat(0));
                let a = legal[(seed as usize * 7 + g.move_number()) % legal.len()];
                g.apply_unchecked(a, &mut NoEvents);
            }
        }
    }
}

mod robot {
    use super::*;
    use sylvan_engine::GameRng;
    use sylvan_spirit_duel::robot_policy;

    #[test]
    fn the_robot_attacks_the_weakest_and_never_strikes_or_recycles() {
        let g = Scn::new().team_b().hand(0, "souffle tempete entraves").pv(1, [20, 7]).build(0);
        let mut rng = GameRng::new(1);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        for _ in 0..50 {
            let a = robot_policy(&g.view(Seat(0)), &legal, &mut rng).to_string();
            assert!(a.ends_with("dormuzel") || a.starts_with("support entraves"), "{a}");
            assert!(!a.starts_with("strike") && !a.starts_with("recycle"));
        }
    }
}

/// Issue 13: records that claimed too much, and setups with unknown fields.
mod issue13 {
    use super::*;
    use sylvan_engine::{Record, ReplayError, replay};

    #[test]
    fn a_record_with_scores_for_an_unfinished_game_is_refused() {
        let mut r = Record::<SpiritDuel>::from_seed(Options::default(), 3);
        assert!(replay(&r).is_ok());
        r.scores = Some(vec![0.0, 0.0]);
        let e = replay(&r).err();
        assert!(matches!(e, Some(ReplayError::NotOver { moves: 0, .. })), "{e:?}");
        assert_eq!(
            e.map(|e| e.to_string()).unwrap_or_default(),
            "record states scores [0.0, 0.0] but the game is not over after its 0 actions"
        );
    }

    #[test]
    fn a_record_from_a_newer_engine_is_refused() {
        let mut r = Record::<SpiritDuel>::from_seed(Options::default(), 3);
        r.engine_version = "99.0.0".into();
        let e = replay(&r).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("record written by engine version 99.0.0, newer than this engine"), "{e}");
    }

    #[test]
    fn unknown_setup_fields_are_refused() {
        let json = r#"{"first_player":0,"sides":[{},{}],"turn":3}"#;
        let e = serde_json::from_str::<sylvan_spirit_duel::Setup>(json).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `turn`")), "{e:?}");
        let json = r#"{"first_player":0,"sides":[{"hp":[3,3]},{}]}"#;
        let e = serde_json::from_str::<sylvan_spirit_duel::Setup>(json).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `hp`")), "{e:?}");
    }
}

/// The catalog's `index` names the bit of each ability in a view's `hand`, so a client reads the hand
/// from the view and the catalog (the browser UI does).
mod catalog {
    use sylvan_engine::{Game, Lang, Seat};
    use sylvan_spirit_duel::{Options, SpiritDuel};

    #[test]
    fn the_hand_bits_are_the_catalog_indices() {
        let g = SpiritDuel::new(&Options::default(), 11).unwrap_or_else(|e| panic!("{e}"));
        let catalog = g.catalog(Lang::En);
        let abilities = catalog["abilities"].as_object().unwrap_or_else(|| panic!("no abilities"));
        let view = serde_json::to_value(g.view(Seat(0))).unwrap_or_else(|e| panic!("{e}"));
        let hand = view["hand"].as_u64().unwrap_or_else(|| panic!("no hand in {view}"));
        let text = SpiritDuel::view_text(&g.view(Seat(0)), Lang::En);
        let mine: Vec<&String> = abilities
            .iter()
            .filter(|(_, a)| a["index"].as_u64().is_some_and(|i| hand >> i & 1 == 1))
            .map(|(c, _)| c)
            .collect();
        assert_eq!(mine.len(), hand.count_ones() as usize, "every card of the hand has an index");
        let listed = text.split("Your hand").nth(1).unwrap_or_else(|| panic!("no hand in the text:\n{text}"));
        for code in mine {
            assert!(listed.contains(code.as_str()), "{code} is not in the hand the text shows:\n{listed}");
        }
    }
}
