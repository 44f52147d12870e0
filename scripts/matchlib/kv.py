"""`key=value` option lists (`--draw`, `--resign`, `--sprt`), parsed one way."""

from typing import Callable, Dict, Sequence, TypeVar

T = TypeVar("T")


def parse_kv(pairs: Sequence[str], allowed: Sequence[str], what: str,
             convert: Callable[[str, str], T], kind: str) -> Dict[str, T]:
    """Parses `key=value` pairs: keys are case-insensitive and must be in
    `allowed`; `convert(key, value)` turns each value into its type (raising
    ValueError, reported as "`key` must be `kind`")."""
    values: Dict[str, T] = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"{what}: expected key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        key = key.strip().lower()
        if key not in allowed:
            raise ValueError(f"{what}: unknown key {key!r} (expected {', '.join(allowed)})")
        try:
            values[key] = convert(key, value)
        except ValueError:
            raise ValueError(f"{what}: {key} must be {kind}, got {value!r}") from None
    return values
