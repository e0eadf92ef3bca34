#!/usr/bin/env bash
# The search-cost table: callgrind instructions per ISMCTS iteration at the benchmark positions of
# benches/search.rs, one thread, with and without each game's extra parameters. Callgrind counts
# instructions exactly whatever the machine's load, so this table can be regenerated on a busy machine,
# where the iterations-per-second table (search-speed.sh) cannot. Each row is the difference of a LONG-
# and a SHORT-iteration decision of `benches/iterations.rs`, divided by the difference of iterations, so
# process start, card loading and the position's set-up cancel.
#
# Usage, from anywhere:
#   docs/measurements/search-instructions.sh docs/measurements/YYYY-MM-DD-search-speed.md
# SHORT and LONG (iterations, default 200 and 600) change the two runs. Writes the notebook's
# `search-instructions` figure block (its first line says which command wrote it); then
# `docs/measurements/figures.sh` copies it into current.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
NOTEBOOK=${1:?usage: docs/measurements/search-instructions.sh NOTEBOOK.md}
SHORT=${SHORT:-200}
LONG=${LONG:-600}
grep -q '^<!-- figures:search-instructions:begin -->$' "$NOTEBOOK" || {
    echo "search-instructions.sh: $NOTEBOOK has no line \`<!-- figures:search-instructions:begin -->\`" >&2
    exit 2
}
command -v valgrind >/dev/null || { echo "search-instructions.sh: valgrind is not installed" >&2; exit 2; }
# The benchmark binary, built in the bench profile (what criterion measures).
BIN=$(cargo bench -p sylvan-benches --bench iterations --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == "iterations" and m.get("executable"):
        print(m["executable"])')
[ -x "$BIN" ] || { echo "search-instructions.sh: the iterations benchmark did not build" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# count POSITION ITERS EXTRA: prints the instructions of one decision of ITERS iterations.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" "$3" >"$tmp/out" 2>"$tmp/err" || {
        echo "search-instructions.sh: $1 $2 $3 failed:" >&2
        cat "$tmp/out" "$tmp/err" >&2
        exit 1
    }
    grep -q "^$1: $2 iterations$" "$tmp/out" || { echo "search-instructions.sh: $1 did not run $2 iterations" >&2; exit 1; }
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/err"
}

per_iteration() {
    local s l
    s=$(count "$1" "$SHORT" "$2")
    l=$(count "$1" "$LONG" "$2")
    python3 -c "print(f'{($l - $s) / ($LONG - $SHORT):,.0f}')"
}

rows=""
while IFS='|' read -r position extra; do
    plain=$(per_iteration "$position" "")
    if [ -n "$extra" ]; then
        with="\`${extra#:}\`: $(per_iteration "$position" "$extra")"
    else
        with="–"
    fi
    row="| \`$position\` | $plain | $with |"
    echo "$row"
    rows+="$row"$'\n'
done <<'POSITIONS'
equinox-2p|
equinox-4p|
mystic-vale-2p|:depth=80:playout=rollout
mystic-vale-4p|:depth=80:playout=rollout
command-of-nature-2p|:depth=40
command-of-nature-4p|:depth=40
spirit-duel-2p|
toy-2p|
POSITIONS

block="Written by \`docs/measurements/search-instructions.sh\` on $(date -u +%Y-%m-%d) (valgrind's callgrind, one decision of $LONG iterations minus one of $SHORT, one thread, the positions of \`benches/search.rs\`): instructions per ISMCTS iteration, which do not depend on the machine's load.

| position | instructions/iteration | with extra parameters |
|---|---:|---|
$rows"
python3 - "$NOTEBOOK" "$block" <<'PY'
import sys
path, block = sys.argv[1], sys.argv[2]
text = open(path).read()
begin, end = "<!-- figures:search-instructions:begin -->", "<!-- figures:search-instructions:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open(path, "w").write(text[:i] + "\n" + block.rstrip("\n") + "\n" + text[j:])
PY
echo "wrote the block search-instructions of $NOTEBOOK"
