#!/usr/bin/env python3
"""Fits Daba's win/draw/loss model to the outcomes of its self-play games.

Usage (a few minutes; docs/wdl.md shows the output and names the data):
    cargo build --release
    python3 scripts/wdl_fit.py --train d5-s20261207.bin --test d4-s20261206.bin \\
        --fit-bare-kings --svg docs/wdl.svg

DATA files are Daba's binary data (docs/nnue.md, "Data format"; converted
with `daba convert-data` into a temporary folder) or its text lines
`<fen> | <score, white's view> | <result 1.0/0.5/0.0, white's view>`.

The model, for the side to move with search score s (centipawns):

    P(win)  = sigmoid(( s - a(x)) / b(x))
    P(loss) = sigmoid((-s - a(x)) / b(x))
    P(draw) = 1 - P(win) - P(loss)

a and b are polynomials in x = min(f, FMAX) / FMAX for a feature f of the
position: none (a and b constants), its material (pawn 1, knight and bishop 3,
rook 5, queen 9; FMAX 78) or its game phase (the evaluation's: knight and
bishop 1, rook 2, queen 4; FMAX 24). For reference, a "table" variant gives
every material value its own a and b (the best any function of material
alone can do with this form).

Positions where one side has a bare king are scored apart, and fitted with
the rest only with --fit-bare-kings (docs/wdl.md: the first fit's games could
not mate a lone king, the NNUE build's can). The model now in
engine/src/wdl.rs is scored on the same data, for comparison. Every variant
is fitted by maximum likelihood (Fisher scoring) on the --train file's games
less every tenth, and scored by the mean log-loss on the held-out tenth and
on the --test files. Games are recovered from the order of the lines (a new
game starts when the ply count falls or the result changes), so the
positions of one game never fall on both sides. Standard library only.
"""

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import time

FMAX = {"none": 1, "material": 78, "phase": 24}
SCORE_BIN = 8  # centipawns per aggregation cell (each cell keeps its mean score)
HOLDOUT_EVERY = 10  # every tenth game of the training file is held out
WIN, DRAW, LOSS = 0, 1, 2
P_FLOOR = 1e-9  # the least probability an outcome is given when scoring it


