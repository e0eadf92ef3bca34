#!/usr/bin/env bash
# Same games: prints, for each Mystic Vale setup the speed notebook checks
# (docs/measurements/mystic-vale-instructions.md), the `moves` and `score_sum` of
# `sylvan bench mystic-vale SETUP -n 200 --seed 7 --json`, one line a setup. A speed change must leave
# this output byte for byte the same: run it before and after, then `diff` (or `cmp`) the two outputs.
# Usage: benches/mv_same_games.sh [BINARY] > out.txt   (default target/release/sylvan)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BIN=${1:-target/release/sylvan}
while IFS= read -r setup; do
    # shellcheck disable=SC2086
    out=$("$BIN" bench mystic-vale $setup -n 200 --seed 7 --json)
    echo "$setup | moves $(jq .moves <<<"$out") | score_sum $(jq .score_sum <<<"$out")"
done <<'SETUPS'
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
-p 4 -o edition=essential -o rules=8
-p 4 -o edition=essential -o rules=9
-p 2 -o sets=all -o leaders=random -o amulets=random
-p 3 -o sets=all -o leaders=random -o amulets=random
-p 4 -o sets=all -o leaders=random -o amulets=random
-p 3 -o sets=all -o leaders=random -o amulets=random -o rules=6
-p 4 -o sets=all -o leaders=random -o amulets=random -o rules=8
-p 4 -o sets=all -o leaders=random -o amulets=random -o rules=9
-p 2 -o sets=base,magic,wild -o leaders=random
SETUPS
