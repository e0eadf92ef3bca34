#!/usr/bin/env bash
# Instructions per move of uniform random playouts, typed and through the erased game, for every game
# and the Mystic Vale setups the docs quote. Counted by valgrind's callgrind, which counts exactly
# whatever the machine's load: the difference of a LONG- and a SHORT-game run of the same `sylvan bench`
# command, divided by the difference of their moves, so process start, setup and card loading cancel.
# The erased count is a `--dyn` run (typed, then the same playouts erased) minus the typed run.
#
# Rewrites the table between the `instructions` markers of docs/measurements/current.md: the one place
# the docs take this figure from. Usage, from anywhere (after `cargo build --release`):
#   docs/measurements/instructions.sh            # SHORT=150 LONG=450, seed 1
# SYLVAN_BIN overrides the binary; SHORT and LONG the game counts. ONLY=TEXT measures only the setups
# whose label contains TEXT and keeps the table's other rows as they are (e.g. after adding a setup:
# ONLY=teams docs/measurements/instructions.sh); every row then still comes from this script.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN=${SYLVAN_BIN:-target/release/sylvan}
SHORT=${SHORT:-150}
LONG=${LONG:-450}
OUT=docs/measurements/current.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# count N [--dyn] ARGS...: prints "instructions moves" of `sylvan bench ARGS -n N --seed 1 --json`.
count() {
    local n=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" bench "$@" -n "$n" --seed 1 --json \
        >"$tmp/out" 2>"$tmp/err"
    local instr
    instr=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/err")
    echo "$instr $(jq .moves "$tmp/out")"
}

ONLY=${ONLY:-}
rows=""
while IFS='|' read -r label args; do
    if [ -n "$ONLY" ] && [[ "$label" != *"$ONLY"* ]]; then
        kept=$(grep -F "| $label |" "$OUT" || true)
        if [ -z "$kept" ]; then
            echo "instructions.sh: no row for \`$label\` in $OUT to keep: measure it (without ONLY)" >&2
            exit 2
        fi
        echo "$kept"
        rows+="$kept"$'\n'
        continue
    fi
    # shellcheck disable=SC2086
    read -r ts ms < <(count "$SHORT" $args)
    # shellcheck disable=SC2086
    read -r tl ml < <(count "$LONG" $args)
    # shellcheck disable=SC2086
    read -r ds _ < <(count "$SHORT" $args --dyn)
    # shellcheck disable=SC2086
    read -r dl _ < <(count "$LONG" $args --dyn)
    row=$(python3 -c "
ts, tl, ds, dl, ms, ml = map(int, '$ts $tl $ds $dl $ms $ml'.split())
typed = (tl - ts) / (ml - ms)
erased = ((dl - tl) - (ds - ts)) / (ml - ms)
print(f'| {\"$label\"} | {ml - ms:,} | {typed:,.0f} | {erased:,.0f} | {erased / typed:.3f} |')
")
    echo "$row"
    rows+="$row"$'\n'
done <<'SETUPS'
Equinox, 2 players|equinox
Mystic Vale, 2 players, base set|mystic-vale
Mystic Vale, 2 players, `-o sets=base,magic,wild -o leaders=random`|mystic-vale -o sets=base,magic,wild -o leaders=random
Mystic Vale, 2 players, `-o edition=essential`|mystic-vale -o edition=essential
spirit duel, 1v1|spirit-duel
Command of Nature, 2 players|command-of-nature
Command of Nature, 2v2 teams (`-p 4`)|command-of-nature -p 4
SETUPS

table="Measured $(date -u +%Y-%m-%d) by \`docs/measurements/instructions.sh\` (seed 1, $SHORT and $LONG games).

| setup | moves counted | typed instructions/move | erased instructions/move | erased / typed |
|---|---:|---:|---:|---:|
$rows"
python3 - "$OUT" "$table" <<'PY'
import sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
begin, end = "<!-- instructions:begin -->", "<!-- instructions:end -->"
i, j = text.index(begin) + len(begin), text.index(end)
open(path, "w").write(text[:i] + "\n" + table.rstrip("\n") + "\n" + text[j:])
PY
echo "wrote $OUT"
