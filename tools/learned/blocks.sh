#!/bin/sh
# One match in blocks, so that a run cut short still leaves whole blocks to count
# (docs/measurements/2026-11-28-learned-evaluation-diagnosis.md):
#   tools/learned/blocks.sh OUT SPEC OPPONENT BLOCKS GAMES SEED THREADS
# plays BLOCKS blocks of GAMES games (seats rotated in each), block b dealt from SEED + 100*b, at nice 19,
# writing OUT.b.json; `python3 tools/learned/summary.py OUT.*.json` adds them up.
set -eu
out=$1 spec=$2 opp=$3 blocks=$4 games=$5 seed=$6 threads=$7
sylvan=${SYLVAN:-target/release/sylvan}
b=0
while [ "$b" -lt "$blocks" ]; do
  nice -n 19 "$sylvan" tournament mystic-vale --bots "$spec,$opp" -n "$games" --seed $((seed + 100 * b)) \
    -t "$threads" --json -v > "$out.$b.json"
  b=$((b + 1))
done
