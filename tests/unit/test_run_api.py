"""hlslc.run, the library form of `hlslc run`: numpy results for distinct
inputs, located pipeline errors, and a module that cannot run."""

from __future__ import annotations

import numpy as np
import pytest

import hlslc

SHADER = """
StructuredBuffer<float4> A : register(t0);
ByteAddressBuffer B : register(t1);
RWStructuredBuffer<float4> Out : register(u0);
cbuffer Params : register(b0) { float Scale; uint Count; };

[numthreads(8, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.y * 16 + id.x;
  if (i >= Count)
    return;
  float4 a = A[i];
  float b = asfloat(B.Load(4 * i));
  float4 r = a.wzyx * Scale + b;
  if (a.x > 20)
    r = -r;
  Out[i] = r;
}
"""

PIPELINE = """
---
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [2, 2, 1]
Buffers:
  - Name: A
    Format: Float32
    Stride: 16
    Data: [ {a} ]
  - Name: B
    Format: Float32
    Data: [ {b} ]
  - Name: Out
    Format: Float32
    Stride: 16
    FillSize: {size}
  - Name: Params
    Format: Hex32
    Data: [ 0x40400000, {count}, 0, 0 ]
DescriptorSets:
  - Resources:
    - Name: A
      Kind: StructuredBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: B
      Kind: ByteAddressBuffer
      DirectXBinding: {{ Register: 1, Space: 0 }}
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
    - Name: Params
      Kind: ConstantBuffer
      DirectXBinding: {{ Register: 0, Space: 0 }}
...
"""


def _pipeline(tmp_path, count):
    rng = np.random.default_rng(7)
    a = rng.permutation(64 * 4).astype(np.float32) / 8        # distinct values
    b = rng.permutation(64).astype(np.float32) - 30
    text = PIPELINE.format(a=", ".join(map(repr, a.tolist())), b=", ".join(map(repr, b.tolist())),
                           size=64 * 16, count=count)
    path = tmp_path / "p.yaml"
    path.write_text(text)
    return str(path), a.reshape(64, 4), b


def test_results_match_numpy(tmp_path):
    path, a, b = _pipeline(tmp_path, count=50)
    result = hlslc.compile_source(SHADER, "kernel.hlsl", hlslc.CompileOptions(profile="cs_6_6"))
    assert result.ok
    run = hlslc.run(result, path)
    expected = a[:, ::-1] * np.float32(3) + b[:, None]
    expected = np.where(a[:, :1] > 20, -expected, expected)
    # SV_DispatchThreadID covers 16 x 4 threads; threads past Count return
    # early and leave their element as filled (zero).
    expected[50:] = 0
    np.testing.assert_array_equal(run.buffers["Out"].reshape(64, 4), expected.astype(np.float32))
    assert run.ok and run.engine == "jit"
    # The interpreter (the reference) gives the same and counts what it ran.
    interp = hlslc.run(result, path, engine="interp")
    assert interp.ok and interp.engine == "interp" and interp.instructions > 0
    np.testing.assert_array_equal(interp.buffers["Out"], run.buffers["Out"])


def test_pipeline_and_run_errors(tmp_path):
    path, _, _ = _pipeline(tmp_path, count=4)
    bad = tmp_path / "bad.yaml"
    bad.write_text(open(path).read().replace("Register: 1, Space: 0", "Register: 1, Space: x"))
    with pytest.raises(hlslc.PipelineError) as info:
        hlslc.run("", str(bad))
    assert "'Space' must be an integer, not 'x'" in info.value.message
    unbound = open(path).read().replace("Register: 1, Space: 0", "Register: 5, Space: 0")
    bad.write_text(unbound)
    result = hlslc.compile_source(SHADER, "kernel.hlsl", hlslc.CompileOptions(profile="cs_6_6"))
    with pytest.raises(hlslc.RunError) as info:
        hlslc.run(result, str(bad))
    assert "register t1, space0" in info.value.message


def test_push_constants_come_from_the_pipeline(tmp_path):
    # A [[vk::push_constant]] block reads the pipeline's PushConstants; a
    # pipeline without them is a located error, not zeros.
    source = ("struct P { uint a; uint b[2]; };\n[[vk::push_constant]] P Push;\n"
              "RWStructuredBuffer<uint> Out : register(u0);\n"
              "[numthreads(2, 1, 1)] void main(uint i : SV_GroupIndex) { Out[i] = Push.a + Push.b[i]; }\n")
    result = hlslc.compile_source(source, "push.hlsl", hlslc.CompileOptions(profile="cs_6_0"))
    assert result.ok
    text = ("---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: Out\n    Format: UInt32\n"
            "    FillSize: 8\nDescriptorSets:\n  - Resources:\n    - Name: Out\n      Kind: RWStructuredBuffer\n"
            "      DirectXBinding: { Register: 0, Space: 0 }\n")
    plain = tmp_path / "plain.yaml"
    plain.write_text(text + "...\n")
    with pytest.raises(hlslc.RunError) as info:
        hlslc.run(result, str(plain))
    assert "reads the push constant block 'Push', but the pipeline gives no PushConstants" in info.value.message
    pushed = tmp_path / "pushed.yaml"
    pushed.write_text(text + "PushConstants:\n  - Stage: Compute\n    Values:\n    - Format: UInt32\n"
                             "      Data: [ 100, 1, 2 ]\n...\n")
    assert hlslc.run(result, str(pushed)).buffers["Out"].tolist() == [101, 102]
