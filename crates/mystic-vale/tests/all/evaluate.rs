//! The search evaluation ([`Heuristic::evaluate`]): projected final scores and the returns estimated
//! from them, offered only in a Planting Phase.

use sylvan_engine::{Game, GameRng, Heuristic, NoEvents, Seat};
use sylvan_mystic_vale::heuristic::{CLEAR_LEAD, estimated_returns, projected_scores};
use sylvan_mystic_vale::{MysticVale, Phase};

/// Heuristic games at `players` seats, checking the evaluation at every decision.
#[test]
fn evaluation_only_in_planting_and_a_sound_estimate() {
    for players in 2..=4 {
        let Ok(options) = MysticVale::options_for_players(players) else { panic!("options for {players}") };
        for seed in 0..6 {
            let Ok(mut state) = MysticVale::new(&options, seed) else { panic!("deal {seed}") };
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let mut evaluated = 0;
            while let Some(seat) = state.to_move() {
                let e = MysticVale::evaluate(&state);
                assert_eq!(e.is_some(), state.phase == Phase::Planting, "phase {:?}", state.phase);
                if let Some(values) = e {
                    evaluated += 1;
                    assert_eq!(values.len(), players);
                    assert!(values.iter().all(|v| (0.0..=1.0).contains(v)), "{values:?}");
                    let scores = projected_scores(&state).unwrap_or_default();
                    // The best projection gets the best value.
                    let best = (0..players).max_by(|&a, &b| scores[a].total_cmp(&scores[b])).unwrap_or(0);
                    assert!(values.iter().all(|&v| v <= values[best] + 1e-12), "{scores:?} {values:?}");
                    if players == 2 {
                        assert!((values[0] + values[1] - 1.0).abs() < 1e-9, "{values:?}");
                    }
                }
                state.legal_actions(&mut legal);
                let a = MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng);
                state.apply_unchecked(a, &mut NoEvents);
            }
            assert!(evaluated > 20, "only {evaluated} evaluation points");
            assert_eq!(MysticVale::evaluate(&state), None, "a finished game is not estimated");
        }
    }
}

/// VP banked moves the projection point for point, and a lead of `CLEAR_LEAD` is valued 0.5 + tanh(1)/2.
#[test]
fn banked_vp_counts_in_full() {
    let Ok(options) = MysticVale::options_for_players(2) else { panic!("options") };
    let Ok(state) = MysticVale::new(&options, 3) else { panic!("deal") };
    assert_eq!(state.phase, Phase::Planting);
    let (Some(before), Some(v0)) = (projected_scores(&state), estimated_returns(&state)) else { panic!("planting") };
    let mut richer = state.clone();
    richer.players[0].vp += 7;
    let Some(after) = projected_scores(&richer) else { panic!("planting") };
    assert!((after[0] - before[0] - 7.0).abs() < 1e-9, "{before:?} → {after:?}");
    assert!((after[1] - before[1]).abs() < 1e-9);
    // At the start both seats hold the same cards: equal projections, even values.
    assert!((v0[0] - 0.5).abs() < 1e-9 && (v0[1] - 0.5).abs() < 1e-9, "{v0:?}");
    let mut ahead = state.clone();
    ahead.players[Seat(1).index()].vp += CLEAR_LEAD as u16;
    let Some(v) = estimated_returns(&ahead) else { panic!("planting") };
    assert!((v[1] - (0.5 + 0.5 * 1f64.tanh())).abs() < 1e-9, "{v:?}");
}
