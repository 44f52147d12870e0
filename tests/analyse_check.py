"""Checks `daba analyse`'s annotated PGN with python-chess (tests/analyse.rs runs it).

    python3 tests/analyse_check.py ORIGINAL.pgn ANNOTATED.pgn [SVG...]

ORIGINAL holds the games that were analysed (every move judged); ANNOTATED is what Daba wrote.
Each annotated game must parse without errors, keep the original's tags (values included) and
mainline, carry Daba's summary tags, and have an [%eval] on every move except a mating one
(a reader cannot tell who is mated from `#0`). Each SVG must be well-formed XML whose
`polyline#eval` has one point per move of the game it belongs to (in order). Prints `ok N`.
"""

import io
import sys
import xml.etree.ElementTree as ET

import chess.pgn

SUMMARY_TAGS = ["Analysis", "WhiteInaccuracies", "WhiteMistakes", "WhiteBlunders",
                "BlackInaccuracies", "BlackMistakes", "BlackBlunders"]


def games(path):
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    out = []
    stream = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(stream)
        if game is None:
            return out
        out.append(game)


def main(argv):
    original, annotated = games(argv[1]), games(argv[2])
    assert len(original) == len(annotated), (len(original), len(annotated))
    for number, (o, a) in enumerate(zip(original, annotated), 1):
        assert not a.errors, (number, a.errors)
        for name, value in o.headers.items():
            assert a.headers.get(name) == value, (number, name, value, a.headers.get(name))
        for name in SUMMARY_TAGS:
            assert name in a.headers, (number, name)
        assert list(o.mainline_moves()) == list(a.mainline_moves()), number
        for node in a.mainline():
            if node.board().is_checkmate():
                assert node.eval() is None, (number, node.san())
            else:
                assert node.eval() is not None, (number, node.ply(), node.comment)
    for svg, game in zip(argv[3:], annotated):
        root = ET.parse(svg).getroot()
        line = root.find(".//{http://www.w3.org/2000/svg}polyline[@id='eval']")
        assert line is not None, svg
        points = line.get("points").split()
        assert len(points) == len(list(game.mainline_moves())), (svg, len(points))
        xs = [float(p.split(",")[0]) for p in points]
        assert xs == sorted(xs), svg
    print("ok", len(annotated))


if __name__ == "__main__":
    main(sys.argv)
