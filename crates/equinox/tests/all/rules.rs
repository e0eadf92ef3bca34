//! Rule-by-rule scenarios for Equinox, each built from an explicit [`Setup`] and driven through the
//! public `Game` API. Module names follow the rulebook (`equinox.fr.txt`): setup, the five phases, the
//! controller, every creature power, the trees, the final count, hidden information, determinism.

mod helpers {
    use sylvan_engine::{EventLog, Game, Seat};
    use sylvan_equinox::{Card, Creature, Equinox, Event, Options, Phase, Setup, StoneSetup, View, ViewPhase};

    /// The default champions, in column order.
    pub const D: &str = "gru lic pan gri bic duc car bol";
    /// The other six creatures, with Gruyère and Le Duc.
    pub const E: &str = "sab cro rai plu urs pel gru duc";

    /// Two players in round 3 with Lichen and Panache eliminated: hands of their cards can only pass.
    pub fn lichen_and_panache_eliminated() -> Scn {
        Scn::new(D, 2).round(3).elim("lic", 1).elim("pan", 2)
    }

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

        /// Plays under rules revision `r` (ruling E9).
        pub fn rules(mut self, r: u8) -> Scn {
            self.options.rules = r;
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

    pub fn phase(g: &Equinox) -> ViewPhase {
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
        view(g, 0).stones[r as usize - 1][col(g, c)].map_or(255, |s| s.0)
    }

    pub fn eliminated_in(g: &Equinox, c: &str) -> u8 {
        view(g, 0).eliminated_in[col(g, c)].unwrap_or(0)
    }

    pub fn hand_has(g: &Equinox, seat: u8, s: &str) -> bool {
        view(g, seat).hand.contains(card(s))
    }

    pub fn is_power(g: &Equinox, c: &str) -> bool {
        matches!(phase(g), Phase::Power { creature, .. } if creature == cr(c))
    }
}

use helpers::*;
use sylvan_engine::{Audience, Game, GameRng, Lang, Record, Seat, SeatSet, replay};
use sylvan_equinox::{Card, CardSet, EndReason, Equinox, Event, Options, Phase, RULES_REVISION, Setup, TreeKind};

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
        assert!(v.stones.iter().flatten().all(Option::is_none));
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
        // A stone on a cell that holds a disappearance marker (Lichen gone in round 1, row 2).
        let gone = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "gru1").hand(1, "pan1").stone(0, 2, "lic");
        assert!(Equinox::from_setup(&gone.options, &gone.build(), 1).is_err());
        let before = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "gru1").hand(1, "pan1").stone(0, 1, "lic");
        assert!(Equinox::from_setup(&before.options, &before.build(), 1).is_ok());
        // Two trees of a kind when the options allow one.
        let mut trees = Scn::new(D, 2).hand(0, "gru1").hand(1, "pan1");
        trees.setup.hands[0].push(TreeKind::Ancetre.card(0));
        trees.setup.hands[1].push(TreeKind::Ancetre.card(1));
        assert!(Equinox::from_setup(&trees.options, &trees.build(), 1).is_err());
    }

    /// Issue 13: empty hands and an empty draw pile gave a game with no legal action that was not over.
    /// The pile is never empty in a game under way (taking its last card ends the game, FR:256).
    #[test]
    fn setup_with_an_empty_draw_pile_is_refused() {
        let empty = Scn::new(D, 2).exact_deck();
        let e = Equinox::from_setup(&empty.options, &empty.build(), 1).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("invalid setup: deck: the draw pile is empty: the game ends when its last card is taken (FR:256)")
        );
        // Empty hands with cards left to draw are a game that goes on.
        let hands = Scn::new(D, 2).deck("gru1").exact_deck();
        let Ok(g) = Equinox::from_setup(&hands.options, &hands.build(), 1) else { panic!("valid") };
        assert!(!g.is_terminal());
        assert!(!legal(&g).is_empty());
    }

    /// Ruling E9: rules revision 2 is the default; options that do not name `rules` (a record's written
    /// before it) read revision 1; any other revision is a one-line error.
    #[test]
    fn setup_rules_revision_2_by_default_1_for_older_options() {
        assert_eq!((Options::default().rules, RULES_REVISION), (2, 2));
        let old = serde_json::from_str::<Options>(r#"{"players":2}"#).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((old.players, old.rules), (2, 1));
        let none = serde_json::from_str::<Options>("{}").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((none.players, none.rules), (4, 1), "Options::default() has 4 players");
        assert!(Equinox::new(&Options { rules: 1, ..Options::default() }, 1).is_ok());
        for rules in [0, 3] {
            let e = Equinox::new(&Options { rules, ..Options::default() }, 1).err().map(|e| e.to_string());
            let e = e.unwrap_or_else(|| panic!("rules {rules} accepted"));
            assert!(e.contains("rules") && e.contains("1 or 2") && !e.contains('\n'), "{e}");
        }
    }

    /// The option docs list every option, and each default they show is what the front ends play when the
    /// option is not given (`options_with`, the game's minimum of 2 players), not `Options::default()`'s 4.
    #[test]
    fn setup_option_docs_show_the_front_ends_defaults() {
        let docs = Equinox::option_docs();
        let names: Vec<&str> = docs.iter().map(|d| d.name).collect();
        assert_eq!(names, ["players", "champions", "ancestors", "dryads", "rules"]);
        let played = sylvan_engine::erased::options_with::<Equinox>(None, &[]).unwrap_or_else(|e| panic!("{e}"));
        let json = serde_json::to_value(&played).unwrap_or_default();
        for d in docs {
            let shown = match &json[d.name] {
                serde_json::Value::Null => "random".to_string(),
                v => v.to_string(),
            };
            assert_eq!(shown, d.default, "option {}", d.name);
        }
        assert_eq!(played.rules, RULES_REVISION);
        assert_eq!(Options::default().players, 4);
    }

    /// Issue 13: unknown fields of options and setups are errors, not silently ignored.
    #[test]
    fn unknown_option_and_setup_fields_are_refused() {
        let e = serde_json::from_str::<Options>(r#"{"players":3,"ancestor":2}"#).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `ancestor`")), "{e:?}");
        let mut json = serde_json::to_value(Scn::new(D, 2).hand(0, "gru1").build()).unwrap_or_default();
        json["hand"] = serde_json::json!([]);
        let e = serde_json::from_value::<Setup>(json).err().map(|e| e.to_string());
        assert!(e.as_deref().is_some_and(|e| e.starts_with("unknown field `hand`")), "{e:?}");
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
        assert_eq!(v1.has_secret, SeatSet(1));
        // The card is shown to its owner only.
        assert!(log.for_seat(p(0)).any(|e| *e == Event::SecretPlaced { seat: p(0), card: Some(card("gru3")) }));
        assert!(log.for_seat(p(1)).any(|e| *e == Event::SecretPlaced { seat: p(0), card: None }));
        assert!(!log.for_seat(p(1)).any(|e| *e == Event::SecretPlaced { seat: p(0), card: Some(card("gru3")) }));
    }

    #[test]
    fn phase1_reveal_puts_stone_on_champion_row_and_discards_card() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).hand(0, "pan4").hand(1, "duc5").secret(0, "gru3").game();
        let log = act(&mut g, "reveal");
        let v = view(&g, 1);
        assert_eq!(v.revealed[col(&g, "gru")], SeatSet(1));
        assert_eq!(v.has_secret, SeatSet(0));
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
        assert!(view(&g, 0).stones.iter().flatten().all(Option::is_none));
    }
}

mod phase2 {
    use super::*;

