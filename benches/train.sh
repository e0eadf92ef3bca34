#!/usr/bin/env bash
# The training run of the profile-guided builds (`benches/pgo.sh`, `benches/bolt.sh`): the engine's hot
# paths under an instrumented `sylvan` binary — uniform random playouts of every game (every Mystic Vale
# set, 2 to 4 players) and a few search decisions.
# Usage: benches/train.sh BINARY
set -euo pipefail
BIN=${1:?usage: benches/train.sh BINARY}
train() { "$BIN" bench "$@" --seed 1 > /dev/null; }
train mystic-vale -p 2 -n 300
train mystic-vale -p 4 -o edition=essential -n 200
train mystic-vale -p 2 -o sets=all -o leaders=random -o amulets=random -n 300
train mystic-vale -p 3 -o sets=all -o leaders=random -o amulets=random -n 200
train equinox -p 3 -n 2000
train spirit-duel -n 2000
train command-of-nature -n 500
train mystic-vale -p 2 -o sets=all -n 20 --bot ismcts:iters=500
