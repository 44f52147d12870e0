"""Engine specs (cutechess-style key=value lists), engine processes, counters.

An engine is given on the command line as a list of key=value pairs:

    cmd=PATH [args...]   command line (shell-quoted if it has arguments)
    name=NAME            display name (default: the engine's own id name)
    proto=uci|xboard     protocol (default uci)
    dir=PATH             working directory of the engine process
    arg=ARG              one extra argument (may repeat)
    option.NAME=VALUE    engine option (UCI setoption / xboard option)
    tc=... st=... nodes=... depth=...   limits (see tc.py)

The engine processes run through python-chess's asyncio API, so every call
can be bounded by a timeout and a hung engine can be killed.
"""

from __future__ import annotations

import asyncio
import os
import re
import shlex
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence

import chess
import chess.engine

from .tc import TimeControl, parse_limit

def edit_commands(fen: str, usermove: bool = False) -> List[str]:
    """XBoard 'edit' commands that set up `fen` after 'new' + 'force'.

    For engines without the setboard feature (e.g. Fairy-Max).  Black to
    move is reached the way XBoard itself does it: play a2a3 from the start
    position first, since edit mode keeps the side to move.  Castling rights
    are implied by king/rook placement, and an en-passant square cannot be
    given -- a limitation of the edit command.
    """
    board = chess.Board(fen)
    commands: List[str] = []
    if board.turn == chess.BLACK:
        commands.append(("usermove " if usermove else "") + "a2a3")
    commands += ["edit", "#"]
    for color in (chess.WHITE, chess.BLACK):
        if color == chess.BLACK:
            commands.append("c")
        for square, piece in sorted(board.piece_map().items()):
            if piece.color == color:
                commands.append(piece.symbol().upper() + chess.square_name(square))
    commands.append(".")
    return commands


_SETBOARD_OFF = re.compile(r"(?<![\w\"])setboard=0(?![\w\"])")
_DONE_ON = re.compile(r"(?<![\w\"])done=1(?![\w\"])")


class XBoardCompatProtocol(chess.engine.XBoardProtocol):
    """python-chess's XBoard protocol, also for engines without 'setboard'.

    python-chess refuses engines that do not declare feature setboard=1;
    older engines such as Fairy-Max 5.0b (setboard=0) only know 'edit'.
    During the handshake this class reports setboard as available and
    afterwards rewrites every 'setboard FEN' into the equivalent 'edit'
    command sequence.
    """

    def __init__(self) -> None:
        super().__init__()
        self.uses_edit = False
        self._setboard_seen = False

    def _line_received(self, line: str) -> None:   # python-chess hook
        if not self.initialized and line.startswith("feature"):
            if "setboard=" in line and not _SETBOARD_OFF.search(line):
                self._setboard_seen = True
            if _SETBOARD_OFF.search(line):
                self.uses_edit = True
                self._setboard_seen = True
                line = _SETBOARD_OFF.sub("setboard=1", line)
            if _DONE_ON.search(line) and not self._setboard_seen:
                self.uses_edit = True
                line = line + " setboard=1"
        super()._line_received(line)

    def send_line(self, line: str) -> None:
        if self.uses_edit and line.startswith("setboard "):
            usermove = bool(self.features.get("usermove", 0))
            for command in edit_commands(line[len("setboard "):], usermove=usermove):
                super().send_line(command)
            return
        super().send_line(line)


PROTOCOLS = {
    "uci": chess.engine.UciProtocol,
    "xboard": XBoardCompatProtocol,
    "cecp": XBoardCompatProtocol,
    "winboard": XBoardCompatProtocol,
}

LIMIT_KEYS = ("tc", "st", "nodes", "depth")


class EngineStartError(Exception):
    """The engine process could not be started or did not finish the handshake."""


class EngineConfigError(Exception):
    """The engine works but does not accept the requested configuration."""


@dataclass
class EngineSpec:
    cmd: List[str]
    name: Optional[str] = None
    proto: str = "uci"
    options: Dict[str, str] = field(default_factory=dict)
    workdir: Optional[str] = None
    tc: TimeControl = field(default_factory=TimeControl)
    label: str = ""   # final display name, set after probing

    @property
    def protocol_class(self):
        return PROTOCOLS[self.proto]

    @property
    def is_uci(self) -> bool:
        return self.protocol_class is chess.engine.UciProtocol


