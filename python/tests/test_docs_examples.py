"""The examples of docs/python.md run as written."""

import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
EXAMPLES = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.DOTALL)


def test_the_doc_has_its_six_examples():
    assert len(EXAMPLES) == 6


@pytest.mark.parametrize("number", range(len(EXAMPLES)))
def test_example_runs(number, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # an example may write a file
    exec(compile(EXAMPLES[number], f"docs/python.md example {number + 1}", "exec"), {})
    assert capsys.readouterr().out