    #[test]
    fn phase2_creature_card_goes_on_top_of_its_column_in_current_row() {
        let mut g =
            Scn::new(D, 2).round(2).elim("lic", 1).cell(2, "gru", "gru3").hand(0, "gru7").hand(1, "duc5").game();
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
            [
                "play cam4>gru",
                "play cam4>pan",
                "play cam4>gri",
                "play cam4>bic",
                "play cam4>duc",
                "play cam4>car",
                "play cam4>bol"
            ]
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
        let mut g = Scn::new(D, 3)
            .round(2)
            .elim("lic", 1)
            .hand(0, "lic0 lic1 lic2 lic3")
            .hand(1, "duc5")
            .hand(2, "duc6")
            .game();
        act(&mut g, "skip");
        let log = act(&mut g, "pass");
        let shown = cards("lic0 lic1 lic2 lic3");
        assert!(log.events.iter().any(
            |(a, e)| *a == Audience::Everyone && *e == Event::PassedShowingHand { seat: p(0), hand: shown.clone() }
        ));
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
        let mut g = lichen_and_panache_eliminated()
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
        let mut g = Scn::new(D, 2).stone(1, 0, "gru").stone(0, 1, "gru").hand(0, "gru5").hand(1, "gru6").game();
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
                log.events.iter().any(
                    |(a, e)| *a == Audience::Everyone && *e == Event::Discarded { seat: p(0), card: Some(card(c)) }
                )
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
        let mut s =
            Scn::new(D, 2).hand(0, "gru1 gru2").hand(1, "duc5").deck("duc1 duc2 duc3 duc4 duc6 duc7 duc8").exact_deck();
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

mod powers {
    use super::*;

    // --- Gruyère ---

    #[test]
    fn gruyere_draws_exactly_three_cards() {
        let mut g =
            Scn::new(D, 2).stone(0, 1, "gru").hand(0, "gru5 pan1 pan2 pan3 pan4 pan5 pan6 pan7").hand(1, "duc5").game();
        let deck = view(&g, 0).deck_len;
        acts(&mut g, &["skip", "play gru5", "use"]);
        let v = view(&g, 0);
        assert_eq!(v.hand.len(), 10, "7 + 3, and no drawing back to 8 above 8");
        assert_eq!(v.deck_len, deck - 3);
        assert_eq!(to_move(&g), Some(1));
    }

    #[test]
    fn gruyere_exhausting_the_pile_ends_the_game() {
        let mut s =
            Scn::new(D, 2).stone(0, 1, "gru").hand(0, "gru1").hand(1, "duc5").deck("duc1 duc2 duc3").exact_deck();
        // Gruyère 1 would be the single weakest: the game ends before any elimination check.
        for c in ["lic", "pan", "gri", "bic", "car", "bol"] {
            s = s.cell(1, c, &format!("{c}5"));
        }
        s = s.cell(1, "duc", "duc9");
        let mut g = s.game();
        acts(&mut g, &["skip", "play gru1", "use"]);
        assert_eq!(phase(&g), Phase::Over(EndReason::DeckExhausted));
        assert_eq!(eliminated_in(&g, "gru"), 0);
        assert_eq!(view(&g, 0).hand.len(), 3);
    }

    // --- Lichen ---

    fn lichen() -> Scn {
        Scn::new(D, 2).round(2).elim("car", 1).stone(0, 1, "lic").hand(0, "lic6").hand(1, "duc5")
    }

    #[test]
    fn lichen_retrieves_a_stone_from_a_row_even_of_an_eliminated_creature() {
        let mut g = lichen().stone(0, 1, "car").stone(1, 1, "gru").game();
        acts(&mut g, &["skip", "play lic6"]);
        assert_eq!(legal(&g), ["decline", "retrieve r1 lic", "retrieve r1 car"]);
        act(&mut g, "retrieve r1 car");
        assert_eq!(stone_at(&g, 1, "car"), NO_STONE);
        assert_eq!(view(&g, 1).stones_left[0], 4);
    }

    #[test]
    fn lichen_retrieves_a_stone_from_the_champion_row() {
        let mut g = lichen().stone(0, 0, "gru").game();
        assert_eq!(g.scores()[0], 5.0 + 4.0);
        acts(&mut g, &["skip", "play lic6", "retrieve r0 gru"]);
        assert_eq!(view(&g, 1).revealed[col(&g, "gru")], SeatSet(0));
        assert_eq!(view(&g, 1).stones_left[0], 4);
        assert_eq!(g.scores()[0], 4.0);
    }

    #[test]
    fn lichen_retrieves_the_secret_stone_and_discards_its_card() {
        let mut g = lichen().secret(0, "gru3").game();
        acts(&mut g, &["skip", "play lic6"]);
        assert!(has(&g, "retrieve secret"));
        act(&mut g, "retrieve secret");
        let v0 = view(&g, 0);
        assert_eq!(v0.secret, None);
        assert!(v0.my_hidden_discard.contains(card("gru3")));
        assert_eq!(v0.stones_left[0], 4);
        let v1 = view(&g, 1);
        assert_eq!(v1.has_secret, SeatSet(0));
        // Ambiguity: the rulebook does not say the card is shown; it is discarded face down.
        assert!(!v1.discard_public.contains(card("gru3")));
    }

    #[test]
    fn lichen_retrieved_stone_can_be_placed_again_later() {
        let mut g = lichen().stone(0, 1, "gru").stone(0, 1, "pan").stone(0, 1, "gri").stone(0, 2, "bic").game();
        assert_eq!(legal(&g), ["skip"]);
        acts(&mut g, &["skip", "play lic6", "retrieve r1 pan"]);
        acts(&mut g, &["skip", "play duc5"]);
        assert_eq!(to_move(&g), Some(0));
        assert!(has(&g, "predict pan"));
        act(&mut g, "predict pan");
        assert_eq!(stone_at(&g, 2, "pan"), 0);
    }

    // --- Panache ---

    fn panache(victim_hand: &str) -> Scn {
        Scn::new(D, 2).round(2).elim("lic", 1).stone(0, 1, "pan").hand(0, "pan5").hand(1, victim_hand)
    }

    #[test]
    fn panache_sets_aside_half_the_hand_rounded_up() {
        let mut g = panache("gru0 gru1 gru2 gru3 gru4 gru5 gru6").game();
        acts(&mut g, &["skip", "play pan5"]);
        assert_eq!(legal(&g), ["decline", "target p1"]);
        let log = act(&mut g, "target p1");
        assert!(
            log.events
                .iter()
                .any(|(a, e)| *a == Audience::Everyone && *e == Event::SetAside { victim: p(1), count: 4 })
        );
        let v1 = view(&g, 1);
        assert_eq!(v1.aside.len(), 4);
        assert_eq!(v1.hand.len(), 3);
        assert_eq!(v1.aside.or(v1.hand), cards("gru0 gru1 gru2 gru3 gru4 gru5 gru6").into_iter().collect());
        let v0 = view(&g, 0);
        assert_eq!(v0.aside_counts[1], 4);
        assert_eq!(v0.hand_counts[1], 3);
    }

    #[test]
    fn panache_victim_cannot_use_set_aside_cards_next_turn() {
        let mut g = panache("gru0 gru1 gru2 gru3 gru4 gru5 gru6").game();
        acts(&mut g, &["skip", "play pan5", "target p1"]);
        assert_eq!(to_move(&g), Some(1));
        act(&mut g, "skip");
        let v1 = view(&g, 1);
        let plays: Vec<String> = v1.hand.iter().map(|c| format!("play {c}")).collect();
        assert_eq!(legal(&g), plays);
        for c in v1.aside.iter() {
            assert!(!has(&g, &format!("play {c}")));
        }
    }

    #[test]
    fn panache_cards_return_in_phase_3_after_discarding_before_drawing() {
        let mut g = panache("lic0 lic1 lic2 lic3 lic4 lic5 lic6").game();
        acts(&mut g, &["skip", "play pan5", "target p1"]);
        let aside = view(&g, 1).aside;
        let hand = view(&g, 1).hand;
        assert_eq!((aside.len(), hand.len()), (4, 3));
        acts(&mut g, &["skip", "pass"]);
        // Only the cards in hand may be discarded, not the set-aside ones.
        let mut expected: Vec<String> = hand.iter().map(|c| format!("discard {c}")).collect();
        expected.push("done".into());
        assert_eq!(legal(&g), expected);
        let deck = view(&g, 1).deck_len;
        for c in hand.iter() {
            act(&mut g, &format!("discard {c}"));
        }
        assert_eq!(to_move(&g), Some(0));
        let v1 = view(&g, 1);
        assert!(v1.aside.is_empty());
        assert_eq!(v1.hand.and(aside), aside);
        assert_eq!(v1.hand.len(), 8);
        assert_eq!(v1.deck_len, deck - 4, "drew 4 = 8 - the 4 returned cards");
    }

    // --- Griso ---

    fn griso() -> Scn {
        lichen_and_panache_eliminated().stone(0, 1, "gri").stone(1, 1, "duc").hand(0, "gri7").hand(1, "duc5")
    }

    #[test]
    fn griso_places_a_stone_in_an_earlier_row_worth_that_row() {
        let mut g = griso().game();
        acts(&mut g, &["skip", "play gri7"]);
        let l = legal(&g);
        for ok in ["stone r1 gru", "stone r1 bic", "stone r2 gri", "stone r3 bol"] {
            assert!(l.iter().any(|a| a == ok), "{ok} in {l:?}");
        }
        for no in ["stone r1 duc", "stone r1 gri", "stone r1 lic", "stone r2 pan", "stone r4 gru"] {
            assert!(!l.iter().any(|a| a == no), "{no} in {l:?}");
        }
        assert!(l.iter().all(|a| !a.starts_with("retrieve")));
        let before = g.scores()[0];
        act(&mut g, "stone r1 bic");
        assert_eq!(stone_at(&g, 1, "bic"), 0);
        assert_eq!(view(&g, 0).stones_left[0], 3);
        assert_eq!(g.scores()[0], before + 4.0);
    }

    #[test]
    fn griso_cannot_use_the_champion_row() {
        assert!("stone r0 gru".parse::<sylvan_equinox::Action>().is_err());
    }

    #[test]
    fn griso_needs_a_stone_in_supply() {
        let mut g = griso().stone(0, 1, "gru").stone(0, 1, "bic").stone(0, 2, "car").stone(0, 3, "bol").game();
        acts(&mut g, &["skip", "play gri7"]);
        assert_eq!(to_move(&g), Some(1));
    }

    // --- Bicéphale ---

    #[test]
    fn bicephale_plays_a_second_card() {
        let mut g = Scn::new(D, 2).stone(0, 1, "bic").hand(0, "bic5 gru3").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play bic5", "use"]);
        assert_eq!(phase(&g), Phase::Play { extra: true });
        assert_eq!(to_move(&g), Some(0));
        act(&mut g, "play gru3");
        assert_eq!(top(&g, 1, "gru"), Some(card("gru3")));
        assert_eq!(to_move(&g), Some(1));
    }

    #[test]
    fn bicephale_only_once_per_turn() {
        let mut g = Scn::new(D, 2).stone(0, 1, "bic").hand(0, "bic5 bic6 gru3").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play bic5", "use", "play bic6"]);
        assert_eq!(to_move(&g), Some(1), "a second Bicéphale card grants no third play");
        assert!(hand_has(&g, 0, "gru3"));
    }

    #[test]
    fn bicephale_works_again_next_turn() {
        let mut g = Scn::new(D, 2).stone(0, 1, "bic").hand(0, "bic5 bic6 gru3 gru4").hand(1, "duc5 duc6").game();
        acts(&mut g, &["skip", "play bic5", "use", "play gru3", "skip", "play duc5", "skip", "play bic6"]);
        assert!(is_power(&g, "bic"));
    }

    // --- Le Duc ---

    fn duc(victim_hand: &str) -> Equinox {
        Scn::new(D, 3).stone(0, 1, "duc").hand(0, "duc5").hand(1, victim_hand).hand(2, "gru9 pan9").game()
    }

    #[test]
    fn duc_victim_chooses_the_card_to_give() {
        let mut g = duc("gru2 gru5 pan1");
        acts(&mut g, &["skip", "play duc5"]);
        assert!(has(&g, "ask p1 gru") && has(&g, "ask p2 bol") && !has(&g, "ask p0 gru"));
        act(&mut g, "ask p1 gru");
        assert_eq!(to_move(&g), Some(1), "the asked player decides");
        assert_eq!(legal(&g), ["give gru2", "give gru5"]);
        let log = act(&mut g, "give gru2");
        assert!(hand_has(&g, 0, "gru2"));
        assert!(!hand_has(&g, 1, "gru2"));
        let both = Audience::Only(SeatSet::only(p(0)).with(p(1)));
        assert!(
            log.events
                .iter()
                .any(|(a, e)| *a == both && *e == Event::Gave { victim: p(1), to: p(0), card: Some(card("gru2")) })
        );
        assert!(log.for_seat(p(2)).any(|e| *e == Event::Gave { victim: p(1), to: p(0), card: None }));
        assert!(!log.for_seat(p(2)).any(|e| matches!(e, Event::Gave { card: Some(_), .. })));
        assert!(view(&g, 1).known[0].contains(card("gru2")));
    }

    #[test]
    fn duc_without_such_card_the_hand_is_shown_only_to_the_asker() {
        let mut g = duc("gru2 gru5 pan1");
        acts(&mut g, &["skip", "play duc5"]);
        let log = act(&mut g, "ask p1 bol");
        let hand = cards("gru2 gru5 pan1");
        assert!(log.events.iter().any(|(a, e)| *a == Audience::Only(SeatSet::only(p(0)))
            && *e == Event::HandShown { from: p(1), to: p(0), hand: Some(hand.clone()) }));
        assert!(!log.for_seat(p(2)).any(|e| matches!(e, Event::HandShown { hand: Some(_), .. })));
        assert_eq!(view(&g, 0).known[1], hand.iter().copied().collect());
        assert!(view(&g, 2).known[1].is_empty());
        assert_eq!(to_move(&g), Some(1), "the turn went on");
    }

    #[test]
    fn duc_cannot_name_an_eliminated_creature() {
        let mut g = Scn::new(D, 2).round(2).elim("lic", 1).stone(0, 1, "duc").hand(0, "duc5").hand(1, "lic2").game();
        acts(&mut g, &["skip", "play duc5"]);
        assert!(!has(&g, "ask p1 lic"));
        assert!(has(&g, "ask p1 gru"));
    }

    // --- Carmen ---

    #[test]
    fn carmen_discards_any_creature_cards_unshown_at_most_three() {
        let mut g = Scn::new(D, 2)
            .round(2)
            .elim("lic", 1)
            .stone(0, 1, "car")
            .hand(0, "car5 gru1 pan3 lic4 bol5 cam2")
            .hand(1, "duc5")
            .game();
        acts(&mut g, &["skip", "play car5", "use"]);
        assert_eq!(phase(&g), Phase::Discard);
        assert_eq!(legal(&g), ["discard gru1", "discard lic4", "discard pan3", "discard bol5", "done"]);
        let log = acts(&mut g, &["discard gru1", "discard lic4"]);
        assert!(has(&g, "discard pan3"));
        let log2 = act(&mut g, "discard bol5");
        assert_eq!(to_move(&g), Some(1), "at most 3 cards");
        let seen_by_p1: Vec<&Event> =
            log.for_seat(p(1)).chain(log2.for_seat(p(1))).filter(|e| matches!(e, Event::Discarded { .. })).collect();
        assert_eq!(seen_by_p1.len(), 3);
        assert!(seen_by_p1.iter().all(|e| matches!(e, Event::Discarded { card: None, .. })));
        let v1 = view(&g, 1);
        assert!(!v1.discard_public.contains(card("gru1")) && !v1.discard_public.contains(card("lic4")));
        assert_eq!(v1.hidden_discard_counts[0], 3);
        assert!(view(&g, 0).my_hidden_discard.contains(card("gru1")));
    }

    // --- Bolet ---

    #[test]
    fn bolet_uses_the_power_of_an_eliminated_creature() {
        let mut g = Scn::new(D, 2)
            .round(2)
            .elim("gru", 1)
            .stone(0, 1, "bol")
            .hand(0, "bol5 pan1 pan2 pan3 pan4 pan5 pan6 pan7")
            .hand(1, "duc5")
            .game();
        acts(&mut g, &["skip", "play bol5"]);
        assert_eq!(legal(&g), ["decline", "bolet gru"]);
        act(&mut g, "bolet gru");
        assert!(is_power(&g, "gru"));
        act(&mut g, "use");
        assert_eq!(view(&g, 0).hand.len(), 10, "7 + Gruyère's 3");
    }

    #[test]
    fn bolet_offers_only_eliminated_creatures_with_a_power() {
        let champions = "gru lic pan gri bic duc urs bol";
        let mut g = Scn::new(champions, 2)
            .round(3)
            .elim("gru", 1)
            .elim("urs", 2)
            .stone(0, 1, "bol")
            .hand(0, "bol5")
            .hand(1, "duc5")
            .game();
        acts(&mut g, &["skip", "play bol5"]);
        assert_eq!(legal(&g), ["decline", "bolet gru"]);
    }

    #[test]
    fn bolet_without_eliminated_creature_does_nothing() {
        let mut g = Scn::new(D, 2).stone(0, 1, "bol").hand(0, "bol5").hand(1, "duc5").game();
        acts(&mut g, &["skip", "play bol5"]);
        assert_eq!(to_move(&g), Some(1));
    }

    #[test]
    fn bolet_with_croc_ardent_takes_back_a_visible_bolet_card() {
        let champions = "cro lic pan gri bic duc car bol";
        let mut g = Scn::new(champions, 2)
            .round(2)
            .elim("cro", 1)
            .cell(1, "bol", "bol4")
            .stone(0, 1, "bol")
            .hand(0, "bol6")
            .hand(1, "duc5")
            .game();
        acts(&mut g, &["skip", "play bol6", "bolet cro"]);
        assert_eq!(legal(&g), ["decline", "take r1 bol"]);
        act(&mut g, "take r1 bol");
        assert!(hand_has(&g, 0, "bol4"));
        assert_eq!(top(&g, 1, "bol"), None);
        assert_eq!(top(&g, 2, "bol"), Some(card("bol6")));
    }

    // --- Sabot ---

    #[test]
    fn sabot_draws_three_from_a_hand_of_at_least_three_keeps_one() {
        let mut g =
            Scn::new(E, 3).stone(0, 1, "sab").hand(0, "sab5").hand(1, "gru1 gru2 gru3").hand(2, "gru4 gru5").game();
        acts(&mut g, &["skip", "play sab5"]);
        assert_eq!(legal(&g), ["decline", "target p1"], "p2 holds only 2 cards");
        let log = act(&mut g, "target p1");
        assert_eq!(to_move(&g), Some(0));
        assert!(matches!(phase(&g), Phase::Keep { .. }));
        assert_eq!(legal(&g), ["keep gru1", "keep gru2", "keep gru3"]);
        // Issue 11: the seats involved see the three cards, the others `None` (no `Card(0)` sentinel).
        for seat in [0, 1] {
            let Phase::Keep { victim, drawn: Some(mut drawn) } = view(&g, seat).phase else {
                panic!("p{seat} does not see Sabot's cards: {:?}", view(&g, seat).phase)
            };
            drawn.sort();
            assert_eq!((victim, drawn.to_vec()), (p(1), cards("gru1 gru2 gru3")));
        }
        assert_eq!(view(&g, 2).phase, Phase::Keep { victim: p(1), drawn: None });
        let json = serde_json::to_value(view(&g, 2)).unwrap_or_default();
        assert_eq!(json["phase"], serde_json::json!({ "Keep": { "victim": 1, "drawn": null } }));
        let both = Audience::Only(SeatSet::only(p(0)).with(p(1)));
        assert!(log.events.iter().any(|(a, e)| *a == both && matches!(e, Event::SabotDrew { cards: Some(_), .. })));
        assert!(!log.for_seat(p(2)).any(|e| matches!(e, Event::SabotDrew { cards: Some(_), .. })));
        act(&mut g, "keep gru2");
        assert!(hand_has(&g, 0, "gru2"));
        assert_eq!(view(&g, 1).hand, cards("gru1 gru3").into_iter().collect());
    }

    /// p2 (controller of Panache) sets aside half of p1's hand; then p0 controls Sabot and Le Duc.
    fn after_panache(p1_hand: &str) -> Equinox {
        let mut g = Scn::new("pan sab duc gru lic gri bic car", 3)
            .first(2)
            .stone(2, 1, "pan")
            .stone(0, 1, "sab")
            .stone(0, 1, "duc")
            .hand(0, "sab5 duc5")
            .hand(1, p1_hand)
            .hand(2, "pan5")
            .game();
        acts(&mut g, &["skip", "play pan5", "target p1"]);
        assert_eq!(to_move(&g), Some(0));
        g
    }

    #[test]
    fn sabot_cannot_draw_set_aside_cards() {
        let mut g = after_panache("gru1 gru2 gru3 gru4 gru5");
        assert_eq!((view(&g, 0).hand_counts[1], view(&g, 0).aside_counts[1]), (2, 3));
        acts(&mut g, &["skip", "play sab5"]);
        assert_eq!(legal(&g), ["decline", "target p2"], "p1 holds only 2 cards in hand");
    }

    #[test]
    fn duc_cannot_take_set_aside_cards() {
        let mut g = after_panache("gru1");
        assert_eq!(view(&g, 0).aside_counts[1], 1);
        acts(&mut g, &["skip", "play duc5"]);
        let log = act(&mut g, "ask p1 gru");
        assert!(log.for_seat(p(0)).any(|e| *e == Event::HandShown { from: p(1), to: p(0), hand: Some(Vec::new()) }));
        assert!(!hand_has(&g, 0, "gru1"));
        assert_eq!(view(&g, 1).aside, cards("gru1").into_iter().collect());
    }

    // --- Croc ardent ---

    #[test]
    fn croc_takes_a_visible_croc_card_from_an_earlier_row_not_the_current_one() {
        let mut g = Scn::new(E, 2)
            .round(3)
            .elim("gru", 1)
            .elim("duc", 2)
            .cell(1, "cro", "cro2")
            .cell(2, "cro", "cro1 cam3")
            .cell(3, "cro", "cro5")
            .stone(0, 1, "cro")
            .hand(0, "cro8")
            .hand(1, "sab5")
            .game();
        acts(&mut g, &["skip", "play cro8"]);
        assert_eq!(legal(&g), ["decline", "take r1 cro"]);
        act(&mut g, "take r1 cro");
        assert!(hand_has(&g, 0, "cro2"));
        assert_eq!(top(&g, 1, "cro"), None);
        assert!(view(&g, 1).known[0].contains(card("cro2")), "taken in public");
    }

    // --- Rainette ---

    #[test]
    fn rainette_swaps_two_visible_creature_cards_of_a_column() {
        let mut g = Scn::new(E, 2)
            .round(2)
            .elim("duc", 1)
            .cell(1, "gru", "gru8")
            .cell(2, "gru", "gru4")
            .cell(1, "sab", "cam6")
            .cell(2, "sab", "sab1")
            .stone(0, 1, "rai")
            .hand(0, "rai5")
            .hand(1, "sab5")
            .game();
        acts(&mut g, &["skip", "play rai5"]);
        assert!(has(&g, "swap gru r1 r2"));
        assert!(!has(&g, "swap sab r1 r2"), "a chameleon is not a creature card");
        act(&mut g, "swap gru r1 r2");
        assert_eq!(top(&g, 2, "gru"), Some(card("gru8")));
        assert_eq!(top(&g, 1, "gru"), Some(card("gru4")));
    }

    // --- Plume de velours ---

    fn plume(duc: &str, gru: &str) -> Equinox {
        let mut s = Scn::new(E, 2).stone(0, 1, "plu").hand(0, "plu7").hand(1, "sab0");
        for c in ["sab", "cro", "rai", "urs", "pel"] {
            s = s.cell(1, c, &format!("{c}6"));
        }
        s.cell(1, "duc", duc).cell(1, "gru", gru).game()
    }

    #[test]
    fn plume_discards_a_visible_card_the_card_beneath_becomes_current() {
        let mut g = plume("duc2 duc9", "gru5");
        acts(&mut g, &["skip", "play plu7"]);
        assert!(has(&g, "remove duc") && !has(&g, "remove plu"));
        act(&mut g, "remove duc");
        assert!(view(&g, 1).discard_public.contains(card("duc9")));
        // Le Duc 2 is now the current card and the single weakest.
        assert_eq!(eliminated_in(&g, "duc"), 1);
    }

    #[test]
    fn plume_removal_can_avoid_an_elimination() {
        let mut g = plume("duc9", "gru1");
        acts(&mut g, &["skip", "play plu7", "remove gru"]);
        assert_eq!(top(&g, 1, "gru"), None);
        assert_eq!(eliminated_in(&g, "gru"), 0);
        assert_eq!(view(&g, 0).round, 1);
    }

    #[test]
    fn plume_can_discard_a_chameleon() {
        let mut g = plume("duc9", "gru1 cam0");
        acts(&mut g, &["skip", "play plu7", "remove gru"]);
        assert_eq!(top(&g, 1, "gru"), Some(card("gru1")));
        assert_eq!(eliminated_in(&g, "gru"), 1);
    }

    // --- Ursus ---

    #[test]
    fn ursus_is_half_a_point_stronger() {
        let mut s = Scn::new(E, 2).hand(0, "gru5").hand(1, "sab0");
        for c in ["sab", "cro", "rai", "plu", "pel", "duc"] {
            s = s.cell(1, c, &format!("{c}6"));
        }
        let mut g = s.cell(1, "urs", "urs5").game();
        acts(&mut g, &["skip", "play gru5"]);
        assert_eq!(eliminated_in(&g, "gru"), 1, "Gruyère 5 < Ursus 5.5");
        assert_eq!(eliminated_in(&g, "urs"), 0);
    }

    #[test]
    fn ursus_on_a_visible_chameleon_keeps_its_half_point() {
        let mut s = Scn::new(E, 2).hand(0, "urs5").hand(1, "sab0");
        for c in ["sab", "cro", "rai", "plu", "pel", "duc"] {
            s = s.cell(1, c, &format!("{c}6"));
        }
        let mut g = s.cell(1, "urs", "cam9").cell(1, "gru", "gru5").game();
        acts(&mut g, &["skip", "play urs5"]);
        assert_eq!(eliminated_in(&g, "gru"), 1);
    }

    // --- Le Pèlerin ---

    #[test]
    fn pelerin_takes_a_visible_chameleon_from_any_row() {
        let mut g = Scn::new(E, 2)
            .round(2)
            .elim("duc", 1)
            .cell(1, "sab", "cam7")
            .cell(2, "gru", "gru3 cam1")
            .cell(1, "cro", "cam2 cro4")
            .stone(0, 1, "pel")
            .hand(0, "pel5")
            .hand(1, "sab5")
            .game();
        acts(&mut g, &["skip", "play pel5"]);
        assert_eq!(legal(&g), ["decline", "take r1 sab", "take r2 gru"]);
        act(&mut g, "take r2 gru");
        assert!(hand_has(&g, 0, "cam1"));
        assert_eq!(top(&g, 2, "gru"), Some(card("gru3")));
    }
}

mod trees {
    use super::*;

    #[test]
    fn ancetre_forces_secret_predictions_on_the_named_creature_to_be_revealed() {
        let mut g = Scn::new(D, 3)
            .round(2)
            .elim("duc", 1)
            .hand(0, "ancetre pan1")
            .hand(1, "gru9")
            .hand(2, "gru8")
            .secret(1, "gru3")
            .secret(2, "lic3")
            .game();
        acts(&mut g, &["skip", "play ancetre"]);
        assert!(has(&g, "name gru") && !has(&g, "name duc"));
        act(&mut g, "name gru");
        assert_eq!(to_move(&g), Some(1), "the owner decides, off turn");
        assert_eq!(legal(&g), ["reveal"]);
        let log = act(&mut g, "reveal");
        assert!(log.for_seat(p(2)).any(|e| *e == Event::SecretRevealed { seat: p(1), card: card("gru3") }));
        let v = view(&g, 0);
        assert_eq!(v.revealed[col(&g, "gru")], SeatSet(0b10));
        assert_eq!(v.has_secret, SeatSet(0b100), "the secret on Lichen stays hidden");
        assert!(v.discard_public.contains(TreeKind::Ancetre.card(0)));
        assert_eq!(v.current, p(1), "p0's turn ended");
    }

    #[test]
    fn ancetre_reveal_can_change_the_controller() {
        let mut g = Scn::new(D, 2).stone(0, 1, "gru").secret(1, "gru3").hand(0, "ancetre gru4").hand(1, "gru5").game();
        acts(&mut g, &["skip", "play ancetre", "name gru", "reveal"]);
        assert_eq!(to_move(&g), Some(1));
        acts(&mut g, &["skip", "play gru5"]);
        assert!(is_power(&g, "gru"), "5 > 4: p1 now controls Gruyère");
    }

    #[test]
    fn ancetre_without_secrets_on_the_creature_changes_nothing() {
        let mut g = Scn::new(D, 2).secret(1, "gru3").hand(0, "ancetre").hand(1, "gru5").game();
        acts(&mut g, &["skip", "play ancetre", "name lic"]);
        assert_eq!(to_move(&g), Some(1));
        assert_eq!(phase(&g), Phase::Predict);
        assert_eq!(view(&g, 0).has_secret, SeatSet(0b10));
    }

    #[test]
    fn dryade_takes_a_visible_creature_card_from_current_or_earlier_row() {
        let mut g = Scn::new(D, 2)
            .round(2)
            .elim("lic", 1)
            .cell(1, "pan", "pan8")
            .cell(1, "gri", "gri2 cam4")
            .cell(2, "bol", "bol3")
            .hand(0, "dryade")
            .hand(1, "gru5")
            .game();
        acts(&mut g, &["skip", "play dryade"]);
        assert_eq!(legal(&g), ["take r1 pan", "take r2 bol"]);
        act(&mut g, "take r1 pan");
        assert!(hand_has(&g, 0, "pan8"));
        assert_eq!(top(&g, 1, "pan"), None);
        assert!(view(&g, 1).known[0].contains(card("pan8")));
        assert!(view(&g, 1).discard_public.contains(TreeKind::Dryade.card(0)));
    }
}

mod scoring {
    use super::*;

    /// Round 5 with Lichen, Panache, Griso and Bicéphale eliminated in rounds 1-4 (champions `D`, or
    /// `D` with Ursus for Bolet). Every creature in play but `loser` shows a 9 in row 5; the first player
    /// holds `loser`'s 0 and ends the game by playing it.
    fn last_turn(champions: &str, players: usize, loser: &str) -> Scn {
        let mut s = Scn::new(champions, players).round(5);
        for (c, r) in [("lic", 1), ("pan", 2), ("gri", 3), ("bic", 4)] {
            s = s.elim(c, r);
        }
        for c in creatures(champions) {
            let code = c.code();
            if !["lic", "pan", "gri", "bic", loser].contains(&code) {
                s = s.cell(5, code, &format!("{code}9"));
            }
        }
        for seat in 1..players as u8 {
            s = s.hand(seat, ["duc1", "bol1", "gru4", "duc2"][seat as usize - 1]);
        }
        s.hand(0, &format!("{loser}0 gru1"))
    }

    fn finish(s: &Scn, loser: &str) -> Equinox {
        let mut g = s.game();
        acts(&mut g, &["skip", &format!("play {loser}0")]);
        assert_eq!(phase(&g), Phase::Over(EndReason::FiveRounds));
        assert_eq!(eliminated_in(&g, loser), 5);
        g
    }

    #[test]
    fn final_scoring_rulebook_example() {
        // Stéphane p0, Maryse p1, Christophe p2, Laurence p3. Bolet, Gruyère and Le Duc survive.
        let s = last_turn(D, 4, "car")
            .stone(0, 1, "bol")
            .stone(0, 4, "bol")
            .stone(0, 0, "gru")
            .stone(0, 1, "gru")
            .stone(0, 2, "bol")
            .secret(1, "duc3")
            .stone(1, 2, "gru")
            .stone(1, 2, "duc")
            .stone(1, 4, "duc")
            .stone(2, 1, "duc")
            .stone(2, 3, "bol")
            .stone(2, 2, "pan")
            .stone(3, 3, "gru")
            .stone(3, 1, "lic");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [17.0, 12.0, 6.0, 2.0]);
        assert_eq!(g.winners(), [p(0)]);
        assert_eq!(g.returns(), [1.0, 0.0, 0.0, 0.0]);
        // Maryse's secret prediction was revealed at the end and lies on Le Duc's champion card.
        assert_eq!(view(&g, 2).revealed[col(&g, "duc")], SeatSet(0b10));
        // The breakdown follows the rulebook's sums (equinox.fr.txt:312-318): 4 + 1 + 5 + 4 + 3 for
        // Stéphane is a secret, two stones in row 1, one in row 2, one in row 4.
        let Some(b) = g.breakdown(Lang::En) else { panic!("no breakdown at the end") };
        let row = |label: &str| b.rows.iter().find(|r| r.label.starts_with(label)).map(|r| r.values.clone());
        assert_eq!(row("secret"), Some(vec![5.0, 5.0, 0.0, 0.0]));
        assert_eq!(row("stones in row 1"), Some(vec![8.0, 0.0, 4.0, 0.0]));
        assert_eq!(row("stones in row 2"), Some(vec![3.0, 6.0, 0.0, 0.0]));
        assert_eq!(row("stones in row 3"), Some(vec![0.0, 0.0, 2.0, 2.0]));
        assert_eq!(row("stones in row 4"), Some(vec![1.0, 1.0, 0.0, 0.0]));
        assert_eq!(b.totals, [17.0, 12.0, 6.0, 2.0]);
        assert_eq!(b.end_reason, "The fifth round ended with an elimination.");
        assert!(b.notes.is_empty(), "{:?}", b.notes);
        let Some(fr) = g.breakdown(Lang::Fr) else { panic!("no French breakdown") };
        assert_eq!(fr.totals, b.totals);
        assert!(fr.rows[0].label.starts_with("prédictions secrètes"), "{:?}", fr.rows[0]);
    }

    #[test]
    fn final_scoring_game_over_event_carries_the_scores() {
        let s = last_turn(D, 2, "car").stone(0, 1, "gru").stone(1, 2, "duc");
        let mut g = s.game();
        let log = acts(&mut g, &["skip", "play car0"]);
        assert!(log.events.iter().any(|(a, e)| *a == Audience::Everyone
            && *e == Event::GameOver { reason: EndReason::FiveRounds, scores: vec![4.0, 3.0] }));
    }

    #[test]
    fn tiebreak_secret_prediction_on_a_survivor_wins() {
        // 5 (secret, revealed at the end) against 4 + 1.
        let s = last_turn(D, 2, "car").secret(0, "gru3").stone(1, 1, "gru").stone(1, 4, "duc");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [5.0, 5.0]);
        assert_eq!(g.winners(), [p(0)]);
    }

