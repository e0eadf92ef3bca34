"""Shared fixtures: the games and the `sylvan` command line (for comparing JSON)."""

import json
import os
import pathlib
import subprocess

import pytest

GAMES = ["equinox", "mystic-vale", "command-of-nature", "spirit-duel"]

# Numbers that say how a run went (threads, wall time) rather than what the games gave.
TIMING = {"threads", "seconds", "games_per_sec", "moves_per_sec"}

REPO = pathlib.Path(__file__).resolve().parents[3]


def sylvan_bin() -> str:
    path = os.environ.get("SYLVAN_BIN") or str(REPO / "target" / "release" / "sylvan")
    assert os.path.exists(path), f"the sylvan binary is not at {path}: run `cargo build --release` or set SYLVAN_BIN"
    return path


def cli_json(*args: str) -> dict:
    out = subprocess.run([sylvan_bin(), *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in TIMING}


@pytest.fixture(params=GAMES)
def game_name(request):
    return request.param
