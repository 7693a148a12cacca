"""Texture methods: every overload of every texture type compiles and
validates, and the shader-model gates that older profiles (not yet on the
command line) will meet."""

from __future__ import annotations

import pytest

import hlslc
from hlslc.driver import Profile
from hlslc.sema import types as T
from hlslc.sema.intrinsics import METHOD_TABLE

# Rasterizer-ordered views belong to pixel shaders; compute refuses them
# (tests/sema/hlsl/resources-wrong-uses.hlsl).
TEXTURES = sorted(name for name, shape in T.RESOURCE_SHAPES.items() if shape.is_texture and not shape.rov)


def _argument(param, position: int) -> str:
    base = param.pat.base
    if isinstance(base, T.ResourceType):
        return "Samp" if base.name == "SamplerState" else "Cmp"
    count = param.pat.dims[0] if param.pat.dims else 1
    values = ", ".join(str((position + k) % 3) for k in range(count))
    return f"{base.name}{count if count > 1 else ''}({values})"


def _every_overload(texture: str, element: str) -> str:
    """A shader calling each overload of `texture`'s methods once."""
    lines = []
    for name, sigs in sorted(METHOD_TABLE[texture].items()):
        for k, sig in enumerate(sigs):
            if (name == "GatherRaw") != (element == "uint"):
                continue
            args = []
            for position, param in enumerate(sig.params):
                if param.mode == "out":
                    var = f"o_{name}_{k}_{position}"
                    lines.append(f"  {'float' if param.pat.base == 'T' else 'uint'} {var};")
                    args.append(var)
                else:
                    args.append(_argument(param, position))
            call = f"T0.{name}({', '.join(args)})"
            lines.append(f"  {call};" if sig.ret.base is T.VOID else f"  Out[0] += ({call}).x;")
    register = "u1" if T.RESOURCE_SHAPES[texture].is_uav else "t0"
    return (f"{texture}<{element}> T0 : register({register});\n"
            "SamplerState Samp : register(s0);\nSamplerComparisonState Cmp : register(s1);\n"
            "RWBuffer<float4> Out : register(u0);\n"
            "[numthreads(4, 4, 1)]\nvoid main() {\n" + "\n".join(lines) + "\n}\n")


@pytest.mark.parametrize("texture", TEXTURES)
@pytest.mark.parametrize("element", ["float4", "uint"])
def test_every_overload_compiles_and_validates(texture: str, element: str) -> None:
    text = _every_overload(texture, element)
    result = hlslc.compile_source(text, f"{texture}.hlsl", hlslc.CompileOptions(profile="cs_6_8"))
    assert result.ok, "\n".join(d.message for d in result.errors) + "\n" + text


def _errors(text: str, minor: int) -> list[str]:
    result = hlslc.compile_source(text, "t.hlsl", hlslc.CompileOptions(profile=Profile("cs", 6, minor),
                                                                       emit="nothing"))
    return [d.message for d in result.errors]


SAMPLING = """Texture2D<float4> Tex : register(t0);
Texture2D<int4> Ints : register(t1);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);
[numthreads(4, 1, 1)]
void main() {
  Out[0] = %s;
}
"""


@pytest.mark.parametrize("call, minor, message", [
    ("Tex.Sample(Samp, float2(0, 0))", 5,
     "Intrinsic Sample potentially used by 'main' requires derivatives - shader model 6.6 or greater is required "
     "for use in compute, amplification, or mesh shaders."),
    ("Tex.CalculateLevelOfDetailUnclamped(Samp, float2(0, 0))", 5,
     "Intrinsic CalculateLevelOfDetailUnclamped potentially used by 'main' requires derivatives - shader model "
     "6.6 or greater is required for use in compute, amplification, or mesh shaders."),
    ("Tex.SampleCmpLevel(Cmp, float2(0, 0), 0.5, 0)", 6,
     "intrinsic Texture2D.SampleCmpLevel requires shader model 6.7 or greater; the target is 6.6"),
    ("Tex.GatherRaw(Samp, float2(0, 0))", 6,
     "intrinsic Texture2D.GatherRaw requires shader model 6.7 or greater; the target is 6.6"),
    ("Tex.SampleCmpBias(Cmp, float2(0, 0), 0.5, 1)", 7,
     "intrinsic Texture2D.SampleCmpBias requires shader model 6.8 or greater; the target is 6.7"),
    ("Tex.CalculateLevelOfDetail(Cmp, float2(0, 0))", 7,
     "overload of intrinsic CalculateLevelOfDetail with SamplerComparisonState requires shader model 6.8 or "
     "greater"),
    ("Ints.SampleLevel(Samp, float2(0, 0), 0)", 6, "cannot SampleLevel from resource containing int4"),
])
def test_shader_model_gates(call: str, minor: int, message: str) -> None:
    assert _errors(SAMPLING % call, minor) == [message]
    assert _errors(SAMPLING % call, 8) == ([] if "GatherRaw" not in call else
                                           ["cannot GatherRaw from resource containing float4"])


def test_integer_sampling_from_sm67() -> None:
    assert _errors(SAMPLING % "Ints.SampleLevel(Samp, float2(0, 0), 0)", 7) == []
    assert _errors(SAMPLING % "Tex.Sample(Samp, float2(0, 0))", 6) == []
