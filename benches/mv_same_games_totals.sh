#!/bin/bash
# Same games check for Mystic Vale speed work (branch `mvtotals`, docs/measurements/mystic-vale-instructions.md):
# prints `moves` and `score_sum` of `sylvan bench mystic-vale ... -n 200 --seed 7 --json` for 16 setups.
# Usage: benches/mv_same_games_totals.sh BINARY OUTFILE; then `diff` the outputs of two binaries.
set -euo pipefail
B=$1
OUT=$2
: > "$OUT"
while read -r args; do
  # shellcheck disable=SC2086 # the setup's words are separate arguments
  r=$(nice "$B" bench mystic-vale $args -n 200 --seed 7 --json 2>/dev/null |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["moves"], d["score_sum"])')
  echo "$args => $r" >> "$OUT"
done <<'L'
-p 2
-p 3
-p 2 -o rules=1
-p 2 -o rules=2
-p 2 -o rules=3
-p 2 -o rules=4
-p 2 -o rules=5
-p 2 -o rules=6
-p 2 -o rules=7
-p 4 -o edition=essential -o rules=5
-p 4 -o edition=essential -o rules=6
-p 4 -o edition=essential -o rules=7
-p 2 -o sets=all -o leaders=random -o amulets=random
-p 3 -o sets=all -o leaders=random -o amulets=random
-p 4 -o sets=all -o leaders=random -o amulets=random
-p 2 -o sets=base,magic,wild -o leaders=random
L
