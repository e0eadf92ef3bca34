//! Rules revision 11 (the third review: rulings MV93 to MV97): each defect as the
//! position a rules judge replayed, under revision 11 and under revision 10 (old records); and revision
//! 10's games pinned from before revision 11 existed.

use sylvan_engine::{Game, Record};
use sylvan_mystic_vale::setup::{Amulets, Leaders};
use sylvan_mystic_vale::{MysticVale, Options};

use crate::common::*;

/// A judge's record (`tests/fixtures/third-review/`, written under revision 10) with its rules revision
/// set to `rules`, replayed: the final game, or the replay's error.
fn replay_under(record: &str, rules: u8) -> Result<MysticVale, String> {
    let mut r: Record<MysticVale> = serde_json::from_str(record).map_err(|e| e.to_string())?;
    r.options.rules = rules;
    sylvan_engine::replay(&r).map_err(|e| e.to_string())
}

const CHORUS_TWICE: &str = include_str!("../../fixtures/third-review/chorus-twice.json");
const CHORUS_AFTER_EXPLORER: &str = include_str!("../../fixtures/third-review/chorus-after-explorer.json");
const CENTAUR_PRIMAL_POWER: &str = include_str!("../../fixtures/third-review/centaur-primal-power.json");
const HEMPERO_STACK: &str = include_str!("../../fixtures/third-review/hempero-stack.json");

/// MV93: "Each ability on an advancement or vale card can only be used once per turn" (EN:675; FR:520), and
/// Earthchant Chorus declares "an advancement" (EN:967): one discounted purchase a turn per Chorus, even on
/// a card with two open slots. The field is the Chorus card and two Fertile Soils (3 mana); `buy 1.1 on
/// c0` then `buy 1.2 on c0`.
#[test]
fn revision_11_earthchant_chorus_discounts_one_purchase_a_turn() {
    let refused = replay_under(CHORUS_TWICE, 11).err().unwrap_or_default();
    assert!(refused.contains("buy 1.2 on c0"), "{refused}");
    let old = replay_under(CHORUS_TWICE, 10).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(old.mana_left(), 3, "revision 10: both purchases at 0");
}

/// MV96: a card Canopy Explorer brings in during the Harvest (after a Conclave of Ents guardian there)
/// is in the field, and so is its Earthchant Chorus (EN:967 "if Earthchant Chorus is on a card in your
/// field"): `buy 1.1 on c5` on that card.
#[test]
fn revision_11_a_chorus_canopy_explorer_brings_in_discounts() {
    let g = replay_under(CHORUS_AFTER_EXPLORER, 11).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.turn.bought.first().and_then(|b| b.target), Some(5), "declared for the Chorus card");
    let refused = replay_under(CHORUS_AFTER_EXPLORER, 10).err().unwrap_or_default();
    assert!(refused.contains("buy 1.1 on c5"), "revision 10 missed the Chorus: {refused}");
}

/// MV94: an on-deck card with Primal Power (top) and Centaur (middle) makes its owner spoil: each "on
/// spoil" ability resolves (EN:675-677, EN:933, EN:1154 "you still gain [VP] from their abilities"), one
/// extra turn.
#[test]
fn revision_11_every_on_spoil_ability_of_the_card_scores() {
    let vp = |g: &MysticVale| g.players[0].vp;
    let new = replay_under(CENTAUR_PRIMAL_POWER, 11).unwrap_or_else(|e| panic!("{e}"));
    let old = replay_under(CENTAUR_PRIMAL_POWER, 10).unwrap_or_else(|e| panic!("{e}"));
    assert!(new.turn.extra_turn || new.players[0].extra_turn_round == new.rounds, "an extra turn");
    assert!(vp(&new) > vp(&old), "both abilities: {} against revision 10's {}", vp(&new), vp(&old));
    assert_eq!(vp(&new) - vp(&old), 2, "Centaur's 2 VP on top of Primal Power's 4");
}

/// MV95: Hempero's upgraded side removes "up to three advancements" (EN:1657); with `stacked_duplicates`
/// each copy of a stack is one of them. The judge takes three copies of a level-3 stack, then two more.
#[test]
fn revision_11_hempero_removes_three_advancements_counting_a_stacks_copies() {
    let refused = replay_under(HEMPERO_STACK, 11).err().unwrap_or_default();
    assert!(refused.contains("ability 3.2"), "the ability ends after three: {refused}");
    let old = replay_under(HEMPERO_STACK, 10).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(old.removed_advs.len(), 5, "revision 10 counted positions");
}

