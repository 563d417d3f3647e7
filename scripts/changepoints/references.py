#!/usr/bin/env python3
"""Runs a reference change-point detector over generated histories.

USAGE: references.py DETECTOR SERIES.json OUT.json

DETECTOR is one of
  mongodb-0.05   E-Divisive means of MongoDB's signal-processing-algorithms
  mongodb-0.01   (PyPI `signal-processing-algorithms`), at p 0.05 or 0.01,
                 100 permutations (its default), numpy seeded per history;
  otava          Apache Otava (PyPI `apache-otava`) with the defaults of its
                 command line: window 50, p 0.001, no minimum magnitude.

Run it with the Python of a virtual environment that has the package (see
README.md here; the two packages want different numpy versions). Writes
{"detector", "seconds", "detections": [{"steps": [...]}, ...]}, one entry per
history, steps as indices of the first commit after a change.
"""

import json
import sys
import time


def main():
    if len(sys.argv) != 4 or sys.argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    name, series_path, out_path = sys.argv[1:]
    with open(series_path) as file:
        histories = json.load(file)["histories"]

    if name.startswith("mongodb-"):
        import numpy
        from signal_processing_algorithms.energy_statistics.energy_statistics import e_divisive

        pvalue = float(name.split("-", 1)[1])

        def detect(index, values):
            numpy.random.seed(index + 1)
            return e_divisive(values, pvalue=pvalue, permutations=100)
    elif name == "otava":
        from otava.analysis import compute_change_points

        def detect(index, values):
            change_points, _ = compute_change_points(values, window_len=50, max_pvalue=0.001, min_magnitude=0.0)
            return [point.index for point in change_points]
    else:
        sys.stderr.write("unknown detector %r\n" % name)
        return 2

    detections = []
    start = time.perf_counter()
    for index, entry in enumerate(histories):
        detections.append({"steps": sorted(int(step) for step in detect(index, entry["values"]))})
    seconds = time.perf_counter() - start
    with open(out_path, "w") as file:
        json.dump({"detector": name, "seconds": round(seconds, 3), "detections": detections}, file)
        file.write("\n")
    sys.stderr.write("%s: %d histories in %.1f s\n" % (name, len(histories), seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
