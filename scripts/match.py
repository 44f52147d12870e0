#!/usr/bin/env python3
"""Match runner for Daba: plays games between two UCI/XBoard engines.

    python3 scripts/match.py --engine cmd=PATH name=A --engine cmd=PATH2 name=B \\
        --each tc=10+0.1 --games 10 --pgn out.pgn

See scripts/README-match.md and `python3 scripts/match.py --help`.
Requires python-chess (pip install -r scripts/requirements.txt).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

try:
    import chess  # noqa: F401
except ImportError:  # pragma: no cover - depends on the environment
    sys.stderr.write("match.py needs python-chess: pip install -r scripts/requirements.txt\n")
    sys.exit(2)

from matchlib.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
