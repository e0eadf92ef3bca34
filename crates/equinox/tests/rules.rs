//! Rule-by-rule scenarios for Equinox, each built from an explicit [`Setup`] and driven through the
//! public `Game` API. Module names follow the rulebook (`equinox.fr.txt`): setup, the five phases, the
//! controller, every creature power, the trees, the final count, hidden information, determinism.

mod helpers {
    use sylvan_engine::{Audience, EventLog, Game, Seat};
    use sylvan_equinox::{Card, Creature, Equinox, Event, Options, Phase, Setup, StoneSetup, View};

    /// The default champions, in column order.
    pub const D: &str = "gru lic pan gri bic duc car bol";
    /// The other six creatures, with Gruyère and Le Duc.
    pub const E: &str = "sab cro rai plu urs pel gru duc";

    pub fn card(s: &str) -> Card {
        s.parse().unwrap_or_else(|e| panic!("bad card {s}: {e}"))
    }

    /// Parses "gru7 lic3 cam2".
    pub fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(card).collect()
    }

    pub fn cr(s: &str) -> Creature {
        s.parse().unwrap_or_else(|e| panic!("bad creature {s}: {e}"))
    }

    pub fn creatures(s: &str) -> Vec<Creature> {
        s.split_whitespace().map(cr).collect()
    }

    pub fn p(i: u8) -> Seat {
        Seat(i)
    }

    /// A scenario under construction: an explicit setup, with the draw pile filled up (below the named
    /// cards) with the unused cards of the creatures in play, unless `exact_deck` is called.
    pub struct Scn {
        pub setup: Setup,
        pub options: Options,
        fill: bool,
    }

    impl Scn {
        pub fn new(champions: &str, players: usize) -> Scn {
            let champions = creatures(champions);
            let setup = Setup {
                champions,
                first_player: Seat(0),
                hands: vec![Vec::new(); players],
                deck: Vec::new(),
                round: 1,
                rows: Vec::new(),
                stones: Vec::new(),
                secrets: Vec::new(),
                eliminated: Vec::new(),
                discard: Vec::new(),
            };
            Scn { setup, options: Options { players, ..Options::default() }, fill: true }
        }

        pub fn first(mut self, seat: u8) -> Scn {
            self.setup.first_player = Seat(seat);
            self
        }

        pub fn hand(mut self, seat: u8, s: &str) -> Scn {
            self.setup.hands[seat as usize] = cards(s);
            self
        }

        /// Top of the draw pile, top card first.
        pub fn deck(mut self, s: &str) -> Scn {
            self.setup.deck = cards(s);
            self
        }

        pub fn exact_deck(mut self) -> Scn {
            self.fill = false;
            self
        }

        pub fn round(mut self, r: u8) -> Scn {
            self.setup.round = r;
            self
        }

        pub fn elim(mut self, c: &str, round: u8) -> Scn {
            self.setup.eliminated.push((cr(c), round));
            self
        }

        /// The cards of a cell (bottom first) in row `r` of creature `c`.
        pub fn cell(mut self, r: u8, c: &str, s: &str) -> Scn {
            let col = self.col(c);
            while self.setup.rows.len() < r as usize {
                self.setup.rows.push(vec![Vec::new(); 8]);
            }
            self.setup.rows[r as usize - 1][col] = cards(s);
            self
        }

        /// A stone of `seat` in row `r` (0 = revealed secret on the champion card) of creature `c`.
        pub fn stone(mut self, seat: u8, r: u8, c: &str) -> Scn {
            self.setup.stones.push(StoneSetup { seat: Seat(seat), row: r, creature: cr(c) });
            self
        }

        pub fn secret(mut self, seat: u8, s: &str) -> Scn {
            let n = self.options.players;
            if self.setup.secrets.is_empty() {
                self.setup.secrets = vec![None; n];
            }
            self.setup.secrets[seat as usize] = Some(card(s));
            self
        }

        pub fn discard(mut self, s: &str) -> Scn {
            self.setup.discard = cards(s);
            self
        }

        fn col(&self, c: &str) -> usize {
            let c = cr(c);
            self.setup.champions.iter().position(|&x| x == c).unwrap_or_else(|| panic!("{c} is not a champion"))
        }

        /// The finished setup.
        pub fn build(&self) -> Setup {
            let mut s = self.setup.clone();
            if self.fill {
                let mut used: Vec<Card> = s.hands.concat();
                used.extend(&s.deck);
                used.extend(&s.discard);
                used.extend(s.secrets.iter().flatten());
                for row in &s.rows {
                    for cell in row {
                        used.extend(cell);
                    }
                }
                for &c in &s.champions {
                    if s.eliminated.iter().any(|e| e.0 == c) {
                        continue;
                    }
                    for st in 0..=10 {
                        let k = c.card(st);
                        if !used.contains(&k) {
                            s.deck.push(k);
                        }
                    }
                }
            }
            s
        }

        pub fn game(&self) -> Equinox {
            Equinox::from_setup(&self.options, &self.build(), 42).unwrap_or_else(|e| panic!("bad setup: {e}"))
        }
    }

    /// The legal actions of the seat to move, in notation.
    pub fn legal(g: &Equinox) -> Vec<String> {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v.iter().map(ToString::to_string).collect()
    }

    pub fn has(g: &Equinox, a: &str) -> bool {
        legal(g).iter().any(|x| x == a)
    }

    /// Applies an action in notation; panics (with the legal list) if it is illegal.
    pub fn act(g: &mut Equinox, a: &str) -> EventLog<Event> {
        let mut log = EventLog::new();
        let action = a.parse().unwrap_or_else(|e| panic!("bad notation {a}: {e}"));
        if let Err(e) = g.try_apply(action, &mut log) {
            panic!("{a} illegal: {e}; legal: {:?}", legal(g));
        }
        log
    }

    /// Applies several actions; returns all events.
    pub fn acts(g: &mut Equinox, list: &[&str]) -> EventLog<Event> {
        let mut all = EventLog::new();
        for a in list {
            all.events.extend(act(g, a).events);
        }
        all
    }

    pub fn view(g: &Equinox, seat: u8) -> View {
        g.view(Seat(seat))
    }

    pub fn phase(g: &Equinox) -> Phase {
        g.view(Seat(0)).phase
    }

    pub fn to_move(g: &Equinox) -> Option<u8> {
        g.to_move().map(|s| s.0)
    }

    /// The column of creature `c` in game `g`.
    pub fn col(g: &Equinox, c: &str) -> usize {
        let c = cr(c);
        view(g, 0).champions.iter().position(|&x| x == c).unwrap_or_else(|| panic!("{c} is not a champion"))
    }

    /// The visible card of a cell.
    pub fn top(g: &Equinox, r: u8, c: &str) -> Option<Card> {
        view(g, 0).stacks[r as usize - 1][col(g, c)].top()
    }

    /// The seat of the stone of a cell (255 when none).
    pub fn stone_at(g: &Equinox, r: u8, c: &str) -> u8 {
        view(g, 0).stones[r as usize - 1][col(g, c)]
    }

    pub fn eliminated_in(g: &Equinox, c: &str) -> u8 {
        view(g, 0).eliminated_in[col(g, c)]
    }

    pub fn hand_has(g: &Equinox, seat: u8, s: &str) -> bool {
        view(g, seat).hand.contains(card(s))
    }

    /// The events of a log with their audiences.
    pub fn with_audience(log: &EventLog<Event>) -> &[(Audience, Event)] {
        &log.events
    }

    pub fn is_power(g: &Equinox, c: &str) -> bool {
        matches!(phase(g), Phase::Power { creature, .. } if creature == cr(c))
    }
}

