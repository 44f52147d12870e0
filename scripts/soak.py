#!/usr/bin/env python3
"""Soak test: many fast self-play games with option churn between games.

Two engine processes per slot play game after game and live for the whole
run (a process is restarted only after a failure, which is counted). Before
each game every engine gets a random draw of the options a GUI changes:
`Hash` (1 to 1024 MB), `Threads` (1 or 2), `MultiPV` (1 or 3), `Ponder`
(then it ponders on the expected reply, and gets `ponderhit` or `stop`),
sometimes `Clear Hash`, and `UCI_Chess960` with a Chess960 opening for a
share of the games. The driver keeps the clocks itself and counts, per
engine: crashes (the process died), illegal moves, time losses (a move
later than the clock plus the margin), hangs (no `bestmove` long after the
clock ran out, or no `readyok`) and disconnects (output closed). A clock
runs from `go` or `ponderhit`; when the engine pondered on another move than
the one played, the driver first stops that search and waits for its
`bestmove` (timed apart, `ponder_stop_ms_p50_p99_max` in the summary), as a GUI does. Moves past the
clock but within the margin are no loss but are counted (`overruns_within_margin`). The
resident memory of every engine process (VmRSS, and the peak VmHWM) is read
after every game, so growth over the run shows.

    python3 scripts/soak.py --engine target/release/daba --games 10000 \\
        --tc 1+0.01 --concurrency 2 --json soak.json

(openings: tests/data/openings.epd and, for the Chess960 share,
tests/data/chess960.epd, unless --openings and --openings960 say otherwise)

python-chess is the referee (legality, game end). Exit status 0 when every
counter is zero.
"""

import argparse
import json
import random
import sys
import threading
import time

import chess
from matchlib.openings import OWN_CHESS960, OWN_OPENINGS
from matchlib.stats import p50_p99_max
from matchlib.uciproc import EngineDied, Hang, UciProcess

FAILURE_KINDS = ("crash", "illegal", "timeloss", "hang", "disconnect")


class Engine(UciProcess):
    """An engine of a slot, with the options last sent to it."""

    def __init__(self, cmd):
        super().__init__(cmd)
        self.options = {}


def parse_tc(text):
    base, _, inc = text.partition("+")
    return float(base), float(inc or 0)


def read_openings(path):
    fens = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            fens.append(" ".join(fields[:4]) + " 0 1")
    return fens


def bestmove_of(lines):
    parts = lines[-1].split()
    move = parts[1] if len(parts) > 1 else ""
    ponder = parts[3] if len(parts) > 3 and parts[2] == "ponder" else None
    score = None
    for line in reversed(lines):
        if line.startswith("info") and " score " in line and "bound" not in line:
            t = line.split()
            i = t.index("score")
            try:
                v = int(t[i + 2])
            except (IndexError, ValueError):
                break
            score = v if t[i + 1] == "cp" else (100000 if v > 0 else -100000)
            break
    return move, ponder, score


def describe_move(began, lines, options):
    """How a move went, for the failure log: how it began, the search time the
    engine itself reported last (so that a slow engine can be told from a slow
    pipe or driver), and the engine's options."""
    reported = None
    for line in reversed(lines):
        t = line.split()
        if t and t[0] == "info" and "time" in t[:-1]:
            reported = t[t.index("time") + 1]
            break
    shown = ", ".join(f"{k} {options.get(k)}" for k in ("Hash", "Threads", "MultiPV", "Ponder"))
    return f"after {began}, engine reported {reported} ms, {shown}"


def describe_last(move, options):
    """A move kept as (elapsed, clock before, how it began, output), for the
    failure log; None when there is none."""
    if move is None:
        return None
    elapsed, clock, began, lines = move
    return f"{elapsed:.3f} s with {clock:.3f} s left, {describe_move(began, lines, options)}"


def legal_move(board, text):
    """The legal move that `text` (UCI notation) names in board, else None."""
    try:
        mv = chess.Move.from_uci(text)
    except ValueError:
        return None
    return mv if mv in board.legal_moves else None