/// MV97: from rules revision 11 a card file that marks an advancement long-wise is refused, naming the
/// card, rather than played as if the flag were not there (the covering of long-wise abilities, EN:560,
/// is not played yet); revision 10 read the flag and ignored it, and its records replay so.
#[test]
fn revision_11_a_long_wise_advancement_in_a_card_file_is_refused() {
    let base = include_str!("../../../data/base.toml");
    let marked = base.replacen("key = \"plow\"\n", "key = \"plow\"\nlong_wise = true\n", 1);
    assert_ne!(marked, base);
    let path = std::env::temp_dir().join(format!("sylvan-long-wise-{}.toml", std::process::id()));
    std::fs::write(&path, marked).unwrap_or_else(|e| panic!("{e}"));
    let options = |rules| Options { cards: path.display().to_string(), rules, ..Options::default() };
    let e = options(11).validate().err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("plow") && e.contains("EN:560"), "{e}");
    assert!(options(10).validate().is_ok(), "revision 10 ignores the flag");
    let _ = std::fs::remove_file(&path);
}

const DEEPRIVER_AFTER_SLEEVING: &str = include_str!("../../fixtures/third-review/deepriver-after-sleeving.json");

/// MV99: Deepriver Crystal "may Evoke this effect during your Harvest or Discard Phase, meaning you may do it
/// even if you Spoil" (EN:1779). The Discard Phase sleeves the purchases, then discards the field: after
/// `sleeve c2` the card just improved may go under the deck (`evoke c2`), without a Spoil.
#[test]
fn revision_11_deepriver_crystal_evokes_in_the_discard_phase_without_a_spoil() {
    let g = replay_under(DEEPRIVER_AFTER_SLEEVING, 11).unwrap_or_else(|e| panic!("{e}"));
    assert!(!g.players[0].token_active, "the amulet was Evoked: its used side is up");
    let refused = replay_under(DEEPRIVER_AFTER_SLEEVING, 10).err().unwrap_or_default();
    assert!(refused.contains("evoke c2"), "revision 10: after a Spoil only: {refused}");
}

/// MV98: the fields are dealt (setup step 5) before the leaders (step 7, EN:2297-2311), each leader
/// shuffled into its player's deck (EN:816): no leader starts in the starting field or on-deck. Revision 10
/// dealt the field from the 20 cards, leader included (about one seat in five).
#[test]
fn revision_11_no_leader_starts_in_the_starting_field() {
    let in_field = |rules: u8| -> usize {
        let mut n = 0;
        for seed in 1..=100 {
            let options = Options { players: 4, leaders: Leaders::Random, ..every_set(rules) };
            let g = MysticVale::new(&options, seed).unwrap_or_else(|e| panic!("{e}"));
            for p in &g.players {
                let Some(l) = p.leader else { panic!("seed {seed}: a leader") };
                n += usize::from(p.field.contains(&l.card) || p.on_deck == Some(l.card));
                assert!(p.deck.contains(&l.card) || rules < 11, "seed {seed}: the leader is in the deck");
            }
        }
        n
    };
    assert_eq!(in_field(11), 0);
    assert!(in_field(10) > 0, "revision 10 dealt leaders into the starting field");
}

/// The revision-10 fixture's options: every set, random leaders and amulets, stacked duplicates, 3 players.
fn rules_10_options() -> Options {
    Options {
        players: 3,
        leaders: Leaders::Random,
        amulets: Amulets::Random,
        stacked_duplicates: true,
        ..every_set(10)
    }
}

/// The fixture's salt (its random players' choices).
const SALT: u64 = 0x000b;

/// Uniform random games of revision 10, as written before revision 11 existed (one line per game: the
/// seed, then every action's notation).
const RULES_10_GAMES: &str = include_str!("../../fixtures/rules-10-random-games.txt");

#[test]
fn rules_10_plays_the_same_games_as_before_revision_11() {
    replay_fixture(RULES_10_GAMES, &rules_10_options(), SALT);
}

/// Writes the fixture (run once, before revision 11: `SYLVAN_WRITE_RULES_10=1`).
#[test]
fn write_rules_10_fixture() {
    write_fixture("SYLVAN_WRITE_RULES_10", "rules-10-random-games.txt", &rules_10_options(), SALT, 40);
}

#[test]
fn revision_11_random_games_keep_the_rules_consistent() {
    let options = Options { rules: 11, ..rules_10_options() };
    random_games_keep_the_rules_consistent(&options, 11, SALT, 40, |_| true);
}
