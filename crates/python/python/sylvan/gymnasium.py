"""Gymnasium single-agent environments: one seat against Sylvan's bots.

>>> import gymnasium, sylvan.gymnasium
>>> env = gymnasium.make("sylvan/MysticVale-v0", opponents="medium", players=2)
>>> obs, info = env.reset(seed=1)
>>> action = env.action_space.sample(info["action_mask"])
>>> obs, reward, terminated, truncated, info = env.step(action)

Importing this module registers one id per game: ``sylvan/Equinox-v0``, ``sylvan/MysticVale-v0``,
``sylvan/CommandOfNature-v0`` and ``sylvan/SpiritDuel-v0`` (or name the module in the id:
``gymnasium.make("sylvan.gymnasium:sylvan/Equinox-v0")``). Keywords: ``players``, ``opponents`` (one bot
spec or difficulty level for every other seat, or a list in seat order: ``"random"``, ``"heuristic"``,
``"easy"`` ... ``"expert"``, ``"ismcts:iters=200"``), ``seat`` (the learner's seat, 0 by default),
``illegal_reward`` and the game's options (``solo=True``, ``sets="base,wild"``).

The observation is the game's observation tensor for the learner's seat (its view only); the legal
actions are ``info["action_mask"]`` (``int8``, 1 for each legal id) as Gymnasium's ``Discrete.sample(mask)``
takes it. The reward is the learner's return when the game ends (1 for a win, 1/k for a win shared by
k seats, 0 for a loss). An illegal action ends the episode with ``illegal_reward`` (-1 by default) and
``info["illegal_action"] = True``, as PettingZoo's classic games do; the game is not changed. Opponents
are seeded from ``reset(seed=...)``, so an episode is a function of its seed and the learner's actions.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple, Union

import gymnasium
import numpy as np
from gymnasium import spaces

import sylvan

__all__ = ["SylvanGymEnv", "ENV_IDS"]

#: The registered ids, by game.
ENV_IDS = {
    "equinox": "sylvan/Equinox-v0",
    "mystic-vale": "sylvan/MysticVale-v0",
    "command-of-nature": "sylvan/CommandOfNature-v0",
    "spirit-duel": "sylvan/SpiritDuel-v0",
}


class SylvanGymEnv(gymnasium.Env):
    """One seat of a Sylvan game against bots, as a Gymnasium environment."""

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: str,
        players: Optional[int] = None,
        opponents: Union[str, List[str]] = "heuristic",
        seat: int = 0,
        illegal_reward: float = -1.0,
        render_mode: Optional[str] = None,
        **options: Any,
    ):
        self.game = sylvan.load_game(game, players, **options)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise sylvan.SylvanError(f"seat {seat} does not exist at a table of {n}")
        others = [s for s in range(n) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise sylvan.SylvanError(f"{len(specs)} opponents for {len(others)} other seats")
        for spec in specs:
            sylvan.Bot(spec)  # checks the spec now
        self.seat = seat
        self.opponent_specs = dict(zip(others, specs))
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(
            low=-np.inf, high=np.inf, shape=(self.game.observation_tensor_size(),), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.game_state: Optional[sylvan.State] = None
        self._bots: Dict[int, sylvan.Bot] = {}

    def _obs(self) -> Tuple[np.ndarray, Dict[str, Any]]:
        assert self.game_state is not None
        s = self.game_state
        if s.current_player() == self.seat:
            mask = s.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return s.observation_tensor(self.seat), {"action_mask": mask}

    def _opponents_play(self) -> None:
        s = self.game_state
        assert s is not None
        while not s.is_terminal() and s.current_player() != self.seat:
            p = s.current_player()
            s.apply_action(self._bots[p].step(s))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(0, 2**63))
        self.game_state = self.game.new_initial_state(deal)
        self._bots = {
            p: sylvan.Bot(spec, seed=int(self.np_random.integers(0, 2**63))) for p, spec in self.opponent_specs.items()
        }
        self._opponents_play()
        obs, info = self._obs()
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        s = self.game_state
        assert s is not None, "reset() first"
        if s.is_terminal():
            raise sylvan.SylvanError("the game is over: reset() first")
        action = int(action)
        if action not in s.legal_actions():
            obs, info = self._obs()
            info["illegal_action"] = True
            return obs, self.illegal_reward, True, False, info
        s.apply_action(action)
        self._opponents_play()
        obs, info = self._obs()
        terminated = s.is_terminal()
        reward = float(s.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """The legal-action mask (for libraries that ask the environment, like sb3-contrib's MaskablePPO)."""
        return self._obs()[1]["action_mask"]

    def render(self) -> Optional[str]:
        if self.game_state is None:
            return None
        text = self.game_state.observation_string(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _register() -> None:
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=SylvanGymEnv, kwargs={"game": game}, disable_env_checker=False)


_register()
