#!/usr/bin/env python3
"""Scores change-point detections against generated histories' known steps.

USAGE: score.py SERIES.json DETECTIONS.json... [--by-size] [--strict]

Prints a Markdown table: per detections file, precision, recall and F1 at
the exact commit and within two commits, and its running time.

A reported step is right when it is matched to a known step at most
`tolerance` commits away (0 or 2), each known step matched at most once
(in order, the most matches there can be). An unmatched reported step is a
false alarm, unless it lies within two commits of a drift's ramp: a drift is
not a step, and a step reported on a ramp is neither right nor wrong. A
reported drift (only this project's detector reports them) that overlaps a
ramp, widened by two commits, is neither; one that overlaps none is a false
alarm. The Swift test `ChangePointQualityTests` scores the same way.

--by-size adds recall within two commits by the step's size against the
history's noise (|log(1 + change)| / σ). --strict counts a step reported on a
ramp as a false alarm too (a detector that tells drifts from steps gains).
"""

import json
import math
import sys

TOLERANCES = (0, 2)
DRIFT_MARGIN = 2


def match(truth, found, tolerance):
    """How many of `found` match a distinct step of `truth` within `tolerance`, and which are matched."""
    matched = set()
    used = set()
    # Steps and reports in order: each step takes the earliest report it can (optimal on a line).
    reports = sorted(range(len(found)), key=lambda k: found[k])
    for step in sorted(truth):
        for k in reports:
            if k in used:
                continue
            if found[k] < step - tolerance:
                continue
            if found[k] <= step + tolerance:
                used.add(k)
                matched.add(step)
            break
    return matched, used


def score(histories, detections, tolerance, strict=False):
    right = wrong = missed = 0
    for entry, detected in zip(histories, detections):
        zones = [(start - DRIFT_MARGIN, end + DRIFT_MARGIN) for start, end in entry["drifts"]]
        steps = detected["steps"]
        matched, used = match(entry["steps"], steps, tolerance)
        right += len(matched)
        missed += len(entry["steps"]) - len(matched)
        for k, index in enumerate(steps):
            if k not in used and (strict or not any(low <= index <= high for low, high in zones)):
                wrong += 1
        for start, end in detected.get("drifts", []):
            if not any(start <= high and low <= end for low, high in zones):
                wrong += 1
    precision = right / (right + wrong) if right + wrong else 1.0
    recall = right / (right + missed) if right + missed else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def by_size(histories, detections):
    bins = [(0, 1.5), (1.5, 2.5), (2.5, 4), (4, 8), (8, math.inf)]
    found = [[0, 0] for _ in bins]
    for entry, detected in zip(histories, detections):
        matched, _ = match(entry["steps"], detected["steps"], 2)
        for step, change in zip(entry["steps"], entry["changes"]):
            size = abs(math.log(1 + change)) / entry["noise"]
            for k, (low, high) in enumerate(bins):
                if low <= size < high:
                    found[k][0] += step in matched
                    found[k][1] += 1
    return ", ".join(
        "%s–%s σ: %d/%d" % (low, "" if high == math.inf else high, hits, total)
        for (low, high), (hits, total) in zip(bins, found))


def main():
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    if len(arguments) < 2:
        sys.stderr.write(__doc__)
        return 2
    with open(arguments[0]) as file:
        histories = json.load(file)["histories"]
    steps = sum(len(entry["steps"]) for entry in histories)
    drifts = sum(len(entry["drifts"]) for entry in histories)
    print("%d histories, %d steps, %d drifts\n" % (len(histories), steps, drifts))
    print("| detector | exact P | exact R | exact F1 | ±2 P | ±2 R | ±2 F1 | seconds |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    sizes = []
    for path in arguments[1:]:
        with open(path) as file:
            result = json.load(file)
        detections = result["detections"]
        assert len(detections) == len(histories), "%s: %d detections for %d histories" % (
            path, len(detections), len(histories))
        cells = []
        for tolerance in TOLERANCES:
            cells += ["%.3f" % value for value in score(histories, detections, tolerance, "--strict" in sys.argv)]
        print("| %s | %s | %s |" % (result["detector"], " | ".join(cells), result.get("seconds", "–")))
        sizes.append("%s: %s" % (result["detector"], by_size(histories, detections)))
    if "--by-size" in sys.argv:
        print("\nrecall within two commits by step size over noise:\n")
        for line in sizes:
            print("- " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
