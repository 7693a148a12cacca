"""What a plain compile and `hlslc --version` load (issue 28): start-up time
is part of every compile, so nothing that only `hlslc run`, `-spirv`,
Vulkan, the dxc revision, the device profiles, reflection, SARIF or an
error message need may load on a plain compile, and `--version` loads no
stage at all.  (test_records checks the heavy third-party modules.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Loaded only when an option or an error asks for them.
NOT_ON_A_COMPILE = ("hlslc.runner", "hlslc.spirv", "hlslc.devices", "hlslc.reflection", "hlslc.sarif",
                    "hlslc.portability", "hlslc.verify", "hlslc.project_config", "hlslc.validate.llvm_check",
                    "hlslc.validate.command", "hlslc.lower.ssa", "hlslc.lower.dxc_print",
                    "numpy", "yaml", "ml_dtypes", "ctypes", "difflib", "dataclasses", "inspect", "lark",
                    "llvmlite.binding", "rich")


def _loaded(argv: list[str], tmp_path: Path) -> list[str]:
    code = ("import sys\nfrom hlslc.cli import main\n"
            "try:\n    rc = main(sys.argv[1:])\nexcept SystemExit as e:\n    rc = e.code\n"
            "assert rc in (0, None), rc\n"
            "print('\\n'.join(sorted(sys.modules)))\n")
    env = {"HLSLC_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, check=True,
                         cwd=str(REPO), env=env)
    return out.stdout.split()


def test_a_linalg_compile_loads_only_the_compile_path(tmp_path: Path) -> None:
    shader = REPO / "tests" / "acceptance" / "spec_sm610_examples.hlsl"
    for _ in range(2):          # a header cache miss, then a hit
        loaded = _loaded(["-T", "lib_6_10", str(shader), "-o", str(tmp_path / "out.ll")], tmp_path)
        assert "hlslc.validate.checks" in loaded and "llvmlite.ir" in loaded
        assert [m for m in loaded if m.startswith(NOT_ON_A_COMPILE)] == []


def test_a_one_function_compile_loads_only_the_compile_path(tmp_path: Path) -> None:
    shader = tmp_path / "s.hlsl"
    shader.write_text("RWByteAddressBuffer B;\n[numthreads(1,1,1)] void main() { B.Store(0, 1u); }\n")
    loaded = _loaded(["-T", "cs_6_10", str(shader), "-o", str(tmp_path / "out.ll")], tmp_path)
    assert [m for m in loaded if m.startswith(NOT_ON_A_COMPILE)] == []


def test_version_loads_no_stage(tmp_path: Path) -> None:
    loaded = _loaded(["--version"], tmp_path)
    stages = ("hlslc.front", "hlslc.sema", "hlslc.lower", "hlslc.validate.", "hlslc.dxil", "hlslc.spec", "llvmlite")
    assert [m for m in loaded if m.startswith(stages)] == []