class Slot:
    """One game at a time between two persistent engine processes."""

    def __init__(self, args, index, stats, lock):
        self.args = args
        self.index = index
        self.stats = stats
        self.lock = lock
        self.engines = [None, None]

    def engine(self, i):
        if self.engines[i] is None or self.engines[i].proc.poll() is not None:
            if self.engines[i] is not None:
                self.count(i, "crash", "died between games")
            self.engines[i] = Engine(self.args.engine.split())
            e = self.engines[i]
            e.send("uci")
            e.read_until("uciok", 30)
            with self.lock:
                self.stats["processes_started"] += 1
        return self.engines[i]

    def count(self, i, kind, what):
        with self.lock:
            self.stats["failures"][kind] += 1
            self.stats["failure_log"].append(f"slot {self.index} engine {i}: {kind}: {what}")
        print(f"FAILURE slot {self.index} engine {i}: {kind}: {what}", file=sys.stderr, flush=True)

    def churn(self, rng, chess960):
        """Random options for both engines, then `ucinewgame` and `isready`.

        Returns whether they ponder this game, or None when an engine failed
        (counted; it is restarted for the next game)."""
        ponder = rng.random() < self.args.ponder_share
        for i in (0, 1):
            try:
                e = self.engine(i)
                wanted = {
                    "Hash": rng.choice([1, 2, 16, 64, 256, 1024]),
                    "Threads": rng.choice([1, 2]),
                    "MultiPV": rng.choice([1, 1, 3]),
                    "Ponder": "true" if ponder else "false",
                    "UCI_Chess960": "true" if chess960 else "false",
                }
                for name, value in wanted.items():
                    if e.options.get(name) != value:
                        e.send(f"setoption name {name} value {value}")
                        e.options[name] = value
                if rng.random() < 0.2:
                    e.send("setoption name Clear Hash")
                e.send("ucinewgame")
                e.sync()
            except Hang as err:
                self.count(i, "hang", f"setting options: {err}")
            except EngineDied as err:
                self.count(i, err.kind, f"setting options: {err}")
            else:
                continue
            if self.engines[i] is not None:
                self.engines[i].kill()
                self.engines[i] = None
            return None
        return ponder

    def play(self, number, rng, fen, chess960):
        ponder = self.churn(rng, chess960)
        if ponder is None:
            return "*"
        board = chess.Board(fen, chess960=chess960)
        start_fen = board.fen()
        base, inc = parse_tc(self.args.tc)
        clock = [base, base]  # indexed by engine
        white = number % 2  # engine index that plays white
        pondering = [None, None]  # engine index -> expected move while it ponders
        low_score = 0
        result = None
        moves = []
        # Per engine: its last move as (elapsed, clock before, how it began,
        # the engine's output), described only when a log needs it.
        last = [None, None]
        while result is None:
            mover = white if board.turn == chess.WHITE else 1 - white
            e = self.engines[mover]
            w_ms = int(clock[white] * 1000)
            b_ms = int(clock[1 - white] * 1000)
            go = f"go wtime {w_ms} btime {b_ms} winc {int(inc * 1000)} binc {int(inc * 1000)}"
            position = f"position fen {start_fen}" + (" moves " + " ".join(moves) if moves else "")
            allowance = clock[mover] + self.args.margin
            try:
                expected = pondering[mover]
                pondering[mover] = None
                began = "go"
                if expected is not None and moves and moves[-1] == expected:
                    t0 = time.perf_counter()
                    e.send("ponderhit")
                    began = "ponderhit"
                else:
                    if expected is not None:
                        # A missed ponder: the pondering search ends first,
                        # as a GUI does it, and the clock starts at `go`.
                        # How long the stop took is kept apart (stop_ms).
                        s0 = time.perf_counter()
                        e.send("stop")
                        e.read_until("bestmove", 10)
                        with self.lock:
                            self.stats["stop_ms"].append(round((time.perf_counter() - s0) * 1000, 1))
                    t0 = time.perf_counter()
                    e.send(position)
                    e.send(go)
                lines = e.read_until("bestmove", allowance + self.args.hang_after)
            except Hang as err:
                self.count(mover, "hang", f"game {number}: {err}")
                e.kill()
                self.engines[mover] = None
                result = "*"
                break
            except EngineDied as err:
                self.count(mover, err.kind, f"game {number}: {err}")
                self.engines[mover] = None
                result = "*"
                break
            elapsed = time.perf_counter() - t0
            if elapsed > allowance:
                self.count(
                    mover,
                    "timeloss",
                    f"game {number}: {elapsed:.3f} s with {clock[mover]:.3f} s left "
                    f"({describe_move(began, lines, e.options)}; its move before: {describe_last(last[mover], e.options)})",
                )
                result = "*"
                break
            last[mover] = (elapsed, clock[mover], began, lines)
            if elapsed > clock[mover]:
                # Past the clock but within the margin: not a loss, but
                # counted and logged, with the clock left negative.
                with self.lock:
                    self.stats["overruns"].append(f"game {number}: {describe_last(last[mover], e.options)}")
            clock[mover] += inc - elapsed
            move, ponder_move, score = bestmove_of(lines)
            mv = legal_move(board, move)
            if mv is None:
                self.count(mover, "illegal", f"game {number}: '{move}' in {board.fen()}")
                result = "*"
                break
            board.push(mv)
            moves.append(move)
            if ponder and ponder_move is not None and not board.is_game_over():
                if legal_move(board, ponder_move) is None:
                    self.count(mover, "illegal", f"game {number}: ponder move '{ponder_move}' in {board.fen()}")
                    result = "*"
                    break
                pondering[mover] = ponder_move
                ponder_pos = f"position fen {start_fen} moves {' '.join(moves + [ponder_move])}"
                e.send(ponder_pos)
                w_ms = int(clock[white] * 1000)
                b_ms = int(clock[1 - white] * 1000)
                e.send(f"go ponder wtime {w_ms} btime {b_ms} winc {int(inc * 1000)} binc {int(inc * 1000)}")
            if board.is_game_over(claim_draw=False) or board.is_repetition(3) or board.halfmove_clock >= 100:
                result = board.result(claim_draw=True)
                break
            # Adjudication keeps the soak fast: both sides agree a game is decided.
            if score is not None and abs(score) >= 1000:
                low_score += 1
                if low_score >= 6:
                    result = "adjudicated"
                    break
            else:
                low_score = 0
            if len(moves) >= 400:
                result = "1/2-1/2"
        # A pondering engine still searches: end it before the next game.
        for i in (0, 1):
            if pondering[i] is not None and self.engines[i] is not None:
                try:
                    self.engines[i].send("stop")
                    self.engines[i].read_until("bestmove", 10)
                except (Hang, EngineDied) as err:
                    kind = err.kind if isinstance(err, EngineDied) else "hang"
                    self.count(i, kind, f"game {number}: ending ponder: {err}")
                    self.engines[i].kill()
                    self.engines[i] = None
        self.record_memory(number)
        return result

    def record_memory(self, number):
        for i in (0, 1):
            e = self.engines[i]
            if e is None:
                continue
            mem = e.memory_kb()
            if mem is None:
                continue
            rss, hwm = mem
            with self.lock:
                self.stats["memory"].append(
                    {
                        "game": number,
                        "slot": self.index,
                        "engine": i,
                        "pid": e.proc.pid,
                        "hash_mb": e.options.get("Hash"),
                        "threads": e.options.get("Threads"),
                        "rss_kb": rss,
                        "hwm_kb": hwm,
                    }
                )

    def close(self):
        for e in self.engines:
            if e is not None:
                e.quit()


