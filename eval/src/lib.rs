//! Static evaluation (filled in by the engine issue).
