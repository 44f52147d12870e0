"""Playing one game between two EngineProcess objects and writing its PGN."""

from __future__ import annotations

import asyncio
import datetime
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

import chess
import chess.engine
import chess.pgn

from .adjudication import (BLACK, WHITE, Adjudicator, DrawRule, ResignRule, result_score,
                           rules_outcome, score_to_cp, win_result)
from .engines import EngineProcess, EngineStartError, EngineConfigError
from .openings import Opening
from .tc import Clock, TimeControl


@dataclass(frozen=True)
class GameSettings:
    margin: float = 0.1            # seconds of forgiven overrun (--timemargin)
    grace: float = 1.0             # extra wait before giving up on a move after the flag fell
    stall_timeout: float = 60.0    # longest wait for a move when no clock applies
    draw: Optional[DrawRule] = None
    resign: Optional[ResignRule] = None
    maxmoves: Optional[int] = None
    event: str = "Daba match"
    site: str = "?"


@dataclass
class GameJob:
    number: int       # 1-based game number (PGN Round)
    pair: int         # 0-based pair index
    opening: Opening
    white: int        # index (0/1) of the engine that plays White


@dataclass
class GameRecord:
    job: GameJob
    white_name: str
    black_name: str
    result: str                     # "1-0", "0-1", "1/2-1/2"
    reason: str                     # e.g. "White mates"
    termination: str                # PGN Termination value
    plies: int                      # engine half-moves played
    pgn: str
    failures: List[Tuple[int, str]] = field(default_factory=list)   # (engine index, kind)
    duration: float = 0.0

    def score_of(self, engine_index: int) -> float:
        color = WHITE if engine_index == self.job.white else BLACK
        return result_score(self.result, color)


def format_score(pov_score) -> Optional[str]:
    """python-chess Score (mover's view) -> '+0.35', '-1.20', '+M5', '-M3'."""
    if pov_score is None:
        return None
    mate = pov_score.mate()
    if mate is not None:
        if mate > 0:
            return f"+M{mate}"
        return f"-M{-mate}"
    cp = pov_score.score()
    if cp is None:
        return None
    return f"{cp / 100:+.2f}"


def format_move_comment(pov_score, depth: Optional[int], elapsed: float) -> str:
    """'+0.35/12 0.120s' (score and depth when the engine reported them)."""
    text = format_score(pov_score)
    parts = []
    if text is not None:
        parts.append(f"{text}/{depth}" if depth is not None else text)
    parts.append(f"{elapsed:.3f}s")
    return " ".join(parts)


class CompactExporter(chess.pgn.StringExporter):
    """StringExporter that writes comments as {text} instead of { text }."""

    def visit_comment(self, comment: str) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{" + comment.replace("}", "").strip() + "} ")
            self.force_movenumber = True


def _color_name(color: bool) -> str:
    return "White" if color else "Black"


def build_limit(color: bool, clocks: Dict[bool, Clock], tc: TimeControl, token: object) -> chess.engine.Limit:
    """Search limit for the side to move, with both clocks as the runner sees them."""
    kwargs = {}
    own = clocks[color]
    if own.has_clock:
        for side, prefix in ((WHITE, "white"), (BLACK, "black")):
            clock = clocks[side]
            if clock.has_clock:
                kwargs[f"{prefix}_clock"] = clock.remaining
                kwargs[f"{prefix}_inc"] = clock.tc.inc
        moves_to_go = own.moves_to_go()
        if moves_to_go is not None:
            kwargs["remaining_moves"] = moves_to_go
        # xboard: send 'level' once per game, then only time/otim.
        kwargs["clock_id"] = token
    if tc.movetime is not None:
        kwargs["time"] = tc.movetime
    if tc.nodes is not None:
        kwargs["nodes"] = tc.nodes
    if tc.depth is not None:
        kwargs["depth"] = tc.depth
    return chess.engine.Limit(**kwargs)


def _is_illegal_move_error(err: Exception) -> bool:
    """python-chess wraps the ValueError of an unparsable/illegal move in EngineError."""
    if any(isinstance(arg, ValueError) for arg in err.args):
        return True
    return isinstance(err.__cause__, ValueError) or isinstance(err.__context__, ValueError)


def pgn_timecontrol_headers(white_tc: TimeControl, black_tc: TimeControl) -> Dict[str, str]:
    if white_tc == black_tc:
        return {"TimeControl": white_tc.pgn()}
    return {"WhiteTimeControl": white_tc.pgn(), "BlackTimeControl": black_tc.pgn()}


