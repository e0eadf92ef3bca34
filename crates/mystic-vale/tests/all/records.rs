//! Old records keep replaying: records in an older notation, checked into `tests/fixtures`.

use sylvan_engine::erased::{GameType, Typed};
use sylvan_engine::{Game, NoEvents, Record, replay, replay_actions};
use sylvan_mystic_vale::{Action, MysticVale};

/// A two-player Essential Edition game (seed 29, heuristic players) in which Halo Mountain spends three
/// spirits, written as before ruling MV70: `ability 1` per spirit, the kind with the most left. It was
/// made from today's game by writing `ability 1` where the spirit chosen was the one that rule took.
const HALO_ABILITY_1: &str = include_str!("../fixtures/halo-mountain-ability-1.json");

/// The steps of `record` whose action is not legal as written (the older notation's).
fn illegal_as_written(record: &Record<MysticVale>) -> Vec<usize> {
    let mut g = record.initial_state().unwrap_or_else(|e| panic!("{e}"));
    let (_, applied) = replay_actions(record).unwrap_or_else(|e| panic!("{e}"));
    let parsed = record.parsed_actions().unwrap_or_else(|e| panic!("{e}"));
    let mut steps = Vec::new();
    for (step, (&written, &meant)) in parsed.iter().zip(&applied).enumerate() {
        if !g.is_legal(written) {
            steps.push(step);
        }
        g.apply_unchecked(meant, &mut NoEvents);
    }
    steps
}

#[test]
fn issue_16_halo_mountain_ability_1_of_old_records_replays() {
    let record = Record::<MysticVale>::from_json(HALO_ABILITY_1).unwrap_or_else(|e| panic!("{e}"));
    // The whole game replays, and its final scores are those recorded.
    let end = replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(end.is_terminal());
    // Three steps are in the older notation, each Halo Mountain's `ability 1`, replayed as one spirit of
    // the kind with the most left.
    let old = illegal_as_written(&record);
    assert_eq!(old.len(), 3, "{old:?}");
    let (_, applied) = replay_actions(&record).unwrap_or_else(|e| panic!("{e}"));
    for &k in &old {
        assert_eq!(record.actions[k], "ability 1");
        assert!(matches!(applied[k], Action::AbilitySpirit(_)), "step {k}: {}", applied[k]);
    }
    // Through the type-erased game (the CLI, the server, Python): the record it writes is in today's
    // notation and replays as written.
    let game = Typed::<MysticVale>::new().replay(HALO_ABILITY_1, None).unwrap_or_else(|e| panic!("{e}"));
    let rewritten: Record<MysticVale> = serde_json::from_value(game.record()).unwrap_or_else(|e| panic!("{e}"));
    assert!(illegal_as_written(&rewritten).is_empty());
    assert_eq!(rewritten.actions[old[0]], applied[old[0]].to_string());
    assert_eq!(replay(&rewritten).map(|g| g.scores()).ok(), Some(end.scores()));
}

#[test]
fn ability_1_is_no_alias_outside_halo_mountain() {
    // The first decision is the draft: `ability 1` means nothing there, old notation or new.
    let mut record = Record::<MysticVale>::from_json(HALO_ABILITY_1).unwrap_or_else(|e| panic!("{e}"));
    record.actions.insert(0, "ability 1".to_owned());
    record.scores = None;
    let err = replay(&record).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("ability 1") && err.contains("action 0 "), "{err}");
}

/// A four-player Essential Edition game (seed 33; p0 always took the first legal action, the others the
/// heuristic) written by the engine before rules revision 3 (`sylvan play`, rules revision 2, the default
/// then): gains kept at their best, no `use` decisions.
const RULES_2_ESSENTIAL: &str = include_str!("../fixtures/rules-2-essential-4p.json");

#[test]
fn rules_revision_2_records_replay_unchanged() {
    let record = Record::<MysticVale>::from_json(RULES_2_ESSENTIAL).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.options.rules, 2);
    assert!(illegal_as_written(&record).is_empty(), "every action legal as written");
    let end = replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(end.is_terminal());
    assert_eq!(Some(end.scores()), record.scores, "the recorded final scores");
}

