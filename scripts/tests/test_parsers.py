"""Time-control parser, clock, EPD opening reader, opening book, engine specs."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from matchlib.tc import Clock, TimeControl, parse_limit, parse_seconds, parse_tc  # noqa: E402

try:
    import chess  # noqa: F401
    HAVE_CHESS = True
except ImportError:  # pragma: no cover
    HAVE_CHESS = False


class TimeControlParserTest(unittest.TestCase):
    def test_base_plus_increment(self):
        tc = parse_tc("10+0.1")
        self.assertEqual((tc.base, tc.inc, tc.moves), (10.0, 0.1, None))
        self.assertEqual(tc.pgn(), "10+0.1")

    def test_sudden_death(self):
        tc = parse_tc("60")
        self.assertEqual((tc.base, tc.inc, tc.moves), (60.0, 0.0, None))
        self.assertEqual(tc.pgn(), "60")

    def test_moves_per_period(self):
        tc = parse_tc("40/10")
        self.assertEqual((tc.base, tc.inc, tc.moves), (10.0, 0.0, 40))
        self.assertEqual(tc.pgn(), "40/10")
        tc = parse_tc("40/60+0.5")
        self.assertEqual((tc.base, tc.inc, tc.moves), (60.0, 0.5, 40))
        self.assertEqual(tc.pgn(), "40/60+0.5")

    def test_minutes_seconds(self):
        self.assertEqual(parse_seconds("1:30"), 90.0)
        self.assertEqual(parse_tc("1:30+1").base, 90.0)
        self.assertEqual(parse_seconds("0.05"), 0.05)

    def test_infinite(self):
        self.assertFalse(parse_tc("inf").has_clock)

    def test_bad_values(self):
        for bad in ("", "abc", "10+x", "0/10", "-5", "40/", "10+-1", "0", "1:75"):
            with self.assertRaises(ValueError, msg=bad):
                parse_tc(bad)

    def test_limits(self):
        tc = parse_limit("nodes", "500")
        tc = parse_limit("depth", "8", tc)
        tc = parse_limit("tc", "8+0.08", tc)
        self.assertEqual((tc.nodes, tc.depth, tc.base, tc.inc), (500, 8, 8.0, 0.08))
        tc.validate()
        self.assertEqual(tc.describe(), "tc=8+0.08 nodes=500 depth=8")
        st = parse_limit("st", "0.05")
        st.validate()
        self.assertEqual(st.pgn(), "0.05/move")
        self.assertEqual(parse_limit("nodes", "1000").pgn(), "-")
        with self.assertRaises(ValueError):
            parse_limit("nodes", "0")
        with self.assertRaises(ValueError):
            parse_limit("st", "x")
        with self.assertRaises(ValueError):
            TimeControl().validate()                     # no limit at all
        with self.assertRaises(ValueError):
            TimeControl(base=10, movetime=1).validate()  # tc and st together


class ClockTest(unittest.TestCase):
    def test_increment_and_flag(self):
        clock = Clock(parse_tc("1+0.1"))
        self.assertEqual(clock.allowance(0.05), 1.05)
        self.assertTrue(clock.consume(0.4, 0.05))
        self.assertAlmostEqual(clock.remaining, 0.7)    # 1 - 0.4 + 0.1
        self.assertTrue(clock.consume(0.74, 0.05))      # -0.04 is within the margin
        self.assertAlmostEqual(clock.remaining, 0.06)
        self.assertFalse(clock.consume(0.2, 0.05))      # -0.14 < -0.05: flag

    def test_moves_to_go(self):
        clock = Clock(parse_tc("2/10"))
        self.assertEqual(clock.moves_to_go(), 2)
        self.assertTrue(clock.consume(3.0, 0))
        self.assertEqual(clock.moves_to_go(), 1)
        self.assertTrue(clock.consume(3.0, 0))
        # Period over: 10 - 6 + 10 = 14 and a fresh count of 2 moves.
        self.assertAlmostEqual(clock.remaining, 14.0)
        self.assertEqual(clock.moves_to_go(), 2)

    def test_movetime(self):
        clock = Clock(parse_limit("st", "0.1"))
        self.assertFalse(clock.has_clock)
        self.assertAlmostEqual(clock.allowance(0.05), 0.15)
        self.assertTrue(clock.consume(0.14, 0.05))
        self.assertFalse(clock.consume(0.16, 0.05))

    def test_no_clock(self):
        clock = Clock(parse_limit("nodes", "100"))
        self.assertIsNone(clock.allowance(0.1))
        self.assertTrue(clock.consume(100.0, 0.1))


@unittest.skipUnless(HAVE_CHESS, "python-chess not installed")
class OpeningsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w") as handle:
            handle.write(text)
        return path

    def test_epd_forms(self):
        from matchlib.openings import read_epd
        path = self.write("book.epd", "\n".join([
            "# comment",
            "",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",   # FEN
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",             # no counters
            'rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - hmvc 0; fmvn 2; id "qgd";',
            "this is not a position",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",            # bad castling
        ]))
        warnings = []
        openings = read_epd(path, warn=warnings.append)
        self.assertEqual(len(openings), 3)
        self.assertEqual(len(warnings), 2)
        self.assertEqual(openings[0].fen, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        self.assertEqual(openings[1].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        self.assertEqual(openings[2].fen, "rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2")
        self.assertEqual(openings[0].source, "book.epd:3")
        self.assertFalse(any(o.chess960 for o in openings))
        board = openings[1].board()
        self.assertEqual(board.turn, False)

    def test_empty_file_is_an_error(self):
        from matchlib.openings import read_epd
        with self.assertRaises(ValueError):
            read_epd(self.write("empty.epd", "# nothing\n\n"))

    def test_chess960_detection(self):
        from matchlib.openings import read_epd
        line = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\n"
        by_name = read_epd(self.write("frc960.epd", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n"))
        self.assertTrue(by_name[0].chess960)
        by_castling = read_epd(self.write("book.epd", line))
        self.assertTrue(by_castling[0].chess960)
        board = by_castling[0].board()
        self.assertTrue(board.chess960)
        self.assertTrue(board.has_kingside_castling_rights(True))

    def test_pgn_openings(self):
        from matchlib.openings import read_openings
        path = self.write("book.pgn", '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event "b"]\n\n1. d4 d5 *\n')
        openings = read_openings(path, plies=3)
        self.assertEqual([o.moves for o in openings], [("e2e4", "e7e5", "g1f3"), ("d2d4", "d7d5")])
        self.assertEqual(openings[0].board().fen(),
                         "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")

    def test_book_order(self):
        from matchlib.openings import Opening, OpeningBook
        ops = [Opening(f"fen{i}", (), False, str(i)) for i in range(5)]
        seq = OpeningBook(ops, "sequential")
        self.assertEqual([seq.for_pair(p).source for p in range(7)], ["0", "1", "2", "3", "4", "0", "1"])
        rnd1 = OpeningBook(ops, "random", seed=42)
        rnd2 = OpeningBook(ops, "random", seed=42)
        order1 = [rnd1.for_pair(p).source for p in range(5)]
        self.assertEqual(order1, [rnd2.for_pair(p).source for p in range(5)])
        self.assertEqual(sorted(order1), ["0", "1", "2", "3", "4"])   # a permutation
        start = OpeningBook(ops, "sequential", start=3)
        self.assertEqual(start.for_pair(0).source, "2")

    def test_book_without_file(self):
        from matchlib.openings import OpeningBook
        self.assertEqual(OpeningBook().for_pair(3).fen, chess.STARTING_FEN)
        frc = OpeningBook(chess960=True, seed=7)
        a = frc.for_pair(0)
        self.assertTrue(a.chess960)
        self.assertEqual(a, OpeningBook(chess960=True, seed=7).for_pair(0))
        self.assertTrue(a.board().is_valid())


@unittest.skipUnless(HAVE_CHESS, "python-chess not installed")
class EngineSpecTest(unittest.TestCase):
    def test_full_spec(self):
        from matchlib.engines import parse_engine_spec
        spec = parse_engine_spec(["cmd=/path/to/daba --uci", "name=Daba", "proto=uci",
                                  "option.Hash=16", "option.Threads=1", "tc=10+0.1"])
        self.assertEqual(spec.cmd, ["/path/to/daba", "--uci"])
        self.assertEqual(spec.name, "Daba")
        self.assertEqual(spec.options, {"Hash": "16", "Threads": "1"})
        self.assertEqual((spec.tc.base, spec.tc.inc), (10.0, 0.1))
        self.assertTrue(spec.is_uci)

    def test_each_and_override(self):
        from matchlib.engines import parse_engine_spec
        each = ["tc=8+0.08", "option.Hash=16"]
        a = parse_engine_spec(["cmd=a"], each)
        b = parse_engine_spec(["cmd=/usr/games/fairymax", "proto=xboard", "st=0.5"], each)
        self.assertEqual((a.tc.base, a.options), (8.0, {"Hash": "16"}))
        self.assertEqual((b.tc.base, b.tc.movetime), (None, 0.5))   # own st= replaces shared tc=
        self.assertFalse(b.is_uci)

    def test_errors(self):
        from matchlib.engines import parse_engine_spec
        for tokens in (["name=x", "tc=1"], ["cmd=a"], ["cmd=a", "tc=1", "st=1"],
                       ["cmd=a", "tc=1", "proto=foo"], ["cmd=a", "tc=1", "colour=red"],
                       ["cmd=a", "proto=xboard", "nodes=5", "tc=10"], ["cmd=a", "tc"]):
            with self.assertRaises(ValueError, msg=tokens):
                parse_engine_spec(tokens)

    def test_edit_commands(self):
        from matchlib.engines import edit_commands
        cmds = edit_commands("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1")
        self.assertEqual(cmds, ["a2a3", "edit", "#", "Ke1", "Pe2", "c", "Ke8", "."])
        self.assertEqual(edit_commands("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")[0], "edit")


@unittest.skipUnless(HAVE_CHESS, "python-chess not installed")
class LimitTest(unittest.TestCase):
    def test_clock_limit(self):
        from matchlib.game import build_limit
        white, black = Clock(parse_tc("40/10+0.1")), Clock(parse_tc("40/10+0.1"))
        white.consume(1.5, 0.1)
        limit = build_limit(False, {True: white, False: black}, black.tc, "g1")
        self.assertAlmostEqual(limit.white_clock, 8.6)
        self.assertEqual((limit.black_clock, limit.white_inc, limit.black_inc), (10.0, 0.1, 0.1))
        self.assertEqual(limit.remaining_moves, 40)
        self.assertIsNone(limit.nodes)

    def test_mixed_limits(self):
        from matchlib.game import build_limit
        nodes_tc = parse_limit("nodes", "1000")
        clock_tc = parse_tc("5+0.05")
        clocks = {True: Clock(nodes_tc), False: Clock(clock_tc)}
        white = build_limit(True, clocks, nodes_tc, "g")
        self.assertEqual(white.nodes, 1000)
        self.assertIsNone(white.white_clock)      # no clock for a node-limited engine
        black = build_limit(False, clocks, clock_tc, "g")
        self.assertEqual((black.black_clock, black.black_inc), (5.0, 0.05))
        self.assertIsNone(black.white_clock)      # the opponent has no clock
        self.assertIsNone(black.remaining_moves)
        st = build_limit(True, {True: Clock(parse_limit("st", "0.2")), False: Clock(clock_tc)},
                         parse_limit("st", "0.2"), "g")
        self.assertEqual(st.time, 0.2)


@unittest.skipUnless(HAVE_CHESS, "python-chess not installed")
class CliConfigTest(unittest.TestCase):
    def test_config(self):
        from matchlib.cli import build_parser, config_from_args
        args = build_parser().parse_args([
            "--engine", "cmd=a", "name=A", "--engine", "cmd=b", "name=B",
            "--each", "tc=8+0.08", "--sprt", "elo0=0", "elo1=5", "alpha=0.05", "beta=0.05",
            "--concurrency", "2", "--draw", "movenumber=40", "movecount=8", "score=10",
            "--resign", "movecount=3", "score=1000", "--maxmoves", "150", "--timemargin", "50"])
        cfg = config_from_args(args, warn=lambda msg: None)
        self.assertEqual(cfg.sprt.bounds[1] > 2.94, True)
        self.assertEqual(cfg.settings.margin, 0.05)
        self.assertEqual(cfg.settings.draw.movenumber, 40)
        self.assertEqual(cfg.settings.resign.score, 1000)
        self.assertIsNone(cfg.games)
        self.assertEqual(cfg.engines[1].tc.inc, 0.08)

    def test_needs_games_or_sprt(self):
        from matchlib.cli import build_parser, config_from_args
        args = build_parser().parse_args(["--engine", "cmd=a", "tc=1", "--engine", "cmd=b", "tc=1"])
        with self.assertRaises(ValueError):
            config_from_args(args, warn=lambda msg: None)


if __name__ == "__main__":
    unittest.main()
