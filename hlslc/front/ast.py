"""The syntax tree the parser builds, and its text dump (`--ast-dump`).

Owns: one class per construct, each with a `span`.  The classes are written
out (slots, `__init__`, `_fields`) rather than made by `dataclasses`:
creating 66 dataclasses cost 13 ms of every run's start-up.  The tree records
what was written, not what it means: a bare name used as a template
argument is a `NameExpr` even when it denotes a type, a call of a type is a
`CallExpr` whose callee is a `TypeExpr`; sema resolves both.

Does not own: types, symbols or constant values (sema's), parsing.
"""

from __future__ import annotations


from ..source import Span

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from collections.abc import Callable


class Node:
    span: Span
    __slots__ = ("span",)
    _fields = ("span",)

    def __init__(self, span: Span) -> None:
        self.span = span

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({args})"

    def __reduce__(self) -> tuple:
        # The header cache pickles trees: a call with the fields in order
        # loads several times faster than per-slot state.
        return (type(self), tuple([getattr(self, name) for name in self._fields]))


# ------------------------------------------------------------------ names


class NamePart(Node):
    """One component of a qualified name: `Matrix<F16, 8, 32, ...>` or `Load`."""
    name: str
    template_args: "list[TemplateArg] | None"
    __slots__ = ("name", "template_args")
    _fields = ("span", "name", "template_args")

    def __init__(self, span: Span, name: str, template_args: "list[TemplateArg] | None" = None) -> None:
        self.span = span
        self.name = name
        self.template_args = template_args


class QualifiedName(Node):
    """`dx::linalg::MatrixUse::A`: the parts, outermost first; `is_global`
    when it starts with `::` (looked up from the global namespace)."""
    parts: list[NamePart]
    is_global: bool
    __slots__ = ("parts", "is_global")
    _fields = ("span", "parts", "is_global")

    def __init__(self, span: Span, parts: list[NamePart], is_global: bool = False) -> None:
        self.span = span
        self.parts = parts
        self.is_global = is_global

    @property
    def last(self) -> NamePart:
        return self.parts[-1]

    def spelling(self) -> str:
        return "::".join(p.name for p in self.parts)


# ------------------------------------------------------------------ types


class TypeRef(Node):
    __slots__ = ()


class BuiltinType(TypeRef):
    """`float`, `uint3`, `float4x4`, `ByteAddressBuffer`, `unsigned int`."""
    name: str
    __slots__ = ("name",)
    _fields = ("span", "name")

    def __init__(self, span: Span, name: str) -> None:
        self.span = span
        self.name = name


class BuiltinTemplateType(TypeRef):
    """`vector<float16_t, 32>`, `StructuredBuffer<S>`, `WaveMatrixLeft<...>`."""
    name: str
    args: "list[TemplateArg]"
    __slots__ = ("name", "args")
    _fields = ("span", "name", "args")

    def __init__(self, span: Span, name: str, args: "list[TemplateArg]") -> None:
        self.span = span
        self.name = name
        self.args = args


class NormType(TypeRef):
    """`unorm float4`, `snorm F2` as a template argument: a float type whose
    values a typed resource stores normalised (`norm` is "unorm" or
    "snorm")."""
    norm: str
    inner: TypeRef
    __slots__ = ("norm", "inner")
    _fields = ("span", "norm", "inner")

    def __init__(self, span: Span, norm: str, inner: TypeRef) -> None:
        self.span = span
        self.norm = norm
        self.inner = inner


class DecltypeType(TypeRef):
    """`__decltype(expr)` (DXC's spelling of C++'s decltype): the type of an
    expression that is not evaluated."""
    expr: "Expr"
    __slots__ = ("expr",)
    _fields = ("span", "expr")

    def __init__(self, span: Span, expr: "Expr") -> None:
        self.span = span
        self.expr = expr


class ReferenceType(TypeRef):
    """`int&`: parsed so that sema can say HLSL has no references."""
    inner: TypeRef
    __slots__ = ("inner",)
    _fields = ("span", "inner")

    def __init__(self, span: Span, inner: TypeRef) -> None:
        self.span = span
        self.inner = inner


