#!/usr/bin/env python3
"""Gauntlet: Daba against a ladder of reference engines from Debian's packages.

Plays one match per opponent with scripts/match.py (as a subprocess, reading
its --json summary) and writes the results table into docs/strength.md
between the markers <!-- gauntlet:begin --> and <!-- gauntlet:end -->.  The
rest of the file is left alone.

    python3 scripts/gauntlet.py --daba target/release/daba --tc 10+0.1 --games 40 \\
        --concurrency 1 --openings tests/data/openings.epd \\
        [--engines fairymax,phalanx] [--out docs/strength.md] [--pgn-dir DIR] [--append]

    # reliability table (<!-- reliability:begin/end -->) from match summaries:
    python3 scripts/gauntlet.py --reliability-from a.json b.json --out docs/strength.md

The ladder, weakest first: fairymax, hoichess, phalanx, gnuchess, glaurung,
toga2, ethereal, stockfish (all in /usr/games).  Every engine gets one thread
and the same hash size (--hash, default 16 MB) and its own opening book is
switched off: the openings come from --openings.  See ENGINES for how each
engine is configured.  A missing engine is installed with
`apt-get install -y PACKAGE` (after `apt-get update` if that fails) unless
--no-install is given; an engine that cannot be installed is skipped.

The rendering and file-update functions are pure (see
scripts/tests/test_gauntlet.py).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from matchlib.openings import OWN_OPENINGS

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MATCH_PY = os.path.join(HERE, "match.py")
DEFAULT_OUT = os.path.join(REPO, "docs", "strength.md")

GAUNTLET_BEGIN = "<!-- gauntlet:begin -->"
GAUNTLET_END = "<!-- gauntlet:end -->"
RELIABILITY_BEGIN = "<!-- reliability:begin -->"
RELIABILITY_END = "<!-- reliability:end -->"

DEFAULT_DRAW = ["movenumber=40", "movecount=8", "score=10"]
DEFAULT_RESIGN = ["movecount=3", "score=1000"]

DASH = "\u2014"   # em dash: "not known"
PM = "\u00b1"     # plus-minus sign


# --------------------------------------------------------------------------
# The ladder
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class EngineDef:
    """One reference engine and how to run it with 1 thread and `hash_mb` MB of hash."""
    key: str                       # name on the command line (--engines)
    package: str                   # Debian package
    binary: str                    # absolute path of the executable
    proto: str                     # uci | xboard
    args: Tuple[str, ...] = ()     # extra argv; "{hash}" -> MB, "{hash_kb}" -> kB
    options: Tuple[Tuple[str, str], ...] = ()   # option.NAME=VALUE, same substitutions
    setup: str = ""                # how hash/threads/book are set (for the notes line)
    reference: str = DASH          # public rating-list figure, DASH when none is known
    aliases: Tuple[str, ...] = ()

    def _fill(self, text: str, hash_mb: int) -> str:
        return text.replace("{hash_kb}", str(hash_mb * 1024)).replace("{hash}", str(hash_mb))

    def argv(self, hash_mb: int) -> List[str]:
        return [self.binary] + [self._fill(a, hash_mb) for a in self.args]

    def engine_tokens(self, hash_mb: int, workdir: Optional[str] = None) -> List[str]:
        """The key=value tokens of this engine's --engine option for match.py."""
        tokens = [f"cmd={self.binary}"]
        tokens += [f"arg={self._fill(a, hash_mb)}" for a in self.args]
        tokens.append(f"proto={self.proto}")
        if workdir:
            tokens.append(f"dir={workdir}")
        tokens += [f"option.{name}={self._fill(value, hash_mb)}" for name, value in self.options]
        return tokens

    def setup_text(self, hash_mb: int) -> str:
        return self._fill(self.setup, hash_mb)


