"""Device profiles: which matrix configurations a GPU runs.

Owns: the profile model (`DeviceProfile`: matrix configurations with
M, N, K, the A, B, C and result component types, scope and saturation, or
size granularities for flexible ones; matrix-vector configurations, when the
device reports any), the built-in profiles (the JSON files next to this
module), reading a profile file in the shapes devices report it, component
type and scope names, and `DeviceProfileError` with the place in the file
that is wrong.

Profile files (docs/devices.md has the details):

- Vulkan: a list of `VkCooperativeMatrixPropertiesKHR`-shaped objects
  (`MSize`, `NSize`, `KSize`, `AType`, `BType`, `CType`, `ResultType`,
  `saturatingAccumulation`, `scope`), component types and scopes by their
  Vulkan names (`VK_COMPONENT_TYPE_FLOAT16_KHR`, `VK_SCOPE_SUBGROUP_KHR`),
  short names (`f16`, `subgroup`) or enum values; also
  `VkCooperativeMatrixFlexibleDimensionsPropertiesNV` (`MGranularity`, ...)
  and `VkCooperativeVectorPropertiesNV` (`inputType`, ...) objects.
- WebGPU: a list of `GPUSubgroupMatrixConfig` objects (`componentType`,
  `resultComponentType`, `M`, `N`, `K`), or `{"subgroupMatrixConfigs": [...]}`;
  hlslc lets `M`, `N` or `K` be null for "any size".
- A device dump as in the project's device data (`khr`, `nv`,
  `nv_flexible`, `nv_coopvec` lists), alone or in a one-element list.
- An object naming the lists above (`cooperativeMatrixProperties`,
  `cooperativeMatrixFlexibleDimensionsProperties`,
  `cooperativeVectorProperties`, `subgroupMatrixConfigs`) with an optional
  `name` and `description`.

Does not own: checking a shader against a profile (`hlslc.portability`),
the command line.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from typing import Any

from ..records import Record
from ..source import SourceFile, Span

_DIR = os.path.dirname(os.path.abspath(__file__))

# Built-in profiles: name -> file next to this module.
BUILTIN_DEVICES: dict[str, str] = {
    "nvidia-h100": "nvidia-h100.json",
    "apple-metal": "apple-metal.json",
    "webgpu-baseline": "webgpu-baseline.json",
}

SCOPES = ("subgroup", "workgroup", "device", "queuefamily")

# Component type names as profiles spell them (the project's device data,
# Vulkan's enum without prefix and suffix, WGSL's), to hlslc's names.
COMPONENT_TYPES = ("f16", "f32", "f64", "bf16", "e4m3", "e5m2", "s8", "s16", "s32", "s64", "u8", "u16", "u32",
                   "u64", "s8packed", "u8packed")
_COMPONENT_ALIASES = {
    **{name: name for name in COMPONENT_TYPES},
    "i8": "s8", "i16": "s16", "i32": "s32", "i64": "s64",
    "float16": "f16", "float32": "f32", "float64": "f64", "bfloat16": "bf16",
    "sint8": "s8", "sint16": "s16", "sint32": "s32", "sint64": "s64",
    "uint8": "u8", "uint16": "u16", "uint32": "u32", "uint64": "u64",
    "sint8_packed": "s8packed", "uint8_packed": "u8packed", "float_e4m3": "e4m3", "float_e5m2": "e5m2",
}
# VkComponentTypeKHR values of the core enumerants.
_VULKAN_COMPONENT_VALUES = {0: "f16", 1: "f32", 2: "f64", 3: "s8", 4: "s16", 5: "s32", 6: "s64", 7: "u8", 8: "u16",
                            9: "u32", 10: "u64"}
_SCOPE_ALIASES = {"subgroup": "subgroup", "workgroup": "workgroup", "device": "device",
                  "queue_family": "queuefamily", "queuefamily": "queuefamily"}
# VkScopeKHR values.
_VULKAN_SCOPE_VALUES = {1: "device", 2: "workgroup", 3: "subgroup", 5: "queuefamily"}


class MatrixConfig(Record):
    """One matrix multiply-accumulate configuration: C (MxN) += A (MxK) x B (KxN).

    With `flexible`, `m`, `n` and `k` are granularities: any positive
    multiple of each is supported (1: any size).  `workgroup_invocations`
    is the thread-group size a workgroup-scope flexible configuration
    requires (0: any).  `origin` names where it comes from, for messages.
    """

    __slots__ = ("m", "n", "k", "a", "b", "c", "result", "scope", "saturating", "flexible",
                 "workgroup_invocations", "origin")
    _fields = __slots__

    def __init__(self, m: int, n: int, k: int, a: str, b: str, c: str, result: str, scope: str = "subgroup",
                 saturating: bool = False, flexible: bool = False, workgroup_invocations: int = 0,
                 origin: str = "") -> None:
        self.m = m
        self.n = n
        self.k = k
        self.a = a
        self.b = b
        self.c = c
        self.result = result
        self.scope = scope
        self.saturating = saturating
        self.flexible = flexible
        self.workgroup_invocations = workgroup_invocations
        self.origin = origin


class VectorConfig(Record):
    """One matrix-vector configuration (cooperative vectors): an input vector
    of type `input` read as `input_interp`, a matrix of `matrix_interp`, a
    bias of `bias_interp`, a result vector of `result`."""

    __slots__ = ("input", "input_interp", "matrix_interp", "bias_interp", "result", "transpose")
    _fields = __slots__

    def __init__(self, input: str, input_interp: str, matrix_interp: str, bias_interp: str, result: str,
                 transpose: bool = False) -> None:
        self.input = input
        self.input_interp = input_interp
        self.matrix_interp = matrix_interp
        self.bias_interp = bias_interp
        self.result = result
        self.transpose = transpose


class DeviceProfile(Record):
    """What one device runs: `matrix_configs` and `vector_configs` (None when
    the profile says nothing about matrix-vector products, so they are not
    checked; an empty list means the device has none).  `name` is what
    messages call the device; `source` is "built-in" or the file read."""

    __slots__ = ("name", "description", "matrix_configs", "vector_configs", "source")
    _fields = __slots__

    def __init__(self, name: str, description: str = "", matrix_configs: list[MatrixConfig] | None = None,
                 vector_configs: list[VectorConfig] | None = None, source: str = "built-in") -> None:
        self.name = name
        self.description = description
        self.matrix_configs = [] if matrix_configs is None else matrix_configs
        self.vector_configs = vector_configs
        self.source = source

    def summary(self) -> str:
        """One line: the description and what the profile holds."""
        parts = []
        exact = [c for c in self.matrix_configs if not c.flexible]
        flexible = [c for c in self.matrix_configs if c.flexible]
        for scope in SCOPES:
            shapes = sorted({(c.m, c.n, c.k) for c in exact if c.scope == scope}, reverse=True)
            if shapes:
                inputs = _ordered_types(c.a for c in exact if c.scope == scope)
                parts.append(f"{scope} MxNxK {', '.join(f'{m}x{n}x{k}' for m, n, k in shapes)} "
                             f"({', '.join(inputs)} inputs)")
        for scope in SCOPES:
            chosen = [c for c in flexible if c.scope == scope]
            if chosen:
                if all(c.m == c.n == c.k == 1 for c in chosen):
                    sizes = "any size"
                else:
                    sizes = "sizes in multiples of " + ", ".join(
                        sorted({f"{c.m}x{c.n}x{c.k}" for c in chosen}, key=_size_key))
                parts.append(f"{scope} {sizes} ({', '.join(_ordered_types(c.a for c in chosen))} inputs)")
        if self.vector_configs:
            parts.append(f"matrix-vector: {len(self.vector_configs)} type combinations")
        text = "; ".join(parts) if parts else "no matrix configurations"
        return f"{self.description}: {text}" if self.description else text


def _ordered_types(types: Any) -> list[str]:
    seen = set(types)
    return [t for t in COMPONENT_TYPES if t in seen]


def _size_key(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split("x"))


class DeviceProfileError(ValueError):
    """A device profile that cannot be used: an unknown name, an unreadable
    file, or a file that is not a profile.  `span` is where in the file (None
    when the problem is not at a place in it); `str()` reads
    `path:line:col: message`."""

    def __init__(self, message: str, span: Span | None = None, path: str | None = None) -> None:
        self.message = message
        self.span = span
        self.path = path if path is not None else (span.file.path if span is not None else None)
        if span is not None:
            line, col = span.line_col()
            super().__init__(f"{span.file.path}:{line}:{col}: {message}")
        else:
            super().__init__(message)


def builtin_names() -> list[str]:
    return list(BUILTIN_DEVICES)


def list_devices_text() -> str:
    """What `hlslc --list-devices` prints: a line per built-in profile."""
    width = max(len(name) for name in BUILTIN_DEVICES) + 2
    return "".join(f"{name:<{width}}{load_device(name).summary()}\n" for name in BUILTIN_DEVICES)


def load_device(spec: str) -> DeviceProfile:
    """The profile a built-in name (`nvidia-h100`, `apple-metal`,
    `webgpu-baseline`) or a JSON file names; raises `DeviceProfileError`."""
    if spec in BUILTIN_DEVICES:
        profile = read_profile(os.path.join(_DIR, BUILTIN_DEVICES[spec]))
        profile.name = spec
        profile.source = "built-in"
        return profile
    if not os.path.exists(spec) and os.sep not in spec and "/" not in spec and not spec.endswith(".json"):
        message = f"unknown device '{spec}'; the built-in devices are {', '.join(BUILTIN_DEVICES)}, or name a JSON file"
        guess = difflib.get_close_matches(spec, list(BUILTIN_DEVICES), n=1, cutoff=0.6)
        if guess:
            message = f"unknown device '{spec}'; did you mean '{guess[0]}'? (built-in: {', '.join(BUILTIN_DEVICES)})"
        raise DeviceProfileError(message)
    return read_profile(spec)


def read_profile(path: str) -> DeviceProfile:
    """Read a profile file (see the module's docstring for its shapes)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except IsADirectoryError:
        raise DeviceProfileError(f"cannot read device profile '{path}': is a directory", path=path) from None
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise DeviceProfileError(f"cannot read device profile '{path}': {reason}", path=path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        file = SourceFile(path, data[:exc.start].decode("utf-8", "replace"))
        raise DeviceProfileError("device profile is not valid UTF-8",
                                 Span(file, len(file.text), len(file.text))) from None
    return parse_profile(text, path)


def parse_profile(text: str, path: str = "<profile>") -> DeviceProfile:
    """A profile from the text of a profile file; raises `DeviceProfileError`
    at the place that is wrong."""
    if text.startswith("\ufeff"):
        text = text[1:]
    file = SourceFile(path, text)
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeviceProfileError(f"invalid JSON: {exc.msg}", Span(file, exc.pos, exc.pos + 1)) from None
    except RecursionError:
        raise DeviceProfileError("invalid JSON: nested too deeply", Span(file, 0, 1)) from None
    reader = _ProfileReader(file)
    try:
        value = _JsonReader(file).read()
    except RecursionError:
        raise DeviceProfileError("invalid JSON: nested too deeply", Span(file, 0, 1)) from None
    stem = os.path.splitext(os.path.basename(path))[0] or "device"
    return reader.profile(value, stem)


# --------------------------------------------------------------------------
# JSON with positions: containers remember where each member starts

class _Object(dict):
    """A JSON object; `start` is the offset of its '{', `where[key]` of each value."""
    start = 0
    where: dict[str, int]
    key_at: dict[str, int]


class _Array(list):
    start = 0
    where: list[int]


_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")


class _JsonReader:
    """A reader for text `json.loads` accepted, keeping offsets; it rejects
    what JSON itself lacks and Python's reader allows (NaN, Infinity)."""

    def __init__(self, file: SourceFile) -> None:
        self.file = file
        self.text = file.text

    def read(self) -> Any:
        value, _ = self._value(_SPACE.match(self.text, 0).end(), 0)
        return value

    def _value(self, i: int, depth: int) -> tuple[Any, int]:
        text = self.text
        ch = text[i]
        if ch == "{":
            obj = _Object()
            obj.start, obj.where, obj.key_at = i, {}, {}
            i = _SPACE.match(text, i + 1).end()
            if text[i] == "}":
                return obj, i + 1
            while True:
                key_start = i
                key, i = json.decoder.scanstring(text, i + 1)
                i = _SPACE.match(text, i).end() + 1          # the ':'
                i = _SPACE.match(text, i).end()
                obj.key_at[key], obj.where[key] = key_start, i
                obj[key], i = self._value(i, depth + 1)
                i = _SPACE.match(text, i).end()
                if text[i] == "}":
                    return obj, i + 1
                i = _SPACE.match(text, i + 1).end()           # past the ','
        if ch == "[":
            arr = _Array()
            arr.start, arr.where = i, []
            i = _SPACE.match(text, i + 1).end()
            if text[i] == "]":
                return arr, i + 1
            while True:
                arr.where.append(i)
                item, i = self._value(i, depth + 1)
                arr.append(item)
                i = _SPACE.match(text, i).end()
                if text[i] == "]":
                    return arr, i + 1
                i = _SPACE.match(text, i + 1).end()
        if ch == '"':
            return json.decoder.scanstring(text, i + 1)
        for word, value in (("true", True), ("false", False), ("null", None)):
            if text.startswith(word, i):
                return value, i + len(word)
        match = _NUMBER.match(text, i)
        if match is None or match.end() == i:
            raise DeviceProfileError("invalid JSON: NaN and Infinity are not JSON numbers", Span(self.file, i, i + 1))
        number = match.group(0)
        if match.group(1) or match.group(2):
            return float(number), match.end()
        return int(number), match.end()


# --------------------------------------------------------------------------
# Profile shapes

# How a field of a configuration object is read: (attributes it sets, kind).
_Field = tuple[tuple[str, ...], str]


class _Shape:
    """One kind of configuration object: its fields, which are required, and
    defaults for the others."""

    def __init__(self, name: str, fields: dict[str, _Field], required: tuple[str, ...], vector: bool = False,
                 flexible: bool = False, origin: str = "") -> None:
        self.name = name
        self.fields = fields
        self.required = required
        self.vector = vector
        self.flexible = flexible
        self.origin = origin


def _common(a: str, b: str, c: str, result: str, saturating: str, scope: str) -> dict[str, _Field]:
    return {a: (("a",), "component"), b: (("b",), "component"), c: (("c",), "component"),
            result: (("result",), "component"), saturating: (("saturating",), "bool"), scope: (("scope",), "scope")}


_VULKAN_IGNORED: dict[str, _Field] = {"sType": ((), "ignored"), "pNext": ((), "ignored")}

_VULKAN_MATRIX = _Shape(
    "VkCooperativeMatrixPropertiesKHR object",
    {"MSize": (("m",), "size"), "NSize": (("n",), "size"), "KSize": (("k",), "size"),
     **_common("AType", "BType", "CType", "ResultType", "saturatingAccumulation", "scope"), **_VULKAN_IGNORED},
    ("MSize", "NSize", "KSize", "AType", "BType", "CType", "ResultType"), origin="VK_KHR_cooperative_matrix")
_VULKAN_FLEXIBLE = _Shape(
    "VkCooperativeMatrixFlexibleDimensionsPropertiesNV object",
    {"MGranularity": (("m",), "size"), "NGranularity": (("n",), "size"), "KGranularity": (("k",), "size"),
     **_common("AType", "BType", "CType", "ResultType", "saturatingAccumulation", "scope"),
     "workgroupInvocations": (("workgroup_invocations",), "count"), **_VULKAN_IGNORED},
    ("MGranularity", "NGranularity", "KGranularity", "AType", "BType", "CType", "ResultType"), flexible=True,
    origin="VK_NV_cooperative_matrix2")
_DUMP_MATRIX = _Shape(
    "cooperative-matrix configuration",
    {"M": (("m",), "size"), "N": (("n",), "size"), "K": (("k",), "size"),
     **_common("A", "B", "C", "Result", "saturating", "scope"), "D": (("result",), "component")},
    ("M", "N", "K", "A", "B", "C"), origin="VK_KHR_cooperative_matrix")
_DUMP_FLEXIBLE = _Shape(
    "flexible cooperative-matrix configuration",
    {"Mgran": (("m",), "size"), "Ngran": (("n",), "size"), "Kgran": (("k",), "size"),
     **_common("A", "B", "C", "Result", "saturating", "scope"),
     "workgroupInvocations": (("workgroup_invocations",), "count")},
    ("Mgran", "Ngran", "Kgran", "A", "B", "C", "Result"), flexible=True, origin="VK_NV_cooperative_matrix2")
_WEBGPU_MATRIX = _Shape(
    "GPUSubgroupMatrixConfig object",
    {"componentType": (("a", "b"), "component"), "resultComponentType": (("c", "result"), "component"),
     "M": (("m",), "size or null"), "N": (("n",), "size or null"), "K": (("k",), "size or null")},
    ("componentType", "resultComponentType", "M", "N", "K"), origin="WebGPU subgroup-matrix")
_VULKAN_VECTOR = _Shape(
    "VkCooperativeVectorPropertiesNV object",
    {"inputType": (("input",), "component"), "inputInterpretation": (("input_interp",), "component"),
     "matrixInterpretation": (("matrix_interp",), "component"),
     "biasInterpretation": (("bias_interp",), "component"), "resultType": (("result",), "component"),
     "transpose": (("transpose",), "bool"), **_VULKAN_IGNORED},
    ("inputType", "inputInterpretation", "matrixInterpretation", "biasInterpretation", "resultType"), vector=True)
_DUMP_VECTOR = _Shape(
    "cooperative-vector configuration",
    {"input": (("input",), "component"), "inputInterp": (("input_interp",), "component"),
     "matrixInterp": (("matrix_interp",), "component"), "biasInterp": (("bias_interp",), "component"),
     "result": (("result",), "component"), "transpose": (("transpose",), "bool")},
    ("input", "inputInterp", "matrixInterp", "biasInterp", "result"), vector=True)

# A configuration object's shape, from the first of these keys it has.
_SHAPE_MARKERS: tuple[tuple[str, _Shape], ...] = (
    ("MSize", _VULKAN_MATRIX), ("MGranularity", _VULKAN_FLEXIBLE), ("Mgran", _DUMP_FLEXIBLE),
    ("componentType", _WEBGPU_MATRIX), ("resultComponentType", _WEBGPU_MATRIX),
    ("inputType", _VULKAN_VECTOR), ("inputInterpretation", _VULKAN_VECTOR),
    ("inputInterp", _DUMP_VECTOR), ("matrixInterp", _DUMP_VECTOR), ("A", _DUMP_MATRIX), ("M", _DUMP_MATRIX),
)

_ALL_CONFIG_KEYS = sorted({key for _, shape in _SHAPE_MARKERS for key in shape.fields})

# Keys of a profile object: the lists of configurations, and the rest.
_LIST_KEYS = ("cooperativeMatrixProperties", "cooperativeMatrixFlexibleDimensionsProperties",
              "cooperativeVectorProperties", "subgroupMatrixConfigs", "khr", "nv", "nv_flexible", "nv_coopvec")
_VECTOR_LISTS = ("cooperativeVectorProperties", "nv_coopvec")
_TEXT_KEYS = ("name", "description", "device", "apiVersion", "vendorID", "deviceID")
_OTHER_KEYS = ("driverVersionRaw", "cooperative_extensions")
_DEVICE_MARKERS = ("khr", "nv", "nv_flexible", "nv_coopvec", "device")


class _ProfileReader:
    def __init__(self, file: SourceFile) -> None:
        self.file = file

    def error(self, message: str, offset: int) -> DeviceProfileError:
        # Underline the whole token at `offset` (a string, number or word).
        end = offset + 1
        text = self.file.text
        if offset < len(text) and text[offset] == '"':
            try:
                end = json.decoder.scanstring(text, offset + 1)[1]
            except ValueError:
                pass
        else:
            token = _NUMBER.match(text, offset) or re.compile(r"true|false|null").match(text, offset)
            if token is not None and token.end() > offset:
                end = token.end()
        return DeviceProfileError(message, Span(self.file, offset, end))

    def profile(self, value: Any, stem: str) -> DeviceProfile:
        matrices: list[MatrixConfig] = []
        vectors: list[VectorConfig] | None = None
        name, description = stem, ""
        if isinstance(value, _Array):
            devices = [(item, at) for item, at in zip(value, value.where)
                       if isinstance(item, _Object) and any(k in item for k in _DEVICE_MARKERS)]
            if devices:
                if len(devices) > 1:
                    raise self.error(f"the file describes {len(devices)} devices; hlslc checks against one "
                                     "(keep the one you target)", devices[1][1])
                if len(value) > 1:
                    other = next(at for item, at in zip(value, value.where) if item is not devices[0][0])
                    raise self.error("a device description and loose configurations in one list; put the "
                                     "configurations in the device's lists", other)
                value = devices[0][0]
            else:
                for item, at in zip(value, value.where):
                    config = self.config(item, at, None)
                    if isinstance(config, VectorConfig):
                        vectors = (vectors or []) + [config]
                    else:
                        matrices.append(config)
                if not value:
                    raise self.error("the list of configurations is empty", value.start)
                return DeviceProfile(name, description, matrices, vectors, source=self.file.path)
        if not isinstance(value, _Object):
            raise self.error("a device profile is a JSON list of configurations or an object with lists of "
                             "them (subgroupMatrixConfigs, cooperativeMatrixProperties, ...)", 0)
        known = (*_LIST_KEYS, *_TEXT_KEYS, *_OTHER_KEYS)
        for key in value:
            if key not in known:
                raise self.error(_unknown_key(key, known, "a device profile"), value.key_at[key])
        for key in _TEXT_KEYS:
            if key in value and not isinstance(value[key], str):
                raise self.error(f"'{key}' must be a string", value.where[key])
        if "name" in value:
            name = value["name"]
            if not name:
                raise self.error("'name' must not be empty", value.where["name"])
        description = value.get("description") or value.get("device") or ""
        if "description" not in value and "apiVersion" in value and description:
            description += f", Vulkan {value['apiVersion']}"
        lists = [key for key in _LIST_KEYS if key in value]
        if not lists:
            raise self.error("the profile lists no configurations: give subgroupMatrixConfigs, "
                             "cooperativeMatrixProperties or cooperativeVectorProperties", value.start)
        for key in lists:
            items = value[key]
            if not isinstance(items, _Array):
                raise self.error(f"'{key}' must be a list of configurations", value.where[key])
            if key in _VECTOR_LISTS:
                vectors = vectors or []
            for item, at in zip(items, items.where):
                config = self.config(item, at, key in _VECTOR_LISTS)
                if isinstance(config, VectorConfig):
                    if key not in _VECTOR_LISTS:
                        raise self.error(f"a matrix-vector configuration in '{key}', a list of matrix "
                                         "configurations", at)
                    vectors.append(config)   # type: ignore[union-attr]
                else:
                    if key in _VECTOR_LISTS:
                        raise self.error(f"a matrix configuration in '{key}', a list of matrix-vector "
                                         "configurations", at)
                    matrices.append(config)
        return DeviceProfile(name, description, matrices, vectors, source=self.file.path)

    def config(self, item: Any, at: int, vector: bool | None) -> MatrixConfig | VectorConfig:
        if not isinstance(item, _Object):
            raise self.error("a configuration must be a JSON object", at)
        shape = next((s for key, s in _SHAPE_MARKERS if key in item), None)
        if shape is None:
            for key in item:
                close = difflib.get_close_matches(key, _ALL_CONFIG_KEYS, n=1, cutoff=0.75)
                if close and close[0] != key:
                    raise self.error(f"unknown key '{key}' in a configuration; did you mean '{close[0]}'?",
                                     item.key_at[key])
            expected = ("VkCooperativeVectorPropertiesNV keys (inputType, inputInterpretation, "
                        "matrixInterpretation, biasInterpretation, resultType)" if vector else
                        "VkCooperativeMatrixPropertiesKHR keys (MSize, NSize, KSize, AType, BType, CType, "
                        "ResultType, saturatingAccumulation, scope) or GPUSubgroupMatrixConfig keys "
                        "(componentType, resultComponentType, M, N, K)")
            raise self.error(f"not a configuration: expected {expected}", item.start)
        values: dict[str, Any] = {}
        for key, raw in item.items():
            field = shape.fields.get(key)
            if field is None:
                raise self.error(_unknown_key(key, list(shape.fields), f"a {shape.name}"), item.key_at[key])
            attrs, kind = field
            value = self.field_value(key, raw, kind, item.where[key])
            for attr in attrs:
                values[attr] = value
        missing = [key for key in shape.required if key not in item]
        if missing:
            raise self.error(f"{shape.name} without {', '.join(repr(k) for k in missing)}", item.start)
        if shape.vector:
            return VectorConfig(values["input"], values["input_interp"], values["matrix_interp"],
                                values["bias_interp"], values["result"], bool(values.get("transpose", False)))
        flexible = shape.flexible
        sizes = [values[d] for d in ("m", "n", "k")]
        if None in sizes:                       # WebGPU with null sizes: any size
            if any(s is not None for s in sizes):
                raise self.error("M, N and K are all sizes or all null (any size)", item.start)
            sizes, flexible = [1, 1, 1], True
        config = MatrixConfig(sizes[0], sizes[1], sizes[2], values["a"], values["b"], values["c"],
                              values.get("result", values["c"]), values.get("scope", "subgroup"),
                              bool(values.get("saturating", False)), flexible,
                              values.get("workgroup_invocations", 0), shape.origin)
        if config.workgroup_invocations and config.scope != "workgroup":
            raise self.error("workgroupInvocations is for workgroup-scope configurations",
                             item.where["workgroupInvocations"])
        return config

    def field_value(self, key: str, raw: Any, kind: str, at: int) -> Any:
        if kind == "ignored":
            return None
        if kind in ("size", "size or null", "count"):
            if raw is None and kind == "size or null":
                return None
            low = 0 if kind == "count" else 1
            if isinstance(raw, bool) or not isinstance(raw, int) or raw < low:
                what = "a non-negative integer" if kind == "count" else "a positive integer"
                raise self.error(f"'{key}' must be {what}{' or null' if kind == 'size or null' else ''}, "
                                 f"not {_spell(raw)}", at)
            return raw
        if kind == "bool":
            if isinstance(raw, bool):
                return raw
            if raw in (0, 1) and not isinstance(raw, float):
                return bool(raw)
            if isinstance(raw, str) and raw.upper() in ("VK_TRUE", "VK_FALSE"):
                return raw.upper() == "VK_TRUE"
            raise self.error(f"'{key}' must be true or false, not {_spell(raw)}", at)
        if kind == "component":
            component = component_name(raw)
            if component is None:
                raise self.error(f"unknown component type {_spell(raw)} for '{key}'; expected a Vulkan "
                                 f"VkComponentTypeKHR name (VK_COMPONENT_TYPE_FLOAT16_KHR, ...) or one of "
                                 f"{', '.join(COMPONENT_TYPES)}", at)
            return component
        if kind == "scope":
            scope = scope_name(raw)
            if scope is None:
                raise self.error(f"unknown scope {_spell(raw)} for '{key}'; expected VK_SCOPE_SUBGROUP_KHR, "
                                 f"VK_SCOPE_WORKGROUP_KHR (or subgroup, workgroup)", at)
            return scope
        raise AssertionError(kind)


def component_name(raw: Any) -> str | None:
    """hlslc's name of a component type as a profile spells it, or None."""
    return _vulkan_enum(raw, "vk_component_type_", _VULKAN_COMPONENT_VALUES, _COMPONENT_ALIASES)


def scope_name(raw: Any) -> str | None:
    """hlslc's name of a scope as a profile spells it, or None."""
    return _vulkan_enum(raw, "vk_scope_", _VULKAN_SCOPE_VALUES, _SCOPE_ALIASES)


def _vulkan_enum(raw: Any, prefix: str, values: dict[int, str], aliases: dict[str, str]) -> str | None:
    """A Vulkan enumerant given by value, by name (with or without its
    `VK_..._` prefix and `_KHR`/`_NV` suffix, in any case) or by short name."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return values.get(raw)
    if not isinstance(raw, str):
        return None
    text = raw.lower()
    text = text[len(prefix):] if text.startswith(prefix) else text
    for suffix in ("_khr", "_nv"):
        if text.endswith(suffix):
            text = text[:-len(suffix)]
    return aliases.get(text)


def _spell(raw: Any) -> str:
    return json.dumps(raw) if not isinstance(raw, (_Object, _Array)) else ("an object" if isinstance(raw, dict)
                                                                           else "a list")


def _unknown_key(key: str, known: Any, where: str) -> str:
    message = f"unknown key '{key}' in {where}"
    guess = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    if guess:
        message += f"; did you mean '{guess[0]}'?"
    return message
