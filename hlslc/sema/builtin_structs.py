"""The plain structs HLSL declares for ray tracing, `RayDesc` and
`BuiltInTriangleIntersectionAttributes`: DXC knows them in every stage (a
compute shader may fill a `RayDesc` for a `RayQuery`, a shared header may
take the attributes in a helper only hit shaders call), so they are types
like any struct, with the fields DXC gives them.  What only ray tracing can
do with them (`TraceRay`, `ReportHit`) is an error where the entry point
reaches it.

Owns: the fields of those structs and declaring each on first use, in a
namespace of its own (the names are keywords to the lexer, so no user
declaration can clash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..front import ast as A
from ..source import SourceFile, Span
from .symbols import ClassInstance, Env, NamespaceSymbol

if TYPE_CHECKING:  # pragma: no cover
    from . import types as T

# name -> (field type, field name), in DXC's order (its HLSLOps / the
# DirectX Raytracing specification's declarations).
BUILTIN_STRUCTS: dict[str, tuple[tuple[str, str], ...]] = {
    "RayDesc": (("float3", "Origin"), ("float", "TMin"), ("float3", "Direction"), ("float", "TMax")),
    "BuiltInTriangleIntersectionAttributes": (("float2", "barycentrics"),),
}


class BuiltinStructs:
    """The built-in structs of one engine, declared when first named."""

    def __init__(self) -> None:
        self._namespace = NamespaceSymbol("", None, None)
        self._types: dict[str, "T.Type"] = {}

    def type_of(self, name: str, engine: Any) -> "T.Type":
        known = self._types.get(name)
        if known is not None:
            return known
        fields = BUILTIN_STRUCTS[name]
        text = f"struct {name} {{ " + " ".join(f"{t} {f};" for t, f in fields) + " };"
        source = SourceFile("<built-in>", text, is_builtin=True)
        span = Span(source, 0, len(text))
        members: list[A.Decl] = [A.VarDecl(span, [], A.BuiltinType(span, t), f, span, [], [], None)
                                 for t, f in fields]
        decl = A.StructDecl(span, "struct", name, None, [], members)
        env = Env(namespace=self._namespace)
        engine.declare(decl, self._namespace, env)
        instance = next(s for s in self._namespace.members[name] if isinstance(s, ClassInstance))
        self._types[name] = instance.type
        return instance.type