class NamedType(TypeRef):
    """A user type: `MatrixATy`, `dx::linalg::Matrix<...>`, or a `typename X::type`."""
    name: QualifiedName
    is_dependent: bool   # written with `typename`
    is_resolved: bool     # False: a plain name the lexer did not know as a type
    __slots__ = ("name", "is_dependent", "is_resolved")
    _fields = ("span", "name", "is_dependent", "is_resolved")

    def __init__(self, span: Span, name: QualifiedName, is_dependent: bool = False, is_resolved: bool = True) -> None:
        self.span = span
        self.name = name
        self.is_dependent = is_dependent
        self.is_resolved = is_resolved


class ArrayTypeRef(TypeRef):
    """An array type written where a type stands alone: `float4[6]` in the
    cast `(float4[6])0` or in `sizeof(int[2])`.  `dims` are the sizes, outer
    first (None for `[]`)."""
    elem: TypeRef
    dims: "list[Expr | None]"
    __slots__ = ("elem", "dims")
    _fields = ("span", "elem", "dims")

    def __init__(self, span: Span, elem: TypeRef, dims: "list[Expr | None]") -> None:
        self.span = span
        self.elem = elem
        self.dims = dims


class AttributedType(TypeRef):
    """`__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(C, M, N, U, S)]]`:
    a type with a C++11 type attribute after it (`--linalg-revision=dxc`)."""
    base: TypeRef
    attribute: "Attribute"
    __slots__ = ("base", "attribute")
    _fields = ("span", "base", "attribute")

    def __init__(self, span: Span, base: TypeRef, attribute: "Attribute") -> None:
        self.span = span
        self.base = base
        self.attribute = attribute


# ------------------------------------------------------------- expressions


class Expr(Node):
    __slots__ = ()


class IntLiteral(Expr):
    value: int
    suffix: str
    text: str
    __slots__ = ("value", "suffix", "text")
    _fields = ("span", "value", "suffix", "text")

    def __init__(self, span: Span, value: int, suffix: str, text: str) -> None:
        self.span = span
        self.value = value
        self.suffix = suffix
        self.text = text


class FloatLiteral(Expr):
    value: float
    suffix: str
    text: str
    __slots__ = ("value", "suffix", "text")
    _fields = ("span", "value", "suffix", "text")

    def __init__(self, span: Span, value: float, suffix: str, text: str) -> None:
        self.span = span
        self.value = value
        self.suffix = suffix
        self.text = text


class BoolLiteral(Expr):
    value: bool
    __slots__ = ("value",)
    _fields = ("span", "value")

    def __init__(self, span: Span, value: bool) -> None:
        self.span = span
        self.value = value


class StringLiteral(Expr):
    value: str
    __slots__ = ("value",)
    _fields = ("span", "value")

    def __init__(self, span: Span, value: str) -> None:
        self.span = span
        self.value = value


class NameExpr(Expr):
    name: QualifiedName
    __slots__ = ("name",)
    _fields = ("span", "name")

    def __init__(self, span: Span, name: QualifiedName) -> None:
        self.span = span
        self.name = name


class TypeExpr(Expr):
    """A type in expression position: the callee of `float3(1, 2, 3)` or of
    `Multiply<MatrixComponentType::F32>(a, b)` (sema decides which it is)."""
    type: TypeRef
    __slots__ = ("type",)
    _fields = ("span", "type")

    def __init__(self, span: Span, type: TypeRef) -> None:
        self.span = span
        self.type = type


class BinaryExpr(Expr):
    op: str
    lhs: Expr
    rhs: Expr
    __slots__ = ("op", "lhs", "rhs")
    _fields = ("span", "op", "lhs", "rhs")

    def __init__(self, span: Span, op: str, lhs: Expr, rhs: Expr) -> None:
        self.span = span
        self.op = op
        self.lhs = lhs
        self.rhs = rhs


