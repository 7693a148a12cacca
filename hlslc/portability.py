"""Portability: the matrices of a checked program against a device profile.

Owns: mapping dx::linalg matrix types (component, M, N, use, scope) and
Wave Matrix types onto a device's configurations (`hlslc.devices`), and
reporting, at the source line, every matrix type no configuration has,
every multiply whose M, N, K and component types no configuration has, and
every matrix-vector multiply the device's cooperative-vector list lacks,
with the nearest configurations the device does have.  The warnings form
the group `portability` (`-Wno-portability`, `-Werror=portability`).

The mapping (docs/devices.md):

- Scope: Wave is subgroup scope, ThreadGroup workgroup scope (a flexible
  workgroup configuration also fixes the thread-group size, compared with
  the entry's `numthreads` when the compile has one entry).  Thread-scope
  matrices are not cooperative matrices: their matrix-vector multiplies are
  checked against the profile's cooperative-vector list, when it has one.
- Types: an A matrix (M x K) needs a configuration with that M, K and A
  type; a B matrix (K x N) that K, N and B type; an accumulator that M, N
  and C or result type.  A multiply (`Multiply`, `MultiplyAccumulate`)
  needs one non-saturating configuration with its M, N, K, A and B types
  and the accumulator's type as C and result.  F16, F32, F64, I16..U64 map
  to f16 ... u64; PackedS8x32 and PackedU8x32 (M and N count 8-bit
  values) to s8 and u8.  Other component types have no device type.
- Wave Matrix: `WaveMatrixLeft/Right/Accumulator<T, M, N>` belong to the
  multiply unit M x N x K, where K is the device's depth (`MatrixDepth()`,
  a multiple of 16); each needs a subgroup configuration with that M and N,
  a K that is a multiple of 16 and its element type (float/half -> f32/f16,
  int -> s32, [u]int8_t4_packed -> s8/u8) as A, B or accumulator type.
- Flexible configurations (granularities) support every multiple of their
  sizes.

A type no configuration has is reported once, where it is first used; a
multiply is checked only when its operand types pass, so one mistake gives
one warning.

Does not own: reading profiles (`hlslc.devices`), the dx::linalg rules.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, Diagnostics, Severity
from .sema import types as T
from .sema.base import SemaError
from .sema.linalg import shape_of
from .sema.wavematrix import component_type
from .spec.linalg_rules import MatrixShape

if TYPE_CHECKING:  # pragma: no cover
    from .devices import DeviceProfile, MatrixConfig, VectorConfig
    from .sema.analyzer import SemaResult
    from .source import Span

GROUP = "portability"
RULE_ID = "PORTABILITY-UNSUPPORTED"   # its entry in hlslc/spec/rules.py (SARIF ruleId)
# -Wportability (default), -Werror=portability, -Wno-error=portability, -Wno-portability.
MODES = ("warning", "error", "no-error", "off")

DEVICE_SCOPES = {"Wave": "subgroup", "ThreadGroup": "workgroup"}
LINALG_COMPONENTS = {"F16": "f16", "F32": "f32", "F64": "f64", "I16": "s16", "U16": "u16", "I32": "s32",
                     "U32": "u32", "I64": "s64", "U64": "u64", "PackedS8x32": "s8", "PackedU8x32": "u8"}
# The Wave Matrix depth K is a multiple of this (wave-matrix-sm6.8.md).
WAVE_MATRIX_DEPTH_STEP = 16

_ROLE_WORDS = {"A": "an A matrix", "B": "a B matrix", "Accumulator": "an accumulator"}
_NEAREST = 3


class _Query:
    """What a matrix type or a multiply needs of a configuration.

    `dims` are (letter, size) with letters M, N, K; a size None is the Wave
    Matrix depth (any multiple of 16).  `types` maps "a", "b" and "c" (C and
    result) to device component names, None for a type no device has.
    `role` is "A", "B", "Accumulator" or "multiply"."""

    def __init__(self, role: str, scope: str, dims: list[tuple[str, int | None]],
                 types: dict[str, str | None], names: dict[str, str]) -> None:
        self.role = role
        self.scope = scope
        self.dims = dims
        self.types = types
        self.names = names           # the source's names of the types, for unmapped ones

    def key(self) -> tuple:
        return (self.role, self.scope, tuple(self.dims), tuple(sorted(self.types.items())))


class Checker:
    def __init__(self, sema: "SemaResult", device: "DeviceProfile", diags: Diagnostics, mode: str) -> None:
        self.sema = sema
        self.device = device
        self.diags = diags
        self.mode = mode
        self.threads = _entry_threads(sema)
        self.found: list[tuple[Span, str]] = []

    # -- the walk ----------------------------------------------------------

    def run(self) -> None:
        types: list[tuple[Span, Any, str, _Query]] = []     # (first span, key, spelling, query)
        uses: list[tuple[Span, Any]] = []
        for t, span in self.sema.matrix_declarations:
            uses.append((span, t))
        for call in self.sema.linalg_calls:
            for shape in ([call.matrix] if call.matrix is not None else []) + list(call.operands):
                uses.append((call.span, shape))
        for _name, span, wm, args in self.sema.wave_matrix_calls:
            uses.append((span, wm))
            uses.extend((span, a) for a in args if isinstance(a, T.WaveMatrixType))
        seen: set[Any] = set()
        unsupported: set[Any] = set()
        for span, thing in sorted(uses, key=lambda u: _order(u[0])):
            described = self.describe_type(thing)
            if described is None:
                continue
            key, spelling, query = described
            if key in seen:
                continue
            seen.add(key)
            if not self.matches_any(query):
                unsupported.add(key)
                types.append((span, key, spelling, query))
        for span, _key, spelling, query in types:
            self.report_type(span, spelling, query)
        self.check_multiplies(unsupported)
        self.flush()

    def describe_type(self, thing: Any) -> tuple[Any, str, _Query] | None:
        """(key, spelling, query) of a dx::linalg or Wave Matrix type, or None
        for a type not checked as such."""
        if isinstance(thing, T.ClassType):
            thing = shape_of(thing.instance)
        if isinstance(thing, T.WaveMatrixType):
            return ("wave", thing.spell()), thing.spell(), _wave_type_query(thing)
        if isinstance(thing, MatrixShape) and thing.scope in DEVICE_SCOPES:
            return ("linalg", thing), thing.spell(), _linalg_type_query(thing)
        return None        # Thread scope: checked through its matrix-vector multiplies

    def check_multiplies(self, unsupported: set[Any]) -> None:
        done: set[tuple] = set()
        for call in self.sema.linalg_calls:
            if call.operation in ("Multiply", "MultiplyAccumulate") and len(call.operands) == 2 \
                    and call.matrix is not None:
                a, b = call.operands
                c = call.matrix
                if c.scope not in DEVICE_SCOPES or any(("linalg", s) in unsupported for s in (a, b, c)):
                    continue
                query = _Query("multiply", DEVICE_SCOPES[c.scope], [("M", a.m), ("N", b.n), ("K", a.n)],
                               {"a": LINALG_COMPONENTS.get(a.component), "b": LINALG_COMPONENTS.get(b.component),
                                "c": LINALG_COMPONENTS.get(c.component)},
                               {"a": a.component, "b": b.component, "c": c.component})
                self.check_multiply(call.span, query, done)
            elif call.operation in ("MultiplyVector", "MultiplyAdd") and call.matrix is not None \
                    and self.device.vector_configs is not None:
                self.check_vector(call, done)
        for name, span, wm, args in self.sema.wave_matrix_calls:
            if name not in ("Multiply", "MultiplyAccumulate") or len(args) != 2 \
                    or not all(isinstance(a, T.WaveMatrixType) for a in args):
                continue
            left, right = args
            if any(("wave", m.spell()) in unsupported for m in (wm, left, right)):
                continue
            query = _Query("multiply", "subgroup", [("M", wm.m), ("N", wm.n), ("K", None)],
                           {"a": _wave_component(left), "b": _wave_component(right), "c": _wave_component(wm)},
                           {"a": left.elem.spell(), "b": right.elem.spell(), "c": wm.elem.spell()})
            self.check_multiply(span, query, done)

    # -- matching ------------------------------------------------------------

    def matches(self, config: "MatrixConfig", query: _Query) -> bool:
        if config.scope != query.scope:
            return False
        if not all(_size_fits(config, letter, size) for letter, size in query.dims):
            return False
        if config.workgroup_invocations and self.threads is not None \
                and config.workgroup_invocations != self.threads:
            return False
        types = query.types
        if "a" in types and config.a != types["a"]:
            return False
        if "b" in types and config.b != types["b"]:
            return False
        if "c" in types:
            if query.role == "multiply":
                if config.c != types["c"] or config.result != types["c"] or config.saturating:
                    return False
            elif types["c"] not in (config.c, config.result):
                return False
        return True

    def matches_any(self, query: _Query) -> bool:
        return any(self.matches(config, query) for config in self.device.matrix_configs)

    def distance(self, config: "MatrixConfig", query: _Query) -> float:
        score = 0.0
        if config.scope != query.scope:
            score += 1000
        if config.workgroup_invocations and self.threads is not None \
                and config.workgroup_invocations != self.threads:
            score += 50
        types = query.types
        if "a" in types and config.a != types["a"]:
            score += 100
        if "b" in types and config.b != types["b"]:
            score += 100
        if "c" in types:
            if query.role == "multiply":
                score += 100 if types["c"] != config.c or types["c"] != config.result else 0
            elif types["c"] not in (config.c, config.result):
                score += 100
        for letter, size in query.dims:
            value = getattr(config, letter.lower())
            if size is None:
                score += 0 if config.flexible or value % WAVE_MATRIX_DEPTH_STEP == 0 else 1
            elif config.flexible:
                score += abs(math.log2(size / max(value, value * round(size / value))))
            else:
                score += abs(math.log2(size / value))
        return score

    def nearest(self, query: _Query) -> list[str]:
        ranked = sorted(((self.distance(c, query), i, c) for i, c in enumerate(self.device.matrix_configs)),
                        key=lambda item: (item[0], item[1]))
        out: list[str] = []
        for _score, _index, config in ranked:
            if query.role == "multiply" and config.saturating:
                continue
            text = self.spell_config(config, query)
            if text not in out:
                out.append(text)
            if len(out) == _NEAREST:
                break
        return out

    # -- multiplies ----------------------------------------------------------

    def check_multiply(self, span: "Span", query: _Query, done: set[tuple]) -> None:
        key = (_order(span), query.key())
        if key in done:
            return
        done.add(key)
        if self.matches_any(query):
            return
        self.report(span, f"multiply {self.spell_query(query)} at {query.scope} scope is not supported by "
                          f"device '{self.device.name}'{self.nearest_text(query)}")

    def check_vector(self, call: Any, done: set[tuple]) -> None:
        matrix = call.matrix
        components = call.vector_components
        wanted = {
            "matrix": LINALG_COMPONENTS.get(matrix.component),
            "input": LINALG_COMPONENTS.get(components.get("input", "")),
            "result": LINALG_COMPONENTS.get(components.get("result", "")),
        }
        interp = wanted["matrix"]
        if matrix.packed and wanted["input"] in ("s32", "u32"):
            interp = f"{wanted['matrix']}packed"      # four 8-bit values in each 32-bit element
        wanted["input_interp"] = interp
        if call.operation == "MultiplyAdd":
            wanted["bias"] = wanted["result"]          # the bias is converted to the result type
        key = (_order(call.span), tuple(sorted((k, str(v)) for k, v in wanted.items())))
        if key in done:
            return
        done.add(key)
        configs = self.device.vector_configs or []

        def mismatches(config: "VectorConfig") -> int:
            pairs = [(config.input, wanted["input"]), (config.input_interp, wanted["input_interp"]),
                     (config.matrix_interp, wanted["matrix"]), (config.result, wanted["result"])]
            if "bias" in wanted:
                pairs.append((config.bias_interp, wanted["bias"]))
            return sum(1 for have, want in pairs if have != want)

        if any(mismatches(c) == 0 for c in configs):
            return
        names = {"matrix": matrix.component, "input": components.get("input", "?"),
                 "result": components.get("result", "?")}
        asked = (f"{_name(wanted['input'], names['input'])} input read as "
                 f"{_name(wanted['input_interp'], names['matrix'])}, {_name(wanted['matrix'], names['matrix'])} "
                 f"matrix, {_name(wanted['result'], names['result'])} result")
        if not configs:
            tail = ": the device has no matrix-vector (cooperative vector) configurations"
        else:
            ranked = sorted(range(len(configs)), key=lambda i: (mismatches(configs[i]), i))
            spelled: list[str] = []
            for i in ranked:
                config = configs[i]
                text = (f"{config.input} input read as {config.input_interp}, {config.matrix_interp} matrix, "
                        f"{config.result} result" + (f", {config.bias_interp} bias" if "bias" in wanted else ""))
                if text not in spelled:
                    spelled.append(text)
                if len(spelled) == _NEAREST:
                    break
            tail = "; nearest supported: " + "; ".join(spelled)
        self.report(call.span, f"matrix-vector multiply with '{matrix.spell()}' ({asked}) is not supported by "
                               f"device '{self.device.name}'{tail}")

    # -- words -----------------------------------------------------------------

    def report_type(self, span: "Span", spelling: str, query: _Query) -> None:
        role = _ROLE_WORDS[query.role]
        self.report(span, f"'{spelling}' is not supported by device '{self.device.name}': no configuration has "
                          f"{role} {self.spell_query(query)} at {query.scope} scope{self.nearest_text(query)}")

    def nearest_text(self, query: _Query) -> str:
        nearest = self.nearest(query)
        if not nearest:
            return "; the device has no matrix configurations"
        return "; nearest supported: " + "; ".join(nearest)

    def spell_query(self, query: _Query) -> str:
        dims = " ".join(f"{letter}={size}" if size is not None else
                        f"{letter} a multiple of {WAVE_MATRIX_DEPTH_STEP} (the device's depth)"
                        for letter, size in query.dims)
        types = query.types
        names = {role: _name(types[role], query.names.get(role, "?")) for role in types}
        if query.role == "multiply":
            return f"{dims} {names['a']} x {names['b']} -> {names['c']}"
        return f"{dims} {next(iter(names.values()))}"

    def spell_config(self, config: "MatrixConfig", query: _Query) -> str:
        letters = [letter for letter, _ in query.dims]
        if config.flexible:
            groups: dict[int, list[str]] = {}
            for letter in letters:
                groups.setdefault(getattr(config, letter.lower()), []).append(letter)
            parts = []
            for gran, group in groups.items():
                names = ", ".join(group)
                if gran == 1:
                    parts.append(f"any {names}")
                else:
                    parts.append(f"{names} multiple{'s' if len(group) > 1 else ''} of {gran}")
            dims = ", ".join(parts)
        else:
            dims = " ".join(f"{letter}={getattr(config, letter.lower())}" for letter in letters)
        if query.role == "multiply":
            types = f"{config.a} x {config.b} -> {config.result}"
            if config.c != config.result:
                types += f" (C {config.c})"
        elif query.role == "A":
            types = config.a
        elif query.role == "B":
            types = config.b
        else:
            types = config.result if config.c == config.result else f"{config.c} or {config.result}"
        where = config.scope
        if config.workgroup_invocations:
            where += f", {config.workgroup_invocations} threads"
        return f"{dims} {types} ({where})"

    # -- reporting ---------------------------------------------------------------

    def report(self, span: "Span", message: str) -> None:
        self.found.append((span, message))

    def flush(self) -> None:
        for span, message in sorted(self.found, key=lambda f: _order(f[0])):
            if self.mode == "error":
                diag = Diagnostic(Severity.ERROR, f"{message} [-Werror={GROUP}]", span, id=RULE_ID)
                self.diags.report(diag)
            else:
                diag = Diagnostic(Severity.WARNING, f"{message} [-W{GROUP}]", span, id=RULE_ID)
                self.diags.report(diag, upgrade=self.mode != "no-error")


def check_portability(sema: "SemaResult", device: "DeviceProfile", diags: Diagnostics,
                      mode: str = "warning") -> None:
    """Report every matrix type, multiply and matrix-vector multiply of the
    checked program that `device` does not support, as `mode` says (one of
    `MODES`; "off" reports nothing)."""
    if mode == "off":
        return
    Checker(sema, device, diags, mode).run()


def _linalg_type_query(shape: "MatrixShape") -> _Query:
    component = LINALG_COMPONENTS.get(shape.component)
    scope = DEVICE_SCOPES[shape.scope]
    if shape.use == "A":
        return _Query("A", scope, [("M", shape.m), ("K", shape.n)], {"a": component}, {"a": shape.component})
    if shape.use == "B":
        return _Query("B", scope, [("K", shape.m), ("N", shape.n)], {"b": component}, {"b": shape.component})
    return _Query("Accumulator", scope, [("M", shape.m), ("N", shape.n)], {"c": component},
                  {"c": shape.component})


def _wave_component(wm: T.WaveMatrixType) -> str | None:
    return LINALG_COMPONENTS.get(component_type(wm.elem))


def _wave_type_query(wm: T.WaveMatrixType) -> _Query:
    component = _wave_component(wm)
    dims: list[tuple[str, int | None]] = [("M", wm.m), ("N", wm.n), ("K", None)]
    name = wm.elem.spell()
    if wm.kind == "WaveMatrixLeft":
        return _Query("A", "subgroup", dims, {"a": component}, {"a": name})
    if wm.kind == "WaveMatrixRight":
        return _Query("B", "subgroup", dims, {"b": component}, {"b": name})
    return _Query("Accumulator", "subgroup", dims, {"c": component}, {"c": name})


def _size_fits(config: "MatrixConfig", letter: str, size: int | None) -> bool:
    value = getattr(config, letter.lower())
    if size is None:        # the Wave Matrix depth: the device picks a multiple of 16
        return config.flexible or value % WAVE_MATRIX_DEPTH_STEP == 0
    if config.flexible:
        return size % value == 0
    return size == value


def _name(device_type: str | None, source_name: str) -> str:
    return device_type if device_type is not None else f"{source_name} (no device type)"


def _order(span: "Span") -> tuple[str, int]:
    return (span.file.path, span.start)


def _entry_threads(sema: "SemaResult") -> int | None:
    """Threads per group of the compile's one compute entry, when it has one."""
    entry = sema.entry
    if entry is None:
        return None
    attr = next((a for a in entry.decl.attributes if a.name.lower() == "numthreads"), None)
    if attr is None or len(attr.args) != 3:
        return None
    try:
        values = [int(sema.engine.evaluate(arg, entry.env).value) for arg in attr.args]
    except (SemaError, TypeError, ValueError):
        return None
    return values[0] * values[1] * values[2]
