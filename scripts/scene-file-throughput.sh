#!/usr/bin/env bash
# Scene files end to end: N seeded random scenes as a stream (JSON Lines) and
# as one array document, answered by `solve` (release build), next to Python's
# json.loads on the same bytes (parse only), interleaved ROUNDS times in one
# run. Prints the best and median seconds, MB/s of input and peak memory
# (sampled every 2 ms, so it may miss a last short rise; the polling also costs
# the child a little time), and the stream against Python's per-line parse,
# overall and round by round (the two run back to back within a round).
#   scripts/scene-file-throughput.sh [SCENES] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
scenes="${1:-100000}"
rounds="${2:-7}"
swift build -c release --product arrangement-bench >&2
tool=.build/release/arrangement-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$tool" scenes --random "$scenes" --seed 1 > "$work/scenes.jsonl"
{ echo '['; sed '$!s/$/,/' "$work/scenes.jsonl"; echo ']'; } > "$work/scenes.json"
python3 - "$tool" "$work" "$rounds" <<'PY'
import json, os, resource, statistics, subprocess, sys, time
tool, work, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
stream, document = f"{work}/scenes.jsonl", f"{work}/scenes.json"
size = {stream: os.path.getsize(stream), document: os.path.getsize(document)}

def peak_kilobytes(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0

def child(arguments):
    # Peak memory is read from the child's VmHWM while it runs: ru_maxrss
    # would include this Python process, which Linux carries into a child across exec.
    start = time.perf_counter()
    peak = 0
    with open(os.devnull, "wb") as sink:
        process = subprocess.Popen(arguments, stdout=sink)
        while process.poll() is None:
            peak = max(peak, peak_kilobytes(process.pid))
            time.sleep(0.002)
    elapsed = time.perf_counter() - start
    assert process.returncode == 0, arguments
    return elapsed, peak // 1024

def python_lines():
    data = open(stream, "rb").read()
    start = time.perf_counter()
    for line in data.splitlines():
        json.loads(line)
    return time.perf_counter() - start, None

def python_document():
    data = open(document, "rb").read()
    start = time.perf_counter()
    json.loads(data)
    return time.perf_counter() - start, None

cases = {
    "solve, stream (parse, solve, write)": (lambda: child([tool, "solve", stream]), stream),
    "solve, array document": (lambda: child([tool, "solve", document]), document),
    "Python json.loads per line (parse only)": (python_lines, stream),
    "Python json.loads, whole array (parse only)": (python_document, document),
}
times = {name: [] for name in cases}
memory = {name: 0 for name in cases}
for _ in range(rounds):
    for name, (run, _) in cases.items():
        seconds, peak = run()
        times[name].append(seconds)
        if peak: memory[name] = max(memory[name], peak)
print(f"{sys.argv[2]}: stream {size[stream] / 1e6:.1f} MB, document {size[document] / 1e6:.1f} MB, {rounds} rounds")
print(f"{'case':46} {'best s':>7} {'median s':>9} {'MB/s (best)':>12} {'peak MB':>8}")
for name, (_, path) in cases.items():
    best, median = min(times[name]), statistics.median(times[name])
    peak = f"{memory[name]}" if memory[name] else "-"
    print(f"{name:46} {best:7.3f} {median:9.3f} {size[path] / best / 1e6:12.0f} {peak:>8}")
ours, theirs = times["solve, stream (parse, solve, write)"], times["Python json.loads per line (parse only)"]
print(f"stream vs Python per line: {min(theirs) / min(ours):.1f}x (best), {statistics.median(theirs) / statistics.median(ours):.1f}x (median)")
# The two run back to back in each round, so a round's ratio sees the host in one state.
paired = sorted(t / o for t, o in zip(theirs, ours))
print(f"  round by round: median {statistics.median(paired):.1f}x, lowest {paired[0]:.1f}x, highest {paired[-1]:.1f}x")
PY
