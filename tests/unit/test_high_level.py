"""-fcgl (the high-level IR, `hlslc/lower/high_level.py`), DXC's names for
functions (`hlslc/lower/mangle.py`) and the lib_6_x profile, through the
library's front door."""

from __future__ import annotations

import re

import pytest

import hlslc
from hlslc.driver import EMIT_HIGH_LEVEL
from hlslc.sema import linalg_builtins

DXC = dict(linalg_revision="dxc")


def _compile(src: str, **options: object) -> hlslc.CompileResult:
    result = hlslc.compile_source(src, "t.hlsl", hlslc.CompileOptions(**{**DXC, **options}))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result


# Symbols of DXC's own tests and outputs (CodeGenDXIL, HLSLFileCheck).
@pytest.mark.parametrize("decl, symbol", [
    ("void f1() {}", r"\01?f1@@YAXXZ"),
    ("float foo(float x) { return x; }", r"\01?foo@@YAMM@Z"),
    ("bool IsInside(uint a, uint b) { return a < b; }", r"\01?IsInside@@YA_NII@Z"),
    ("float4 bar() { return 0; }", r"\01?bar@@YA?AV?$vector@M$03@@XZ"),
    ("void deriv_in_func(float2 v) {}", r"\01?deriv_in_func@@YAXV?$vector@M$01@@@Z"),
    ("void fn2(int4 v) {}", r"\01?fn2@@YAXV?$vector@H$03@@@Z"),
    ("void GlobalSet(out float x, float v) { x = v; }", r"\01?GlobalSet@@YAXAIAMM@Z"),
    ("struct ST { float a; }; ST CreateST(float a) { ST s; s.a = a; return s; }", r"\01?CreateST@@YA?AUST@@M@Z"),
    # A repeated parameter type is its index; a LinAlg matrix is DXC's own code.
    ("void two(float4 a, float4 b) {}", r"\01?two@@YAXV?$vector@M$03@@0@Z"),
    ("void f2(__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(21, 3, 3, 0, 1)]] m) {}",
     r"\01?f2@@YAX$linalg_matrixC21M3N3U0S1@@Z"),
    ("namespace outer { namespace inner { uint g(uint x) { return x; } } }", r"\01?g@inner@outer@@YAII@Z"),
])
def test_function_symbols_are_dxcs(decl: str, symbol: str) -> None:
    text = _compile(decl, profile="lib_6_10", emit=EMIT_HIGH_LEVEL).output
    names = re.findall(r"^define [^@]*@\"([^\"]+)\"", text, re.M)
    assert symbol in names, names


def test_template_instantiation_is_linkonce_odr_after_its_caller() -> None:
    src = "template <uint M, uint N> void fTemplate() {}\nvoid f4() { fTemplate<3, 4>(); }\n"
    text = _compile(src, profile="lib_6_10", emit=EMIT_HIGH_LEVEL).output
    defines = re.findall(r"^define (.*?)\(", text, re.M)
    assert defines == [r'internal void @"\01?f4@@YAXXZ"', r'linkonce_odr void @"\01??$fTemplate@$02$03@@YAXXZ"']
    assert r'call void @"\01??$fTemplate@$02$03@@YAXXZ"()' in text


def test_high_level_ir_is_not_validated() -> None:
    """-fcgl writes IR before the DXIL lowering, as DXC does, unvalidated:
    an alignment DXC's validator refuses is an error only without it."""
    src = ("RWByteAddressBuffer B;\n[numthreads(1, 1, 1)]\nvoid main() {\n"
           "  __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 16, 16, 2, 1)]] m;\n"
           "  __builtin_LinAlg_FillMatrix(m, 1.0f);\n"
           "  __builtin_LinAlg_MatrixStoreToDescriptor(m, B, 0, 64, 0, 16);\n}\n")
    text = _compile(src, emit=EMIT_HIGH_LEVEL).output
    assert '(i32 409, %dx.types.LinAlgMatrixC9M16N16U2S1 %' in text
    result = hlslc.compile_source(src, "t.hlsl", hlslc.CompileOptions(**DXC))
    assert [d.id for d in result.errors] == ["IR-PARAMETER-VALUE"]


def test_hl_opcodes_are_dxcs() -> None:
    """DXC's `IOP___builtin_LinAlg_*` numbers (hlsl_intrinsic_opcodes.json):
    401 to 419, then 422 and 423 (420 and 421 are other intrinsics)."""
    opcodes = {name: {b.hl_opcode for b in sigs} for name, sigs in linalg_builtins.TABLE.items()}
    assert all(len(v) == 1 for v in opcodes.values())
    numbers = sorted(v.pop() for v in opcodes.values())
    assert numbers == list(range(401, 420)) + [422, 423]
    assert linalg_builtins.TABLE["__builtin_LinAlg_Convert"][0].hl_opcode == 422


def test_other_revisions_are_unchanged_by_fcgl() -> None:
    src = "RWByteAddressBuffer B;\n[numthreads(1, 1, 1)]\nvoid main() { B.Store(0, 1u); }\n"
    for revision in ("sm6.10", "draft"):
        options = dict(linalg_revision=revision)
        plain = hlslc.compile_source(src, "t.hlsl", hlslc.CompileOptions(**options)).output
        high = hlslc.compile_source(src, "t.hlsl", hlslc.CompileOptions(emit=EMIT_HIGH_LEVEL, **options)).output
        assert plain == high


def test_offline_library_profile() -> None:
    options = hlslc.CompileOptions(profile="lib_6_x")
    assert str(options.target) == "lib_6_x" and options.target.offline
    assert options.target.shader_model == (6, 15)
    text = _compile("uint f() { return __SHADER_TARGET_MINOR; }", profile="lib_6_x").output
    assert "ret i32 15" in text and '!{!"lib", i32 6, i32 15}' in text
