"""Textures and samplers in sema: the methods of every texture type, the
`.mips[level][pos]` and `.sample[index][pos]` subscripts, and the rules on
their use that overload resolution alone does not catch.

Owns: the method table of each texture type (`Load`, `Sample*`, `Gather*`,
`GetDimensions`, `CalculateLevelOfDetail*`, `GetSamplePosition`), written
out per shape from the shape's dimensions the way DXC's intrinsic table
spells them (a Texture2DArray samples at a float3, offsets by an int2,
loads at an int4 whose last component is the mip level; cube textures take
no offsets); the element types a sample or raw gather accepts; the shader
model a method needs; and the derivative rules: implicit-derivative
operations (`Sample`, `SampleBias`, `SampleCmp`, `SampleCmpBias`,
`CalculateLevelOfDetail*`) reached from a compute entry need shader model
6.6 and a thread group that can form 2x2 quads. Messages are DXC's.

Does not own: overload resolution and conversions (`intrinsics`, which
reads the tables made here), lowering (`lower/textures`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..diagnostics import Diagnostic, Note, Severity
from . import types as T
from .base import SemaError

if TYPE_CHECKING:  # pragma: no cover
    from ..front import ast as A
    from ..source import Span
    from .symbols import FunctionSymbol

# --------------------------------------------------------------------------
# Method tables

# The operations that compute derivatives of their coordinates implicitly.
DERIVATIVE_METHODS = frozenset({"Sample", "SampleBias", "SampleCmp", "SampleCmpBias",
                                "CalculateLevelOfDetail", "CalculateLevelOfDetailUnclamped"})

# The derivative intrinsics: the same rules as the implicit derivatives of
# the methods above (`derivative_errors`).
DERIVATIVE_INTRINSICS = frozenset({"ddx", "ddy", "ddx_coarse", "ddy_coarse", "ddx_fine", "ddy_fine", "fwidth"})

_CHANNELS = ("Red", "Green", "Blue", "Alpha")


def _vec(base: str, n: int) -> str:
    return base if n == 1 else f"{base}{n}"


def spatial_dims(shape: T.ResourceShape) -> int:
    """Dimensions of one slice: 1, 2 or 3 (a cube's direction is 3)."""
    return shape.coords - (1 if shape.array else 0)


def offset_dims(shape: T.ResourceShape) -> int:
    """Components of a texel offset (none for cubes)."""
    return 0 if shape.cube else spatial_dims(shape)


def _sampling(shape: T.ResourceShape) -> list[str]:
    """Sample*, Gather* and CalculateLevelOfDetail* of a sampled texture."""
    x = _vec("float", shape.coords)
    grad = _vec("float", spatial_dims(shape))
    cube = shape.cube
    o = "" if cube else ", " + _vec("int", offset_dims(shape))
    o4 = "" if cube else ", " + ", ".join([_vec("int", offset_dims(shape))] * 4)
    lines = []

    def forms(ret: str, name: str, head: str, clamp: bool = True, flags: str = "") -> None:
        """`name(head)` with HLSL's optional tail: offset, clamp, status
        (a cube has no offset, so its tail starts at the clamp)."""
        lines.append(f"{ret} {name}({head}) {flags}")
        if not cube:
            lines.append(f"{ret} {name}({head}{o}) {flags}")
        if clamp:
            lines.append(f"{ret} {name}({head}{o}, float) {flags}")
            lines.append(f"{ret} {name}({head}{o}, float, out uint) {flags}")
        else:
            lines.append(f"{ret} {name}({head}{o}, out uint) {flags}")

    forms("E", "Sample", f"SamplerState, {x}")
    forms("E", "SampleBias", f"SamplerState, {x}, float")
    forms("E", "SampleLevel", f"SamplerState, {x}, float", clamp=False)
    forms("E", "SampleGrad", f"SamplerState, {x}, {grad}, {grad}")
    lod = spatial_dims(shape)
    lod_x = _vec("float", lod)
    lines.append(f"float CalculateLevelOfDetail/CalculateLevelOfDetailUnclamped(SamplerState, {lod_x})")
    if shape.name.endswith("Texture3D"):
        return lines          # no comparison sampling, no gathers
    lines.append(f"float CalculateLevelOfDetail/CalculateLevelOfDetailUnclamped(SamplerComparisonState, {lod_x}) "
                 "@sm6.8")
    cmp = f"SamplerComparisonState, {x}, float"
    forms("float", "SampleCmp", cmp)
    forms("float", "SampleCmpLevelZero", cmp, clamp=False)
    forms("float", "SampleCmpLevel", f"{cmp}, float", clamp=False, flags="@sm6.7")
    forms("float", "SampleCmpBias", f"{cmp}, float", flags="@sm6.8")
    forms("float", "SampleCmpGrad", f"{cmp}, {grad}, {grad}", flags="@sm6.8")
    if spatial_dims(shape) != 2 and not cube:
        return lines          # gathers read 2D texels
    for name, head in (("Gather", f"SamplerState, {x}"), ("GatherCmp", cmp)):
        # Gather/GatherCmp gather the red channel; the named channels also
        # take four offsets, one per texel.
        for full in [name] + [name + ch for ch in _CHANNELS]:
            lines.append(f"e[4] {full}({head})")
            lines.append(f"e[4] {full}({head}, out uint)" if cube else f"e[4] {full}({head}{o})")
            if not cube:
                lines.append(f"e[4] {full}({head}{o}, out uint)")
                if full != name:
                    lines.append(f"e[4] {full}({head}{o4})")
                    lines.append(f"e[4] {full}({head}{o4}, out uint)")
    if not cube:
        lines.append(f"e[4] GatherRaw(SamplerState, {x}) @sm6.7")
        lines.append(f"e[4] GatherRaw(SamplerState, {x}{o}) @sm6.7")
        lines.append(f"e[4] GatherRaw(SamplerState, {x}{o}, out uint) @sm6.7")
    return lines


def _dimensions(shape: T.ResourceShape) -> list[str]:
    """GetDimensions: width [, height] [, depth] [, elements], then the
    mip levels (with a mip level argument) or sample count; every output
    a uint or every one a float."""
    names = ["w"] + (["h"] if spatial_dims(shape) >= 2 else []) + (["d"] if spatial_dims(shape) == 3 and not
                                                                   shape.cube else [])
    if shape.array:
        names.append("e")
    outs = ", ".join("out T" for _ in names)
    if shape.ms:
        return [f"void GetDimensions({outs}, out T) where T: dims", "float2 GetSamplePosition(int)"]
    lines = [f"void GetDimensions({outs}) where T: dims"]
    if not shape.is_uav:
        lines.append(f"void GetDimensions(uint, {outs}, out T) where T: dims")
    return lines


def _loads(shape: T.ResourceShape) -> list[str]:
    if shape.cube:
        return []
    if shape.is_uav:
        x = _vec("int", shape.coords)
        return [f"E Load({x})", f"E Load({x}, out uint)"]
    o = _vec("int", offset_dims(shape))
    if shape.ms:
        x = _vec("int", shape.coords)
        return [f"E Load({x}, int)", f"E Load({x}, int, {o})", f"E Load({x}, int, {o}, out uint)"]
    x = _vec("int", shape.coords + 1)        # the mip level last
    return [f"E Load({x})", f"E Load({x}, {o})", f"E Load({x}, {o}, out uint)"]


def texture_method_tables() -> dict[str, str]:
    """The method table text (`intrinsics` syntax) of every texture type."""
    tables = {}
    for name, shape in T.RESOURCE_SHAPES.items():
        if not shape.is_texture:
            continue
        lines = _loads(shape) + _dimensions(shape)
        if not shape.is_uav and not shape.ms:
            lines += _sampling(shape)
        tables[name] = "\n".join(lines) + "\n"
    return tables


# --------------------------------------------------------------------------
# Rules on a resolved method call

# Methods that filter: float elements (and, from SM 6.7, integer ones for
# the non-comparing samples); GatherRaw wants a single uint.
_FILTERING = frozenset({"Sample", "SampleBias", "SampleCmp", "SampleCmpLevel", "SampleCmpLevelZero",
                        "SampleGrad", "SampleLevel"})
_COMPARING = frozenset({"SampleCmp", "SampleCmpLevel", "SampleCmpLevelZero"})


def _element_words(elem: T.Type) -> str:
    scalar = elem.element
    name = scalar.name if scalar is not None else elem.spell()
    count = T.component_count(elem)
    return f"{name}{count}" if count > 1 else name


def element_error(object_type: T.ResourceType, name: str, target: tuple[int, int]) -> str | None:
    """DXC's 'cannot Sample from resource containing int4', or None."""
    elem = object_type.elem
    if elem is None or not object_type.shape.is_texture:
        return None
    scalar = elem.element
    if scalar is None:
        return None
    if name in _FILTERING:
        if scalar.kind == "float" and scalar.bits != 64:
            return None
        if scalar.kind in ("int", "uint") and name not in _COMPARING and target >= (6, 7):
            return None
    elif name == "GatherRaw":
        if scalar.kind == "uint" and T.component_count(elem) == 1:
            return None
    else:
        return None
    return f"cannot {name} from resource containing {_element_words(elem)}"


def shader_model_error(object_type: T.ResourceType, name: str, match: Any, target: tuple[int, int]) -> str | None:
    """A method (or one overload of it) newer than the target."""
    need = match.min_shader_model
    if need <= target:
        return None
    major, minor = need
    if name.startswith("CalculateLevelOfDetail"):
        # The SamplerComparisonState overload of SM 6.8.
        return f"overload of intrinsic {name} with SamplerComparisonState requires shader model {major}.{minor} " \
               "or greater"
    return f"intrinsic {object_type.name}.{name} requires shader model {major}.{minor} or greater; the target " \
           f"is {target[0]}.{target[1]}"


class DerivativeUse:
    """An implicit-derivative operation: checked against each compute entry
    that reaches `function`."""

    __slots__ = ("name", "span", "function")

    def __init__(self, name: str, span: "Span", function: "FunctionSymbol | None") -> None:
        self.name = name
        self.span = span
        self.function = function


def derivative_errors(uses: list[DerivativeUse], reached: set[int], entry_name: str,
                      target: tuple[int, int], threads: list[int] | None) -> list[tuple[str, "Span"]]:
    """DXC's errors for the derivative operations an entry reaches: shader
    model 6.6 in compute, and a thread group of 2x2 quads (X a multiple of
    4 in a 1D group; X and Y multiples of 2 otherwise)."""
    out = []
    for use in uses:
        if use.function is not None and id(use.function) not in reached:
            continue
        head = f"Intrinsic {use.name} potentially used by '{entry_name}' requires derivatives - "
        if target < (6, 6):
            out.append((head + "shader model 6.6 or greater is required for use in compute, amplification, or "
                               "mesh shaders.", use.span))
        if threads is not None:
            x, y, z = threads
            bad = (x % 2 or y % 2) if y != 1 else (x % 4 or z != 1)
            if bad:
                out.append((head + "when used in compute/amplification/mesh shaders or broadcast nodes, "
                                   "numthreads must be either 1D with X as a multiple of 4 or both X and Y must "
                                   "be multiples of 2.", use.span))
    return out


# --------------------------------------------------------------------------
# .mips and .sample

def subscript_member(base: T.ResourceType, name: str) -> "T.TextureSubscriptType | None":
    """`tex.mips` (sampled textures but cubes) and `tex.sample` (MS
    textures); None when the type has no such member."""
    shape = base.shape
    if not shape.is_texture or shape.is_uav or shape.cube or base.elem is None:
        return None
    if (name == "mips" and not shape.ms) or (name == "sample" and shape.ms):
        return T.texture_subscript_of(base, name, False)
    return None


def element_index_type(base: T.ResourceType) -> T.Type:
    """The position a texture subscript takes: uint, uint2 or uint3."""
    n = base.shape.coords
    return T.UINT if n == 1 else T.vector_of(T.UINT, n)


# --------------------------------------------------------------------------
# Hooks of the analyzer

def check_member(base: T.ResourceType, name: str, span: "Span") -> T.Type:
    """The type of `res.name` on a resource: `.mips` / `.sample`."""
    t = subscript_member(base, name)
    if t is None:
        raise SemaError(f"no member named '{name}' in '{base.spell()}'", span)
    return t


def check_subscript(base: T.TextureSubscriptType, index: T.Type, expr: "A.IndexExpr") -> T.Type:
    """`tex.mips[level]` (a slice) and `tex.mips[level][pos]` (an element)."""
    if not base.sliced:
        if not (isinstance(index, T.ScalarType) and (index.is_integer or index.kind == "bool" or index.literal)):
            what = "mip level" if base.member == "mips" else "sample index"
            raise SemaError(f"the {what} of '{base.texture.spell()}.{base.member}[]' is a 'uint', not "
                            f"'{index.spell()}'", expr.index.span)
        return T.texture_subscript_of(base.texture, base.member, True)
    want = element_index_type(base.texture)
    n = T.component_count(want)
    elem = index.element
    ok = elem is not None and (elem.is_numeric or elem.kind == "bool" or elem.literal) and \
        (T.component_count(index) == n if n > 1 else isinstance(index, T.ScalarType))
    if not ok:
        raise SemaError(f"'{base.texture.spell()}.{base.member}[][]' is indexed by a '{want.spell()}', not "
                        f"'{index.spell()}'", expr.index.span)
    return base.texture.elem


def check_method_call(analyzer: Any, object_type: T.ResourceType, match: Any, callee: "A.MemberExpr",
                      expr: "A.CallExpr", env: Any) -> None:
    """The rules of a resolved texture (or buffer) method call that overload
    resolution leaves: the target's shader model, the element type a
    sample accepts, and (recorded for the entry check) derivatives."""
    name = match.name
    target = (analyzer.options.major, analyzer.options.minor)
    message = shader_model_error(object_type, name, match, target)
    if message is not None:
        raise SemaError(message, callee.member.span)
    message = element_error(object_type, name, target)
    if message is not None:
        raise SemaError(message, expr.args[0].span if expr.args else callee.member.span)
    if object_type.shape.is_texture and name in DERIVATIVE_METHODS:
        analyzer.derivative_uses.append(DerivativeUse(name, callee.member.span, env.function))


def check_entry(analyzer: Any, entry: "FunctionSymbol", threads: list[int] | None) -> None:
    """The derivative rules for one compute entry (and what it calls)."""
    uses = analyzer.derivative_uses
    if not uses:
        return
    reached, work = {id(entry)}, [entry]
    while work:
        fn = work.pop()
        for callee, _ in analyzer.call_graph.get(id(fn), ()):
            if id(callee) not in reached:
                reached.add(id(callee))
                work.append(callee)
    target = (analyzer.options.major, analyzer.options.minor)
    for message, span in derivative_errors(uses, reached, entry.name, target, threads):
        diag = Diagnostic(Severity.ERROR, message, span)
        diag.notes.append(Note("entry function defined here", entry.decl.name_span))
        analyzer.diags.report(diag)
