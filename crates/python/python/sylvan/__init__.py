"""Sylvan: rules-exact nature-themed card games (Equinox, Mystic Vale, the spirit duel, Command of
Nature) for research, with an OpenSpiel-style API.

>>> import sylvan
>>> game = sylvan.load_game("equinox", players=3)
>>> state = game.new_initial_state(seed=7)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> len(state.returns())
3

Every game is played by the engine's own rules; errors are :class:`SylvanError` (a ``ValueError``)
with the engine's message. Observation tensors are written from one seat's view only;
``State.resample_from_infostate(seat)`` samples what that seat cannot see (``clone()`` copies it, the
future draws included). See ``sylvan.openspiel`` (pyspiel games), ``sylvan.gymnasium`` (Gymnasium
environments against bots), ``sylvan.pettingzoo`` (PettingZoo environments) and ``sylvan.distributed``
(runs on Ray).
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Union

from . import _sylvan
from ._sylvan import (
    TERMINAL,
    Bot,
    Game,
    State,
    SylvanError,
    VectorGame,
    __version__,
)

__all__ = [
    "TERMINAL",
    "Bot",
    "Game",
    "State",
    "SylvanError",
    "VectorGame",
    "games",
    "load_game",
    "replay",
    "sim",
    "tournament",
    "option_overrides",
    "__version__",
]


def option_overrides(options: Dict[str, Any]) -> List[str]:
    """Game options as the command line's ``NAME=VALUE`` overrides (``-o``): strings as they are,
    booleans as ``true``/``false``, other values as JSON."""
    out = []
    for name, value in options.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, str):
            text = value
        else:
            text = json.dumps(value)
        out.append(f"{name}={text}")
    return out


def games() -> List[Dict[str, Any]]:
    """The games: name, summary, player range, options, bots and number of action ids of each."""
    return _sylvan.games()


def load_game(name: str, players: Optional[int] = None, **options: Any) -> Game:
    """The game ``name`` for ``players`` seats (the game's minimum by default) with its options, e.g.
    ``load_game("spirit-duel", solo=True)`` or ``load_game("equinox", players=4)``."""
    return Game(name, players, option_overrides(options))


def replay(record: Union[str, Dict[str, Any]], upto: Optional[int] = None) -> State:
    """The state at the end of a game record (a dict or its JSON text, as ``State.to_record()`` or
    ``sylvan play --record`` write it), every action checked; with ``upto``, after its first ``upto``
    actions."""
    if isinstance(record, str):
        text = record
        data = json.loads(record)
    else:
        data = record
        text = json.dumps(record)
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise SylvanError("a record is a JSON object with a `game` name")
    return _sylvan.replay(data["game"], text, upto)


def _runs_args(game: str, players: Optional[int], options: Dict[str, Any], bots: Union[str, List[str]]):
    if not isinstance(bots, str):
        bots = ",".join(bots)
    return game, players, option_overrides(options), bots


def sim(
    game: str,
    bots: Union[str, List[str]] = "random",
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    **options: Any,
) -> Dict[str, Any]:
    """Many games between bots, exactly as ``sylvan sim GAME --json`` plays them: the same dict (the
    same numbers for the same seed; ``threads``, ``seconds`` and the rates say how it ran)."""
    g, p, o, b = _runs_args(game, players, options, bots)
    return json.loads(_sylvan.sim_json(g, p, o, b, games, seed, threads))


def tournament(
    game: str,
    bots: Union[str, List[str]],
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    threads: Optional[int] = None,
    **options: Any,
) -> Dict[str, Any]:
    """Bots against each other with rotating seats, exactly as ``sylvan tournament GAME --json``: win
    rates with intervals, Bradley-Terry ratings, seat and length statistics, in the same dict."""
    g, p, o, b = _runs_args(game, players, options, bots)
    return json.loads(_sylvan.tournament_json(g, p, o, b, games, seed, threads))
