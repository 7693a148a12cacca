"""Symbols and scopes: what names denote.

Owns: the symbol classes (namespaces, variables, functions, function and
class templates, class instances, aliases, enums) and `Env`, the chain of
scopes a name is looked up in.  An `Env` level can bind template parameters
(to types or constant values), hold local declarations, stand for a
namespace (with its `using namespace` directives) or for a class instance
(whose members are then in scope).

Does not own: building symbols from declarations or evaluating anything
(`engine`).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from . import types as T

if TYPE_CHECKING:  # pragma: no cover
    from ..front import ast as A
    from ..source import Span


class Symbol:
    __slots__ = ("name", "span")

    def __init__(self, name: str, span: "Span | None") -> None:
        self.name = name
        self.span = span

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class NamespaceSymbol(Symbol):
    __slots__ = ("parent", "members", "usings", "qualified_name")

    def __init__(self, name: str, span: "Span | None", parent: "NamespaceSymbol | None") -> None:
        super().__init__(name, span)
        self.parent = parent
        self.members: dict[str, list[Symbol]] = {}
        self.usings: list[NamespaceSymbol] = []
        if parent is None or parent.parent is None:
            self.qualified_name = name
        else:
            self.qualified_name = f"{parent.qualified_name}::{name}"

    def add(self, symbol: Symbol) -> None:
        self.members.setdefault(symbol.name, []).append(symbol)


class TypeSymbol(Symbol):
    """A name that denotes a type directly (a typedef resolved up front)."""
    __slots__ = ("type",)

    def __init__(self, name: str, span: "Span | None", type: T.Type) -> None:
        super().__init__(name, span)
        self.type = type


class AliasSymbol(Symbol):
    """`using X = T;` or `typedef T X;`: resolved when first used, in `env`."""
    __slots__ = ("type_ref", "env", "array_dims", "resolved", "specifiers")

    def __init__(self, name: str, span: "Span | None", type_ref: "A.TypeRef", env: "Env",
                 array_dims: "list | None" = None, specifiers: "tuple[str, ...]" = ()) -> None:
        super().__init__(name, span)
        self.type_ref = type_ref
        self.env = env
        self.array_dims = array_dims or []
        self.resolved: T.Type | None = None
        # `typedef row_major float4x4 M;`: what every declaration of an M
        # also says (the typedef's own and those of the type it names).
        self.specifiers = specifiers


class AliasTemplateSymbol(Symbol):
    __slots__ = ("params", "type_ref", "env")

    def __init__(self, name: str, span: "Span | None", params: "list[A.TemplateParam]",
                 type_ref: "A.TypeRef", env: "Env") -> None:
        super().__init__(name, span)
        self.params = params
        self.type_ref = type_ref
        self.env = env


class Specialization:
    """`template <...> struct X<pattern>` (partial) or `template <> struct X<args>`."""
    __slots__ = ("params", "pattern", "decl", "env")

    def __init__(self, params: "list[A.TemplateParam]", pattern: "list", decl: "A.StructDecl", env: "Env") -> None:
        self.params = params
        self.pattern = pattern
        self.decl = decl
        self.env = env


class ClassTemplateSymbol(Symbol):
    __slots__ = ("params", "decl", "env", "specializations", "instances", "qualified_name")

    def __init__(self, name: str, span: "Span | None", params: "list[A.TemplateParam]",
                 decl: "A.StructDecl | None", env: "Env", qualified_name: str) -> None:
        super().__init__(name, span)
        self.params = params
        self.decl = decl
        self.env = env
        self.specializations: list[Specialization] = []
        self.instances: dict[tuple, ClassInstance] = {}
        self.qualified_name = qualified_name


class ClassInstance(Symbol):
    """A struct, or one instantiation of a class template: members are built
    from the declaration on first use, in an environment binding the
    template's parameters."""
    __slots__ = ("template", "args", "decl", "env", "type", "member_table", "qualified_name", "fields",
                 "param_names", "data_members")

    def __init__(self, name: str, span: "Span | None", template: ClassTemplateSymbol | None,
                 args: tuple, decl: "A.StructDecl", env: "Env", qualified_name: str,
                 param_names: "list[str] | None" = None) -> None:
        super().__init__(name, span)
        self.template = template
        self.args = args
        self.decl = decl
        self.env = env            # binds the template parameters; env.instance is self
        self.type = T.ClassType(self)
        # name -> members, filled on first use by `Engine.members_of`.
        self.member_table: dict[str, list[Symbol]] | None = None
        self.qualified_name = qualified_name
        # The storage of the data members in memory order, base classes
        # first: one entry per member, except that consecutive bit-fields
        # share storage-unit entries (see `BitField`).
        self.fields: list[VarSymbol] = []
        self.param_names = param_names or []
        # The data members as the source names them, in order (a bit-field
        # here, not its unit; unnamed bit-fields left out): what brace
        # initialisers and flattening walk.  None: the same as `fields`.
        self.data_members: "list[VarSymbol] | None" = None

    def spell(self) -> str:
        if self.template is None:
            return self.qualified_name
        return f"{self.qualified_name}<{', '.join(a.spell() for a in self.args)}>"

    def arg_named(self, name: str) -> "T.Type | T.ConstValue | None":
        for param, arg in zip(self.param_names, self.args):
            if param == name:
                return arg
        return None

    def size_in_bytes(self) -> int | None:
        total = 0
        for field in self.fields:
            size = T.size_of(field.type) if field.type is not None else None
            if size is None:
                return None
            total += size
        return total


