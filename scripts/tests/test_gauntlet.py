"""scripts/gauntlet.py: table rendering and the marker-based update of docs/strength.md.

Pure functions only, fed with fake match.py --json summaries; no engine is run.
"""

import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import gauntlet  # noqa: E402
from gauntlet import (DASH, GAUNTLET_BEGIN, GAUNTLET_END, PM, RELIABILITY_BEGIN,  # noqa: E402
                      RELIABILITY_END)


def fake_summary(opponent="Glaurung 2.2", wins=10, draws=20, losses=10, elo=0.0, error=85.3,
                 daba_first=True, daba_counters=None, opp_counters=None, limits="tc=10+0.1",
                 aborted=None):
    games = wins + draws + losses
    zero = {"crashes": 0, "illegal_moves": 0, "time_losses": 0, "disconnects": 0, "restarts": 0}
    daba = {"name": "Daba", "cmd": ["/tmp/daba"], "proto": "uci", "limits": limits,
            "counters": dict(zero, **(daba_counters or {}))}
    opp = {"name": opponent, "cmd": ["/usr/games/x"], "proto": "uci", "limits": limits,
           "counters": dict(zero, **(opp_counters or {}))}
    score = (wins + draws / 2) / games if games else 0.0
    summary = {"engines": [daba, opp], "games": games, "wins": wins, "draws": draws,
               "losses": losses, "score": round(score, 4), "elo": elo, "elo_error95": error,
               "los": 0.5, "pentanomial": [0, 0, 0, 0, 0], "endings": {}, "results": [],
               "aborted": aborted, "interrupted": False, "chess960": False}
    if not daba_first:
        summary["engines"] = [opp, daba]
        summary["wins"], summary["losses"] = losses, wins
        summary["score"] = round(1 - score, 4)
        summary["elo"] = None if elo is None else -elo
    return summary


def row(**kwargs):
    extra = {k: kwargs.pop(k) for k in ("version", "package", "reference") if k in kwargs}
    return gauntlet.row_from_summary(fake_summary(**kwargs), date="2026-11-29", commit="abc1234",
                                     tc="10+0.1", **extra)


class EngineTableTest(unittest.TestCase):
    def test_ladder_order_and_references(self):
        keys = [e.key for e in gauntlet.ENGINES]
        self.assertEqual(keys, ["fairymax", "hoichess", "phalanx", "gnuchess", "glaurung", "toga2",
                                "ethereal", "stockfish"])
        refs = {e.key: e.reference for e in gauntlet.ENGINES}
        self.assertEqual(refs["glaurung"], "CCRL 40/15 Glaurung 2.2: 2793")
        self.assertEqual(refs["phalanx"], "CCRL 40/15 Phalanx XXV: 2610")
        self.assertEqual(refs["hoichess"], "CCRL Blitz HoiChess 0.22: 1798")
        self.assertEqual(refs["fairymax"], "Fairy-Max plays as micro-Max 4.8, about 1870")
        for key in ("gnuchess", "toga2", "ethereal", "stockfish"):
            self.assertEqual(refs[key], DASH)

    def test_select_engines_keeps_ladder_order(self):
        chosen = gauntlet.select_engines("stockfish,fairymax,ethereal-chess,fairymax")
        self.assertEqual([e.key for e in chosen], ["fairymax", "ethereal", "stockfish"])
        self.assertEqual(len(gauntlet.select_engines(None)), 8)
        with self.assertRaises(ValueError):
            gauntlet.select_engines("crafty")

    def test_engine_tokens(self):
        phalanx = gauntlet.find_engine("phalanx")
        tokens = phalanx.engine_tokens(16, "/tmp/w")
        self.assertEqual(tokens[:3], ["cmd=/usr/games/phalanx", "arg=-t", "arg=16384"])
        self.assertIn("proto=xboard", tokens)
        self.assertIn("dir=/tmp/w", tokens)
        fairymax = gauntlet.find_engine("fairymax").engine_tokens(32)
        self.assertIn("option.memory=32", fairymax)
        toga = gauntlet.find_engine("toga2").engine_tokens(16)
        self.assertIn("option.Number of Threads=1", toga)
        self.assertIn("option.Hash=16", toga)
        hoi = gauntlet.find_engine("hoichess").engine_tokens(16)
        self.assertIn("arg=hash size 16M", hoi)
        gnu = gauntlet.find_engine("gnuchessu").engine_tokens(16)
        self.assertEqual(gnu[:2], ["cmd=/usr/games/gnuchess", "arg=--uci"])

    def test_resume_continues_only_a_match_with_a_pgn(self):
        engine = gauntlet.find_engine("glaurung")
        with tempfile.TemporaryDirectory() as tmp:
            args = gauntlet.build_parser().parse_args(["--pgn-dir", tmp, "--resume"])
            pgn = os.path.join(tmp, "daba-vs-glaurung.pgn")
            first = gauntlet.match_command(args, engine, "/tmp/daba", "/tmp/s.json", pgn, None)
            self.assertNotIn("--resume", first)
            with open(pgn, "w", encoding="utf-8") as handle:
                handle.write('[Event "Daba gauntlet"]\n\n1. e4 *\n')
            again = gauntlet.match_command(args, engine, "/tmp/daba", "/tmp/s.json", pgn, None)
            self.assertEqual(again[again.index("--pgn") + 1:again.index("--pgn") + 3], [pgn, "--resume"])
            plain = gauntlet.build_parser().parse_args(["--pgn-dir", tmp])
            self.assertNotIn("--resume",
                             gauntlet.match_command(plain, engine, "/tmp/daba", "/tmp/s.json", pgn, None))

    def test_resume_needs_a_pgn_dir(self):
        self.assertEqual(gauntlet.main(["--resume", "--daba", sys.executable, "--engines", "glaurung"]), 2)


