"""The syntax tree the parser builds, and its text dump (`--ast-dump`).

Owns: one dataclass per construct, each with a `span`.  The tree records
what was written, not what it means: a bare name used as a template
argument is a `NameExpr` even when it denotes a type, a call of a type is a
`CallExpr` whose callee is a `TypeExpr`; sema resolves both.

Does not own: types, symbols or constant values (sema's), parsing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Union

from .source import Span


@dataclass(eq=False, slots=True)
class Node:
    span: Span


# ------------------------------------------------------------------ names


@dataclass(eq=False, slots=True)
class NamePart(Node):
    """One component of a qualified name: `Matrix<F16, 8, 32, ...>` or `Load`."""
    name: str
    template_args: "list[TemplateArg] | None" = None


@dataclass(eq=False, slots=True)
class QualifiedName(Node):
    """`dx::linalg::MatrixUse::A`: the parts, outermost first."""
    parts: list[NamePart]

    @property
    def last(self) -> NamePart:
        return self.parts[-1]

    def spelling(self) -> str:
        return "::".join(p.name for p in self.parts)


# ------------------------------------------------------------------ types


@dataclass(eq=False, slots=True)
class TypeRef(Node):
    pass


@dataclass(eq=False, slots=True)
class BuiltinType(TypeRef):
    """`float`, `uint3`, `float4x4`, `ByteAddressBuffer`, `unsigned int`."""
    name: str


@dataclass(eq=False, slots=True)
class BuiltinTemplateType(TypeRef):
    """`vector<float16_t, 32>`, `StructuredBuffer<S>`, `WaveMatrixLeft<...>`."""
    name: str
    args: "list[TemplateArg]"


@dataclass(eq=False, slots=True)
class NamedType(TypeRef):
    """A user type: `MatrixATy`, `dx::linalg::Matrix<...>`, or a `typename X::type`."""
    name: QualifiedName
    is_dependent: bool = False   # written with `typename`
    is_resolved: bool = True     # False: a plain name the lexer did not know as a type


# ------------------------------------------------------------- expressions


@dataclass(eq=False, slots=True)
class Expr(Node):
    pass


@dataclass(eq=False, slots=True)
class IntLiteral(Expr):
    value: int
    suffix: str
    text: str


@dataclass(eq=False, slots=True)
class FloatLiteral(Expr):
    value: float
    suffix: str
    text: str


@dataclass(eq=False, slots=True)
class BoolLiteral(Expr):
    value: bool


@dataclass(eq=False, slots=True)
class StringLiteral(Expr):
    value: str


@dataclass(eq=False, slots=True)
class NameExpr(Expr):
    name: QualifiedName


@dataclass(eq=False, slots=True)
class TypeExpr(Expr):
    """A type in expression position: the callee of `float3(1, 2, 3)` or of
    `Multiply<MatrixComponentType::F32>(a, b)` (sema decides which it is)."""
    type: TypeRef


@dataclass(eq=False, slots=True)
class BinaryExpr(Expr):
    op: str
    lhs: Expr
    rhs: Expr


@dataclass(eq=False, slots=True)
class AssignExpr(Expr):
    op: str          # "=", "+=", ...
    target: Expr
    value: Expr


@dataclass(eq=False, slots=True)
class UnaryExpr(Expr):
    op: str          # "+", "-", "!", "~", "++" (prefix), "--" (prefix)
    operand: Expr


@dataclass(eq=False, slots=True)
class PostfixExpr(Expr):
    op: str          # "++" or "--"
    operand: Expr


@dataclass(eq=False, slots=True)
class ConditionalExpr(Expr):
    cond: Expr
    then: Expr
    otherwise: Expr


@dataclass(eq=False, slots=True)
class CommaExpr(Expr):
    lhs: Expr
    rhs: Expr


@dataclass(eq=False, slots=True)
class CastExpr(Expr):
    type: TypeRef
    operand: Expr


@dataclass(eq=False, slots=True)
class CallExpr(Expr):
    callee: Expr
    args: list[Expr]


@dataclass(eq=False, slots=True)
class MemberExpr(Expr):
    """`obj.name`, `obj.cast<F32>` (with template arguments), `v.xyz` (swizzle)."""
    object: Expr
    member: NamePart


@dataclass(eq=False, slots=True)
class IndexExpr(Expr):
    base: Expr
    index: Expr


@dataclass(eq=False, slots=True)
class SizeofExpr(Expr):
    operand: "TypeRef | Expr"


@dataclass(eq=False, slots=True)
class ParenExpr(Expr):
    inner: Expr


@dataclass(eq=False, slots=True)
class InitListExpr(Expr):
    items: "list[Expr | InitListExpr]"


TemplateArg = Union[TypeRef, Expr]


# ------------------------------------------------------------ declarations


@dataclass(eq=False, slots=True)
class Decl(Node):
    pass


@dataclass(eq=False, slots=True)
class Attribute(Node):
    """`[numthreads(8, 8, 1)]`, `[wavesize(32)]`, `[shader("compute")]`, `[unroll]`."""
    name: str
    args: list[Expr]


@dataclass(eq=False, slots=True)
class Semantic(Node):
    """`: SV_DispatchThreadID` or `: register(u0, space1)`."""
    name: str
    args: list[str] | None = None


@dataclass(eq=False, slots=True)
class VarDecl(Decl):
    specifiers: list[str]
    type: TypeRef
    name: str
    name_span: Span
    array_dims: "list[Expr | None]"
    semantics: list[Semantic]
    init: "Expr | None"


@dataclass(eq=False, slots=True)
class ParamDecl(Decl):
    modifiers: list[str]
    type: TypeRef
    name: str | None
    array_dims: "list[Expr | None]"
    semantic: Semantic | None
    default: Expr | None


@dataclass(eq=False, slots=True)
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
    specialization_args: "list[TemplateArg] | None" = None


@dataclass(eq=False, slots=True)
class StructDecl(Decl):
    keyword: str             # "struct" or "class"
    name: str | None
    template_args: "list[TemplateArg] | None"   # a specialisation: `struct X<true, T>`
    bases: list[TypeRef]
    members: list[Decl]


@dataclass(eq=False, slots=True)
class AccessSpec(Decl):
    access: str


@dataclass(eq=False, slots=True)
class Enumerator(Node):
    name: str
    value: Expr | None


@dataclass(eq=False, slots=True)
class EnumDecl(Decl):
    name: str | None
    scoped: bool
    underlying: TypeRef | None
    enumerators: list[Enumerator]


@dataclass(eq=False, slots=True)
class TypedefDecl(Decl):
    type: TypeRef
    names: list[str]
    array_dims: "list[list[Expr | None]]"


@dataclass(eq=False, slots=True)
class AliasDecl(Decl):
    """`using X = T;`"""
    name: str
    type: TypeRef


@dataclass(eq=False, slots=True)
class UsingDirective(Decl):
    """`using namespace dx::linalg;`"""
    namespace: list[str]


@dataclass(eq=False, slots=True)
class UsingDecl(Decl):
    """`using hlsl::enable_if;`"""
    name: QualifiedName


@dataclass(eq=False, slots=True)
class NamespaceDecl(Decl):
    name: str
    decls: list[Decl]


@dataclass(eq=False, slots=True)
class TemplateParam(Node):
    kind: str                # "type" or "value"
    name: str | None
    type: TypeRef | None     # the type of a value parameter
    default: "TemplateArg | None"


@dataclass(eq=False, slots=True)
class TemplateDecl(Decl):
    params: list[TemplateParam]
    decl: Decl


@dataclass(eq=False, slots=True)
class StaticAssertDecl(Decl):
    cond: Expr
    message: str | None


@dataclass(eq=False, slots=True)
class DeclGroup(Decl):
    """Several declarations from one statement: `uint a = 1, b;`, or a type
    defined together with variables: `struct S { ... } s;`."""
    decls: list[Decl]


@dataclass(eq=False, slots=True)
class BufferDecl(Decl):
    """`cbuffer Name : register(b0) { ... }`: its members are globals."""
    keyword: str
    name: str
    semantics: list[Semantic]
    decls: list[Decl]


@dataclass(eq=False, slots=True)
class EmptyDecl(Decl):
    pass


@dataclass(eq=False, slots=True)
class TranslationUnit(Node):
    decls: list[Decl]


# --------------------------------------------------------------- statements


@dataclass(eq=False, slots=True)
class Stmt(Node):
    pass


@dataclass(eq=False, slots=True)
class CompoundStmt(Stmt):
    stmts: list[Stmt]


@dataclass(eq=False, slots=True)
class DeclStmt(Stmt):
    decl: Decl


@dataclass(eq=False, slots=True)
class ExprStmt(Stmt):
    expr: Expr


@dataclass(eq=False, slots=True)
class EmptyStmt(Stmt):
    pass


@dataclass(eq=False, slots=True)
class IfStmt(Stmt):
    attributes: list[Attribute]
    cond: Expr
    then: Stmt
    otherwise: Stmt | None


@dataclass(eq=False, slots=True)
class ForStmt(Stmt):
    attributes: list[Attribute]
    init: "Stmt | None"
    cond: Expr | None
    step: Expr | None
    body: Stmt


@dataclass(eq=False, slots=True)
class WhileStmt(Stmt):
    attributes: list[Attribute]
    cond: Expr
    body: Stmt


@dataclass(eq=False, slots=True)
class DoStmt(Stmt):
    body: Stmt
    cond: Expr


@dataclass(eq=False, slots=True)
class SwitchStmt(Stmt):
    attributes: list[Attribute]
    cond: Expr
    body: Stmt


@dataclass(eq=False, slots=True)
class CaseLabel(Stmt):
    value: Expr


@dataclass(eq=False, slots=True)
class DefaultLabel(Stmt):
    pass


@dataclass(eq=False, slots=True)
class BreakStmt(Stmt):
    pass


@dataclass(eq=False, slots=True)
class ContinueStmt(Stmt):
    pass


@dataclass(eq=False, slots=True)
class ReturnStmt(Stmt):
    value: Expr | None


@dataclass(eq=False, slots=True)
class DiscardStmt(Stmt):
    pass


@dataclass(eq=False, slots=True)
class AttributedStmt(Stmt):
    attributes: list[Attribute]
    stmt: Stmt


# -------------------------------------------------------------------- dump

_SKIP_FIELDS = {"span", "name_span"}


def _describe(node: Node) -> str:
    """The one-line head of a node: class, location, scalar fields."""
    span = node.span.user_span()
    line, col = span.line_col()
    parts = [type(node).__name__, f"<{span.file.path}:{line}:{col}>"]
    for f in fields(node):
        if f.name in _SKIP_FIELDS:
            continue
        value = getattr(node, f.name)
        if isinstance(value, (str, int, float, bool)) and not isinstance(value, Node):
            if isinstance(value, bool):
                if f.name == "value":
                    parts.append(str(value).lower())
                elif f.name == "is_resolved":
                    if not value:
                        parts.append("unresolved")
                elif value:
                    parts.append(f.name.removeprefix("is_"))
            elif isinstance(value, str):
                parts.append(f"{f.name}={value!r}" if f.name not in ("name", "op") else repr(value) if f.name == "name" else value)
            else:
                parts.append(f"{f.name}={value}")
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            parts.append(f"{f.name}=[{', '.join(value)}]")
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


def _children(node: Node) -> list[tuple[str, Node]]:
    out: list[tuple[str, Node]] = []
    for f in fields(node):
        if f.name in _SKIP_FIELDS:
            continue
        value = getattr(node, f.name)
        if isinstance(value, (QualifiedName, NamePart)) and not _has_node_args(value):
            continue
        if isinstance(value, Node):
            out.append((f.name, value))
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, Node):
                    out.append((f.name, item))
                elif isinstance(item, list):
                    out.extend((f.name, sub) for sub in item if isinstance(sub, Node))
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
