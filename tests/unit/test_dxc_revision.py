"""`--linalg-revision=dxc` through the library, the command line and the
project configuration; the pieces of its lowering that a .hlsl test cannot
single out (the LLVM-style printer, the SSA clean-up, DXC's global names,
the built-in table); and the conformance harness on a small DXC-like tree."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from llvmlite import ir

import hlslc
from hlslc.dxil import ops as ir_ops
from hlslc.lower.mangle import groupshared_name
from hlslc.lower.dxc_print import format_float, llvm_name, print_module
from hlslc.lower.ssa import optimize_function
from hlslc.project_config import load_project_config
from hlslc.sema import linalg_builtins
from hlslc.sema import types as T
from support.cli import run_hlslc as run

REPO = Path(__file__).resolve().parents[2]

SHADER = """
#include <dx/linalg.h>
using namespace dx::linalg;
using A = Matrix<ComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using B = Matrix<ComponentType::F32, 16, 16, MatrixUse::B, MatrixScope::Wave>;
RWByteAddressBuffer Out : register(u0);
[numthreads(32, 1, 1)]
void main() {
    Matrix<ComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave> c =
        Multiply(A::Splat(1.0f), B::Splat(2.0f));
    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}
"""


# --- the revision as an option ---------------------------------------------------------

def test_library_compiles_the_dxc_api() -> None:
    result = hlslc.compile_source(SHADER, "gemm.hlsl", hlslc.CompileOptions(linalg_revision="dxc"))
    assert result.ok, [d.message for d in result.diagnostics]
    assert "@dx.op.linAlgMatrixMultiply.mC9M16N16U2S1.mC9M16N16U0S1.mC9M16N16U1S1(i32 -2147483625" \
        in result.output
    assert "!dx.targetTypes = !{!0, !1, !2}" in result.output
    # The same source means nothing to the SM 6.10 revision.
    other = hlslc.compile_source(SHADER, "gemm.hlsl", hlslc.CompileOptions())
    assert not other.ok
    assert any("--linalg-revision=dxc" in note.message for d in other.errors for note in d.notes)


def test_16bit_types_follow_dxc() -> None:
    """DXC turns 16-bit types on only when asked, SM 6.10 included."""
    assert not hlslc.CompileOptions(linalg_revision="dxc").native_16bit_types
    assert hlslc.CompileOptions(linalg_revision="dxc", enable_16bit_types=True).native_16bit_types
    assert hlslc.CompileOptions().native_16bit_types


def test_command_line_and_project_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "gemm.hlsl"
    source.write_text(SHADER)
    status, out, err = run("--linalg-revision=dxc", str(source))
    assert status == 0, err
    assert "; LinAlgMatrixMultiply(matrixA,matrixB)" in out
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hlslc.toml").write_text('linalg_revision = "dxc"\n')
    assert load_project_config("hlslc.toml").options == ["--linalg-revision=dxc"]
    status, out, err = run("--project-config", "-fsyntax-only", "gemm.hlsl")
    assert status == 0, err


def test_graphics_entries_are_refused_when_lowered() -> None:
    src = ('float4 mainPS() : SV_Target { return 0; }\n'
           '[shader("pixel")] float4 PS() : SV_Target { return 1; }\n')
    result = hlslc.compile_source(src, "ps.hlsl", hlslc.CompileOptions(profile="lib_6_10", linalg_revision="dxc"))
    assert not result.ok
    assert "compute shaders only" in result.errors[0].message


# --- printing as LLVM prints -------------------------------------------------------------

@pytest.mark.parametrize("kind, value, text", [
    ("float", 1.0, "1.000000e+00"),
    ("float", 0.0, "0.000000e+00"),
    ("float", -0.0, "-0.000000e+00"),
    ("float", 14.0, "1.400000e+01"),
    ("float", 3.140000104904175, "0x40091EB860000000"),   # 3.14f does not read back from "%e"
    ("double", 0.1, "1.000000e-01"),                     # reads back exactly as a double
    ("double", 1.0 / 3.0, "0x3FD5555555555555"),
    ("float", float("inf"), "0x7FF0000000000000"),
    ("half", 1.0, "0xH3C00"),
    ("half", 10.3125, "0xH4928"),
])
def test_floats_as_llvm_writes_them(kind: str, value: float, text: str) -> None:
    assert format_float(kind, value) == text


def test_names_as_llvm_writes_them() -> None:
    assert llvm_name("dx.op.linAlgFillMatrix.mC9M4N4U0S1.f32") == "dx.op.linAlgFillMatrix.mC9M4N4U0S1.f32"
    assert llvm_name("\x01?SharedArr@@3PAMA") == '"\\01?SharedArr@@3PAMA"'
    assert llvm_name('a"b') == '"a\\22b"'


def test_groupshared_names_are_dxcs() -> None:
    assert groupshared_name("SharedArr", T.array_of(T.FLOAT, 256), False) == "\x01?SharedArr@@3PAMA"
    assert groupshared_name("P", T.array_of(T.UINT8_4_PACKED, 4), False) == "\x01?P@@3PA$ui8_4pk@A"
    assert groupshared_name("V", T.array_of(T.vector_of(T.FLOAT, 4), 64), False) == "\x01?V@@3PAV?$vector@M$03@@A"
    assert groupshared_name("W", T.array_of(T.vector_of(T.UINT8_4_PACKED, 2), 64), False) \
        == "\x01?W@@3PAV?$vector@$ui8_4pk@$01@@A"
    assert groupshared_name("H", T.array_of(T.HALF, 16), True) == "\x01?H@@3PA$f16@A"
    assert groupshared_name("L", T.array_of(T.vector_of(T.INT, 16), 2), False) == "\x01?L@@3PAV?$vector@H$0BA@@@A"


def _counting_loop() -> ir.Module:
    """`int s = 0; for (i = 0; i < n; i++) s += i; return s;` written the
    way hlslc's code generator writes it: a slot per variable."""
    module = ir.Module(name="loop")
    i32 = ir.IntType(32)
    fn = ir.Function(module, ir.FunctionType(i32, [i32]), "count")
    entry, cond, body, end = (fn.append_basic_block(n) for n in ("entry", "cond", "body", "end"))
    b = ir.IRBuilder(entry)
    s, i = b.alloca(i32, name="s"), b.alloca(i32, name="i")
    b.store(ir.Constant(i32, 0), s)
    b.store(ir.Constant(i32, 0), i)
    b.branch(cond)
    b.position_at_end(cond)
    b.cbranch(b.icmp_signed("<", b.load(i), fn.args[0]), body, end)
    b.position_at_end(body)
    b.store(b.add(b.load(s), b.load(i)), s)
    b.store(b.add(b.load(i), ir.Constant(i32, 1)), i)
    b.branch(cond)
    b.position_at_end(end)
    b.ret(b.load(s))
    return module


