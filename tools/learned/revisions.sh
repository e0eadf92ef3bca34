#!/bin/sh
# Mystic Vale's `expert` at a fixed 10,000 iterations against the heuristic on two rules revisions,
# deal by deal (docs/measurements/2026-11-28-learned-evaluation-revision-5.md):
#   tools/learned/revisions.sh OUT FIRST_SEED COUNT [REVISIONS]
# for each seed S of FIRST_SEED .. FIRST_SEED+COUNT-1 plays the deal of S twice (seats swapped) on each
# revision of REVISIONS (default "5 4"), at nice 19, writing OUT/p-rR-sS.json; a run stopped early leaves
# whole files. `python3 tools/learned/revisions.py OUT/p-r*.json` adds them up.
set -eu
out=$1 first=$2 count=$3 revisions=${4:-5 4}
sylvan=${SYLVAN:-target/release/sylvan}
mkdir -p "$out"
s=$first
while [ "$s" -lt $((first + count)) ]; do
  for r in $revisions; do
    nice -n 19 "$sylvan" tournament mystic-vale -o rules="$r" --bots expert:iters=10000,heuristic -n 2 \
      --seed "$s" -t 1 --json > "$out/p-r$r-s$s.json.part"
    mv "$out/p-r$r-s$s.json.part" "$out/p-r$r-s$s.json"
  done
  s=$((s + 1))
done
