"""`hlslc.dxil.cfg.structure`: the constructs the CPU engines reconverge
by, read from hlslc's IR (and the fallback for IR without them)."""

from __future__ import annotations

from pathlib import Path

import hlslc
from hlslc.dxil import reader as R
from hlslc.dxil.cfg import CFG, next_iteration, structure

SOURCE = """\
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  uint s = 0;
  for (uint k = 0; k < 8; k++) {
    if (k == gi) break;
    if (k & 1) continue;
    if (gi == 31) return;
    s += WaveActiveCountBits(true);
  }
  uint j = 0;
  while (j < gi) { j++; s += j; }
  switch (gi & 3) { case 0: if (gi > 5) break; s += 1; case 1: s += 2; break; default: s += 8; }
  Out[gi] = s;
}
"""


def _structure(tmp_path: Path):
    src = tmp_path / "s.hlsl"
    src.write_text(SOURCE)
    result = hlslc.compile_file(str(src), hlslc.CompileOptions(profile="cs_6_5"))
    assert result.ok
    fn = R.read_module(result.output).functions["@main"]
    return fn, structure(CFG(fn))


def test_loops_merges_and_continue_targets(tmp_path):
    fn, st = _structure(tmp_path)
    assert st.structured
    loops = {h: (lp.merge, lp.continue_key) for h, lp in st.loops.items()}
    # The for loop: its end, and its step where `continue` goes; the return
    # inside it is part of it, not an exit.
    assert loops["loop.cond"] == ("loop.end", "loop.step")
    # The while loop (no continue): its iteration ends at its back edge.
    assert loops["loop.cond.1"][0] == "loop.end.1"
    assert st.edge("loop.step", "loop.cond") == next_iteration("loop.cond")
    # The branches: the break's if merges at its end; the loop's test has
    # no construct of its own (its threads leave for the loop's merge).
    assert st.merges["loop.cond"] == ()
    assert st.merges["loop.body"] == ("if.end",)
    switch = next(b.name for b in fn.blocks if b.terminator.opcode == "switch")
    assert st.merges[switch] == ("switch.end",)


def test_irreducible_ir_falls_back_to_post_dominators():
    text = (Path(__file__).resolve().parents[1] / "run" / "Inputs" / "irreducible.ll").read_text()
    fn = R.read_module(text).functions["@main"]
    st = structure(CFG(fn))
    assert not st.structured and not st.loops
    assert st.merges["entry"] == ("b",) and st.merges["b"] == ("exit",)
