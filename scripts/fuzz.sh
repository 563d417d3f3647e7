#!/usr/bin/env bash
# Builds the three libFuzzer targets and runs each for SECONDS (default 60):
#   fuzz-solver      bytes decoded into scenes (NaN, infinities, subnormals, huge and
#                    negative numbers, up to 8 regions), solver invariants checked
#   fuzz-scene-file  bytes read as a scene file by every subcommand's reader
#   fuzz-result-file bytes read as a result file (baselines come from pull requests);
#                    what is accepted must survive writing and reading again
# Seeds come from Tests/FuzzCorpus; what the fuzzer learns goes to .build/fuzz/corpus.
# A finding is written to .build/fuzz/findings/ and the script exits 1: add the
# input to Tests/FuzzCorpus so the tests replay it for ever.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
export SWIFT_BACKTRACE=enable=no
mkdir -p .build/fuzz/findings
status=0
for target in fuzz-solver fuzz-scene-file fuzz-result-file; do
  corpus_name="${target#fuzz-}"
  swift build -c debug --sanitize=fuzzer -Xswiftc -DFUZZING --product "$target" --build-path .build/fuzz/build
  corpus=".build/fuzz/corpus/$corpus_name"
  mkdir -p "$corpus"
  echo "== $target for ${seconds}s"
  set +e
  ".build/fuzz/build/debug/$target" "$corpus" "Tests/FuzzCorpus/$corpus_name" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix=".build/fuzz/findings/$target-" > ".build/fuzz/$target.log" 2>&1
  result=$?
  set -e
  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)|^SUMMARY|ERROR" \
    ".build/fuzz/$target.log" || true
  if [[ $result -ne 0 ]]; then
    echo "$target: finding (exit $result); see .build/fuzz/$target.log and .build/fuzz/findings/" >&2
    status=1
  fi
done
exit "$status"
