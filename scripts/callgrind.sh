#!/usr/bin/env bash
# Counts one run of a benchmark group under callgrind and prints its hottest
# functions and source lines. Builds a release binary with line tables in
# DWARF 4 (valgrind 3.19 cannot read the default DWARF 5) in .build/profile.
#   scripts/callgrind.sh peers/two-pane-sweep/plan [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
group="${1:?usage: scripts/callgrind.sh GROUP [LINES]}"
lines="${2:-40}"
swift build -c release -Xswiftc -gline-tables-only -Xswiftc -dwarf-version=4 -Xcc -gdwarf-4 \
  --build-path .build/profile --product arrangement-bench >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
SWIFT_DETERMINISTIC_HASHING=1 setarch -R valgrind --tool=callgrind --instr-atstart=no \
  --callgrind-out-file="$out/callgrind.out" \
  .build/profile/release/arrangement-bench worker --instructions --only "$group" --output "$out/worker.json" 2>/dev/null
dump=$(ls "$out"/callgrind.out.* | head -n 1)
echo "== $group: instructions by function (one run of the group)"
callgrind_annotate --inclusive=no "$dump" 2>/dev/null | sed -n '/^Ir/,/^$/p' | head -n 20 || true
echo "== hottest source lines (instructions, file:line, source)"
callgrind_annotate --auto=yes --show-percs=no "$dump" 2>/dev/null | awk '
  /^-- Auto-annotated source: / { file = $4; line = 0; next }
  /^-- line [0-9]+ -/ { line = $3; next }
  file != "" && /^ *([0-9][0-9,]*|\.) / {
    count = $1; gsub(",", "", count)
    text = $0; sub(/^ *[0-9.,]+ +/, "", text)
    if (count != "." && count + 0 > 0 && text !~ /^(=>|<counts for)/ && text !~ /events annotated/) printf "%12d  %s:%d  %s\n", count, file, line, text
    line++
  }' | sort -rn | head -n "$lines" || true
