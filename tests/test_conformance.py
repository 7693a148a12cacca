"""The shared conformance corpus (../shared/conformance/linalg-sfinae): 240
small dx::linalg programs labelled valid or invalid (by clang 19, or by the
spec where clang 19 has a known quirk).

hlslc must give every file the label's verdict when compiled as a library
(`-T lib_6_10`): no error for a valid program, and at least one error with a
source location for an invalid one.  Since every valid program meets the
scope/layout table and the dimension limits, no spec-rule error may fire on
them either.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlslc.driver import CompileOptions, compile_file

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "linalg-sfinae"


def _cases() -> list[dict]:
    labels = CORPUS / "labels.json"
    if not labels.is_file():
        return []
    return json.loads(labels.read_text(encoding="utf-8"))


CASES = _cases()


def test_corpus_is_present():
    if not CASES:
        pytest.skip(f"conformance corpus not found at {CORPUS}")
    assert len(CASES) == len(list(CORPUS.glob("*.hlsl")))
    assert {c["valid"] for c in CASES} == {True, False}


@pytest.mark.parametrize("case", CASES, ids=[c["file"] for c in CASES])
def test_corpus_verdict(case):
    result = compile_file(CORPUS / case["file"], CompileOptions(profile="lib_6_10", emit="nothing"))
    errors = [d for d in result.diagnostics if d.is_error]
    shown = [f"{d.span.line if d.span else '?'}: {d.message}" for d in errors]
    if case["valid"]:
        assert result.ok, f"valid program rejected: {shown}"
    else:
        assert not result.ok, f"invalid program accepted (clang: {case['oracle_error']!r})"
        assert all(d.span is not None for d in errors), shown
        # The error is reported in the program, not only inside the header.
        assert any(d.span.user_span().file.path.endswith(case["file"]) for d in errors), shown
