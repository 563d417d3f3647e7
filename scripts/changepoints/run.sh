#!/usr/bin/env bash
# Scores the change-point detector of `history changes` beside reference
# detectors on generated histories; prints the table of docs/BENCHMARKS.md,
# "How well changes are found". See README.md here.
#
# USAGE: scripts/changepoints/run.sh [FOLDER]   (default /tmp/changepoints)
#
# Environment: MONGODB_PYTHON and OTAVA_PYTHON, the Python of a virtual
# environment with each reference package (default /tmp/cpvenv/bin/python and
# /tmp/otavavenv/bin/python; a reference whose Python is missing is left out);
# BEFORE_TOOL, another build of the tool to score beside this one.
set -euo pipefail
cd "$(dirname "$0")/../.."
folder="${1:-/tmp/changepoints}"
mongodb="${MONGODB_PYTHON:-/tmp/cpvenv/bin/python}"
otava="${OTAVA_PYTHON:-/tmp/otavavenv/bin/python}"
here=scripts/changepoints
mkdir -p "$folder"

echo "generating the tuning (seed 1) and held-out (seed 2) sets in $folder" >&2
python3 "$here/generate.py" "$folder/tuning.json" 300 1
python3 "$here/generate.py" "$folder/held-out.json" 300 2
cmp "$folder/held-out.json" Tests/ChangePointHistories/held-out.json ||
  echo "warning: the held-out set differs from the test's fixture" >&2

echo "building the tool in release" >&2
swift build -c release --product arrangement-bench >&2
for set in tuning held-out; do
  files=()
  if [[ -n "${BEFORE_TOOL:-}" ]]; then
    python3 "$here/detect.py" "$folder/$set.json" "$folder/$set-before.json" "$BEFORE_TOOL" "arrangement-bench before"
    files+=("$folder/$set-before.json")
  fi
  python3 "$here/detect.py" "$folder/$set.json" "$folder/$set-arrangement-bench.json"
  files+=("$folder/$set-arrangement-bench.json")
  for pvalue in 0.05 0.01; do
    if [[ -x "$mongodb" ]]; then
      "$mongodb" "$here/references.py" "mongodb-$pvalue" "$folder/$set.json" "$folder/$set-mongodb-$pvalue.json"
      files+=("$folder/$set-mongodb-$pvalue.json")
    fi
  done
  if [[ -x "$otava" ]]; then
    "$otava" "$here/references.py" otava "$folder/$set.json" "$folder/$set-otava.json"
    files+=("$folder/$set-otava.json")
  fi
  echo
  echo "## $set"
  echo
  python3 "$here/score.py" "$folder/$set.json" "${files[@]}" --by-size
  echo
  echo "steps reported on a drift's ramp counted as false alarms (--strict):"
  echo
  python3 "$here/score.py" "$folder/$set.json" "${files[@]}" --strict | tail -n +3
done