    #[test]
    fn tiebreak_most_stones_in_row_1() {
        // 4 + 2 against 3 + 3; p1's revealed secret on an eliminated creature breaks nothing.
        let s = last_turn(D, 2, "car")
            .stone(0, 1, "gru")
            .stone(0, 3, "duc")
            .stone(1, 2, "gru")
            .stone(1, 2, "duc")
            .stone(1, 0, "lic");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [6.0, 6.0]);
        assert_eq!(g.winners(), [p(0)]);
    }

    #[test]
    fn tiebreak_then_row_2_counting_only_survivors() {
        // 3 + 2 against 2 + 2 + 1; p1's row-1 stone lies on eliminated Lichen.
        let s = last_turn(D, 2, "car")
            .stone(0, 2, "gru")
            .stone(0, 3, "duc")
            .stone(1, 3, "gru")
            .stone(1, 3, "bol")
            .stone(1, 4, "duc")
            .stone(1, 1, "lic");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [5.0, 5.0]);
        assert_eq!(g.winners(), [p(0)]);
    }

    #[test]
    fn tiebreak_shared_victory() {
        let s = last_turn(D, 3, "car").stone(0, 1, "gru").stone(1, 1, "duc").stone(2, 2, "bol");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [4.0, 4.0, 3.0]);
        assert_eq!(g.winners(), [p(0), p(1)]);
        assert_eq!(g.returns(), [0.5, 0.5, 0.0]);
    }

    #[test]
    fn ursus_scores_half_a_point_per_stone_if_it_survives() {
        let champions = "gru lic pan gri bic duc car urs";
        let s =
            last_turn(champions, 2, "car").stone(0, 1, "urs").stone(0, 5, "urs").stone(1, 1, "gru").stone(1, 0, "urs");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [4.0 + 0.5 + 0.0 + 0.5, 4.0 + 5.0 + 0.5]);
    }

    #[test]
    fn ursus_eliminated_scores_nothing() {
        let champions = "gru lic pan gri bic duc car urs";
        let s = last_turn(champions, 2, "urs").stone(0, 1, "urs").stone(1, 2, "gru");
        let g = finish(&s, "urs");
        assert_eq!(g.scores(), [0.0, 3.0]);
        assert_eq!(g.winners(), [p(1)]);
    }

    #[test]
    fn predictions_on_eliminated_creatures_score_nothing() {
        let s = last_turn(D, 2, "car").stone(1, 1, "car").stone(0, 1, "lic").stone(0, 0, "pan").stone(1, 5, "gru");
        let g = finish(&s, "car");
        assert_eq!(g.scores(), [0.0, 0.0]);
        // 0 each; no secret on a survivor; rows 1-4 equal on survivors; p1's row-5 stone (worth 0) on
        // Gruyère breaks the tie at the last step.
        assert_eq!(g.winners(), [p(1)]);
    }

    #[test]
    fn no_winners_before_the_end() {
        let g = last_turn(D, 2, "car").stone(0, 1, "gru").game();
        assert!(g.winners().is_empty());
        assert_eq!(g.returns(), [0.0, 0.0]);
    }
}