use helpers::*;
use sylvan_engine::{Audience, Game, GameRng, Record, Seat, SeatSet, replay};
use sylvan_equinox::{Card, CardSet, EndReason, Equinox, Event, Options, Phase, TreeKind};

const NO_STONE: u8 = 255;

mod setup {
    use super::*;

    fn options(players: usize) -> Options {
        Options { players, ..Options::default() }
    }

    #[test]
    fn setup_new_game_has_8_champions_8_card_hands_and_5_stones() {
        let g = Equinox::new(&options(4), 7).unwrap_or_else(|e| panic!("{e}"));
        let v = view(&g, 0);
        let mut ch = v.champions.to_vec();
        ch.sort();
        ch.dedup();
        assert_eq!(ch.len(), 8);
        assert_eq!(v.hand.len(), 8);
        assert_eq!(&v.hand_counts[..4], &[8, 8, 8, 8]);
        assert_eq!(&v.stones_left[..4], &[5, 5, 5, 5]);
        assert_eq!(v.round, 1);
        assert_eq!(v.phase, Phase::Predict);
        assert!(v.stones.iter().flatten().all(|&s| s == NO_STONE));
    }

    #[test]
    fn setup_new_game_deals_88_creature_cards_11_chameleons_1_ancetre_2_dryades() {
        let g = Equinox::new(&options(4), 11).unwrap_or_else(|e| panic!("{e}"));
        let v = view(&g, 2);
        assert_eq!(v.universe.len(), 88 + 11 + 3);
        for &c in &v.champions {
            assert_eq!(v.universe.and(CardSet::of_creature(c)).len(), 11, "{c}");
        }
        for s in 0..=10 {
            assert!(v.universe.contains(Card::chameleon(s)));
        }
        assert!(v.universe.contains(TreeKind::Ancetre.card(0)));
        assert!(!v.universe.contains(TreeKind::Ancetre.card(1)));
        assert!(v.universe.contains(TreeKind::Dryade.card(0)));
        assert!(v.universe.contains(TreeKind::Dryade.card(1)));
        assert!(!v.universe.contains(TreeKind::Dryade.card(2)));
        assert_eq!(v.deck_len as usize, 102 - 4 * 8);
    }