def _split_pairs(tokens: Sequence[str], what: str) -> List[tuple]:
    pairs = []
    for token in tokens:
        if "=" not in token:
            raise ValueError(f"{what}: expected key=value, got {token!r}")
        key, value = token.split("=", 1)
        pairs.append((key.strip(), value))
    return pairs


def parse_engine_spec(tokens: Sequence[str], each: Sequence[str] = ()) -> EngineSpec:
    """Build an EngineSpec from the tokens of one --engine (plus --each)."""
    own = _split_pairs(tokens, "--engine")
    shared = _split_pairs(each, "--each")
    own_keys = {k.lower() for k, _ in own}
    # A time kind named by the engine itself replaces the other kind from --each.
    if "tc" in own_keys:
        shared = [(k, v) for k, v in shared if k.lower() != "st"]
    if "st" in own_keys:
        shared = [(k, v) for k, v in shared if k.lower() != "tc"]

    cmd: Optional[List[str]] = None
    extra_args: List[str] = []
    name = None
    proto = "uci"
    workdir = None
    options: Dict[str, str] = {}
    limits: Dict[str, str] = {}
    for key, value in list(shared) + list(own):
        lkey = key.lower()
        if lkey == "cmd":
            cmd = shlex.split(value)
            if not cmd:
                raise ValueError("--engine: empty cmd")
        elif lkey == "arg":
            extra_args.append(value)
        elif lkey == "name":
            name = value
        elif lkey == "proto":
            proto = value.lower()
            if proto not in PROTOCOLS:
                raise ValueError(f"--engine: unknown proto {value!r} (uci or xboard)")
        elif lkey == "dir":
            workdir = value
        elif lkey.startswith("option."):
            opt = key[len("option."):]
            if not opt:
                raise ValueError("--engine: option. needs a name")
            options[opt] = value
        elif lkey in LIMIT_KEYS:
            limits[lkey] = value
        else:
            raise ValueError(f"--engine: unknown key {key!r}")
    if cmd is None:
        raise ValueError("--engine: cmd= is required")
    if "tc" in limits and "st" in limits:
        raise ValueError("--engine: give either tc= or st=, not both")
    tc = TimeControl()
    for key in LIMIT_KEYS:
        if key in limits:
            tc = parse_limit(key, limits[key], tc)
    tc.validate()
    if proto != "uci" and tc.nodes is not None and (tc.has_clock or tc.movetime is not None):
        raise ValueError("--engine: xboard engines cannot combine nodes= with a time limit")
    return EngineSpec(cmd=cmd + extra_args, name=name, proto=proto, options=options,
                      workdir=workdir, tc=tc, label=name or "")


@dataclass
class FailureCounters:
    """Per-engine failure counts.

    crashes      the engine process died on its own (signal, exit, closed pipe),
                 or could not be started for a game.
    illegal_moves  it returned an illegal, malformed, null or missing move.
    time_losses  its clock fell below -margin (or a fixed move time plus the
                 margin was exceeded).
    disconnects  it stayed alive but stopped talking properly: no answer to
                 isready/ping or to a node/depth search within the stall
                 timeout, or a protocol error (e.g. it rejected the position).
    restarts     how often the runner started a fresh process after one of
                 the above (not a failure in itself).
    """
    crashes: int = 0
    illegal_moves: int = 0
    time_losses: int = 0
    disconnects: int = 0
    restarts: int = 0

    KINDS = ("crash", "startfail", "illegal", "timeloss", "disconnect")

    def add(self, kind: str) -> None:
        if kind in ("crash", "startfail"):
            self.crashes += 1
        elif kind == "illegal":
            self.illegal_moves += 1
        elif kind == "timeloss":
            self.time_losses += 1
        elif kind == "disconnect":
            self.disconnects += 1
        else:
            raise ValueError(kind)

    @property
    def failures(self) -> int:
        return self.crashes + self.illegal_moves + self.time_losses + self.disconnects

    def as_dict(self) -> Dict[str, int]:
        return {"crashes": self.crashes, "illegal_moves": self.illegal_moves,
                "time_losses": self.time_losses, "disconnects": self.disconnects,
                "restarts": self.restarts}