mod hidden {
    use super::*;

    /// Two games that differ only in p1's hand, p1's secret card and the order of the pile below its top.
    fn twins() -> (Equinox, Equinox) {
        let base = |hand: &str, secret: &str, deck: &str| {
            Scn::new(D, 3)
                .hand(0, "bol0 bol1 bol2 bol3 bol4 bol5 bol6 bol7")
                .hand(1, hand)
                .hand(2, "lic5")
                .secret(1, secret)
                .deck(deck)
                .game()
        };
        (
            base("gru1 gru2 duc3", "gru3", "car1 car2 car3 pan1 pan2 pan3"),
            base("pan1 pan2 duc3", "pan3", "car1 car2 car3 gru1 gru2 gru3"),
        )
    }

    fn json(g: &Equinox, seat: u8) -> String {
        serde_json::to_string(&view(g, seat)).unwrap_or_default()
    }

    #[test]
    fn view_never_shows_another_seats_hand_or_secret() {
        let (mut a, mut b) = twins();
        assert_ne!(view(&a, 1), view(&b, 1));
        assert_eq!(json(&a, 0), json(&b, 0));
        assert_eq!(json(&a, 2), json(&b, 2));
        let la = acts(&mut a, &["skip", "play bol5"]);
        let lb = acts(&mut b, &["skip", "play bol5"]);
        assert_eq!(json(&a, 0), json(&b, 0));
        assert_eq!(json(&a, 2), json(&b, 2));
        assert_eq!(la.for_seat(p(0)).collect::<Vec<_>>(), lb.for_seat(p(0)).collect::<Vec<_>>());
        assert_eq!(la.for_seat(p(2)).collect::<Vec<_>>(), lb.for_seat(p(2)).collect::<Vec<_>>());
    }