class RowTest(unittest.TestCase):
    def test_row_rendering(self):
        r = row(wins=25, draws=10, losses=5, elo=191.0, error=87.6, version="2.2-4",
                package="glaurung", reference="CCRL 40/15 Glaurung 2.2: 2793")
        line = gauntlet.render_row(r)
        self.assertEqual(
            line, f"| 2026-11-29 | abc1234 | Glaurung 2.2 (glaurung 2.2-4) | 10+0.1 | 40 | 25-10-5 | "
                  f"75.0% | +191 {PM} 88 | CCRL 40/15 Glaurung 2.2: 2793 |")
        self.assertEqual(line.count("|"), gauntlet.GAUNTLET_HEADER.count("|"))
        self.assertEqual(gauntlet.GAUNTLET_RULE.count("|"), gauntlet.GAUNTLET_HEADER.count("|"))

    def test_daba_second_is_turned_around(self):
        r = row(wins=6, draws=2, losses=2, elo=120.4, error=150.0, daba_first=False)
        self.assertEqual((r.wins, r.draws, r.losses), (6, 2, 2))
        self.assertAlmostEqual(r.score, 0.7)
        self.assertAlmostEqual(r.elo, 120.4)
        self.assertEqual(r.opponent, "Glaurung 2.2")

    def test_infinite_and_unknown_elo(self):
        self.assertEqual(gauntlet.format_elo(None, None, 1.0, 2), "+inf")
        self.assertEqual(gauntlet.format_elo(None, None, 0.0, 2), "-inf")
        self.assertEqual(gauntlet.format_elo(-35.2, None, 0.45, 2), f"-35 {PM} inf")
        self.assertEqual(gauntlet.format_elo(0.2, 10.0, 0.5, 2), f"0 {PM} 10")
        self.assertEqual(gauntlet.format_elo(None, None, 0.0, 0), DASH)
        r = row(wins=2, draws=0, losses=0, elo=None, error=None)
        self.assertIn("| 100.0% | +inf |", gauntlet.render_row(r))

    def test_no_version_and_pipe_escaped(self):
        r = row(opponent="Odd|Name")
        line = gauntlet.render_row(r)
        self.assertIn("Odd\\|Name |", line)
        self.assertIn(f"| {DASH} |", line)   # no reference rating

    def test_aborted_is_marked(self):
        r = row(aborted="Daba failed to start 3 times in a row")
        self.assertIn("(aborted)", gauntlet.render_row(r))

    def test_run_note(self):
        rows = [row(opponent="Fairy-Max 5.0b", daba_counters={"time_losses": 2}),
                row(opponent="Stockfish 15.1", daba_counters={"crashes": 1, "disconnects": 3})]
        note = gauntlet.render_run_note(
            rows, date="2026-11-29", commit="abc1234-dirty", nproc=2, cpu="Intel(R) Xeon(R) Processor",
            concurrency=1, hash_mb=16, setups=[("Fairy-Max 5.0b", "XBoard `memory 16`")],
            adjudication="no adjudication", skipped=["toga2 (missing)"])
        self.assertTrue(note.startswith("- 2026-11-29, Daba abc1234-dirty: machine 2 CPUs (`nproc`), "
                                        "Intel(R) Xeon(R) Processor; concurrency 1;"))
        self.assertIn("1 thread and 16 MB hash", note)
        self.assertIn("Fairy-Max 5.0b: XBoard `memory 16`", note)
        self.assertIn("vs Fairy-Max 5.0b 0/0/2/0, vs Stockfish 15.1 1/0/0/3", note)
        self.assertIn("Skipped: toga2 (missing).", note)
        self.assertNotIn("\n", note)


