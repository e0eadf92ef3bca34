"""PettingZoo AEC environments for every Sylvan game.

>>> from sylvan.pettingzoo import env
>>> e = env("equinox", players=4)
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     action = None if terminated or truncated else int(obs["action_mask"].nonzero()[0][0])
...     e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat order). Each observation is a dict: ``observation``,
the game's observation tensor for that agent's seat (from its view only; the layout is
``game.observation_layout()``), and ``action_mask``, 1 for each legal action id (all 0 when the agent is
not to move). Rewards are the game's returns, given when the game ends. ``reset(seed=s)`` deals game
``s``; ``reset()`` without a seed deals the next seed of a generator seeded by the last explicit seed.

Illegal actions are handled as in PettingZoo's classic environments: ``env()`` wraps the environment in
``TerminateIllegalWrapper`` (an illegal action ends the game, the agent that played it gets -1 and the
others 0), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``; ``raw_env()`` raises
``sylvan.SylvanError`` on an illegal action and leaves the game unchanged. The game in progress is
``raw_env.game_state`` (a ``sylvan.State``; ``state()`` is PettingZoo's global-state method, which a game
with hidden cards does not offer). Environments pickle and deep-copy (the game travels as its record).
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

import sylvan

__all__ = ["SylvanEnv", "SylvanParallelEnv", "env", "raw_env", "parallel_env"]


class SylvanEnv(AECEnv):
    """One Sylvan game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "sylvan_v0", "is_parallelizable": False}

    def __init__(self, game: str, players: Optional[int] = None, render_mode: Optional[str] = None, **options: Any):
        super().__init__()
        self.game = sylvan.load_game(game, players, **options)
        self.metadata = dict(self.metadata, name=f"sylvan_{game.replace('-', '_')}_v0")
        self.render_mode = render_mode
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.game.observation_tensor_size()
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game_state: Optional[sylvan.State] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        assert self.game_state is not None, "reset() first"
        seat = self._seat[agent]
        if self.game_state.current_player() == seat:
            mask = self.game_state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": self.game_state.observation_tensor(seat), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            deal = int(seed)
        else:
            deal = int(self._seeds.integers(0, 2**63))
        self.game_state = self.game.new_initial_state(deal)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game_state is not None, "reset() first"
        self.game_state.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        if self.game_state.is_terminal():
            for a, r in zip(self.possible_agents, self.game_state.returns()):
                if a in self.rewards:
                    self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.game_state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.game_state is None:
            return None
        seat = self.game_state.current_player()
        text = self.game_state.observation_string(seat if seat >= 0 else 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str, players: Optional[int] = None, render_mode: Optional[str] = None, **options: Any) -> SylvanEnv:
    """The environment without PettingZoo's wrappers."""
    return SylvanEnv(game, players, render_mode=render_mode, **options)


def env(game: str, players: Optional[int] = None, render_mode: Optional[str] = None, **options: Any) -> AECEnv:
    """The environment of ``game`` (``equinox``, ``mystic-vale``, ``command-of-nature``,
    ``spirit-duel``) for ``players`` seats with its options, wrapped as PettingZoo's classic games are:
    an illegal action ends the game with -1 for its agent (``TerminateIllegalWrapper``), an action id out
    of range is an assertion error, and the call order is enforced."""
    e: AECEnv = raw_env(game, players, render_mode=render_mode, **options)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class SylvanParallelEnv(ParallelEnv):
    """One Sylvan game with PettingZoo's parallel API (for SuperSuit's vector environments and other
    parallel-only tools). Every agent observes every step; only the agent to move acts (its mask is the
    only non-zero one) and the other agents' actions are ignored. An illegal action by the agent to move
    ends the game with -1 for it, as in the AEC environment from ``env()``. Observations are the AEC
    environment's dicts; with ``flat=True`` they are the observation tensor alone (a ``Box``, which
    SuperSuit's vector environments need) and the mask is in ``infos[agent]["action_mask"]``."""

    metadata = {"render_modes": ["human", "ansi"], "name": "sylvan_parallel_v0"}

    def __init__(
        self,
        game: str,
        players: Optional[int] = None,
        render_mode: Optional[str] = None,
        flat: bool = False,
        **options: Any,
    ):
        self.aec = SylvanEnv(game, players, render_mode=render_mode, **options)
        self.game = self.aec.game
        self.flat = flat
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"sylvan_{game.replace('-', '_')}_parallel_v0")
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list = []
        size = self.game.observation_tensor_size()
        box = spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32)
        self.observation_spaces = {a: box if flat else self.aec.observation_spaces[a] for a in self.possible_agents}
        self.action_spaces = self.aec.action_spaces

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Optional[sylvan.State]:
        """The game in progress."""
        return self.aec.game_state

    def _observe_all(self):
        obs, infos = {}, {}
        for a in self.possible_agents:
            o = self.aec.observe(a)
            obs[a] = o["observation"] if self.flat else o
            infos[a] = {"action_mask": o["action_mask"]}
        return obs, infos

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return self._observe_all()

    def step(self, actions: Dict[str, Any]):
        state = self.aec.game_state
        assert state is not None, "reset() first"
        mover = self.possible_agents[state.current_player()]
        rewards = {a: 0.0 for a in self.agents}
        action = actions.get(mover)
        if action is None or int(action) not in state.legal_actions():
            rewards[mover] = -1.0
            done = True
        else:
            state.apply_action(int(action))
            done = state.is_terminal()
            if done:
                for a, r in zip(self.possible_agents, state.returns()):
                    rewards[a] = float(r)
        obs, infos = self._observe_all()
        terminations = {a: done for a in self.agents}
        truncations = {a: False for a in self.agents}
        if done:
            self.agents = []
        if self.render_mode == "human":
            self.aec.render()
        return obs, rewards, terminations, truncations, infos

    def render(self) -> Optional[str]:
        return self.aec.render()

    def close(self) -> None:
        pass


def parallel_env(
    game: str, players: Optional[int] = None, render_mode: Optional[str] = None, flat: bool = False, **options: Any
) -> SylvanParallelEnv:
    """The game with PettingZoo's parallel API (:class:`SylvanParallelEnv`)."""
    return SylvanParallelEnv(game, players, render_mode=render_mode, flat=flat, **options)
