"""Command line of scripts/match.py."""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
from typing import List, Optional, Sequence

from .adjudication import DrawRule, ResignRule
from .engines import parse_engine_spec
from .game import GameSettings
from .openings import OpeningBook, filename_says_960, read_openings
from .runner import Match, MatchConfig
from .stats import SprtConfig
from .kv import parse_kv

EPILOG = """\
engine keys (--engine / --each):
  cmd=PATH  name=NAME  proto=uci|xboard  dir=PATH  arg=ARG  option.NAME=VALUE
  tc=BASE[+INC] | tc=MOVES/BASE[+INC]  st=SECONDS  nodes=N  depth=N

examples:
  %(prog)s --engine cmd=target/release/daba name=Daba option.Hash=16 \\
           --engine cmd=/usr/games/fairymax proto=xboard name=FairyMax \\
           --each tc=10+0.1 --games 20 --concurrency 2 --pgn out.pgn
  %(prog)s --engine cmd=./daba-new name=new --engine cmd=./daba-old name=old \\
           --each tc=8+0.08 option.Hash=16 --openings book.epd --order random \\
           --sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --concurrency 2
"""


def _kv_float(pairs: Sequence[str], allowed: Sequence[str], what: str) -> dict:
    return parse_kv(pairs, allowed, what, lambda _key, value: float(value), "a number")


def parse_sprt(pairs: Sequence[str]) -> SprtConfig:
    return SprtConfig(**_kv_float(pairs, ("elo0", "elo1", "alpha", "beta"), "--sprt"))


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="match.py",
        description="Play a match between two UCI/XBoard engines (python-chess).",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", nargs="+", action="append", metavar="KEY=VALUE", required=True,
                   help="one engine (give exactly two)")
    p.add_argument("--each", nargs="+", action="append", default=[], metavar="KEY=VALUE",
                   help="keys applied to both engines (an engine's own keys win)")
    p.add_argument("--tc", help="shorthand for --each tc=...")
    p.add_argument("--st", help="shorthand for --each st=...")
    p.add_argument("--nodes", help="shorthand for --each nodes=...")
    p.add_argument("--depth", help="shorthand for --each depth=...")
    p.add_argument("--timemargin", type=float, default=100.0, metavar="MS",
                   help="forgiven clock overrun in milliseconds (default 100)")
    p.add_argument("--games", type=int, help="number of games (with --sprt: the maximum)")
    p.add_argument("--sprt", nargs="+", metavar="KEY=VALUE",
                   help="elo0=0 elo1=5 alpha=0.05 beta=0.05 (stops early on a decision)")
    p.add_argument("--concurrency", type=int, default=1, help="games played at once (default 1)")
    p.add_argument("--openings", metavar="FILE", help="EPD/FEN file (or .pgn) with opening positions")
    p.add_argument("--order", choices=("sequential", "random"), default="sequential")
    p.add_argument("--seed", type=int, help="seed for --order random and Chess960 positions")
    p.add_argument("--start", type=int, default=1, help="first opening to use (1-based)")
    p.add_argument("--plies", type=int, help="use at most this many plies of PGN openings")
    p.add_argument("--variant", choices=("standard", "chess960", "auto"), default="auto",
                   help="auto: Chess960 when the openings file looks like one (e.g. frc960.epd)")
    p.add_argument("--draw", nargs="+", metavar="KEY=VALUE",
                   help="draw adjudication: movenumber=40 movecount=8 score=10")
    p.add_argument("--resign", nargs="+", metavar="KEY=VALUE",
                   help="resign adjudication: movecount=3 score=1000 [twosided=true]")
    p.add_argument("--maxmoves", type=int, help="adjudicate a draw after N full moves")
    p.add_argument("--pgn", metavar="FILE", help="write every game to this PGN file")
    p.add_argument("--pgn-append", action="store_true", help="append to the PGN file instead of overwriting")
    p.add_argument("--json", metavar="FILE", help="write a JSON summary to this file")
    p.add_argument("--resume", action="store_true",
                   help="continue the match of the --pgn file (the same command): its finished "
                        "pairs count, unfinished pairs are played again, new games are appended")
    p.add_argument("--event", default="Daba match", help="PGN Event tag")
    p.add_argument("--startup-timeout", type=float, default=10.0, metavar="S",
                   help="seconds allowed for the handshake and isready/ping (default 10)")
    p.add_argument("--stall-timeout", type=float, default=60.0, metavar="S",
                   help="seconds to wait for a move when no clock applies (default 60)")
    p.add_argument("--max-start-failures", type=int, default=3,
                   help="abort after an engine failed to start this many games in a row")
    p.add_argument("--quiet", action="store_true", help="no progress lines, only the summary")
    p.add_argument("--engine-stderr", action="store_true", help="let the engines write to stderr")
    p.add_argument("--debug", action="store_true", help="log the engine communication")
    return p