class FileUpdateTest(unittest.TestCase):
    def note(self, text="- run one"):
        return text

    def test_new_file(self):
        text = gauntlet.update_gauntlet("", [row()], self.note(), append=False)
        self.assertTrue(text.startswith("# Strength of Daba\n\n" + GAUNTLET_BEGIN + "\n"))
        self.assertTrue(text.endswith(GAUNTLET_END + "\n"))
        self.assertIn(gauntlet.GAUNTLET_HEADER + "\n" + gauntlet.GAUNTLET_RULE + "\n| 2026-11-29", text)
        self.assertIn("\n\n- run one\n" + GAUNTLET_END, text)

    def test_other_sections_are_kept_and_section_replaced(self):
        before = ("# Strength\n\nHand-written intro.\n\n" + GAUNTLET_BEGIN + "\nold stuff\n" + GAUNTLET_END
                  + "\n\n## SPRT log\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n")
        text = gauntlet.update_gauntlet(before, [row(opponent="Stockfish 15.1")], "- new", append=False)
        self.assertTrue(text.startswith("# Strength\n\nHand-written intro.\n\n" + GAUNTLET_BEGIN))
        self.assertTrue(text.endswith(GAUNTLET_END + "\n\n## SPRT log\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n"))
        self.assertNotIn("old stuff", text)
        self.assertIn("Stockfish 15.1", text)
        self.assertEqual(text.count(GAUNTLET_BEGIN), 1)

    def test_section_added_to_file_without_markers(self):
        before = "# Strength\n\nSomething.\n"
        text = gauntlet.update_gauntlet(before, [row()], None, append=True)
        self.assertTrue(text.startswith("# Strength\n\nSomething.\n\n" + GAUNTLET_BEGIN + "\n"))

    def test_append_keeps_rows_and_notes(self):
        first = gauntlet.update_gauntlet("", [row(opponent="Fairy-Max 5.0b")], "- run one", append=False)
        first += "\n## Other\n\ntext\n"
        second = gauntlet.update_gauntlet(first, [row(opponent="Phalanx XXV"), row(opponent="Glaurung 2.2")],
                                          "- run two", append=True)
        body = gauntlet.section_body(second, GAUNTLET_BEGIN, GAUNTLET_END)
        rows, notes = gauntlet.split_table(body)
        self.assertEqual([r.split(" | ")[2] for r in rows], ["Fairy-Max 5.0b", "Phalanx XXV", "Glaurung 2.2"])
        self.assertEqual(notes, ["- run one", "- run two"])
        self.assertTrue(second.endswith("\n## Other\n\ntext\n"))
        self.assertEqual(body.count(gauntlet.GAUNTLET_HEADER), 1)
        # Appending the same thing twice is idempotent on the base text (re-written after each match).
        again = gauntlet.update_gauntlet(first, [row(opponent="Phalanx XXV"), row(opponent="Glaurung 2.2")],
                                         "- run two", append=True)
        self.assertEqual(again, second)

    def test_replace_without_append_drops_old_rows(self):
        first = gauntlet.update_gauntlet("", [row(opponent="Fairy-Max 5.0b")], "- run one", append=False)
        second = gauntlet.update_gauntlet(first, [row(opponent="Phalanx XXV")], "- run two", append=False)
        self.assertNotIn("Fairy-Max", second)
        self.assertNotIn("run one", second)

    def test_unterminated_marker_is_an_error(self):
        with self.assertRaises(ValueError):
            gauntlet.update_gauntlet("x\n" + GAUNTLET_BEGIN + "\nrest\n", [row()], None, append=False)


