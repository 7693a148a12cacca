"""The structure SPIR-V needs, recovered from control-flow graphs
(hlslc/spirv/structure.py), on graphs written out here: the shapes HLSL's
statements lower to, and the ones that need new blocks."""

from __future__ import annotations

import pytest

from hlslc.spirv.structure import Graph, Node, StructureError, structure

COND = object()     # stands for a branch condition: the structure never reads it


def graph(*edges: tuple[str, tuple]) -> Graph:
    """A graph from (block, terminator) pairs; the first block is the entry."""
    g = Graph(edges[0][0])
    for name, term in edges:
        if term[0] == "cbr":
            term = ("cbr", COND, term[1], term[2])
        g.add(Node(name, None, term))
    return g


def br(target: str) -> tuple:
    return ("br", target)


def cbr(yes: str, no: str) -> tuple:
    return ("cbr", yes, no)


RET = ("ret", None)


def test_if_else_merges_where_both_sides_meet() -> None:
    g = graph(("entry", cbr("then", "else")), ("then", br("end")), ("else", br("end")), ("end", RET))
    structure(g)
    assert g.nodes["entry"].selection_merge == "end"
    assert g.order[0] == "entry" and g.order[-1] == "end"


def test_if_with_return_merges_at_the_rest() -> None:
    g = graph(("entry", cbr("then", "rest")), ("then", RET), ("rest", br("more")), ("more", RET))
    structure(g)
    assert g.nodes["entry"].selection_merge == "rest"


def test_for_loop_with_break_and_continue() -> None:
    g = graph(("entry", br("cond")), ("cond", cbr("body", "end")),
              ("body", cbr("cont", "check")), ("cont", br("loop.step")),
              ("check", cbr("brk", "rest")), ("brk", br("end")), ("rest", br("loop.step")),
              ("loop.step", br("cond")), ("end", RET))
    structure(g)
    header = g.nodes["cond"]
    assert (header.loop_merge, header.loop_continue) == ("end", "loop.step")
    # `if (...) continue;` merges at the rest of the body; so does the break.
    assert g.nodes["body"].selection_merge == "check"
    assert g.nodes["check"].selection_merge == "rest"


def test_do_while_continues_at_the_block_before_the_condition() -> None:
    g = graph(("entry", br("body")), ("body", br("step")), ("step", br("cond")),
              ("cond", cbr("body", "end")), ("end", RET))
    structure(g)
    assert g.nodes["body"].loop_merge == "end"
    assert g.nodes["body"].loop_continue == "step"


def test_return_inside_a_loop_stays_in_the_loop() -> None:
    g = graph(("entry", br("cond")), ("cond", cbr("body", "end")), ("body", cbr("out", "loop.step")),
              ("out", RET), ("loop.step", br("cond")), ("end", br("after")), ("after", RET))
    structure(g)
    assert g.nodes["cond"].loop_merge == "end"


def test_return_from_nested_loops_of_an_inlined_helper() -> None:
    # A helper's `return` inside two loops branches to its exit block, past
    # both loops.  The inner loop's exits go through a new merge block that
    # dispatches on a selector; the outer loop's meet at the helper's exit.
    g = graph(("entry", br("oc")), ("oc", cbr("ob", "oend")), ("ob", br("ic")), ("ic", cbr("ib", "iend")),
              ("ib", cbr("ret1", "istep")), ("ret1", br("fexit")), ("istep", br("ic")), ("iend", br("ostep")),
              ("ostep", br("oc")), ("oend", br("tail")), ("tail", br("fexit")), ("fexit", br("after")),
              ("after", RET))
    structure(g)
    inner = g.nodes[g.nodes["ic"].loop_merge]
    assert inner.term[0] == "dispatch" and g.selectors == [inner.term[1]]
    assert {inner.term[2]} | {t for _, t in inner.term[3]} == {"iend", "ret1"}
    assert inner.selection_merge == "iend"
    assert (g.nodes["oc"].loop_merge, g.nodes["oc"].loop_continue) == ("fexit", "ostep")


def test_several_back_edges_are_joined() -> None:
    g = graph(("entry", br("head")), ("head", cbr("a", "end")), ("a", cbr("head", "b")), ("b", br("head")),
              ("end", RET))
    structure(g)
    latch = g.nodes["head"].loop_continue
    assert latch.startswith("head.latch") and g.nodes[latch].term == ("br", "head")


def test_a_loop_that_never_exits_merges_at_an_unreachable_block() -> None:
    g = graph(("entry", br("head")), ("head", br("step")), ("step", br("head")))
    structure(g)
    merge = g.nodes["head"].loop_merge
    assert g.nodes[merge].term == ("unreachable",)
    assert g.order[-1] == merge


def test_irreducible_flow_is_an_error() -> None:
    g = graph(("entry", cbr("a", "b")), ("a", br("b")), ("b", cbr("a", "end")), ("end", RET))
    with pytest.raises(StructureError, match="irreducible"):
        structure(g)


def test_unreachable_blocks_are_dropped() -> None:
    g = graph(("entry", RET), ("dead", br("entry")))
    structure(g)
    assert g.order == ["entry"]


def test_dominators_after_a_split_match_a_full_computation(monkeypatch):
    # A split merge block updates the dominators in place of computing them
    # again (512 splits of a 3,600-block function each recomputed them):
    # the same dominators, in the same order, as `immediate_dominators`.
    import hlslc
    from hlslc.dxil.cfg import immediate_dominators
    from hlslc.driver import CompileOptions
    from hlslc.spirv import structure

    checked = []
    incremental = structure._dominators_after_split

    def both(idom, doms, rpo, preds, new, merge, moved):
        fresh = incremental(idom, doms, rpo, preds, new, merge, moved)
        full = immediate_dominators(rpo[0], rpo, preds)
        assert list(fresh.items()) == list(full.items())
        checked.append(new)
        return fresh

    monkeypatch.setattr(structure, "_dominators_after_split", both)
    step = "if (o[i + n] > 0) { acc += w(o[i + n] * acc) * w(o[i] - n); } n++;\n"
    text = ("RWStructuredBuffer<uint> o : register(u0);\n"
            "float w(float t) {\n  t = abs(t);\n  if (t <= 1.0) return t * t - 0.5;\n"
            "  if (t <= 2.0) return 2.0 - t;\n  return 0;\n}\n"
            "[numthreads(64,1,1)] void main(uint i : SV_DispatchThreadID) {\n  float acc = 0; uint n = 0;\n"
            + step * 16 + "  for (uint k = 0; k < o[0]; k++) {\n" + step * 4 + "  }\n  o[i] = asuint(acc);\n}\n")
    result = hlslc.compile_source(text, "splits.hlsl", CompileOptions(emit="spirv", header_cache="off"))
    assert result.ok, result.diagnostics
    assert len(checked) >= 32
