"""A UCI engine process behind pipes, for the stress scripts (soak.py,
uci_storm.py).

A reader thread queues every output line with the time it arrived, so a
caller can wait for a line with a timeout and measure how long an answer
took. A wait ends in one of two exceptions that say why: `Hang` (nothing
matching arrived in time) or `EngineDied` (the output closed, or the input
could not be written: a crash when the process exited with an error code or
a signal, a disconnect otherwise).
"""

import queue
import subprocess
import threading
import time


class EngineDied(EOFError):
    """The engine's pipes closed; `kind` is 'crash' or 'disconnect'."""

    def __init__(self, kind, what):
        super().__init__(what)
        self.kind = kind


class Hang(TimeoutError):
    """No expected line within the time allowed."""


class UciProcess:
    """One engine process; `lines` holds (arrival time, line) pairs, and
    (time, None) once the output has closed."""

    def __init__(self, cmd):
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put((time.perf_counter(), line.rstrip("\n")))
        self.lines.put((time.perf_counter(), None))

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise self.died(f"cannot write: {e}") from e

    def died(self, what):
        """The EngineDied for the process's end: a crash or a disconnect."""
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        kind = "disconnect" if code is None or code == 0 else "crash"
        return EngineDied(kind, f"{what} (exit code {code})")

    def expect(self, pred, timeout, what="a matching line"):
        """Lines up to and including the first that satisfies pred, and the
        time that line arrived."""
        seen = []
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise Hang(f"no {what} within {timeout:.1f} s; last lines {seen[-5:]}")
            try:
                stamp, line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise self.died(f"output closed while waiting for {what}; last lines {seen[-5:]}")
            seen.append(line)
            if pred(line):
                return seen, stamp

    def read_until(self, prefix, timeout):
        """Lines up to and including the first that starts with prefix."""
        return self.expect(lambda line: line.startswith(prefix), timeout, f"'{prefix}'")[0]

    def handshake(self, timeout=10):
        self.send("uci")
        self.expect(lambda line: line == "uciok", timeout, "'uciok'")
        self.sync()

    def sync(self, timeout=30):
        self.send("isready")
        return self.expect(lambda line: line == "readyok", timeout, "'readyok'")[0]

    def memory_kb(self):
        """(VmRSS, VmHWM) in kB, or None when the process is gone."""
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
        except (OSError, KeyError, ValueError):
            return None

    def kill(self):
        try:
            self.proc.kill()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass

    def quit(self, timeout=5):
        """`quit`, then a kill if the process has not exited within timeout."""
        try:
            self.send("quit")
            self.proc.wait(timeout=timeout)
        except (EngineDied, subprocess.TimeoutExpired):
            self.kill()