class AssignExpr(Expr):
    op: str          # "=", "+=", ...
    target: Expr
    value: Expr
    __slots__ = ("op", "target", "value")
    _fields = ("span", "op", "target", "value")

    def __init__(self, span: Span, op: str, target: Expr, value: Expr) -> None:
        self.span = span
        self.op = op
        self.target = target
        self.value = value


class UnaryExpr(Expr):
    op: str          # "+", "-", "!", "~", "++" (prefix), "--" (prefix)
    operand: Expr
    __slots__ = ("op", "operand")
    _fields = ("span", "op", "operand")

    def __init__(self, span: Span, op: str, operand: Expr) -> None:
        self.span = span
        self.op = op
        self.operand = operand


class PostfixExpr(Expr):
    op: str          # "++" or "--"
    operand: Expr
    __slots__ = ("op", "operand")
    _fields = ("span", "op", "operand")

    def __init__(self, span: Span, op: str, operand: Expr) -> None:
        self.span = span
        self.op = op
        self.operand = operand


class ConditionalExpr(Expr):
    cond: Expr
    then: Expr
    otherwise: Expr
    __slots__ = ("cond", "then", "otherwise")
    _fields = ("span", "cond", "then", "otherwise")

    def __init__(self, span: Span, cond: Expr, then: Expr, otherwise: Expr) -> None:
        self.span = span
        self.cond = cond
        self.then = then
        self.otherwise = otherwise


class CommaExpr(Expr):
    lhs: Expr
    rhs: Expr
    __slots__ = ("lhs", "rhs")
    _fields = ("span", "lhs", "rhs")

    def __init__(self, span: Span, lhs: Expr, rhs: Expr) -> None:
        self.span = span
        self.lhs = lhs
        self.rhs = rhs


class CastExpr(Expr):
    type: TypeRef
    operand: Expr
    __slots__ = ("type", "operand")
    _fields = ("span", "type", "operand")

    def __init__(self, span: Span, type: TypeRef, operand: Expr) -> None:
        self.span = span
        self.type = type
        self.operand = operand


class CallExpr(Expr):
    callee: Expr
    args: list[Expr]
    __slots__ = ("callee", "args")
    _fields = ("span", "callee", "args")

    def __init__(self, span: Span, callee: Expr, args: list[Expr]) -> None:
        self.span = span
        self.callee = callee
        self.args = args


class MemberExpr(Expr):
    """`obj.name`, `obj.cast<F32>` (with template arguments), `v.xyz` (swizzle)."""
    object: Expr
    member: NamePart
    __slots__ = ("object", "member")
    _fields = ("span", "object", "member")

    def __init__(self, span: Span, object: Expr, member: NamePart) -> None:
        self.span = span
        self.object = object
        self.member = member


class IndexExpr(Expr):
    base: Expr
    index: Expr
    __slots__ = ("base", "index")
    _fields = ("span", "base", "index")

    def __init__(self, span: Span, base: Expr, index: Expr) -> None:
        self.span = span
        self.base = base
        self.index = index


class SizeofExpr(Expr):
    operand: "TypeRef | Expr"
    __slots__ = ("operand",)
    _fields = ("span", "operand")

    def __init__(self, span: Span, operand: "TypeRef | Expr") -> None:
        self.span = span
        self.operand = operand


class ParenExpr(Expr):
    inner: Expr
    __slots__ = ("inner",)
    _fields = ("span", "inner")

    def __init__(self, span: Span, inner: Expr) -> None:
        self.span = span
        self.inner = inner


class InitListExpr(Expr):
    items: "list[Expr | InitListExpr]"
    __slots__ = ("items",)
    _fields = ("span", "items")

    def __init__(self, span: Span, items: "list[Expr | InitListExpr]") -> None:
        self.span = span
        self.items = items


TemplateArg = TypeRef | Expr


# ------------------------------------------------------------ declarations


class Decl(Node):
    __slots__ = ()


