#!/usr/bin/env python3
"""Checks the licence of every crate the workspace can build (cargo metadata:
dependencies of every kind, so dev and build dependencies too) against the
licences a Daba binary may carry: the binary links GPL-3.0-or-later code
(shakmaty-syzygy), so every other part must be free to distribute under the
GPL 3's terms. A crate whose licence expression allows none of ALLOWED, or
that states no SPDX expression, fails the check: a new dependency cannot
change the answer silently. Exit code 0 when all pass, 1 otherwise.

    python3 scripts/check_licenses.py
"""

import json
import subprocess
import sys

# SPDX identifiers compatible with distribution under GPL-3.0-or-later.
ALLOWED = {
    "0BSD",
    "Apache-2.0",
    "Apache-2.0 WITH LLVM-exception",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "BSL-1.0",
    "CC0-1.0",
    "GPL-3.0-or-later",
    "ISC",
    "MIT",
    "MPL-2.0",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "Unlicense",
    "Zlib",
}


def tokens(expression):
    """The expression's tokens: parentheses, AND, OR, and licences (with a
    WITH exception kept together). The old `/` separator counts as OR."""
    text = expression.replace("/", " OR ").replace("(", " ( ").replace(")", " ) ")
    words = text.split()
    out = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and words[i + 1] == "WITH":
            out.append(" ".join(words[i : i + 3]))
            i += 3
        else:
            out.append(words[i])
            i += 1
    return out


def allowed(expression):
    """True when the SPDX expression can be satisfied with ALLOWED licences:
    OR needs one side, AND both. Raises ValueError on a malformed one."""
    toks = tokens(expression)
    pos = 0

    def parse_or():
        nonlocal pos
        value = parse_and()
        while pos < len(toks) and toks[pos] == "OR":
            pos += 1
            value = parse_and() or value
        return value

    def parse_and():
        nonlocal pos
        value = parse_atom()
        while pos < len(toks) and toks[pos] == "AND":
            pos += 1
            value = parse_atom() and value
        return value

    def parse_atom():
        nonlocal pos
        if pos >= len(toks):
            raise ValueError(f"incomplete licence expression '{expression}'")
        tok = toks[pos]
        pos += 1
        if tok == "(":
            value = parse_or()
            if pos >= len(toks) or toks[pos] != ")":
                raise ValueError(f"unbalanced parentheses in '{expression}'")
            pos += 1
            return value
        if tok in ("AND", "OR", ")"):
            raise ValueError(f"unexpected '{tok}' in '{expression}'")
        return tok in ALLOWED

    value = parse_or()
    if pos != len(toks):
        raise ValueError(f"trailing words in '{expression}'")
    return value


def main():
    metadata = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    failures = []
    for package in sorted(metadata["packages"], key=lambda p: (p["name"], p["version"])):
        expression = package.get("license")
        name = f"{package['name']} {package['version']}"
        if not expression:
            failures.append(f"{name}: no SPDX licence expression")
            continue
        try:
            if not allowed(expression):
                failures.append(f"{name}: '{expression}' allows none of the accepted licences")
        except ValueError as e:
            failures.append(f"{name}: {e}")
    count = len(metadata["packages"])
    if failures:
        print(f"check_licenses: {len(failures)} of {count} crates fail:")
        for f in failures:
            print(f"  {f}")
        return 1
    print(f"check_licenses: all {count} crates carry a licence compatible with the GPL 3")
    return 0


if __name__ == "__main__":
    sys.exit(main())