    #[test]
    fn setup_tree_options_change_the_tree_cards() {
        let o = Options { players: 3, ancestors: 2, dryads: 0, ..Options::default() };
        let g = Equinox::new(&o, 3).unwrap_or_else(|e| panic!("{e}"));
        let v = view(&g, 0);
        assert_eq!(v.universe.len(), 88 + 11 + 2);
        assert!(v.universe.contains(TreeKind::Ancetre.card(1)));
        assert!(!v.universe.contains(TreeKind::Dryade.card(0)));
        assert_eq!(v.deck_len as usize, 101 - 24);
    }

    #[test]
    fn setup_bad_options_are_errors() {
        assert!(Equinox::options_for_players(1).is_err());
        assert!(Equinox::options_for_players(6).is_err());
        assert!(Equinox::new(&options(1), 1).is_err());
        assert!(Equinox::new(&options(6), 1).is_err());
        assert!(Equinox::new(&Options { ancestors: 4, ..Options::default() }, 1).is_err());
        let seven = Options { champions: Some(creatures("gru lic pan gri bic duc car")), ..Options::default() };
        assert!(Equinox::new(&seven, 1).is_err());
        let twice = Options { champions: Some(creatures("gru lic pan gri bic duc car gru")), ..Options::default() };
        assert!(Equinox::new(&twice, 1).is_err());
        let ok = Options { champions: Some(creatures(E)), ..Options::default() };
        assert!(Equinox::new(&ok, 1).is_ok());
    }

    #[test]
    fn setup_bad_setups_are_errors_not_panics() {
        let base = Scn::new(D, 2).hand(0, "gru1 gru2").hand(1, "pan1");
        assert!(Equinox::from_setup(&base.options, &base.build(), 1).is_ok());
        // The same card twice.
        let dup = Scn::new(D, 2).hand(0, "gru1 gru2").hand(1, "gru1");
        assert!(Equinox::from_setup(&dup.options, &dup.build(), 1).is_err());
        // Seven champions.
        let mut seven = base.build();
        seven.champions.pop();
        assert!(Equinox::from_setup(&base.options, &seven, 1).is_err());
        // A card of a creature that is not a champion.
        let alien = Scn::new(D, 2).hand(0, "sab1").hand(1, "pan1");
        assert!(Equinox::from_setup(&alien.options, &alien.build(), 1).is_err());
        // Hands for the wrong number of players.
        let three = Options { players: 3, ..Options::default() };
        assert!(Equinox::from_setup(&three, &base.build(), 1).is_err());
        // Players 1 and 6.
        assert!(Equinox::from_setup(&Options { players: 1, ..Options::default() }, &base.build(), 1).is_err());
        assert!(Equinox::from_setup(&Options { players: 6, ..Options::default() }, &base.build(), 1).is_err());
        // A chameleon as a secret prediction.
        let cam = Scn::new(D, 2).hand(0, "gru1").hand(1, "pan1").secret(0, "cam3");
        assert!(Equinox::from_setup(&cam.options, &cam.build(), 1).is_err());
        // Six stones for one player.
        let mut six = Scn::new(D, 2).hand(0, "gru1").hand(1, "pan1");
        for c in ["gru", "lic", "pan", "gri", "bic", "duc"] {
            six = six.stone(0, 1, c);
        }
        assert!(Equinox::from_setup(&six.options, &six.build(), 1).is_err());
        // A creature card in another creature's column; first player out of range.
        let wrong = Scn::new(D, 2).hand(0, "gru1").hand(1, "pan1").cell(1, "lic", "gru5");
        assert!(Equinox::from_setup(&wrong.options, &wrong.build(), 1).is_err());
        let far = Scn::new(D, 2).hand(0, "gru1").hand(1, "pan1").first(4);
        assert!(Equinox::from_setup(&far.options, &far.build(), 1).is_err());
        // Two trees of a kind when the options allow one.
        let mut trees = Scn::new(D, 2).hand(0, "gru1").hand(1, "pan1");
        trees.setup.hands[0].push(TreeKind::Ancetre.card(0));
        trees.setup.hands[1].push(TreeKind::Ancetre.card(1));
        assert!(Equinox::from_setup(&trees.options, &trees.build(), 1).is_err());
    }
}

