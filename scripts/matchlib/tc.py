"""Time controls and the runner-side chess clock.

Accepted forms (all times in seconds; "m:ss" is also accepted for a time):

    tc=10+0.1      10 s base, 0.1 s increment per move
    tc=60          sudden death, 60 s
    tc=40/10       10 s for every 40 moves (repeating)
    tc=40/60+0.5   repeating 60 s per 40 moves plus 0.5 s per move
    tc=1:30+1      90 s base, 1 s increment
    tc=inf         no clock (then nodes=, depth= or st= must limit the search)
    st=0.05        fixed 0.05 s per move (go movetime)
    nodes=500      fixed nodes per move
    depth=8        fixed depth per move

nodes= and depth= may be combined with a clock; st= may not.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Optional


def _fmt_num(x: float) -> str:
    """10.0 -> '10', 0.1 -> '0.1' (no trailing zeros)."""
    text = f"{x:.6f}".rstrip("0").rstrip(".")
    return text if text else "0"


def parse_seconds(text: str) -> float:
    """'10' -> 10.0, '0.05' -> 0.05, '1:30' -> 90.0, '1:00:00' -> 3600.0."""
    text = text.strip()
    if not text:
        raise ValueError("empty time value")
    parts = text.split(":")
    if len(parts) > 3:
        raise ValueError(f"bad time value {text!r}")
    total = 0.0
    for i, part in enumerate(parts):
        try:
            value = float(part)
        except ValueError:
            raise ValueError(f"bad time value {text!r}") from None
        if value < 0 or value != value or value == float("inf"):
            raise ValueError(f"bad time value {text!r}")
        if i > 0 and value >= 60:
            raise ValueError(f"bad time value {text!r} (minutes/seconds field >= 60)")
        total = total * 60.0 + value
    return total


@dataclass(frozen=True)
class TimeControl:
    base: Optional[float] = None      # clock at the start (and per period), seconds
    inc: float = 0.0                  # increment per move, seconds
    moves: Optional[int] = None       # moves per period (repeating), None = whole game
    movetime: Optional[float] = None  # fixed time per move (st=)
    nodes: Optional[int] = None       # node limit per move
    depth: Optional[int] = None       # depth limit per move

    @property
    def has_clock(self) -> bool:
        return self.base is not None

    @property
    def is_limited(self) -> bool:
        return any(v is not None for v in (self.base, self.movetime, self.nodes, self.depth))

    def validate(self) -> None:
        if self.base is not None and self.base <= 0:
            raise ValueError("time control base must be > 0")
        if self.inc < 0:
            raise ValueError("increment must be >= 0")
        if self.moves is not None and self.moves <= 0:
            raise ValueError("moves per period must be > 0")
        if self.moves is not None and self.base is None:
            raise ValueError("moves per period needs a base time")
        if self.inc and self.base is None:
            raise ValueError("increment needs a base time")
        if self.movetime is not None and self.movetime <= 0:
            raise ValueError("st (move time) must be > 0")
        if self.movetime is not None and self.base is not None:
            raise ValueError("st= cannot be combined with tc=")
        if self.nodes is not None and self.nodes <= 0:
            raise ValueError("nodes must be > 0")
        if self.depth is not None and self.depth <= 0:
            raise ValueError("depth must be > 0")
        if not self.is_limited:
            raise ValueError("no limit: give tc=, st=, nodes= or depth=")

    def with_values(self, **changes) -> "TimeControl":
        return dataclasses.replace(self, **changes)

    def clock_text(self) -> str:
        """The clock part as written in tc= ('' when there is no clock)."""
        if self.base is None:
            return ""
        text = _fmt_num(self.base)
        if self.moves:
            text = f"{self.moves}/{text}"
        if self.inc:
            text += "+" + _fmt_num(self.inc)
        return text

    def pgn(self) -> str:
        """Value of the PGN TimeControl tag.

        Clock: '40/10', '10+0.1', '60'.  Fixed move time: '0.05/move'.
        Nodes or depth without a clock: '-' (no clock), with details in
        describe().
        """
        if self.base is not None:
            return self.clock_text()
        if self.movetime is not None:
            return f"{_fmt_num(self.movetime)}/move"
        return "-"

    def describe(self) -> str:
        parts = []
        if self.base is not None:
            parts.append("tc=" + self.clock_text())
        if self.movetime is not None:
            parts.append("st=" + _fmt_num(self.movetime))
        if self.nodes is not None:
            parts.append(f"nodes={self.nodes}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        return " ".join(parts) if parts else "unlimited"


def parse_tc(text: str) -> TimeControl:
    """Parse the value of tc= (see module docstring)."""
    raw = text
    text = text.strip().lower()
    if text in ("inf", "infinite", "-", "none"):
        return TimeControl()
    moves: Optional[int] = None
    if "/" in text:
        moves_text, text = text.split("/", 1)
        try:
            moves = int(moves_text)
        except ValueError:
            raise ValueError(f"bad moves count in time control {raw!r}") from None
        if moves <= 0:
            raise ValueError(f"moves per period must be > 0 in {raw!r}")
    inc = 0.0
    if "+" in text:
        text, inc_text = text.split("+", 1)
        inc = parse_seconds(inc_text)
    base = parse_seconds(text)
    if base <= 0:
        raise ValueError(f"time control base must be > 0 in {raw!r}")
    return TimeControl(base=base, inc=inc, moves=moves)


def parse_limit(key: str, value: str, tc: Optional[TimeControl] = None) -> TimeControl:
    """Apply one key=value (tc, st, nodes, depth) to a TimeControl."""
    tc = tc or TimeControl()
    key = key.lower()
    if key == "tc":
        clock = parse_tc(value)
        return tc.with_values(base=clock.base, inc=clock.inc, moves=clock.moves)
    if key == "st":
        st = parse_seconds(value)
        if st <= 0:
            raise ValueError("st must be > 0")
        return tc.with_values(movetime=st)
    if key == "nodes":
        try:
            nodes = int(value)
        except ValueError:
            raise ValueError(f"bad nodes value {value!r}") from None
        if nodes <= 0:
            raise ValueError("nodes must be > 0")
        return tc.with_values(nodes=nodes)
    if key == "depth":
        try:
            depth = int(value)
        except ValueError:
            raise ValueError(f"bad depth value {value!r}") from None
        if depth <= 0:
            raise ValueError("depth must be > 0")
        return tc.with_values(depth=depth)
    raise ValueError(f"unknown limit {key!r}")


class Clock:
    """One side's clock, kept by the runner.

    The runner measures the wall time of every move and calls consume().
    A move is a time loss when the clock drops below -margin (or, for a
    fixed move time, when the move took longer than st + margin).  The
    increment is added after a successful move, and for repeating controls
    the base is added again after every `moves` moves.
    """

    def __init__(self, tc: TimeControl):
        self.tc = tc
        self.remaining: Optional[float] = tc.base
        self.moves_made = 0

    @property
    def has_clock(self) -> bool:
        return self.remaining is not None

    def moves_to_go(self) -> Optional[int]:
        if not self.tc.moves:
            return None
        return self.tc.moves - (self.moves_made % self.tc.moves)

    def allowance(self, margin: float) -> Optional[float]:
        """Longest a move may take before it is a time loss (None = no limit)."""
        limits = []
        if self.remaining is not None:
            limits.append(max(0.0, self.remaining) + margin)
        if self.tc.movetime is not None:
            limits.append(self.tc.movetime + margin)
        return min(limits) if limits else None

    def consume(self, elapsed: float, margin: float) -> bool:
        """Charge a move that took `elapsed` seconds.  False = flag fell."""
        ok = True
        if self.tc.movetime is not None and elapsed > self.tc.movetime + margin:
            ok = False
        if self.remaining is not None:
            self.remaining -= elapsed
            if self.remaining < -margin:
                ok = False
        if not ok:
            return False
        self.moves_made += 1
        if self.remaining is not None:
            self.remaining += self.tc.inc
            if self.tc.moves and self.moves_made % self.tc.moves == 0:
                self.remaining += self.tc.base
        return True
