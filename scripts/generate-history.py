#!/usr/bin/env python3
"""Writes a synthetic history folder for timing `arrangement-bench history changes`.

USAGE: scripts/generate-history.py FOLDER ENTRIES [GROUPS] [SEED]

ENTRIES entry files (the format `history record` writes) of GROUPS groups
(default 31), one commit each, one host class, dated a minute apart. Each
group's median is log-normal noise (σ 1 %) with an occasional outlier (one
point in 40 is 1.3–1.6× slower), up to three steps of 3–15 % and, in one group
in five, a drift; instructions per operation and allocations step now and then.
Seeded (default 1): the same arguments write the same files. The commits are
not in any repository, so read the folder with `--by-date`:

    arrangement-bench history changes --by-date --history FOLDER
"""

import json
import math
import os
import random
import sys


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    folder, entries = sys.argv[1], int(sys.argv[2])
    groups = int(sys.argv[3]) if len(sys.argv) > 3 else 31
    generator = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 1)
    os.makedirs(folder, exist_ok=True)
    machine = {
        "architecture": "x86_64", "cpuModel": "Synthetic CPU", "logicalCores": 2, "memoryGiB": 16,
        "operatingSystem": "Linux", "simd": ["sse4_2", "avx", "avx2"],
    }
    host = "x86_64, Synthetic CPU, 2 cores, sse4_2 avx avx2"

    # Per group: a centre, the factor at each commit, and its exact metrics' steps.
    series = []
    for group in range(groups):
        factors = [1.0] * entries
        for _ in range(generator.randrange(4)):
            at = generator.randrange(1, entries)
            step = generator.choice([-1, 1]) * generator.uniform(0.03, 0.15)
            for index in range(at, entries):
                factors[index] *= 1 + step
        if generator.random() < 0.2:
            start = generator.randrange(entries // 2)
            length = max(1, entries // 4)
            for index in range(start, entries):
                factors[index] *= 1 + 0.15 * min(1.0, (index - start) / length)
        instructions = [generator.uniform(200, 2000)]
        allocations = [generator.randrange(3)]
        for _ in range(1, entries):
            instructions.append(instructions[-1] * (1.01 if generator.random() < 0.01 else 1))
            allocations.append(allocations[-1] + (1 if generator.random() < 0.005 else 0))
        series.append((20 + 10 * group, factors, instructions, allocations))

    for index in range(entries):
        commit = "%012x" % generator.getrandbits(48)
        minutes = index
        date = "2026-01-%02dT%02d:%02d:00Z" % (1 + minutes // 1440, minutes // 60 % 24, minutes % 60)
        entry_groups = []
        for group, (centre, factors, instructions, allocations) in enumerate(series):
            median = centre * factors[index] * math.exp(0.01 * generator.gauss(0, 1))
            if generator.random() < 1 / 40:
                median *= 1.3 + 0.3 * generator.random()
            entry_groups.append({
                "title": "synthetic/group-%02d" % group, "median": median, "p25": median * 0.98,
                "p75": median * 1.03, "allocationsPerRun": allocations[index],
                "instructionsPerOperation": round(instructions[index], 3),
            })
        entry = {
            "schemaVersion": 1, "commit": commit, "parent": "", "date": date, "machine": machine,
            "hostClass": host, "groups": entry_groups,
        }
        name = "%s-%s-synthetic-%06d.json" % ("".join(c for c in date if c.isdigit()), commit, index)
        with open(os.path.join(folder, name), "w") as file:
            json.dump(entry, file, indent=2, sort_keys=True)
    sys.stderr.write("wrote %d entries of %d groups in %s\n" % (entries, groups, folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
