#!/usr/bin/env python3
"""A bounded load test of `daba serve`: real-time guest games and lobby traffic.

It starts no server: give it the running instances' addresses (and their
process ids, to sample their memory). Players are split among the
instances at random, as a load balancer would, so with two instances on one
PostgreSQL about half of the games have their two players on different
instances.

  daba serve --port 8101 --data-dir /tmp/load --max-games 5000 --max-waiters 2000 --behind-proxy &
  python3 scripts/load_test.py --server 127.0.0.1:8101 --pid $! --games 500 --duration 90

Each game is two simulated players (guests), each with its own keep-alive
connection: a long poll (`GET /api/games/{id}/wait`) until it is their
turn, a think time, then a random legal move from the answer. A player
resigns after `--max-moves` moves; the pair then starts a new game, so the
number of games going stays at `--games`. Lobby clients read `/api/lobby`;
signed-in lobby clients (sign-ups with distinct `X-Forwarded-For`
addresses: start the servers with `--behind-proxy`) also open and cancel
challenges. Every request's latency is measured from the first byte sent to
the last byte of the answer; any answer that is not 2xx is an error except a
409 "not your turn" on a move (none should happen: a player moves only on
its turn). The summary covers the steady state, after `--ramp` seconds of
games starting. Standard library only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

# -- pure parts (tested in scripts/tests/test_load_test.py) -------------------


def build_request(method: str, path: str, host: str, body: object = None,
                  headers: dict[str, str] | None = None) -> bytes:
    """One HTTP/1.1 request, keep-alive, with a JSON body when `body` is not None."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Accept: application/json"]
    data = b""
    if body is not None:
        data = json.dumps(body, separators=(",", ":")).encode()
        lines.append("Content-Type: application/json")
    if body is not None or method in ("POST", "PUT"):
        lines.append(f"Content-Length: {len(data)}")
    for name, value in (headers or {}).items():
        lines.append(f"{name}: {value}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def parse_head(head: bytes) -> tuple[int, dict[str, list[str]]]:
    """The status and headers (lower-case names, every value kept) of an answer's head."""
    text = head.decode("latin-1")
    lines = text.split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/"):
        raise ValueError(f"not an HTTP answer: {lines[0]!r}")
    status = int(parts[1])
    headers: dict[str, list[str]] = {}
    for line in lines[1:]:
        if not line:
            continue
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return status, headers


def percentile(sorted_values: list[float], p: float) -> float | None:
    """The `p`-th percentile (0-100) of sorted values, nearest rank; None when empty."""
    if not sorted_values:
        return None
    if p <= 0:
        return sorted_values[0]
    rank = -(-p * len(sorted_values) // 100)  # ceil
    return sorted_values[min(len(sorted_values), max(1, int(rank))) - 1]


def summarize(latencies: list[float]) -> dict[str, object]:
    """Count, mean and p50/p95/p99/max of latencies in seconds, as milliseconds."""
    values = sorted(latencies)
    ms = lambda v: None if v is None else round(v * 1000, 2)  # noqa: E731
    return {
        "count": len(values),
        "mean_ms": ms(sum(values) / len(values)) if values else None,
        "p50_ms": ms(percentile(values, 50)),
        "p95_ms": ms(percentile(values, 95)),
        "p99_ms": ms(percentile(values, 99)),
        "max_ms": ms(values[-1] if values else None),
    }


def rss_kib(proc_status: str) -> int | None:
    """VmRSS in KiB from the text of /proc/PID/status."""
    for line in proc_status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return None


def cpu_ticks(proc_stat: str) -> int:
    """User plus system clock ticks from the text of /proc/PID/stat."""
    rest = proc_stat[proc_stat.rindex(")") + 2:].split()
    # Fields after the name: state is field 3, utime 14, stime 15.
    return int(rest[11]) + int(rest[12])


def pick_move(view: dict, rng: random.Random) -> str | None:
    """A random legal move (UCI) from a game's answer; None when there is none."""
    legal = view.get("legal") or []
    if not legal:
        return None
    return rng.choice(legal)["uci"]


def is_expected(kind: str, status: int, message: str) -> bool:
    """Whether a non-2xx answer is an expected race rather than an error."""
    return kind == "move" and status == 409 and "not your turn" in message


def session_cookie(headers: dict[str, list[str]]) -> str | None:
    """The `daba_session=...` pair from an answer's Set-Cookie headers."""
    for value in headers.get("set-cookie", []):
        pair = value.split(";", 1)[0].strip()
        if pair.startswith("daba_session=") and pair != "daba_session=":
            return pair
    return None


# -- HTTP ----------------------------------------------------------------------


class Conn:
    """One keep-alive HTTP/1.1 connection to a server (opened again if closed)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.authority = f"{host}:{port}"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except (OSError, asyncio.CancelledError):
                pass
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: object = None,
                      headers: dict[str, str] | None = None
                      ) -> tuple[int, dict[str, list[str]], bytes, float]:
        """status, headers, body, seconds taken (connecting not counted)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        start = time.perf_counter()
        self.writer.write(build_request(method, path, self.authority, body, headers))
        try:
            await self.writer.drain()
            head = await self.reader.readuntil(b"\r\n\r\n")
            status, hdrs = parse_head(head)
            if "chunked" in ",".join(hdrs.get("transfer-encoding", [])):
                data = b""
                while True:
                    size = int((await self.reader.readline()).split(b";")[0], 16)
                    chunk = await self.reader.readexactly(size + 2)
                    if size == 0:
                        break
                    data += chunk[:-2]
            elif "content-length" in hdrs:
                data = await self.reader.readexactly(int(hdrs["content-length"][0]))
            else:
                data = await self.reader.read()
                await self.close()
        except BaseException:
            await self.close()
            raise
        elapsed = time.perf_counter() - start
        if "close" in ",".join(hdrs.get("connection", [])).lower():
            await self.close()
        return status, hdrs, data, elapsed


# -- the run -------------------------------------------------------------------


@dataclass
class Stats:
    start: float
    steady_from: float
    latencies: dict[str, list[float]] = field(default_factory=dict)
    all_latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter = field(default_factory=Counter)
    expected: Counter = field(default_factory=Counter)
    counts: Counter = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    reasons: Counter = field(default_factory=Counter)
    moves: int = 0

    def record(self, kind: str, elapsed: float) -> None:
        self.all_latencies.setdefault(kind, []).append(elapsed)
        if time.perf_counter() >= self.steady_from:
            self.latencies.setdefault(kind, []).append(elapsed)
            self.counts[kind] += 1


class Client:
    """A simulated client: one connection, its address, its stats."""

    def __init__(self, conn: Conn, stats: Stats, address: str):
        self.conn, self.stats, self.address = conn, stats, address

    async def call(self, kind: str, method: str, path: str, body: object = None,
                   headers: dict[str, str] | None = None
                   ) -> tuple[int, dict[str, list[str]], object]:
        """The answer's status, headers and JSON; errors counted, (0, {}, None) on a lost connection."""
        hdrs = {"X-Forwarded-For": self.address}
        hdrs.update(headers or {})
        try:
            status, head, data, elapsed = await self.conn.request(method, path, body, hdrs)
        except (OSError, asyncio.IncompleteReadError, ValueError) as e:
            self.stats.errors[(kind, 0, type(e).__name__ + ": " + str(e)[:80])] += 1
            await asyncio.sleep(1)
            return 0, {}, None
        self.stats.record(kind, elapsed)
        try:
            value = json.loads(data) if data else None
        except ValueError:
            value = None
        if not 200 <= status < 300:
            message = value.get("error", "") if isinstance(value, dict) else data[:80].decode("latin-1")
            key = (kind, status, message[:100])
            if is_expected(kind, status, message):
                self.stats.expected[key] += 1
            else:
                self.stats.errors[key] += 1
        return status, head, value


async def play_seat(client: Client, game_id: str, token: str, color: str, args, rng: random.Random,
                    stop: asyncio.Event) -> None:
    """One player: wait for their turn, think, move; resign after max_moves."""
    version = 0
    made = 0
    auth = {"X-Daba-Token": token}
    answered = ""  # the previous poll's served_at, given back as the page does
    while not stop.is_set():
        status, _, view = await client.call("wait", "GET",
                                            f"/api/games/{game_id}/wait?after={version}{answered}",
                                            headers=auth)
        if status != 200 or not isinstance(view, dict):
            answered = ""
            await asyncio.sleep(1)
            continue
        answered = f"&answered={view['served_at']}" if "served_at" in view else ""
        version = max(version, view["version"])
        if view["over"]:
            return
        if view["turn"] != color or not all(view["seats"].values() if isinstance(view["seats"], dict)
                                            else view["seats"]):
            continue
        await asyncio.sleep(rng.uniform(args.think_min, args.think_max))
        if stop.is_set():
            return
        if made >= args.max_moves:
            await client.call("resign", "POST", f"/api/games/{game_id}/resign", {"token": token})
            return
        uci = pick_move(view, rng)
        if uci is None:
            continue
        status, _, after = await client.call("move", "POST", f"/api/games/{game_id}/move",
                                             {"token": token, "uci": uci})
        if status == 200 and isinstance(after, dict):
            made += 1
            client.stats.moves += 1
            version = max(version, after["version"])
            if after["over"]:
                return


async def game_pair(white: Client, black: Client, args, rng: random.Random, stop: asyncio.Event,
                    delay: float) -> None:
    """Two players who play game after game until the end of the run."""
    await asyncio.sleep(delay)
    while not stop.is_set():
        status, _, game = await white.call("create", "POST", "/api/games",
                                           {"mode": "friend", "color": "white",
                                            "time_control": args.time_control})
        if status != 201 or not isinstance(game, dict):
            await asyncio.sleep(2)
            continue
        status, _, seat = await black.call("join", "POST", f"/api/games/{game['id']}/join", {})
        if status != 200 or not isinstance(seat, dict):
            await asyncio.sleep(2)
            continue
        white.stats.games_started += 1
        await asyncio.gather(
            play_seat(white, game["id"], game["token"], "white", args, rng, stop),
            play_seat(black, game["id"], seat["token"], "black", args, rng, stop),
        )
        if not stop.is_set():
            white.stats.games_finished += 1


async def lobby_reader(client: Client, args, rng: random.Random, stop: asyncio.Event, delay: float) -> None:
    await asyncio.sleep(delay)
    while not stop.is_set():
        await client.call("lobby", "GET", "/api/lobby")
        await asyncio.sleep(rng.uniform(args.lobby_min, args.lobby_max))


async def lobby_seeker(client: Client, n: int, args, rng: random.Random, stop: asyncio.Event,
                       delay: float) -> None:
    """A signed-in player: opens a challenge, reads the lobby, cancels, again."""
    await asyncio.sleep(delay)
    name = f"load{args.seed % 10000}x{n}"
    status, head, value = await client.call("signup", "POST", "/api/signup",
                                            {"username": name, "password": "load-test-password"})
    if status != 201 or not isinstance(value, dict):
        return
    cookie = session_cookie(head)
    auth = {"Cookie": cookie or "", "X-CSRF-Token": value.get("csrf") or ""}
    while not stop.is_set():
        status, _, seek = await client.call("seek", "POST", "/api/seeks",
                                            {"time_control": args.time_control}, headers=auth)
        await asyncio.sleep(rng.uniform(args.lobby_min, args.lobby_max))
        await client.call("lobby", "GET", "/api/lobby", headers=auth)
        if status == 201 and isinstance(seek, dict):
            await client.call("cancel", "POST", f"/api/seeks/{seek['id']}/cancel", headers=auth)
        await asyncio.sleep(rng.uniform(args.lobby_min, args.lobby_max))


def read_proc(pid: int, name: str) -> str | None:
    try:
        with open(f"/proc/{pid}/{name}") as f:
            return f.read()
    except OSError:
        return None


async def sample_memory(pids: list[int], samples: dict[int, list[tuple[float, int]]],
                        ticks: dict[int, list[int]], stop: asyncio.Event, start: float) -> None:
    for pid in pids:
        stat = read_proc(pid, "stat")
        ticks[pid] = [cpu_ticks(stat) if stat else 0, 0]
    while not stop.is_set():
        for pid in pids:
            text = read_proc(pid, "status")
            kib = rss_kib(text) if text else None
            if kib is not None:
                samples.setdefault(pid, []).append((round(time.perf_counter() - start, 1), kib))
            stat = read_proc(pid, "stat")
            if stat:
                ticks[pid][1] = cpu_ticks(stat)
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


def parse_server(text: str) -> tuple[str, int]:
    text = text.removeprefix("http://").rstrip("/")
    host, _, port = text.rpartition(":")
    return host or "127.0.0.1", int(port)


async def run(args) -> dict:
    rng = random.Random(args.seed)
    servers = [parse_server(s) for s in args.server]
    start = time.perf_counter()
    stats = Stats(start=start, steady_from=start + args.ramp)
    stop = asyncio.Event()
    clients: list[Client] = []

    def new_client(n: int) -> Client:
        host, port = rng.choice(servers)
        # 10.x.y.z addresses, one per simulated client (what a proxy would forward).
        c = Client(Conn(host, port), stats, f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}")
        clients.append(c)
        return c

    tasks = []
    n = 1
    for i in range(args.games):
        white, black = new_client(n), new_client(n + 1)
        n += 2
        tasks.append(asyncio.create_task(game_pair(white, black, args, random.Random(rng.random()), stop,
                                                   args.ramp * i / max(1, args.games))))
    for i in range(args.lobby):
        tasks.append(asyncio.create_task(lobby_reader(new_client(n), args, random.Random(rng.random()), stop,
                                                      rng.uniform(0, args.ramp))))
        n += 1
    for i in range(args.seekers):
        tasks.append(asyncio.create_task(lobby_seeker(new_client(n), i, args, random.Random(rng.random()),
                                                      stop, args.ramp * i / max(1, args.seekers))))
        n += 1
    samples: dict[int, list[tuple[float, int]]] = {}
    ticks: dict[int, list[int]] = {}
    sampler = asyncio.create_task(sample_memory(args.pid, samples, ticks, stop, start))
    progress_every = 10.0
    end = start + args.ramp + args.duration
    while time.perf_counter() < end:
        await asyncio.sleep(min(progress_every, max(0.0, end - time.perf_counter())))
        t = time.perf_counter() - start
        moves = stats.counts["move"]
        print(f"[{t:6.1f}s] games started {stats.games_started}, moves (steady) {moves}, "
              f"errors {sum(stats.errors.values())}", file=sys.stderr, flush=True)
    steady_seconds = time.perf_counter() - stats.steady_from
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await sampler
    for c in clients:
        await c.conn.close()
    hz = os.sysconf("SC_CLK_TCK")
    memory = {}
    for pid, points in samples.items():
        kib = [k for _, k in points]
        memory[str(pid)] = {
            "rss_start_mib": round(kib[0] / 1024, 1),
            "rss_max_mib": round(max(kib) / 1024, 1),
            "rss_end_mib": round(kib[-1] / 1024, 1),
            "cpu_seconds": round((ticks[pid][1] - ticks[pid][0]) / hz, 1),
            "samples": points,
        }
    own = rss_kib(read_proc(os.getpid(), "status") or "")
    return {
        "servers": args.server,
        "players": args.games * 2,
        "games_concurrent": args.games,
        "lobby_readers": args.lobby,
        "lobby_seekers": args.seekers,
        "time_control": args.time_control,
        "think_s": [args.think_min, args.think_max],
        "max_moves": args.max_moves,
        "ramp_s": args.ramp,
        "steady_s": round(steady_seconds, 1),
        "games_started": stats.games_started,
        "games_finished": stats.games_finished,
        "moves_steady": stats.counts["move"],
        "moves_per_s": round(stats.counts["move"] / steady_seconds, 1) if steady_seconds > 0 else None,
        "requests_steady": dict(stats.counts),
        "latency_steady": {k: summarize(v) for k, v in sorted(stats.latencies.items())},
        "latency_all": {k: summarize(v) for k, v in sorted(stats.all_latencies.items())},
        "errors": [{"kind": k, "status": s, "message": m, "count": c}
                   for (k, s, m), c in stats.errors.most_common()],
        "errors_total": sum(stats.errors.values()),
        "expected_races": [{"kind": k, "status": s, "message": m, "count": c}
                           for (k, s, m), c in stats.expected.most_common()],
        "server_memory": memory,
        "client_rss_mib": round(own / 1024, 1) if own else None,
    }


def print_summary(result: dict) -> None:
    print(f"{result['players']} players in {result['games_concurrent']} games, "
          f"{result['lobby_readers']} lobby readers, {result['lobby_seekers']} signed-in seekers, "
          f"{len(result['servers'])} instance(s)")
    print(f"steady state {result['steady_s']} s: {result['moves_steady']} moves "
          f"({result['moves_per_s']}/s), games started {result['games_started']}, "
          f"finished {result['games_finished']}")
    print(f"{'request':8} {'count':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for kind, s in result["latency_steady"].items():
        print(f"{kind:8} {s['count']:7} {s['p50_ms']!s:>8} {s['p95_ms']!s:>8} {s['p99_ms']!s:>8} "
              f"{s['max_ms']!s:>8}")
    print(f"errors: {result['errors_total']}")
    for e in result["errors"]:
        print(f"  {e['count']:6} {e['kind']} {e['status']} {e['message']}")
    for e in result["expected_races"]:
        print(f"  expected race {e['count']:6} {e['kind']} {e['status']} {e['message']}")
    for pid, m in result["server_memory"].items():
        print(f"server pid {pid}: RSS {m['rss_start_mib']} -> max {m['rss_max_mib']} MiB "
              f"(end {m['rss_end_mib']}), CPU {m['cpu_seconds']} s")
    print(f"client RSS {result['client_rss_mib']} MiB")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--server", action="append", required=True,
                   help="HOST:PORT of an instance (repeat for several; clients are split at random)")
    p.add_argument("--pid", action="append", type=int, default=[], help="a server process to sample (repeat)")
    p.add_argument("--games", type=int, default=500, help="games going at once (two players each)")
    p.add_argument("--lobby", type=int, default=100, help="guest clients reading /api/lobby")
    p.add_argument("--seekers", type=int, default=20,
                   help="signed-in clients opening and cancelling challenges (servers need --behind-proxy)")
    p.add_argument("--time-control", default="5+3")
    p.add_argument("--think-min", type=float, default=0.5)
    p.add_argument("--think-max", type=float, default=2.0)
    p.add_argument("--lobby-min", type=float, default=1.0)
    p.add_argument("--lobby-max", type=float, default=3.0)
    p.add_argument("--max-moves", type=int, default=40, help="a player resigns after this many moves")
    p.add_argument("--ramp", type=float, default=30.0, help="seconds over which the games start (not measured)")
    p.add_argument("--duration", type=float, default=90.0, help="seconds of steady state measured")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", help="write the result here")
    args = p.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 2 * args.games + args.lobby + args.seekers + 100
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(need, soft)), hard))
    result = asyncio.run(run(args))
    print_summary(result)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0 if result["errors_total"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
