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


LOOPS_WITH_RETURNS = """\
RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> In : register(t0);
uint helper(uint a) {
  uint k = 0;
  do {
    k++;
    if (a == 5)
      return 100;
  } while (k < (a & 3));
  return WaveActiveCountBits(true);
}
[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  Out[gi] = helper(gi);
  uint k = 0;
  do {
    k++;
    if (gi == 7)
      return;
  } while (k < (gi & 3));
  k = 0;
  do {
    k++;
  } while (k < ((In[gi] & 1) ? 2u : 3u));
  Out[8 + gi] = k;
}
"""


def test_loop_exits_with_returns(tmp_path):
    # A loop's own exit is where its test leads (a do-while's at its back
    # edge), not a `return` inside it, even one at the start of its body;
    # in an inlined helper, the threads that return wait at the helper's
    # exit (`after`) for the others, which leave through the merge and run
    # the code after the loop together.  A do-while whose condition has a
    # ternary ends its iteration at its step, before the condition.
    src = tmp_path / "s.hlsl"
    src.write_text(LOOPS_WITH_RETURNS)
    result = hlslc.compile_file(str(src), hlslc.CompileOptions(profile="cs_6_6"))
    assert result.ok
    st = structure(CFG(R.read_module(result.output).functions["@main"]))
    loops = sorted(st.loops.values(), key=lambda lp: lp.header)
    assert [(lp.header, lp.merge, lp.after) for lp in loops] == [
        ("loop.body", "loop.end", "helper.exit"), ("loop.body.1", "loop.end.1", None),
        ("loop.body.2", "loop.end.2", None)]
    assert "loop.end" not in loops[0].body and "loop.end.1" not in loops[1].body
    assert loops[2].continue_key == "loop.step.2"
