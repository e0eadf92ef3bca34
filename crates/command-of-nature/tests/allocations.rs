//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games after their setup.
//!
//! The allocator counts every thread, so this test runs without the libtest harness (`harness = false`
//! in `Cargo.toml`): the harness's own thread could otherwise allocate while a game is being watched.

use std::process::ExitCode;

use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::Game;
use sylvan_engine::testing::{CountingAllocator, no_allocations_in_playouts};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();

fn check() -> Result<u64, String> {
    // Load the card table and the action list before counting.
    let _ = sylvan_command_of_nature::actions::all_actions();
    let mut moves = 0;
    for players in [2, 4] {
        let options = CommandOfNature::options_for_players(players).map_err(|e| e.to_string())?;
        moves += no_allocations_in_playouts::<CommandOfNature>(&ALLOC, &options, 60, 0)?;
    }
    if moves <= 50_000 {
        return Err(format!("only {moves} moves played"));
    }
    Ok(moves)
}

fn main() -> ExitCode {
    match check() {
        Ok(moves) => {
            println!("legal_actions_and_apply_do_not_allocate: ok ({moves} moves)");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("legal_actions_and_apply_do_not_allocate: FAILED: {e}");
            ExitCode::FAILURE
        }
    }
}
