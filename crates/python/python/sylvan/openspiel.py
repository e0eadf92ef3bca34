"""OpenSpiel interop: every Sylvan game registered with ``pyspiel`` as a Python game.

>>> import pyspiel, sylvan.openspiel
>>> game = pyspiel.load_game("sylvan_equinox", {"players": 3})
>>> state = game.new_initial_state()
>>> state.legal_actions(), state.information_state_string(), state.observation_tensor()

Importing this module registers ``sylvan_equinox``, ``sylvan_mystic_vale``, ``sylvan_command_of_nature``
and ``sylvan_spirit_duel``. Their parameters are ``players``, ``seed`` (-1, the default: every
``new_initial_state()`` deals a fresh random game; a seed ``s`` ≥ 0: the deals come from a generator
seeded with ``s``, so a run repeats) and the game's options that take a number, a truth value or a word
(``solo``, ``teams``, ``sets``, ``leaders``...).

Facts (``game.get_type()``): sequential, imperfect information, general sum, terminal rewards, and
``SAMPLED_STOCHASTIC`` chance: the deal and every draw come from the state's own seeded generator, so there
are no chance nodes. ``state.clone()`` is an exact copy *including the future draws*;
``state.resample_from_infostate(player, sampler)`` is a state consistent with what ``player`` knows
(hidden cards and future draws sampled from the sampler's number), which is what OpenSpiel's ISMCTS bot
(``open_spiel.python.algorithms.ismcts``) calls. OpenSpiel's MCTS bot searches on clones, so it sees the
future: give it ``state.resample_from_infostate(state.current_player(), sampler)`` instead of ``state``
when the bot must play fair (:func:`fair_step` does that).

The observation tensor is the game's (``docs/OBSERVATIONS.md``); the information-state tensor is that
tensor followed by the count of each action id the player played; the strings are the player's view as
the terminal shows it (and, for the information state, the player's own actions in order).
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

import numpy as np
import pyspiel

import sylvan

__all__ = ["GAME_NAMES", "short_name", "fair_step"]

#: The OpenSpiel name of each Sylvan game.
GAME_NAMES: Dict[str, str] = {}


def short_name(game: str) -> str:
    """The OpenSpiel name of a Sylvan game: ``sylvan_`` and the name with ``_`` for ``-``."""
    return "sylvan_" + game.replace("-", "_")


def fair_step(bot: Any, state: "SylvanState", seed: Optional[int] = None) -> int:
    """The action a perfect-information bot (OpenSpiel's ``MCTSBot``) chooses for the player to move when
    it searches a state sampled from that player's information (``resample_from_infostate``), never the
    real one."""
    rng = random.Random(seed)
    sample = state.resample_from_infostate(state.current_player(), rng.random)
    return bot.step(sample)


class SylvanState(pyspiel.State):
    """A Sylvan game in progress as an OpenSpiel state (``self.sylvan`` is the ``sylvan.State``)."""

    def __init__(self, game: "SylvanGame", inner: sylvan.State):
        super().__init__(game)
        self.sylvan = inner

    def current_player(self) -> int:
        p = self.sylvan.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if p < 0 else p

    def _legal_actions(self, player: int) -> List[int]:
        if player != self.sylvan.current_player():
            return []
        return self.sylvan.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.sylvan.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.sylvan.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.sylvan.is_terminal()

    def returns(self) -> List[float]:
        return self.sylvan.returns()

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> "SylvanState":
        """A state consistent with what ``player`` knows; the sampler (OpenSpiel's
        ``UniformProbabilitySampler``, or any callable returning a float in [0, 1)) gives its seed."""
        seed = int(float(probability_sampler()) * 2**53)
        return SylvanState(self.get_game(), self.sylvan.resample_from_infostate(player, seed))

    def __deepcopy__(self, memo: Any) -> "SylvanState":
        # pyspiel's clone() copies a Python state's attributes; Python's copy.deepcopy comes here.
        return SylvanState(self.get_game(), self.sylvan.clone())

    def __str__(self) -> str:
        p = self.sylvan.current_player()
        return f"{self.sylvan!r}\n" + self.sylvan.observation_string(p if p >= 0 else 0)


class SylvanObserver:
    """OpenSpiel's observer for a Sylvan game: the observation (or, with perfect recall, the information
    state) of one player, as a tensor and a string."""

    def __init__(self, game: sylvan.Game, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        size = game.information_state_tensor_size() if perfect_recall else game.observation_tensor_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SylvanState, player: int) -> None:
        s = state.sylvan
        values = s.information_state_tensor(player) if self.perfect_recall else s.observation_tensor(player)
        self.tensor[:] = values

    def string_from(self, state: SylvanState, player: int) -> str:
        s = state.sylvan
        return s.information_state_string(player) if self.perfect_recall else s.observation_string(player)


def _register(name: str) -> None:
    base = sylvan.load_game(name)
    facts = base.get_type()
    defaults: Dict[str, Any] = {"players": base.num_players(), "seed": -1}
    for option, value in base.options().items():
        if option != "players" and isinstance(value, (bool, int, float, str)):
            defaults[option] = value
    game_type = pyspiel.GameType(
        short_name=short_name(name),
        long_name=facts["long_name"],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=facts["max_num_players"],
        min_num_players=facts["min_num_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )

    class Game(pyspiel.Game):
        __doc__ = f"Sylvan's {name} as an OpenSpiel game."

        def __init__(self, params: Optional[Dict[str, Any]] = None):
            params = dict(params or {})
            options = {k: v for k, v in params.items() if k in defaults and k not in ("players", "seed")}
            options = {k: v for k, v in options.items() if v != defaults[k]}
            self.sylvan = sylvan.load_game(name, int(params.get("players", defaults["players"])), **options)
            seed = int(params.get("seed", -1))
            self._deals = random.Random(seed if seed >= 0 else None)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.sylvan.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=self.sylvan.num_players(),
                min_utility=0.0,
                max_utility=1.0,
                max_game_length=self.sylvan.max_game_length(),
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self) -> SylvanState:
            return SylvanState(self, self.sylvan.new_initial_state(self._deals.getrandbits(63)))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SylvanObserver:
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return SylvanObserver(self.sylvan, perfect_recall)

    Game.__name__ = Game.__qualname__ = "Sylvan" + "".join(w.title() for w in name.split("-")) + "Game"
    pyspiel.register_game(game_type, Game)
    GAME_NAMES[name] = short_name(name)


for _g in sylvan.games():
    if short_name(_g["name"]) not in pyspiel.registered_names():
        _register(_g["name"])
