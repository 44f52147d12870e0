"""The pure parts of scripts/load_test.py: requests, answers, percentiles, /proc parsing."""

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import load_test as lt  # noqa: E402


class LoadTestTest(unittest.TestCase):
    def test_build_request_with_body(self):
        raw = lt.build_request("POST", "/api/games", "127.0.0.1:8101", {"mode": "friend"},
                               {"X-Daba-Token": "t"})
        head, _, body = raw.partition(b"\r\n\r\n")
        self.assertEqual(body, b'{"mode":"friend"}')
        lines = head.decode().split("\r\n")
        self.assertEqual(lines[0], "POST /api/games HTTP/1.1")
        self.assertIn("Host: 127.0.0.1:8101", lines)
        self.assertIn("Content-Length: 17", lines)
        self.assertIn("Content-Type: application/json", lines)
        self.assertIn("X-Daba-Token: t", lines)

    def test_build_request_without_body(self):
        raw = lt.build_request("GET", "/api/lobby", "h:1")
        self.assertTrue(raw.endswith(b"\r\n\r\n"))
        self.assertNotIn(b"Content-Length", raw)
        post = lt.build_request("POST", "/api/seeks/x/cancel", "h:1")
        self.assertIn(b"Content-Length: 0", post)

    def test_parse_head(self):
        status, headers = lt.parse_head(
            b"HTTP/1.1 201 Created\r\ncontent-length: 5\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n\r\n")
        self.assertEqual(status, 201)
        self.assertEqual(headers["content-length"], ["5"])
        self.assertEqual(headers["set-cookie"], ["a=1", "b=2"])
        with self.assertRaises(ValueError):
            lt.parse_head(b"garbage\r\n\r\n")

    def test_percentile_and_summary(self):
        values = [i / 1000 for i in range(1, 101)]  # 1..100 ms
        self.assertEqual(lt.percentile(values, 50), 0.05)
        self.assertEqual(lt.percentile(values, 99), 0.099)
        self.assertEqual(lt.percentile(values, 100), 0.1)
        self.assertEqual(lt.percentile([0.5], 99), 0.5)
        self.assertIsNone(lt.percentile([], 50))
        s = lt.summarize(list(reversed(values)))
        self.assertEqual((s["count"], s["p50_ms"], s["p95_ms"], s["p99_ms"], s["max_ms"]),
                         (100, 50.0, 95.0, 99.0, 100.0))
        self.assertAlmostEqual(s["mean_ms"], 50.5)
        self.assertEqual(lt.summarize([])["count"], 0)

    def test_proc_parsing(self):
        self.assertEqual(lt.rss_kib("Name:\tdaba\nVmPeak:\t 9 kB\nVmRSS:\t  12345 kB\n"), 12345)
        self.assertIsNone(lt.rss_kib("Name:\tdaba\n"))
        stat = "42 (daba serve) S 1 2 3 4 5 6 7 8 9 10 150 25 0 0"
        self.assertEqual(lt.cpu_ticks(stat), 175)
        with open(f"/proc/{os.getpid()}/status") as f:
            self.assertGreater(lt.rss_kib(f.read()), 0)

    def test_pick_move_and_expected(self):
        rng = random.Random(3)
        view = {"legal": [{"uci": "e2e4"}, {"uci": "d2d4"}]}
        self.assertIn(lt.pick_move(view, rng), {"e2e4", "d2d4"})
        self.assertIsNone(lt.pick_move({"legal": []}, rng))
        self.assertTrue(lt.is_expected("move", 409, "it is not your turn"))
        self.assertFalse(lt.is_expected("move", 503, "it is not your turn"))
        self.assertFalse(lt.is_expected("create", 409, "it is not your turn"))

    def test_session_cookie(self):
        headers = {"set-cookie": ["other=1; Path=/", "daba_session=abc123; Max-Age=9; HttpOnly"]}
        self.assertEqual(lt.session_cookie(headers), "daba_session=abc123")
        self.assertIsNone(lt.session_cookie({"set-cookie": ["daba_session=; Max-Age=0"]}))
        self.assertIsNone(lt.session_cookie({}))

    def test_parse_server(self):
        self.assertEqual(lt.parse_server("http://127.0.0.1:8101/"), ("127.0.0.1", 8101))
        self.assertEqual(lt.parse_server("8102"), ("127.0.0.1", 8102))


if __name__ == "__main__":
    unittest.main()