class Attribute(Node):
    """`[numthreads(8, 8, 1)]`, `[wavesize(32)]`, `[shader("compute")]`, `[unroll]`,
    and C++11 attributes `[[vk::binding(0, 1)]]` (`namespace` "vk", `cxx` True)."""
    name: str
    args: list[Expr]
    namespace: str | None
    cxx: bool
    __slots__ = ("name", "args", "namespace", "cxx")
    _fields = ("span", "name", "args", "namespace", "cxx")

    def __init__(self, span: Span, name: str, args: list[Expr], namespace: str | None = None,
                 cxx: bool = False) -> None:
        self.span = span
        self.name = name
        self.args = args
        self.namespace = namespace
        self.cxx = cxx

    @property
    def spelling(self) -> str:
        return f"{self.namespace}::{self.name}" if self.namespace else self.name


class Semantic(Node):
    """`: SV_DispatchThreadID` or `: register(u0, space1)`."""
    name: str
    args: list[str] | None
    __slots__ = ("name", "args")
    _fields = ("span", "name", "args")

    def __init__(self, span: Span, name: str, args: list[str] | None = None) -> None:
        self.span = span
        self.name = name
        self.args = args


class VarDecl(Decl):
    specifiers: list[str]
    type: TypeRef
    name: str
    name_span: Span
    array_dims: "list[Expr | None]"
    semantics: list[Semantic]
    init: "Expr | None"
    attributes: list[Attribute]      # `[[vk::binding(0)]]` before the declaration
    qualifier: "QualifiedName | None"  # `S::` of an out-of-class static member definition
    bit_width: "Expr | None"         # `uint a : 4;` (a bit-field member; name "" when unnamed)
    __slots__ = ("specifiers", "type", "name", "name_span", "array_dims", "semantics", "init", "attributes",
                 "qualifier", "bit_width")
    _fields = ("span", "specifiers", "type", "name", "name_span", "array_dims", "semantics", "init", "attributes",
               "qualifier", "bit_width")

    def __init__(self, span: Span, specifiers: list[str], type: TypeRef, name: str, name_span: Span, array_dims: "list[Expr | None]", semantics: list[Semantic], init: "Expr | None", attributes: "list[Attribute] | None" = None, qualifier: "QualifiedName | None" = None, bit_width: "Expr | None" = None) -> None:
        self.span = span
        self.specifiers = specifiers
        self.type = type
        self.name = name
        self.name_span = name_span
        self.array_dims = array_dims
        self.semantics = semantics
        self.init = init
        self.attributes = [] if attributes is None else attributes
        self.qualifier = qualifier
        self.bit_width = bit_width


class ParamDecl(Decl):
    modifiers: list[str]
    type: TypeRef
    name: str | None
    array_dims: "list[Expr | None]"
    semantic: Semantic | None
    default: Expr | None
    attributes: list[Attribute]
    __slots__ = ("modifiers", "type", "name", "array_dims", "semantic", "default", "attributes")
    _fields = ("span", "modifiers", "type", "name", "array_dims", "semantic", "default", "attributes")

    def __init__(self, span: Span, modifiers: list[str], type: TypeRef, name: str | None, array_dims: "list[Expr | None]", semantic: Semantic | None, default: Expr | None, attributes: "list[Attribute] | None" = None) -> None:
        self.span = span
        self.modifiers = modifiers
        self.type = type
        self.name = name
        self.array_dims = array_dims
        self.semantic = semantic
        self.default = default
        self.attributes = [] if attributes is None else attributes


class FunctionDecl(Decl):
    attributes: list[Attribute]
    specifiers: list[str]
    return_type: TypeRef
    name: str                # "operator+=" for operators
    qualifier: QualifiedName | None   # `A::` of an out-of-class definition
    name_span: Span
    params: list[ParamDecl]
    semantic: Semantic | None
    body: "CompoundStmt | None"
    # An explicit specialisation names its arguments: `BytesOf<double>()`.
    specialization_args: "list[TemplateArg] | None"
    __slots__ = ("attributes", "specifiers", "return_type", "name", "qualifier", "name_span", "params", "semantic", "body", "specialization_args")
    _fields = ("span", "attributes", "specifiers", "return_type", "name", "qualifier", "name_span", "params", "semantic", "body", "specialization_args")

    def __init__(self, span: Span, attributes: list[Attribute], specifiers: list[str], return_type: TypeRef, name: str, qualifier: QualifiedName | None, name_span: Span, params: list[ParamDecl], semantic: Semantic | None, body: "CompoundStmt | None", specialization_args: "list[TemplateArg] | None" = None) -> None:
        self.span = span
        self.attributes = attributes
        self.specifiers = specifiers
        self.return_type = return_type
        self.name = name
        self.qualifier = qualifier
        self.name_span = name_span
        self.params = params
        self.semantic = semantic
        self.body = body
        self.specialization_args = specialization_args


