#!/usr/bin/env python3
"""Writes a large result file for timing `arrangement-bench compare` on it.

USAGE: scripts/generate-result.py FILE SAMPLES [PROCESSES] [SEED] [constant]

One group of SAMPLES samples (default split over 4 processes), written
compactly: whole nanoseconds from 100 to 999 (all 100 with `constant`), four
bytes a sample, so 3.7 million samples make a file of about 15 MB, within the
reader's 16 MiB limit.
The quantiles are computed as the tool computes them, so the file is valid.
Seeded (default 1):

    scripts/generate-result.py /tmp/big.json 3700000
    /usr/bin/time -v arrangement-bench compare /tmp/big.json /tmp/big.json
"""

import json
import random
import sys


def quantile(ordered, q):
    # Hyndman–Fan type 7, as Statistics.quantile (the same double operations).
    position = q * (len(ordered) - 1)
    low = int(position // 1)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    path, count = sys.argv[1], int(sys.argv[2])
    processes = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    generator = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    constant = len(sys.argv) > 5 and sys.argv[5] == "constant"
    samples = [[] for _ in range(processes)]
    for index in range(count):
        # Around 500 ns with a right tail, as timings are.
        value = 100 if constant else min(999, 100 + int(generator.expovariate(1 / 250)))
        samples[index * processes // count].append(value)
    ordered = sorted(float(value) for process in samples for value in process)
    median = quantile(ordered, 0.5)
    names = [("min", 0), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p90", 0.9), ("p99", 0.99), ("max", 1)]
    document = {
        "schemaVersion": 1, "suite": "default", "toolchain": "Swift 6.3", "commit": "0123456789ab",
        "buildFlags": "release (-O, whole module)", "date": "2026-01-01T00:00:00Z",
        "machine": {
            "architecture": "x86_64", "cpuModel": "Synthetic CPU", "logicalCores": 2, "memoryGiB": 16,
            "operatingSystem": "Linux", "simd": ["sse4_2", "avx", "avx2"],
        },
        "settings": {"samples": max(len(process) for process in samples), "minimumSampleNanoseconds": 1000000,
                     "warmUpNanoseconds": 5000000},
        "instructionCounter": "perf_event_open", "metrics": [],
        "groups": [{
            "title": "synthetic/large", "operations": 1, "samplesByProcess": "SAMPLES", "processes": processes,
            "nanosecondsPerOperation": {name: ordered[0] if q == 0 else ordered[-1] if q == 1 else quantile(ordered, q)
                                        for name, q in names},
            "throughput": 1e9 / median, "allocationsPerRun": 0, "allocationsPerOperation": 0,
            "bytesPerOperation": 0,
        }],
    }
    text = json.dumps(document, separators=(",", ":"))
    body = "[" + ",".join("[" + ",".join(map(str, process)) + "]" for process in samples) + "]"
    with open(path, "w") as file:
        file.write(text.replace('"SAMPLES"', body))
    sys.stderr.write("wrote %s: one group of %d samples in %d processes\n" % (path, count, processes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
