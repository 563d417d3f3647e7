#!/usr/bin/env python3
"""Prints a result file's groups as a Markdown table, with the commit, date and host it was measured on.

usage: scripts/baseline-table.py [FILE] [LIMIT]

FILE defaults to results/baselines/default.json; LIMIT (default limit/clamp-ratio) is the group the
multiples are of. Columns: instructions per operation (callgrind, exact), the multiple of LIMIT's,
the median ns per operation, allocations per run. PERFORMANCE.md's figures of the committed baseline
are this script's output, so they cannot drift from the file.
"""
import json
import sys


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "results/baselines/default.json"
    limit_title = sys.argv[2] if len(sys.argv) > 2 else "limit/clamp-ratio"
    with open(path) as f:
        result = json.load(f)
    machine = result["machine"]
    groups = result["groups"]
    limit = next((g for g in groups if g["title"] == limit_title), None)
    limit_instructions = limit and limit.get("instructionsPerOperation")
    print(
        f"`{path}`: commit {result['commit'][:7]}, {result['date'][:10]}, "
        f"{machine['cpuModel']} ({machine['logicalCores']} cores, {', '.join(machine['simd'])}), "
        f"{result['toolchain']}, clock: {result.get('clock', 'wall time')}."
    )
    print()
    print("| group | instructions/op | × limit | ns/op (median) | allocs/run |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for group in groups:
        instructions = group.get("instructionsPerOperation")
        shown = f"{instructions:,.1f}" if instructions is not None else "–"
        multiple = f"{instructions / limit_instructions:.1f}" if instructions and limit_instructions else "–"
        median = group["nanosecondsPerOperation"]["median"]
        print(f"| {group['title']} | {shown} | {multiple} | {median:.3g} | {group['allocationsPerRun']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
