"""The IR model's type parser and control-flow graph (`hlslc.dxil.types`,
`hlslc.dxil.cfg`), and the CPU executor's memory layout computed from the
parsed types (`hlslc.runner.layout`)."""

from __future__ import annotations

import pytest

from hlslc.dxil.cfg import CFG, dominates
from hlslc.dxil.reader import read_module
from hlslc.dxil.types import TypeTable, UnknownType
from hlslc.runner.layout import MemoryTypes

STRUCTS = {"%S": "{ i32, half, <3 x half> }", "%O": "opaque", "%dx.types.Handle": "{ i8* }",
           "%dx.types.waveMatrix": "{ i8*, i32 }"}


def test_types_are_parsed_once_per_module() -> None:
    types = TypeTable(STRUCTS)
    s = types.get("%S")
    assert (s.kind, s.name, [f.text for f in s.fields]) == ("struct", "S", ["i32", "half", "<3 x half>"])
    assert types.get("[4 x %S]").elem is s
    p = types.get("%S addrspace(3)*")
    assert (p.kind, p.addrspace, p.elem) == ("pointer", 3, s)
    assert [types.get(t).kind for t in ("i1", "i16", "double", "%O", "%dx.types.Handle", "%dx.types.MatrixRef*",
                                        "%dx.types.waveMatrix")] == \
        ["bool", "int", "float", "opaque", "handle", "matref", "wavemat"]
    assert types.get("[2 x <4 x half>]").scalar.bits == 16


def test_undeclared_types_are_errors_unless_the_table_reads_them_as_opaque() -> None:
    with pytest.raises(UnknownType, match="'%U'"):
        TypeTable(STRUCTS).get("[2 x %U]")
    lenient = TypeTable(STRUCTS, undeclared_opaque=True)
    assert lenient.get("%U").kind == "opaque"
    assert lenient.get("void (i32)*").elem is None


def test_the_executor_lays_out_the_parsed_types() -> None:
    memory = MemoryTypes(STRUCTS)
    s = memory.get("%S")
    # Scalars narrower than 32 bits keep their size but are 4-aligned (in
    # vectors too: a <3 x half> takes 12 bytes).
    assert (s.offsets, s.size, s.align) == ([0, 4, 8], 20, 4)
    assert [f.kind for f in s.fields] == ["scalar", "scalar", "vector"]
    assert memory.get("%dx.types.Handle").kind == "opaque"
    wave = memory.get("%dx.types.waveMatrix")
    assert (wave.kind, wave.size) == ("struct", 8)
    with pytest.raises(ValueError, match="does not know the type 'label'"):
        memory.get("label")


IR = """
define void @main(i1 %c, i1 %d) {
entry:
  br i1 %c, label %then, label %loop
then:
  br label %end
loop:
  br i1 %d, label %loop, label %end
end:
  ret void
}
"""


def test_dominators_and_post_dominators_of_a_function() -> None:
    cfg = CFG(read_module(IR).functions["@main"])
    assert cfg.reverse_post_order()[0] == "entry"
    idom = cfg.immediate_dominators()
    assert idom == {"entry": "entry", "then": "entry", "loop": "entry", "end": "entry"}
    assert dominates(idom, "entry", "end") and not dominates(idom, "then", "end")
    assert cfg.immediate_post_dominators() == {"entry": "end", "then": "end", "loop": "end", "end": None}
    assert cfg.control_dependence() == {"entry": set(), "then": {"entry"}, "loop": {"entry", "loop"},
                                        "end": set()}


def test_a_block_that_never_reaches_an_exit_has_no_post_dominator_tree() -> None:
    cfg = CFG(read_module(IR.replace("label %loop, label %end", "label %loop, label %loop")).functions["@main"])
    assert cfg.immediate_post_dominators() is None
    # Control dependence falls back on sets of post-dominators: every path
    # that ends goes through `then`, and the endless loop depends on the
    # branch into it.
    cd = cfg.control_dependence()
    assert cd["then"] == set() and "entry" in cd["loop"]
