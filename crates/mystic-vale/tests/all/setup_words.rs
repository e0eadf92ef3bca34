//! What a refused option or explicit setup says (issue 35): each problem is a [`SetupProblem`] with its
//! field and values, said by one message of the catalogs in English and in French.

use sylvan_engine::{Locale, SetupError, SetupErrorKind};
use sylvan_mystic_vale::cards::Slot;
use sylvan_mystic_vale::setup::{Leaders, SetupProblem};
use sylvan_mystic_vale::words::{message_text, messages};
use sylvan_mystic_vale::{MysticVale, Options, Setup, SetupPlayer};

/// One of each problem. The `match` has no catch-all arm: a new variant does not compile until it has
/// its sample here, so every problem is checked against both catalogs.
fn samples() -> Vec<SetupProblem> {
    use SetupProblem::*;
    let key = || "dawnsinger".to_owned();
    let all = vec![
        Players { players: 5 },
        Rules { rules: 9 },
        SetsBaseFirst { sets: "wild,base".into() },
        SetsRepeated { sets: "base,wild,wild".into(), set: "wild".into() },
        ConclavesSets { sets: "base,wild".into() },
        ConclaveUnknown { key: "nope".into(), keys: "early-harvest, homeland".into() },
        ConclaveTwice { key: "homeland".into() },
        ConclaveCount { n: 1 },
        DraftTogether,
        LongWise { key: "plow".into() },
        AmuletsSet { sets: "base".into(), amulets: 0 },
        LeadersCount { leaders: Leaders::Choose, need: 8, sets: "base,wild".into(), have: 8 },
        LeadersBlank,
        EditionSets { sets: "base".into() },
        EditionNone { edition: "edition=essential".into(), name: "leaders" },
        Start { start: 3, players: 2 },
        SeatCount { given: 1, seats: 2 },
        CardCount { player: 1, given: 19 },
        UnknownAdvancement { field: "commons".into(), key: "nope".into() },
        UnknownVale { field: "vales".into(), key: "nope".into() },
        UnknownLeader { player: 0, key: "nope".into() },
        UnknownAmulet { player: 0, key: "nope".into() },
        NoFreeSlot { player: 0, card: 4 },
        SlotTaken { player: 0, card: 4, key: key(), slot: Slot::Middle },
        CardOutOfRange { player: 0, card: 25 },
        CardPlacedTwice { player: 0, card: 7 },
        CardNowhere { player: 1, card: 12 },
        LeaderCardNotBlank { player: 0 },
        WorkshopSize { player: 0, given: 21, most: 20 },
        CommonsRow { level: 2, given: 4 },
        ValeRow { level: 1, given: 5 },
        SoilSupply { slot: Slot::Bottom, n: 7, most: 6 },
        StartingCommon { key: "cursed-land".into() },
        CommonLevel { key: key(), level: 1, row: 2 },
        DeckLevel { key: key(), level: 1, deck: 3 },
        ValeLevel { key: "world-tree".into(), level: 2, row: 1 },
        NotInConclaves { field: "commons", key: key() },
        EmptyPool,
        VpOverflow { total: 70_000 },
        Copies { field: "commons".into(), key: key(), total: 4, copies: 3 },
        StackedTwice { key: key() },
        NoWorkshop { player: 1 },
        PoolOverBox { pool: 105, most: 104 },
    ];
    for p in &all {
        match p {
            Players { .. }
            | Rules { .. }
            | SetsBaseFirst { .. }
            | SetsRepeated { .. }
            | ConclavesSets { .. }
            | ConclaveUnknown { .. }
            | ConclaveTwice { .. }
            | ConclaveCount { .. }
            | DraftTogether
            | LongWise { .. }
            | AmuletsSet { .. }
            | LeadersCount { .. }
            | LeadersBlank
            | EditionSets { .. }
            | EditionNone { .. }
            | Start { .. }
            | SeatCount { .. }
            | CardCount { .. }
            | UnknownAdvancement { .. }
            | UnknownVale { .. }
            | UnknownLeader { .. }
            | UnknownAmulet { .. }
            | NoFreeSlot { .. }
            | SlotTaken { .. }
            | CardOutOfRange { .. }
            | CardPlacedTwice { .. }
            | CardNowhere { .. }
            | LeaderCardNotBlank { .. }
            | WorkshopSize { .. }
            | CommonsRow { .. }
            | ValeRow { .. }
            | SoilSupply { .. }
            | StartingCommon { .. }
            | CommonLevel { .. }
            | DeckLevel { .. }
            | ValeLevel { .. }
            | NotInConclaves { .. }
            | EmptyPool
            | VpOverflow { .. }
            | Copies { .. }
            | StackedTwice { .. }
            | NoWorkshop { .. }
            | PoolOverBox { .. } => {}
        }
    }
    all
}