    #[test]
    fn view_shows_the_own_hand_and_secret() {
        let (a, _) = twins();
        let v = view(&a, 1);
        assert_eq!(v.hand, cards("gru1 gru2 duc3").into_iter().collect());
        assert_eq!(v.secret, Some(card("gru3")));
        assert_eq!(view(&a, 0).secret, None);
        assert_eq!(view(&a, 0).has_secret, SeatSet(0b10));
    }

    #[test]
    fn view_shows_covered_cards_of_the_table() {
        // Ruling E1: every card of a cell was played face up.
        let g = Scn::new(D, 2).cell(1, "gru", "gru2 cam5 gru7").hand(0, "pan1").hand(1, "duc1").game();
        assert_eq!(view(&g, 1).stacks[0][col(&g, "gru")].cards(), cards("gru2 cam5 gru7").as_slice());
    }

    #[test]
    fn sabot_cards_hidden_from_uninvolved_seats() {
        let mk = |p1: &str| {
            let mut g = Scn::new(E, 3)
                .stone(0, 1, "sab")
                .hand(0, "sab5")
                .hand(1, p1)
                .hand(2, "gru9")
                .deck("cro1 cro2 cro3")
                .game();
            acts(&mut g, &["skip", "play sab5", "target p1"]);
            g
        };
        let (a, b) = (mk("gru1 gru2 gru3"), mk("gru4 gru5 gru6"));
        assert_eq!(json(&a, 2), json(&b, 2));
    }

