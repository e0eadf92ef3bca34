#!/usr/bin/env bash
# Profile-guided build of the shipped binary: `dist` (fat link-time optimisation) trained on the engine's
# hot paths (`benches/train.sh`: uniform random playouts of every game and a few search decisions), then
# rebuilt with that profile. Needs `llvm-profdata` of rustc's LLVM major version (`rustc -vV`; Debian:
# `apt-get install llvm-22`, binary /usr/lib/llvm-22/bin/llvm-profdata).
# Usage: benches/pgo.sh [LLVM_PROFDATA]   → the binary target/pgo-use/dist/sylvan
# Measured (8% fewer instructions a move, no more moves a second, so not the shipped build):
# docs/measurements/2026-11-28-openspiel-side-by-side.md, "Profile-guided optimisation".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
want=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
PROFDATA=${1:-$(command -v "llvm-profdata-$want" || echo "/usr/lib/llvm-$want/bin/llvm-profdata")}
[ -x "$PROFDATA" ] || { echo "pgo.sh: no llvm-profdata for LLVM $want (tried $PROFDATA)" >&2; exit 2; }
DATA=$PWD/target/pgo-data
rm -rf "$DATA" && mkdir -p "$DATA"
# 1. The instrumented build (its own target directory: the release and dist builds stay as they are).
RUSTFLAGS="-Cprofile-generate=$DATA" cargo build --profile dist -p sylvan --target-dir target/pgo-gen
GEN=target/pgo-gen/dist/sylvan
# 2. Training: each game's playouts (every Mystic Vale set, 2 to 4 players) and search decisions.
benches/train.sh "$GEN"
"$PROFDATA" merge -o "$DATA/merged.profdata" "$DATA"
# 3. The build that uses the profile.
RUSTFLAGS="-Cprofile-use=$DATA/merged.profdata" cargo build --profile dist -p sylvan --target-dir target/pgo-use
echo "benches/pgo.sh: target/pgo-use/dist/sylvan"
