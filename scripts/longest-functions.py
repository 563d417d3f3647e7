#!/usr/bin/env python3
"""The longest functions of Swift sources, longest first.

A function runs from its `func`/`init` line (or a computed property's
`var name: Type {` line, or a command's body: a `) { invocation ...` closure) to the first line after it that closes a brace
at the indentation it opened at. Lines are counted inclusive.

Usage: scripts/longest-functions.py [FOLDER ...] [--top N] [--limit L]
(default: Sources/BenchmarkCommands, top 10). With --limit, exits 1 when a
function is L lines or longer, so CI can hold the line.
"""
import argparse
import os
import re
import sys

START = re.compile(
    r"^(\s*)(?:(?:@\w+(?:\([^)]*\))?\s+)*(?:public|package|private|fileprivate|internal|static|mutating|"
    r"nonisolated|override|final|class|convenience|required)\s+)*"
    r"(?:func\s+[^\s(<]+|init[?!]?\s*[(<])"
)
# A computed property: `var name: Type {` (a function in all but name).
PROPERTY = re.compile(
    r"^(\s*)(?:(?:public|package|private|fileprivate|internal|static|override|final|class)\s+)*var\s+\w+\s*:[^=]*\{\s*$"
)
# A command's body: `) { invocation throws(CommandFailure) in` at the end of a `Command(` call.
CLOSURE = re.compile(r"^(\s*)\)\s*\{\s*\w+\s+throws\(\w+\)\s+in\s*$")


def functions(path):
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    found = []
    for number, line in enumerate(lines):
        match = START.match(line) or PROPERTY.match(line) or CLOSURE.match(line)
        if not match:
            continue
        indent = len(match.group(1))
        name = line.strip()
        # A declaration without a body (a protocol requirement) ends on its own line.
        end = None
        for later in range(number, len(lines)):
            text = lines[later]
            stripped = text.strip()
            if later > number and stripped and len(text) - len(text.lstrip()) == indent and stripped.startswith("}"):
                end = later
                break
            if later > number and stripped and len(text) - len(text.lstrip()) < indent:
                break
        if end is None:
            continue
        found.append((end - number + 1, path, number + 1, name[:90]))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folders", nargs="*", default=["Sources/BenchmarkCommands"])
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--limit", type=int)
    arguments = parser.parse_args()
    found = []
    for folder in arguments.folders:
        for root, _, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith(".swift"):
                    found += functions(os.path.join(root, name))
    found.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
    for length, path, line, name in found[: arguments.top]:
        print(f"{length:4} {path}:{line}  {name}")
    if arguments.limit is not None and found and found[0][0] >= arguments.limit:
        print(f"longest function is {found[0][0]} lines: {arguments.limit} or more", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