ENGINES: List[EngineDef] = [
    EngineDef(
        key="fairymax", package="fairymax", binary="/usr/games/fairymax", proto="xboard",
        options=(("memory", "{hash}"),),
        setup="XBoard `memory {hash}` (its default is ~96 MB), single-threaded, no book",
        reference="Fairy-Max plays as micro-Max 4.8, about 1870"),
    EngineDef(
        key="hoichess", package="hoichess", binary="/usr/games/hoichess", proto="xboard",
        # --norc skips hoichess.rc (hash size 32M + book); --initcmd runs before any rc file.
        args=("--norc", "--initcmd", "hash size {hash}M", "--initcmd", "pawnhash size 4M",
              "--initcmd", "evalcache size 4M", "--initcmd", "cores 1"),
        setup="`--norc --initcmd 'hash size {hash}M' --initcmd 'cores 1'` "
              "(+ the rc file's pawnhash/evalcache 4M, no book)",
        reference="CCRL Blitz HoiChess 0.22: 1798"),
    EngineDef(
        key="phalanx", package="phalanx", binary="/usr/games/phalanx", proto="xboard",
        args=("-t", "{hash_kb}", "-l-", "-b-"),
        setup="`-t {hash_kb}` (kB; default 820 kB), `-l-` no learning file, `-b-` no book, "
              "single-threaded",
        reference="CCRL 40/15 Phalanx XXV: 2610"),
    EngineDef(
        key="gnuchess", package="gnuchess", binary="/usr/games/gnuchess", proto="uci",
        # /usr/games/gnuchessu is a shell script running `gnuchess --uci` through $PATH,
        # which fails when /usr/games is not in PATH; call the binary directly.
        args=("--uci",),
        options=(("Hash", "{hash}"), ("OwnBook", "false")),
        setup="`gnuchess --uci`, Hash={hash}, OwnBook=false, single-threaded",
        aliases=("gnuchessu",)),
    EngineDef(
        key="glaurung", package="glaurung", binary="/usr/games/glaurung", proto="uci",
        options=(("Hash", "{hash}"), ("Threads", "1"), ("OwnBook", "false")),
        setup="Hash={hash}, Threads=1 (default 2), OwnBook=false",
        reference="CCRL 40/15 Glaurung 2.2: 2793"),
    EngineDef(
        key="toga2", package="toga2", binary="/usr/games/toga2", proto="uci",
        options=(("Hash", "{hash}"), ("Number of Threads", "1"), ("OwnBook", "false")),
        setup="Hash={hash} (default 128), Number of Threads=1, OwnBook=false",
        aliases=("toga",)),
    EngineDef(
        key="ethereal", package="ethereal-chess", binary="/usr/games/ethereal-chess", proto="uci",
        options=(("Hash", "{hash}"), ("Threads", "1")),
        setup="Hash={hash}, Threads=1",
        aliases=("ethereal-chess",)),
    EngineDef(
        key="stockfish", package="stockfish", binary="/usr/games/stockfish", proto="uci",
        options=(("Hash", "{hash}"), ("Threads", "1")),
        setup="Hash={hash}, Threads=1"),
]


def find_engine(name: str) -> EngineDef:
    name = name.strip().lower()
    for engine in ENGINES:
        if name == engine.key or name in engine.aliases or name == engine.package:
            return engine
    raise ValueError(f"unknown engine {name!r} (known: {', '.join(e.key for e in ENGINES)})")


def select_engines(spec: Optional[str]) -> List[EngineDef]:
    """--engines a,b,c -> EngineDefs in ladder order (weakest first), no duplicates."""
    if not spec:
        return list(ENGINES)
    wanted = {find_engine(name).key for name in spec.split(",") if name.strip()}
    if not wanted:
        raise ValueError("--engines: no engine given")
    return [e for e in ENGINES if e.key in wanted]


# --------------------------------------------------------------------------
# Environment: installation, versions, machine, commit
# --------------------------------------------------------------------------

