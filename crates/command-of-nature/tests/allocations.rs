//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games after their setup.

use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::Game;
use sylvan_engine::testing::{CountingAllocator, no_allocations_in_playouts};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();

#[test]
fn legal_actions_and_apply_do_not_allocate() -> Result<(), String> {
    // Load the card table and the action list before counting.
    let _ = sylvan_command_of_nature::actions::all_actions();
    let mut moves = 0;
    for players in [2, 4] {
        let options = CommandOfNature::options_for_players(players).map_err(|e| e.to_string())?;
        moves += no_allocations_in_playouts::<CommandOfNature>(&ALLOC, &options, 60, 0)?;
    }
    assert!(moves > 50_000, "{moves}");
    Ok(())
}
