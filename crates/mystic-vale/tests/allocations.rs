//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games after their setup. Release builds only (CI's `cargo test
//! --release`): in a debug build the debug assertions' references allocate (for example a copy of the
//! state recounted in `gain_vp_now` and `refresh_card`, a sorted copy of the list in `merge_sorted`).

use sylvan_engine::Game;
use sylvan_engine::testing::{CountingAllocator, no_allocations_in_playouts};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn legal_actions_and_apply_do_not_allocate() -> Result<(), String> {
    let mut moves = 0;
    for players in 2..=4 {
        let options = MysticVale::options_for_players(players).map_err(|e| e.to_string())?;
        moves += no_allocations_in_playouts::<MysticVale>(&ALLOC, &options, 200, 0)?;
    }
    // Vale of the Wild with leaders (the leader choice is made in the setup's first moves).
    for players in 2..=4 {
        let base = MysticVale::options_for_players(players).map_err(|e| e.to_string())?;
        let options = Options { sets: "base,wild".into(), leaders: Leaders::Random, ..base };
        moves += no_allocations_in_playouts::<MysticVale>(&ALLOC, &options, 100, 7)?;
    }
    assert!(moves > 75_000, "{moves}");
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn with_vale_of_magic_nothing_allocates() -> Result<(), String> {
    let mut moves = 0;
    for players in 2..=4 {
        let options = Options { players, sets: "base,magic".into(), ..Options::default() };
        moves += no_allocations_in_playouts::<MysticVale>(&ALLOC, &options, 200, 0)?;
    }
    assert!(moves > 50_000, "{moves}");
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn with_the_essential_edition_nothing_allocates() -> Result<(), String> {
    // Every set, the draft and amulets.
    let mut moves = 0;
    for players in 2..=4 {
        let options = Options { players, edition: sylvan_mystic_vale::setup::Edition::Essential, ..Options::default() };
        moves += no_allocations_in_playouts::<MysticVale>(&ALLOC, &options, 100, 3)?;
    }
    assert!(moves > 50_000, "{moves}");
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn with_conclaves_and_the_variants_nothing_allocates() -> Result<(), String> {
    // Six random conclaves make the decks; both variants.
    let mut moves = 0;
    for players in 2..=4 {
        let options = Options {
            players,
            conclaves: "random".into(),
            buy_vp: true,
            stacked_duplicates: true,
            ..Options::default()
        };
        moves += no_allocations_in_playouts::<MysticVale>(&ALLOC, &options, 100, 5)?;
    }
    assert!(moves > 50_000, "{moves}");
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn rollout_playouts_do_not_allocate() -> Result<(), String> {
    // The rollout policy (Wayfarer Portal, leader abilities, purchases) with every set and leaders.
    use sylvan_engine::{GameRng, Heuristic, NoEvents};
    let mut legal = Vec::with_capacity(1024);
    let mut moves = 0u64;
    // The heuristic's per-thread memos (`memo.rs`, read by the rollout policy's card prices) make their
    // fixed tables once per thread, at their first use: here, one decision of the heuristic.
    let warm = MysticVale::new(&Options::default(), 0).map_err(|e| e.to_string())?;
    warm.legal_actions(&mut legal);
    let seat = warm.to_move().ok_or("no seat to move")?;
    MysticVale::heuristic_action(&warm.view(seat), &legal, &mut GameRng::new(0));
    for players in 2..=4 {
        let options =
            Options { players, sets: "base,magic,wild".into(), leaders: Leaders::Random, ..Options::default() };
        for seed in 0..60 {
            let mut g = MysticVale::new(&options, seed).map_err(|e| e.to_string())?;
            let mut rng = GameRng::new(seed);
            let before = ALLOC.allocations();
            while g.to_move().is_some() {
                g.legal_actions(&mut legal);
                let a = MysticVale::rollout_action(&g, &legal, &mut rng);
                g.apply_unchecked(a, &mut NoEvents);
                moves += 1;
            }
            let made = ALLOC.allocations() - before;
            if made != 0 {
                return Err(format!("seed {seed}, {players} players: {made} heap allocations in a rollout game"));
            }
        }
    }
    assert!(moves > 20_000, "{moves}");
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn cyrilla_copies_and_card_choices_do_not_allocate() -> Result<(), String> {
    // Cyrilla's upgraded side copying Ley Line Overflow, Canopy Explorer and Magpie (whose choices then
    // follow), from explicit setups: every apply after the setup allocates nothing.
    use sylvan_engine::NoEvents;
    use sylvan_mystic_vale::{Action, Setup, SetupPlayer};
    let player = |given: &[&[&str]], field: &[u8], on_deck: u8, deck: &[u8]| {
        let mut cards: Vec<Vec<String>> = given.iter().map(|c| c.iter().map(|s| s.to_string()).collect()).collect();
        cards.resize(20, Vec::new());
        let used: Vec<u8> = field.iter().chain(deck).chain([on_deck].iter()).copied().collect();
        SetupPlayer {
            cards,
            field: field.to_vec(),
            on_deck: Some(on_deck),
            deck: deck.to_vec(),
            discard: (0..20).filter(|c| !used.contains(c)).collect(),
            ..SetupPlayer::default()
        }
    };
    let options = Options { players: 3, sets: "base,magic,wild,manastorm".into(), ..Options::default() };
    let cases: [(&str, &[&str]); 3] = [
        ("ley-line-overflow", &["ability c0", "ability p1 c0 middle", "done"]),
        ("canopy-explorer", &["ability c0", "ability p1 c0 top", "done"]),
        ("magpie", &["ability c0", "ability p1 c0 bottom", "ability c5", "ability c6", "decline", "done"]),
    ];
    for (key, script) in cases {
        let mut p0 = player(&[&["totem-chief"]], &[0, 1, 19], 2, &[3, 4]);
        p0.leader = Some("cyrilla".into());
        p0.leader_upgraded = true;
        let p1 = player(&[&[key]], &[0], 1, &[2]);
        let p2 = player(&[], &[], 10, &[11]);
        let setup = Setup { start: 0, players: vec![p0, p1, p2], ..Setup::default() };
        let mut g = MysticVale::from_setup(&options, &setup, 7).map_err(|e| e.to_string())?;
        let actions: Vec<Action> = std::iter::once("pass")
            .chain(script.iter().copied())
            .map(|a| a.parse().map_err(|e| format!("{e}")))
            .collect::<Result<_, _>>()?;
        let mut legal = Vec::with_capacity(1024);
        let before = ALLOC.allocations();
        for &a in &actions {
            g.legal_actions(&mut legal);
            if !legal.contains(&a) {
                return Err(format!("{key}: {a} is not legal"));
            }
            g.apply_unchecked(a, &mut NoEvents);
        }
        let made = ALLOC.allocations() - before;
        if made != 0 {
            return Err(format!("{key}: {made} heap allocations"));
        }
    }
    Ok(())
}

#[test]
#[cfg_attr(debug_assertions, ignore = "release builds only: the debug assertions' references allocate")]
fn heuristic_harvest_decisions_do_not_allocate() -> Result<(), String> {
    // The heuristic's Harvest Phase decisions with purchases on offer (its vales, its offers and its best
    // purchase plan: most of what `expert`'s playouts decide) allocate nothing once the view is made
    // (making a view allocates; that is the caller's). Whole games played by the heuristic, with the base
    // game and with every set, leaders and amulets (Earthchant Chorus: `buy … on cN`).
    use sylvan_engine::{GameRng, Heuristic, NoEvents};
    use sylvan_mystic_vale::setup::Amulets;
    use sylvan_mystic_vale::{Action, Phase, View};
    let mut legal = Vec::with_capacity(1024);
    let (mut decisions, mut onto) = (0u64, 0u64);
    let mut chorus: Option<(View, Vec<Action>)> = None;
    // The per-thread memos are made at their first use (see `rollout_playouts_do_not_allocate`).
    let warm = MysticVale::new(&Options::default(), 0).map_err(|e| e.to_string())?;
    warm.legal_actions(&mut legal);
    let seat = warm.to_move().ok_or("no seat to move")?;
    MysticVale::heuristic_action(&warm.view(seat), &legal, &mut GameRng::new(0));
    let every_set = Options {
        sets: "base,magic,wild,manastorm".into(),
        leaders: Leaders::Random,
        amulets: Amulets::Random,
        ..Options::default()
    };
    for (options, games) in [(Options::default(), 20), (every_set, 40)] {
        for players in 2..=4 {
            let options = Options { players, ..options.clone() };
            for seed in 0..games {
                let mut g = MysticVale::new(&options, seed).map_err(|e| e.to_string())?;
                let mut rng = GameRng::new(seed);
                while let Some(seat) = g.to_move() {
                    g.legal_actions(&mut legal);
                    let view = g.view(seat);
                    let buying = g.phase == Phase::Harvest
                        && legal.iter().any(|a| matches!(a, Action::Buy(_) | Action::BuyOn(..)));
                    let before = ALLOC.allocations();
                    let a = MysticVale::heuristic_action(&view, &legal, &mut rng);
                    let made = ALLOC.allocations() - before;
                    if buying {
                        if made != 0 {
                            return Err(format!(
                                "seed {seed}, {players} players, sets {}: {made} heap allocations choosing {a}",
                                options.sets
                            ));
                        }
                        decisions += 1;
                        if legal.iter().any(|a| matches!(a, Action::BuyOn(..))) {
                            onto += 1;
                            // One where the heuristic weighs its purchase plan, for the check below.
                            if matches!(a, Action::Buy(_) | Action::BuyOn(..)) {
                                chorus.get_or_insert_with(|| (view.clone(), legal.clone()));
                            }
                        }
                    }
                    g.apply_unchecked(a, &mut NoEvents);
                }
            }
        }
    }
    assert!(decisions > 10_000 && onto > 100, "{decisions} decisions, {onto} with purchases onto a card");
    // Past the bound of 252 offers, 12 plain and 240 onto a card (a list repeating the purchases onto a
    // card; a legal list holds each once), the offers move to the heap, the only case that allocates, and
    // none is lost: the choice is legal. The purchases onto a card alone pass the bound.
    let (view, legal) = chorus.ok_or("no purchase onto a card")?;
    let mut long = legal.clone();
    let repeated: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::BuyOn(..))).collect();
    while long.iter().filter(|a| matches!(a, Action::BuyOn(..))).count() <= 252 {
        long.extend_from_slice(&repeated);
    }
    let before = ALLOC.allocations();
    let a = MysticVale::heuristic_action(&view, &long, &mut GameRng::new(0));
    assert!(ALLOC.allocations() > before, "the offers past the bound are on the heap");
    assert!(legal.contains(&a), "{a}");
    Ok(())
}