mod phase1 {
    use super::*;

    #[test]
    fn phase1_normal_prediction_only_in_current_row_on_creature_in_play_without_stone() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "gru5").hand(1, "duc5").stone(1, 2, "gru").game();
        assert_eq!(
            legal(&g),
            ["skip", "predict pan", "predict gri", "predict bic", "predict duc", "predict car", "predict bol"]
        );
        act(&mut g, "predict pan");
        assert_eq!(stone_at(&g, 2, "pan"), 0);
        assert_eq!(stone_at(&g, 1, "pan"), NO_STONE);
        assert_eq!(view(&g, 1).stones_left[0], 4);
        assert_eq!(phase(&g), Phase::Play { extra: false });
    }

    #[test]
    fn phase1_one_stone_per_creature_per_round() {
        let mut g = Scn::new(D, 2).hand(0, "gru5 pan1").hand(1, "duc5").game();
        acts(&mut g, &["predict gru", "play pan1"]);
        assert_eq!(to_move(&g), Some(1));
        assert!(!has(&g, "predict gru"));
        assert!(has(&g, "predict pan"));
    }

    #[test]
    fn phase1_no_stone_left_no_prediction() {
        let mut s = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "gru5").hand(1, "duc5");
        for c in ["gru", "pan", "gri", "bic", "duc"] {
            s = s.stone(0, 1, c);
        }
        let g = s.game();
        assert_eq!(legal(&g), ["skip"]);
    }

    #[test]
    fn phase1_no_stone_left_no_secret_prediction() {
        let mut s = Scn::new(D, 2).hand(0, "gru5 pan2").hand(1, "duc5");
        for c in ["gru", "lic", "pan", "gri", "bic"] {
            s = s.stone(0, 1, c);
        }
        assert_eq!(legal(&s.game()), ["skip"]);
    }

    #[test]
    fn phase1_secret_prediction_only_with_a_creature_card() {
        let g = Scn::new(D, 2).hand(0, "gru3 cam2 dryade").hand(1, "duc5").game();
        let secrets: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("secret")).collect();
        assert_eq!(secrets, ["secret gru3"]);
    }

    #[test]
    fn phase1_secret_prediction_only_in_round_1() {
        let g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "gru3 pan4").hand(1, "duc5").game();
        assert!(legal(&g).iter().all(|a| !a.starts_with("secret")));
    }

    #[test]
    fn phase1_secret_prediction_only_once_per_game() {
        // A revealed secret prediction already lies on Gruyère's champion card.
        let g = Scn::new(D, 2).hand(0, "gru3 pan4").hand(1, "duc5").stone(0, 0, "gru").game();
        assert!(legal(&g).iter().all(|a| !a.starts_with("secret")));
        // An unrevealed one: it may be revealed, not doubled.
        let g = Scn::new(D, 2).hand(0, "gru3 pan4").hand(1, "duc5").secret(0, "gru4").game();
        assert!(legal(&g).iter().all(|a| !a.starts_with("secret")));
        assert!(has(&g, "reveal"));
    }

    #[test]
    fn phase1_secret_prediction_on_a_creature_already_predicted() {
        let g = Scn::new(D, 2).hand(0, "gru3 pan4").hand(1, "duc5").stone(1, 1, "gru").game();
        assert!(has(&g, "secret gru3"));
    }

    #[test]
    fn phase1_secret_prediction_skips_phase_2() {
        let mut g = Scn::new(D, 2).hand(0, "gru3 pan4").hand(1, "duc5").game();
        let log = act(&mut g, "secret gru3");
        // No card played: the turn went on through phases 3-5 to the next player.
        assert!(!log.events.iter().any(|(_, e)| matches!(e, Event::Played { .. })));
        assert_eq!(to_move(&g), Some(1));
        assert_eq!(phase(&g), Phase::Predict);
        let v0 = view(&g, 0);
        assert_eq!(v0.secret, Some(card("gru3")));
        assert!(!v0.hand.contains(card("gru3")) && v0.hand.contains(card("pan4")));
        assert_eq!(v0.hand.len(), 8);
        assert_eq!(v0.stones_left[0], 4);
        let v1 = view(&g, 1);
        assert_eq!(v1.secret, None);
        assert_eq!(v1.has_secret, 1);
        // The card is shown to its owner only.
        assert!(log.for_seat(p(0)).any(|e| *e == Event::SecretPlaced { seat: p(0), card: Some(card("gru3")) }));
        assert!(log.for_seat(p(1)).any(|e| *e == Event::SecretPlaced { seat: p(0), card: None }));
        assert!(!log.for_seat(p(1)).any(|e| *e == Event::SecretPlaced { seat: p(0), card: Some(card("gru3")) }));
    }

    #[test]
    fn phase1_reveal_puts_stone_on_champion_row_and_discards_card() {
        let mut g =
            Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "pan4").hand(1, "duc5").secret(0, "gru3").game();
        let log = act(&mut g, "reveal");
        let v = view(&g, 1);
        assert_eq!(v.revealed[col(&g, "gru")], 1);
        assert_eq!(v.has_secret, 0);
        assert!(v.discard_public.contains(card("gru3")));
        assert_eq!(v.stones_left[0], 4);
        assert!(log.for_seat(p(1)).any(|e| *e == Event::SecretRevealed { seat: p(0), card: card("gru3") }));
        // Worth 5; revealing does not prevent playing a card this turn.
        assert_eq!(g.scores()[0], 5.0);
        assert_eq!(to_move(&g), Some(0));
        assert_eq!(phase(&g), Phase::Play { extra: false });
        assert!(has(&g, "play pan4"));
    }

    #[test]
    fn phase1_skip_places_nothing() {
        let mut g = Scn::new(D, 2).hand(0, "pan4").hand(1, "duc5").game();
        act(&mut g, "skip");
        assert_eq!(phase(&g), Phase::Play { extra: false });
        assert_eq!(view(&g, 0).stones_left[0], 5);
        assert!(view(&g, 0).stones.iter().flatten().all(|&s| s == NO_STONE));
    }
}

