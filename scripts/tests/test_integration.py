"""Short real matches through scripts/match.py.

* Two copies of Stockfish (apt-get install stockfish) play 2 games at
  nodes=500; the PGN must hold 2 legal games and every counter must be 0.
* Stockfish against Fairy-Max (XBoard, apt-get install fairymax).
* A deliberately faulty engine (fake_engine.py, needs only python-chess)
  checks that crashes, illegal moves, time losses and stalls are counted,
  lose the game, and do not stop the match; and that SPRT stops early.

Engine tests are skipped when the engine is not installed.  Everything runs
at nice 10 and takes a few seconds.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(os.path.dirname(HERE), "match.py")
FAKE = os.path.join(HERE, "fake_engine.py")

try:
    import chess
    import chess.pgn
    HAVE_CHESS = True
except ImportError:  # pragma: no cover
    HAVE_CHESS = False


def find_engine(name):
    return shutil.which(name) or next(
        (p for p in (f"/usr/games/{name}", f"/usr/local/bin/{name}") if os.access(p, os.X_OK)), None)


STOCKFISH = find_engine("stockfish")
FAIRYMAX = find_engine("fairymax")

COMMENT = re.compile(r"^(?:book|(?:[+-](?:\d+\.\d\d|M\d+)(?:/\d+)? )?\d+\.\d{3}s)(?:, .+)?$")


def _nice():
    try:
        os.nice(10)
    except OSError:
        pass


@unittest.skipUnless(HAVE_CHESS, "python-chess not installed")
class MatchTestCase(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.pgn = os.path.join(self.tmp.name, "games.pgn")
        self.json = os.path.join(self.tmp.name, "summary.json")

    def tearDown(self):
        self.tmp.cleanup()

    def write_book(self, *fens):
        path = os.path.join(self.tmp.name, "book.epd")
        with open(path, "w") as handle:
            handle.write("\n".join(fens) + "\n")
        return path

    def run_match(self, *args, timeout=180):
        cmd = [sys.executable, MATCH, "--pgn", self.pgn, "--json", self.json, *args]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, preexec_fn=_nice)
        self.output = proc.stdout + proc.stderr
        return proc

    def summary(self):
        with open(self.json) as handle:
            return json.load(handle)

    def games(self):
        games = []
        with open(self.pgn) as handle:
            while True:
                game = chess.pgn.read_game(handle)
                if game is None:
                    return games
                games.append(game)

    def assert_legal_game(self, game):
        self.assertEqual(game.errors, [], self.output)
        board = game.board()
        for node in game.mainline():
            self.assertTrue(board.is_legal(node.move), f"illegal {node.move} in {board.fen()}")
            board.push(node.move)
            self.assertRegex(node.comment, COMMENT)
        for tag in ("Event", "White", "Black", "Result", "Termination", "Round"):
            self.assertIn(tag, game.headers)
        self.assertIn(game.headers["Result"], ("1-0", "0-1", "1/2-1/2"))
        return board

    def assert_counters(self, summary, index, **expected):
        counters = summary["engines"][index]["counters"]
        for key in ("crashes", "illegal_moves", "time_losses", "disconnects"):
            self.assertEqual(counters[key], expected.get(key, 0), f"{key}: {counters}\n{self.output}")


@unittest.skipUnless(STOCKFISH, "stockfish not installed (apt-get install stockfish)")
class StockfishMatchTest(MatchTestCase):
    def test_two_fast_games(self):
        book = self.write_book("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        proc = self.run_match(
            "--engine", f"cmd={STOCKFISH}", "name=SF-a", "option.Hash=16", "option.Threads=1",
            "--engine", f"cmd={STOCKFISH}", "name=SF-b", "option.Hash=16", "option.Threads=1",
            "--nodes", "500", "--games", "2", "--concurrency", "2", "--openings", book,
            "--maxmoves", "150")
        self.assertEqual(proc.returncode, 0, self.output)
        games = self.games()
        self.assertEqual(len(games), 2)
        for game in games:
            board = self.assert_legal_game(game)
            self.assertEqual(game.headers["FEN"],
                             "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
            self.assertEqual(game.headers["TimeControl"], "-")
            self.assertGreater(len(board.move_stack), 0)
        self.assertEqual({g.headers["White"] for g in games}, {"SF-a", "SF-b"})
        summary = self.summary()
        self.assertEqual(summary["games"], 2)
        self.assertEqual(sum(summary["pentanomial"]), 1)
        for index in (0, 1):
            self.assert_counters(summary, index)
        self.assertIn("[2/2]", self.output)
        self.assertIn("Ptnml", self.output)

    def test_chess960_detected_from_file_name(self):
        path = os.path.join(self.tmp.name, "frc960.epd")
        with open(path, "w") as handle:
            handle.write("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n")
        proc = self.run_match(
            "--engine", f"cmd={STOCKFISH}", "name=SF-a", "--engine", f"cmd={STOCKFISH}", "name=SF-b",
            "--each", "option.Hash=16", "nodes=300", "--games", "2", "--openings", path,
            "--maxmoves", "60")
        self.assertEqual(proc.returncode, 0, self.output)
        games = self.games()
        self.assertEqual(len(games), 2)
        for game in games:
            self.assertEqual(game.headers.get("Variant"), "Chess960")
            self.assertTrue(game.board().chess960)
            self.assert_legal_game(game)
        summary = self.summary()
        self.assertTrue(summary["chess960"])
        for index in (0, 1):
            self.assert_counters(summary, index)


@unittest.skipUnless(STOCKFISH and FAIRYMAX, "stockfish and fairymax needed")
class XBoardMatchTest(MatchTestCase):
    def test_against_fairymax(self):
        # Black to move: Fairy-Max has no setboard, so this goes through 'edit'.
        book = self.write_book("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        proc = self.run_match(
            "--engine", f"cmd={STOCKFISH}", "option.Hash=16", "nodes=500",
            "--engine", f"cmd={FAIRYMAX}", "proto=xboard", "name=FairyMax", "tc=2+0.05",
            "--games", "2", "--openings", book, "--maxmoves", "60", "--timemargin", "500",
            "--resign", "movecount=3", "score=800")
        self.assertEqual(proc.returncode, 0, self.output)
        games = self.games()
        self.assertEqual(len(games), 2)
        for game in games:
            self.assert_legal_game(game)
            self.assertEqual(game.headers["WhiteTimeControl" if game.headers["White"] == "FairyMax"
                                          else "BlackTimeControl"], "2+0.05")
        summary = self.summary()
        for index in (0, 1):
            self.assert_counters(summary, index)

    def test_xboard_memory_is_sent(self):
        # python-chess assumes memory=16 and would skip 'memory 16'; the runner must send it.
        proc = self.run_match(
            "--engine", f"cmd={STOCKFISH}", "option.Hash=16", "nodes=200",
            "--engine", f"cmd={FAIRYMAX}", "proto=xboard", "name=FairyMax", "option.memory=16",
            "tc=1+0.05", "--games", "1", "--maxmoves", "10", "--timemargin", "500", "--debug")
        self.assertEqual(proc.returncode, 0, self.output)
        self.assertRegex(self.output, r"<< memory 16\b")


class FaultyEngineTest(MatchTestCase):
    def fake(self, *flags):
        return "cmd=" + " ".join([sys.executable, FAKE, *flags])

    def faulty_match(self, flags, *extra):
        proc = self.run_match(
            "--engine", self.fake(), "name=Good",
            "--engine", self.fake(*flags), "name=Bad",
            "--games", "2", "--maxmoves", "20", *extra)
        self.assertEqual(proc.returncode, 0, self.output)
        games = self.games()
        self.assertEqual(len(games), 2, self.output)   # the match went on after the failure
        for game in games:
            self.assert_legal_game(game)
            loser_is_white = game.headers["White"] == "Bad"
            self.assertEqual(game.headers["Result"], "0-1" if loser_is_white else "1-0", self.output)
        summary = self.summary()
        self.assertEqual((summary["wins"], summary["losses"]), (2, 0))
        self.assert_counters(summary, 0)
        return summary, games

    def test_crash(self):
        summary, games = self.faulty_match(["--crash-at", "3"], "--tc", "5+0.1")
        self.assert_counters(summary, 1, crashes=2)
        self.assertGreaterEqual(summary["engines"][1]["counters"]["restarts"], 1)
        self.assertEqual({g.headers["Termination"] for g in games}, {"abandoned"})

    def test_illegal_move(self):
        summary, games = self.faulty_match(["--illegal-at", "2"], "--tc", "5+0.1")
        self.assert_counters(summary, 1, illegal_moves=2)
        self.assertEqual({g.headers["Termination"] for g in games}, {"rules infraction"})

    def test_time_loss(self):
        summary, games = self.faulty_match(["--slow-at", "2", "--delay", "0.8"],
                                           "--tc", "0.5+0.01", "--timemargin", "100")
        self.assert_counters(summary, 1, time_losses=2)
        self.assertEqual({g.headers["Termination"] for g in games}, {"time forfeit"})

    def test_hung_engine_with_clock_loses_on_time(self):
        # No answer at all: killed after its clock + margin + 1 s grace.
        summary, games = self.faulty_match(["--hang-at", "2"], "--tc", "0.3+0.01", "--timemargin", "50")
        self.assert_counters(summary, 1, time_losses=2)
        self.assertGreaterEqual(summary["engines"][1]["counters"]["restarts"], 1)

    def test_stall_without_clock(self):
        summary, games = self.faulty_match(["--hang-at", "2"], "--nodes", "100", "--stall-timeout", "1")
        self.assert_counters(summary, 1, disconnects=2)

    def test_engine_that_cannot_start(self):
        proc = self.run_match("--engine", "cmd=/nonexistent/engine", "--engine", self.fake(),
                              "--nodes", "10", "--games", "2")
        self.assertEqual(proc.returncode, 1)
        self.assertIn("cannot run", self.output)

    def test_sprt_stops_early(self):
        # Bad crashes on its first move, so Good wins every pair.  With
        # elo0=0, elo1=400 each WW pair adds ln(s1/s0) = ln(0.9091/0.5) = 0.598
        # to the LLR, so 5 pairs (LLR 2.99 > 2.944) accept H1.
        proc = self.run_match(
            "--engine", self.fake(), "name=Good", "--engine", self.fake("--crash-at", "1"), "name=Bad",
            "--nodes", "10", "--games", "100", "--sprt", "elo0=0", "elo1=400",
            "--concurrency", "2")
        self.assertEqual(proc.returncode, 0, self.output)
        summary = self.summary()
        self.assertEqual(summary["sprt"]["decision"], "H1", self.output)
        self.assertEqual(summary["pentanomial"], [0, 0, 0, 0, 5])
        self.assertLess(summary["games"], 14)
        self.assertIn("H1 accepted", self.output)

    def resumable_match(self, *extra):
        return self.run_match(
            "--engine", self.fake(), "name=Good", "--engine", self.fake("--crash-at", "1"), "name=Bad",
            "--nodes", "10", "--openings", self.write_book(*OPENINGS), "--order", "random",
            "--seed", "7", *extra)

    def test_resume_counts_finished_pairs_and_replays_the_rest(self):
        proc = self.resumable_match("--games", "4")
        self.assertEqual(proc.returncode, 0, self.output)
        first = {int(g.headers["Round"]): g for g in self.games()}
        self.assertEqual(sorted(first), [1, 2, 3, 4])
        first_results = {r["game"]: r for r in self.summary()["results"]}
        self.assertEqual(first[1].headers["Failures"], "1:crash")
        # As if stopped during game 4: its pair (games 3 and 4) is unfinished.
        with open(self.pgn, "w") as handle:
            for number in (1, 2, 3):
                handle.write(str(first[number]) + "\n\n")
        proc = self.resumable_match("--games", "6", "--resume")
        self.assertEqual(proc.returncode, 0, self.output)
        self.assertIn("2 games of finished pairs counted, 1 unfinished pair(s) to play again", self.output)
        summary = self.summary()
        self.assertEqual(summary["games"], 6, self.output)
        self.assertEqual(summary["pentanomial"], [0, 0, 0, 0, 3])
        self.assert_counters(summary, 1, crashes=6)
        self.assertEqual([r["game"] for r in summary["results"]], [1, 2, 3, 4, 5, 6])
        for restored in summary["results"][:2]:
            self.assertEqual(restored, first_results[restored["game"]])
        games = self.games()
        self.assertEqual([int(g.headers["Round"]) for g in games], [1, 2, 3, 3, 4, 5, 6])
        # Every pair kept its opening: the replayed pair starts where it did.
        for game in games[3:5]:
            self.assertEqual(game.headers["FEN"], first[3].headers["FEN"])

    def test_resume_refuses_another_matchs_games(self):
        proc = self.resumable_match("--games", "2")
        self.assertEqual(proc.returncode, 0, self.output)
        proc = self.run_match(
            "--engine", self.fake(), "name=Other", "--engine", self.fake(), "name=Bad",
            "--nodes", "10", "--games", "4", "--resume")
        self.assertEqual(proc.returncode, 1, self.output)
        self.assertIn("error: --resume", self.output)
        self.assertEqual(len(self.games()), 2)

    def test_resume_needs_a_pgn_file(self):
        proc = subprocess.run([sys.executable, MATCH, "--engine", self.fake(), "--engine", self.fake(),
                               "--nodes", "10", "--games", "2", "--resume"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("--resume needs", proc.stderr)


OPENINGS = (
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppppp1p/6p1/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkb1r/pppppppp/5n2/8/2P5/8/PP1PPPPP/RNBQKBNR w KQkq - 1 2",
)


if __name__ == "__main__":
    unittest.main()
