#!/usr/bin/env bash
# Post-link layout of the release binary by BOLT (LLVM's binary optimiser): the release build linked with
# its relocations kept, instrumented by BOLT, trained on the playouts of `benches/train.sh`, then laid
# out again from that profile (hot blocks together, cold code split off, functions ordered by calls).
# Needs `llvm-bolt` and `merge-fdata` (Debian: `apt-get install bolt-19`, binaries in /usr/lib/llvm-19/bin).
# Usage: benches/bolt.sh [LLVM_BOLT]   → the binary target/bolt-build/release/sylvan.bolt
# Measured (a third fewer instruction cache misses a move with every expansion, about 4% more moves a
# second, so not the shipped build): docs/measurements/2026-11-28-openspiel-side-by-side.md, "BOLT".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BOLT=${1:-$(command -v llvm-bolt || find /usr/lib -path '*/llvm-*/bin/llvm-bolt' 2>/dev/null | sort -V | tail -n 1)}
[ -n "$BOLT" ] && [ -x "$BOLT" ] || { echo "bolt.sh: no llvm-bolt (apt-get install bolt-19)" >&2; exit 2; }
MERGE=$(dirname "$BOLT")/merge-fdata
[ -x "$MERGE" ] || { echo "bolt.sh: no merge-fdata beside $BOLT" >&2; exit 2; }
# 1. The release build with its relocations (BOLT moves whole functions only then), in its own directory.
RUSTFLAGS="-C link-arg=-Wl,--emit-relocs" cargo build --release -p sylvan --target-dir target/bolt-build
BIN=target/bolt-build/release/sylvan
DATA=$PWD/target/bolt-data
rm -rf "$DATA" && mkdir -p "$DATA"
# 2. The instrumented binary, one profile a run, and the training (`benches/train.sh`).
"$BOLT" "$BIN" -instrument -instrumentation-file="$DATA/prof" -instrumentation-file-append-pid \
    -o "$DATA/sylvan.inst" > "$DATA/instrument.log"
benches/train.sh "$DATA/sylvan.inst"
"$MERGE" "$DATA"/prof.*.fdata > "$DATA/merged.fdata"
# 3. The layout from that profile.
"$BOLT" "$BIN" -data="$DATA/merged.fdata" -reorder-blocks=ext-tsp -reorder-functions=cdsort -split-functions \
    -split-all-cold -split-eh -icf=1 -use-gnu-stack -o "$BIN.bolt" > "$DATA/optimise.log"
echo "benches/bolt.sh: $BIN.bolt"
