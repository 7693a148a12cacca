"""The shared conformance corpus (../shared/conformance/linalg-sfinae): 240
small dx::linalg programs labelled valid or invalid by clang 19.

Every program in it is well-formed HLSL, valid or not: the invalid ones break
a template constraint, not the syntax.  Until semantic analysis lands, the
front-end must therefore parse all of them, through the built-in
`dx/linalg.h`, without a diagnostic; the semantic-analysis work turns this
into a check of each file's verdict.
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
def test_corpus_program_parses(case):
    result = compile_file(CORPUS / case["file"], CompileOptions(profile="lib_6_10", emit="ast"))
    messages = [f"{d.span.line if d.span else '?'}: {d.message}" for d in result.diagnostics]
    assert result.ok and result.unit is not None, messages
    # The case's one library function is there, with a body.
    names = [getattr(d, "name", None) for d in result.unit.decls]
    assert "Case" in names