def test_ssa_cleanup_promotes_variables_to_phis() -> None:
    module = _counting_loop()
    optimize_function(module.get_global("count"))
    text = print_module(module)
    assert "alloca" not in text and "load" not in text and "store" not in text
    assert "phi i32 [ 0, %1 ], [ %8, %6 ]" in text and text.count("phi i32") == 2
    # Slots: the argument %0, the entry block %1, then the loop's values.
    assert "define i32 @count(i32 %0) {" in text
    assert "; <label>:2" in text


def test_ssa_cleanup_folds_constant_branches() -> None:
    module = ir.Module(name="fold")
    i32 = ir.IntType(32)
    fn = ir.Function(module, ir.FunctionType(i32, []), "pick")
    entry, then, other, end = (fn.append_basic_block(n) for n in ("entry", "then", "other", "end"))
    b = ir.IRBuilder(entry)
    slot = b.alloca(i32)
    b.cbranch(b.icmp_signed("<", ir.Constant(i32, 1), ir.Constant(i32, 2)), then, other)
    for block, value in ((then, 7), (other, 9)):
        b.position_at_end(block)
        b.store(ir.Constant(i32, value), slot)
        b.branch(end)
    b.position_at_end(end)
    b.ret(b.load(slot))
    optimize_function(fn)
    assert print_module(module).split("{\n", 1)[1].startswith("  ret i32 7\n")


# --- the built-in table --------------------------------------------------------------------

def test_builtin_table_is_dxcs() -> None:
    names = set(linalg_builtins.TABLE)
    assert len(names) == 21
    limited = {n for n, sigs in linalg_builtins.TABLE.items() if sigs[0].stage_limited}
    assert len(limited) == 13
    assert "__builtin_LinAlg_MatrixLoadFromDescriptor" not in limited
    for sigs in linalg_builtins.TABLE.values():
        for sig in sigs:
            op = ir_ops.operation(sig.operation)
            assert op.experimental and op.min_shader_model == (6, 10)
            # An out/ref first parameter is the operation's result.
            results = [p for p in sig.params if p.mode in ("out", "ref")]
            assert len(results) <= 1 and (not results or sig.params[0] is results[0])


# --- the conformance harness --------------------------------------------------------------

