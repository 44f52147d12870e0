"""pytest: a test that skips says so; under DABA_REQUIRE_ALL (CI sets it) it fails.

The Rust suites follow the same rule (testkit::skip): a green run in CI means
every test ran, none was left out for want of python-chess or an engine.
"""
import os

import pytest

REQUIRE_ALL = "DABA_REQUIRE_ALL"


def all_required() -> bool:
    return os.environ.get(REQUIRE_ALL, "") not in ("", "0")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and all_required():
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"{item.nodeid} was skipped ({reason}), but {REQUIRE_ALL} is set"