class StructDecl(Decl):
    keyword: str             # "struct" or "class"
    name: str | None
    template_args: "list[TemplateArg] | None"   # a specialisation: `struct X<true, T>`
    bases: list[TypeRef]
    members: list[Decl]
    __slots__ = ("keyword", "name", "template_args", "bases", "members")
    _fields = ("span", "keyword", "name", "template_args", "bases", "members")

    def __init__(self, span: Span, keyword: str, name: str | None, template_args: "list[TemplateArg] | None", bases: list[TypeRef], members: list[Decl]) -> None:
        self.span = span
        self.keyword = keyword
        self.name = name
        self.template_args = template_args
        self.bases = bases
        self.members = members


class AccessSpec(Decl):
    access: str
    __slots__ = ("access",)
    _fields = ("span", "access")

    def __init__(self, span: Span, access: str) -> None:
        self.span = span
        self.access = access


class Enumerator(Node):
    name: str
    value: Expr | None
    __slots__ = ("name", "value")
    _fields = ("span", "name", "value")

    def __init__(self, span: Span, name: str, value: Expr | None) -> None:
        self.span = span
        self.name = name
        self.value = value


class EnumDecl(Decl):
    name: str | None
    scoped: bool
    underlying: TypeRef | None
    enumerators: list[Enumerator]
    __slots__ = ("name", "scoped", "underlying", "enumerators")
    _fields = ("span", "name", "scoped", "underlying", "enumerators")

    def __init__(self, span: Span, name: str | None, scoped: bool, underlying: TypeRef | None, enumerators: list[Enumerator]) -> None:
        self.span = span
        self.name = name
        self.scoped = scoped
        self.underlying = underlying
        self.enumerators = enumerators


class TypedefDecl(Decl):
    type: TypeRef
    names: list[str]
    array_dims: "list[list[Expr | None]]"
    specifiers: list[str]            # `typedef row_major float4x4 M;`: given to each declaration of M
    __slots__ = ("type", "names", "array_dims", "specifiers")
    _fields = ("span", "type", "names", "array_dims", "specifiers")

    def __init__(self, span: Span, type: TypeRef, names: list[str], array_dims: "list[list[Expr | None]]",
                 specifiers: "list[str] | None" = None) -> None:
        self.span = span
        self.type = type
        self.names = names
        self.array_dims = array_dims
        self.specifiers = specifiers or []


class AliasDecl(Decl):
    """`using X = T;`"""
    name: str
    type: TypeRef
    __slots__ = ("name", "type")
    _fields = ("span", "name", "type")

    def __init__(self, span: Span, name: str, type: TypeRef) -> None:
        self.span = span
        self.name = name
        self.type = type


class UsingDirective(Decl):
    """`using namespace dx::linalg;`"""
    namespace: list[str]
    __slots__ = ("namespace",)
    _fields = ("span", "namespace")

    def __init__(self, span: Span, namespace: list[str]) -> None:
        self.span = span
        self.namespace = namespace


class UsingDecl(Decl):
    """`using hlsl::enable_if;`"""
    name: QualifiedName
    __slots__ = ("name",)
    _fields = ("span", "name")

    def __init__(self, span: Span, name: QualifiedName) -> None:
        self.span = span
        self.name = name


class NamespaceDecl(Decl):
    name: str
    decls: list[Decl]
    __slots__ = ("name", "decls")
    _fields = ("span", "name", "decls")

    def __init__(self, span: Span, name: str, decls: list[Decl]) -> None:
        self.span = span
        self.name = name
        self.decls = decls


