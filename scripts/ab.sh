#!/usr/bin/env bash
# Paired A/B of two commits: now the `ab` subcommand (see `arrangement-bench ab --help`).
#   scripts/ab.sh BASE [HEAD] [options]
set -euo pipefail
cd "$(dirname "$0")/.." && exec swift run -c release arrangement-bench ab "$@"