class EnumSymbol(Symbol):
    __slots__ = ("type", "values", "names", "qualified_name", "scoped", "underlying")

    def __init__(self, name: str, span: "Span | None", qualified_name: str, scoped: bool) -> None:
        super().__init__(name, span)
        self.qualified_name = qualified_name
        self.scoped = scoped
        self.values: dict[str, int] = {}
        self.names: dict[int, str] = {}
        self.type = T.EnumType(self)
        self.underlying: T.Type = T.INT

    def name_of(self, value: int) -> str | None:
        return self.names.get(value)


class EnumeratorSymbol(Symbol):
    __slots__ = ("enum", "value")

    def __init__(self, name: str, span: "Span | None", enum: EnumSymbol, value: int) -> None:
        super().__init__(name, span)
        self.enum = enum
        self.value = value

    @property
    def const(self) -> T.ConstValue:
        return T.ConstValue(self.enum.type, self.value)


class BitField:
    """Where a bit-field member's bits lie: `width` bits from bit `offset`
    (counted from the least significant) of the storage unit `unit`, a
    synthetic data member of the bit-field's declared integer type that the
    struct's `fields` hold in its place (consecutive bit-fields of one type
    share a unit while they fit, as MSVC and DXC lay them out)."""
    __slots__ = ("unit", "offset", "width", "type")

    def __init__(self, unit: "VarSymbol", offset: int, width: int, type: T.Type) -> None:
        self.unit = unit
        self.offset = offset
        self.width = width
        self.type = type          # the declared type (what a read gives)


class VarSymbol(Symbol):
    """A variable, parameter, field or static data member.  The type and the
    constant value of a `static const` are computed on first use."""
    __slots__ = ("decl", "env", "type", "storage", "is_const", "const_value", "evaluating", "owner",
                 "is_param", "param_modifiers", "is_field", "const_error", "is_global", "cbuffer", "bit_field",
                 "spec_constant")

    def __init__(self, name: str, span: "Span | None", decl: "A.Node | None", env: "Env | None",
                 type: T.Type | None = None, storage: tuple[str, ...] = (), owner: Any = None) -> None:
        super().__init__(name, span)
        self.decl = decl
        self.env = env
        self.type = type
        self.storage = storage
        self.is_const = "const" in storage
        self.const_value: T.ConstValue | None = None
        self.const_error: Any = None
        self.evaluating = False
        self.owner = owner
        self.is_param = False
        self.param_modifiers: tuple[str, ...] = ()
        self.is_field = False
        # A variable of a namespace (the global one included), and the
        # `cbuffer`/`tbuffer` declaration it is a member of, if any.
        self.is_global = False
        self.cbuffer: Any = None
        # A bit-field member: where its bits lie (None for other variables).
        self.bit_field: "BitField | None" = None
        # [[vk::constant_id(N)]]: (N, the default value), set by sema.
        self.spec_constant: "tuple[int, T.ConstValue] | None" = None

    @property
    def is_groupshared(self) -> bool:
        return "groupshared" in self.storage

    @property
    def is_static(self) -> bool:
        return "static" in self.storage

    @property
    def is_uniform(self) -> bool:
        """A global read from a constant buffer: a member of a `cbuffer`, or a
        global that is neither `static`, `groupshared`, a resource nor a
        constant with an initialiser (those live in the implicit `$Globals`).
        Its type must be known (`var_type` called)."""
        if not self.is_global or self.is_static or self.is_groupshared:
            return False
        if self.cbuffer is not None:
            return True
        if self.type is not None and T.holds_resources(self.type) or "extern" not in self.storage \
                and self.is_const and getattr(self.decl, "init", None) is not None:
            return False
        return True


