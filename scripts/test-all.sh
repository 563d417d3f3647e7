#!/usr/bin/env bash
# The whole test suite: plain, the allocation and plan tests in release, then
# under AddressSanitizer and ThreadSanitizer.
# The allocation counter compiles itself out under sanitizers; the tests that
# need it are skipped there, with the reason.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== swift test"
swift test

echo "== allocation and plan tests in release (-O keeps values off the heap)"
swift test -c release --build-path .build/release-tests --filter "AllocationTests|PlanTests"

echo "== swift test --sanitize=address"
# XCTest's runner leaks a few bytes at exit: leak detection off.
ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address --build-path .build/asan

echo "== swift test --sanitize=thread"
swift test --sanitize=thread --build-path .build/tsan
