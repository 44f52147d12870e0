"""Tests of scripts/spsa.py: the schedule against hand-computed values, the
perturbation and clamping, the update, parameter input, and short real runs
against fake_tune_engine.py (whose strength peaks at SKILL = 70): a run must
move SKILL from 20 towards 70, a resumed run must end where an uninterrupted
one does, and engine crashes must be reported with a non-zero exit status.
The runs take a few seconds; they need only python-chess."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
SPSA = os.path.join(SCRIPTS, "spsa.py")
FAKE = os.path.join(HERE, "fake_tune_engine.py")
sys.path.insert(0, SCRIPTS)

chess = pytest.importorskip("chess", reason="python-chess is not installed")
import spsa  # noqa: E402


def param(**kw):
    fields = dict(name="X", default=50, min=0, max=100, c_end=10, r_end=0.002)
    fields.update(kw)
    return spsa.Param(**fields)


# ------------------------------------------------------------------ schedule
def test_schedule_matches_hand_computed_values():
    # N = 100, A = 10, c_end = 10, r_end = 0.002, so a_end = 0.2:
    # c = 10 * 100^0.101 = 15.922, a = 0.2 * 110^0.602 = 3.388,
    # a_0 = 3.388 / 11^0.602 = 0.7999; at the last iteration (k = 99) the
    # gains reach the end values: c_99 = c_end, a_99 = a_end, r_99 = r_end.
    s = spsa.Schedule(100)
    p = param()
    assert s.big_a == pytest.approx(10)
    assert s.c(p) == pytest.approx(15.922, abs=1e-3)
    assert s.a(p) == pytest.approx(3.388, abs=1e-3)
    assert s.c_k(p, 0) == pytest.approx(15.922, abs=1e-3)
    assert s.a_k(p, 0) == pytest.approx(0.7999, abs=1e-4)
    assert s.c_k(p, 99) == pytest.approx(10)
    assert s.a_k(p, 99) == pytest.approx(0.2)
    assert s.r_k(p, 99) == pytest.approx(0.002)
    # 50^0.101 = 1.4846, 60^0.602 = 11.786
    assert s.c_k(p, 49) == pytest.approx(15.922 / 1.4846, abs=1e-3)
    assert s.a_k(p, 49) == pytest.approx(3.388 / 11.786, abs=1e-3)


def test_integer_step_never_falls_below_half():
    s = spsa.Schedule(1000)
    p = param(c_end=0.1)
    assert s.c_k(p, 999) == 0.5
    assert s.c_k(param(c_end=0.1, is_float=True), 999) == pytest.approx(0.1)


# -------------------------------------------------------------- perturbation
def test_perturbation_is_plus_minus_one_symmetric_and_reproducible():
    params = [param(name=f"P{i}") for i in range(20)]
    theta = [50.0] * 20
    s = spsa.Schedule(100)
    pert = spsa.perturb(params, theta, s, 0, seed=7)
    assert set(pert.delta) == {-1, 1}                    # 20 draws: both signs
    for p, d in zip(params, pert.delta):
        plus, minus = pert.plus[p.name], pert.minus[p.name]
        assert plus == int(plus) and minus == int(minus)
        # theta +- 15.92, rounded with one uniform: floor(65.92 + u), floor(34.08 + u)
        assert (plus - 50) * d > 0 and (minus - 50) * d < 0
        assert abs((plus - 50) + (minus - 50)) <= 1
        assert 15 <= abs(plus - minus) <= 32
    again = spsa.perturb(params, theta, s, 0, seed=7)
    assert again.delta == pert.delta and again.plus == pert.plus
    assert spsa.perturb(params, theta, s, 1, seed=7).delta != pert.delta


def test_perturbation_and_update_clamp_to_the_range():
    # r_end = 1: the first update moves theta by about 50 per unit of result.
    p = param(default=98, min=0, max=100, r_end=1.0)
    s = spsa.Schedule(100)
    pert = spsa.perturb([p], [98.0], s, 0, seed=1)
    values = {pert.plus["X"], pert.minus["X"]}
    assert max(values) == 100 and min(values) >= 82
    assert spsa.update([p], [98.0], s, pert, result=2 * pert.delta[0]) == [100]
    assert spsa.update([p], [1.0], s, pert, result=-2 * pert.delta[0]) == [0]


def test_update_is_a_k_over_c_k_times_result_times_delta():
    p = param(default=50)
    s = spsa.Schedule(100)
    pert = spsa.Perturbation(k=99, delta=[-1], c_k=[10.0], plus={"X": 40}, minus={"X": 60})
    # r_99 * c_99 * R * delta = 0.002 * 10 * 2 * -1 = -0.04 = a_99 / c_99 * R * delta
    assert spsa.update([p], [50.0], s, pert, result=2) == [pytest.approx(49.96)]


# ------------------------------------------------------------------- input
def test_parse_params_reads_openbench_lines_and_skips_others():
    text = ("id name daba\noption name Hash type spin default 16 min 1 max 1024\n"
            "RFP_MARGIN, int, 75, 30, 150, 6.0, 0.002\n"
            "LMP_BASE, int, 3, 1, 8, 0.5, 0.002\n")
    params = spsa.parse_params(text)
    assert [(p.name, p.default, p.min, p.max, p.c_end, p.r_end) for p in params] == [
        ("RFP_MARGIN", 75, 30, 150, 6.0, 0.002), ("LMP_BASE", 3, 1, 8, 0.5, 0.002)]
    assert params[0].spsa_line() == "RFP_MARGIN, int, 75, 30, 150, 6, 0.002"
    with pytest.raises(ValueError):
        spsa.parse_params("X, int, 200, 0, 100, 1, 0.002")
    with pytest.raises(ValueError):
        spsa.parse_params("nothing here")
    assert [p.name for p in spsa.select_params(params, "LMP_BASE")] == ["LMP_BASE"]
    with pytest.raises(ValueError):
        spsa.select_params(params, "NOPE")


def test_tunables_are_read_from_the_engine():
    params = spsa.read_engine_tunables([sys.executable, FAKE])
    assert [(p.name, p.default, p.c_end, p.r_end) for p in params] == [
        ("SKILL", 20, 10, 0.2), ("NOISE", 50, 10, 0.2)]


# -------------------------------------------------------------------- runs
def run_spsa(tmp_path, *extra, state="spsa.json", engine_args=""):
    cmd = [sys.executable, SPSA, "--engine", f"{sys.executable} {FAKE} {engine_args}".strip(),
           "--nodes", "1", "--iterations", "20", "--seed", "3", "--concurrency", "2",
           "--resign", "movecount=1", "score=400", "--maxmoves", "50",
           "--state", str(tmp_path / state), *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def test_a_short_run_moves_theta_towards_the_better_value(tmp_path):
    done = run_spsa(tmp_path, "--params", "SKILL")
    assert done.returncode == 0, done.stdout + done.stderr
    state = json.loads((tmp_path / "spsa.json").read_text())
    assert state["iteration"] == 20 and state["games"] == 40
    assert [p["name"] for p in state["params"]] == ["SKILL"]
    # From 20 towards the best strength at 70 (this seed reaches about 60).
    assert state["theta"][0] > 40, done.stdout
    assert [h["iteration"] for h in state["history"]] == [0, 10, 20]
    assert "SKILL / skill = " in done.stdout and "\nSKILL, " in done.stdout
    assert "No crashes" in done.stdout


def test_resume_ends_where_an_uninterrupted_run_ends(tmp_path):
    whole = run_spsa(tmp_path, state="whole.json")
    assert whole.returncode == 0, whole.stdout + whole.stderr
    # Stopped in the middle of a batch of two (iteration 7 of [6, 8)).
    first = run_spsa(tmp_path, "--stop-after", "7", state="split.json")
    assert first.returncode == 0, first.stdout + first.stderr
    assert json.loads((tmp_path / "split.json").read_text())["iteration"] == 7
    second = run_spsa(tmp_path, "--resume", state="split.json")
    assert second.returncode == 0, second.stdout + second.stderr
    a = json.loads((tmp_path / "whole.json").read_text())
    b = json.loads((tmp_path / "split.json").read_text())
    assert b["iteration"] == 20
    assert b["theta"] == pytest.approx(a["theta"])
    assert (b["wins"], b["draws"], b["losses"]) == (a["wins"], a["draws"], a["losses"])
    # A different command does not resume the run.
    other = run_spsa(tmp_path, "--resume", "--pairs-per-iteration", "2", state="split.json")
    assert other.returncode == 2 and "differs" in other.stderr


def test_engine_crashes_are_counted_and_fail_the_run(tmp_path):
    done = run_spsa(tmp_path, "--iterations", "2", engine_args="--crash-at 3")
    assert done.returncode == 1, done.stdout + done.stderr
    state = json.loads((tmp_path / "spsa.json").read_text())
    assert state["failures"]["crashes"] >= 4
    assert "FAILURES" in done.stdout


def test_ctrl_c_stops_after_saving_and_resume_continues(tmp_path):
    state_path = tmp_path / "spsa.json"
    cmd = [sys.executable, SPSA, "--engine", f"{sys.executable} {FAKE}", "--nodes", "1",
           "--iterations", "100000", "--seed", "3", "--resign", "movecount=1", "score=400",
           "--maxmoves", "50", "--state", str(state_path)]
    # SIGINT as a terminal's Ctrl-C sends it (a background shell job would ignore it).
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        time.sleep(0.2)
        if state_path.exists() and json.loads(state_path.read_text())["iteration"] >= 2:
            break
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 130, out
    state = json.loads(state_path.read_text())
    assert state["iteration"] >= 2 and state["games"] == 2 * state["iteration"]
    assert "Values so far" in out and f"holds iteration {state['iteration']}" in out
    more = subprocess.run(cmd + ["--resume", "--stop-after", str(state["iteration"] + 2)],
                          capture_output=True, text=True, timeout=60)
    assert more.returncode == 0, more.stdout + more.stderr
    assert json.loads(state_path.read_text())["iteration"] == state["iteration"] + 2
