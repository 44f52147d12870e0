"""The licence check's SPDX reading (scripts/check_licenses.py)."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from check_licenses import allowed  # noqa: E402


def test_or_needs_one_accepted_licence_and_needs_both():
    assert allowed("MIT")
    assert allowed("MIT OR Apache-2.0")
    assert allowed("Apache-2.0/MIT")
    assert allowed("(MIT OR Apache-2.0) AND Unicode-3.0")
    assert allowed("Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT")
    assert allowed("GPL-3.0-or-later")
    assert not allowed("SSPL-1.0")
    assert not allowed("MIT AND SSPL-1.0")
    assert allowed("MIT OR SSPL-1.0")
    assert not allowed("GPL-2.0-only")
    assert not allowed("Proprietary WITH Some-exception")


def test_malformed_expressions_are_errors():
    for bad in ["", "MIT AND", "(MIT OR Apache-2.0", "MIT)", "OR MIT"]:
        with pytest.raises(ValueError):
            allowed(bad)