mod phase2 {
    use super::*;

    #[test]
    fn phase2_creature_card_goes_on_top_of_its_column_in_current_row() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).cell(2, "gru", "gru3").hand(0, "gru7").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play gru7"]);
        let v = view(&g, 0);
        assert_eq!(v.stacks[1][col(&g, "gru")].cards(), cards("gru3 gru7").as_slice());
        assert!(v.stacks[0][col(&g, "gru")].is_empty());
    }

    #[test]
    fn phase2_chameleon_on_any_creature_in_play() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "cam4").hand(1, "duc5").game();
        act(&mut g, "skip");
        assert_eq!(
            legal(&g),
            ["play cam4>gru", "play cam4>pan", "play cam4>gri", "play cam4>bic", "play cam4>duc", "play cam4>car", "play cam4>bol"]
        );
        act(&mut g, "play cam4>pan");
        assert_eq!(top(&g, 2, "pan"), Some(card("cam4")));
    }

    #[test]
    fn phase2_tree_card_can_be_played() {
        let mut g = Scn::new(D, 2).hand(0, "dryade ancetre").hand(1, "duc5").game();
        act(&mut g, "skip");
        assert_eq!(legal(&g), ["play ancetre", "play dryade"]);
    }

    #[test]
    fn phase2_cards_of_eliminated_creatures_cannot_be_played() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "lic3 gru2").hand(1, "duc5").game();
        act(&mut g, "skip");
        assert_eq!(legal(&g), ["play gru2"]);
    }

    #[test]
    fn phase2_pass_only_without_playable_card() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "lic0 lic1 lic2 lic3").hand(1, "duc5").game();
        act(&mut g, "skip");
        assert_eq!(legal(&g), ["pass"]);
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "lic0 cam1").hand(1, "duc5").game();
        act(&mut g, "skip");
        assert!(!has(&g, "pass"));
    }

    #[test]
    fn phase2_pass_shows_the_hand_to_everyone() {
        let mut g = Scn::new(D, 3).round(2).elim("lic", 1).hand(0, "lic0 lic1 lic2 lic3").hand(1, "duc5").hand(2, "duc6").game();
        act(&mut g, "skip");
        let log = act(&mut g, "pass");
        let shown = cards("lic0 lic1 lic2 lic3");
        assert!(
            log.events
                .iter()
                .any(|(a, e)| *a == Audience::Everyone
                    && *e == Event::PassedShowingHand { seat: p(0), hand: shown.clone() })
        );
        let set: CardSet = shown.iter().copied().collect();
        assert_eq!(view(&g, 1).known[0], set);
        assert_eq!(view(&g, 2).known[0], set);
        // Then phase 3 (the cards of Lichen may be discarded).
        assert_eq!(phase(&g), Phase::Discard);
    }
}

