"""bench/offload_suite.py: which tests it takes and how it judges them,
on a small suite written here (the real one is LLVM's offload-test-suite)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SHADER = """#--- source.hlsl
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)] void main() { Out[0] = VALUE; }
//--- pipeline.yaml
---
Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - Name: Out
    Format: UInt32
    Data: [ 0 ]
  - Name: Expected
    Format: UInt32
    Data: [ 7 ]
Results:
  - Result: Seven
    Rule: BufferExact
    Actual: Out
    Expected: Expected
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
...
#--- end
HEADER
# RUN: split-file %s %t
# RUN: %dxc_target -T cs_6_0 -Fo %t.o %t/source.hlsl
# RUN: OFFLOADER %offloader %t/pipeline.yaml %t.o
"""


def _load():
    spec = importlib.util.spec_from_file_location("offload_suite", REPO / "bench" / "offload_suite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _write(root: Path, name: str, value: str, header: str = "", offloader: str = "") -> None:
    text = SHADER.replace("VALUE", value).replace("HEADER", header).replace("OFFLOADER ", offloader)
    (root / f"{name}.test").write_text(text)


def test_selection_and_verdicts(tmp_path):
    suite = _load()
    _write(tmp_path, "right", "7")
    _write(tmp_path, "wrong", "8")
    _write(tmp_path, "wrong-expected", "8", "# XFAIL: DirectX")
    _write(tmp_path, "vulkan-only", "7", "# REQUIRES: Vulkan")
    _write(tmp_path, "dx-unsupported", "7", "# UNSUPPORTED: DirectX || Metal")
    _write(tmp_path, "must-fail", "8", offloader="not ")
    (tmp_path / "graphics.test").write_text(SHADER.replace("cs_6_0", "ps_6_0").replace("VALUE", "7")
                                            .replace("HEADER", "").replace("OFFLOADER ", ""))
    features = suite.FEATURES["cpu"]
    tests = suite.select(str(tmp_path), features)
    assert sorted(Path(t.path).stem for t in tests) == ["must-fail", "right", "wrong", "wrong-expected"]
    hlslc = [sys.executable, "-m", "hlslc"]
    verdicts = {Path(t.path).stem: suite.run_one(t, "cpu", False, hlslc, features) for t in tests}
    assert {name: v[1] for name, v in verdicts.items()} == {
        "right": "pass", "wrong": "fail", "wrong-expected": "xfail", "must-fail": "pass"}
    assert "Seven: FAIL" in verdicts["wrong"][2]
    assert suite.holds("Vulkan && !Metal", {"Vulkan"}) and not suite.holds("(DirectX || Metal)", {"Vulkan"})
