#!/usr/bin/env python3
"""Checks (or rewrites) the examples in the README and docs against the binary.

An example is a fenced block in a Markdown file right after a marker comment
that says how to make it:

    <!-- example: daba analyse tests/data/opera.pgn --depth 16 --threads 1 | sed -n 1,30p -->
    ```text
    ...what the command prints...
    ```

The text after `example:` is a bash command run from the repository root, with
`daba` the binary under test (target/release/daba unless --daba says otherwise)
and `$OUT` an empty temporary folder. Variants:

- `<!-- example json: CMD -->`: the block is one JSON object a line, shown
  wrapped; it must equal what CMD prints, object by object.
- `<!-- example uci -->`: the block is a UCI session as a user types it: the
  commands are sent to `daba`, the script waits for `bestmove` after each `go`,
  and each shown `info ...` or `bestmove ...` line must be one the engine
  printed. Fields that depend on the machine (`nps`, `time`) are not compared;
  a line ending in ` ...` is compared up to there.
- `<!-- example file PATH: CMD -->` (no block): the file PATH must hold exactly
  what CMD prints (a generated picture, for instance).

`--check` (the default) reports every example that no longer matches and exits
with status 1; `--update` rewrites them. Searches run on one thread with fixed
limits, so the output is the same on every machine; CI runs `--check`.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^<!-- example(?: (json|uci|file (\S+)))?(?:: (.*?))? -->$")
FENCE = re.compile(r"^(\s*)```")
# Fields of an `info` line that depend on the machine, not on the search.
VARYING = re.compile(r"\b(nps|time) \d+")
JSON_WIDTH = 100


@dataclass
class Example:
    """One marker and the block (or file) it describes."""

    path: Path
    line: int  # 1-based line of the marker
    kind: str  # "text", "json", "uci" or "file"
    command: str
    target: str | None  # the file of a `file` example
    start: int  # index of the first line of the block's body (text, json, uci)
    end: int  # index of the closing fence


class ExampleError(Exception):
    """A marker that cannot be used: no block after it, a command that failed."""


def shown_path(path: Path) -> str:
    """`path` relative to the repository when it is inside it."""
    try:
        return str(path.relative_to(REPO))
    except ValueError:
        return str(path)


def markdown_files() -> list[Path]:
    return [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def find_examples(path: Path, lines: list[str]) -> list[Example]:
    """The examples of one Markdown file (its lines without line ends)."""
    found = []
    for i, text in enumerate(lines):
        # A marker starts its line; an indented one is a code sample (docs/testing.md).
        match = MARKER.match(text.rstrip())
        if not match:
            continue
        variant, target, command = match.groups()
        kind = "file" if target else (variant or "text")
        command = (command or "").strip()
        if kind != "uci" and not command:
            raise ExampleError(f"{path}:{i + 1}: the marker names no command")
        if kind == "file":
            found.append(Example(path, i + 1, kind, command, target, i + 1, i + 1))
            continue
        if i + 1 >= len(lines) or not FENCE.match(lines[i + 1]):
            raise ExampleError(f"{path}:{i + 1}: no fenced block right after the marker")
        end = i + 2
        while end < len(lines) and not FENCE.match(lines[end]):
            end += 1
        if end == len(lines):
            raise ExampleError(f"{path}:{i + 1}: the block is not closed")
        found.append(Example(path, i + 1, kind, command, None, i + 2, end))
    return found


def run_shell(command: str, daba: Path) -> str:
    """What `command` prints, run by bash with `daba` on the PATH."""
    with tempfile.TemporaryDirectory() as bindir, tempfile.TemporaryDirectory() as out:
        os.symlink(daba, Path(bindir) / "daba")
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ["PATH"], OUT=out)
        result = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
        )
    if result.returncode != 0:
        raise ExampleError(f"`{command}` failed ({result.returncode}): {result.stderr.strip()[-500:]}")
    return result.stdout


def is_output(line: str) -> bool:
    return line.startswith(("info ", "bestmove", "id ", "option ", "uciok", "readyok"))


def run_uci(commands: list[str], daba: Path) -> list[str]:
    """The lines the engine prints for `commands`, waiting for each search to end."""
    engine = subprocess.Popen(
        [str(daba)], cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    printed = []
    try:
        for command in commands:
            engine.stdin.write(command + "\n")
            engine.stdin.flush()
            if command.split()[:1] == ["go"]:
                while True:
                    line = engine.stdout.readline()
                    if not line:
                        raise ExampleError(f"the engine quit during `{command}`")
                    printed.append(line.rstrip("\n"))
                    if line.startswith("bestmove"):
                        break
        engine.stdin.write("isready\n")
        engine.stdin.flush()
        while (line := engine.stdout.readline()) and not line.startswith("readyok"):
            printed.append(line.rstrip("\n"))
    finally:
        engine.stdin.close()
        engine.wait(timeout=60)
    return printed


def same_line(shown: str, printed: str) -> bool:
    shown, printed = VARYING.sub(r"\1 N", shown), VARYING.sub(r"\1 N", printed)
    if shown.endswith(" ..."):
        return printed.startswith(shown[: -len("...")])
    return shown == printed


def uci_lines(shown: list[str], daba: Path) -> list[str]:
    """`shown` with every output line replaced by the engine's own line (the
    one with the same first three words), cut where the shown one is cut."""
    printed = run_uci([line for line in shown if line and not is_output(line)], daba)
    out = []
    for line in shown:
        if not is_output(line):
            out.append(line)
            continue
        key = line.split()[:3]
        candidates = [p for p in printed if p.split()[:3] == key]
        if not candidates:
            raise ExampleError(f"the engine printed no line like `{line}`")
        actual = candidates[-1]
        if line.endswith(" ..."):
            words = len(line[: -len(" ...")].split())
            actual = " ".join(actual.split()[:words]) + " ..."
        out.append(actual)
    return out


def wrap_json(objects: list[object]) -> list[str]:
    """Each object on lines of at most JSON_WIDTH characters, broken after commas."""
    lines = []
    for value in objects:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        while len(text) > JSON_WIDTH:
            cut = text.rfind(",", 0, JSON_WIDTH) + 1
            if cut <= 0:
                break
            lines.append(text[:cut])
            text = " " + text[cut:]
        lines.append(text)
    return lines


def parse_wrapped_json(lines: list[str]) -> list[object]:
    objects, buffer = [], ""
    for line in lines:
        buffer += line.strip() if buffer else line
        try:
            objects.append(json.loads(buffer))
            buffer = ""
        except json.JSONDecodeError:
            continue
    if buffer.strip():
        raise ExampleError(f"unreadable JSON in the block: {buffer[:80]}")
    return objects


def expected(example: Example, lines: list[str], daba: Path) -> tuple[bool, list[str] | str]:
    """Whether the example still matches, and its up-to-date text."""
    if example.kind == "file":
        fresh = run_shell(example.command, daba)
        target = REPO / example.target
        return target.exists() and target.read_text() == fresh, fresh
    body = lines[example.start : example.end]
    if example.kind == "uci":
        fresh = uci_lines(body, daba)
        printed = fresh
        matches = all(
            same_line(shown, actual) if is_output(shown) else shown == actual
            for shown, actual in zip(body, printed)
        )
        return matches, fresh
    output = run_shell(example.command, daba)
    if example.kind == "json":
        objects = [json.loads(line) for line in output.splitlines() if line.strip()]
        return parse_wrapped_json(body) == objects, wrap_json(objects)
    fresh = output.rstrip("\n").split("\n")
    return [VARYING.sub(r"\1 N", x) for x in body] == [VARYING.sub(r"\1 N", x) for x in fresh], fresh


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="report stale examples (default)")
    mode.add_argument("--update", action="store_true", help="rewrite stale examples")
    parser.add_argument("--daba", type=Path, default=REPO / "target" / "release" / "daba")
    parser.add_argument("files", nargs="*", type=Path, help="Markdown files (default: README, docs)")
    args = parser.parse_args(argv)
    daba = args.daba.resolve()
    if not daba.exists():
        print(f"examples: {daba} not found (cargo build --release)", file=sys.stderr)
        return 2
    stale = total = 0
    for path in [p.resolve() for p in args.files] or markdown_files():
        lines = path.read_text().split("\n")
        try:
            examples = find_examples(path, lines)
        except ExampleError as error:
            print(error, file=sys.stderr)
            return 2
        # From the end, so rewriting a block leaves the earlier indices valid.
        for example in reversed(examples):
            total += 1
            where = f"{shown_path(path)}:{example.line}"
            try:
                matches, fresh = expected(example, lines, daba)
            except ExampleError as error:
                print(f"{where}: {error}", file=sys.stderr)
                return 2
            if matches:
                continue
            stale += 1
            if not args.update:
                print(f"{where}: the {example.kind} example no longer matches `daba`'s output")
            elif example.kind == "file":
                (REPO / example.target).write_text(fresh)
                print(f"{where}: rewrote {example.target}")
            else:
                lines[example.start : example.end] = fresh
                print(f"{where}: rewrote the {example.kind} example")
        if args.update:
            path.write_text("\n".join(lines))
    verb = "rewritten" if args.update else "stale"
    print(f"examples: {total} checked, {stale} {verb}")
    return 1 if stale and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())