def _run_quiet(cmd: Sequence[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(list(cmd), capture_output=True, text=True, **kwargs)


def package_version(package: str) -> Optional[str]:
    try:
        proc = _run_quiet(["dpkg-query", "-W", "-f=${Version}", package])
    except OSError:
        return None
    version = proc.stdout.strip()
    return version if proc.returncode == 0 and version else None


def _apt_get(args: Sequence[str]) -> int:
    cmd = ["apt-get", *args]
    if os.geteuid() != 0 and shutil.which("sudo"):
        cmd = ["sudo", "-n", *cmd]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    print(f"$ {shlex.join(cmd)}", flush=True)
    try:
        return subprocess.run(cmd, env=env).returncode
    except OSError as err:
        print(f"cannot run apt-get: {err}", flush=True)
        return 127


def ensure_installed(engine: EngineDef, install: bool = True) -> Optional[str]:
    """None when the engine's binary is there (installing it if needed), else why not."""
    if os.access(engine.binary, os.X_OK):
        return None
    if not install:
        return f"{engine.binary} not found (package {engine.package}; --no-install given)"
    print(f"{engine.binary} not found: installing package {engine.package}", flush=True)
    if _apt_get(["install", "-y", engine.package]) != 0:
        _apt_get(["update"])
        _apt_get(["install", "-y", engine.package])
    if os.access(engine.binary, os.X_OK):
        return None
    return f"{engine.binary} still missing after apt-get install -y {engine.package}"


def git_commit(repo: str = REPO) -> str:
    """Short hash of HEAD, plus -dirty when tracked files have uncommitted changes."""
    try:
        head = _run_quiet(["git", "-C", repo, "rev-parse", "--short", "HEAD"])
        if head.returncode != 0:
            return "unknown"
        status = _run_quiet(["git", "-C", repo, "status", "--porcelain", "--untracked-files=no"])
    except OSError:
        return "unknown"
    commit = head.stdout.strip()
    if status.returncode != 0 or status.stdout.strip():
        commit += "-dirty"
    return commit


def cpu_count() -> int:
    try:
        return int(_run_quiet(["nproc"]).stdout.strip())
    except (OSError, ValueError):
        return os.cpu_count() or 1


def cpu_model(path: str = "/proc/cpuinfo") -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                key, _, value = line.partition(":")
                if key.strip() in ("model name", "Model", "cpu model", "Hardware") and value.strip():
                    return " ".join(value.split())
    except OSError:
        pass
    return "unknown CPU"


# --------------------------------------------------------------------------
# Rows and rendering (pure)
# --------------------------------------------------------------------------

COUNTER_KEYS = ("crashes", "illegal_moves", "time_losses", "disconnects")


@dataclass
class Row:
    """One match of the gauntlet table, from Daba's point of view."""
    date: str
    commit: str
    opponent: str                  # the engine's id name / myname, e.g. "Glaurung 2.2"
    version: Optional[str]         # Debian package version, e.g. "2.2-4"
    package: Optional[str]
    tc: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float                   # 0..1
    elo: Optional[float]           # None: infinite (score 0 or 1)
    elo_error: Optional[float]     # None: infinite / unknown
    reference: str = DASH
    daba_counters: Dict[str, int] = field(default_factory=dict)
    opponent_counters: Dict[str, int] = field(default_factory=dict)
    aborted: Optional[str] = None


def daba_index(summary: dict) -> int:
    """Which of the two engines in a match summary is Daba (default: the first)."""
    engines = summary.get("engines", [])
    for i, engine in enumerate(engines[:2]):
        cmd = engine.get("cmd") or [""]
        program = cmd[0] if isinstance(cmd, list) else str(cmd).split(" ")[0]
        if str(engine.get("name", "")).lower().startswith("daba") or \
                os.path.basename(program).lower().startswith("daba"):
            return i
    return 0


def row_from_summary(summary: dict, *, date: str, commit: str, tc: str,
                     package: Optional[str] = None, version: Optional[str] = None,
                     reference: str = DASH) -> Row:
    """A table row from a match.py --json summary (Daba's view, whichever side Daba was)."""
    me = daba_index(summary)
    other = 1 - me
    engines = summary["engines"]
    wins, draws, losses = summary["wins"], summary["draws"], summary["losses"]
    score, elo = summary["score"], summary.get("elo")
    if me == 1:
        wins, losses = losses, wins
        score = 1.0 - score
        elo = None if elo is None else -elo
    return Row(
        date=date, commit=commit, opponent=engines[other]["name"], version=version,
        package=package, tc=tc, games=summary["games"], wins=wins, draws=draws, losses=losses,
        score=score, elo=elo, elo_error=summary.get("elo_error95"), reference=reference,
        daba_counters=dict(engines[me].get("counters", {})),
        opponent_counters=dict(engines[other].get("counters", {})),
        aborted=summary.get("aborted"))


def format_elo(elo: Optional[float], error: Optional[float], score: float, games: int) -> str:
    if games == 0:
        return DASH
    if elo is None:
        return "+inf" if score >= 0.5 else "-inf"
    text = f"{elo:+.0f}"
    if text in ("+0", "-0"):
        text = "0"
    return text + (f" {PM} {error:.0f}" if error is not None else f" {PM} inf")


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


GAUNTLET_HEADER = ("| Date | Daba | Opponent (version) | TC | Games | W-D-L | Score | "
                   "Elo diff (95%) | Rating list (reference) |")
GAUNTLET_RULE = "| --- | --- | --- | --- | ---: | ---: | ---: | ---: | --- |"


def render_row(row: Row) -> str:
    opponent = row.opponent
    if row.version:
        opponent += f" ({row.package} {row.version})" if row.package else f" ({row.version})"
    score = f"{100 * row.score:.1f}%" if row.games else DASH
    if row.aborted:
        score += " (aborted)"
    cells = [row.date, row.commit, opponent, row.tc, row.games,
             f"{row.wins}-{row.draws}-{row.losses}", score,
             format_elo(row.elo, row.elo_error, row.score, row.games), row.reference or DASH]
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def counters_text(counters: Dict[str, int]) -> str:
    return "/".join(str(int(counters.get(k, 0))) for k in COUNTER_KEYS)


def render_run_note(rows: Sequence[Row], *, date: str, commit: str, nproc: int, cpu: str,
                    concurrency: int, hash_mb: int, setups: Sequence[Tuple[str, str]],
                    adjudication: str, skipped: Sequence[str] = ()) -> str:
    """The bullet under the table describing one gauntlet run."""
    setup = "; ".join(f"{name}: {text}" for name, text in setups)
    counters = ", ".join(f"vs {r.opponent} {counters_text(r.daba_counters)}" for r in rows) or "no matches"
    text = (f"- {date}, Daba {commit}: machine {nproc} CPUs (`nproc`), {cpu}; concurrency {concurrency}; "
            f"every engine 1 thread and {hash_mb} MB hash, engine books off "
            f"(Daba: Hash={hash_mb}, Threads=1; {setup}); {adjudication}. "
            f"Daba's reliability counters (crashes/illegal moves/time losses/disconnects): {counters}.")
    if skipped:
        text += " Skipped: " + "; ".join(skipped) + "."
    return text


GAUNTLET_INTRO = (
    "## Gauntlet against reference engines\n\n"
    "Written by `scripts/gauntlet.py`. W-D-L, score and Elo difference are Daba's, with the 95% "
    "error bar of the match runner (pentanomial). The rating-list figures are the opponents' "
    "published ratings for orientation only; they were measured under other conditions and are "
    "not comparable one to one.")


def render_gauntlet_section(table_rows: Sequence[str], notes: Sequence[str]) -> str:
    """The text between the gauntlet markers (without the markers)."""
    lines = [GAUNTLET_INTRO, "", GAUNTLET_HEADER, GAUNTLET_RULE, *table_rows]
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)


RELIABILITY_INTRO = (
    "## Reliability\n\n"
    "Failure counters from the match runner's JSON summaries (`scripts/match.py --json`): "
    "crashes, illegal moves, time losses and disconnects, for Daba and for its opponent.")
RELIABILITY_HEADER = ("| Match | Games | Daba crashes | Daba illegal moves | Daba time losses | "
                      "Daba disconnects | Opp. crashes | Opp. illegal moves | Opp. time losses | "
                      "Opp. disconnects |")
RELIABILITY_RULE = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"


def reliability_row(summary: dict, source: str = "") -> str:
    me = daba_index(summary)
    engines = summary["engines"]
    daba, opp = engines[me], engines[1 - me]
    limits = daba.get("limits") or ""
    if opp.get("limits") and opp.get("limits") != limits:
        limits = f"{limits} / {opp['limits']}"
    label = f"{daba['name']} vs {opp['name']}"
    if limits:
        label += f", {limits}"
    if source:
        label += f" (`{os.path.basename(source)}`)"
    if summary.get("aborted"):
        label += " (aborted)"
    cells = [label, summary.get("games", 0)]
    cells += [int(daba.get("counters", {}).get(k, 0)) for k in COUNTER_KEYS]
    cells += [int(opp.get("counters", {}).get(k, 0)) for k in COUNTER_KEYS]
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def render_reliability_section(table_rows: Sequence[str]) -> str:
    return "\n".join([RELIABILITY_INTRO, "", RELIABILITY_HEADER, RELIABILITY_RULE, *table_rows])


# --------------------------------------------------------------------------
# Marker-based file update (pure)
# --------------------------------------------------------------------------

DEFAULT_TITLE = "# Strength of Daba\n"


def find_section(text: str, begin: str, end: str) -> Optional[Tuple[int, int]]:
    """(start of the begin marker, end of the end marker) or None."""
    start = text.find(begin)
    if start < 0:
        return None
    stop = text.find(end, start + len(begin))
    if stop < 0:
        raise ValueError(f"{begin} without {end}")
    return start, stop + len(end)


def section_body(text: str, begin: str, end: str) -> Optional[str]:
    span = find_section(text, begin, end)
    if span is None:
        return None
    return text[span[0] + len(begin):span[1] - len(end)]


def replace_section(text: str, begin: str, end: str, body: str, title: str = DEFAULT_TITLE) -> str:
    """Put `body` between the markers; add the section at the end when it is missing."""
    block = f"{begin}\n{body.strip()}\n{end}"
    span = find_section(text, begin, end)
    if span is not None:
        return text[:span[0]] + block + text[span[1]:]
    if not text.strip():
        return f"{title}\n{block}\n"
    return text.rstrip("\n") + "\n\n" + block + "\n"


_RULE_LINE = re.compile(r"^\|\s*:?-{3,}")


def split_table(body: str) -> Tuple[List[str], List[str]]:
    """Data rows (without header and rule) and '- ' note lines of a generated section."""
    rows: List[str] = []
    notes: List[str] = []
    in_table = False
    for line in body.splitlines():
        stripped = line.strip()
        if stripped.startswith("|"):
            if _RULE_LINE.match(stripped):
                in_table = True
            elif in_table:
                rows.append(stripped)
        elif stripped.startswith("- "):
            notes.append(stripped)
    return rows, notes


def update_gauntlet(text: str, rows: Sequence[Row], note: Optional[str], append: bool) -> str:
    """The file text with the gauntlet section replaced (or, with append, extended)."""
    old_rows: List[str] = []
    old_notes: List[str] = []
    if append:
        body = section_body(text, GAUNTLET_BEGIN, GAUNTLET_END)
        if body is not None:
            old_rows, old_notes = split_table(body)
    table = old_rows + [render_row(r) for r in rows]
    notes = old_notes + ([note] if note else [])
    return replace_section(text, GAUNTLET_BEGIN, GAUNTLET_END, render_gauntlet_section(table, notes))


def update_reliability(text: str, summaries: Sequence[Tuple[str, dict]], append: bool = False) -> str:
    old_rows: List[str] = []
    if append:
        body = section_body(text, RELIABILITY_BEGIN, RELIABILITY_END)
        if body is not None:
            old_rows, _ = split_table(body)
    rows = old_rows + [reliability_row(summary, source) for source, summary in summaries]
    return replace_section(text, RELIABILITY_BEGIN, RELIABILITY_END, render_reliability_section(rows))


def read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        return ""


def write_text(path: str, text: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(tmp, path)


# --------------------------------------------------------------------------
# Running the gauntlet
# --------------------------------------------------------------------------

def adjudication_args(args: argparse.Namespace) -> Tuple[List[str], str]:
    """match.py arguments for draw/resign adjudication and a description."""
    out: List[str] = []
    words: List[str] = []
    if args.draw and not args.no_adjudication:
        out += ["--draw", *args.draw]
        words.append("draw adjudication " + " ".join(args.draw))
    if args.resign and not args.no_adjudication:
        out += ["--resign", *args.resign]
        words.append("resign adjudication " + " ".join(args.resign))
    return out, ("; ".join(words) if words else "no adjudication")


def match_command(args: argparse.Namespace, engine: EngineDef, daba: str, json_path: str,
                  pgn_path: Optional[str], workdir: Optional[str]) -> List[str]:
    cmd = [sys.executable, MATCH_PY,
           "--engine", f"cmd={daba}", "name=Daba", f"option.Hash={args.hash}", "option.Threads=1",
           "--engine", *engine.engine_tokens(args.hash, workdir),
           "--tc", args.tc, "--games", str(args.games), "--concurrency", str(args.concurrency),
           "--json", json_path, "--event", "Daba gauntlet"]
    if args.openings:
        cmd += ["--openings", args.openings]
    cmd += adjudication_args(args)[0]
    if pgn_path:
        cmd += ["--pgn", pgn_path]
        # A match cut short (a session that ended) goes on from its PGN
        # instead of starting over; a first run has nothing to resume.
        if args.resume and os.path.isfile(pgn_path) and os.path.getsize(pgn_path) > 0:
            cmd.append("--resume")
    if args.match_args:
        cmd += shlex.split(args.match_args)
    return cmd


def run_gauntlet(args: argparse.Namespace) -> int:
    try:
        engines = select_engines(args.engines)
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    daba = os.path.abspath(args.daba)
    if not os.access(daba, os.X_OK):
        print(f"error: {args.daba} is not an executable file", file=sys.stderr)
        return 2
    if args.openings and not os.path.exists(args.openings):
        print(f"error: openings file {args.openings} not found", file=sys.stderr)
        return 2
    if args.resume and not args.pgn_dir:
        print("error: --resume needs --pgn-dir, where the matches' PGN files are kept", file=sys.stderr)
        return 2

    commit = args.daba_commit or git_commit()
    nproc, cpu = cpu_count(), cpu_model()
    original = read_text(args.out)
    _, adjudication = adjudication_args(args)
    keep_json = args.json_dir or args.pgn_dir
    for directory in (args.pgn_dir, args.json_dir):
        if directory:
            os.makedirs(directory, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="daba-gauntlet-")
    rows: List[Row] = []
    setups: List[Tuple[str, str]] = []
    skipped: List[str] = []
    failed = False
    print(f"Gauntlet: Daba {commit} ({daba}) vs {', '.join(e.key for e in engines)}; "
          f"tc {args.tc}, {args.games} games each, concurrency {args.concurrency}, "
          f"{nproc} CPUs ({cpu}); {adjudication}", flush=True)
    try:
        for number, engine in enumerate(engines, 1):
            print(f"\n=== [{number}/{len(engines)}] Daba vs {engine.key} "
                  f"({engine.binary}, {engine.proto})", flush=True)
            problem = ensure_installed(engine, install=not args.no_install)
            if problem:
                print(f"skipping {engine.key}: {problem}", flush=True)
                skipped.append(f"{engine.key} ({problem})")
                failed = True
                continue
            version = package_version(engine.package)
            stem = f"daba-vs-{engine.key}"
            json_path = os.path.join(keep_json or scratch, stem + ".json")
            pgn_path = os.path.join(args.pgn_dir, stem + ".pgn") if args.pgn_dir else None
            workdir = os.path.join(scratch, engine.key)   # learning/log files land here
            os.makedirs(workdir, exist_ok=True)
            if os.path.exists(json_path):
                os.remove(json_path)
            cmd = match_command(args, engine, daba, json_path, pgn_path, workdir)
            print("$ " + shlex.join(cmd), flush=True)
            rc = subprocess.run(cmd).returncode
            if not os.path.exists(json_path):
                print(f"match against {engine.key} failed (exit status {rc}), no summary", flush=True)
                skipped.append(f"{engine.key} (match.py exit status {rc})")
                failed = True
                continue
            with open(json_path, encoding="utf-8") as handle:
                summary = json.load(handle)
            if rc != 0:
                failed = True
            if not summary.get("games"):
                print(f"no games finished against {engine.key} (exit status {rc})", flush=True)
                skipped.append(f"{engine.key} ({summary.get('aborted') or f'exit status {rc}'})")
                continue
            row = row_from_summary(summary, date=datetime.date.today().isoformat(), commit=commit,
                                   tc=args.tc, package=engine.package, version=version,
                                   reference=engine.reference)
            rows.append(row)
            setups.append((row.opponent, engine.setup_text(args.hash)))
            note = render_run_note(rows, date=row.date, commit=commit, nproc=nproc, cpu=cpu,
                                   concurrency=args.concurrency, hash_mb=args.hash, setups=setups,
                                   adjudication=adjudication, skipped=skipped)
            write_text(args.out, update_gauntlet(original, rows, note, args.append))
            print(f"--> {render_row(row)}\n    table written to {args.out}", flush=True)
    except KeyboardInterrupt:
        print("\ninterrupted", flush=True)
        failed = True
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    if skipped and rows:
        # The last note was written before a later engine was skipped: rewrite with all of them.
        note = render_run_note(rows, date=rows[-1].date, commit=commit, nproc=nproc, cpu=cpu,
                               concurrency=args.concurrency, hash_mb=args.hash, setups=setups,
                               adjudication=adjudication, skipped=skipped)
        write_text(args.out, update_gauntlet(original, rows, note, args.append))
    print("\n=== Gauntlet summary")
    print(GAUNTLET_HEADER)
    print(GAUNTLET_RULE)
    for row in rows:
        print(render_row(row))
    for item in skipped:
        print(f"skipped: {item}")
    if rows:
        print(f"written to {args.out}")
    return 1 if failed else 0


def run_reliability(args: argparse.Namespace) -> int:
    summaries = []
    for path in args.reliability_from:
        try:
            with open(path, encoding="utf-8") as handle:
                summaries.append((path, json.load(handle)))
        except (OSError, ValueError) as err:
            print(f"error: {path}: {err}", file=sys.stderr)
            return 2
    text = update_reliability(read_text(args.out), summaries, append=args.append)
    write_text(args.out, text)
    print(section_body(text, RELIABILITY_BEGIN, RELIABILITY_END).strip())
    print(f"written to {args.out}")
    return 0


def list_engines() -> int:
    for engine in ENGINES:
        there = "installed" if os.access(engine.binary, os.X_OK) else "missing"
        version = package_version(engine.package) or "-"
        print(f"{engine.key:10} {engine.package:15} {version:18} {engine.proto:6} {there:9} "
              f"{shlex.join(engine.argv(16))}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="gauntlet.py", description=__doc__.split("\n\n")[0],
        epilog="Ladder (weakest first): " + ", ".join(e.key for e in ENGINES),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--daba", default=os.path.join(REPO, "target", "release", "daba"),
                   help="Daba binary (default: target/release/daba)")
    p.add_argument("--daba-commit", help="commit to record (default: git rev-parse --short HEAD [+ -dirty])")
    p.add_argument("--tc", default="10+0.1", help="time control for both engines (default 10+0.1)")
    p.add_argument("--games", type=int, default=40, help="games per opponent (default 40)")
    p.add_argument("--concurrency", type=int, default=1, help="games at once (default 1)")
    p.add_argument("--openings", default=OWN_OPENINGS,
                   help="EPD/FEN/PGN openings for match.py (default tests/data/openings.epd)")
    p.add_argument("--engines", help="comma-separated subset of the ladder (played weakest first)")
    p.add_argument("--hash", type=int, default=16, help="hash size in MB for every engine (default 16)")
    p.add_argument("--out", default=DEFAULT_OUT, help="markdown file to update (default docs/strength.md)")
    p.add_argument("--append", action="store_true",
                   help="add rows to the existing table instead of replacing it")
    p.add_argument("--pgn-dir", help="write daba-vs-ENGINE.pgn (and .json) here")
    p.add_argument("--json-dir", help="keep the match summaries daba-vs-ENGINE.json here")
    p.add_argument("--draw", nargs="+", default=DEFAULT_DRAW, metavar="KEY=VALUE",
                   help="draw adjudication (default: %(default)s)")
    p.add_argument("--resign", nargs="+", default=DEFAULT_RESIGN, metavar="KEY=VALUE",
                   help="resign adjudication (default: %(default)s)")
    p.add_argument("--no-draw", dest="draw", action="store_const", const=None,
                   help="no draw adjudication")
    p.add_argument("--no-resign", dest="resign", action="store_const", const=None,
                   help="no resign adjudication")
    p.add_argument("--no-adjudication", action="store_true", help="neither draw nor resign adjudication")
    p.add_argument("--resume", action="store_true",
                   help="continue each match from its PGN in --pgn-dir where one is there "
                        "(match.py --resume: finished pairs count, the rest are played)")
    p.add_argument("--match-args", help="extra match.py arguments, one shell-quoted string")
    p.add_argument("--no-install", action="store_true", help="do not apt-get install missing engines")
    p.add_argument("--list", action="store_true", help="list the ladder and exit")
    p.add_argument("--reliability-from", nargs="+", metavar="JSON",
                   help="write the reliability section from these match.py --json summaries and exit")
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.list:
        return list_engines()
    if args.reliability_from:
        return run_reliability(args)
    if args.games <= 0 or args.concurrency <= 0 or args.hash <= 0:
        parser.error("--games, --concurrency and --hash must be > 0")
    return run_gauntlet(args)


if __name__ == "__main__":
    sys.exit(main())
