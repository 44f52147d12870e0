"""Running a match: scheduling games on N concurrent slots, statistics,
progress lines, PGN output and the final summary."""

from __future__ import annotations

import asyncio
import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, List, Optional, TextIO

import chess.pgn

from .engines import (EngineConfigError, EngineProcess, EngineSpec, EngineStartError,
                      FailureCounters, default_label, probe_engine)
from .game import GameJob, GameRecord, GameSettings, play_game
from .openings import OpeningBook
from .stats import MatchStats, SprtConfig, format_elo, format_error


@dataclass
class MatchConfig:
    engines: List[EngineSpec]
    book: OpeningBook
    games: Optional[int] = None          # None = until the SPRT decides
    sprt: Optional[SprtConfig] = None
    concurrency: int = 1
    chess960: bool = False
    settings: GameSettings = field(default_factory=GameSettings)
    startup_timeout: float = 10.0
    max_start_failures: int = 3          # consecutive failed starts before giving up
    pgn_path: Optional[str] = None
    pgn_append: bool = False
    json_path: Optional[str] = None
    resume: bool = False                 # count the finished pairs of pgn_path, play on
    quiet: bool = False
    show_stderr: bool = False


class MatchAborted(Exception):
    pass


class ResumeError(ValueError):
    """The PGN file to resume from is not this match's."""


def read_finished_games(path: str) -> Dict[int, chess.pgn.Game]:
    """The games of a PGN file written by this runner, by game number (the
    Round tag; a later game with the same number replaces an earlier one,
    as a replayed pair does). An absent file holds no games."""
    games: Dict[int, chess.pgn.Game] = {}
    try:
        handle = open(path, encoding="utf-8")
    except FileNotFoundError:
        return games
    with handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            try:
                number = int(game.headers.get("Round", ""))
            except ValueError:
                raise ResumeError(f"{path}: a game without a game number in its Round tag")
            if number < 1 or game.headers.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
                raise ResumeError(f"{path}: game {number} has no result")
            games[number] = game
    return games


def final_reason(game: chess.pgn.Game) -> str:
    """Why a game ended, from its last comment: the runner writes the reason
    after the last move's "score/depth time" comment (or alone)."""
    node = game.end()
    comment = node.comment
    if node is game:
        return comment
    return comment.split(", ", 1)[1] if ", " in comment else comment


