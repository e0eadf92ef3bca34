//! Explicit setups checked against the box (issues 33 and 38): the copies of each advancement, the
//! stacks of the `stacked_duplicates` variant, Old Bakarab's workshop and the VP pool.

use sylvan_engine::{Game, SetupErrorKind};
use sylvan_mystic_vale::state::EMPTY;
use sylvan_mystic_vale::{MysticVale, Options, Setup};

use crate::common::*;

fn nine() -> Option<[Vec<String>; 3]> {
    commons(
        &["grassland", "wellspring", "dawnsinger"],
        &["plow", "moon-wolf", "druid-s-song"],
        &["aurora", "ent-elder", "lifebloom-orchids"],
    )
}

/// Copies of each advancement in the commons, their stacks and the decks.
fn market_copies(g: &MysticVale) -> Vec<u32> {
    let mut n = vec![0u32; g.db.advancements.len()];
    for l in 0..3 {
        for k in 0..3 {
            if g.commons[l][k] != EMPTY {
                n[usize::from(g.commons[l][k])] += 1 + u32::from(g.commons_stack[l][k]);
            }
        }
        for &a in &g.adv_decks[l] {
            n[usize::from(a)] += 1;
        }
    }
    n
}

#[test]
fn issue_33_defect_11_explicit_commons_replace_the_dealt_stacks() {
    // EN:1835-1840: a stack is copies of a title revealed in the commons; commons given by a setup
    // replace the dealt slots, stacks included, so no copy comes out of nowhere or goes missing.
    let o = Options { stacked_duplicates: true, ..Options::default() };
    let mut stacked = 0;
    for seed in 0..60 {
        let dealt = MysticVale::new(&o, seed).unwrap_or_else(|e| panic!("{e}"));
        if dealt.commons_stack.iter().flatten().all(|&n| n == 0) {
            continue;
        }
        stacked += 1;
        let setup = Setup { commons: nine(), ..Setup::default() };
        let g = MysticVale::from_setup(&o, &setup, seed).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(g.commons_stack, [[0; 3]; 3], "seed {seed}: the setup's commons carry no stack");
        // Every dealt copy is still in the market; a given common the deal had not counted out comes
        // from the box, once.
        let given: Vec<u8> = g.commons.iter().flatten().copied().collect();
        for (id, (&now, &before)) in market_copies(&g).iter().zip(&market_copies(&dealt)).enumerate() {
            let extra = u32::from(given.contains(&(id as u8)) && now != before);
            assert_eq!(now, before + extra, "seed {seed}: copies of `{}`", g.db.advancements[id].key);
        }
    }
    assert!(stacked > 0, "some seed deals a stack");
}

#[test]
fn issue_33_defect_11_a_title_twice_in_the_commons_is_refused_when_duplicates_stack() {
    // EN:1835-1840: with the variant, an advancement "with the title of one already there" goes on that
    // one's slot, so no two commons show one title: a setup showing one twice is refused.
    let o = Options { stacked_duplicates: true, ..Options::default() };
    let setup = Setup { commons: commons(&["grassland", "grassland"], &[], &[]), ..Setup::default() };
    let e = MysticVale::from_setup(&o, &setup, 1).err().unwrap_or_else(|| panic!("accepted"));
    assert!(e.to_string().contains("shown twice"), "{e}");
    // Without the variant, two copies side by side are what the book deals.
    assert!(MysticVale::from_setup(&Options::default(), &setup, 1).is_ok());
}

#[test]
fn issue_38_more_copies_than_the_box_are_refused() {
    let db = MysticVale::new(&Options::default(), 1).unwrap_or_else(|e| panic!("{e}")).db;
    let a = db.advancements.iter().find(|a| a.level == 1 && a.copies == 3).unwrap_or_else(|| panic!("no level 1"));
    let deck = |n: usize| Some([vec![a.key.clone(); n], Vec::new(), Vec::new()]);
    // Three copies in the deck are the box's (the dealt commons may show another: none of them here).
    let fine = Setup { adv_decks: deck(3), commons: commons(&[], &[], &[]), ..Setup::default() };
    assert!(MysticVale::from_setup(&Options::default(), &fine, 1).is_ok());
    for n in [4, 10_000] {
        let setup = Setup { adv_decks: deck(n), ..Setup::default() };
        let e = MysticVale::from_setup(&Options::default(), &setup, 1).err().unwrap_or_else(|| panic!("{n} accepted"));
        assert_eq!(e.kind, SetupErrorKind::Components);
        assert!(e.to_string().contains(&format!("{n} copies of `{}`", a.key)), "{e}");
    }
    // The workshop's copies count with the decks'.
    let every = Options { sets: "base,magic,wild,manastorm".into(), ..Options::default() };
    let mut p = quiet();
    p.leader = Some("old-bakarab".into());
    p.workshop = vec![a.key.clone(); 2];
    let setup = Setup { players: vec![p, quiet()], adv_decks: deck(2), ..Setup::default() };
    let e = MysticVale::from_setup(&every, &setup, 1).err().unwrap_or_else(|| panic!("accepted"));
    assert!(e.to_string().contains(&format!("4 copies of `{}`", a.key)), "{e}");
}