def _convert_option(option, value: str):
    """String from the command line -> value of the option's type."""
    if option is None:
        return value
    if option.type == "check":
        text = str(value).strip().lower()
        if text in ("true", "1", "yes", "on"):
            return True
        if text in ("false", "0", "no", "off"):
            return False
        raise EngineConfigError(f"option {option.name}: expected true/false, got {value!r}")
    if option.type == "spin":
        try:
            return int(value)
        except ValueError:
            raise EngineConfigError(f"option {option.name}: expected an integer, got {value!r}") from None
    if option.type in ("button", "reset", "save"):
        return None
    return value


MANAGED = {name.lower() for name in chess.engine.MANAGED_OPTIONS}


class EngineProcess:
    """One running engine (restartable) bound to the current event loop."""

    def __init__(self, spec: EngineSpec, *, startup_timeout: float = 10.0,
                 show_stderr: bool = False):
        self.spec = spec
        self.startup_timeout = startup_timeout
        self.show_stderr = show_stderr
        self.transport = None
        self.protocol = None
        self.starts = 0
        self.warnings: List[str] = []

    # -- state -------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.protocol is not None

    @property
    def alive(self) -> bool:
        return self.transport is not None and self.transport.get_returncode() is None

    @property
    def returncode(self) -> Optional[int]:
        return None if self.transport is None else self.transport.get_returncode()

    @property
    def id_name(self) -> Optional[str]:
        if self.protocol is None:
            return None
        if self.spec.is_uci:
            return self.protocol.id.get("name")
        return self.protocol.features.get("myname")

    # -- lifecycle ---------------------------------------------------------
    async def start(self) -> None:
        """Start the process, finish the handshake and set the options."""
        await self.close()
        popen_args = {}
        if self.spec.workdir:
            popen_args["cwd"] = self.spec.workdir
        if not self.show_stderr:
            popen_args["stderr"] = asyncio.subprocess.DEVNULL
        try:
            transport, protocol = await self.spec.protocol_class.popen(
                self.spec.cmd, setpgrp=True, **popen_args)
        except OSError as err:
            raise EngineStartError(f"cannot run {shlex.join(self.spec.cmd)}: {err}") from err
        self.transport, self.protocol = transport, protocol
        self.starts += 1
        try:
            await asyncio.wait_for(protocol.initialize(), self.startup_timeout)
        except asyncio.TimeoutError:
            self.kill()
            raise EngineStartError(f"{shlex.join(self.spec.cmd)}: no handshake within "
                                   f"{self.startup_timeout:g}s (is proto={self.spec.proto} right?)") from None
        except chess.engine.EngineError as err:
            code = self.returncode
            self.kill()
            raise EngineStartError(f"{shlex.join(self.spec.cmd)}: handshake failed: {err}"
                                   + (f" (exit code {code})" if code is not None else "")) from err
        await self._configure()

    async def _configure(self) -> None:
        await self.configure(self.spec.options)

    async def configure(self, options: Dict[str, str]) -> None:
        """Set engine options (command-line strings) on the running engine.

        Used at start with the spec's options, and between games by callers
        that change options per game (scripts/spsa.py); such a caller also
        puts the values into spec.options, so that a restart after a crash
        sets them again.  Raises EngineConfigError / EngineStartError.
        """
        config = {}
        for name, raw in options.items():
            if name.lower() in MANAGED:
                self.warnings.append(f"option {name} is set by the runner; ignored")
                continue
            option = self.protocol.options.get(name)
            if option is None:
                self.kill()
                raise EngineConfigError(
                    f"{self.spec.label or self.spec.cmd[0]}: unknown option {name!r} "
                    f"(available: {', '.join(self.protocol.options) or 'none'})")
            config[option.name] = _convert_option(option, raw)
        if not config:
            return
        if not self.spec.is_uci:
            # python-chess records memory=16 / cores=1 as the current values of
            # the XBoard 'memory'/'cores' commands without asking the engine, and
            # skips a setting equal to the recorded value: option.memory=16 would
            # never reach the engine (Fairy-Max then keeps its ~96 MB default).
            # Forget those guesses so that every requested value is sent.
            for name in config:
                if name in ("memory", "cores") or name.startswith("egtpath "):
                    self.protocol.config.pop(name, None)
        try:
            await asyncio.wait_for(self.protocol.configure(config), self.startup_timeout)
        except chess.engine.EngineTerminatedError as err:
            code = self.returncode
            self.kill()
            raise EngineStartError(f"engine died while setting its options (exit code {code})") from err
        except chess.engine.EngineError as err:
            self.kill()
            raise EngineConfigError(f"{self.spec.label or self.spec.cmd[0]}: {err}") from err
        except asyncio.TimeoutError:
            self.kill()
            raise EngineStartError("engine did not accept its options in time") from None

    async def new_game(self, token: object) -> None:
        """Prepare a new game so that the first move's clock starts at 'go'.

        UCI: send ucinewgame and wait for readyok here, then tell python-chess
        that the game `token` is already set up (otherwise it would do the
        same round trip inside the first timed play()).  XBoard: a ping.
        Raises asyncio.TimeoutError or chess.engine.EngineError.
        """
        proto = self.protocol
        if self.spec.is_uci:
            proto.send_line("ucinewgame")
        await asyncio.wait_for(proto.ping(), self.startup_timeout)
        if self.spec.is_uci and hasattr(proto, "first_game") and hasattr(proto, "game"):
            proto.first_game = False
            proto.game = token

    async def play(self, board: chess.Board, limit: chess.engine.Limit, token: object):
        return await self.protocol.play(
            board, limit, game=token,
            info=chess.engine.INFO_BASIC | chess.engine.INFO_SCORE)

    def kill(self) -> None:
        if self.transport is not None:
            try:
                if self.transport.get_returncode() is None:
                    self.transport.kill()
            except ProcessLookupError:
                pass
            self.transport.close()
        self.transport = None
        self.protocol = None

    async def close(self, timeout: float = 2.0) -> None:
        """Quit politely, kill if the engine does not exit in time."""
        if self.transport is None:
            return
        if self.alive and self.protocol is not None:
            try:
                await asyncio.wait_for(self.protocol.quit(), timeout)
            except (asyncio.TimeoutError, chess.engine.EngineError, OSError):
                pass
            except asyncio.CancelledError:
                self.kill()
                raise
        self.kill()