/// The problem's text in `locale`, from the error a refusal returns.
fn said(e: &SetupError, locale: Locale) -> String {
    let Some(m) = &e.words else { panic!("{e}: no message") };
    message_text(m, locale).unwrap_or_else(|| panic!("{}: not in the catalog", m.id))
}

#[test]
fn every_setup_problem_is_said_in_every_language() {
    let catalog = messages();
    let mut ids = Vec::new();
    for p in samples() {
        let m = p.message();
        assert!(!ids.contains(&m.id), "{} says two problems", m.id);
        ids.push(m.id);
        for locale in [Locale::En, Locale::Fr] {
            assert!(catalog.has(locale, m.id), "{} is missing in {}", m.id, locale.code());
        }
        let e = SetupError::from(p.clone());
        assert_eq!((e.kind, e.field.clone(), e.words.as_ref()), (p.kind(), p.field(), Some(&m)));
        let (en, fr) = (said(&e, Locale::En), said(&e, Locale::Fr));
        // The English text of the error is the English catalog's, said once.
        assert_eq!(e.message, en, "{}", m.id);
        assert_eq!(e.to_string(), format!("invalid setup: {}: {en}", p.field()));
        for text in [&en, &fr] {
            assert!(!text.contains('{') && !text.contains("[error"), "{}: an argument is missing: {text}", m.id);
        }
        assert_ne!(en, fr, "{}: not French", m.id);
        // The values are in the words (a key, a number).
        for (_, v) in &m.args {
            if let sylvan_engine::MessageArg::Text(t) = v
                && !matches!(m.id, "setup-slot-taken" | "setup-soil" | "setup-leaders-count")
            {
                assert!(fr.contains(t.as_str()) && en.contains(t.as_str()), "{}: `{t}` not said", m.id);
            }
        }
    }
}

/// A 2-player setup with both players' cards dealt in order: the deck holds 0..=16, 17 on-deck, field
/// 18 and 19.
fn player() -> SetupPlayer {
    SetupPlayer { deck: (0..17).collect(), on_deck: Some(17), field: vec![18, 19], ..SetupPlayer::default() }
}

fn refused(options: &Options, setup: &Setup) -> SetupError {
    match MysticVale::build(options, setup, 1) {
        Ok(_) => panic!("accepted: {setup:?}"),
        Err(e) => e,
    }
}

