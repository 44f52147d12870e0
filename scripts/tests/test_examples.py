"""The doc-example checker (scripts/examples.py): markers, wrapping, comparison.

These run without the engine: a fake `daba` (a shell script) stands in where a
command is run, so a broken marker parser or a comparison that always passes
fails here, whatever the binary prints.
"""

import os
import stat
import sys
from pathlib import Path

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import examples  # noqa: E402
from examples import ExampleError, find_examples, parse_wrapped_json, same_line, wrap_json  # noqa: E402


def lines(text: str) -> list[str]:
    return text.strip("\n").split("\n")


def test_markers_of_each_kind_and_their_blocks():
    doc = lines(
        """
intro
<!-- example: daba bench | tail -1 -->
```text
1 nodes
```
<!-- example json: daba analyse - --json -->
```json
{"a":1}
```
<!-- example uci -->
```text
go depth 1
bestmove e2e4
```
<!-- example file docs/x.svg: cat x -->
![x](docs/x.svg)
"""
    )
    found = find_examples(Path("doc.md"), doc)
    assert [e.kind for e in found] == ["text", "json", "uci", "file"]
    text, json_, uci, file_ = found
    assert text.command == "daba bench | tail -1"
    assert doc[text.start : text.end] == ["1 nodes"]
    assert doc[json_.start : json_.end] == ['{"a":1}']
    assert doc[uci.start : uci.end] == ["go depth 1", "bestmove e2e4"]
    assert file_.target == "docs/x.svg" and file_.command == "cat x"


def test_an_indented_marker_is_a_code_sample_not_an_example():
    assert find_examples(Path("d.md"), ["    <!-- example: true -->", "text"]) == []


def test_a_marker_without_a_block_or_command_is_an_error():
    with pytest.raises(ExampleError, match="no fenced block"):
        find_examples(Path("d.md"), ["<!-- example: true -->", "text"])
    with pytest.raises(ExampleError, match="not closed"):
        find_examples(Path("d.md"), ["<!-- example: true -->", "```", "x"])
    with pytest.raises(ExampleError, match="names no command"):
        find_examples(Path("d.md"), ["<!-- example json -->", "```", "```"])


def test_wrapped_json_reads_back_as_the_objects():
    objects = [{"pv": ["e4"] * 40, "n": 1, "text": "a, b"}, {"x": None}]
    wrapped = wrap_json(objects)
    assert all(len(line) <= examples.JSON_WIDTH for line in wrapped)
    assert len(wrapped) > 2
    assert parse_wrapped_json(wrapped) == objects
    with pytest.raises(ExampleError):
        parse_wrapped_json(['{"a":'])


def test_uci_lines_ignore_speed_but_not_the_search():
    printed = "info depth 3 score cp 20 nodes 100 nps 5000 time 20 pv e2e4 e7e5"
    assert same_line("info depth 3 score cp 20 nodes 100 nps 1 time 9 pv e2e4 e7e5", printed)
    assert same_line("info depth 3 score cp 20 nodes 100 nps 1 time 9 pv e2e4 ...", printed)
    assert not same_line("info depth 3 score cp 21 nodes 100 nps 5000 time 20 pv e2e4 e7e5", printed)
    assert not same_line("info depth 3 score cp 20 nodes 101 ...", printed)


def fake_daba(tmp_path: Path, output: str) -> Path:
    script = tmp_path / "fake-daba"
    script.write_text(f"#!/bin/sh\nprintf '%s\\n' '{output}'\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_check_reports_a_stale_block_and_update_rewrites_it(tmp_path, capsys):
    doc = tmp_path / "doc.md"
    doc.write_text("<!-- example: daba -->\n```text\nold output\n```\n")
    daba = fake_daba(tmp_path, "new output")
    assert examples.main(["--daba", str(daba), str(doc)]) == 1
    assert "no longer matches" in capsys.readouterr().out
    assert examples.main(["--update", "--daba", str(daba), str(doc)]) == 0
    assert doc.read_text() == "<!-- example: daba -->\n```text\nnew output\n```\n"
    assert examples.main(["--daba", str(daba), str(doc)]) == 0


def test_a_failing_command_is_an_error_not_a_pass(tmp_path):
    doc = tmp_path / "doc.md"
    doc.write_text("<!-- example: daba && false -->\n```text\nx\n```\n")
    assert examples.main(["--daba", str(fake_daba(tmp_path, "x")), str(doc)]) == 2