mod controller {
    use super::*;

    #[test]
    fn controller_highest_prestige_total_may_use_the_power() {
        let mut g = Scn::new(D, 2)
            .round(2)
            .elim("lic", 1)
            .stone(0, 1, "gru")
            .stone(1, 2, "gru")
            .hand(0, "gru5")
            .hand(1, "duc5")
            .game();
        acts(&mut g, &["skip", "play gru5"]);
        assert!(is_power(&g, "gru"));
        assert_eq!(legal(&g), ["decline", "use"]);
    }

    #[test]
    fn controller_tie_means_nobody_controls() {
        // 5 (revealed secret) against 3 + 2 (rows 2 and 3).
        let mut g = Scn::new(D, 2)
            .round(3)
            .elim("lic", 1)
            .elim("pan", 2)
            .stone(0, 0, "gru")
            .stone(1, 2, "gru")
            .stone(1, 3, "gru")
            .hand(0, "gru5")
            .hand(1, "gru6")
            .game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(to_move(&g), Some(1));
        acts(&mut g, &["skip", "play gru6"]);
        assert_eq!(to_move(&g), Some(0));
        assert_eq!(phase(&g), Phase::Predict);
    }

    #[test]
    fn controller_revealed_secret_counts_five() {
        let mut g = Scn::new(D, 2)
            .stone(1, 0, "gru")
            .stone(0, 1, "gru")
            .hand(0, "gru5")
            .hand(1, "gru6")
            .game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(to_move(&g), Some(1), "4 < 5: p0 does not control Gruyère");
        acts(&mut g, &["skip", "play gru6"]);
        assert!(is_power(&g, "gru"));
    }

    #[test]
    fn controller_unrevealed_secret_does_not_count() {
        let mut g = Scn::new(D, 2)
            .round(2)
            .elim("lic", 1)
            .stone(0, 2, "gru")
            .secret(1, "gru3")
            .first(1)
            .hand(0, "gru6")
            .hand(1, "gru5")
            .game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(to_move(&g), Some(0), "an unrevealed secret gives no control");
        acts(&mut g, &["skip", "play gru6"]);
        assert!(is_power(&g, "gru"), "3 > 0: p0 controls Gruyère");
    }

    #[test]
    fn controller_row_5_stone_alone_controls_nothing() {
        // Ambiguity: a lone stone of row 5 is worth 0; the highest total is 0 for everybody (a tie).
        let mut s = Scn::new(D, 2).round(5).stone(0, 5, "gru").hand(0, "gru5").hand(1, "duc5");
        for (c, r) in [("lic", 1), ("pan", 2), ("gri", 3), ("bic", 4)] {
            s = s.elim(c, r);
        }
        let mut g = s.game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(to_move(&g), Some(1));
    }

    #[test]
    fn power_only_for_the_controller() {
        let mut g = Scn::new(D, 2).stone(0, 1, "gru").first(1).hand(0, "duc5").hand(1, "gru5").game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(to_move(&g), Some(0));
    }

