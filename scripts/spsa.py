#!/usr/bin/env python3
"""SPSA tuning of Daba's search parameters on our own machines (issue 37).

    python3 scripts/spsa.py --engine ./daba-tune --tc 8+0.08 --iterations 2000 \\
        --concurrency 2 --seed 1 --state spsa.json

The parameters come from the engine (`tunables` over UCI, a tuning build:
`make EXE=daba-tune FEATURES=tune`) or from a file in the same format, one a
line: `name, int, default, min, max, c_end, r_end` (OpenBench's SPSA input).

The algorithm is OpenBench's SPSA.  The gains, the floor of c_k, the rounding
and the clamping follow AndyGrant/OpenBench, OpenBench/spsa_utils.py
(spsa_workload_assignment_dict: c_k = max(c / iteration^gamma, 0.5),
r_k = a / (A + iteration)^alpha / c_k^2, iteration counted from 1); the update
theta += r * c * (wins - losses) * flip is OpenBench's published form, not
checked here against its server code.  N iterations, A = 10% of N,
alpha = 0.602, gamma = 0.101, per parameter:

    c     = c_end * N^gamma                 a_end = r_end * c_end^2
    a     = a_end * (A + N)^alpha
    c_k   = max(c / (k+1)^gamma, 0.5)       (0.5: OpenBench's floor for integers)
    a_k   = a / (A + k + 1)^alpha           r_k = a_k / c_k^2

Iteration k (0-based) draws a random +-1 vector Delta, plays game pairs (same
opening, colours swapped) between theta+ = theta + c_k Delta and
theta- = theta - c_k Delta (each rounded as OpenBench does, floor(x + u) with
one uniform u per parameter, and clamped to the range), and with
R = wins - losses of theta+ over the pairs updates

    theta += r_k * c_k * R * Delta          (= a_k / c_k * R * Delta)

clamped to the range; theta stays a float between iterations.

Concurrency: like OpenBench's workers, which play with the theta of the
moment they were given work, the iterations k..k+W-1 of one batch (W =
--concurrency, batches aligned to multiples of W) all start from the theta of
the batch's start, and their updates are applied in iteration order.  Each
iteration's random numbers come from (seed, k) alone, so a resumed run does
what the uninterrupted one would have done.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import logging
import math
import os
import random
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import chess  # noqa: F401
except ImportError:  # pragma: no cover - depends on the environment
    sys.stderr.write("spsa.py needs python-chess: pip install -r scripts/requirements.txt\n")
    sys.exit(2)

from matchlib.adjudication import DrawRule, ResignRule  # noqa: E402
from matchlib.engines import (EngineConfigError, EngineProcess, EngineSpec,  # noqa: E402
                              EngineStartError, FailureCounters, parse_engine_spec)
from matchlib.game import GameJob, GameSettings, play_game  # noqa: E402
from matchlib.openings import OWN_OPENINGS, OpeningBook, read_openings  # noqa: E402

ALPHA = 0.602
GAMMA = 0.101
A_RATIO = 0.1
STATE_VERSION = 1


# --------------------------------------------------------------- parameters
@dataclass
class Param:
    """One tunable: its range, OpenBench's c_end (the step) and r_end."""
    name: str
    default: float
    min: float
    max: float
    c_end: float
    r_end: float = 0.002
    is_float: bool = False

    def clamp(self, value: float) -> float:
        return min(self.max, max(self.min, value))

    def spsa_line(self) -> str:
        kind = "float" if self.is_float else "int"
        return f"{self.name}, {kind}, {_num(self.default)}, {_num(self.min)}, {_num(self.max)}, " \
               f"{_num(self.c_end)}, {_num(self.r_end)}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def parse_params(text: str) -> List[Param]:
    """Parameters from OpenBench SPSA input lines; other lines (the engine's
    `id`/`option` output, comments, blank lines) are skipped."""
    params: List[Param] = []
    for line in text.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if len(fields) != 7 or fields[1] not in ("int", "float") or line.lstrip().startswith("#"):
            continue
        try:
            default, low, high, c_end, r_end = (float(f) for f in fields[2:])
        except ValueError:
            raise ValueError(f"bad parameter line: {line.strip()!r}") from None
        if not low <= default <= high or c_end <= 0 or r_end <= 0:
            raise ValueError(f"bad parameter line (need min <= default <= max, step > 0): {line.strip()!r}")
        params.append(Param(fields[0], default, low, high, c_end, r_end, fields[1] == "float"))
    if not params:
        raise ValueError("no parameter lines (name, int, default, min, max, step, r_end) found")
    return params


