"""Reflection: what a compiled shader asks of the application that runs it.

Owns: `reflect(result)`, the JSON-ready description of a compile (format
name and version, source, profile, then the module's interface: entry
points, resources with registers and layouts, groupshared memory,
dx::linalg matrices with the PSV matrix uses, Wave Matrix types), the
typed shape of that object (`Reflection` and the TypedDicts below), where
the JSON schema lies, and writing the file `--reflect` names.

The interface itself is computed by lowering (`hlslc/lower/interface.py`)
from its own records; this module adds the compile's identity and checks
that there is something to reflect.  The keys are documented in
docs/reflection.md; `hlslc/schemas/reflection.schema.json` is their JSON
Schema (a test validates every reflection the suite writes against it).

Does not own: the command line (`cli`), computing layouts or registers.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from ._version import __version__

if TYPE_CHECKING:  # pragma: no cover
    from .driver import CompileResult

FORMAT = "hlslc-reflection"
VERSION = 1


class WaveSize(TypedDict):
    min: int
    max: int
    preferred: int | None


class EntryPoint(TypedDict):
    name: str
    stage: Literal["compute"]
    numthreads: list[int] | None
    threads_per_group: int | None
    wave_size: WaveSize | None


class MemberLayout(TypedDict, total=False):
    """A value in a buffer.  `name` is absent on an array's element; `row_major`
    is present on matrices; `elements`, `stride` and `element` on arrays;
    `members` on structs."""
    name: str
    type: str
    kind: Literal["scalar", "vector", "matrix", "array", "struct"]
    offset: int
    size: int
    row_major: bool
    elements: int
    stride: int
    element: "MemberLayout"
    members: "list[MemberLayout]"


class Element(TypedDict):
    type: str
    stride: int | None
    component_type: str | None
    components: int | None
    layout: MemberLayout | None


class VulkanBinding(TypedDict):
    binding: int
    set: int


Resource = TypedDict("Resource", {
    "name": str, "type": str, "kind": str, "class": Literal["SRV", "UAV", "CBV", "Sampler"], "dxil_kind": str,
    "register": str, "space": int, "register_count": "int | None", "explicit": bool,
    "array_dims": "list[int | None]", "vulkan": "VulkanBinding | None", "element": "Element | None",
    "globally_coherent": bool, "has_counter": bool, "size": "int | None", "members": "list[MemberLayout] | None",
})


class GroupsharedVariable(TypedDict):
    name: str
    type: str
    bytes: int


class Groupshared(TypedDict):
    total_bytes: int
    variables: list[GroupsharedVariable]


class LinalgMatrix(TypedDict):
    type: str
    component_type: str
    m: int
    n: int
    k: int | None
    use: Literal["A", "B", "Accumulator"]
    scope: Literal["Thread", "Wave", "ThreadGroup"]
    operations: list[str]


class MatrixUse(TypedDict):
    m: int
    n: int
    k: int
    scope: str
    operand_type: str
    result_type: str


class Linalg(TypedDict):
    matrices: list[LinalgMatrix]
    matrix_uses: list[MatrixUse]


class WaveMatrix(TypedDict):
    type: str
    kind: str
    element_type: str
    component_type: str
    m: int
    n: int
    operations: list[str]


class Reflection(TypedDict):
    """The object `reflect` returns and `--reflect` writes (docs/reflection.md)."""
    format: Literal["hlslc-reflection"]
    version: int
    hlslc_version: str
    source: str
    profile: str
    shader_model: str
    entry_points: list[EntryPoint]
    resources: list[Resource]
    groupshared: Groupshared
    linalg: Linalg
    wave_matrices: list[WaveMatrix]


class ReflectionError(ValueError):
    """`reflect` was given a compile that has nothing to reflect."""


def reflect(result: "CompileResult") -> Reflection:
    """The reflection of a successful compile that produced IR (the default
    `emit="ir"`): entry points, resources, cbuffer layouts, groupshared
    memory, dx::linalg matrices and Wave Matrix types, as documented in
    docs/reflection.md.  A fresh object each call (JSON types only).

    Raises `ReflectionError` for a compile that failed, or that stopped
    before lowering (`-fsyntax-only`, `-P`, `--ast-dump`): registers and
    layouts are decided when the shader is lowered.
    """
    if not result.ok:
        raise ReflectionError(f"no reflection for '{result.path}': the compile failed")
    interface = getattr(result.module, "hlslc_interface", None)
    if interface is None:
        raise ReflectionError(f"no reflection for '{result.path}': the compile stopped before lowering "
                              f"(emit={result.options.emit!r}); reflection needs emit='ir'")
    profile = result.options.target
    head = {"format": FORMAT, "version": VERSION, "hlslc_version": __version__, "source": result.path,
            "profile": str(profile), "shader_model": f"{profile.major}.{profile.minor}"}
    # A deep copy through JSON: callers may change what they get.
    return json.loads(json.dumps({**head, **interface}))   # type: ignore[return-value]


def to_json(reflection: Reflection) -> str:
    """The text `--reflect` writes: JSON indented by two spaces, lists of
    plain values (`"numthreads": [8, 8, 1]`) on one line, a final newline."""
    return _format(reflection, "") + "\n"


def _format(value: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{json.dumps(key)}: {_format(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list):
        if all(not isinstance(item, (dict, list)) for item in value):
            return json.dumps(value)
        return "[\n" + ",\n".join(inner + _format(item, inner) for item in value) + f"\n{indent}]"
    return json.dumps(value)


# -- --reflect ---------------------------------------------------------------

def _is_directory_target(value: str) -> bool:
    return value.endswith(("/", os.sep)) or os.path.isdir(value)


def check_reflect_option(value: str, inputs: list[str], stops_before_lowering: bool) -> str | None:
    """Why `--reflect VALUE` cannot be used with these inputs, or None."""
    if stops_before_lowering:
        return ("'--reflect' needs the lowered shader (registers and layouts are assigned when it is "
                "lowered); it cannot be used with -fsyntax-only, -P or --ast-dump")
    if not _is_directory_target(value):
        if len(inputs) > 1:
            return ("cannot use '--reflect FILE' with more than one input file; '--reflect DIR/' writes "
                    "DIR/NAME.json per input")
        return None
    seen: dict[str, str] = {}
    for path in inputs:
        target = os.path.normcase(os.path.abspath(reflection_target(value, path)))
        if target in seen:
            return f"inputs '{seen[target]}' and '{path}' would both write '{reflection_target(value, path)}'"
        seen[target] = path
    return None


def reflection_target(value: str, input_path: str) -> str:
    """The file `--reflect VALUE` writes for one input."""
    if not _is_directory_target(value):
        return value
    stem = "stdin" if input_path == "-" else os.path.splitext(os.path.basename(input_path))[0] or "out"
    return os.path.join(value, stem + ".json")


def write_reflection(result: "CompileResult", target: str) -> str | None:
    """Write the reflection of `result` to `target` (creating its directory);
    None, or why it could not be written."""
    text = to_json(reflect(result))
    try:
        directory = os.path.dirname(target)
        if directory:
            os.makedirs(directory, exist_ok=True)
        with open(target, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        return f"cannot write reflection '{target}': {reason}"
    return None


def schema_path() -> str:
    """Where the JSON Schema of the reflection object lies."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "schemas", "reflection.schema.json")


def load_schema() -> dict[str, Any]:
    with open(schema_path(), encoding="utf-8") as handle:
        return json.load(handle)
