//! `apply` and legal-action listing allocate nothing on the heap in steady state: a counting global
//! allocator watches whole random games after their setup, in both modes and for both teams.

use sylvan_engine::testing::{CountingAllocator, no_allocations_in_playouts};
use sylvan_spirit_duel::{Options, SpiritDuel, Team};

#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();

#[test]
fn legal_actions_and_apply_do_not_allocate() -> Result<(), String> {
    let mut moves = 0;
    for solo in [false, true] {
        for team in [Team::A, Team::B] {
            moves += no_allocations_in_playouts::<SpiritDuel>(
                &ALLOC,
                &Options { solo, team, ..Options::default() },
                300,
                0,
            )?;
        }
    }
    assert!(moves > 10_000, "{moves}");
    Ok(())
}
