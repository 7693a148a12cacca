"""hlslc/validate/llvm_check.py: the text LLVM gets (line for line), its
parser's and verifier's findings, and surviving an LLVM that aborts."""

from __future__ import annotations

from hlslc.validate import llvm_check, validate_text

DXC_STYLE = """target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.S = type { [2 x float] }

define void @main(%struct.S* noalias sret %out, float %x) {
entry:
  call void @llvm.dbg.value(metadata float %x, i64 0, metadata !5, metadata !6), !dbg !7
  %y = fadd float %x, 1.000000e+00, !dbg !7
  ret void
}

declare void @llvm.dbg.value(metadata, i64, metadata, metadata)

!llvm.dbg.cu = !{!0}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "dxc", isOptimized: false, runtimeVersion: 0, emissionKind: 1, enums: !2, subprograms: !3)
!1 = !DIFile(filename: "a.hlsl", directory: "")
!2 = !{}
!3 = !{!4}
!4 = !DISubprogram(name: "main", scope: !1, file: !1, line: 1, isLocal: false, isDefinition: true, function: void (%struct.S*, float)* @main)
!5 = !DILocalVariable(tag: DW_TAG_arg_variable, name: "x", arg: 2, scope: !4, file: !1, line: 1, type: !8)
!6 = !DIExpression()
!7 = !DILocation(line: 2, column: 3, scope: !4)
!8 = !DIBasicType(name: "float", size: 32, align: 32, encoding: DW_ATE_float)
"""


def test_normalise_keeps_the_lines() -> None:
    out = llvm_check.normalise(DXC_STYLE)
    assert out.count("\n") == DXC_STYLE.count("\n")
    assert "datalayout" not in out and "!dbg" not in out and "llvm.dbg" not in out and "sret" not in out
    assert "!4 = !{}" in out and "!7 = !{}" in out
    assert "%y = fadd float %x, 1.000000e+00" in out


def test_dxc_style_ir_passes_after_normalising() -> None:
    assert llvm_check.verify(DXC_STYLE) == []


def test_parser_findings_have_lines() -> None:
    text = "define void @main() {\nentry:\n  %a = add i32 1, 2\n  %b = fadd i32 %a, 1.5\n  ret void\n}\n"
    [(line, message)] = llvm_check.verify(text)
    assert line == 4 and message.startswith("LLVM's parser: ")


BROKEN = """define void @main() {
entry:
  br label %next
next:
  store i32 %v, i32* %p
  %p = alloca i32
  %v = add i32 1, 2
  ret void
}
"""


def test_an_aborting_llvm_is_a_finding() -> None:
    # LLVM's parser aborts the process on a module its verifier finds broken
    # (here: values used before their definitions); the check survives it.
    [(line, message)] = llvm_check.verify(BROKEN)
    assert line is None and "dominate" in message


def test_without_fork(monkeypatch) -> None:
    monkeypatch.setattr(llvm_check, "_one_thread", lambda: False)
    assert llvm_check.verify(DXC_STYLE) == []
    [(_, message)] = llvm_check.verify(BROKEN)
    assert "dominate" in message


def test_validate_text_asks_llvm_only_when_told() -> None:
    text = BROKEN.replace("define void @main()", "define void @f()")
    assert not any(d.id == "IR-LLVM" for d in validate_text(text, "x.ll"))
    assert any(d.id == "IR-LLVM" for d in validate_text(text, "x.ll", llvm_verify=True))
