#!/usr/bin/env bash
# Instructions per ISMCTS iteration of Mystic Vale (2 players, base set) with and without the learned
# evaluation: valgrind's callgrind on `sylvan bench --bot`, the difference of two run lengths (5 and 15
# decisions from seed 1), so start-up and card loading cancel. Usage: tools/learned/instructions.sh [SYLVAN]
set -euo pipefail
BIN=${1:-target/release/sylvan}
out=$(mktemp -d)
for spec in "ismcts:iters=200:depth=80:playout=rollout" \
            "ismcts:iters=200:eval=learned:playout=rollout" \
            "ismcts:iters=200:eval=learned:depth=20:playout=rollout:prior=1"; do
    declare -A ins its
    for n in 5 15; do
        valgrind --tool=callgrind --callgrind-out-file="$out/cg.$n" "$BIN" bench mystic-vale -n "$n" --seed 1 \
            --bot "$spec" --json > "$out/bench.$n" 2> "$out/err.$n"
        ins[$n]=$(grep -E '^(summary|totals):' "$out/cg.$n" | head -1 | awk '{print $2}')
        its[$n]=$(python3 -c "import json,sys; print(json.load(open('$out/bench.$n'))['iterations'])")
    done
    python3 -c "print('| \`$spec\` | %d | %.0f |' % (${its[15]} - ${its[5]}, (${ins[15]} - ${ins[5]}) / (${its[15]} - ${its[5]})))"
done
rm -rf "$out"
