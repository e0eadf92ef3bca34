#!/usr/bin/env bash
# Rewrites the search-speed, ladder and server-load figures of docs/measurements/current.md from the
# dated notebooks that measured them (their `<!-- figures:NAME:begin/end -->` blocks), which the runs
# write themselves (`sylvan tournament|ladder|balance|bench ... --notebook FILE --figure NAME`,
# `sylvan-loadtest ... --notebook FILE --figure NAME`; see README.md). The writing is done
# by the docs test `current_figures_are_written_from_the_dated_notebooks` (which, without
# SYLVAN_WRITE_FIGURES, fails when current.md disagrees with the notebooks). Usage, from anywhere:
#   docs/measurements/figures.sh
# The instructions table is written by instructions.sh instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
SYLVAN_WRITE_FIGURES=1 nice cargo test --release --test all -- --exact \
    docs::current_figures_are_written_from_the_dated_notebooks
git diff --stat -- docs/measurements/current.md
