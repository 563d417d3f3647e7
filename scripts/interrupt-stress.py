#!/usr/bin/env python3
"""Interrupts `bisect` and `ab` at random moments and checks what they leave.

usage: scripts/interrupt-stress.py TOOL [TRIES] [SEED] [MAX_DELAY]

TOOL is a built arrangement-bench (say .build/release/arrangement-bench), run
from the package root. Each try starts `bisect HEAD~1 HEAD` or `ab HEAD~1`
(alternating) in a session of its own with a fresh TMPDIR, waits a random
0.005 s to MAX_DELAY (default 20) s, so the signal lands while git runs, while
builds compile or while workers measure, sends SIGINT or SIGTERM (alternating
in pairs), and then checks, 2 s after the tool exited: that no process of the
tool's session is alive (a compiler re-parented to init keeps the session),
that the TMPDIR is empty and that no `.NAME.PID.RANDOM.tmp` of the tool is left
in results/. Prints a line a try and a summary; exits 1 if any try left
something behind or exited with another status than 130 or 143.
"""
import os
import random
import signal
import subprocess
import sys
import tempfile
import time


def session_members(sid):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                text = f.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2 :].split()
        # fields: state ppid pgrp session ...
        if fields[0] != "Z" and int(fields[3]) == sid:
            with open(f"/proc/{entry}/comm") as f:
                found.append(f"{entry} {f.read().strip()}")
    return found


def leftovers_in(folder):
    left = []
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            if name.startswith(".") and name.endswith(".tmp"):
                left.append(os.path.join(root, name))
    return left


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    tool = os.path.abspath(sys.argv[1])
    tries = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    max_delay = float(sys.argv[4]) if len(sys.argv) > 4 else 20.0
    commands = [["bisect", "HEAD~1", "HEAD", "--quiet"], ["ab", "HEAD~1", "--quick", "--quiet"]]
    failures = 0
    for index in range(tries):
        command = commands[index % 2]
        sig = signal.SIGINT if (index // 2) % 2 == 0 else signal.SIGTERM
        delay = rng.uniform(0.005, max_delay)
        scratch = tempfile.mkdtemp(prefix="interrupt-stress-")
        env = dict(os.environ, TMPDIR=scratch)
        process = subprocess.Popen(
            [tool] + command, env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(delay)
        sig_sent = time.monotonic()
        process.send_signal(sig)
        try:
            _, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            _, err = process.communicate()
        took = time.monotonic() - sig_sent
        time.sleep(2)
        alive = session_members(process.pid)
        left = os.listdir(scratch) + leftovers_in("results")
        expected = 128 + sig
        ok = process.returncode in (expected, 0, 1, 2, 3, 4, 5) and not alive and not left
        # An interrupt that arrived after the tool finished is no test of it.
        if process.returncode != expected:
            ok = ok and process.returncode in (0, 1, 2, 3, 4, 5)
        status = "ok" if ok else "FAILED"
        print(
            f"{index + 1:3} {' '.join(command[:2]):14} {sig.name:7} at {delay:6.3f} s: exit {process.returncode}, "
            f"stopped in {took:5.2f} s; alive after 2 s: {len(alive)}; left: {len(left)}  {status}"
        )
        if not ok:
            failures += 1
            for line in alive:
                print(f"      alive: {line}")
            for name in left:
                print(f"      left: {name}")
            print("      " + err.decode(errors="replace").strip().replace("\n", "\n      "))
            for pid in [int(line.split()[0]) for line in alive]:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        subprocess.run(["rm", "-rf", scratch])
    print(f"{tries - failures} of {tries} tries clean")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
