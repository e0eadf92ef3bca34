"""The OpenSpiel-style API: full games of every game, legal ids, masks, notation, errors, clones,
records, setups, views and observation tensors, bots."""

import json

import numpy as np
import pytest

import sylvan
from conftest import GAMES


def play_random(state, rng):
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_games_lists_the_four_games():
    names = [g["name"] for g in sylvan.games()]
    assert names == GAMES
    for g in sylvan.games():
        assert g["min_players"] <= g["max_players"] and g["num_distinct_actions"] > 0


@pytest.mark.parametrize(
    "name,options",
    [
        ("equinox", {"players": 4}),
        ("mystic-vale", {"players": 3}),
        ("command-of-nature", {}),
        ("command-of-nature", {"teams": True}),
        ("spirit-duel", {}),
        ("spirit-duel", {"solo": True}),
    ],
)
def test_full_random_games(name, options):
    game = sylvan.load_game(name, **options)
    rng = np.random.default_rng(5)
    for seed in range(2):
        state = game.new_initial_state(seed=seed)
        n = game.num_players()
        size = game.observation_tensor_size()
        while not state.is_terminal():
            player = state.current_player()
            assert 0 <= player < n
            legal = state.legal_actions()
            mask = state.legal_actions_mask()
            assert mask.dtype == np.int8 and mask.shape == (game.num_distinct_actions(),)
            assert sorted(np.flatnonzero(mask).tolist()) == legal
            obs = state.observation_tensor(player)
            assert obs.dtype == np.float32 and obs.shape == (size,)
            action = int(rng.choice(legal))
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action
            assert state.action_to_string(player, action) == text
            state.apply_action(action)
            assert state.move_number() <= game.max_game_length()
        assert state.current_player() == sylvan.TERMINAL
        assert len(state.returns()) == n and len(state.scores()) == n
        assert state.legal_actions() == []


def test_errors_carry_the_engine_message():
    with pytest.raises(sylvan.SylvanError, match="unknown game `chess`"):
        sylvan.load_game("chess")
    with pytest.raises(sylvan.SylvanError, match="2 to 5 players, not 9"):
        sylvan.load_game("equinox", players=9)
    with pytest.raises(sylvan.SylvanError, match="no option `speed`"):
        sylvan.load_game("equinox", speed=3)
    state = sylvan.load_game("equinox", players=3).new_initial_state(seed=1)
    illegal = next(a for a in range(10_000) if a not in state.legal_actions())
    before = state.to_record()
    with pytest.raises(ValueError):
        state.apply_action(illegal)
    assert state.to_record() == before, "a rejected action changes nothing"
    with pytest.raises(sylvan.SylvanError, match="no action with id"):
        state.action_to_string(10**9)
    with pytest.raises(sylvan.SylvanError):
        state.string_to_action("not an action")
    with pytest.raises(sylvan.SylvanError, match="seat 7 does not exist"):
        state.view(7)
    with pytest.raises(sylvan.SylvanError, match="unknown bot"):
        sylvan.Bot("genius")


def test_clone_is_independent_and_records_replay(game_name):
    game = sylvan.load_game(game_name)
    state = game.new_initial_state(seed=11)
    rng = np.random.default_rng(1)
    for _ in range(10):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    play_random(copy, rng)
    assert copy.is_terminal() and state.move_number() == 10
    record = copy.to_record()
    replayed = sylvan.replay(record)
    assert replayed.is_terminal() and replayed.scores() == copy.scores()
    assert replayed.to_record() == record
    half = sylvan.replay(json.loads(record), upto=10)
    assert half.to_record() == state.to_record()
    bad = json.loads(record)
    bad["actions"][3] = "nonsense"
    with pytest.raises(sylvan.SylvanError):
        sylvan.replay(bad)


def test_state_from_setup():
    game = sylvan.load_game("spirit-duel")
    state = game.new_state_from_setup(json.dumps({"first_player": 1, "sides": [{}, {}]}), seed=4)
    assert state.current_player() == 1
    rng = np.random.default_rng(2)
    play_random(state, rng)
    record = json.loads(state.to_record())
    assert "setup" in json.dumps(record["start"])
    assert sylvan.replay(record).scores() == state.scores()
    with pytest.raises(sylvan.SylvanError, match="unknown field `turn`"):
        game.new_state_from_setup(json.dumps({"first_player": 0, "sides": [{}, {}], "turn": 3}))


def test_views_and_observations_are_per_seat():
    state = sylvan.load_game("equinox", players=3).new_initial_state(seed=2)
    views = [state.view(s) for s in range(3)]
    assert [v["seat"] for v in views] == [0, 1, 2]
    assert views[0]["hand"] != views[1]["hand"], "each seat sees its own hand"
    tensors = [state.observation_tensor(s) for s in range(3)]
    assert not np.array_equal(tensors[0], tensors[1])
    layout = sylvan.load_game("equinox", players=3).observation_layout()
    assert layout[0][1] == 0 and sum(length for _, _, length in layout) == tensors[0].size
    assert isinstance(state.observation_string(0), str)


def test_bots_play_from_views(game_name):
    game = sylvan.load_game(game_name)
    state = game.new_initial_state(seed=3)
    bots = [sylvan.Bot("heuristic", seed=s) for s in range(game.num_players())]
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    other = sylvan.load_game("equinox" if game_name != "equinox" else "spirit-duel").new_initial_state(0)
    with pytest.raises(sylvan.SylvanError, match="this bot plays"):
        bots[0].step(other)


def test_search_bot_is_deterministic_by_seed():
    game = sylvan.load_game("spirit-duel")
    choices = []
    for _ in range(2):
        state = game.new_initial_state(seed=8)
        choices.append(sylvan.Bot("ismcts:iters=100", seed=42).step(state))
    assert choices[0] == choices[1]


def test_search_bot_reports_action_values():
    game = sylvan.load_game("mystic-vale")
    state = game.new_initial_state(seed=5)
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    legal = state.legal_actions()
    values = sylvan.Bot("ismcts:iters=200", seed=1).action_values(state)
    assert [a for a, _, _ in values] == legal
    assert sum(v for _, v, _ in values) == 200
    assert all(0.0 <= m <= 1.0 for _, _, m in values)
    # The search plays the most visited move: the same seed gives the same search, hence that move.
    best = max(values, key=lambda x: (x[1], x[2]))[0]
    assert sylvan.Bot("ismcts:iters=200", seed=1).step(state) == best
    assert sylvan.Bot("heuristic").action_values(state) is None
