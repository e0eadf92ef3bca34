"""OpenSpiel interop: `import sylvan.openspiel` registers every game with pyspiel; pyspiel loads them
by name, and OpenSpiel's own tools (evaluate_bots, the MCTS and ISMCTS bots, its random-game check) run
on them unchanged."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import sylvan  # noqa: E402
import sylvan.openspiel as sos  # noqa: E402

NAMES = ["sylvan_equinox", "sylvan_mystic_vale", "sylvan_command_of_nature", "sylvan_spirit_duel"]


def test_every_game_is_registered():
    assert set(NAMES) <= set(pyspiel.registered_names())
    assert sorted(sos.GAME_NAMES.values()) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_load_game_and_play_to_the_end(name):
    game = pyspiel.load_game(name, {"seed": 3})
    t = game.get_type()
    assert t.short_name == name
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    n = game.num_players()
    while not state.is_terminal():
        p = state.current_player()
        assert 0 <= p < n and not state.is_chance_node()
        legal = state.legal_actions()
        assert legal == state.legal_actions(p) and state.legal_actions((p + 1) % n) == []
        assert len(state.observation_tensor(p)) == game.observation_tensor_size()
        assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
        assert isinstance(state.information_state_string(p), str)
        state.apply_action(int(rng.choice(legal)))
    assert len(state.returns()) == n
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())


def test_parameters_and_seeds():
    three = pyspiel.load_game("sylvan_equinox", {"players": 3})
    assert three.num_players() == 3
    solo = pyspiel.load_game("sylvan_spirit_duel", {"solo": True})
    assert solo.sylvan.options()["solo"] is True
    a = pyspiel.load_game("sylvan_equinox", {"seed": 5})
    b = pyspiel.load_game("sylvan_equinox", {"seed": 5})
    deals_a = [a.new_initial_state().sylvan.to_record() for _ in range(3)]
    deals_b = [b.new_initial_state().sylvan.to_record() for _ in range(3)]
    assert deals_a == deals_b and len(set(deals_a)) == 3, "a seeded game repeats; its deals differ"
    fresh = pyspiel.load_game("sylvan_equinox")
    assert fresh.new_initial_state().sylvan.to_record() != fresh.new_initial_state().sylvan.to_record()


def test_evaluate_bots_with_openspiel_mcts_and_ismcts():
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("sylvan_spirit_duel", {"seed": 1})
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    mcts_bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1))
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [mcts_bot, pyspiel.make_uniform_random_bot(1, 2)], 2)
    assert len(returns) == 2 and sum(returns) > 0
    ismcts_bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=np.random.RandomState(3))
    random_bot = pyspiel.make_uniform_random_bot(0, 5)  # a uniform random bot knows its seat
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [random_bot, ismcts_bot], 4)
    assert len(returns) == 2 and sum(returns) > 0


def test_resample_and_fair_step():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("sylvan_equinox", {"players": 3, "seed": 2})
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    p = state.current_player()
    sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert isinstance(sample, sos.SylvanState)
    assert sample.observation_string(p) == state.observation_string(p)
    assert sample.information_state_string(p) == state.information_state_string(p)
    assert sample.sylvan.sampled_for() == p
    bot = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)))
    assert sos.fair_step(bot, state, seed=1) in state.legal_actions()
    copy = state.clone()
    assert isinstance(copy, sos.SylvanState) and copy.sylvan.to_record() == state.sylvan.to_record()


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_random_sim_test(name):
    """OpenSpiel's own consistency check of a game (legal actions, clones, observations of every
    player, returns) over random games."""
    pyspiel.random_sim_test(pyspiel.load_game(name, {"seed": 1}), num_sims=2, serialize=False, verbose=False)