class ReliabilityTest(unittest.TestCase):
    def test_rows(self):
        a = fake_summary(opponent="Fairy-Max 5.0b", daba_counters={"time_losses": 1},
                         opp_counters={"illegal_moves": 2}, limits="tc=10+0.1")
        b = fake_summary(opponent="Stockfish 15.1", daba_first=False, daba_counters={"crashes": 3})
        line_a = gauntlet.reliability_row(a, "/tmp/x/a.json")
        self.assertEqual(line_a, "| Daba vs Fairy-Max 5.0b, tc=10+0.1 (`a.json`) | 40 | 0 | 0 | 1 | 0 | 0 | 2 | 0 | 0 |")
        line_b = gauntlet.reliability_row(b)
        self.assertEqual(line_b, "| Daba vs Stockfish 15.1, tc=10+0.1 | 40 | 3 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |")
        self.assertEqual(line_a.count("|"), gauntlet.RELIABILITY_HEADER.count("|"))

    def test_section_next_to_gauntlet(self):
        text = gauntlet.update_gauntlet("", [row()], "- run", append=False)
        text = gauntlet.update_reliability(text, [("a.json", fake_summary())])
        self.assertIn(GAUNTLET_END + "\n\n" + RELIABILITY_BEGIN + "\n## Reliability", text)
        self.assertTrue(text.endswith(RELIABILITY_END + "\n"))
        # Re-running the gauntlet keeps the reliability section.
        again = gauntlet.update_gauntlet(text, [row(opponent="Phalanx XXV")], "- run 2", append=False)
        self.assertIn(RELIABILITY_BEGIN, again)
        self.assertEqual(gauntlet.section_body(again, RELIABILITY_BEGIN, RELIABILITY_END),
                         gauntlet.section_body(text, RELIABILITY_BEGIN, RELIABILITY_END))
        # Replace vs append.
        replaced = gauntlet.update_reliability(text, [("b.json", fake_summary(opponent="X"))])
        rows, _ = gauntlet.split_table(gauntlet.section_body(replaced, RELIABILITY_BEGIN, RELIABILITY_END))
        self.assertEqual(len(rows), 1)
        appended = gauntlet.update_reliability(text, [("b.json", fake_summary(opponent="X"))], append=True)
        rows, _ = gauntlet.split_table(gauntlet.section_body(appended, RELIABILITY_BEGIN, RELIABILITY_END))
        self.assertEqual(len(rows), 2)

    def test_cli(self):
        with tempfile.TemporaryDirectory() as tmp:
            paths = []
            for i, name in enumerate(("Fairy-Max 5.0b", "Stockfish 15.1")):
                path = os.path.join(tmp, f"m{i}.json")
                with open(path, "w") as handle:
                    json.dump(fake_summary(opponent=name, daba_counters={"disconnects": i}), handle)
                paths.append(path)
            out = os.path.join(tmp, "strength.md")
            with open(out, "w") as handle:
                handle.write("# Mine\n\nkeep me\n")
            devnull = open(os.devnull, "w")
            old, sys.stdout = sys.stdout, devnull
            try:
                rc = gauntlet.main(["--reliability-from", *paths, "--out", out])
            finally:
                sys.stdout = old
                devnull.close()
            self.assertEqual(rc, 0)
            with open(out) as handle:
                text = handle.read()
            self.assertTrue(text.startswith("# Mine\n\nkeep me\n\n" + RELIABILITY_BEGIN))
            self.assertIn("| Daba vs Stockfish 15.1, tc=10+0.1 (`m1.json`) | 40 | 0 | 0 | 0 | 1 |", text)


class EnvironmentTest(unittest.TestCase):
    def test_cpu_model(self):
        with tempfile.NamedTemporaryFile("w", suffix="cpuinfo", delete=False) as handle:
            handle.write("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R)  Xeon(R) Processor\n")
        try:
            self.assertEqual(gauntlet.cpu_model(handle.name), "Intel(R) Xeon(R) Processor")
        finally:
            os.unlink(handle.name)
        self.assertEqual(gauntlet.cpu_model("/nonexistent/cpuinfo"), "unknown CPU")

    def test_commit_shape(self):
        commit = gauntlet.git_commit()
        self.assertRegex(commit, r"^(unknown|[0-9a-f]{4,40}(-dirty)?)$")


if __name__ == "__main__":
    unittest.main()