class TemplateParam(Node):
    kind: str                # "type" or "value"
    name: str | None
    type: TypeRef | None     # the type of a value parameter
    default: "TemplateArg | None"
    __slots__ = ("kind", "name", "type", "default")
    _fields = ("span", "kind", "name", "type", "default")

    def __init__(self, span: Span, kind: str, name: str | None, type: TypeRef | None, default: "TemplateArg | None") -> None:
        self.span = span
        self.kind = kind
        self.name = name
        self.type = type
        self.default = default


class TemplateDecl(Decl):
    params: list[TemplateParam]
    decl: Decl
    __slots__ = ("params", "decl")
    _fields = ("span", "params", "decl")

    def __init__(self, span: Span, params: list[TemplateParam], decl: Decl) -> None:
        self.span = span
        self.params = params
        self.decl = decl


class StaticAssertDecl(Decl):
    cond: Expr
    message: str | None
    __slots__ = ("cond", "message")
    _fields = ("span", "cond", "message")

    def __init__(self, span: Span, cond: Expr, message: str | None) -> None:
        self.span = span
        self.cond = cond
        self.message = message


class DeclGroup(Decl):
    """Several declarations from one statement: `uint a = 1, b;`, or a type
    defined together with variables: `struct S { ... } s;`."""
    decls: list[Decl]
    __slots__ = ("decls",)
    _fields = ("span", "decls")

    def __init__(self, span: Span, decls: list[Decl]) -> None:
        self.span = span
        self.decls = decls


class BufferDecl(Decl):
    """`cbuffer Name : register(b0) { ... }`: its members are globals."""
    keyword: str
    name: str
    semantics: list[Semantic]
    decls: list[Decl]
    attributes: list[Attribute]
    __slots__ = ("keyword", "name", "semantics", "decls", "attributes")
    _fields = ("span", "keyword", "name", "semantics", "decls", "attributes")

    def __init__(self, span: Span, keyword: str, name: str, semantics: list[Semantic], decls: list[Decl],
                 attributes: "list[Attribute] | None" = None) -> None:
        self.span = span
        self.keyword = keyword
        self.name = name
        self.semantics = semantics
        self.decls = decls
        self.attributes = [] if attributes is None else attributes


class EmptyDecl(Decl):
    __slots__ = ()


class TranslationUnit(Node):
    decls: list[Decl]
    __slots__ = ("decls",)
    _fields = ("span", "decls")

    def __init__(self, span: Span, decls: list[Decl]) -> None:
        self.span = span
        self.decls = decls


# --------------------------------------------------------------- statements


class Stmt(Node):
    __slots__ = ()


class CompoundStmt(Stmt):
    stmts: list[Stmt]
    __slots__ = ("stmts",)
    _fields = ("span", "stmts")

    def __init__(self, span: Span, stmts: list[Stmt]) -> None:
        self.span = span
        self.stmts = stmts


class DeclStmt(Stmt):
    decl: Decl
    __slots__ = ("decl",)
    _fields = ("span", "decl")

    def __init__(self, span: Span, decl: Decl) -> None:
        self.span = span
        self.decl = decl


class ExprStmt(Stmt):
    expr: Expr
    __slots__ = ("expr",)
    _fields = ("span", "expr")

    def __init__(self, span: Span, expr: Expr) -> None:
        self.span = span
        self.expr = expr


class EmptyStmt(Stmt):
    __slots__ = ()


class IfStmt(Stmt):
    attributes: list[Attribute]
    cond: Expr
    then: Stmt
    otherwise: Stmt | None
    __slots__ = ("attributes", "cond", "then", "otherwise")
    _fields = ("span", "attributes", "cond", "then", "otherwise")

    def __init__(self, span: Span, attributes: list[Attribute], cond: Expr, then: Stmt, otherwise: Stmt | None) -> None:
        self.span = span
        self.attributes = attributes
        self.cond = cond
        self.then = then
        self.otherwise = otherwise


