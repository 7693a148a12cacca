"""hlslc: a compiler front-end for HLSL matrix code.

Compiles HLSL compute and library shaders that use the `dx::linalg`
matrix API (HLSL proposal 0035, shader model 6.10) or SM 6.8 Wave Matrix.

The library API::

    import hlslc

    result = hlslc.compile_file("shader.hlsl", hlslc.CompileOptions(profile="cs_6_10"))
    for diag in result.diagnostics:
        print(diag.severity.value, diag.message)

    unit = hlslc.parse("[numthreads(1,1,1)] void main() {}")   # raises hlslc.CompileFailed on errors

    problems = hlslc.validate(ir_text)     # the IR validator: a list of Diagnostic

    run = hlslc.run(result, "pipeline.yaml")   # the dispatch on the CPU: run.buffers, run.outcomes

    log = hlslc.sarif_log([result])        # a SARIF 2.1.0 log (a dict) of the results' diagnostics
    info = hlslc.reflect(result)           # entry points, resources, layouts, matrices (a JSON-ready dict)

    options = hlslc.CompileOptions(target_device="nvidia-h100")   # portability warnings for that device

Every name below is imported on first use (PEP 562), so `import hlslc` is
cheap and does not load lark, llvmlite or rich.
"""

from __future__ import annotations

import importlib
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ._version import __version__

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from .diagnostics import Diagnostic, Diagnostics, Note, Severity
    from .validate import validate
    from .sarif import sarif_log
    from .runner import Pipeline, PipelineError, RunError, RunResult, load_pipeline, run
    from .reflection import Reflection, ReflectionError, reflect
    from .devices import DeviceProfile, DeviceProfileError, load_device
    from .project_config import ProjectConfig, ProjectConfigError, find_project_config, load_project_config
    from .driver import (CompileFailed, CompileOptions, CompileResult, Profile, ProfileError,
                         compile_file, compile_source, parse)

__all__ = [
    "__version__",
    "compile_file",
    "compile_source",
    "parse",
    "CompileOptions",
    "CompileResult",
    "CompileFailed",
    "Profile",
    "ProfileError",
    "Diagnostic",
    "Diagnostics",
    "Note",
    "Severity",
    "validate",
    "sarif_log",
    "run",
    "RunResult",
    "RunError",
    "Pipeline",
    "PipelineError",
    "load_pipeline",
    "reflect",
    "Reflection",
    "ReflectionError",
    "load_device",
    "DeviceProfile",
    "DeviceProfileError",
    "find_project_config",
    "load_project_config",
    "ProjectConfig",
    "ProjectConfigError",
]

# public name -> submodule that defines it
_LAZY = {
    "compile_file": "driver",
    "compile_source": "driver",
    "parse": "driver",
    "CompileOptions": "driver",
    "CompileResult": "driver",
    "CompileFailed": "driver",
    "Profile": "driver",
    "ProfileError": "driver",
    "Diagnostic": "diagnostics",
    "Diagnostics": "diagnostics",
    "Note": "diagnostics",
    "Severity": "diagnostics",
    "validate": "validate",
    "sarif_log": "sarif",
    "run": "runner",
    "RunResult": "runner",
    "RunError": "runner",
    "Pipeline": "runner",
    "PipelineError": "runner",
    "load_pipeline": "runner",
    "reflect": "reflection",
    "Reflection": "reflection",
    "ReflectionError": "reflection",
    "load_device": "devices",
    "DeviceProfile": "devices",
    "DeviceProfileError": "devices",
    "find_project_config": "project_config",
    "load_project_config": "project_config",
    "ProjectConfig": "project_config",
    "ProjectConfigError": "project_config",
}


def __getattr__(name: str) -> Any:
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module 'hlslc' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module_name}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