    fn positions() -> Vec<Equinox> {
        let mut out = Vec::new();
        let (a, _) = twins();
        out.push(a);
        // Le Duc waiting on p1's answer.
        let mut g = Scn::new(D, 3).stone(0, 1, "duc").hand(0, "duc5").hand(1, "gru2 gru5 pan1").hand(2, "gru9").game();
        acts(&mut g, &["skip", "play duc5", "ask p1 gru"]);
        out.push(g.clone());
        act(&mut g, "give gru5");
        out.push(g);
        // Sabot keeping one of three.
        let mut g =
            Scn::new(E, 3).stone(0, 1, "sab").hand(0, "sab5").hand(1, "gru1 gru2 gru3 gru4").hand(2, "gru9").game();
        acts(&mut g, &["skip", "play sab5", "target p1"]);
        out.push(g.clone());
        act(&mut g, "keep gru2");
        out.push(g);
        // L'Ancêtre: two seats to reveal.
        let mut g = Scn::new(D, 3)
            .hand(0, "ancetre")
            .hand(1, "pan1")
            .hand(2, "pan2")
            .secret(1, "gru3")
            .secret(2, "gru4")
            .game();
        acts(&mut g, &["skip", "play ancetre", "name gru"]);
        out.push(g.clone());
        act(&mut g, "reveal");
        out.push(g);
        // Panache's set-aside cards, then a pass showing the hand, Carmen's hidden discards.
        let mut g = Scn::new(D, 2)
            .round(2)
            .elim("lic", 1)
            .stone(0, 1, "pan")
            .stone(0, 1, "car")
            .hand(0, "pan5 car5 gru1 gru2")
            .hand(1, "lic0 lic1 lic2 lic3 lic4 lic5 lic6")
            .game();
        acts(&mut g, &["skip", "play pan5", "target p1"]);
        out.push(g.clone());
        acts(&mut g, &["skip", "pass"]);
        out.push(g.clone());
        acts(&mut g, &["done", "skip", "play car5", "use", "discard gru1"]);
        out.push(g);
        out
    }

    fn check_determinize(g: &Equinox) {
        for seat in Seat::all(g.num_seats()) {
            let v = g.view(seat);
            for k in 0..4 {
                let d = Equinox::determinize(&v, &mut GameRng::new(k));
                assert_eq!(d.view(seat), v, "seat {seat}, sample {k}");
                if g.to_move() == Some(seat) {
                    let (mut l1, mut l2) = (Vec::new(), Vec::new());
                    g.legal_actions(&mut l1);
                    d.legal_actions(&mut l2);
                    assert_eq!(l1, l2, "seat {seat}: same legal actions");
                }
            }
        }
    }

    #[test]
    fn determinize_keeps_the_view_in_scripted_positions() {
        for g in positions() {
            check_determinize(&g);
        }
    }

    #[test]
    fn determinize_keeps_the_view_along_a_game() {
        let mut g = Equinox::new(&Options { players: 4, ..Options::default() }, 5).unwrap_or_else(|e| panic!("{e}"));
        let mut legal = Vec::new();
        let mut i = 0usize;
        while !g.is_terminal() && i < 400 {
            check_determinize(&g);
            g.legal_actions(&mut legal);
            let a = legal[(i * 7) % legal.len()];
            g.apply_unchecked(a, &mut sylvan_engine::NoEvents);
            i += 1;
        }
    }
}

mod determinism {
    use super::*;

    fn play(seed: u64, moves: usize) -> (Equinox, Vec<String>) {
        let mut g = Equinox::new(&Options { players: 3, ..Options::default() }, seed).unwrap_or_else(|e| panic!("{e}"));
        let mut legal = Vec::new();
        let mut log = sylvan_engine::EventLog::new();
        let mut played = Vec::new();
        for i in 0..moves {
            if g.is_terminal() {
                break;
            }
            g.legal_actions(&mut legal);
            let a = legal[(i * 13 + 5) % legal.len()];
            played.push(a.to_string());
            if let Err(e) = g.try_apply(a, &mut log) {
                panic!("{e}");
            }
        }
        (g, played)
    }

