//! Mystic Vale's learned evaluation (issue 40): the committed weights fit the observation tensor they
//! read (a changed layout is refused), `eval=learned` builds where a game has a network and is refused
//! where it has none, and the network's estimates say something about who wins.

use serde_json::Value;
use sylvan_bots::{BotSpec, NetScratch};
use sylvan_engine::{Game, GameRng, Heuristic, MAX_SEATS, NoEvents, Seat};
use sylvan_mystic_vale::MysticVale;
use sylvan_registry::Registry;
use sylvan_registry::learned::{Learned, MYSTIC_VALE_V1, load};

use super::TestResult;

/// The weights file with its header changed by `edit`.
fn edited(edit: impl FnOnce(&mut Value)) -> Result<Vec<u8>, String> {
    let end = MYSTIC_VALE_V1.iter().position(|&b| b == b'\n').ok_or("no header line")?;
    let mut header: Value = serde_json::from_slice(&MYSTIC_VALE_V1[..end]).map_err(|e| e.to_string())?;
    edit(&mut header);
    let mut out = serde_json::to_vec(&header).map_err(|e| e.to_string())?;
    out.extend_from_slice(&MYSTIC_VALE_V1[end..]);
    Ok(out)
}

#[test]
fn the_weights_fit_the_observation_tensor_of_their_options() -> TestResult {
    let net = load::<MysticVale>(MYSTIC_VALE_V1)?;
    let registry = Registry::standard();
    let entry = registry.get("mystic-vale").map_err(|e| e.to_string())?;
    let layout = entry.observation_layout(&net.header().options).map_err(|e| e.to_string())?.ok_or("no tensor")?;
    assert_eq!(net.input_len(), layout.values().len());
    assert_eq!(net.header().options["players"], 2);
    assert_eq!(net.header().options["sets"], "base");
    assert!(MysticVale::value_net().is_some());
    assert!(entry.has_value_net());
    Ok(())
}

#[test]
fn weights_for_another_layout_are_refused() -> TestResult {
    let three_sets = edited(|h| h["options"]["sets"] = "base,magic,wild".into())?;
    let err = load::<MysticVale>(&three_sets).err().unwrap_or_default();
    assert!(err.contains("1574 inputs, the observation tensor has 3105"), "{err}");
    let renamed = edited(|h| h["sections"][2][0] = "the phase, renamed".into())?;
    let err = load::<MysticVale>(&renamed).err().unwrap_or_default();
    assert!(err.starts_with("value network: section 2 is `the phase, renamed`"), "{err}");
    let other_game = edited(|h| h["game"] = "equinox".into())?;
    assert_eq!(
        load::<MysticVale>(&other_game).err().as_deref(),
        Some("value network: trained for `equinox`, not `mystic-vale`")
    );
    Ok(())
}

#[test]
fn eval_learned_builds_only_where_the_game_has_a_network() -> TestResult {
    let registry = Registry::standard();
    let spec: BotSpec = "ismcts:iters=20:eval=learned".parse().map_err(|e: sylvan_bots::SpecError| e.to_string())?;
    let mv = registry.get("mystic-vale").map_err(|e| e.to_string())?;
    assert!(mv.bot(&spec, 1).is_ok());
    let equinox = registry.get("equinox").map_err(|e| e.to_string())?;
    assert!(!equinox.has_value_net());
    assert_eq!(
        equinox.bot(&spec, 1).err().map(|e| e.to_string()).as_deref(),
        Some("bot `ismcts:iters=20:eval=learned` is not available for equinox")
    );
    Ok(())
}

/// The heuristic against a half-random player: a third of the way in, the network gives the seat that
/// goes on to win more than half of the returns in most games (the estimates sum to 1).
#[test]
fn the_network_sees_who_is_ahead() -> TestResult {
    let net = MysticVale::value_net().ok_or("no network")?;
    let options = MysticVale::options_for_players(2).map_err(|e| e.to_string())?;
    let mut scratch = NetScratch::default();
    let (mut right, games) = (0, 12u64);
    for seed in 0..games {
        let mut state = MysticVale::new(&options, seed).map_err(|e| e.to_string())?;
        let mut rng = GameRng::new(seed);
        let mut legal = Vec::new();
        let mut estimate = None;
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            if estimate.is_none() && state.move_number() >= 70 {
                let mut out = [0.0; MAX_SEATS];
                assert!(net.evaluate(&state, seat, &mut scratch, &mut out));
                assert!((out[0] + out[1] - 1.0).abs() < 1e-9, "{out:?}");
                estimate = Some(out);
            }
            // Seat 0 plays the heuristic; seat 1 a random move half the time.
            let a = if seat == Seat(1) && rng.index(2) == 0 {
                legal[rng.index(legal.len())]
            } else {
                MysticVale::heuristic_action(&state.view(seat), &legal, &mut rng)
            };
            state.apply_unchecked(a, &mut NoEvents);
        }
        let returns = state.returns();
        let out = estimate.ok_or("a game shorter than 70 moves")?;
        let winner = if returns[0] > returns[1] { 0 } else { 1 };
        if returns[0] != returns[1] && out[winner] > 0.5 {
            right += 1;
        }
    }
    assert!(right >= 9, "the network favoured the winner in {right} of {games} games");
    Ok(())
}
