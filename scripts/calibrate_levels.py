#!/usr/bin/env python3
"""Calibrates Daba's playing levels (UCI_LimitStrength + UCI_Elo) against
reference engines with published ratings, and prints the table.

    python3 scripts/calibrate_levels.py --daba target/release/daba \\
        --levels 1600,2500 --opponents hoichess,phalanx --window 400 \\
        --pairs 1600:1800,2200:2400,800:1000 --tc 10+0.1 --games 100 --concurrency 2 \\
        --openings tests/data/openings.epd --pgn-dir levels-run \\
        [--out docs/strength.md] [--dry-run]

Each level (a UCI_Elo value) plays every reference whose rating lies within
--window Elo of it (the nearest one when none does), one scripts/match.py
match per pairing; each --pairs A:B plays level A against level B (they should
be B - A apart). The references (docs/strength.md, "Playing levels"):

    random    the random mover: Daba at Skill Level 0 (UCI_Elo 200, the
              rating CCRL's 40/4 list gave a random mover)
    hoichess  HoiChess 0.22, CCRL Blitz 1798
    fairymax  Fairy-Max 5.0b, plays as micro-Max 4.8, about 1870
    phalanx   Phalanx XXV, CCRL 40/15 2610
    glaurung  Glaurung 2.2, CCRL 40/15 2793

They run as in scripts/gauntlet.py (one thread, --hash MB, no book; a missing
one is installed with apt-get unless --no-install). For every match the table
gives the level's W-D-L, score, Elo difference with its 95% error bar (the
match runner's, pentanomial) and the level's performance: the reference's
rating plus that difference. Per level, the performances of its matches are
combined (inverse-variance weights); a level is calibrated when that figure
is within 100 Elo of its UCI_Elo (or the error bar allows it).

--out FILE writes the table between <!-- levels:begin --> and
<!-- levels:end --> in FILE (docs/strength.md), after every match, so an
interrupted run keeps what it finished. --dry-run prints the plan and the
match.py commands without playing.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import shlex
import subprocess
import sys
import tempfile
import shutil
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import gauntlet  # noqa: E402  (the ladder, installation, file sections)

LEVELS_BEGIN = "<!-- levels:begin -->"
LEVELS_END = "<!-- levels:end -->"
RANDOM_ELO = 200
# UCI_Elo's range (engine/src/levels.rs, MIN_ELO and MAX_ELO).
ELO_MIN, ELO_MAX = 200, 3165
DEFAULT_LEVELS = "1600,2500"
DEFAULT_PAIRS = "1600:1800,2200:2400,800:1000"
DEFAULT_OPPONENTS = "random,hoichess,fairymax,phalanx,glaurung"


@dataclass(frozen=True)
class Reference:
    key: str
    rating: int
    label: str
    engine: Optional[gauntlet.EngineDef]   # None: Daba's own random mover


def references() -> Dict[str, Reference]:
    refs = {"random": Reference("random", RANDOM_ELO,
                                "random mover (Daba Skill Level 0; CCRL 40/4 about 205)",
                                None)}
    for key, rating, label in (("hoichess", 1798, "HoiChess 0.22 (CCRL Blitz 1798)"),
                               ("fairymax", 1870, "Fairy-Max 5.0b (as micro-Max 4.8, about 1870)"),
                               ("phalanx", 2610, "Phalanx XXV (CCRL 40/15 2610)"),
                               ("glaurung", 2793, "Glaurung 2.2 (CCRL 40/15 2793)")):
        refs[key] = Reference(key, rating, label, gauntlet.find_engine(key))
    return refs


@dataclass(frozen=True)
class Pairing:
    """Level `level` (UCI_Elo) against a reference or against level `other`."""
    level: int
    reference: Optional[Reference] = None
    other: Optional[int] = None

    @property
    def opponent_rating(self) -> int:
        return self.reference.rating if self.reference else int(self.other)

    @property
    def stem(self) -> str:
        opponent = self.reference.key if self.reference else f"elo{self.other}"
        return f"elo{self.level}-vs-{opponent}"


def finished_summary(json_path: str) -> Optional[dict]:
    """The summary in `json_path` if it records a finished match (not
    interrupted, not aborted, with its results); None otherwise or if
    unreadable."""
    try:
        with open(json_path, encoding="utf-8") as handle:
            summary = json.load(handle)
    except (OSError, ValueError):
        return None
    if not isinstance(summary, dict):
        return None
    if summary.get("interrupted") or summary.get("aborted"):
        return None
    if not all(isinstance(summary.get(key), (int, float)) for key in ("wins", "draws", "losses", "score")):
        return None
    return summary


def finished_match(json_path: str, games: int) -> Optional[dict]:
    """The summary in `json_path` if it records a finished match of `games`
    games; None otherwise or if unreadable."""
    summary = finished_summary(json_path)
    if summary is None or summary.get("games") != games:
        return None
    return summary


def parse_levels(text: str) -> List[int]:
    levels = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        value = int(item)
        if not ELO_MIN <= value <= ELO_MAX:
            raise ValueError(f"level {value} is outside UCI_Elo's {ELO_MIN}..{ELO_MAX}")
        levels.append(value)
    if not levels:
        raise ValueError("no level given")
    return levels


def parse_pairs(text: str) -> List[Tuple[int, int]]:
    pairs = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        a, _, b = item.partition(":")
        pair = (int(a), int(b))
        parse_levels(f"{pair[0]},{pair[1]}")
        pairs.append(pair)
    return pairs


def plan(levels: Sequence[int], refs: Sequence[Reference], window: int,
         pairs: Sequence[Tuple[int, int]]) -> List[Pairing]:
    """Every level against the references within `window` (else the nearest),
    then the level pairs."""
    out: List[Pairing] = []
    for level in levels:
        near = [r for r in refs if abs(r.rating - level) <= window]
        if not near and refs:
            near = [min(refs, key=lambda r: abs(r.rating - level))]
        out += [Pairing(level, reference=r) for r in sorted(near, key=lambda r: r.rating)]
    out += [Pairing(a, other=b) for a, b in pairs]
    return out


def level_tokens(daba: str, elo: int, hash_mb: int) -> List[str]:
    return [f"cmd={daba}", f"name=Daba-Elo-{elo}", f"option.Hash={hash_mb}", "option.Threads=1",
            "option.UCI_LimitStrength=true", f"option.UCI_Elo={elo}"]


def match_command(args: argparse.Namespace, pairing: Pairing, daba: str, json_path: str,
                  pgn_path: Optional[str], workdir: Optional[str]) -> List[str]:
    cmd = [sys.executable, gauntlet.MATCH_PY, "--engine", *level_tokens(daba, pairing.level, args.hash)]
    if pairing.other is not None:
        cmd += ["--engine", *level_tokens(daba, pairing.other, args.hash)]
    elif pairing.reference.engine is None:
        cmd += ["--engine", f"cmd={daba}", "name=Random-mover", f"option.Hash={args.hash}",
                "option.Threads=1", "option.Skill Level=0"]
    else:
        cmd += ["--engine", *pairing.reference.engine.engine_tokens(args.hash, workdir)]
    cmd += ["--tc", args.tc, "--games", str(args.games), "--concurrency", str(args.concurrency),
            "--json", json_path, "--event", "Daba level calibration"]
    if args.openings:
        cmd += ["--openings", args.openings]
    cmd += gauntlet.adjudication_args(args)[0]
    if pgn_path:
        cmd += ["--pgn", pgn_path]
    if args.match_args:
        cmd += shlex.split(args.match_args)
    return cmd


@dataclass
class Result:
    pairing: Pairing
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    elo: Optional[float]          # the level's Elo difference; None when infinite
    error: Optional[float]        # 95%; None when unknown

    @property
    def performance(self) -> Optional[float]:
        return None if self.elo is None else self.pairing.opponent_rating + self.elo


def result_from_summary(pairing: Pairing, summary: dict) -> Result:
    """The first engine of every match is the level being measured."""
    return Result(pairing, summary["games"], summary["wins"], summary["draws"], summary["losses"],
                  summary["score"], summary.get("elo"), summary.get("elo_error95"))


def combine(results: Sequence[Result]) -> Tuple[Optional[float], Optional[float]]:
    """Inverse-variance mean of the finite performances, and its 95% error."""
    weighted = [(r.performance, (r.error / 1.96) ** 2) for r in results
                if r.performance is not None and r.error and r.error > 0]
    if not weighted:
        return None, None
    w = [1.0 / var for _, var in weighted]
    mean = sum(p * wi for (p, _), wi in zip(weighted, w)) / sum(w)
    return mean, 1.96 * math.sqrt(1.0 / sum(w))


def fmt_elo(elo: Optional[float], error: Optional[float], score: float) -> str:
    if elo is None:
        return "+inf" if score >= 0.5 else "-inf"
    text = f"{elo:+.0f}"
    if text in ("+0", "-0"):
        text = "0"
    return text + (f" ± {error:.0f}" if error is not None else " ± inf")


TABLE_HEADER = ("| Level (UCI_Elo) | Opponent (rating) | TC | Games | W-D-L | Score | "
                "Elo diff (95%) | Performance |")
TABLE_RULE = "| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: |"


def render_row(r: Result, tc: str) -> str:
    p = r.pairing
    if p.reference:
        opponent = p.reference.label
    else:
        opponent = f"Daba UCI_Elo {p.other} (nominal)"
    perf = r.performance
    if perf is None:
        perf_text = (f"> {p.opponent_rating + 800}" if r.score >= 0.5 else f"< {p.opponent_rating - 800}")
    else:
        perf_text = f"{perf:.0f}" + (f" ± {r.error:.0f}" if r.error is not None else "")
    cells = [p.level, opponent, tc, r.games, f"{r.wins}-{r.draws}-{r.losses}",
             f"{100 * r.score:.1f}%", fmt_elo(r.elo, r.error, r.score), perf_text]
    return "| " + " | ".join(str(c) for c in cells) + " |"


def render_summary(results: Sequence[Result]) -> List[str]:
    lines = []
    for level in sorted({r.pairing.level for r in results if r.pairing.reference}):
        mine = [r for r in results if r.pairing.level == level and r.pairing.reference]
        mean, error = combine(mine)
        if mean is None:
            lines.append(f"- UCI_Elo {level}: no performance with a finite error bar yet "
                         "(too few games, or every game won or lost)")
            continue
        off = mean - level
        ok = abs(off) <= 100 or (error is not None and abs(off) <= error)
        lines.append(f"- UCI_Elo {level}: performance {mean:.0f} ± {error:.0f} "
                     f"({off:+.0f} from nominal; {'within' if ok else 'outside'} 100 Elo)")
    for r in results:
        if r.pairing.other is not None and r.elo is not None:
            nominal = r.pairing.level - r.pairing.other
            lines.append(f"- UCI_Elo {r.pairing.level} vs {r.pairing.other}: "
                         f"{fmt_elo(r.elo, r.error, r.score)} (nominal {nominal:+d})")
    return lines


def render_section(results: Sequence[Result], note: str, tc: str) -> str:
    lines = ["### Calibration table", "",
             "Written by `scripts/calibrate_levels.py`. W-D-L, score and Elo difference are the "
             "level's (the first engine), with the match runner's 95% error bar (pentanomial); "
             "performance = the opponent's rating + the difference.", "",
             TABLE_HEADER, TABLE_RULE, *[render_row(r, tc) for r in results], "",
             *render_summary(results), "", note]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        levels = parse_levels(args.levels)
        pairs = parse_pairs(args.pairs)
        refs_all = references()
        wanted = [k.strip() for k in args.opponents.split(",") if k.strip()]
        unknown = [k for k in wanted if k not in refs_all]
        if unknown:
            raise ValueError(f"unknown opponent(s) {unknown}; known: {', '.join(refs_all)}")
        refs = [refs_all[k] for k in wanted]
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    daba = os.path.abspath(args.daba)
    if not args.dry_run and not os.access(daba, os.X_OK):
        print(f"error: {args.daba} is not an executable file", file=sys.stderr)
        return 2
    if args.openings and not os.path.exists(args.openings):
        print(f"error: openings file {args.openings} not found", file=sys.stderr)
        return 2
    if args.resume and not (args.json_dir or args.pgn_dir):
        print("error: --resume needs --json-dir (or --pgn-dir), where the finished matches are kept",
              file=sys.stderr)
        return 2
    pairings = plan(levels, refs, args.window, pairs)
    commit = args.daba_commit or gauntlet.git_commit()
    _, adjudication = gauntlet.adjudication_args(args)
    print(f"Level calibration: Daba {commit} ({daba}); {len(pairings)} matches of {args.games} games "
          f"at {args.tc}, concurrency {args.concurrency}; {adjudication}", flush=True)
    for number, p in enumerate(pairings, 1):
        print(f"  [{number}] UCI_Elo {p.level} vs "
              f"{p.reference.label if p.reference else f'UCI_Elo {p.other}'}", flush=True)
    keep = args.json_dir or args.pgn_dir
    for directory in (args.pgn_dir, args.json_dir):
        if directory and not args.dry_run:
            os.makedirs(directory, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="daba-levels-")
    results: List[Result] = []
    original = gauntlet.read_text(args.out) if args.out else ""
    reused = 0

    def note() -> str:
        text = (f"{datetime.date.today().isoformat()}, Daba {commit}: machine {gauntlet.cpu_count()} CPUs, "
                f"{gauntlet.cpu_model()}; concurrency {args.concurrency}; every engine 1 thread and "
                f"{args.hash} MB hash, books off; openings {os.path.basename(args.openings or 'none')}; "
                f"{adjudication}.")
        if reused:
            text += (f" Matches played by an earlier run of the same command and read back "
                     f"(--resume) from {keep}: {reused}.")
        return text

    failed = False
    try:
        for number, p in enumerate(pairings, 1):
            json_path = os.path.join(keep or scratch, p.stem + ".json")
            pgn_path = os.path.join(args.pgn_dir, p.stem + ".pgn") if args.pgn_dir else None
            workdir = os.path.join(scratch, p.stem)
            cmd = match_command(args, p, daba, json_path, pgn_path, workdir)
            print(f"\n=== [{number}/{len(pairings)}] $ {shlex.join(cmd)}", flush=True)
            if args.dry_run:
                continue
            if p.reference and p.reference.engine:
                problem = gauntlet.ensure_installed(p.reference.engine, install=not args.no_install)
                if problem:
                    print(f"skipping: {problem}", flush=True)
                    failed = True
                    continue
            summary = finished_match(json_path, args.games) if args.resume else None
            if summary is not None:
                print(f"reusing the finished match in {json_path}", flush=True)
                reused += 1
            else:
                os.makedirs(workdir, exist_ok=True)
                if os.path.exists(json_path):
                    os.remove(json_path)
                rc = subprocess.run(cmd).returncode
                if not os.path.exists(json_path):
                    print(f"match failed (exit status {rc}), no summary", flush=True)
                    failed = True
                    continue
                with open(json_path, encoding="utf-8") as handle:
                    summary = json.load(handle)
                failed |= rc != 0
                if not summary.get("games"):
                    continue
            results.append(result_from_summary(p, summary))
            print("--> " + render_row(results[-1], args.tc), flush=True)
            if args.out:
                gauntlet.write_text(args.out, gauntlet.replace_section(
                    original, LEVELS_BEGIN, LEVELS_END, render_section(results, note(), args.tc)))
    except KeyboardInterrupt:
        print("\ninterrupted", flush=True)
        failed = True
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if results:
        print("\n=== Calibration")
        print(TABLE_HEADER)
        print(TABLE_RULE)
        for r in results:
            print(render_row(r, args.tc))
        print()
        for line in render_summary(results):
            print(line)
        if args.out:
            print(f"written to {args.out}")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="\n".join(__doc__.splitlines()[1:]))
    p.add_argument("--daba", default=os.path.join(gauntlet.REPO, "target", "release", "daba"))
    p.add_argument("--levels", default=DEFAULT_LEVELS, help=f"UCI_Elo values (default {DEFAULT_LEVELS})")
    p.add_argument("--opponents", default=DEFAULT_OPPONENTS,
                   help=f"references to use (default {DEFAULT_OPPONENTS})")
    p.add_argument("--window", type=int, default=700,
                   help="play the references within this many Elo of a level (default 700)")
    p.add_argument("--pairs", default=DEFAULT_PAIRS,
                   help=f"level pairs A:B played against each other (default {DEFAULT_PAIRS}; '' for none)")
    p.add_argument("--tc", default="10+0.1")
    p.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--openings", default=gauntlet.OWN_OPENINGS,
                   help="EPD/FEN/PGN openings for match.py (default tests/data/openings.epd)")
    p.add_argument("--hash", type=int, default=16)
    p.add_argument("--pgn-dir")
    p.add_argument("--json-dir")
    p.add_argument("--out", help="write the table into this file (docs/strength.md) between the level markers")
    p.add_argument("--daba-commit")
    p.add_argument("--resume", action="store_true",
                   help="reuse every match whose summary in --json-dir is finished (all --games played, "
                        "not interrupted), so a calibration can be played in several sittings")
    p.add_argument("--no-install", action="store_true")
    p.add_argument("--match-args", help="more match.py arguments, one string")
    p.add_argument("--draw", nargs="+", default=gauntlet.DEFAULT_DRAW)
    p.add_argument("--resign", nargs="+", default=gauntlet.DEFAULT_RESIGN)
    p.add_argument("--no-adjudication", action="store_true")
    p.add_argument("--dry-run", action="store_true", help="print the plan and commands only")
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