def memory_report(records, games):
    """The largest resident memory beyond the hash table (VmRSS minus the
    `Hash` setting), in MB, over the first and the last fifth of the run, by
    thread count: no growth means the last fifth is no larger than the first."""
    out = {}
    fifth = max(1, games // 5)
    for r in records:
        part = "first" if r["game"] < fifth else ("last" if r["game"] >= games - fifth else None)
        if part is None or r["hash_mb"] is None:
            continue
        beyond = r["rss_kb"] // 1024 - int(r["hash_mb"])
        slot = out.setdefault(f"threads {r['threads']}", {"first": None, "last": None})
        slot[part] = beyond if slot[part] is None else max(slot[part], beyond)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--tc", default="1+0.01")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--openings", default=OWN_OPENINGS,
                    help="standard openings (default tests/data/openings.epd)")
    ap.add_argument("--openings960", default=OWN_CHESS960,
                    help="Chess960 start positions (default tests/data/chess960.epd)")
    ap.add_argument("--share960", type=float, default=0.2)
    ap.add_argument("--ponder-share", type=float, default=0.3)
    ap.add_argument("--margin", type=float, default=0.1, help="seconds past the clock before a time loss")
    ap.add_argument("--hang-after", type=float, default=10.0, help="seconds past the clock before a hang")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json")
    ap.add_argument("--progress", type=int, default=100)
    args = ap.parse_args()

    openings = read_openings(args.openings)
    openings960 = read_openings(args.openings960) if args.openings960 else []
    stats = {
        "failures": {k: 0 for k in FAILURE_KINDS},
        "failure_log": [],
        "memory": [],
        "processes_started": 0,
        "results": {},
        "overruns": [],
        "stop_ms": [],
    }
    lock = threading.Lock()
    counter = iter(range(args.games))
    started = time.time()

    def worker(index):
        slot = Slot(args, index, stats, lock)
        try:
            while True:
                with lock:
                    number = next(counter, None)
                if number is None:
                    break
                rng = random.Random(args.seed * 1_000_003 + number)
                chess960 = bool(openings960) and rng.random() < args.share960
                fen = rng.choice(openings960 if chess960 else openings)
                result = slot.play(number, rng, fen, chess960)
                with lock:
                    stats["results"][result] = stats["results"].get(result, 0) + 1
                    done = sum(stats["results"].values())
                if done % args.progress == 0:
                    f = stats["failures"]
                    print(
                        f"{done} games, {time.time() - started:.0f} s, failures {f}, "
                        f"peak RSS {max((r['hwm_kb'] for r in stats['memory']), default=0) // 1024} MB",
                        flush=True,
                    )
        finally:
            slot.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    played = sum(stats["results"].values())
    summary = {
        "games": played,
        "tc": args.tc,
        "concurrency": args.concurrency,
        "seconds": round(time.time() - started),
        "results": stats["results"],
        "failures": stats["failures"],
        "failure_log": stats["failure_log"][:100],
        "processes_started": stats["processes_started"],
        "overruns_within_margin": len(stats["overruns"]),
        "overrun_log": stats["overruns"][:100],
        "ponder_stops": len(stats["stop_ms"]),
        "ponder_stop_ms_p50_p99_max": p50_p99_max(stats["stop_ms"]),
        "peak_rss_mb": max((r["hwm_kb"] for r in stats["memory"]), default=0) // 1024,
        "rss_beyond_hash_mb_first_and_last_fifth": memory_report(stats["memory"], played),
    }
    if args.json:
        with open(args.json, "w") as f:
            json.dump({**summary, "memory": stats["memory"]}, f)
    print(json.dumps(summary, indent=1))
    return 0 if not any(stats["failures"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
