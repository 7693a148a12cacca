"""Inputs that push the analyser's recursion must give diagnostics, not
internal errors."""

from __future__ import annotations

import hlslc


def test_deeply_nested_expression_is_an_error_not_a_crash():
    # Nested without brackets (the bracket limit does not apply): sema's
    # recursion limit names the function.
    depth = 100_000
    text = "[numthreads(1, 1, 1)] void main() { int x = 1" + " + 1" * depth + "; }\n"
    result = hlslc.compile_source(text, "deep.hlsl", hlslc.CompileOptions(emit="nothing"))
    assert not result.ok
    assert [d.message for d in result.errors] == [
        "'main' is nested too deeply to analyze (expressions, statements or template instantiations)"]


def test_moderate_nesting_is_fine():
    depth = 500
    text = "[numthreads(1, 1, 1)] void main() { int x = " + "(" * depth + "1" + ")" * depth + "; }\n"
    assert hlslc.compile_source(text, "nested.hlsl", hlslc.CompileOptions(emit="nothing", bracket_depth=600)).ok
    assert not hlslc.compile_source(text, "nested.hlsl", hlslc.CompileOptions(emit="nothing")).ok