def read_engine_tunables(cmd: Sequence[str], timeout: float = 10.0) -> List[Param]:
    """Ask a tuning build for its tunables (the UCI command `tunables`)."""
    done = subprocess.run(list(cmd), input="uci\ntunables\nquit\n", capture_output=True,
                          text=True, timeout=timeout)
    return parse_params(done.stdout)


def select_params(params: List[Param], names: Optional[str]) -> List[Param]:
    """The subset named by --params NAME,NAME (all when None), in table order."""
    if not names:
        return params
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    known = {p.name for p in params}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise ValueError(f"--params: unknown parameter(s) {', '.join(unknown)} "
                         f"(known: {', '.join(sorted(known))})")
    return [p for p in params if p.name in wanted]


# ----------------------------------------------------------------- schedule
@dataclass(frozen=True)
class Schedule:
    """OpenBench's gain sequences for a run of `iterations` iterations."""
    iterations: int
    alpha: float = ALPHA
    gamma: float = GAMMA
    a_ratio: float = A_RATIO

    @property
    def big_a(self) -> float:
        return self.a_ratio * self.iterations

    def c(self, p: Param) -> float:
        return p.c_end * self.iterations ** self.gamma

    def a(self, p: Param) -> float:
        return p.r_end * p.c_end ** 2 * (self.big_a + self.iterations) ** self.alpha

    def c_k(self, p: Param, k: int) -> float:
        floor = 0.0 if p.is_float else 0.5
        return max(self.c(p) / (k + 1) ** self.gamma, floor)

    def a_k(self, p: Param, k: int) -> float:
        return self.a(p) / (self.big_a + k + 1) ** self.alpha

    def r_k(self, p: Param, k: int) -> float:
        return self.a_k(p, k) / self.c_k(p, k) ** 2


@dataclass
class Perturbation:
    """Iteration k's random direction and the two sides' option values."""
    k: int
    delta: List[int]
    c_k: List[float]
    plus: Dict[str, float]
    minus: Dict[str, float]


def iteration_rng(seed: int, k: int) -> random.Random:
    # From (seed, k) alone: resuming does not depend on how far an RNG had run.
    return random.Random(f"spsa-{seed}-{k}")


def _send_value(p: Param, x: float, u: float) -> float:
    """OpenBench's probabilistic rounding for integers, then the range."""
    value = x if p.is_float else math.floor(x + u)
    return p.clamp(value)


def perturb(params: Sequence[Param], theta: Sequence[float], schedule: Schedule, k: int,
            seed: int) -> Perturbation:
    rng = iteration_rng(seed, k)
    delta = [rng.choice((-1, 1)) for _ in params]
    uniforms = [rng.random() for _ in params]
    c_ks = [schedule.c_k(p, k) for p in params]
    plus, minus = {}, {}
    for p, x, d, c, u in zip(params, theta, delta, c_ks, uniforms):
        plus[p.name] = _send_value(p, x + c * d, u)
        minus[p.name] = _send_value(p, x - c * d, u)
    return Perturbation(k, delta, c_ks, plus, minus)


def update(params: Sequence[Param], theta: Sequence[float], schedule: Schedule,
           pert: Perturbation, result: float) -> List[float]:
    """theta + r_k c_k R Delta, clamped; `result` R = wins - losses of theta+."""
    return [p.clamp(x + schedule.r_k(p, pert.k) * c * result * d)
            for p, x, c, d in zip(params, theta, pert.c_k, pert.delta)]


def option_text(p: Param, value: float) -> str:
    return _num(value) if p.is_float else str(int(round(value)))


# -------------------------------------------------------------------- state
def new_state(params: Sequence[Param], settings: Dict[str, object]) -> Dict[str, object]:
    theta = [p.default for p in params]
    return {"version": STATE_VERSION, "iteration": 0, "params": [dataclasses.asdict(p) for p in params],
            "theta": theta, "batch_theta": theta, "settings": settings,
            "games": 0, "wins": 0, "draws": 0, "losses": 0,
            "failures": FailureCounters().as_dict(), "history": [{"iteration": 0, "theta": theta}]}