class FunctionSymbol(Symbol):
    """A function or member function; `signature` is computed on first use."""
    __slots__ = ("decl", "env", "owner", "is_static", "signature", "template_bindings", "builtin",
                 "qualified_name")

    def __init__(self, name: str, span: "Span | None", decl: "A.FunctionDecl", env: "Env",
                 owner: ClassInstance | None = None, qualified_name: str | None = None) -> None:
        super().__init__(name, span)
        self.decl = decl
        self.env = env
        self.owner = owner
        self.is_static = "static" in decl.specifiers
        self.signature: "Signature | None" = None
        self.template_bindings: dict[str, Any] = {}
        self.builtin: str | None = None
        self.qualified_name = qualified_name or name


class FunctionTemplateSymbol(Symbol):
    __slots__ = ("params", "decl", "env", "owner", "is_static", "qualified_name", "specializations")

    def __init__(self, name: str, span: "Span | None", params: "list[A.TemplateParam]",
                 decl: "A.FunctionDecl", env: "Env", owner: ClassInstance | None = None,
                 qualified_name: str | None = None) -> None:
        super().__init__(name, span)
        self.params = params
        self.decl = decl
        self.env = env
        self.owner = owner
        self.is_static = "static" in decl.specifiers
        self.qualified_name = qualified_name or name
        self.specializations: list[FunctionSymbol] = []


class Signature:
    __slots__ = ("return_type", "param_types", "param_decls", "required")

    def __init__(self, return_type: T.Type, param_types: list[T.Type], param_decls: "list[A.ParamDecl]") -> None:
        self.return_type = return_type
        self.param_types = param_types
        self.param_decls = param_decls
        self.required = sum(1 for p in param_decls if p.default is None)


Binding = T.Type | T.ConstValue


class Env:
    """One level of scope.  `names` holds locals and template parameter
    bindings; `namespace` / `instance` make a namespace's or a class's
    members visible; `usings` are `using namespace` directives."""

    __slots__ = ("parent", "names", "namespace", "instance", "usings", "function", "ended_for_loop_vars")

    def __init__(self, parent: "Env | None" = None, names: dict[str, Any] | None = None,
                 namespace: NamespaceSymbol | None = None, instance: ClassInstance | None = None,
                 function: Any = None) -> None:
        self.parent = parent
        self.names: dict[str, Any] = names if names is not None else {}
        self.namespace = namespace
        self.instance = instance
        self.usings: list[NamespaceSymbol] = []
        self.function = function if function is not None else (parent.function if parent else None)
        # HLSL 2021: the variables of for loops that ended in this scope (a
        # later use gets a note: before 2021 they stayed in scope).
        self.ended_for_loop_vars: dict[str, Any] | None = None

    def child(self, **kwargs: Any) -> "Env":
        return Env(self, **kwargs)

    def enclosing_namespace(self) -> NamespaceSymbol | None:
        env: Env | None = self
        while env is not None:
            if env.namespace is not None:
                return env.namespace
            env = env.parent
        return None

    def enclosing_instance(self) -> ClassInstance | None:
        env: Env | None = self
        while env is not None:
            if env.instance is not None:
                return env.instance
            env = env.parent
        return None
