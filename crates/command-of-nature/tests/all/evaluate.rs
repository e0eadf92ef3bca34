//! The search evaluation ([`Heuristic::evaluate`]): material compared between the sides, offered only
//! between steps of a turn.

use sylvan_command_of_nature::heuristic::{CLEAR_LEAD, material};
use sylvan_command_of_nature::{Class, CommandOfNature, Phase};
use sylvan_engine::{Game, GameRng, Heuristic, NoEvents};

#[test]
fn evaluation_between_steps_with_sides_complementary() {
    for players in [2, 4] {
        let Ok(options) = CommandOfNature::options_for_players(players) else { panic!("options for {players}") };
        for seed in 0..4 {
            let Ok(mut state) = CommandOfNature::new(&options, seed) else { panic!("deal {seed}") };
            let mut rng = GameRng::new(seed);
            let mut legal = Vec::new();
            let (mut evaluated, mut declined) = (0, 0);
            while let Some(seat) = state.to_move() {
                let quiet = matches!(state.phase, Phase::Daybreak | Phase::Actions | Phase::Market)
                    && state.attack.is_none()
                    && state.question.is_none()
                    && state.stack.is_empty();
                let e = CommandOfNature::evaluate(&state);
                assert_eq!(e.is_some(), quiet, "phase {:?}", state.phase);
                match e {
                    Some(v) => {
                        evaluated += 1;
                        assert_eq!(v.len(), players);
                        assert!((v[0] + v[1] - 1.0).abs() < 1e-9, "{v:?}");
                        if players == 4 {
                            assert_eq!((v[0], v[1]), (v[2], v[3]), "partners are valued alike");
                        }
                        let lead = material(&state, 0) - material(&state, 1);
                        assert!((v[0] - (0.5 + 0.5 * (lead / CLEAR_LEAD).tanh())).abs() < 1e-9);
                    }
                    None => declined += 1,
                }
                state.legal_actions(&mut legal);
                let a = CommandOfNature::heuristic_action(&state.view(seat), &legal, &mut rng);
                state.apply_unchecked(a, &mut NoEvents);
            }
            assert!(evaluated > 10 && declined > 10, "{evaluated} evaluated, {declined} declined");
            assert_eq!(CommandOfNature::evaluate(&state), None, "a finished game is not estimated");
        }
    }
}

/// Damage to a side's Sage lowers its material four points per point of health.
#[test]
fn sage_damage_weighs_four_times() {
    let Ok(options) = CommandOfNature::options_for_players(2) else { panic!("options") };
    let Ok(mut state) = CommandOfNature::new(&options, 1) else { panic!("deal") };
    let mut legal = Vec::new();
    while state.phase == Phase::Setup {
        state.legal_actions(&mut legal);
        state.apply_unchecked(legal[0], &mut NoEvents);
    }
    let before = material(&state, 1);
    let mut hurt = state.clone();
    let sage = hurt.formations[1].iter_mut().flatten().flatten().find(|u| u.card.class() == Class::Sage);
    let Some(sage) = sage else { panic!("side 1 has a Sage") };
    sage.dmg += 2;
    assert!((material(&hurt, 1) - (before - 8.0)).abs() < 1e-9);
    assert_eq!(material(&hurt, 0), material(&state, 0));
}