    #[test]
    fn same_seed_same_game() {
        let (a, pa) = play(99, 2000);
        let (b, pb) = play(99, 2000);
        assert_eq!(pa, pb);
        assert_eq!(a, b);
        let (c, _) = play(100, 2000);
        assert_ne!(a, c);
    }

    #[test]
    fn record_of_a_scripted_scenario_replays_to_the_same_state() {
        let s = Scn::new(D, 3)
            .stone(0, 1, "pan")
            .stone(1, 1, "duc")
            .hand(0, "pan5 gru3")
            .hand(1, "duc5 lic2")
            .hand(2, "gru4 gru5 gru6");
        // Panache sets aside 2 of p2's 3 cards at random: p2 gives the card left in hand.
        let script = ["skip", "play pan5", "target p2", "predict gru", "play duc5", "ask p2 gru", "GIVE", "skip"];
        let mut g = s.game();
        let mut played = Vec::new();
        for a in script {
            let a = if a == "GIVE" { legal(&g)[0].clone() } else { a.to_string() };
            act(&mut g, &a);
            played.push(a);
        }
        assert!(played[6].starts_with("give gru"));
        let mut record: Record<Equinox> = Record::from_setup(s.options.clone(), s.build(), 42);
        record.actions = played;
        let text = record.to_json();
        let back = Record::<Equinox>::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
        let r = replay(&back).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r, g);
    }

    #[test]
    fn record_of_a_finished_game_checks_the_scores() {
        let (g, played) = play(7, 100_000);
        assert!(g.is_terminal());
        let mut record: Record<Equinox> = Record::from_seed(Options { players: 3, ..Options::default() }, 7);
        record.actions = played;
        record.scores = Some(g.scores());
        let r = replay(&record).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r, g);
        record.scores = Some(vec![99.0, 0.0, 0.0]);
        assert!(replay(&record).is_err());
    }
}

mod edge_cases {
    use super::*;

    #[test]
    fn panache_twice_before_the_victims_turn_all_cards_come_back_at_once() {
        // p2 controls Panache (4); p0 reveals its secret on Panache in phase 1 (5 > 4) and controls it.
        let mut g = Scn::new(D, 3)
            .first(2)
            .stone(2, 1, "pan")
            .secret(0, "pan3")
            .hand(0, "pan6")
            .hand(1, "gru0 gru1 gru2 gru3 gru4 gru5 gru6")
            .hand(2, "pan5")
            .game();
        acts(&mut g, &["skip", "play pan5", "target p1"]);
        assert_eq!(view(&g, 1).aside.len(), 4);
        acts(&mut g, &["reveal", "play pan6"]);
        assert!(is_power(&g, "pan"), "the reveal made p0 the controller");
        act(&mut g, "target p1");
        let v1 = view(&g, 1);
        assert_eq!((v1.hand.len(), v1.aside.len()), (1, 6));
        let last = v1.hand.first().map(|c| c.to_string()).unwrap_or_default();
        acts(&mut g, &["skip", &format!("play {last}")]);
        let v1 = view(&g, 1);
        assert!(v1.aside.is_empty());
        assert_eq!(v1.hand.and(CardSet::of_creature(cr("gru"))).len(), 6);
        assert_eq!(v1.hand.len(), 8);
    }

    #[test]
    fn stall_rule_e9_full_cycle_of_passes_without_drawing_ends_the_game() {
        // Both hands hold 8 cards of eliminated creatures; nobody discards, so nobody draws.
        let mut g = lichen_and_panache_eliminated()
            .hand(0, "lic0 lic1 lic2 lic3 lic4 lic5 lic6 lic7")
            .hand(1, "lic8 lic9 lic10 pan0 pan1 pan2 pan3 pan4")
            .game();
        acts(&mut g, &["skip", "pass", "done"]);
        assert_eq!(view(&g, 0).stall, 1);
        assert!(!g.is_terminal());
        acts(&mut g, &["skip", "pass", "done"]);
        assert_eq!(phase(&g), Phase::Over(EndReason::Stalled));
    }

    #[test]
    fn stall_rule_e9_a_discard_resets_the_count() {
        let mut g = lichen_and_panache_eliminated()
            .hand(0, "lic0 lic1 lic2 lic3 lic4 lic5 lic6 lic7")
            .hand(1, "lic8 lic9 lic10 pan0 pan1 pan2 pan3 pan4")
            .game();
        acts(&mut g, &["skip", "pass", "done", "skip", "pass", "discard pan0", "done"]);
        assert!(!g.is_terminal());
        assert_eq!(view(&g, 0).stall, 0);
    }

    /// Case A of the judge's report: 11 cards of eliminated creatures each, 8 Gruyère cards in the pile.
    /// Each player passes and discards 3 (11 to 8), so draws nothing.
    fn eleven_dead_cards_each(rules: u8) -> Equinox {
        lichen_and_panache_eliminated()
            .hand(0, "lic0 lic1 lic2 lic3 lic4 lic5 lic6 lic7 lic8 lic9 lic10")
            .hand(1, "pan0 pan1 pan2 pan3 pan4 pan5 pan6 pan7 pan8 pan9 pan10")
            .deck("gru0 gru1 gru2 gru3 gru4 gru5 gru6 gru7")
            .exact_deck()
            .rules(rules)
            .game()
    }

    /// p0 then p1: pass, discard three cards (11 to 8), draw nothing.
    const DISCARD_THREE_EACH: &str =
        "skip,pass,discard lic0,discard lic1,discard lic2,skip,pass,discard pan0,discard pan1,discard pan2";