def config_from_args(args: argparse.Namespace, warn=None) -> MatchConfig:
    warn = warn or (lambda msg: print(f"warning: {msg}", file=sys.stderr))
    if len(args.engine) != 2:
        raise ValueError("give exactly two --engine options")
    each: List[str] = [tok for group in args.each for tok in group]
    for key in ("tc", "st", "nodes", "depth"):
        value = getattr(args, key)
        if value is not None:
            each.append(f"{key}={value}")
    specs = [parse_engine_spec(tokens, each) for tokens in args.engine]

    sprt = parse_sprt(args.sprt) if args.sprt else None
    if args.games is not None and args.games <= 0:
        raise ValueError("--games must be > 0")
    if args.games is None and sprt is None:
        raise ValueError("give --games N or --sprt ...")
    if args.resume and not args.pgn:
        raise ValueError("--resume needs the --pgn file of the match to continue")
    if args.concurrency <= 0:
        raise ValueError("--concurrency must be > 0")
    if args.timemargin < 0:
        raise ValueError("--timemargin must be >= 0")

    if args.variant == "chess960":
        chess960: Optional[bool] = True
    elif args.variant == "standard":
        chess960 = False
    else:
        chess960 = None   # decided by the openings file

    seed = args.seed
    if seed is None and (args.order == "random" or chess960):
        seed = random.SystemRandom().randrange(2 ** 31)
        warn(f"no --seed given, using --seed {seed}")

    openings = []
    if args.openings:
        openings = read_openings(args.openings, chess960=chess960, plies=args.plies, warn=warn)
        if chess960 is None:
            chess960 = any(o.chess960 for o in openings)
            if chess960:
                why = "file name" if filename_says_960(args.openings) else "castling fields"
                warn(f"Chess960 detected from the openings' {why}")
                if seed is None:
                    seed = 0
    chess960 = bool(chess960)
    book = OpeningBook(openings, order=args.order, seed=seed, chess960=chess960, start=args.start)

    settings = GameSettings(
        margin=args.timemargin / 1000.0,
        stall_timeout=args.stall_timeout,
        draw=DrawRule.parse(args.draw) if args.draw else None,
        resign=ResignRule.parse(args.resign) if args.resign else None,
        maxmoves=args.maxmoves,
        event=args.event,
    )
    return MatchConfig(
        engines=specs, book=book, games=args.games, sprt=sprt, concurrency=args.concurrency,
        chess960=chess960, settings=settings, startup_timeout=args.startup_timeout,
        max_start_failures=args.max_start_failures, pgn_path=args.pgn,
        pgn_append=args.pgn_append, json_path=args.json, resume=args.resume, quiet=args.quiet,
        show_stderr=args.engine_stderr or args.debug)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if not args.debug:
        # python-chess complains about odd engine output (e.g. unexpected
        # lines, bad PV moves); the runner reports what matters itself.
        logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
        logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        config = config_from_args(args)
    except (ValueError, OSError) as err:
        parser.error(str(err))
        return 2
    match = Match(config)
    try:
        return asyncio.run(match.run())
    except KeyboardInterrupt:
        match.interrupted = True
        print(match.summary(), flush=True)
        match.write_json()
        return 130


if __name__ == "__main__":
    sys.exit(main())