/// Issue 33: the per-ability state moved from `Player` and `Turn` into the effect modules is flattened
/// under the keys it always had, in a state's JSON and in a view's (the web board reads `workshop`,
/// `claims` and `silver_tree`), and both still round-trip.
#[test]
fn issue_33_per_ability_state_keeps_its_json_keys() {
    let Ok(options) = MysticVale::options_for_players(2) else { panic!("options") };
    let Ok(mut g) = MysticVale::new(&options, 7) else { panic!("deal") };
    g.players[0].fx.plus_guardian.second = Some((3, false));
    g.players[1].fx.bog_planting.placed = Some(5);
    g.turn.fx.discard_on_evoke.waiting = true;
    g.turn.fx.multiply_mana.left = 1 << 4;
    let player_keys = [
        "arbor_growth",
        "druid_used",
        "druid_prep",
        "conclave",
        "conclave2",
        "decay_cancel",
        "aether",
        "ember",
        "revealed_outside",
        "bog",
        "workshop",
        "boost",
    ];
    let turn_keys = [
        "free_level",
        "portal_used",
        "sow",
        "kept",
        "pool_kept",
        "converted",
        "converters_used",
        "conclave_used",
        "conclaves_used",
        "chorus",
        "mana_factor",
        "overflow_left",
        "overflow_kept",
        "raw_mana",
        "added",
        "searches_left",
        "vales_taken",
        "vale_choice",
        "guardian_plus",
        "graft",
        "copy",
        "claims",
        "claimed",
        "replayed",
        "silver_tree",
        "last_prep",
        "turn_back",
        "pushed",
        "sleeved_now",
    ];
    let Ok(json) = serde_json::to_value(&g) else { panic!("state to JSON") };
    for k in player_keys {
        assert!(json["players"][0].get(k).is_some(), "state: player key {k}");
    }
    for k in turn_keys {
        assert!(json["turn"].get(k).is_some(), "state: turn key {k}");
    }
    assert_eq!(json["players"][0]["conclave2"], serde_json::json!([3, false]));
    assert_eq!(json["players"][1]["bog"], serde_json::json!(5));
    assert_eq!(json["turn"]["silver_tree"], serde_json::json!(true));
    assert_eq!(json["turn"]["overflow_left"], serde_json::json!(16));
    let Ok(back) = serde_json::from_value::<MysticVale>(json) else { panic!("state from JSON") };
    assert!(back == g, "the state round-trips");
    let view = g.view(sylvan_engine::Seat(1));
    let Ok(vjson) = serde_json::to_value(&view) else { panic!("view to JSON") };
    for k in ["workshop", "bog", "conclave", "conclave2", "arbor_growth", "ember", "boost", "aether"] {
        assert!(vjson["players"][0].get(k).is_some(), "view: player key {k}");
    }
    assert_eq!(vjson["players"][1]["bog"], serde_json::json!(5));
    assert_eq!(vjson["turn"]["silver_tree"], serde_json::json!(true));
}

/// A random two-player Essential Edition game on rules revision 8 (the 10,000-game conformance line's
/// game 29,000,072, its first 348 actions): Old Bakarab's upgraded side sleeves a workshop advancement on
/// a field card whose Call of the Hunt waits to be resolved (MV91), and the card goes under the deck
/// (EN:1710-1712). Its fill left the field with it (EN:478: a Harvest ability is resolved from the
/// field), so it holds back nothing: `done` is legal and the game plays on to its end. Before the fix
/// the card's waiting fill stayed recorded, `done` was refused and no action was legal.
#[test]
fn a_waiting_fill_sent_under_the_deck_by_old_bakarab_holds_back_nothing() {
    let json = include_str!("../fixtures/rules-8-workshop-sends-a-waiting-card-away.json");
    let record = Record::<MysticVale>::from_json(json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.actions.last().map(String::as_str), Some("buy 1.1"));
    let mut g = replay(&record).unwrap_or_else(|e| panic!("{e}"));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.contains(&Action::Done), "{legal:?}");
    let mut rng = sylvan_engine::GameRng::new(7);
    while g.to_move().is_some() {
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action at move {}", g.move_number());
        g.apply_unchecked(legal[rng.index(legal.len())], &mut NoEvents);
    }
}