class ForStmt(Stmt):
    attributes: list[Attribute]
    init: "Stmt | None"
    cond: Expr | None
    step: Expr | None
    body: Stmt
    __slots__ = ("attributes", "init", "cond", "step", "body")
    _fields = ("span", "attributes", "init", "cond", "step", "body")

    def __init__(self, span: Span, attributes: list[Attribute], init: "Stmt | None", cond: Expr | None, step: Expr | None, body: Stmt) -> None:
        self.span = span
        self.attributes = attributes
        self.init = init
        self.cond = cond
        self.step = step
        self.body = body


class WhileStmt(Stmt):
    attributes: list[Attribute]
    cond: Expr
    body: Stmt
    __slots__ = ("attributes", "cond", "body")
    _fields = ("span", "attributes", "cond", "body")

    def __init__(self, span: Span, attributes: list[Attribute], cond: Expr, body: Stmt) -> None:
        self.span = span
        self.attributes = attributes
        self.cond = cond
        self.body = body


class DoStmt(Stmt):
    body: Stmt
    cond: Expr
    __slots__ = ("body", "cond")
    _fields = ("span", "body", "cond")

    def __init__(self, span: Span, body: Stmt, cond: Expr) -> None:
        self.span = span
        self.body = body
        self.cond = cond


class SwitchStmt(Stmt):
    attributes: list[Attribute]
    cond: Expr
    body: Stmt
    __slots__ = ("attributes", "cond", "body")
    _fields = ("span", "attributes", "cond", "body")

    def __init__(self, span: Span, attributes: list[Attribute], cond: Expr, body: Stmt) -> None:
        self.span = span
        self.attributes = attributes
        self.cond = cond
        self.body = body


class CaseLabel(Stmt):
    value: Expr
    __slots__ = ("value",)
    _fields = ("span", "value")

    def __init__(self, span: Span, value: Expr) -> None:
        self.span = span
        self.value = value


class DefaultLabel(Stmt):
    __slots__ = ()


class BreakStmt(Stmt):
    __slots__ = ()


class ContinueStmt(Stmt):
    __slots__ = ()


class ReturnStmt(Stmt):
    value: Expr | None
    __slots__ = ("value",)
    _fields = ("span", "value")

    def __init__(self, span: Span, value: Expr | None) -> None:
        self.span = span
        self.value = value


class DiscardStmt(Stmt):
    __slots__ = ()


class AttributedStmt(Stmt):
    attributes: list[Attribute]
    stmt: Stmt
    __slots__ = ("attributes", "stmt")
    _fields = ("span", "attributes", "stmt")

    def __init__(self, span: Span, attributes: list[Attribute], stmt: Stmt) -> None:
        self.span = span
        self.attributes = attributes
        self.stmt = stmt


# -------------------------------------------------------------------- dump

_SKIP_FIELDS = {"span", "name_span"}


def _describe(node: Node) -> str:
    """The one-line head of a node: class, location, scalar fields."""
    span = node.span.user_span()
    line, col = span.line_col()
    parts = [type(node).__name__, f"<{span.file.path}:{line}:{col}>"]
    for name in node._fields:
        if name in _SKIP_FIELDS:
            continue
        value = getattr(node, name)
        if isinstance(value, (str, int, float, bool)) and not isinstance(value, Node):
            if isinstance(value, bool):
                if name == "value":
                    parts.append(str(value).lower())
                elif name == "is_resolved":
                    if not value:
                        parts.append("unresolved")
                elif value:
                    parts.append(name.removeprefix("is_"))
            elif isinstance(value, str):
                parts.append(f"{name}={value!r}" if name not in ("name", "op") else repr(value) if name == "name" else value)
            else:
                parts.append(f"{name}={value}")
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            parts.append(f"{name}=[{', '.join(value)}]")
        elif isinstance(value, QualifiedName):
            parts.append(repr(_spell_qualified(value)))
        elif isinstance(value, NamePart):
            parts.append(repr(_spell_part(value)))
    return " ".join(parts)


