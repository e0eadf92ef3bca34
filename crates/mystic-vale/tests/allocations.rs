//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games after their setup.

use sylvan_engine::Game;
use sylvan_engine::testing::{CountingAllocator, no_allocations_in_playouts};
use sylvan_mystic_vale::setup::Leaders;
use sylvan_mystic_vale::{MysticVale, Options};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();

#[test]
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
fn rollout_playouts_do_not_allocate() -> Result<(), String> {
    // The rollout policy (Wayfarer Portal, leader abilities, purchases) with every set and leaders.
    use sylvan_engine::{GameRng, Heuristic, NoEvents};
    let mut legal = Vec::with_capacity(1024);
    let mut moves = 0u64;
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
