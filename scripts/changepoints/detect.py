#!/usr/bin/env python3
"""Runs this project's detector over generated histories, through the tool.

USAGE: detect.py SERIES.json OUT.json [TOOL] [NAME]

Writes the histories as one history folder (a temporary one, removed after):
history k is the group `generated/NNN`, entry i holds the i-th value of every
history at least i + 1 long, one host class, dated a minute apart, commits
`cNNNNN` by entry. Then runs `TOOL history changes --by-date --history FOLDER
--json` (TOOL default .build/release/arrangement-bench) and writes
{"detector": NAME (default "arrangement-bench"), "seconds", "detections":
[{"steps": [...], "drifts": [[first, last], ...]}, ...]}, from the tool's time
changes only. The time is that of the whole command, reading the folder included.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

MACHINE = {
    "architecture": "x86_64", "cpuModel": "Generated CPU", "logicalCores": 2, "memoryGiB": 16,
    "operatingSystem": "Linux", "simd": ["sse4_2", "avx", "avx2"],
}
HOST = "x86_64, Generated CPU, 2 cores, sse4_2 avx avx2"


def write_folder(histories, folder):
    longest = max(len(entry["values"]) for entry in histories)
    for index in range(longest):
        groups = []
        for k, entry in enumerate(histories):
            if index < len(entry["values"]):
                value = entry["values"][index]
                groups.append({
                    "title": "generated/%03d" % k, "median": value, "p25": value, "p75": value,
                    "allocationsPerRun": 0,
                })
        date = "2026-01-%02dT%02d:%02d:00Z" % (1 + index // 1440, index // 60 % 24, index % 60)
        entry = {
            "schemaVersion": 1, "commit": "c%05d" % index, "parent": "", "date": date, "machine": MACHINE,
            "hostClass": HOST, "groups": groups,
        }
        with open(os.path.join(folder, "%05d.json" % index), "w") as file:
            json.dump(entry, file, separators=(",", ":"))


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    series_path, out_path = sys.argv[1], sys.argv[2]
    tool = sys.argv[3] if len(sys.argv) > 3 else ".build/release/arrangement-bench"
    name = sys.argv[4] if len(sys.argv) > 4 else "arrangement-bench"
    with open(series_path) as file:
        histories = json.load(file)["histories"]
    folder = tempfile.mkdtemp(prefix="changepoints-")
    try:
        write_folder(histories, folder)
        start = time.perf_counter()
        run = subprocess.run(
            [tool, "history", "changes", "--by-date", "--history", folder, "--json"],
            capture_output=True, text=True)
        seconds = time.perf_counter() - start
    finally:
        shutil.rmtree(folder)
    if run.returncode != 0:
        sys.stderr.write(run.stderr)
        return 1
    detections = [{"steps": [], "drifts": []} for _ in histories]
    for change in json.loads(run.stdout):
        if change["metric"] != "time":
            continue
        k = int(change["group"].split("/")[1])
        first = int(change["commit"][1:])
        if change["kind"] == "step":
            detections[k]["steps"].append(first)
        else:
            detections[k]["drifts"].append([first, int(change["endCommit"][1:])])
    for entry in detections:
        entry["steps"].sort()
    with open(out_path, "w") as file:
        json.dump({"detector": name, "seconds": round(seconds, 3), "detections": detections}, file)
        file.write("\n")
    sys.stderr.write("%s: %d histories in %.2f s\n" % (name, len(histories), seconds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
