#!/usr/bin/env bash
# Checks (or with --fix, applies) the project's one formatter, configured by .swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Benchmarks Examples)
if [[ "${1:-}" == "--fix" ]]; then
  swift format format --in-place --recursive "${paths[@]}"
else
  swift format lint --strict --recursive "${paths[@]}"
fi