async def play_game(job: GameJob, players: List[EngineProcess], names: List[str],
                    settings: GameSettings) -> GameRecord:
    """Play one game.  players[i] / names[i] belong to engine index i.

    Engines that are not running are (re)started.  Any failure of an engine
    ends the game as a loss for it and is listed in GameRecord.failures; a
    failed engine process is killed so that the next game restarts it.
    """
    started_at = time.monotonic()
    token = f"game-{job.number}"
    board = job.opening.board()
    side_engine = {WHITE: job.white, BLACK: 1 - job.white}
    failures: List[Tuple[int, str]] = []

    pgn_game = chess.pgn.Game()
    pgn_game.setup(board.root())
    node = pgn_game
    for move in board.move_stack:
        node = node.add_variation(move, comment="book")

    outcome: Optional[Tuple[str, str]] = None
    termination = "normal"

    def forfeit(color: bool, kind: str, reason: str, term: str) -> Tuple[str, str]:
        nonlocal termination
        failures.append((side_engine[color], kind))
        termination = term
        if kind == "timeloss" and board.has_insufficient_material(not color):
            return "1/2-1/2", f"{reason}, but {_color_name(not color)} cannot mate: draw"
        return win_result(not color), reason

    # -- make sure both engines are up and ready for a new game ------------
    for color in (WHITE, BLACK):
        player = players[side_engine[color]]
        who = _color_name(color)
        try:
            if player.transport is not None and not player.alive:
                # Died on its own between games: a crash, but no game is lost.
                failures.append((side_engine[color], "crash"))
                player.kill()
            if not player.alive:
                await player.start()
            await player.new_game(token)
        except EngineConfigError:
            raise
        except EngineStartError as err:
            outcome = forfeit(color, "startfail", f"{who}'s engine failed to start ({err})", "abandoned")
        except chess.engine.EngineTerminatedError:
            code = player.returncode
            player.kill()
            outcome = forfeit(color, "crash", f"{who}'s engine crashed (exit code {code})", "abandoned")
        except (asyncio.TimeoutError, chess.engine.EngineError):
            player.kill()
            outcome = forfeit(color, "disconnect", f"{who}'s engine does not respond", "abandoned")
        if outcome is not None:
            break

    clocks = {WHITE: Clock(players[side_engine[WHITE]].spec.tc),
              BLACK: Clock(players[side_engine[BLACK]].spec.tc)}
    adjudicator = Adjudicator(settings.draw, settings.resign, settings.maxmoves)
    engine_plies = 0

    if outcome is None:
        outcome = rules_outcome(board)   # an opening may already be over

    while outcome is None:
        color = board.turn
        who = _color_name(color)
        player = players[side_engine[color]]
        clock = clocks[color]
        limit = build_limit(color, clocks, player.spec.tc, token)
        allowance = clock.allowance(settings.margin)
        wait = allowance + settings.grace if allowance is not None else settings.stall_timeout

        t0 = time.perf_counter()
        try:
            played = await asyncio.wait_for(player.play(board, limit, token), wait)
        except asyncio.TimeoutError:
            player.kill()
            if allowance is not None:
                outcome = forfeit(color, "timeloss", f"{who} loses on time", "time forfeit")
            else:
                outcome = forfeit(color, "disconnect",
                                  f"{who}'s engine stalls (no move in {settings.stall_timeout:g}s)",
                                  "abandoned")
            break
        except chess.engine.EngineTerminatedError:
            code = player.returncode
            player.kill()
            outcome = forfeit(color, "crash", f"{who}'s engine crashed (exit code {code})", "abandoned")
            break
        except chess.engine.EngineError as err:
            player.kill()
            if _is_illegal_move_error(err):
                outcome = forfeit(color, "illegal", f"{who} makes an illegal move ({err})", "rules infraction")
            else:
                outcome = forfeit(color, "disconnect", f"{who}'s engine protocol error ({err})", "abandoned")
            break
        elapsed = time.perf_counter() - t0

        if not clock.consume(elapsed, settings.margin):
            outcome = forfeit(color, "timeloss", f"{who} loses on time ({elapsed:.3f}s)", "time forfeit")
            break
        if played.resigned:
            outcome = win_result(not color), f"{who} resigns"
            break
        move = played.move
        if not move or not board.is_legal(move):
            player.kill()
            text = move.uci() if move is not None else "none"
            outcome = forfeit(color, "illegal", f"{who} makes an illegal move ({text})", "rules infraction")
            break

        info = played.info or {}
        score = info.get("score")
        pov = score.pov(color) if score is not None else None
        board.push(move)
        engine_plies += 1
        node = node.add_variation(move, comment=format_move_comment(pov, info.get("depth"), elapsed))

        outcome = rules_outcome(board)
        if outcome is not None:
            break
        outcome = adjudicator.update(color, score_to_cp(pov), board.fullmove_number,
                                     plies=len(board.move_stack))
        if outcome is not None:
            termination = "adjudication"
            break

    result, reason = outcome
    white_name = names[side_engine[WHITE]]
    black_name = names[side_engine[BLACK]]

    headers = pgn_game.headers
    headers["Event"] = settings.event
    headers["Site"] = settings.site
    headers["Date"] = datetime.date.today().strftime("%Y.%m.%d")
    headers["Round"] = str(job.number)
    headers["White"] = white_name
    headers["Black"] = black_name
    headers["Result"] = result
    for key, value in pgn_timecontrol_headers(clocks[WHITE].tc, clocks[BLACK].tc).items():
        headers[key] = value
    headers["Termination"] = termination
    if failures:
        # "<engine index>:<kind> ...", so that a resumed match counts them again.
        headers["Failures"] = " ".join(f"{index}:{kind}" for index, kind in failures)
    headers["PlyCount"] = str(len(board.move_stack))
    if job.opening.source:
        headers["OpeningSource"] = job.opening.source
    if node is pgn_game:
        pgn_game.comment = reason
    else:
        node.comment = f"{node.comment}, {reason}" if node.comment else reason
    exporter = CompactExporter(headers=True, variations=True, comments=True, columns=80)
    pgn_text = pgn_game.accept(exporter)

    return GameRecord(job=job, white_name=white_name, black_name=black_name, result=result,
                      reason=reason, termination=termination, plies=engine_plies, pgn=pgn_text,
                      failures=failures, duration=time.monotonic() - started_at)