    #[test]
    fn power_not_triggered_on_a_visible_chameleon() {
        let mut g =
            Scn::new(D, 2).stone(0, 1, "gru").cell(1, "gru", "gru2 cam5").hand(0, "gru7").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play gru7"]);
        assert_eq!(to_move(&g), Some(1));
        assert_eq!(top(&g, 1, "gru"), Some(card("gru7")));
    }

    #[test]
    fn power_triggered_when_the_chameleon_is_covered() {
        let mut g =
            Scn::new(D, 2).stone(0, 1, "gru").cell(1, "gru", "cam5 gru2").hand(0, "gru7").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play gru7"]);
        assert!(is_power(&g, "gru"));
    }

    #[test]
    fn chameleon_never_triggers_a_power() {
        let mut g = Scn::new(D, 2).stone(0, 1, "gru").hand(0, "cam7").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play cam7>gru"]);
        assert_eq!(to_move(&g), Some(1));
    }

    #[test]
    fn power_not_triggered_by_a_card_moved_onto_the_table() {
        // Rainette moves a Gruyère card into the current row: Gruyère's power does not trigger.
        let mut g = Scn::new(E, 2)
            .round(2)
            .elim("duc", 1)
            .stone(0, 1, "rai")
            .stone(0, 1, "gru")
            .cell(1, "gru", "gru8")
            .cell(2, "gru", "gru4")
            .hand(0, "rai5")
            .hand(1, "sab5")
            .game();
        acts(&mut g, &["skip", "play rai5", "swap gru r1 r2"]);
        assert_eq!(to_move(&g), Some(1));
    }
}

mod phase3 {
    use super::*;

    fn game() -> Equinox {
        Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "lic0 lic1 lic2 lic3 gru5").hand(1, "duc5").game()
    }

    #[test]
    fn phase3_discard_up_to_three_cards_of_eliminated_creatures_shown() {
        let mut g = game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(legal(&g), ["discard lic0", "discard lic1", "discard lic2", "discard lic3", "done"]);
        let log = acts(&mut g, &["discard lic0", "discard lic1", "discard lic2"]);
        // A fourth is not allowed: the turn went on.
        assert_eq!(to_move(&g), Some(1));
        assert!(hand_has(&g, 0, "lic3"));
        for c in ["lic0", "lic1", "lic2"] {
            assert!(
                log.events
                    .iter()
                    .any(|(a, e)| *a == Audience::Everyone && *e == Event::Discarded { seat: p(0), card: Some(card(c)) })
            );
            assert!(view(&g, 1).discard_public.contains(card(c)));
        }
    }

    #[test]
    fn phase3_done_stops_discarding() {
        let mut g = game();
        acts(&mut g, &["skip", "play gru5", "discard lic0", "done"]);
        assert_eq!(to_move(&g), Some(1));
        let v = view(&g, 0);
        assert!(v.hand.contains(card("lic1")) && !v.hand.contains(card("lic0")));
        assert_eq!(v.hand.len(), 8);
    }

    #[test]
    fn phase3_without_discardable_cards_is_skipped() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "gru5 pan1").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(to_move(&g), Some(1));
    }
}

mod phase4 {
    use super::*;

    #[test]
    fn phase4_draw_back_to_eight() {
        let mut g = Scn::new(D, 2).hand(0, "gru1 gru2 pan1 pan2 gri1 gri2 bic1").hand(1, "duc5").game();
        let before = view(&g, 0).deck_len;
        acts(&mut g, &["skip", "play gru1"]);
        let v = view(&g, 0);
        assert_eq!(v.hand.len(), 8);
        assert_eq!(v.deck_len, before - 2);
    }

    #[test]
    fn phase4_taking_the_last_card_ends_the_game_without_elimination() {
        let mut s = Scn::new(D, 2).hand(0, "gru1 gru2").hand(1, "duc5").deck("duc1 duc2 duc3 duc4 duc6 duc7 duc8").exact_deck();
        for c in ["lic", "pan", "gri", "bic", "car", "bol"] {
            s = s.cell(1, c, &format!("{c}5"));
        }
        s = s.cell(1, "duc", "duc9");
        let mut g = s.game();
        let log = acts(&mut g, &["skip", "play gru1"]);
        assert!(g.is_terminal());
        assert_eq!(to_move(&g), None);
        assert_eq!(phase(&g), Phase::Over(EndReason::DeckExhausted));
        assert_eq!(eliminated_in(&g, "gru"), 0, "no elimination check once the pile is empty");
        assert!(!log.events.iter().any(|(_, e)| matches!(e, Event::Eliminated { .. })));
        assert_eq!(view(&g, 0).deck_len, 0);
    }
}

