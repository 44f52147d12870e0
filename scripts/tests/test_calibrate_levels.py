"""Pure parts of scripts/calibrate_levels.py: the plan, the match command and
the combination of performances."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import calibrate_levels as cl  # noqa: E402


def test_plan_pairs_levels_with_nearby_references():
    refs = list(cl.references().values())
    plan = cl.plan([700, 2700], refs, 700, [(1500, 1700)])
    described = [(p.level, p.reference.key if p.reference else p.other) for p in plan]
    assert described == [(700, "random"), (2700, "phalanx"), (2700, "glaurung"), (1500, 1700)]
    # No reference within the window: the nearest one.
    plan = cl.plan([1100], refs, 100, [])
    assert [p.reference.key for p in plan] == ["hoichess"]


def test_levels_and_pairs_are_checked():
    assert cl.parse_levels("700, 1100") == [700, 1100]
    assert cl.parse_pairs("1500:1700,") == [(1500, 1700)]
    with pytest.raises(ValueError):
        cl.parse_levels("150")
    with pytest.raises(ValueError):
        cl.parse_levels("3200")
    with pytest.raises(ValueError):
        cl.parse_pairs("1500:3300")


class Args:
    hash = 16
    tc = "10+0.1"
    games = 10
    concurrency = 1
    openings = None
    match_args = None
    draw = ["movenumber=40"]
    resign = ["movecount=3"]
    no_adjudication = False


def test_the_level_is_the_first_engine_and_the_random_mover_is_skill_level_0():
    refs = cl.references()
    cmd = cl.match_command(Args(), cl.Pairing(700, reference=refs["random"]), "/bin/daba",
                           "/tmp/x.json", None, None)
    engines = [i for i, t in enumerate(cmd) if t == "--engine"]
    first = cmd[engines[0] + 1:engines[1]]
    second = cmd[engines[1] + 1:cmd.index("--tc")]
    assert "option.UCI_Elo=700" in first and "option.UCI_LimitStrength=true" in first
    assert "name=Random-mover" in second and "option.Skill Level=0" in second
    assert not any(t.startswith("option.UCI") for t in second)
    cmd = cl.match_command(Args(), cl.Pairing(1900, reference=refs["fairymax"]), "/bin/daba",
                           "/tmp/x.json", None, "/tmp/w")
    assert "cmd=/usr/games/fairymax" in cmd and "proto=xboard" in cmd


def test_performances_combine_by_inverse_variance():
    refs = cl.references()
    a = cl.Result(cl.Pairing(1900, reference=refs["hoichess"]), 100, 50, 0, 50, 0.5, 0.0, 70.0)
    b = cl.Result(cl.Pairing(1900, reference=refs["fairymax"]), 100, 60, 0, 40, 0.6, 70.0, 70.0)
    mean, error = cl.combine([a, b])
    assert mean == pytest.approx((1798 + 1940) / 2)
    assert error == pytest.approx(70.0 / 2 ** 0.5)
    # An infinite result has no weight.
    c = cl.Result(cl.Pairing(1900, reference=refs["random"]), 10, 10, 0, 0, 1.0, None, None)
    assert cl.combine([a, c]) == (pytest.approx(1798), pytest.approx(70.0))
    lines = cl.render_summary([a, b, c])
    assert lines[0].startswith("- UCI_Elo 1900: performance 1869 ± 49")
    assert "| 1900 | random mover" in cl.render_row(c, "10+0.1") and "> 1000" in cl.render_row(c, "10+0.1")


def test_only_finished_matches_are_reused(tmp_path):
    import json
    path = tmp_path / "elo700-vs-random.json"
    assert cl.finished_match(str(path), 100) is None  # missing
    path.write_text("{not json")
    assert cl.finished_match(str(path), 100) is None
    done = {"games": 100, "wins": 90, "draws": 5, "losses": 5, "score": 0.925, "elo": 436.0,
            "elo_error95": 120.0, "interrupted": False, "aborted": None}
    path.write_text(json.dumps(done))
    assert cl.finished_match(str(path), 100) == done
    assert cl.finished_match(str(path), 200) is None  # another match size
    path.write_text(json.dumps(dict(done, games=40, interrupted=True)))
    assert cl.finished_match(str(path), 100) is None
    path.write_text(json.dumps(dict(done, aborted="engine crashed")))
    assert cl.finished_match(str(path), 100) is None
    path.write_text(json.dumps({k: v for k, v in done.items() if k != "score"}))
    assert cl.finished_match(str(path), 100) is None


def test_a_resumed_run_reads_finished_matches_instead_of_playing_them(tmp_path, capsys):
    import json
    done = {"games": 100, "wins": 90, "draws": 5, "losses": 5, "score": 0.925, "elo": 436.0,
            "elo_error95": 120.0, "interrupted": False, "aborted": None}
    (tmp_path / "elo700-vs-random.json").write_text(json.dumps(done))
    out = tmp_path / "strength.md"
    out.write_text("before\n<!-- levels:begin -->\n<!-- levels:end -->\nafter\n")
    # /bin/true as Daba: any match actually started would fail to produce a summary.
    rc = cl.main(["--daba", "/bin/true", "--levels", "700", "--opponents", "random", "--pairs", "",
                  "--games", "100", "--resume", "--json-dir", str(tmp_path), "--out", str(out),
                  "--no-install"])
    printed = capsys.readouterr().out
    assert rc == 0, printed
    assert "reusing the finished match" in printed
    table = out.read_text()
    assert "| 90-5-5 |" in table
    assert "read back" in table


def test_resume_needs_a_directory_to_resume_from(capsys):
    assert cl.main(["--resume", "--dry-run"]) == 2
    assert "--resume needs --json-dir" in capsys.readouterr().err
