#!/usr/bin/env python3
"""UCI storms: drives a UCI engine with command sequences a careless GUI could
send, and checks that it keeps the protocol's promises.

Scenarios (each can be sized from the command line):

- go/stop storm: thousands of `go` (infinite, ponder, depth, nodes, movetime,
  clocks) each followed at once by `stop`, never waiting for `bestmove`.
  Every `go` must get exactly one legal `bestmove`.
- isready during a search: `isready` sent again and again while `go infinite`
  runs (one and two threads); the time to `readyok` is measured (p50, p99,
  max).
- churn during a search: `position`, `setoption` (Hash, MultiPV, Clear Hash,
  Move Overhead) and a second `go` while a search runs; every `go` gets
  exactly one `bestmove`, legal in the position it was given.
- quit at random points: a fresh engine gets a random run of commands and then
  `quit` (or end of input) after a random delay; it must exit within the
  limit every time. The time to exit is measured.

python-chess is the referee for legality. Exit status 0 only when every check
passed; the summary is printed as Markdown.

    python3 scripts/uci_storm.py --engine target/release/daba
    python3 scripts/uci_storm.py --engine target/release/daba --quick   # CI size
"""

import argparse
import queue
import random
import statistics
import subprocess
import sys
import time

import chess
from matchlib.stats import p50_p99_max
from matchlib.uciproc import EngineDied, Hang, UciProcess

# Positions for the storm: start, a middlegame, an endgame, a mate-in-one and
# a stalemate-in-one (so searches that end at once and `(none)` roots occur).
FENS = [
    chess.STARTING_FEN,
    "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R2QK2R w KQ - 0 8",
    "8/5k2/8/3K4/8/8/4P3/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
]


class Failures:
    def __init__(self):
        self.items = []

    def add(self, scenario, what):
        self.items.append(f"{scenario}: {what}")
        print(f"FAIL {scenario}: {what}", file=sys.stderr)


def check_bestmove(line, board):
    """None when `line` is a legal bestmove for board, else what is wrong."""
    parts = line.split()
    if len(parts) < 2:
        return f"malformed '{line}'"
    move = parts[1]
    if move == "(none)":
        return None if not any(board.legal_moves) else f"(none) with legal moves in {board.fen()}"
    try:
        mv = chess.Move.from_uci(move)
    except ValueError:
        return f"unparsable move '{move}'"
    if mv not in board.legal_moves:
        return f"illegal {move} in {board.fen()}"
    return None


def collect_bestmoves(engine, expected, timeout):
    """Reads until `expected` bestmove lines arrived; returns them (fewer on timeout)."""
    found = []
    deadline = time.perf_counter() + timeout
    while len(found) < expected:
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        try:
            _, line = engine.lines.get(timeout=left)
        except queue.Empty:
            break
        if line is None:
            break
        if line.startswith("bestmove"):
            found.append(line)
    return found


def summary_ms(times):
    """p50, p99 and max of a list of times in ms (nearest rank; NaN when empty)."""
    p50, p99, largest = p50_p99_max(times) or (float("nan"),) * 3
    return {"p50_ms": p50, "p99_ms": p99, "max_ms": largest}


def random_go(rng):
    return rng.choice(
        [
            "go infinite",
            "go ponder wtime 5000 btime 5000",
            "go depth 3",
            "go depth 30",
            "go nodes 2000",
            "go movetime 5",
            "go wtime 100 btime 100 winc 0 binc 0",
            "go wtime 0 btime 0",
            "go mate 3",
        ]
    )