def text_lines(path, daba, filters=("--quiet",)):
    """Yields the text lines of a data file, converting binary data first.

    Binary game records hold every searched position; `filters` are the
    reader's filters for `convert-data` (the default keeps what the old text
    generator kept: quiet positions without mate scores).
    """
    with open(path, "rb") as f:
        binary = f.read(8) == b"DABAGAME"
    if not binary:
        with open(path) as f:
            yield from f
        return
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "data.txt")
        subprocess.run(
            [daba, "convert-data", "--in", path, "--out", out, *filters],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        with open(out) as f:
            yield from f


def load(path, daba, every=1):
    """Aggregates a file into cells.

    Returns (parts, positions, games). parts[0] holds the training games,
    parts[1] every tenth game; each maps (score bin, material, phase, bare)
    to [sum of scores, wins, draws, losses], side to move's view. With
    `every` > 1 only one block of ten games in `every` is read.
    """
    parts = ({}, {})
    positions = games = 0
    prev_ply, prev_result = None, None
    for line in text_lines(path, daba):
        fen, score, result = line.split("|")
        fields = fen.split()
        white = fields[1] == "w"
        ply = 2 * int(fields[5]) + (0 if white else 1)
        result = result.strip()
        if prev_ply is None or ply <= prev_ply or result != prev_result:
            games += 1
        prev_ply, prev_result = ply, result
        if (games // HOLDOUT_EVERY) % every:
            continue
        positions += 1
        s = int(score) if white else -int(score)
        r = {"1.0": 2, "0.5": 1, "0.0": 0}[result]
        outcome = (WIN, DRAW, LOSS)[2 - r] if white else (WIN, DRAW, LOSS)[r]
        placement = fields[0]
        white_men = sum(placement.count(c) for c in "PNBRQ")
        black_men = sum(placement.count(c) for c in "pnbrq")
        lower = placement.lower()
        p, n, b, r_, q = (lower.count(c) for c in "pnbrq")
        mat = p + 3 * (n + b) + 5 * r_ + 9 * q
        ph = min(n + b + 2 * r_ + 4 * q, 24)
        key = ((s // SCORE_BIN) * SCORE_BIN, mat, ph, white_men == 0 or black_men == 0)
        part = parts[1 if games % HOLDOUT_EVERY == 0 else 0]
        cell = part.get(key)
        if cell is None:
            cell = part[key] = [0, 0, 0, 0]
        cell[0] += s
        cell[1 + outcome] += 1
    return parts, positions, games


def merge(into, cells):
    for key, v in cells.items():
        cell = into.setdefault(key, [0, 0, 0, 0])
        for i in range(4):
            cell[i] += v[i]


def feature_of(key, feature):
    _, mat, ph, _ = key
    return 0 if feature == "none" else mat if feature == "material" else ph


def project(cells, feature, keep=lambda key: True):
    """Rows (mean score, x, wins, draws, losses) of the cells kept, by feature."""
    fmax = FMAX[feature]
    merged = {}
    for key, (ssum, w, d, l) in cells.items():
        if not keep(key):
            continue
        k = (key[0], min(feature_of(key, feature), fmax))
        m = merged.get(k)
        if m is None:
            m = merged[k] = [0, 0, 0, 0]
        m[0] += ssum
        m[1] += w
        m[2] += d
        m[3] += l
    return [(ssum / (w + d + l), f / fmax, w, d, l) for (_, f), (ssum, w, d, l) in merged.items()]


def sigmoid(z):
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def poly(coefs, x):
    v = 0.0
    for c in reversed(coefs):
        v = v * x + c
    return v


def probabilities(s, a, b):
    """(P(win), P(draw), P(loss)); None where a or b is not positive."""
    if b <= 0 or a <= 0:
        return None
    pw = sigmoid((s - a) / b)
    pl = sigmoid((-s - a) / b)
    return pw, 1.0 - pw - pl, pl


def log_likelihood(rows, ka, kb):
    """Total log-likelihood and position count (None if a or b is invalid)."""
    total = 0.0
    n = 0
    by_x = {}
    for s, x, w, d, l in rows:
        ab = by_x.get(x)
        if ab is None:
            ab = by_x[x] = (poly(ka, x), poly(kb, x))
        p = probabilities(s, *ab)
        if p is None:
            return None, 0
        # A probability that rounds to 0 (a draw at a score of thousands of
        # centipawns) costs log(P_FLOOR) instead of ending the sum.
        total += sum(cnt * math.log(max(q, P_FLOOR)) for cnt, q in zip((w, d, l), p))
        n += w + d + l
    return total, n


def gradient_and_information(rows, ka, kb):
    """The gradient and Fisher information of the log-likelihood."""
    k = len(ka)
    acc = {}  # per distinct x: d/da, d/db and the 2x2 information
    for s, x, w, d, l in rows:
        a, b = poly(ka, x), poly(kb, x)
        u, v = (s - a) / b, (-s - a) / b
        pw, pl = sigmoid(u), sigmoid(v)
        pd = 1.0 - pw - pl
        gw, gl = pw * (1 - pw), pl * (1 - pl)
        dw = (-gw / b, -gw * u / b)
        dl = (-gl / b, -gl * v / b)
        dd = (-dw[0] - dl[0], -dw[1] - dl[1])
        n = w + d + l
        e = acc.get(x)
        if e is None:
            e = acc[x] = [0.0] * 5
        for cnt, p, dp in ((w, pw, dw), (d, pd, dd), (l, pl, dl)):
            p = max(p, P_FLOOR)
            e[0] += cnt / p * dp[0]
            e[1] += cnt / p * dp[1]
            e[2] += n / p * dp[0] * dp[0]
            e[3] += n / p * dp[0] * dp[1]
            e[4] += n / p * dp[1] * dp[1]
    dim = 2 * k
    grad = [0.0] * dim
    info = [[0.0] * dim for _ in range(dim)]
    for x, (ga, gb, iaa, iab, ibb) in acc.items():
        xp = [x**i for i in range(k)]
        for i in range(k):
            grad[i] += ga * xp[i]
            grad[k + i] += gb * xp[i]
            for j in range(k):
                xx = xp[i] * xp[j]
                info[i][j] += iaa * xx
                info[i][k + j] += iab * xx
                info[k + i][j] += iab * xx
                info[k + i][k + j] += ibb * xx
    return grad, info


def solve(m, y):
    """Solves m z = y by Gaussian elimination with partial pivoting."""
    n = len(y)
    a = [row[:] + [y[i]] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            for j in range(c, n + 1):
                a[r][j] -= f * a[c][j]
    z = [0.0] * n
    for r in range(n - 1, -1, -1):
        z[r] = (a[r][n] - sum(a[r][j] * z[j] for j in range(r + 1, n))) / a[r][r]
    return z


def fit(rows, ka, kb):
    """Maximum-likelihood coefficients of a and b from a valid start."""
    k = len(ka)
    theta = list(ka) + list(kb)
    ll, _ = log_likelihood(rows, ka, kb)
    for _ in range(100):
        grad, info = gradient_and_information(rows, theta[:k], theta[k:])
        step = solve(info, grad)
        scale = 1.0
        while scale > 1e-6:
            cand = [t + scale * d for t, d in zip(theta, step)]
            cll, _ = log_likelihood(rows, cand[:k], cand[k:])
            if cll is not None and cll >= ll:
                break
            scale /= 2
        else:
            break  # no step improves: converged
        converged = cll - ll < 1e-4
        theta, ll = cand, cll
        if converged:
            break
    return theta[:k], theta[k:]


def mean_log_loss(rows, ka, kb):
    ll, n = log_likelihood(rows, ka, kb)
    return -ll / n if n else float("nan")


def fmt(coefs):
    return "[" + ", ".join(f"{c:.2f}" for c in coefs) + "]"


class Table:
    """A separate (a, b) for every value of a feature."""

    def __init__(self, feature, train):
        self.feature = feature
        self.ab = {}
        rows = project(train, feature)
        for x in sorted({r[1] for r in rows}):
            ka, kb = fit([r for r in rows if r[1] == x], [300.0], [150.0])
            self.ab[x] = (ka, kb)

    def loss(self, cells, keep):
        total = n = 0
        rows = project(cells, self.feature, keep)
        for x in {r[1] for r in rows}:
            if x not in self.ab:
                continue
            ll, m = log_likelihood([r for r in rows if r[1] == x], *self.ab[x])
            total += ll
            n += m
        return -total / n


def not_bare(key):
    return not key[3]


def bare(key):
    return key[3]


def any_position(key):
    return True


def current_model(root):
    """The cubic's coefficients (A, B) now in engine/src/wdl.rs, or None."""
    try:
        with open(os.path.join(root, "engine", "src", "wdl.rs")) as f:
            text = f.read()
    except OSError:
        return None
    found = {}
    for name in ("A", "B"):
        m = re.search(rf"pub const {name}: \[f64; 4\] = \[([^\]]*)\]", text)
        if m is None:
            return None
        found[name] = [float(c) for c in m.group(1).split(",")]
    return found["A"], found["B"]


def svg_plot(path, cells, ka, kb, title, bare_fitted=False):
    """Observed win/draw/loss rates per score bin against the material model."""
    groups = [
        ("all positions but bare kings", lambda k: not k[3]),
        ("material 0-16", lambda k: not k[3] and k[1] <= 16),
        ("material 17-45", lambda k: not k[3] and 17 <= k[1] <= 45),
        ("material 46-78", lambda k: not k[3] and k[1] >= 46),
        ("bare king" + ("" if bare_fitted else " (not fitted)"), lambda k: k[3]),
    ]
    lo, hi, width = -1000, 1000, 40
    nbins = (hi - lo) // width
    pw_, ph_ = 440, 250
    left, top, gap = 45, 40, 50
    cols = 2
    nrows = (len(groups) + 1 + cols - 1) // cols
    total_w = cols * (pw_ + left + 25) + 10
    total_h = 40 + nrows * (ph_ + top + gap)
    colors = ("#2a7d2a", "#888888", "#c0392b")
    names = ("win", "draw", "loss")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" '
        f'viewBox="0 0 {total_w} {total_h}" font-family="sans-serif" font-size="11">',
        f'<rect width="{total_w}" height="{total_h}" fill="white"/>',
        f'<text x="10" y="20" font-size="14">{title}</text>',
    ]
    for gi, (name, keep) in enumerate(groups):
        ox = 10 + (gi % cols) * (pw_ + left + 25) + left
        oy = 40 + (gi // cols) * (ph_ + top + gap) + top
        obs = [[0, 0, 0] for _ in range(nbins)]
        pred = [[0.0, 0.0, 0.0] for _ in range(nbins)]
        for key, (ssum, w, d, l) in cells.items():
            n = w + d + l
            s = ssum / n
            if not keep(key) or not (lo <= s < hi):
                continue
            i = int((s - lo) // width)
            x = min(key[1], 78) / 78
            p = probabilities(s, poly(ka, x), poly(kb, x))
            for o, c in enumerate((w, d, l)):
                obs[i][o] += c
                pred[i][o] += n * p[o]

        def px(s):
            return ox + (s - lo) / (hi - lo) * pw_

        def py(p):
            return oy + ph_ - p * ph_

        npos = sum(sum(o) for o in obs)
        out.append(f'<text x="{ox}" y="{oy - 8}" font-size="12">{name} ({npos} positions)</text>')
        for t in range(0, 11, 2):
            y = py(t / 10)
            out.append(f'<line x1="{ox - 4}" y1="{y:.1f}" x2="{ox + pw_}" y2="{y:.1f}" stroke="#e4e4e4"/>')
            out.append(f'<text x="{ox - 6}" y="{y + 4:.1f}" text-anchor="end">{t / 10:.1f}</text>')
        for t in range(lo, hi + 1, 250):
            out.append(f'<line x1="{px(t):.1f}" y1="{oy}" x2="{px(t):.1f}" y2="{oy + ph_ + 4}" stroke="#e4e4e4"/>')
            out.append(f'<text x="{px(t):.1f}" y="{oy + ph_ + 16}" text-anchor="middle">{t}</text>')
        out.append(f'<rect x="{ox}" y="{oy}" width="{pw_}" height="{ph_}" fill="none" stroke="#999"/>')
        out.append(
            f'<text x="{ox + pw_ / 2}" y="{oy + ph_ + 30}" text-anchor="middle">'
            "search score, side to move (cp)</text>"
        )
        for o in range(3):
            pts = []
            for i in range(nbins):
                n = sum(obs[i])
                if n >= 20:
                    pts.append(f"{px(lo + (i + 0.5) * width):.1f},{py(pred[i][o] / n):.1f}")
            if pts:
                out.append(
                    f'<polyline points="{" ".join(pts)}" fill="none" stroke="{colors[o]}" stroke-width="2"/>'
                )
            for i in range(nbins):
                n = sum(obs[i])
                if n >= 20:
                    cx, cy = px(lo + (i + 0.5) * width), py(obs[i][o] / n)
                    out.append(
                        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3" fill="{colors[o]}" fill-opacity="0.6"/>'
                    )
    # Legend in the free cell.
    gi = len(groups)
    ox = 10 + (gi % cols) * (pw_ + left + 25) + left
    oy = 40 + (gi // cols) * (ph_ + top + gap) + top
    for o in range(3):
        y = oy + 20 + 22 * o
        out.append(f'<line x1="{ox}" y1="{y}" x2="{ox + 24}" y2="{y}" stroke="{colors[o]}" stroke-width="2"/>')
        out.append(f'<circle cx="{ox + 36}" cy="{y}" r="3" fill="{colors[o]}" fill-opacity="0.6"/>')
        out.append(f'<text x="{ox + 48}" y="{y + 4}">{names[o]}: model (line), observed rate (dots)</text>')
    notes = [
        f"bins of {width} cp, shown with at least 20 positions;",
        "the line is the model's mean prediction over the",
        "positions of the bin, the dots the observed rates",
    ]
    for i, t in enumerate(notes):
        out.append(f'<text x="{ox}" y="{oy + 100 + 16 * i}">{t}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(root, "target"))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", required=True, help="data to fit (every tenth game held out)")
    ap.add_argument("--test", action="append", default=[], help="further held-out data")
    ap.add_argument("--daba", default=os.path.join(target, "release", "daba"), help="for convert-data")
    ap.add_argument("--every", type=int, default=1, help="read one block of ten training games in EVERY")
    ap.add_argument("--svg", help="write the plot here")
    ap.add_argument(
        "--fit-bare-kings",
        action="store_true",
        help="fit the bare-king positions too (by default they are left out and scored apart)",
    )
    args = ap.parse_args()

    t0 = time.time()
    (train, held), n, g = load(args.train, args.daba, args.every)
    print(f"{args.train}: {g} games, {n} positions read; every {HOLDOUT_EVERY}th game held out")
    tests = [("held-out games", held)]
    for path in args.test:
        (c0, c1), n, g = load(path, args.daba)
        merge(c0, c1)
        print(f"{path}: {g} games, {n} positions, all held out")
        tests.append((os.path.basename(path), c0))
    pooled = {}
    for _, c in tests:
        merge(pooled, c)

    def count(cells, keep):
        return sum(v[1] + v[2] + v[3] for k, v in cells.items() if keep(k))

    print(
        f"positions (bare kings counted apart): training {count(train, not_bare)} "
        f"(+{count(train, bare)} bare); "
        + "; ".join(f"{name} {count(c, not_bare)} (+{count(c, bare)} bare)" for name, c in tests)
    )
    print(f"(read in {time.time() - t0:.1f} s)")

    fitted = any_position if args.fit_bare_kings else not_bare
    cols = [(name, c, fitted) for name, c in tests] + [("bare kings, held-out", pooled, bare)]
    print("\nmean log-loss per position (nats; lower is better)")
    print(f"{'model':<18}" + "".join(f"{name[:20]:>22}" for name, _, _ in cols) + f"{'training':>10}")
    tot = [sum(v[1 + i] for k, v in train.items() if not k[3]) for i in range(3)]
    base = [t / sum(tot) for t in tot]

    def base_loss(cells, keep):
        n = count(cells, keep)
        return -sum(sum(v[1 + i] for k, v in cells.items() if keep(k)) * math.log(base[i]) for i in range(3)) / n

    print(
        f"{'outcome rates':<18}"
        + "".join(f"{base_loss(c, keep):>22.4f}" for _, c, keep in cols)
        + f"{base_loss(train, fitted):>10.4f}"
    )
    now = current_model(root)
    if now is not None:
        ka, kb = now
        losses = [mean_log_loss(project(c, "material", keep), ka, kb) for _, c, keep in cols]
        train_loss = mean_log_loss(project(train, "material", fitted), ka, kb)
        print(f"{'wdl.rs today':<18}" + "".join(f"{x:>22.4f}" for x in losses) + f"{train_loss:>10.4f}")
        print(f"{'':<18}a = {fmt(ka)}  b = {fmt(kb)}")
    fits = {}
    for feature, degrees in (("none", [0]), ("material", [1, 2, 3]), ("phase", [1, 2, 3])):
        rows = project(train, feature, fitted)
        ka, kb = [300.0], [150.0]
        for degree in degrees:
            ka = ka + [0.0] * (degree + 1 - len(ka))
            kb = kb + [0.0] * (degree + 1 - len(kb))
            ka, kb = fit(rows, ka, kb)
            fits[f"{feature}:{degree}"] = (ka, kb)
            losses = [mean_log_loss(project(c, feature, keep), ka, kb) for _, c, keep in cols]
            name = "score only" if feature == "none" else f"{feature}, cubic" if degree == 3 else f"{feature}, deg {degree}"
            print(f"{name:<18}" + "".join(f"{x:>22.4f}" for x in losses) + f"{mean_log_loss(rows, ka, kb):>10.4f}")
            print(f"{'':<18}a = {fmt(ka)}  b = {fmt(kb)}")
    for feature in ("material", "phase"):
        table = Table(feature, {k: v for k, v in train.items() if fitted(k)})
        print(
            f"{feature + ' table':<18}"
            + "".join(f"{table.loss(c, keep):>22.4f}" for _, c, keep in cols)
            + f"{table.loss(train, fitted):>10.4f}"
        )

    ka, kb = fits["material:3"]
    bad = [m for m in range(79) if poly(ka, m / 78) <= 0 or poly(kb, m / 78) <= 0]
    if bad:
        print(f"warning: a or b not positive at material {bad}", file=sys.stderr)
    print("\nthe model: material, cubic; x = min(material, 78) / 78")
    for m in (0, 8, 17, 30, 45, 58, 78):
        x = m / 78
        a, b = poly(ka, x), poly(kb, x)
        w, d, l = probabilities(0, a, b)
        w1, d1, l1 = probabilities(100, a, b)
        print(
            f"  material {m:>2}: a = {a:6.1f}  b = {b:6.1f}   score 0: {w:.3f} {d:.3f} {l:.3f}"
            f"   score +100: {w1:.3f} {d1:.3f} {l1:.3f}"
        )
    print("Rust constants (engine/src/wdl.rs):")
    print(f"const A: [f64; 4] = [{', '.join(f'{c:.3f}' for c in ka)}];")
    print(f"const B: [f64; 4] = [{', '.join(f'{c:.3f}' for c in kb)}];")
    if args.svg:
        title = f"Daba's WDL model (material, cubic) against the training games of {os.path.basename(args.train)}"
        svg_plot(args.svg, train, ka, kb, title, args.fit_bare_kings)
        print(f"wrote {args.svg}")
    print(f"done in {time.time() - t0:.1f} s")


if __name__ == "__main__":
    main()