mod phase5 {
    use super::*;

    /// Round `r`, every column of creatures in play filled with a 5 but Gruyère's; p0 holds `gru_card`.
    fn almost_full(round: u8, elims: &[(&str, u8)], gru_card: &str) -> Scn {
        let mut s = Scn::new(D, 2).round(round).hand(0, gru_card).hand(1, "duc0");
        for &(c, r) in elims {
            s = s.elim(c, r);
        }
        for c in ["lic", "pan", "gri", "bic", "duc", "car", "bol"] {
            if !elims.iter().any(|e| e.0 == c) {
                s = s.cell(round, c, &format!("{c}5"));
            }
        }
        s
    }

    #[test]
    fn phase5_single_weakest_is_eliminated_and_round_ends() {
        let mut g = almost_full(1, &[], "gru1").game();
        let log = acts(&mut g, &["skip", "play gru1"]);
        assert_eq!(eliminated_in(&g, "gru"), 1);
        assert!(log.events.iter().any(|(_, e)| *e == Event::Eliminated { creature: cr("gru"), round: 1 }));
        let v = view(&g, 1);
        assert_eq!(v.round, 2);
        assert_eq!(to_move(&g), Some(1));
        // The next round's row is empty and Gruyère's column is no longer playable.
        assert!(v.stacks[1].iter().all(|c| c.is_empty()));
        assert!(legal(&g).iter().all(|a| a != "predict gru"));
    }

    #[test]
    fn phase5_tie_for_weakest_continues_round() {
        let mut s = almost_full(1, &[], "gru1");
        s = s.cell(1, "lic", "lic1");
        let mut g = s.first(0).hand(1, "gru4").game();
        acts(&mut g, &["skip", "play gru1"]);
        assert_eq!(view(&g, 0).round, 1);
        assert_eq!(eliminated_in(&g, "gru"), 0);
        assert_eq!(eliminated_in(&g, "lic"), 0);
        // The rulebook's example goes on: a Gruyère 4 is played, Lichen alone is the weakest.
        acts(&mut g, &["skip", "play gru4"]);
        assert_eq!(eliminated_in(&g, "lic"), 1);
        assert_eq!(view(&g, 0).round, 2);
    }

    #[test]
    fn phase5_no_elimination_while_a_column_is_empty() {
        let mut s = almost_full(1, &[], "gru1");
        let bol = col_of(&s, "bol");
        s.setup.rows[0][bol] = Vec::new();
        let mut g = s.game();
        acts(&mut g, &["skip", "play gru1"]);
        assert_eq!(eliminated_in(&g, "gru"), 0);
        assert_eq!(view(&g, 0).round, 1);
    }

    fn col_of(s: &Scn, c: &str) -> usize {
        let c = cr(c);
        s.setup.champions.iter().position(|&x| x == c).unwrap_or(0)
    }

    #[test]
    fn phase5_next_round_skips_eliminated_columns() {
        // Lichen disappeared in round 1: row 2 is full without it.
        let mut g = almost_full(2, &[("lic", 1)], "gru1").game();
        acts(&mut g, &["skip", "play gru1"]);
        assert_eq!(eliminated_in(&g, "gru"), 2);
        assert_eq!(view(&g, 0).round, 3);
    }

    #[test]
    fn phase5_chameleon_counts_as_the_card_of_its_column() {
        let mut s = almost_full(1, &[], "cam1");
        s = s.hand(0, "cam1");
        let mut g = s.game();
        acts(&mut g, &["skip", "play cam1>gru"]);
        assert_eq!(eliminated_in(&g, "gru"), 1);
    }

    #[test]
    fn phase5_game_ends_after_round_5_elimination() {
        let mut g = almost_full(5, &[("lic", 1), ("pan", 2), ("gri", 3), ("bic", 4)], "gru1").game();
        acts(&mut g, &["skip", "play gru1"]);
        assert_eq!(eliminated_in(&g, "gru"), 5);
        assert_eq!(phase(&g), Phase::Over(EndReason::FiveRounds));
        assert!(g.is_terminal());
        assert!(!g.winners().is_empty());
    }
}