def go_stop_storm(cmd, pairs, rng, failures):
    """`go` then `stop` at once, `pairs` times, in random positions."""
    engine = UciProcess(cmd)
    engine.handshake()
    boards = []
    start = time.perf_counter()
    for i in range(pairs):
        fen = rng.choice(FENS)
        if i % 50 == 0 or rng.random() < 0.05:
            engine.send(f"position fen {fen}")
            current = chess.Board(fen)
        engine.send(random_go(rng))
        engine.send(rng.choice(["stop", "stop", "ponderhit\nstop"]))
        boards.append(current.copy())
    best = collect_bestmoves(engine, pairs, timeout=60 + pairs * 0.05)
    elapsed = time.perf_counter() - start
    if len(best) != pairs:
        failures.add("go/stop storm", f"{len(best)} bestmoves for {pairs} go commands")
    for line, board in zip(best, boards):
        problem = check_bestmove(line, board)
        if problem:
            failures.add("go/stop storm", problem)
            break
    extra = collect_bestmoves(engine, 1, timeout=0.5)
    if extra:
        failures.add("go/stop storm", f"an extra bestmove: {extra[0]}")
    engine.sync()
    engine.quit()
    return {"pairs": pairs, "bestmoves": len(best), "seconds": elapsed}


def isready_latency(cmd, samples, threads, failures):
    """Time from `isready` to `readyok` while `go infinite` runs."""
    engine = UciProcess(cmd)
    engine.handshake()
    engine.send(f"setoption name Threads value {threads}")
    engine.send("position fen " + FENS[1])
    engine.sync()
    engine.send("go infinite")
    time.sleep(0.2)
    latencies = []
    for _ in range(samples):
        sent = time.perf_counter()
        engine.send("isready")
        try:
            _, answered = engine.expect(lambda l: l == "readyok", 10)
        except (Hang, EngineDied) as e:
            failures.add(f"isready ({threads} threads)", str(e))
            break
        latencies.append((answered - sent) * 1000)
        time.sleep(0.002)
    engine.send("stop")
    if len(collect_bestmoves(engine, 1, timeout=10)) != 1:
        failures.add(f"isready ({threads} threads)", "no bestmove after stop")
    engine.quit()
    return {
        "threads": threads,
        "samples": len(latencies),
        **summary_ms(latencies),
        "mean_ms": statistics.fmean(latencies) if latencies else float("nan"),
    }


def churn_during_search(cmd, rounds, rng, failures):
    """position, setoption and a second go while a search runs."""
    engine = UciProcess(cmd)
    engine.handshake()
    boards = []
    board = chess.Board()
    engine.send("position startpos")
    for _ in range(rounds):
        engine.send(rng.choice(["go infinite", "go ponder wtime 3000 btime 3000", "go depth 40"]))
        boards.append(board.copy())
        # A new position during the search: a random legal line from the start.
        line = chess.Board(rng.choice(FENS[:3]))
        moves = []
        for _ in range(rng.randrange(0, 12)):
            legal = list(line.legal_moves)
            if not legal:
                break
            mv = rng.choice(legal)
            moves.append(mv.uci())
            line.push(mv)
        root = line.root()
        engine.send(f"position fen {root.fen()}" + (" moves " + " ".join(moves) if moves else ""))
        board = line
        between = rng.choice(
                [
                    f"setoption name Hash value {rng.choice([1, 2, 16, 64, 256, 1024])}",
                    f"setoption name MultiPV value {rng.choice([1, 3])}",
                    "setoption name Clear Hash",
                    f"setoption name Move Overhead value {rng.choice([0, 10, 100])}",
                    "ucinewgame",
                    "isready",
                ]
            )
        engine.send(between)
        if between == "ucinewgame":
            board = chess.Board()  # a new game starts from the initial position
        # The second go: ends the running search (if the option did not).
        engine.send(rng.choice(["go depth 2", "go nodes 500", "go movetime 5"]))
        boards.append(board.copy())
    best = collect_bestmoves(engine, len(boards), timeout=60 + rounds * 2)
    if len(best) != len(boards):
        failures.add("churn", f"{len(best)} bestmoves for {len(boards)} go commands")
    for line, b in zip(best, boards):
        problem = check_bestmove(line, b)
        if problem:
            failures.add("churn", problem)
            break
    if collect_bestmoves(engine, 1, timeout=0.5):
        failures.add("churn", "an extra bestmove")
    engine.sync()
    engine.quit()
    return {"rounds": rounds, "go": len(boards), "bestmoves": len(best)}