def test_conformance_harness_counts_configurations(tmp_path: Path) -> None:
    codegen = tmp_path / "tools/clang/test/CodeGenDXIL/hlsl/linalg"
    sema = tmp_path / "tools/clang/test/SemaHLSL/hlsl/linalg"
    codegen.mkdir(parents=True)
    sema.mkdir(parents=True)
    (codegen / "fill.hlsl").write_text(
        "// RUN: %dxc -T cs_6_10 %s | FileCheck %s\n"
        "// RUN: %dxc -T cs_6_10 -fcgl %s | FileCheck %s --check-prefix=CHECK2\n"
        "// RUN: %dxc -T lib_6_x -Fo %t.lib %s\n"
        "// RUN: %dxl -T cs_6_10 -E main %t.lib | FileCheck %s\n"
        "[numthreads(1, 1, 1)]\nvoid main() {\n"
        "  __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(9, 4, 4, 0, 1)]] m;\n"
        "  __builtin_LinAlg_FillMatrix(m, 2.0f);\n}\n"
        "// CHECK: call %dx.types.LinAlgMatrixC9M4N4U0S1 @dx.op.linAlgFillMatrix.mC9M4N4U0S1.f32("
        "i32 -2147483636, float 2.000000e+00)  ; LinAlgFillMatrix(value)\n"
        "// CHECK2: call void @\"dx.hl.op..void (i32, %dx.types.LinAlgMatrixC9M4N4U0S1*, float)\""
        "(i32 402, %dx.types.LinAlgMatrixC9M4N4U0S1* %m, float 2.000000e+00)\n")
    (sema / "errors.hlsl").write_text(
        "// RUN: %dxc -T lib_6_10 -verify %s\n"
        "void f() {\n"
        "  int [[__LinAlgMatrix_Attributes(9, 4, 4, 0, 1)]] x; "
        "// expected-error {{matrix attributes can only be applied to __builtin_LinAlgMatrix}}\n"
        "}\n")
    out = tmp_path / "report.json"
    proc = subprocess.run([sys.executable, str(REPO / "bench" / "dxc_linalg_conformance.py"), "--dxc", str(tmp_path),
                           "--json", str(out)], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(out.read_text())["dxc"]["summary"]
    # -fcgl and lib_6_x -Fo are hlslc's options; only the linker is not.
    assert summary["codegen"] == {"configurations": 4, "not_applicable": 1, "applicable": 3, "pass": 3,
                                  "verdicts": {"pass": 3, "not-applicable": 1}}
    assert summary["sema"]["pass"] == 1
    assert (summary["sema"]["expected_errors"], summary["sema"]["reported_errors"]) == (1, 1)
    assert ("DXC codegen: 4 configurations, 1 not applicable, 3/3 applicable pass (100.0%), 3/4 of all (75.0%)"
            in proc.stdout)
    assert "not applicable (codegen, 1): links libraries with dxl (hlslc has no linker)" in proc.stdout


def test_cleanup_scales_with_the_program() -> None:
    """300 loops, each loading two tiles and accumulating: the clean-up
    passes are linear in the program per round (they took minutes when
    each split or merge rescanned the whole function)."""
    import time

    lines = ["#include <dx/linalg.h>", "using namespace dx::linalg;",
             "using A = Matrix<ComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::Wave>;",
             "using B = Matrix<ComponentType::F32, 16, 16, MatrixUse::B, MatrixScope::Wave>;",
             "using C = Matrix<ComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;",
             "RWByteAddressBuffer Out; groupshared float T[4096];",
             "[numthreads(32, 1, 1)] void main(uint tid : SV_GroupIndex) {",
             "  C acc = C::Splat(0.0f); float s = 0;"]
    for i in range(300):
        lines.append(f"  for (uint k{i} = 0; k{i} < 4; k{i}++) {{ A a = A::Load(T, k{i} * 16, 16, MatrixLayout::RowMajor);"
                     f" B b = B::Load(T, k{i} * 32, 16, MatrixLayout::RowMajor); acc.MultiplyAccumulate(a, b);"
                     f" if (tid > k{i}) s += acc.Get(k{i}); }}")
    lines.append("  acc.Store(Out, 0, 64, MatrixLayout::RowMajor); Out.Store(0, asuint(s)); }")
    start = time.perf_counter()
    result = hlslc.compile_source("\n".join(lines), "big.hlsl", hlslc.CompileOptions(linalg_revision="dxc"))
    assert result.ok, [d.message for d in result.diagnostics]
    assert time.perf_counter() - start < 60
    assert result.output.count("@dx.op.linAlgMatrixMultiplyAccumulate.") == 301     # 300 calls, 1 declaration
    assert "alloca" not in result.output