#[test]
fn issue_38_a_workshop_needs_old_bakarab() {
    // EN:1692-1716: the workshop is Old Bakarab's.
    let every = Options { sets: "base,magic,wild,manastorm".into(), ..Options::default() };
    let mut p = quiet();
    p.workshop = vec!["grassland".into()];
    let setup = Setup { players: vec![p.clone(), quiet()], ..Setup::default() };
    let e = MysticVale::from_setup(&Options::default(), &setup, 1).err().unwrap_or_else(|| panic!("accepted"));
    assert!(e.to_string().contains("players[0].workshop"), "{e}");
    assert!(MysticVale::from_setup(&every, &setup, 1).is_err(), "no leader, no workshop");
    p.leader = Some("old-bakarab".into());
    let setup = Setup { players: vec![p, quiet()], ..Setup::default() };
    MysticVale::from_setup(&every, &setup, 1).unwrap_or_else(|e| panic!("Old Bakarab's workshop: {e}"));
}

#[test]
fn issue_38_the_pool_holds_at_most_the_box_tokens() {
    // EN:148-149: 44 tokens of 1 VP and 12 of 5.
    let pool = |n| MysticVale::from_setup(&Options::default(), &Setup { pool: Some(n), ..Setup::default() }, 1);
    assert!(pool(104).is_ok());
    for n in [105, 65_535] {
        let e = pool(n).err().unwrap_or_else(|| panic!("pool {n} accepted"));
        assert!(e.to_string().contains("pool") && e.to_string().contains("104"), "{e}");
    }
}

#[test]
fn sleeved_copies_count_against_the_box() {
    // MV86: the copies sleeved in the players' cards come from the same box as the commons and decks.
    let db = MysticVale::new(&Options::default(), 1).unwrap_or_else(|e| panic!("{e}")).db;
    let a = db.advancements.iter().find(|a| a.level == 1 && a.copies == 3).unwrap_or_else(|| panic!("no level 1"));
    let key: &str = &a.key;
    let deck = |n: usize| Some([vec![a.key.clone(); n], Vec::new(), Vec::new()]);
    let sleeved = |n: usize| player(&vec![&[key] as &[&str]; n], &[], Some(0), &(1..20).collect::<Vec<u8>>());
    let none = commons(&[], &[], &[]);
    // The box's three copies: sleeved, or split between a player's cards and the deck.
    for (cards, decked) in [(3, 0), (2, 1)] {
        let setup = Setup {
            players: vec![sleeved(cards), quiet()],
            adv_decks: deck(decked),
            commons: none.clone(),
            ..Setup::default()
        };
        MysticVale::from_setup(&Options::default(), &setup, 1).unwrap_or_else(|e| panic!("{cards} + {decked}: {e}"));
    }
    // One more, in either seat: refused, naming the cards where the count goes over.
    for (p0, p1, field) in [(4, 0, "players[0].cards"), (2, 2, "players[1].cards"), (20, 0, "players[0].cards")] {
        let setup = Setup { players: vec![sleeved(p0), sleeved(p1)], commons: none.clone(), ..Setup::default() };
        let e = MysticVale::from_setup(&Options::default(), &setup, 1)
            .err()
            .unwrap_or_else(|| panic!("{p0} + {p1} accepted"));
        assert_eq!((e.kind, e.field.as_str()), (SetupErrorKind::Components, field), "{e}");
        assert!(e.to_string().contains(&format!("{} copies of `{key}`", p0 + p1)), "{e}");
    }
    // With a deck copy, three sleeved copies are one too many: the deck is counted first.
    let setup = Setup { players: vec![sleeved(3), quiet()], adv_decks: deck(1), commons: none, ..Setup::default() };
    let e = MysticVale::from_setup(&Options::default(), &setup, 1).err().unwrap_or_else(|| panic!("accepted"));
    assert_eq!(e.field, "players[0].cards", "{e}");
}

#[test]
fn the_fertile_soil_supply_is_a_setup_field() {
    // EN:299: the Fertile Soils are a separate deck; EN:524: "When buying a Fertile Soil, you may buy any
    // one you want" — of those left. A setup gives what is left per slot; an empty slot cannot be bought.
    let p = player(&[&[FS], &[FS], &[FS], &[CL]], &[0, 1, 2], Some(3), &[4]);
    let setup = Setup { start: 0, players: vec![p, quiet()], soil: Some([0, 2, 6]), ..Setup::default() };
    let mut g = MysticVale::from_setup(&Options::default(), &setup, 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.soil, [0, 2, 6]);
    act(&mut g, "pass");
    assert_eq!(g.mana_left(), 3);
    let soils: Vec<String> = legal(&g).into_iter().filter(|a| a.starts_with("buy soil")).collect();
    assert_eq!(soils, ["buy soil.middle", "buy soil.bottom"], "none left for the top slot");
    act(&mut g, "buy soil.middle");
    assert_eq!(g.soil, [0, 1, 6]);
    // Without the field, the full supply: EN:140's 18, six per slot in the card data (`[[soil]] slots`).
    let full = Setup { soil: None, ..setup };
    assert_eq!(MysticVale::from_setup(&Options::default(), &full, 1).map(|g| g.soil).ok(), Some([6, 6, 6]));
}

#[test]
fn a_fertile_soil_supply_beyond_the_box_is_refused() {
    let setup = Setup { soil: Some([6, 7, 0]), ..Setup::default() };
    let e = MysticVale::from_setup(&Options::default(), &setup, 1).err().unwrap_or_else(|| panic!("accepted"));
    assert!(e.to_string().contains("soil[1]") && e.to_string().contains("box holds 6"), "{e}");
}
