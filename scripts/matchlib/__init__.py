"""Match runner library for the Daba chess engine (see scripts/README-match.md).

Modules:
    stats        -- Elo, error bars, LOS and the pentanomial GSPRT (pure math, no chess)
    tc           -- time-control parsing and the runner-side chess clock
    openings     -- EPD/FEN/PGN opening readers and the opening book
    adjudication -- end-of-game rules and score-based adjudication
    engines      -- engine specs, engine processes and failure counters
    game         -- playing one game and turning it into PGN
    runner       -- scheduling games, progress lines, summary
    cli          -- the command line (scripts/match.py)
"""

__version__ = "1.0"
