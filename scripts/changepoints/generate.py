#!/usr/bin/env python3
"""Writes generated run histories with known steps, for scoring change-point detectors.

USAGE: scripts/changepoints/generate.py OUT.json [COUNT] [SEED]

COUNT histories (default 300), seeded (default 1): the same arguments write
the same file. Each history is one group's median time per commit:

- 60 to 200 commits, a centre between 10 ns and 10 µs (log-uniform);
- noise: log-normal, σ between 1 % and 5 % (uniform), the same over the history;
- outliers: each point, with probability 5 %, is 1.15 to 1.6 times slower
  (a run disturbed by a neighbour);
- steps: none (one history in five) or 1 to 4, each 5 % to 25 % up or down,
  at least 8 commits from either end and 10 commits from each other;
- drifts: one history in four has one, a ramp over 10 to 40 commits that
  changes the time by 5 % to 20 % up or down, at least 5 commits from any step.

A drift is not a step: a detector need not report it, and a step it reports
within two commits of a drift's ramp is neither right nor wrong (score.py).

Values keep 6 significant digits, as a history entry's medians would. The
file holds {"seed", "histories": [{"values", "steps", "changes", "drifts",
"noise"}]}: `steps` are the indices of the first commit after each step,
`changes` their relative sizes, `drifts` the [first, last] commits of each ramp.
"""

import json
import math
import random
import sys

MINIMUM_LENGTH, MAXIMUM_LENGTH = 60, 200
FROM_ENDS, BETWEEN_STEPS, AROUND_DRIFTS = 8, 10, 5
STEP_COUNTS = [(0, 0.2), (1, 0.3), (2, 0.25), (3, 0.15), (4, 0.1)]


def draw_count(generator):
    target = generator.random()
    total = 0.0
    for count, weight in STEP_COUNTS:
        total += weight
        if target < total:
            return count
    return STEP_COUNTS[-1][0]


def place_steps(generator, length, count, blocked):
    """`count` step indices at least BETWEEN_STEPS apart, FROM_ENDS from the ends, outside `blocked`."""
    for _ in range(1000):
        steps = sorted(generator.randrange(FROM_ENDS, length - FROM_ENDS + 1) for _ in range(count))
        if any(b - a < BETWEEN_STEPS for a, b in zip(steps, steps[1:])):
            continue
        if any(low <= step <= high for step in steps for low, high in blocked):
            continue
        return steps
    return None


def history(generator):
    length = generator.randint(MINIMUM_LENGTH, MAXIMUM_LENGTH)
    centre = math.exp(generator.uniform(math.log(10), math.log(10_000)))
    noise = generator.uniform(0.01, 0.05)
    drifts = []
    blocked = []
    if generator.random() < 0.25:
        span = generator.randint(10, 40)
        start = generator.randrange(FROM_ENDS, length - FROM_ENDS - span + 1)
        drifts.append((start, start + span - 1, generator.choice([-1, 1]) * generator.uniform(0.05, 0.20)))
        blocked.append((start - AROUND_DRIFTS, start + span - 1 + AROUND_DRIFTS))
    count = draw_count(generator)
    steps = None
    while steps is None:
        steps = place_steps(generator, length, count, blocked)
        count -= 1
    changes = [generator.choice([-1, 1]) * generator.uniform(0.05, 0.25) for _ in steps]

    level = [1.0] * length
    for step, change in zip(steps, changes):
        for index in range(step, length):
            level[index] *= 1 + change
    for start, end, change in drifts:
        for index in range(start, length):
            level[index] *= 1 + change * min(1.0, (index - start + 1) / (end - start + 1))
    values = []
    for index in range(length):
        value = centre * level[index] * math.exp(noise * generator.gauss(0, 1))
        if generator.random() < 0.05:
            value *= generator.uniform(1.15, 1.6)
        values.append(float("%.6g" % value))
    return {
        "values": values, "steps": steps, "changes": [round(change, 4) for change in changes],
        "drifts": [[start, end] for start, end, _ in drifts], "noise": round(noise, 4),
    }


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    path = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    generator = random.Random(seed)
    histories = [history(generator) for _ in range(count)]
    with open(path, "w") as file:
        file.write('{"seed": %d, "histories": [\n' % seed)
        file.write(",\n".join(json.dumps(entry, separators=(",", ":")) for entry in histories))
        file.write("\n]}\n")
    steps = sum(len(entry["steps"]) for entry in histories)
    drifts = sum(len(entry["drifts"]) for entry in histories)
    sys.stderr.write("wrote %d histories (%d steps, %d drifts) to %s\n" % (count, steps, drifts, path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