    fn discard_three_each() -> Vec<&'static str> {
        DISCARD_THREE_EACH.split(',').collect()
    }

    #[test]
    fn stall_rule_e9_discards_without_a_draw_reset_the_count() {
        let mut g = eleven_dead_cards_each(2);
        acts(&mut g, &discard_three_each());
        assert!(!g.is_terminal(), "the book goes on: {:?}", phase(&g));
        assert_eq!(view(&g, 0).stall, 0);
        assert_eq!(view(&g, 0).hand.len(), 8);
        // p0 discards to 5 and draws 3 Gruyère cards, which it plays next turn.
        acts(&mut g, &["skip", "pass", "discard lic3", "discard lic4", "discard lic5"]);
        let v = view(&g, 0);
        assert_eq!((v.hand.and(CardSet::of_creature(cr("gru"))).len(), v.deck_len), (3, 5));
        acts(&mut g, &["skip", "pass", "discard pan3", "done"]);
        act(&mut g, "skip");
        assert!(has(&g, "play gru0"), "{:?}", legal(&g));
    }

    #[test]
    fn stall_rule_e9_revision_1_ended_the_game_after_discards_without_a_draw() {
        let mut g = eleven_dead_cards_each(1);
        acts(&mut g, &discard_three_each());
        assert_eq!(phase(&g), Phase::Over(EndReason::Stalled));
        assert_eq!(view(&g, 0).deck_len, 8);
    }

    /// Case B of the judge's report: Panache sets aside p0's only card of a creature in play; it comes
    /// back in p0's phase 3, after p0 passed with cards of eliminated creatures.
    fn panache_sets_aside_the_only_live_card(rules: u8) -> Equinox {
        let mut g = Scn::new(D, 2)
            .round(3)
            .elim("lic", 1)
            .elim("gri", 2)
            .first(1)
            .stone(1, 1, "pan")
            .hand(0, "gru3 lic0 lic1 lic2 lic3 lic4 lic5 lic6")
            .hand(1, "pan5 gri0 gri1 gri2 gri3 gri4 gri5 gri6")
            .deck("gri7 gru0 gru1 gru2 gru4")
            .exact_deck()
            .rules(rules)
            .game();
        acts(&mut g, &["skip", "play pan5", "target p0", "done"]);
        let v = view(&g, 0);
        assert!(v.aside.contains(card("gru3")) && v.aside.len() == 4, "the seed sets gru3 aside");
        acts(&mut g, &["skip", "pass", "done"]);
        assert!(hand_has(&g, 0, "gru3") && view(&g, 0).hand.len() == 8, "back in hand, nothing drawn");
        g
    }

    #[test]
    fn stall_rule_e9_set_aside_cards_coming_back_reset_the_count() {
        let mut g = panache_sets_aside_the_only_live_card(2);
        assert_eq!(view(&g, 0).stall, 0);
        acts(&mut g, &["skip", "pass", "done"]);
        assert!(!g.is_terminal(), "the book goes on: {:?}", phase(&g));
        assert_eq!(view(&g, 0).stall, 1);
        act(&mut g, "skip");
        assert_eq!(legal(&g), ["play gru3"]);
    }

    #[test]
    fn stall_rule_e9_revision_1_ended_the_game_with_a_playable_card_back_in_hand() {
        let mut g = panache_sets_aside_the_only_live_card(1);
        assert_eq!(view(&g, 0).stall, 1);
        acts(&mut g, &["skip", "pass", "done"]);
        assert_eq!(phase(&g), Phase::Over(EndReason::Stalled));
    }

    /// A table that stands still still ends the game under revision 2: after discards that draw nothing,
    /// a full table of passes that change nothing (the count starts from the last discard).
    #[test]
    fn stall_rule_e9_a_table_that_stands_still_ends_after_a_full_cycle_from_the_last_change() {
        let mut g = lichen_and_panache_eliminated()
            .hand(0, "lic0 lic1 lic2 lic3 lic4 lic5 lic6 lic7 lic8")
            .hand(1, "pan0 pan1 pan2 pan3 pan4 pan5 pan6 pan7 pan8")
            .deck("gru0 gru1 gru2")
            .exact_deck()
            .rules(2)
            .game();
        acts(&mut g, &["skip", "pass", "discard lic0", "done", "skip", "pass", "discard pan0", "done"]);
        assert_eq!((view(&g, 0).stall, view(&g, 0).deck_len), (0, 3), "discards (9 to 8) drew nothing");
        acts(&mut g, &["skip", "pass", "done"]);
        assert_eq!(view(&g, 0).stall, 1);
        assert!(!g.is_terminal());
        acts(&mut g, &["predict gru", "pass", "done"]);
        assert_eq!(phase(&g), Phase::Over(EndReason::Stalled), "a stone placed changes no hand");
        assert_eq!(view(&g, 0).deck_len, 3);
    }

    /// Ruling E9: a record whose options do not name `rules` replays with revision 1, as it was played.
    #[test]
    fn stall_rule_e9_records_without_a_rules_revision_replay_with_revision_1() {
        let s = lichen_and_panache_eliminated()
            .hand(0, "lic0 lic1 lic2 lic3 lic4 lic5 lic6 lic7 lic8 lic9 lic10")
            .hand(1, "pan0 pan1 pan2 pan3 pan4 pan5 pan6 pan7 pan8 pan9 pan10")
            .deck("gru0 gru1 gru2 gru3 gru4 gru5 gru6 gru7")
            .exact_deck();
        let mut record: Record<Equinox> = Record::from_setup(s.options.clone(), s.build(), 42);
        record.actions = discard_three_each().into_iter().map(String::from).collect();
        let mut json: serde_json::Value = serde_json::from_str(&record.to_json()).unwrap_or_default();
        assert_eq!(json["options"]["rules"], 2, "a new record names its revision");
        let replayed = |json: &serde_json::Value| {
            let r = Record::<Equinox>::from_json(&json.to_string()).unwrap_or_else(|e| panic!("{e}"));
            replay(&r).unwrap_or_else(|e| panic!("{e}"))
        };
        assert!(!replayed(&json).is_terminal());
        json["options"].as_object_mut().map(|o| o.remove("rules"));
        assert_eq!(phase(&replayed(&json)), Phase::Over(EndReason::Stalled));
    }

    #[test]
    fn ancetre_player_reveals_its_own_secret_too() {
        let mut g = Scn::new(D, 2).secret(0, "gru3").secret(1, "gru4").hand(0, "ancetre").hand(1, "pan1").game();
        acts(&mut g, &["skip", "play ancetre", "name gru"]);
        assert_eq!(to_move(&g), Some(0), "in turn order from the current player (E16)");
        assert_eq!(legal(&g), ["reveal"]);
        act(&mut g, "reveal");
        assert_eq!(to_move(&g), Some(1));
        assert_eq!(legal(&g), ["reveal"]);
        act(&mut g, "reveal");
        assert_eq!(view(&g, 0).revealed[col(&g, "gru")], SeatSet(0b11));
        assert_eq!(to_move(&g), Some(1));
        assert_eq!(phase(&g), Phase::Predict);
    }

    #[test]
    fn dryade_with_no_visible_creature_card_is_just_discarded() {
        let mut g = Scn::new(D, 2).cell(1, "gru", "cam3").hand(0, "dryade").hand(1, "pan1").game();
        acts(&mut g, &["skip", "play dryade"]);
        assert_eq!(to_move(&g), Some(1));
        assert!(view(&g, 1).discard_public.contains(TreeKind::Dryade.card(0)));
    }

    #[test]
    fn bicephale_not_offered_without_a_playable_card() {
        let mut g =
            Scn::new(D, 2).round(2).elim("lic", 1).stone(0, 1, "bic").hand(0, "bic5 lic1").hand(1, "pan1").game();
        acts(&mut g, &["skip", "play bic5"]);
        assert_eq!(phase(&g), Phase::Discard, "no power decision, straight to phase 3");
    }

    #[test]
    fn exhausting_the_pile_reveals_secrets_and_scores() {
        let mut g = Scn::new(D, 2)
            .secret(1, "gru3")
            .stone(0, 1, "pan")
            .hand(0, "duc1 duc2 duc3 duc4 duc5 duc6 duc7 duc8")
            .hand(1, "pan1")
            .deck("bol1")
            .exact_deck()
            .game();
        let log = acts(&mut g, &["skip", "play duc1"]);
        assert_eq!(phase(&g), Phase::Over(EndReason::DeckExhausted));
        assert!(log.events.iter().any(|(_, e)| *e == Event::SecretRevealed { seat: p(1), card: card("gru3") }));
        assert_eq!(g.scores(), [4.0, 5.0]);
        assert_eq!(g.winners(), [p(1)]);
    }

    #[test]
    fn lichen_freed_cell_takes_a_new_stone_the_same_round() {
        // E6: the cell is again « sans caillou ».
        let mut g =
            Scn::new(D, 2).stone(0, 1, "lic").stone(1, 1, "gru").hand(0, "lic6").hand(1, "pan1").first(0).game();
        acts(&mut g, &["skip", "play lic6", "retrieve r1 lic"]);
        assert_eq!(to_move(&g), Some(1));
        assert!(has(&g, "predict lic"));
    }
}

mod invariants {
    use super::*;

    /// Every card of the game is in exactly one place, and every seat has its 5 stones somewhere.
    fn check(g: &Equinox) {
        let n = g.num_seats();
        let v = view(g, 0);
        let mut table = CardSet::EMPTY;
        let mut on_table = 0;
        for row in &v.stacks {
            for cell in row {
                for &c in cell.cards() {
                    assert!(!table.contains(c), "{c} twice on the table");
                    table.insert(c);
                    on_table += 1;
                }
            }
        }
        let drawn = if matches!(v.phase, Phase::Keep { .. }) { 3 } else { 0 };
        let secrets = v.has_secret.len();
        let hands: usize = v.hand_counts[..n].iter().map(|&x| x as usize).sum();
        let aside: usize = v.aside_counts[..n].iter().map(|&x| x as usize).sum();
        let hidden: usize = v.hidden_discard_counts[..n].iter().map(|&x| x as usize).sum();
        let total = on_table + v.discard_public.len() + hidden + hands + aside + secrets + v.deck_len as usize + drawn;
        assert_eq!(total, v.universe.len(), "card conservation at move {}", g.move_number());
        for s in 0..n {
            let vs = view(g, s as u8);
            let mine = vs.hand.or(vs.aside);
            assert!(mine.and(table).is_empty() && mine.and(vs.discard_public).is_empty());
            assert_eq!(vs.hand.len(), v.hand_counts[s] as usize);
            let seat = Seat(s as u8);
            let on_cells = v.stones.iter().flatten().filter(|&&x| x == Some(seat)).count();
            let revealed = v.revealed.iter().filter(|m| m.contains(seat)).count();
            let secret = usize::from(v.has_secret.contains(seat));
            assert_eq!(on_cells + revealed + secret + v.stones_left[s] as usize, 5, "stones of p{s}");
        }
        let eliminated = v.eliminated_in.iter().filter(|e| e.is_some()).count();
        if !g.is_terminal() {
            assert_eq!(eliminated, v.round as usize - 1);
        }
    }

    #[test]
    fn cards_and_stones_are_conserved_in_random_games() {
        let mut rng = GameRng::new(2024);
        let mut legal = Vec::new();
        let mut moves = 0;
        for seed in 0..120u64 {
            let players = 2 + (seed % 4) as usize;
            let mut g =
                Equinox::new(&Options { players, ..Options::default() }, seed).unwrap_or_else(|e| panic!("{e}"));
            while !g.is_terminal() {
                check(&g);
                g.legal_actions(&mut legal);
                if let Some(seat) = g.to_move() {
                    let v = g.view(seat);
                    assert!(!v.to_string().is_empty());
                    for &a in &legal {
                        assert!(!Equinox::describe_action(&v, a).is_empty());
                    }
                }
                let a = legal[rng.index(legal.len())];
                g.apply_unchecked(a, &mut sylvan_engine::NoEvents);
            }
            check(&g);
            assert!(!g.winners().is_empty());
            moves += g.move_number();
        }
        assert!(moves > 120 * 100, "{moves} moves");
    }
}