def quit_at_random_points(cmd, runs, rng, limit, failures):
    """Random commands, then `quit` (or EOF) after a random delay; time to exit."""
    exits = []
    for i in range(runs):
        proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True
        )
        script = ["uci", "isready", f"position fen {rng.choice(FENS)}"]
        for _ in range(rng.randrange(0, 6)):
            script.append(
                rng.choice(
                    [
                        random_go(rng),
                        "stop",
                        f"setoption name Hash value {rng.choice([1, 16, 256])}",
                        f"setoption name Threads value {rng.choice([1, 2])}",
                        "ucinewgame",
                        "isready",
                        "position startpos moves e2e4",
                    ]
                )
            )
        script.append(random_go(rng))
        try:
            proc.stdin.write("\n".join(script) + "\n")
            proc.stdin.flush()
            time.sleep(rng.random() * 0.2)
            start = time.perf_counter()
            if i % 4 == 3:
                proc.stdin.close()  # end of input instead of quit
            else:
                proc.stdin.write("quit\n")
                proc.stdin.flush()
        except (BrokenPipeError, OSError):
            start = time.perf_counter()
        try:
            proc.wait(timeout=limit)
            exits.append((time.perf_counter() - start) * 1000)
            if proc.returncode != 0:
                failures.add("quit", f"exit status {proc.returncode} after {script}")
        except subprocess.TimeoutExpired:
            failures.add("quit", f"still running {limit} s after quit/EOF; commands {script}")
            proc.kill()
            proc.wait()
    return {"runs": runs, "exited": len(exits), **summary_ms(exits)}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="engine command (split on spaces)")
    ap.add_argument("--pairs", type=int, default=5000, help="go/stop pairs")
    ap.add_argument("--isready", type=int, default=2000, help="isready samples per thread count")
    ap.add_argument("--churn", type=int, default=500, help="churn rounds")
    ap.add_argument("--quits", type=int, default=200, help="quit/EOF runs")
    ap.add_argument("--quit-limit", type=float, default=2.0, help="seconds an exit may take")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="CI size: a few seconds")
    args = ap.parse_args()
    if args.quick:
        args.pairs, args.isready, args.churn, args.quits = 300, 200, 40, 20
    cmd = args.engine.split()
    rng = random.Random(args.seed)
    failures = Failures()

    storm = go_stop_storm(cmd, args.pairs, rng, failures)
    latency = [isready_latency(cmd, args.isready, t, failures) for t in (1, 2)]
    churn = churn_during_search(cmd, args.churn, rng, failures)
    quits = quit_at_random_points(cmd, args.quits, rng, args.quit_limit, failures)

    print("| scenario | size | result |")
    print("|---|---|---|")
    print(
        f"| go/stop storm | {storm['pairs']} pairs | {storm['bestmoves']} bestmoves, all legal; "
        f"{storm['seconds']:.1f} s |"
    )
    for lat in latency:
        print(
            f"| isready during go infinite, {lat['threads']} thread(s) | {lat['samples']} | "
            f"readyok p50 {lat['p50_ms']:.2f} ms, p99 {lat['p99_ms']:.2f} ms, max {lat['max_ms']:.2f} ms |"
        )
    print(
        f"| position/setoption/ucinewgame + second go during a search | {churn['rounds']} rounds, "
        f"{churn['go']} go | {churn['bestmoves']} bestmoves, all legal |"
    )
    print(
        f"| quit or EOF at random points | {quits['runs']} runs | {quits['exited']} exited; "
        f"p50 {quits['p50_ms']:.0f} ms, p99 {quits['p99_ms']:.0f} ms, max {quits['max_ms']:.0f} ms |"
    )
    if failures.items:
        print(f"\n{len(failures.items)} failure(s):")
        for f in failures.items:
            print(f"- {f}")
        return 1
    print("\nAll checks passed.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
