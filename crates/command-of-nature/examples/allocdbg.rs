//! Debug: where play allocates.
use sylvan_command_of_nature::CommandOfNature;
use sylvan_engine::testing::CountingAllocator;
use sylvan_engine::{Game, GameRng, NoEvents};
#[global_allocator]
static ALLOC: CountingAllocator = CountingAllocator::new();
fn main() {
    let _ = sylvan_command_of_nature::actions::all_actions();
    let Ok(options) = CommandOfNature::options_for_players(2) else { return };
    let mut rng = GameRng::new(0xa110c);
    let mut legal = Vec::with_capacity(1024);
    for g in 0..3u64 {
        let Ok(mut state) = CommandOfNature::new(&options, g) else { return };
        let mut step = 0;
        while state.to_move().is_some() {
            state.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            let before = ALLOC.allocations();
            let snapshot = format!("{:?} {:?} {:?}", state.phase, state.question, state.stack);
            let b2 = ALLOC.allocations();
            state.apply_unchecked(a, &mut NoEvents);
            if ALLOC.allocations() != b2 {
                println!("game {g} step {step}: {a} allocated {}; {snapshot}", ALLOC.allocations() - b2);
            }
            let _ = before;
            step += 1;
        }
    }
}