async def probe_engine(spec: EngineSpec, *, chess960: bool, startup_timeout: float,
                       show_stderr: bool = False) -> Dict[str, object]:
    """Start the engine once before the match: handshake, options, features.

    Returns {"id_name": ..., "warnings": [...]}.  Raises EngineStartError or
    EngineConfigError when the match cannot work with this engine.
    """
    proc = EngineProcess(spec, startup_timeout=startup_timeout, show_stderr=show_stderr)
    warnings: List[str] = []
    try:
        await proc.start()
        warnings.extend(proc.warnings)
        proto = proc.protocol
        label = spec.label or spec.cmd[0]
        if chess960:
            if spec.is_uci:
                if "UCI_Chess960" not in proto.options:
                    raise EngineConfigError(f"{label}: Chess960 requested but the engine has no UCI_Chess960 option")
            else:
                variants = str(proto.features.get("variants", "")).split(",")
                if "fischerandom" not in [v.strip() for v in variants]:
                    raise EngineConfigError(f"{label}: Chess960 requested but the engine does not list the variant fischerandom")
        if not spec.is_uci and spec.tc.nodes is not None:
            nps = proto.features.get("nps")
            if nps is None:
                warnings.append(f"{label}: xboard engine did not declare feature nps; nodes= may be ignored")
            elif not nps:
                raise EngineConfigError(f"{label}: xboard engine does not support node limits (feature nps=0)")
        return {"id_name": proc.id_name, "warnings": warnings}
    finally:
        await proc.close()


def default_label(spec: EngineSpec, id_name: Optional[str]) -> str:
    if spec.name:
        return spec.name
    if id_name:
        return id_name
    return os.path.basename(spec.cmd[0])
