"""bench/dxc_filecheck.py: which of DXC's HLSLFileCheck tests it takes, how
it runs their RUN lines and judges them, on a small suite written here in a
git repository laid out as DXC's (the real one is DXC's own)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

TESTS = {
    # Passes: DXC's spelling of the IR (unquoted names, decimal floats,
    # `i1 false`, the `; Op(params)` comment after a dx.op call).
    "hlsl/pass.hlsl": """// RUN: %dxc -E main -T cs_6_0 %s | FileCheck %s
// CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{.*}}, i32 0, i32 undef, float 1.500000e+00
// CHECK-SAME: ; BufferStore(
RWBuffer<float> Out;
[numthreads(1, 1, 1)] void main() { Out[0] = 1.5; }
""",
    # Fails its FileCheck.
    "hlsl/fail.hlsl": """// RUN: %dxc /T cs_6_0 /E main %s | FileCheck %s -check-prefix=WANT
// WANT: this is not in the output
RWBuffer<float> Out;
[numthreads(1, 1, 1)] void main() { Out[0] = 1; }
""",
    # An error test: DXC's runner hands the messages to FileCheck.
    "hlsl/error.hlsl": """// RUN: %dxc -E main -T cs_6_0 %s | FileCheck %s
// CHECK: error: use of undeclared identifier 'nothing'
RWBuffer<float> Out;
[numthreads(1, 1, 1)] void main() { Out[0] = nothing; }
""",
    # Not applicable (-fcgl), and a pixel shader RUN line (left out).
    "hlsl/na.hlsl": """// RUN: %dxc -E main -T cs_6_0 -fcgl %s | FileCheck %s
// RUN: %dxc -E main -T ps_6_0 %s | FileCheck %s
// CHECK: main
RWBuffer<float> Out;
[numthreads(1, 1, 1)] void main() { Out[0] = 1; }
""",
    # No compute RUN line: not taken.
    "hlsl/pixel.hlsl": """// RUN: %dxc -E main -T ps_6_0 %s | FileCheck %s
// CHECK: main
float4 main() : SV_Target { return 1; }
""",
}


def _load():
    spec = importlib.util.spec_from_file_location("dxc_filecheck", REPO / "bench" / "dxc_filecheck.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_sweep_of_a_git_mirror(tmp_path, capsys):
    work = tmp_path / "work"
    for name, text in TESTS.items():
        path = work / "tools" / "clang" / "test" / "HLSLFileCheck" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(work)]
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-qm", "suite"], check=True)
    bare = tmp_path / "mirror.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(work), str(bare)], check=True)
    out = tmp_path / "results.json"
    assert _load().main(["--dxc", str(bare), "-j", "2", "--json", str(out)]) == 0
    report = capsys.readouterr().out
    assert "4 files, 4 compute RUN lines" in report
    assert "pass 2, fail 1, not applicable 1; pass rate 2/3 = 66.7%" in report
    assert "DXC's high-level IR (-fcgl)" in report
    lines = {(v["file"], v["line"]): v["outcome"] for v in json.loads(out.read_text())["run_lines"]}
    assert lines == {("hlsl/pass.hlsl", 1): "pass", ("hlsl/fail.hlsl", 1): "fail",
                     ("hlsl/error.hlsl", 1): "pass", ("hlsl/na.hlsl", 1): "na"}


def test_llvm_spelling():
    spell = _load().llvm_spelling
    text = ('define void @"main"()\n{\n'
            '  %".3" = call float @"dx.op.unary.f32"(i32 6, float 0x3ff8000000000000)\n'
            '  %"h" = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, '
            '%"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 1}, i32 0, i1 0)\n'
            '!3 = !{ void ()* @"main", !"main", null, null, !2 }\n'
            '  %".4" = fadd float %".3", 0x3fb99999a0000000\n')
    assert spell(text).splitlines() == [
        "define void @main() {",
        "  %.3 = call float @dx.op.unary.f32(i32 6, float 1.500000e+00)  ; FAbs(value)",
        "  %h = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind "
        "{ i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)  ; CreateHandleFromBinding(bind,index,nonUniform)",
        '!3 = !{void ()* @main, !"main", null, null, !2}',
        "  %.4 = fadd float %.3, 0x3FB99999A0000000",     # 0.1f does not read back from %e
    ]