#[test]
fn build_refusals_name_the_field_and_the_values_in_english_and_french() {
    let o = Options::default();
    let two = |a: SetupPlayer, b: SetupPlayer| Setup { players: vec![a, b], ..Setup::default() };
    let ok = two(player(), player());
    assert!(MysticVale::build(&o, &ok, 1).is_ok(), "the base setup is good");

    let e = refused(&o, &Setup { commons: Some([vec!["nope".into()], vec![], vec![]]), ..ok.clone() });
    assert_eq!((e.kind, e.field.as_str()), (SetupErrorKind::BadValue, "commons"));
    assert_eq!(said(&e, Locale::En), "no advancement with key `nope`");
    assert_eq!(said(&e, Locale::Fr), "aucune Évolution de clé `nope`");

    let mut p = player();
    p.deck[3] = 25;
    let e = refused(&o, &two(player(), p));
    assert_eq!(e.field, "players[1].deck");
    assert_eq!(said(&e, Locale::En), "card 25: the cards are numbered 0 to 19");
    assert_eq!(said(&e, Locale::Fr), "carte 25 : les cartes sont numérotées de 0 à 19");

    let mut p = player();
    p.deck.pop();
    let e = refused(&o, &two(p, player()));
    assert_eq!(e.field, "players[0].deck");
    assert!(said(&e, Locale::En).starts_with("card 16 is nowhere"), "{e}");
    assert!(said(&e, Locale::Fr).starts_with("la carte 16 n'est nulle part"), "{e}");

    let e = refused(&o, &Setup { players: vec![player()], ..Setup::default() });
    assert_eq!((e.kind, e.field.as_str()), (SetupErrorKind::PlayerCount, "players"));
    assert_eq!(
        (said(&e, Locale::En), said(&e, Locale::Fr)),
        ("1 player for 2 seats".into(), "1 joueur pour 2 places".into())
    );

    let e = refused(&o, &Setup { start: 2, ..ok.clone() });
    assert_eq!(e.field, "start");
    assert!(said(&e, Locale::Fr).starts_with("la place 2 n'est pas à la table"), "{e}");

    let e = refused(&o, &Setup { soil: Some([0, 0, 99]), ..ok.clone() });
    assert_eq!(e.field, "soil[2]");
    assert!(said(&e, Locale::En).starts_with("99 Fertile Soils for the bottom slot: the box holds"), "{e}");
    assert!(said(&e, Locale::Fr).starts_with("99 Sols Fertiles pour l'emplacement bas : la boîte en contient"), "{e}");

    let e = refused(&o, &Setup { pool: Some(0), ..ok });
    assert_eq!(
        (e.field.as_str(), said(&e, Locale::Fr).as_str()),
        ("pool", "le pool de jetons PV est vide : la partie ne finirait jamais (EN:609)")
    );

    // An option refused the same way: the French names the option's values.
    let e = refused(&Options { players: 5, ..Options::default() }, &Setup::default());
    assert_eq!(said(&e, Locale::Fr), "Mystic Vale se joue de 2 à 4 joueurs, pas 5");
    let e = refused(&Options { conclaves: "homeland".into(), ..Options::default() }, &Setup::default());
    assert_eq!(e.field, "conclaves");
    assert_eq!(said(&e, Locale::En), "1 conclave named: a game uses exactly 6 (EN:751), or `random`");
    assert_eq!(said(&e, Locale::Fr), "1 conclave nommé : une partie en utilise exactement 6 (EN:751), ou `random`");
}

/// The `rules` option offers every revision from [`RULES`] down to 1 with [`RULES`] as its default
/// (`sylvan games` and the lobby read them), and its help in both catalogs describes each revision,
/// the newest first; an older revision (or a new one) left out of the help fails here.
#[test]
fn the_rules_option_follows_the_revisions() {
    use sylvan_engine::{Game, OptionKind};
    use sylvan_mystic_vale::RULES;
    let doc = MysticVale::option_docs().iter().find(|d| d.name == "rules").unwrap_or_else(|| panic!("a rules option"));
    assert_eq!(doc.default, RULES.to_string());
    assert_eq!(Options::default().rules, RULES);
    let OptionKind::Choice { choices } = doc.kind else { panic!("rules is a choice: {:?}", doc.kind) };
    let want: Vec<String> = (1..=RULES).rev().map(|n| n.to_string()).collect();
    assert_eq!(choices, want);
    for locale in [Locale::En, Locale::Fr] {
        let help = messages().text(locale, doc.help_id, sylvan_words::Args::new());
        let (_, revisions) = help.split_once(": ").unwrap_or_else(|| panic!("a heading: {help}"));
        assert!(revisions.starts_with(&format!("{RULES} (")), "{}: {help}", locale.code());
        for n in 1..RULES {
            let said = [", ", " or ", " ou "].iter().any(|sep| revisions.contains(&format!("{sep}{n} (")));
            assert!(said, "{} does not describe revision {n}: {help}", locale.code());
        }
    }
}