def save_state(path: str, state: Dict[str, object]) -> None:
    """Write atomically: a Ctrl-C or crash never leaves half a file."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(state, handle, indent=1)
        handle.write("\n")
    os.replace(tmp, path)


# ------------------------------------------------------------------ the run
@dataclass
class RunConfig:
    spec: EngineSpec
    params: List[Param]
    iterations: int
    pairs_per_iteration: int
    concurrency: int
    seed: int
    book: OpeningBook
    settings: GameSettings
    state_path: str
    history_every: int = 10
    stop_after: Optional[int] = None     # stop after this iteration (a resume continues)
    startup_timeout: float = 10.0
    quiet: bool = False


class Tuner:
    def __init__(self, cfg: RunConfig, state: Dict[str, object], out=sys.stdout):
        self.cfg = cfg
        self.state = state
        self.out = out
        self.schedule = Schedule(cfg.iterations)
        self.counters = FailureCounters(**state["failures"])
        self.started = time.monotonic()

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def _play_iteration(self, players: List[EngineProcess], pert: Perturbation
                              ) -> Tuple[int, int, int, List[Tuple[int, str]]]:
        """The game pairs of one iteration: players[0] plays theta+."""
        p = self.cfg.params
        for player, values in zip(players, (pert.plus, pert.minus)):
            options = {q.name: option_text(q, values[q.name]) for q in p}
            # In the spec too, so that a restart after a crash sets them again.
            player.spec.options.update(options)
            if player.alive:
                await player.configure(options)
        wins = draws = losses = 0
        failures: List[Tuple[int, str]] = []
        names = ["theta+", "theta-"]
        for pair in range(self.cfg.pairs_per_iteration):
            pair_index = pert.k * self.cfg.pairs_per_iteration + pair
            opening = self.cfg.book.for_pair(pair_index)
            for white in (0, 1):
                job = GameJob(number=2 * pair_index + white + 1, pair=pair_index,
                              opening=opening, white=white)
                record = await play_game(job, players, names, self.cfg.settings)
                failures.extend(record.failures)
                score = record.score_of(0)
                wins += score == 1.0
                draws += score == 0.5
                losses += score == 0.0
        return wins, draws, losses, failures

    async def _worker(self, players: List[EngineProcess], queue: asyncio.Queue,
                      results: Dict[int, tuple]) -> None:
        while True:
            try:
                pert = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            results[pert.k] = (pert, await self._play_iteration(players, pert))

    def _apply(self, pert: Perturbation, outcome: tuple) -> None:
        wins, draws, losses, failures = outcome
        st = self.state
        st["theta"] = update(self.cfg.params, st["theta"], self.schedule, pert, wins - losses)
        st["iteration"] = pert.k + 1
        st["games"] += wins + draws + losses
        st["wins"] += wins
        st["draws"] += draws
        st["losses"] += losses
        for _index, kind in failures:
            self.counters.add(kind)
        st["failures"] = self.counters.as_dict()
        if st["iteration"] % self.cfg.history_every == 0 or st["iteration"] == self.cfg.iterations:
            st["history"].append({"iteration": st["iteration"], "theta": list(st["theta"])})
        save_state(self.cfg.state_path, st)
        if not self.cfg.quiet:
            self.say(self.progress_line(failures))

    def progress_line(self, new_failures=()) -> str:
        st = self.state
        values = " ".join(f"{p.name}={x:.2f}" for p, x in zip(self.cfg.params, st["theta"]))
        text = (f"[{st['iteration']}/{self.cfg.iterations}] games {st['games']} "
                f"(+{st['wins']} ={st['draws']} -{st['losses']} for theta+) | {values}")
        if self.counters.failures:
            text += f" | FAILURES {self.counters.failures}"
        return text

    async def run(self) -> None:
        width = max(1, self.cfg.concurrency)
        workers = []
        for _ in range(width):
            pair = []
            for side in ("plus", "minus"):
                spec = dataclasses.replace(self.cfg.spec, options=dict(self.cfg.spec.options),
                                           label=f"theta-{side}")
                pair.append(EngineProcess(spec, startup_timeout=self.cfg.startup_timeout))
            workers.append(pair)
        last = self.cfg.iterations
        if self.cfg.stop_after is not None:
            last = min(last, self.cfg.stop_after)
        try:
            while self.state["iteration"] < last:
                k0 = self.state["iteration"]
                if k0 % width == 0:
                    self.state["batch_theta"] = list(self.state["theta"])
                # A batch ends at the next multiple of the width: a resumed run
                # (batch_theta saved) finishes the same batch the same way.
                end = min(self.cfg.iterations, (k0 // width + 1) * width)
                base = self.state["batch_theta"]
                queue: asyncio.Queue = asyncio.Queue()
                for k in range(k0, end):
                    queue.put_nowait(perturb(self.cfg.params, base, self.schedule, k, self.cfg.seed))
                results: Dict[int, tuple] = {}
                await asyncio.gather(*(self._worker(players, queue, results)
                                       for players in workers[:end - k0]))
                for k in range(k0, min(end, last)):
                    self._apply(*results[k])
        finally:
            for players in workers:
                for player in players:
                    await player.close()

    def report(self) -> str:
        st = self.state
        lines = [f"SPSA: {st['iteration']} of {self.cfg.iterations} iterations, {st['games']} games "
                 f"(theta+ +{st['wins']} ={st['draws']} -{st['losses']})"]
        what = "Tuned values" if st["iteration"] >= self.cfg.iterations else "Values so far (unfinished run)"
        lines.append(f"\n{what}, as rows of the tunables! table (engine/src/search/params.rs):")
        for p, x in zip(self.cfg.params, st["theta"]):
            value = option_text(p, x)
            step = _num(p.c_end) if not float(p.c_end).is_integer() else f"{p.c_end:.1f}"
            lines.append(f"    {p.name} / {p.name.lower()} = {value}, {_num(p.min)}..={_num(p.max)}, {step};")
        lines.append("\nOpenBench's output format (name, value):")
        for p, x in zip(self.cfg.params, st["theta"]):
            lines.append(f"{p.name}, {option_text(p, x) if not p.is_float else x}")
        c = self.counters
        if c.failures:
            lines.append(f"\nFAILURES: {c.crashes} crashes, {c.illegal_moves} illegal moves, "
                         f"{c.time_losses} time losses, {c.disconnects} disconnects: "
                         "those games count as losses of the failing side; the result is suspect")
        else:
            lines.append("\nNo crashes, illegal moves, time losses or disconnects.")
        return "\n".join(lines)


# ---------------------------------------------------------------------- CLI
def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="spsa.py", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", required=True, help="the tuning build (both sides), e.g. ./daba-tune")
    p.add_argument("--params-file", metavar="FILE",
                   help="parameters in OpenBench's input format (default: ask the engine: tunables)")
    p.add_argument("--params", metavar="NAME,NAME", help="tune only these parameters")
    p.add_argument("--iterations", type=int, default=1000)
    p.add_argument("--pairs-per-iteration", type=int, default=1, metavar="N")
    p.add_argument("--tc", help="time control, e.g. 8+0.08")
    p.add_argument("--nodes", type=int, help="nodes per move (instead of or with --tc)")
    p.add_argument("--hash", type=int, default=16, help="Hash (MB) per engine (default 16)")
    p.add_argument("--threads", type=int, default=1, help="Threads per engine (default 1)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="another engine option for both sides (repeatable)")
    p.add_argument("--openings", default=OWN_OPENINGS, help="EPD/PGN openings (default tests/data/openings.epd)")
    p.add_argument("--concurrency", type=int, default=1,
                   help="game pairs at once (one process pair per worker, reused)")
    p.add_argument("--seed", type=int, default=1, help="seed of the perturbations and the opening order")
    p.add_argument("--state", default="spsa.json", help="state file, written after every iteration")
    p.add_argument("--resume", action="store_true", help="continue the run of --state")
    p.add_argument("--history-every", type=int, default=10, metavar="N",
                   help="record theta in the state's history every N iterations")
    p.add_argument("--timemargin", type=float, default=100.0, metavar="MS")
    p.add_argument("--draw", nargs="+", metavar="KEY=VALUE", help="as match.py: movenumber=40 movecount=8 score=10")
    p.add_argument("--resign", nargs="+", metavar="KEY=VALUE", help="as match.py: movecount=3 score=1000")
    p.add_argument("--maxmoves", type=int, help="as match.py: adjudicate a draw after N full moves")
    p.add_argument("--startup-timeout", type=float, default=10.0, metavar="S")
    p.add_argument("--stop-after", type=int, metavar="K",
                   help="stop after iteration K (the run is not finished; --resume continues it)")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    return p


def settings_of(args: argparse.Namespace) -> Dict[str, object]:
    """The settings a resumed run must share with the run it continues."""
    keys = ("engine", "params_file", "params", "iterations", "pairs_per_iteration", "tc", "nodes",
            "hash", "threads", "option", "openings", "concurrency", "seed", "timemargin",
            "draw", "resign", "maxmoves")
    return {key: getattr(args, key) for key in keys}


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.getLogger("chess.engine").setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    try:
        if args.iterations <= 0 or args.pairs_per_iteration <= 0 or args.concurrency <= 0:
            raise ValueError("--iterations, --pairs-per-iteration and --concurrency must be > 0")
        if args.tc is None and args.nodes is None:
            raise ValueError("give --tc and/or --nodes")
        tokens = [f"cmd={args.engine}", f"option.Hash={args.hash}", f"option.Threads={args.threads}"]
        tokens += [f"option.{o}" for o in args.option]
        if args.tc:
            tokens.append(f"tc={args.tc}")
        if args.nodes:
            tokens.append(f"nodes={args.nodes}")
        spec = parse_engine_spec(tokens)
        if args.resume:
            with open(args.state, encoding="utf-8") as handle:
                state = json.load(handle)
            if state.get("settings") != settings_of(args):
                old, new = state.get("settings", {}), settings_of(args)
                diff = ", ".join(f"{k}: {old.get(k)!r} -> {new.get(k)!r}" for k in new if old.get(k) != new.get(k))
                raise ValueError(f"--resume: the command differs from the run in {args.state} ({diff})")
            params = [Param(**p) for p in state["params"]]
        else:
            if os.path.exists(args.state):
                raise ValueError(f"{args.state} exists: --resume to continue it, or another --state")
            if args.params_file:
                with open(args.params_file, encoding="utf-8") as handle:
                    params = parse_params(handle.read())
            else:
                params = read_engine_tunables(shlex.split(args.engine), args.startup_timeout)
            params = select_params(params, args.params)
            state = new_state(params, settings_of(args))
        openings = read_openings(args.openings, warn=lambda m: print(f"warning: {m}", file=sys.stderr))
    except (ValueError, OSError, subprocess.SubprocessError, KeyError) as err:
        parser.error(str(err))
        return 2
    book = OpeningBook(openings, order="random", seed=args.seed)
    settings = GameSettings(margin=args.timemargin / 1000.0,
                            draw=DrawRule.parse(args.draw) if args.draw else None,
                            resign=ResignRule.parse(args.resign) if args.resign else None,
                            maxmoves=args.maxmoves, event="Daba SPSA")
    cfg = RunConfig(spec=spec, params=params, iterations=args.iterations,
                    pairs_per_iteration=args.pairs_per_iteration, concurrency=args.concurrency,
                    seed=args.seed, book=book, settings=settings, state_path=args.state,
                    history_every=max(1, args.history_every), startup_timeout=args.startup_timeout,
                    stop_after=args.stop_after, quiet=args.quiet)
    tuner = Tuner(cfg, state)
    if not args.quiet:
        print(f"SPSA of {len(params)} parameter(s), {args.iterations} iterations x "
              f"{args.pairs_per_iteration} pair(s), {args.concurrency} at once, seed {args.seed}"
              + (f", resuming at iteration {state['iteration']}" if args.resume else ""), flush=True)
    if not args.resume:
        save_state(args.state, state)
    interrupted = False
    try:
        asyncio.run(tuner.run())
    except KeyboardInterrupt:
        # The state holds every finished iteration (written after each).
        interrupted = True
    except (EngineStartError, EngineConfigError) as err:
        print(f"error: {err}", flush=True)
        return 1
    print(tuner.report(), flush=True)
    if interrupted:
        print(f"Interrupted: {args.state} holds iteration {state['iteration']}; --resume continues.",
              flush=True)
        return 130
    return 1 if tuner.counters.failures else 0


if __name__ == "__main__":
    sys.exit(main())
