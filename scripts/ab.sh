#!/usr/bin/env bash
# Paired A/B comparison of two builds on this machine:
#   scripts/ab.sh BASE_REF [HEAD_REF] [ROUNDS]     (HEAD_REF defaults to HEAD, ROUNDS to 6)
# Builds both refs in release in their own worktrees, then measures them
# interleaved — A B A′ A B A′ … one fresh process each — so that machine drift
# hits both sides alike. A′ is the base build again: an A/A control in the same
# job. Prints the per-group time ratio with its 95% interval and verdict;
# groups with any verdict but "same" are measured again in fresh rounds and
# only what shows again is kept. When the control itself shows a difference
# (a regression or an improvement between identical builds), verdicts are
# downgraded to "inconclusive" (exit 3). Otherwise the exit status is compare's: 0 no
# regression, 2 regression, 4 improvement only. AB_FILTER limits the groups.
# Both refs must contain this tool (the run, merge and compare subcommands).
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:?usage: scripts/ab.sh BASE_REF [HEAD_REF] [ROUNDS]}"
head="${2:-HEAD}"
rounds="${3:-6}"
work="$(mktemp -d /tmp/arrangement-ab.XXXXXX)"
cleanup() {
  git worktree remove --force "$work/base" > /dev/null 2>&1 || true
  git worktree remove --force "$work/head" > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

for side in base head; do
  ref="$base"
  [[ $side == head ]] && ref="$head"
  git worktree add --detach "$work/$side" "$ref" > /dev/null
  echo "== building $side ($ref: $(git -C "$work/$side" rev-parse --short HEAD))" >&2
  (cd "$work/$side" && swift build -c release --product arrangement-bench > "$work/$side-build.log" 2>&1) || {
    cat "$work/$side-build.log" >&2
    exit 1
  }
done
tool_a="$work/base/.build/release/arrangement-bench"
tool_b="$work/head/.build/release/arrangement-bench"
filter=()
[[ -n "${AB_FILTER:-}" ]] && filter=(--filter "$AB_FILTER")

measure() { # tool, output
  local status=0
  "$1" run --processes 1 --baseline "$work/none.json" --output "$2" "${filter[@]}" > /dev/null 2>&1 || status=$?
  [[ $status -eq 0 || $status -eq 5 ]] || { echo "a measurement failed (status $status)" >&2; exit 1; }
}
interleave() { # prefix, rounds: A B A′ per round, a fresh process each
  for round in $(seq 1 "$2"); do
    echo "== round $round/$2: A B A′" >&2
    measure "$tool_a" "$work/$1a-$round.json"
    measure "$tool_b" "$work/$1b-$round.json"
    measure "$tool_a" "$work/$1c-$round.json"
  done
  for side in a b c; do
    "$tool_b" merge "$work/$1$side"-*.json --output "$work/$1$side.json" > /dev/null
  done
}
# The groups whose A/B verdict is anything but "same", from a compare table.
suspects() {
  awk 'NR > 2 && NF > 0 && $1 != "verdict:" && $NF != "same" { print $1 }' "$1" | paste -sd, -
}

interleave "" "$rounds"
echo "== A/A control: $base against itself"
control=0
"$tool_b" compare "$work/a.json" "$work/c.json" --metrics time || control=$?
echo
echo "== A/B: $base (A) against $head (B)"
verdict=0
"$tool_b" compare "$work/a.json" "$work/b.json" > "$work/ab.txt" || verdict=$?
cat "$work/ab.txt"

# Suspects are measured again in fresh rounds; only what shows again is kept.
# The control "shows a difference" when it finds a regression (2) or an improvement (4)
# between identical builds; "inconclusive" (3) there only says the machine was noisy.
shows_difference() { [[ $1 -eq 2 || $1 -eq 4 ]]; }
if ! shows_difference "$control" && [[ $verdict -ne 0 ]]; then
  list="$(suspects "$work/ab.txt")"
  if [[ -n "$list" ]]; then
    echo
    echo "== re-measuring the suspects in $rounds fresh rounds: $list"
    filter=(--filter "$list")
    interleave "again-" "$rounds"
    "$tool_b" compare "$work/again-a.json" "$work/again-c.json" --metrics time > /dev/null || control=$?
    verdict=0
    "$tool_b" compare "$work/again-a.json" "$work/again-b.json" || verdict=$?
  fi
fi
if shows_difference "$control"; then
  echo
  echo "verdict: INCONCLUSIVE — the A/A control itself differs (status $control): the machine was too noisy to tell"
  exit 3
fi
[[ $control -eq 3 ]] && echo "note: the A/A control was inconclusive for some groups (a noisy machine)"
exit "$verdict"
