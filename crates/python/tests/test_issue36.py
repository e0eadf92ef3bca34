"""Regressions of issue 36 (a researcher's trial of the package): each test is named after its defect."""

import copy
import json
import pickle

import numpy as np
import pytest

import sylvan
from conftest import GAMES


def test_defect_4_winners_are_ints():
    state = sylvan.load_game("spirit-duel").new_initial_state(seed=2)
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        state.apply_action(int(rng.choice(state.legal_actions())))
    winners = state.winners()
    assert isinstance(winners, list) and winners and all(type(w) is int for w in winners)
    json.dumps(winners)
    assert [s for s, r in enumerate(state.returns()) if r > 0] == winners


@pytest.mark.parametrize("name", GAMES)
def test_defect_5_game_and_state_pickle(name):
    game = sylvan.load_game(name)
    again = pickle.loads(pickle.dumps(game))
    assert again.options() == game.options() and again.num_players() == game.num_players()
    state = game.new_initial_state(seed=6)
    rng = np.random.default_rng(1)
    for _ in range(15):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state)):
        assert other.to_record() == state.to_record()
        assert np.array_equal(other.observation_tensor(), state.observation_tensor())
        # The future is the same too: the generator travels with the record.
        a, b = other.clone(), state.clone()
        for s in (a, b):
            r = np.random.default_rng(4)
            while not s.is_terminal():
                s.apply_action(int(r.choice(s.legal_actions())))
        assert a.to_record() == b.to_record()


def test_defect_5_options_survive_pickling():
    game = sylvan.load_game("mystic-vale", players=3, sets="base,wild")
    again = pickle.loads(pickle.dumps(game))
    assert again.options() == game.options() and again.num_players() == 3


def test_defect_7_step_takes_a_strided_column():
    game = sylvan.load_game("equinox", players=4)
    a, b = sylvan.VectorGame(game, 3, seed=2), sylvan.VectorGame(game, 3, seed=2)
    _, mask, *_ = a.observe()
    legal = np.array([np.flatnonzero(m)[0] for m in mask], dtype=np.int64)
    table = np.stack([legal, legal + 1], axis=1)  # a[:, 0] is not contiguous
    assert not table[:, 0].flags["C_CONTIGUOUS"]
    out_a = a.step(table[:, 0])
    out_b = b.step(legal.copy())
    for x, y in zip(out_a, out_b):
        assert np.array_equal(x, y)
    # A reversed view (negative stride) is read in its own order.
    first = np.array([np.flatnonzero(m)[0] for m in out_a[1]], dtype=np.int64)
    backwards = first[::-1].copy()[::-1]
    assert backwards.strides[0] < 0
    for x, y in zip(a.step(backwards), b.step(first)):
        assert np.array_equal(x, y)
    # Other integer arrays and lists are read too.
    _, mask, *_ = b.observe()
    b.step(np.array([np.flatnonzero(m)[0] for m in mask], dtype=np.int32))
    _, mask, *_ = b.observe()
    b.step([int(np.flatnonzero(m)[0]) for m in mask])


def test_defect_9_new_initial_state_deals_fresh_games():
    game = sylvan.load_game("equinox", players=3)
    records = {json.dumps(json.loads(game.new_initial_state().to_record())["start"]) for _ in range(5)}
    assert len(records) == 5, "each call without a seed deals another game"
    assert game.new_initial_state(seed=3).to_record() == game.new_initial_state(seed=3).to_record()


def test_defect_8_teams_report_four_players():
    game = sylvan.load_game("command-of-nature", teams=True)
    assert game.num_players() == 4
    assert game.options()["players"] == 4
    assert json.loads(game.new_initial_state(seed=1).to_record())["options"]["players"] == 4


def test_defect_10_observations_doc_names_real_tests():
    import pathlib
    import re

    from conftest import REPO

    doc = (REPO / "docs" / "OBSERVATIONS.md").read_text(encoding="utf-8")
    named = set(re.findall(r"[\w/.-]*tests?/[\w/.-]+\.(?:rs|py)", doc))
    assert named, "the doc names its tests"
    for path in named:
        assert (REPO / path).exists() or pathlib.Path(path).exists(), path