def _spell_part(part: NamePart) -> str:
    if part.template_args is None:
        return part.name
    return f"{part.name}<{', '.join(spell(a) for a in part.template_args)}>"


def _spell_qualified(name: QualifiedName) -> str:
    return "::".join(_spell_part(p) for p in name.parts)


def spell(node: "Node | None") -> str:
    """Source-like spelling of a type or expression (for dumps and messages)."""
    if node is None:
        return ""
    if isinstance(node, BuiltinType):
        return node.name
    if isinstance(node, BuiltinTemplateType):
        return f"{node.name}<{', '.join(spell(a) for a in node.args)}>"
    if isinstance(node, NamedType):
        return ("typename " if node.is_dependent else "") + _spell_qualified(node.name)
    if isinstance(node, ArrayTypeRef):
        return spell(node.elem) + "".join(f"[{spell(d) if d is not None else ''}]" for d in node.dims)
    if isinstance(node, (IntLiteral, FloatLiteral)):
        return node.text
    if isinstance(node, BoolLiteral):
        return "true" if node.value else "false"
    if isinstance(node, NameExpr):
        return _spell_qualified(node.name)
    if isinstance(node, TypeExpr):
        return spell(node.type)
    if isinstance(node, BinaryExpr):
        return f"{spell(node.lhs)} {node.op} {spell(node.rhs)}"
    if isinstance(node, UnaryExpr):
        return f"{node.op}{spell(node.operand)}"
    if isinstance(node, ParenExpr):
        return f"({spell(node.inner)})"
    if isinstance(node, ConditionalExpr):
        return f"{spell(node.cond)} ? {spell(node.then)} : {spell(node.otherwise)}"
    if isinstance(node, MemberExpr):
        return f"{spell(node.object)}.{_spell_part(node.member)}"
    if isinstance(node, CallExpr):
        return f"{spell(node.callee)}({', '.join(spell(a) for a in node.args)})"
    if isinstance(node, SizeofExpr):
        return f"sizeof({spell(node.operand)})"
    if isinstance(node, CastExpr):
        return f"({spell(node.type)}){spell(node.operand)}"
    return type(node).__name__


def any_node(root: Node, found: Callable[[Node], bool], kind: type = Node, stop: tuple[type, ...] = ()) -> bool:
    """Whether `found` holds for `root` or a node below it, walking only
    through children of `kind` (`Expr`: operands; `Stmt`: statements) and
    not below nodes of the `stop` kinds.  Iterative: depth is no limit."""
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if found(node):
            return True
        if isinstance(node, stop):
            continue
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, kind):
                stack.append(value)
            elif isinstance(value, list):
                stack.extend(v for v in value if isinstance(v, kind))
    return False


def _children(node: Node) -> list[tuple[str, Node]]:
    out: list[tuple[str, Node]] = []
    for name in node._fields:
        if name in _SKIP_FIELDS:
            continue
        value = getattr(node, name)
        if isinstance(value, (QualifiedName, NamePart)) and not _has_node_args(value):
            continue
        if isinstance(value, Node):
            out.append((name, value))
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, Node):
                    out.append((name, item))
                elif isinstance(item, list):
                    out.extend((name, sub) for sub in item if isinstance(sub, Node))
    return out


def _has_node_args(name: "QualifiedName | NamePart") -> bool:
    return False  # template arguments are spelled inline in the head line


def dump_ast(node: Node) -> str:
    """A clang `-ast-dump`-like tree: one node per line, with tree guides."""
    lines: list[str] = []
    stack: list[tuple[Node, str, str]] = [(node, "", "")]
    while stack:
        current, prefix, label = stack.pop()
        lines.append(prefix + label + _describe(current))
        kids = _children(current)
        if not kids:
            continue
        child_prefix = prefix + ("| " if label == "|-" else "  " if label else "")
        entries = []
        for index, (_, child) in enumerate(kids):
            last = index == len(kids) - 1
            entries.append((child, child_prefix, "`-" if last else "|-"))
        stack.extend(reversed(entries))
    return "\n".join(lines) + "\n"