class Match:
    def __init__(self, config: MatchConfig, out: TextIO = sys.stdout):
        if len(config.engines) != 2:
            raise ValueError("a match needs exactly two engines")
        if config.games is None and config.sprt is None:
            raise ValueError("give a number of games or an SPRT")
        self.cfg = config
        self.out = out
        self.stats = MatchStats()
        self.counters = [FailureCounters(), FailureCounters()]
        self.records: List[GameRecord] = []
        self.pair_scores: Dict[int, Dict[int, float]] = {}
        self.terminations: Counter = Counter()
        self.next_game = 0
        # Game indices to play before next_game: the unfinished pairs of a
        # resumed match.
        self.replay: List[int] = []
        self.resumed_games = 0
        self.stopping = False
        self.sprt_decision: Optional[str] = None
        self.llr = 0.0
        self.abort_reason: Optional[str] = None
        self.start_failures = [0, 0]
        self.names = [spec.label for spec in config.engines]
        self._pgn_handle = None
        self._tasks: List[asyncio.Task] = []
        self._processes: List[tuple] = []   # (engine index, EngineProcess)
        self.started_at = time.monotonic()
        self.interrupted = False

    # ------------------------------------------------------------------ I/O
    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    def _open_pgn(self) -> None:
        if self.cfg.pgn_path:
            mode = "a" if self.cfg.pgn_append or self.cfg.resume else "w"
            self._pgn_handle = open(self.cfg.pgn_path, mode, encoding="utf-8")

    def _write_pgn(self, record: GameRecord) -> None:
        if self._pgn_handle is not None:
            self._pgn_handle.write(record.pgn)
            self._pgn_handle.write("\n\n")
            self._pgn_handle.flush()

    # ------------------------------------------------------------ preparation
    async def prepare(self) -> None:
        """Probe both engines, settle their display names."""
        ids = []
        for spec in self.cfg.engines:
            info = await probe_engine(spec, chess960=self.cfg.chess960,
                                      startup_timeout=self.cfg.startup_timeout,
                                      show_stderr=self.cfg.show_stderr)
            for warning in info["warnings"]:
                self.say(f"warning: {warning}")
            ids.append(info["id_name"])
        labels = [default_label(spec, id_name) for spec, id_name in zip(self.cfg.engines, ids)]
        if labels[0] == labels[1]:
            labels = [labels[0] + " #1", labels[1] + " #2"]
        for spec, label in zip(self.cfg.engines, labels):
            spec.label = label
        self.names = labels

    # ------------------------------------------------------------ scheduling
    def _next_job(self) -> Optional[GameJob]:
        if self.stopping:
            return None
        while self.replay and self.cfg.games is not None and self.replay[0] >= self.cfg.games:
            self.replay.pop(0)
        if self.replay:
            index = self.replay.pop(0)
        else:
            if self.cfg.games is not None and self.next_game >= self.cfg.games:
                return None
            index = self.next_game
            self.next_game += 1
        pair = index // 2
        # First game of a pair: engine 0 has White; second game: reversed.
        white = 0 if index % 2 == 0 else 1
        return GameJob(number=index + 1, pair=pair, opening=self.cfg.book.for_pair(pair), white=white)

    async def _worker(self, slot: int) -> None:
        players = [EngineProcess(spec, startup_timeout=self.cfg.startup_timeout,
                                 show_stderr=self.cfg.show_stderr)
                   for spec in self.cfg.engines]
        self._processes.extend(enumerate(players))
        try:
            while True:
                job = self._next_job()
                if job is None:
                    break
                record = await play_game(job, players, self.names, self.cfg.settings)
                self._finish(record)
        finally:
            for player in players:
                await player.close()

    # ------------------------------------------------------------- resuming
    def restore(self, games: Dict[int, chess.pgn.Game]) -> None:
        """Counts the games of every finished pair in `games` (from
        read_finished_games) as played in this run, and schedules the other
        pairs up to the last one begun to be played (both games) before new
        ones. The PGN file must be this match's: the engines' names and
        colours must match the game numbers."""
        path = self.cfg.pgn_path
        for number, game in sorted(games.items()):
            white = (number - 1) % 2
            expected = (self.names[white], self.names[1 - white])
            found = (game.headers.get("White"), game.headers.get("Black"))
            if found != expected:
                raise ResumeError(f"{path}: game {number} is {found[0]} vs {found[1]}, "
                                  f"but this match's game {number} is {expected[0]} vs {expected[1]}")
        if not games:
            return
        last_pair = (max(games) - 1) // 2
        for pair in range(last_pair + 1):
            numbers = (2 * pair + 1, 2 * pair + 2)
            if not all(n in games for n in numbers):
                self.replay.extend(n - 1 for n in numbers)
                continue
            for number in numbers:
                game = games[number]
                failures = []
                for item in game.headers.get("Failures", "").split():
                    index, _, kind = item.partition(":")
                    if index not in ("0", "1") or kind not in FailureCounters.KINDS:
                        raise ResumeError(f"{path}: game {number} has a bad Failures tag ({item})")
                    failures.append((int(index), kind))
                engine_plies = sum(1 for node in game.mainline() if node.comment != "book")
                job = GameJob(number=number, pair=pair, opening=self.cfg.book.for_pair(pair),
                              white=(number - 1) % 2)
                record = GameRecord(job=job, white_name=game.headers["White"],
                                    black_name=game.headers["Black"], result=game.headers["Result"],
                                    reason=final_reason(game),
                                    termination=game.headers.get("Termination", "normal"),
                                    plies=engine_plies, pgn="",
                                    failures=failures)
                self._count(record)
                self.resumed_games += 1
        self.next_game = 2 * (last_pair + 1)
        if not self.cfg.quiet:
            self.say(f"Resumed from {path}: {self.resumed_games} games of finished pairs counted, "
                     f"{len(self.replay) // 2} unfinished pair(s) to play again | " + self.figures())

    # -------------------------------------------------------------- results
    def _finish(self, record: GameRecord) -> None:
        self._write_pgn(record)
        pair_done = self._count(record)
        if not self.cfg.quiet:
            self.say(self.progress_line(record))
        if self.sprt_decision is not None and pair_done and not self.cfg.quiet:
            lower, upper = self.cfg.sprt.bounds
            verdict = ("H1 accepted (elo >= elo1)" if self.sprt_decision == "H1"
                       else "H0 accepted (elo <= elo0)")
            self.say(f"SPRT: {verdict}: LLR {self.llr:.2f} outside [{lower:.2f}, {upper:.2f}]")
        for engine_index in (0, 1):
            if self.start_failures[engine_index] >= self.cfg.max_start_failures and self.abort_reason is None:
                self.abort_reason = (f"{self.names[engine_index]} failed to start "
                                     f"{self.start_failures[engine_index]} times in a row")
                self._stop_others()

    def _count(self, record: GameRecord) -> bool:
        """Adds a finished game to the statistics (and the SPRT, when it
        completes a pair); returns whether it did."""
        self.records.append(record)
        self.terminations[record.reason if record.termination == "normal" else record.termination] += 1
        for engine_index, kind in record.failures:
            self.counters[engine_index].add(kind)
        for engine_index in (0, 1):
            if (engine_index, "startfail") in record.failures:
                self.start_failures[engine_index] += 1
            else:
                self.start_failures[engine_index] = 0
        score = record.score_of(0)
        self.stats.add_game(score)
        pair = self.pair_scores.setdefault(record.job.pair, {})
        pair[record.job.number] = score
        pair_done = len(pair) == 2
        if pair_done:
            scores = list(pair.values())
            self.stats.add_pair(scores[0], scores[1])
            del self.pair_scores[record.job.pair]
            if self.cfg.sprt is not None:
                self.llr = self.cfg.sprt.llr(self.stats.ptnml)
                decision = self.cfg.sprt.decision(self.llr)
                if decision is not None and self.sprt_decision is None:
                    self.sprt_decision = decision
                    self._stop_others()
        return pair_done

    def _stop_others(self) -> None:
        """Stop scheduling; abandon the games still running on other slots."""
        self.stopping = True
        current = asyncio.current_task()
        for task in self._tasks:
            if task is not current and not task.done():
                task.cancel()

    def progress_line(self, record: GameRecord) -> str:
        total = f"/{self.cfg.games}" if self.cfg.games is not None else ""
        head = (f"[{self.stats.games}{total}] Game {record.job.number}: "
                f"{record.white_name} vs {record.black_name} {record.result} ({record.reason})")
        return head + " | " + self.figures()

    def figures(self) -> str:
        s = self.stats
        est = s.elo()
        text = (f"{self.names[0]}: W-D-L {s.wins}-{s.draws}-{s.losses} {100 * s.score:.1f}% "
                f"Elo {format_elo(est.elo)} +/- {format_error(est.error)} LOS {100 * s.los():.1f}% "
                f"Ptnml[LL,LD,DD/WL,WD,WW] {s.ptnml}")
        if self.cfg.sprt is not None:
            lower, upper = self.cfg.sprt.bounds
            text += f" LLR {self.llr:.2f} [{lower:.2f}, {upper:.2f}]"
        return text

    # -------------------------------------------------------------- running
    async def run(self) -> int:
        try:
            previous = read_finished_games(self.cfg.pgn_path) if self.cfg.resume else {}
        except (ResumeError, OSError) as err:
            self.say(f"error: --resume: {err}")
            return 1
        self._open_pgn()
        try:
            try:
                await self.prepare()
            except (EngineStartError, EngineConfigError) as err:
                self.say(f"error: {err}")
                return 1
            if not self.cfg.quiet:
                self.say(self.header())
            try:
                self.restore(previous)
            except ResumeError as err:
                self.say(f"error: --resume: {err}")
                return 1
            self.started_at = time.monotonic()
            slots = max(1, self.cfg.concurrency)
            if self.cfg.games is not None:
                slots = min(slots, max(1, self.cfg.games))
            self._tasks = [asyncio.ensure_future(self._worker(i)) for i in range(slots)]
            results = await asyncio.gather(*self._tasks, return_exceptions=True)
            for result in results:
                if isinstance(result, (EngineConfigError,)):
                    self.say(f"error: {result}")
                    self.abort_reason = str(result)
                elif isinstance(result, BaseException) and not isinstance(result, asyncio.CancelledError):
                    raise result
        finally:
            for _, proc in self._processes:
                proc.kill()
            if self._pgn_handle is not None:
                self._pgn_handle.close()
        self.say(self.summary())
        self.write_json()
        return 1 if self.abort_reason else 0

    def header(self) -> str:
        a, b = self.cfg.engines
        if self.cfg.games is not None:
            length = f"{self.cfg.games} games"
        else:
            length = "until the SPRT decides"
        book = self.cfg.book
        source = f"{len(book)} openings ({book.order})" if len(book) else (
            "random Chess960 start positions" if self.cfg.chess960 else "start position")
        lines = [
            f"Match: {a.label} ({a.tc.describe()}) vs {b.label} ({b.tc.describe()}), "
            f"{length}, concurrency {self.cfg.concurrency}, {source}"
            + (", Chess960" if self.cfg.chess960 else ""),
            f"Results are from {a.label}'s point of view.",
        ]
        if self.cfg.sprt is not None:
            s = self.cfg.sprt
            lower, upper = s.bounds
            lines.append(f"SPRT: elo0={s.elo0:g} elo1={s.elo1:g} alpha={s.alpha:g} beta={s.beta:g} "
                         f"(logistic Elo, pentanomial GSPRT), bounds [{lower:.2f}, {upper:.2f}]")
        return "\n".join(lines)

    def summary(self) -> str:
        s = self.stats
        est = s.elo()
        draw_ratio = 100.0 * s.draws / s.games if s.games else 0.0
        elapsed = time.monotonic() - self.started_at
        lines = ["", "=== Match summary ==="]
        if self.interrupted:
            lines.append("(interrupted)")
        if self.abort_reason:
            lines.append(f"Aborted: {self.abort_reason}")
        lines.append(f"Games: {s.games} in {elapsed:.1f}s, pairs completed: {s.pairs}")
        lines.append(f"Score of {self.names[0]} vs {self.names[1]}: "
                     f"W-D-L {s.wins}-{s.draws}-{s.losses} [{s.score:.3f}] {100 * s.score:.1f}%")
        lines.append(f"Elo difference: {format_elo(est.elo)} +/- {format_error(est.error)} (95%), "
                     f"LOS: {100 * s.los():.1f}%, draw ratio: {draw_ratio:.1f}%")
        lines.append(f"Pentanomial [LL, LD, DD/WL, WD, WW]: {s.ptnml}")
        if self.cfg.sprt is not None:
            sp = self.cfg.sprt
            lower, upper = sp.bounds
            verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "inconclusive"}[self.sprt_decision]
            lines.append(f"SPRT (elo0={sp.elo0:g}, elo1={sp.elo1:g}, alpha={sp.alpha:g}, beta={sp.beta:g}): "
                         f"LLR {self.llr:.2f} [{lower:.2f}, {upper:.2f}] -> {verdict}")
        if self.terminations:
            ends = ", ".join(f"{k}: {v}" for k, v in self.terminations.most_common())
            lines.append(f"Endings: {ends}")
        restarts = self._restarts()
        width = max(len(n) for n in self.names + ["Engine"])
        lines.append(f"{'Engine':<{width}}  crashes  illegal  timeloss  disconnects  restarts")
        for i, name in enumerate(self.names):
            c = self.counters[i]
            lines.append(f"{name:<{width}}  {c.crashes:7d}  {c.illegal_moves:7d}  {c.time_losses:8d}  "
                         f"{c.disconnects:11d}  {restarts[i]:8d}")
        return "\n".join(lines)

    def _restarts(self) -> List[int]:
        restarts = [0, 0]
        for index, proc in self._processes:
            restarts[index] += max(0, proc.starts - 1)
        for i in (0, 1):
            self.counters[i].restarts = restarts[i]
        return restarts

    def summary_dict(self) -> dict:
        s = self.stats
        est = s.elo()

        def num(x: float):
            return None if (math.isinf(x) or math.isnan(x)) else round(x, 3)

        data = {
            "engines": [
                {"name": self.names[i], "cmd": self.cfg.engines[i].cmd,
                 "proto": self.cfg.engines[i].proto, "limits": self.cfg.engines[i].tc.describe(),
                 "counters": self.counters[i].as_dict()}
                for i in (0, 1)
            ],
            "games": s.games,
            "wins": s.wins, "draws": s.draws, "losses": s.losses,
            "score": round(s.score, 4),
            "elo": num(est.elo), "elo_error95": num(est.error),
            "los": round(s.los(), 4),
            "pentanomial": list(s.ptnml),
            "chess960": self.cfg.chess960,
            "aborted": self.abort_reason,
            "interrupted": self.interrupted,
            "endings": dict(self.terminations),
            "results": [
                {"game": r.job.number, "pair": r.job.pair, "white": r.white_name, "black": r.black_name,
                 "result": r.result, "reason": r.reason, "termination": r.termination,
                 "plies": r.plies, "opening": r.job.opening.source}
                for r in sorted(self.records, key=lambda r: r.job.number)
            ],
        }
        if self.cfg.sprt is not None:
            sp = self.cfg.sprt
            lower, upper = sp.bounds
            data["sprt"] = {"elo0": sp.elo0, "elo1": sp.elo1, "alpha": sp.alpha, "beta": sp.beta,
                            "llr": round(self.llr, 4), "lower": round(lower, 4), "upper": round(upper, 4),
                            "decision": self.sprt_decision}
        return data

    def write_json(self) -> None:
        if not self.cfg.json_path:
            return
        self._restarts()
        with open(self.cfg.json_path, "w", encoding="utf-8") as handle:
            json.dump(self.summary_dict(), handle, indent=2)
            handle.write("\n")
