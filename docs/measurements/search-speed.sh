#!/usr/bin/env bash
# The search-speed table: ISMCTS iterations per second at the benchmark positions of benches/search.rs
# (criterion, `cargo bench -p sylvan-benches --bench search`), written by `search-figure` from
# criterion's saved estimates into the `search-speed` figure block of NOTEBOOK, with the machine's load
# average before and after the run in the table's first line. Nothing is copied by hand.
#
# Usage, from anywhere:
#   docs/measurements/search-speed.sh docs/measurements/YYYY-MM-DD-search-speed.md
# WARMUP and MEASURE (seconds a benchmark, default 1 and 3) shorten or lengthen criterion's run; the
# run takes about 3 minutes on an idle 2-core machine with the defaults (much longer when others build).
# Then `docs/measurements/figures.sh` copies the block into current.md (FIGURE_BLOCKS in
# tests/all/docs.rs names the notebook it is copied from).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
NOTEBOOK=${1:?usage: docs/measurements/search-speed.sh NOTEBOOK.md}
WARMUP=${WARMUP:-1}
MEASURE=${MEASURE:-3}
# Checks the notebook and builds the writer before the long run.
cargo build --release -q -p sylvan-benches --bin search-figure
grep -q '^<!-- figures:search-speed:begin -->$' "$NOTEBOOK" || {
    echo "search-speed.sh: $NOTEBOOK has no line \`<!-- figures:search-speed:begin -->\`" >&2
    exit 2
}
# Estimates of an earlier run must not mix with this one.
rm -rf target/criterion/*_ismcts
before=$(cut -d' ' -f1-3 /proc/loadavg)
# The `ismcts` benchmarks only (the table has no column for the determinization benchmarks).
nice -n 19 cargo bench -p sylvan-benches --bench search -- --warm-up-time "$WARMUP" --measurement-time "$MEASURE" ismcts
after=$(cut -d' ' -f1-3 /proc/loadavg)
target/release/search-figure --notebook "$NOTEBOOK" --figure search-speed --machine \
    "$(nproc) cores, load average (1, 5, 15 min) $before before and $after after, under nice -n 19; criterion warm-up ${WARMUP} s and measurement ${MEASURE} s a benchmark, 10 flat samples"
