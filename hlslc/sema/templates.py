"""The template engine: names, types, constants, templates, overloads.

Owns: building symbols from declarations, unqualified and qualified name
lookup, resolving written types to `types.Type`, constant evaluation (the
`MScalars` ternary, `sizeof`, `is_arithmetic<T>::value`), class template
instantiation with explicit and partial specialisations and default
arguments (instances cached per argument list), function template argument
deduction, SFINAE (a failure while substituting a candidate's return type
or default argument removes the candidate and records why), and overload
resolution with HLSL's conversions.

Errors are raised as `SemaError` (from `base`); callers outside a SFINAE context turn
them into diagnostics.  Nothing here knows about dx::linalg: its rules are
the header's `enable_if` conditions, evaluated like any other template.

Does not own: typing expressions and statements (`analyzer`), the linalg
rules the header cannot express (`linalg_rules`), conversions (`conversions`),
the rules on wave matrix types (`wavematrix`), the error classes and the
records of overload resolution (`base`).
"""

from __future__ import annotations

import re
import struct
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterable

from ..diagnostics import Diagnostics
from ..front import ast as A
from ..spec.resource_types import NODE_OBJECT_TEMPLATES, NODE_OBJECT_TYPES
from ..source import Span
from . import types as T
from . import wavematrix
from .builtin_structs import BUILTIN_STRUCTS, BuiltinStructs
from .base import CandidateFailure, NoMatch, Requirement, Resolved, SemaError
from .conversions import dxc_score, integer_constant, integer_literal_type, literal_default
from .symbols import AliasSymbol, AliasTemplateSymbol, BitField, ClassInstance, ClassTemplateSymbol, EnumeratorSymbol, EnumSymbol, Env, FunctionSymbol, FunctionTemplateSymbol, NamespaceSymbol, Signature, Specialization, Symbol, TypeSymbol, VarSymbol

if TYPE_CHECKING:
    Binding = Any   # T.Type | T.ConstValue


_BUILTIN_RESOURCES = T.PLAIN_RESOURCES
_RESOURCE_TEMPLATES = T.TEMPLATED_RESOURCES
WAVE_MATRIX_KINDS = ("WaveMatrixLeft", "WaveMatrixRight", "WaveMatrixAccumulator", "WaveMatrixLeftColAcc",
                     "WaveMatrixRightRowAcc")
# Types that exist from HLSL 2018 (DXC's ASTContextHLSL); 64-bit integers are older.
_FIXED_WIDTH_SINCE_2018 = frozenset({"int16_t", "int32_t", "uint16_t", "uint32_t", "float16_t", "float32_t",
                                     "float64_t"})
_MAX_INSTANTIATION_DEPTH = 1024   # as clang's -ftemplate-depth


def _u32(value: int) -> int:
    return value & 0xFFFFFFFF


def _s32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value




def _same_binding(a: Any, b: Any) -> bool:
    """Template arguments are the same: types by identity, values by value
    (an `int` 0 written in a specialisation matches a `uint` 0 argument),
    enumerators only within their enumeration."""
    if isinstance(a, T.ConstValue) and isinstance(b, T.ConstValue):
        if isinstance(a.type, T.EnumType) or isinstance(b.type, T.EnumType):
            return a.type is b.type and a.value == b.value
        return a.value == b.value
    return a is b or a == b



# DXC's matrix handle type (`--linalg-revision=dxc`).
LINALG_HANDLE_NAME = "__builtin_LinAlgMatrix"

# What a typedef may say of its type (DXC's type attributes and `const`).
_TYPEDEF_SPECIFIERS = frozenset({"const", "precise", "row_major", "column_major", "snorm", "unorm"})
_ORIENTATIONS = ("row_major", "column_major")

# What DXC declares in namespace std for its tests (ASTContextHLSL's
# AddStdIsEqualImplementation): is_same and the two results it derives from.
_STD_SOURCE = """namespace std {
struct false_type { static const bool value = false; };
struct true_type { static const bool value = true; };
template <typename T, typename U> struct is_same : false_type {};
template <typename T> struct is_same<T, T> : true_type {};
}
"""

class Engine:
    def __init__(self, native_16bit: bool = True, hlsl_version: int = 2021, linalg_revision: str = "sm6.10") -> None:
        self.native_16bit = native_16bit
        self.hlsl_version = hlsl_version
        # "dxc": DXC's matrix handle type and `__builtin_LinAlg*` built-ins exist.
        self.linalg_revision = linalg_revision
        # Errors in bit-field declarations, found while a struct's storage is
        # laid out (once per struct, wherever it is first used); the analyzer
        # reports them all, so one bad member does not hide the next.
        self.bit_field_errors: list[SemaError] = []
        self.global_ns = NamespaceSymbol("", None, None)
        self.global_env = Env(namespace=self.global_ns)
        self.builtin_structs = BuiltinStructs()     # RayDesc, BuiltInTriangleIntersectionAttributes
        self._depth = 0
        self._specialized: dict[tuple, FunctionSymbol] = {}
        # Overload resolutions without explicit template arguments, by the
        # candidates and the argument types (C++'s answer depends on nothing
        # else): the same call written again is resolved once.  The value
        # keeps the candidates and types alive, so their ids stay theirs.
        self._resolved: dict[tuple, tuple[tuple, tuple, Resolved]] = {}
        self._param_types: dict[int, tuple[A.TemplateParam, T.Type]] = {}
        # The type of an expression that is not evaluated (`__decltype(e)`,
        # `sizeof(e)` in a constant): the analyzer's expression checker,
        # which it sets.
        self.expression_type: "Callable[[A.Expr, Env], T.Type] | None" = None

    # ------------------------------------------------------------------
    # Declarations

    def declare_unit(self, unit: A.TranslationUnit, declare_function: Any = None) -> None:
        """Enter every declaration of the unit; `declare_function(sym)` is
        called for each function with a body (the analyzer checks bodies)."""
        self._declare_list(unit.decls, self.global_ns, self.global_env, declare_function)

    def _declare_list(self, decls: Iterable[A.Decl], ns: NamespaceSymbol, env: Env, on_function: Any) -> None:
        for decl in decls:
            self.declare(decl, ns, env, on_function)

    def declare(self, decl: A.Decl, ns: NamespaceSymbol, env: Env, on_function: Any = None) -> None:
        if isinstance(decl, A.NamespaceDecl):
            inner = next((s for s in ns.members.get(decl.name, []) if isinstance(s, NamespaceSymbol)), None)
            if inner is None:
                inner = NamespaceSymbol(decl.name, decl.span, ns)
                ns.add(inner)
            inner_env = Env(env, namespace=inner)
            self._declare_list(decl.decls, inner, inner_env, on_function)
        elif isinstance(decl, A.DeclGroup):
            self._declare_list(decl.decls, ns, env, on_function)
        elif isinstance(decl, A.BufferDecl):
            # A constant buffer's members are globals of the enclosing scope.
            before = {id(s) for symbols in ns.members.values() for s in symbols}
            self._declare_list(decl.decls, ns, env, on_function)
            for symbols in ns.members.values():
                for sym in symbols:
                    if isinstance(sym, VarSymbol) and id(sym) not in before:
                        sym.cbuffer = decl
        elif isinstance(decl, A.UsingDirective):
            target = self.resolve_namespace(decl.namespace, env, decl.span)
            if target is not ns and target not in ns.usings:
                ns.usings.append(target)
        elif isinstance(decl, (A.EmptyDecl, A.StaticAssertDecl)):
            if isinstance(decl, A.StaticAssertDecl):
                value = self.evaluate(decl.cond, env)
                if not value.value:
                    raise SemaError(f"static assertion failed{': ' + decl.message if decl.message else ''}",
                                    decl.cond.span)
        elif isinstance(decl, (A.FunctionDecl, A.VarDecl)) and decl.qualifier is not None:
            self._define_outside(decl, decl.qualifier, env, on_function)
        elif isinstance(decl, A.UsingDecl):
            # `using N::f;`: N's entities under their names here too (their
            # bodies are N's, checked there).
            for symbol in self.symbols_for(decl, env, ns_name=self._qualify(ns, ""), owner=None):
                if symbol not in ns.members.get(symbol.name, []):
                    ns.add(symbol)
        else:
            for symbol in self.symbols_for(decl, env, ns_name=self._qualify(ns, ""), owner=None):
                if isinstance(symbol, FunctionSymbol) and self._merge_redeclaration(ns, symbol):
                    if on_function is not None and symbol.decl.body is not None:
                        on_function(symbol)
                    continue
                if isinstance(symbol, FunctionTemplateSymbol) and self._merge_template_redeclaration(ns, symbol):
                    continue
                ns.add(symbol)
                if isinstance(symbol, VarSymbol):
                    symbol.is_global = True
                if isinstance(symbol, FunctionSymbol) and on_function is not None:
                    on_function(symbol)

    def _define_outside(self, decl: "A.FunctionDecl | A.VarDecl", qualifier: A.QualifiedName, env: Env,
                        on_function: Any) -> None:
        """`uint S::get() {...}`, `uint S::s = 20;`, `void N::f() {...}`: the
        definition of a member declared in a class (or of a function of a
        namespace) outside it."""
        scope = self._as_scope(self.resolve_qualified(qualifier, env), qualifier.span)
        if isinstance(scope, NamespaceSymbol):
            if not isinstance(decl, A.FunctionDecl):
                raise SemaError(f"definition of '{decl.name}' outside namespace '{scope.name}': declare the "
                                "variable inside it", decl.name_span)
            inner_env = Env(env, namespace=scope)
            for symbol in self.symbols_for(decl, inner_env, ns_name=self._qualify(scope, ""), owner=None):
                if isinstance(symbol, FunctionSymbol) and self._merge_redeclaration(scope, symbol):
                    if on_function is not None and symbol.decl.body is not None:
                        on_function(symbol)
                    continue
                raise SemaError(f"out-of-line definition of '{decl.name}' does not match any declaration in "
                                f"namespace '{scope.name}'", decl.name_span)
            return
        if not isinstance(scope, ClassInstance):
            raise SemaError(f"'{qualifier.last.name}' is not a class or namespace", qualifier.span)
        where = scope.spell()
        candidates = self.members_of(scope).get(decl.name, [])
        if isinstance(decl, A.VarDecl):
            member = next((s for s in candidates if isinstance(s, VarSymbol)), None)
            if member is None or not member.is_static:
                raise SemaError(f"no static data member named '{decl.name}' in '{where}'" if member is None else
                                f"'{decl.name}' is a non-static data member of '{where}': only static members "
                                "are defined outside the class", decl.name_span)
            if member.decl is not None and getattr(member.decl, "init", None) is not None or \
                    getattr(member, "defined_outside", False):
                raise SemaError(f"redefinition of '{where}::{decl.name}'", decl.name_span,
                                notes=[("previous definition is here", member.span)])
            declared = self.var_type(member)
            defined = self.apply_array_dims(self.resolve_type(decl.type, scope.env), decl.array_dims, scope.env)
            if defined is not declared:
                raise SemaError(f"the definition of '{where}::{decl.name}' has type '{defined.spell()}', but its "
                                f"declaration has '{declared.spell()}'", decl.type.span)
            member.decl = A.VarDecl(decl.span, list(member.storage), decl.type, decl.name, decl.name_span,
                                    decl.array_dims, decl.semantics, decl.init, decl.attributes)
            member.env = scope.env
            member.span = decl.name_span
            return
        key = self._parameter_key(decl, scope.env)
        member = next((s for s in candidates if isinstance(s, FunctionSymbol)
                       and self._parameter_key(s.decl, s.env) == key), None)
        if member is None:
            raise SemaError(f"out-of-line definition of '{decl.name}' does not match any declaration in "
                            f"'{where}'", decl.name_span)
        if member.decl.body is not None:
            raise SemaError(f"redefinition of '{where}::{decl.name}'", decl.name_span,
                            notes=[("previous definition is here", member.decl.name_span)])
        declared_ret = self.resolve_type(member.decl.return_type, member.env)
        defined_ret = self.resolve_type(decl.return_type, scope.env)
        if declared_ret is not defined_ret:
            raise SemaError(f"return type of out-of-line definition of '{where}::{decl.name}' differs from that "
                            f"in the declaration ('{defined_ret.spell()}' vs '{declared_ret.spell()}')",
                            decl.return_type.span, notes=[("previous declaration is here", member.decl.name_span)])
        if decl.body is None:
            return
        member.decl = decl
        member.span = decl.name_span

    def _merge_template_redeclaration(self, ns: NamespaceSymbol, ft: FunctionTemplateSymbol) -> bool:
        """`template<bool N = true> float f(float);` then the definition:
        one function template (the definition's, with the defaults the
        first declaration gave).  True when `ft` redeclares one."""
        key = self._template_key(ft)
        for index, other in enumerate(ns.members.get(ft.name, [])):
            if not isinstance(other, FunctionTemplateSymbol) or self._template_key(other) != key:
                continue
            if other.decl.body is not None and ft.decl.body is not None:
                raise SemaError(f"redefinition of '{ft.name}'", ft.decl.name_span,
                                notes=[("previous definition is here", other.decl.name_span)])
            definition, declaration = (ft, other) if ft.decl.body is not None else (other, ft)
            params = [p if p.default is not None or q.default is None
                      else A.TemplateParam(p.span, p.kind, p.name, p.type, q.default)
                      for p, q in zip(definition.params, declaration.params)]
            definition.params = params
            ns.members[ft.name][index] = definition
            return True
        return False

    @staticmethod
    def _template_key(ft: FunctionTemplateSymbol) -> tuple:
        """A function template's signature with its parameters' names
        replaced by their positions (a redeclaration may rename them)."""
        names = {p.name: f"${k}" for k, p in enumerate(ft.params) if p.name}
        def spelled(ref: Any) -> str:
            return " ".join(names.get(word, word) for word in re.findall(r"\w+|\S", A.spell(ref)))
        params = tuple((p.kind, spelled(p.type) if p.type is not None else "") for p in ft.params)
        return params, tuple(spelled(p.type) for p in ft.decl.params), spelled(ft.decl.return_type)

    def _merge_redeclaration(self, ns: NamespaceSymbol, fn: FunctionSymbol) -> bool:
        """A prototype and its definition are one function.  True when `fn`
        redeclares an existing one (which then takes the definition)."""
        key = self._parameter_key(fn.decl, fn.env)
        for index, other in enumerate(ns.members.get(fn.name, [])):
            if not isinstance(other, FunctionSymbol) or self._parameter_key(other.decl, other.env) != key:
                continue
            if other.decl.body is not None and fn.decl.body is not None:
                raise SemaError(f"redefinition of '{fn.name}'", fn.decl.name_span,
                                notes=[("previous definition is here", other.decl.name_span)])
            if fn.decl.body is not None:
                ns.members[fn.name][index] = fn
                _merge_defaults(fn, other)
            else:
                _merge_defaults(other, fn)
            return True
        return False

    def _parameter_key(self, decl: A.FunctionDecl, env: Env) -> tuple:
        """What makes two declarations of a name the same function: the
        parameters' types as written, their array sizes and their
        directions, so `f(int a[1])` and `f(int a[2])`, and `f(uint u)` and
        `f(out uint u)`, overload each other (as in DXC)."""
        return tuple((A.spell(p.type), tuple(self._array_size_key(d, env) for d in p.array_dims),
                      _direction(p)) for p in decl.params)

    def _array_size_key(self, dim: Any, env: Env) -> Any:
        if dim is None:
            return None
        if isinstance(dim, A.IntLiteral):
            return dim.value
        try:
            return int(self.evaluate(dim, env).value)
        except (SemaError, TypeError, ValueError):
            return _source_text(dim)

    @staticmethod
    def _qualify(ns: NamespaceSymbol | None, name: str) -> str:
        if ns is None or not ns.qualified_name:
            return name
        return f"{ns.qualified_name}::{name}" if name else ns.qualified_name

    def symbols_for(self, decl: A.Decl, env: Env, ns_name: str, owner: ClassInstance | None) -> list[Symbol]:
        """The symbols a declaration introduces in a namespace or class."""
        prefix = f"{ns_name}::" if ns_name else ""
        if isinstance(decl, A.VarDecl):
            if decl.bit_width is not None and not isinstance(owner, ClassInstance):
                self.bit_field_errors.append(SemaError(
                    f"'{decl.name}' cannot be a bit-field: only data members of a struct can be", decl.bit_width.span))
            self.add_typedef_specifiers(decl, env)
            sym = VarSymbol(decl.name, decl.name_span, decl, env, storage=tuple(decl.specifiers), owner=owner)
            return [sym]
        if isinstance(decl, A.FunctionDecl):
            return [FunctionSymbol(decl.name, decl.name_span, decl, env, owner, prefix + decl.name)]
        if isinstance(decl, A.AliasDecl):
            return [AliasSymbol(decl.name, decl.span, decl.type, env)]
        if isinstance(decl, A.TypedefDecl):
            if LINALG_HANDLE_NAME in decl.names and self.linalg_revision == "dxc":
                raise SemaError(f"typedef redefinition with different types "
                                f"('{self.resolve_type(decl.type, env).spell()}' vs '{LINALG_HANDLE_NAME}')",
                                decl.span)
            specifiers = self._typedef_specifiers(decl, env)
            return [AliasSymbol(name, decl.span, decl.type, env, dims, specifiers)
                    for name, dims in zip(decl.names, decl.array_dims)]
        if isinstance(decl, A.EnumDecl) and self.hlsl_version < 2017:
            raise SemaError("enum is unsupported in HLSL before 2017", Span(decl.span.file, decl.span.start,
                                                                             decl.span.start + len("enum")))
        if isinstance(decl, A.EnumDecl):
            name = decl.name or "<anonymous enum>"
            enum = EnumSymbol(name, decl.span, prefix + name, decl.scoped)
            if decl.underlying is not None:
                enum.underlying = self.resolve_type(decl.underlying, env)
            next_value = 0
            out: list[Symbol] = [enum]
            # Later enumerators may use earlier ones (`B = A + 1`).
            enum_env = Env(env, names={})
            for item in decl.enumerators:
                if item.value is not None:
                    next_value = int(self.evaluate(item.value, enum_env).value)
                enum_env.names[item.name] = EnumeratorSymbol(item.name, item.span, enum, next_value)
                enum.values[item.name] = next_value
                enum.names.setdefault(next_value, item.name)
                if not decl.scoped:
                    out.append(EnumeratorSymbol(item.name, item.span, enum, next_value))
                next_value += 1
            return out
        if isinstance(decl, A.StructDecl):
            if decl.template_args is not None:
                raise SemaError("explicit specialisation needs a 'template <...>' header", decl.span)
            name = decl.name or "<anonymous struct>"
            instance = ClassInstance(name, decl.span, None, (), decl, Env(env), prefix + name)
            instance.env.instance = instance
            self._build_fields(instance)
            return [instance]
        if isinstance(decl, A.TemplateDecl):
            if self.hlsl_version < 2021 and not decl.span.file.is_builtin:
                keyword = Span(decl.span.file, decl.span.start, decl.span.start + len("template"))
                raise SemaError("'template' is a reserved keyword in HLSL", keyword,
                                notes=[("templates are HLSL 2021 and later; the language version is "
                                        f"{self.hlsl_version} (-HV)", None)])
            return self._template_symbols(decl, env, prefix, owner)
        if isinstance(decl, A.DeclGroup):
            out = []
            for inner in decl.decls:
                out.extend(self.symbols_for(inner, env, ns_name, owner))
            return out
        if isinstance(decl, (A.EmptyDecl, A.AccessSpec, A.StaticAssertDecl)):
            return []
        if isinstance(decl, A.UsingDirective):
            env.usings.append(self.resolve_namespace(decl.namespace, env, decl.span))
            return []
        if isinstance(decl, A.UsingDecl):
            if isinstance(owner, ClassInstance):
                return []   # `using Base::name;` in a class: `members_of` adds the base's members
            # `using N::f;`: the names N declares, declared here too.
            return [item for item in self.resolve_qualified(decl.name, env) if isinstance(item, Symbol)]
        raise SemaError(f"this declaration is not supported here", decl.span)

    def _template_symbols(self, decl: A.TemplateDecl, env: Env, prefix: str,
                          owner: ClassInstance | None) -> list[Symbol]:
        inner = decl.decl
        if isinstance(inner, A.StructDecl):
            if inner.template_args is not None:
                # A specialisation: attach it to its primary template.
                primary = self._find_class_template(inner.name or "", env, inner.span)
                primary.specializations.append(Specialization(decl.params, inner.template_args, inner, env))
                return []
            name = inner.name or "<anonymous>"
            return [ClassTemplateSymbol(name, inner.span, decl.params, inner, env, prefix + name)]
        if isinstance(inner, A.FunctionDecl):
            if inner.specialization_args is not None or (not decl.params and inner.body is not None
                                                         and self._has_function_template(inner.name, env)):
                # An explicit specialisation of a function template.
                templates = [s for s in self.lookup_all(inner.name, env) if isinstance(s, FunctionTemplateSymbol)]
                if templates:
                    fn = FunctionSymbol(inner.name, inner.name_span, inner, env, owner, prefix + inner.name)
                    templates[0].specializations.append(fn)
                    return []
            return [FunctionTemplateSymbol(inner.name, inner.name_span, decl.params, inner, env, owner,
                                           prefix + inner.name)]
        if isinstance(inner, A.AliasDecl):
            return [AliasTemplateSymbol(inner.name, inner.span, decl.params, inner.type, env)]
        if isinstance(inner, A.EmptyDecl):
            return []       # `template <int N> struct T;`: the definition declares it
        raise SemaError("this kind of template is not supported", decl.span)

    def _has_function_template(self, name: str, env: Env) -> bool:
        return any(isinstance(s, FunctionTemplateSymbol) for s in self.lookup_all(name, env))

    def _find_class_template(self, name: str, env: Env, span: Span) -> ClassTemplateSymbol:
        for sym in self.lookup_all(name, env):
            if isinstance(sym, ClassTemplateSymbol):
                return sym
        raise SemaError(f"no class template named '{name}' to specialise", span)

    def resolve_namespace(self, parts: list[str], env: Env, span: Span) -> NamespaceSymbol:
        found: Any = None
        for index, part in enumerate(parts):
            if index == 0:
                candidates = self.lookup_all(part, env)
            else:
                candidates = found.members.get(part, [])
            found = next((c for c in candidates if isinstance(c, NamespaceSymbol)), None)
            if found is None:
                raise SemaError(f"no namespace named '{part}'"
                                + (f" in '{'::'.join(parts[:index])}'" if index else ""), span)
        return found

    # ------------------------------------------------------------------
    # Lookup

    def lookup_all(self, name: str, env: Env) -> list[Any]:
        """Unqualified lookup: the innermost scope that declares `name`, else
        one of the constants DXC declares in every unit (`RAY_FLAG_*`, ...)."""
        level: Env | None = env
        while level is not None:
            found = self._lookup_in_level(level, name)
            if found:
                return found
            level = level.parent
        constant = T.BUILTIN_CONSTANTS.get(name)
        if constant is not None:
            return [T.ConstValue(T.UINT, constant)]
        if name in T.PSEUDO_ENUM_TYPES:
            return [T.UINT]     # DXC's `typedef uint RAY_FLAG;` and the like
        if name == "sampler":
            return [T.resource_of("SamplerState")]     # DXC's `typedef SamplerState sampler;`
        if name == "std":
            return self._std_namespace()
        return []

    def _std_namespace(self) -> list[Any]:
        """DXC's `std::is_same<T, U>::value` (with `true_type` and
        `false_type`), which it declares in every unit for its tests:
        declared here on the first use of `std`."""
        if "std" not in self.global_ns.members:
            from ..front.parser import parse_tokens  # late: only a unit naming `std` (and declaring none) parses it
            from ..front.preprocessor import Preprocessor, PreprocessorOptions  # late: likewise
            scratch = Diagnostics()
            preprocessor = Preprocessor(PreprocessorOptions(), scratch)
            tokens = preprocessor.run_text(_STD_SOURCE, "<built-in std>")
            preprocessor.files["<built-in std>"].is_builtin = True
            unit = parse_tokens(tokens, scratch)
            for decl in unit.decls if unit is not None else []:
                self.declare(decl, self.global_ns, self.global_env, None)
        return self.global_ns.members.get("std", [])

    def _lookup_in_level(self, level: Env, name: str) -> list[Any]:
        if name in level.names:
            value = level.names[name]
            return value if isinstance(value, list) else [value]
        if level.instance is not None:
            found = self.members_of(level.instance).get(name)
            if found:
                return found
            template = level.instance.template
            if template is not None and template.name == name:
                return [level.instance]     # the injected class name
            if template is None and level.instance.name == name:
                return [level.instance]
        if level.namespace is not None:
            found = self._namespace_lookup(level.namespace, name, set())
            if found:
                return found
        for used in level.usings:
            found = self._namespace_lookup(used, name, set())
            if found:
                return found
        return []

    def lookup_scope_name(self, name: str, env: Env, span: Span | None) -> list[Any]:
        """Lookup of a name followed by `::`, which (as in C++) sees only
        namespaces, types and templates: `Normal::Parameters Normal;` finds
        the namespace `Normal` although a member of that name is nearer."""
        level: Env | None = env
        while level is not None:
            found = [f for f in self._lookup_in_level(level, name) if _names_a_scope(f)]
            if found:
                return found
            level = level.parent
        return self.lookup(name, env, span)

    def global_lookup(self, name: str, span: Span | None, scope_only: bool = False) -> list[Any]:
        """`::name`: a member of the global namespace (or a namespace it
        uses), else a constant DXC declares; before a further `::`, only
        namespaces and types."""
        found = self._namespace_lookup(self.global_ns, name, set())
        if scope_only:
            found = [f for f in found if _names_a_scope(f)] or found
        if not found:
            constant = T.BUILTIN_CONSTANTS.get(name)
            if constant is not None:
                return [T.ConstValue(T.UINT, constant)]
            if name in T.PSEUDO_ENUM_TYPES:
                return [T.UINT]
            if name == "sampler":
                return [T.resource_of("SamplerState")]
            raise SemaError(f"no member named '{name}' in the global namespace", span)
        return found

    def _namespace_lookup(self, ns: NamespaceSymbol, name: str, seen: set[int]) -> list[Any]:
        if id(ns) in seen:
            return []
        seen.add(id(ns))
        found = ns.members.get(name)
        if found:
            return found
        result: list[Any] = []
        for used in ns.usings:
            result.extend(self._namespace_lookup(used, name, seen))
        return result

    def lookup(self, name: str, env: Env, span: Span | None) -> list[Any]:
        found = self.lookup_all(name, env)
        if not found:
            raise SemaError(f"use of undeclared identifier '{name}'", span,
                            notes=self._did_you_mean(name, env))
        return found

    def _did_you_mean(self, name: str, env: Env) -> list[tuple[str, Span | None]]:
        legacy = _legacy_note(name)
        if legacy is not None:
            return [(legacy, None)]
        names: set[str] = set()
        level: Env | None = env
        while level is not None:
            names.update(level.names)
            if level.instance is not None:
                names.update(self.members_of(level.instance))
            if level.namespace is not None:
                names.update(level.namespace.members)
                for used in level.namespace.usings:
                    names.update(used.members)
            for used in level.usings:
                names.update(used.members)
            level = level.parent
        import difflib  # late: only a misspelt name needs it (start-up time)
        close = difflib.get_close_matches(name, sorted(n for n in names if not n.startswith("__")), n=1, cutoff=0.75)
        return [(f"did you mean '{close[0]}'?", None)] if close else []

    def member_lookup(self, scope: Any, name: str, span: Span | None) -> list[Any]:
        """`scope::name` for a namespace, class instance or enum."""
        if isinstance(scope, NamespaceSymbol):
            found = self._namespace_lookup(scope, name, set())
            if not found:
                where = scope.qualified_name or "the global namespace"
                raise SemaError(f"no member named '{name}' in namespace '{where}'", span)
            return found
        if isinstance(scope, ClassInstance):
            found = self.members_of(scope).get(name)
            if not found:
                raise SemaError(f"no member named '{name}' in '{scope.spell()}'", span,
                                requirement=self._enable_if_requirement(scope, name))
            return found
        if isinstance(scope, EnumSymbol):
            if name not in scope.values:
                raise SemaError(f"no enumerator named '{name}' in '{scope.qualified_name}'", span)
            return [EnumeratorSymbol(name, span, scope, scope.values[name])]
        if isinstance(scope, T.ClassType):
            return self.member_lookup(scope.instance, name, span)
        if isinstance(scope, T.EnumType):
            return self.member_lookup(scope.symbol, name, span)
        if isinstance(scope, T.Type):
            raise SemaError(f"'{scope.spell()}' has no members to name with '::'", span)
        raise SemaError(f"'{getattr(scope, 'name', scope)}' is not a class, namespace or enumeration", span)

    # enable_if<false, T>::type -----------------------------------------

    def _enable_if_requirement(self, instance: ClassInstance, member: str) -> Requirement | None:
        """When `instance` is an `enable_if<false, ...>` and `member` is what
        only its `true` specialisation declares, describe the condition."""
        template = instance.template
        if template is None or not instance.args or not isinstance(instance.args[0], T.ConstValue):
            return None
        if instance.args[0].type is not T.BOOL or instance.args[0].value:
            return None
        for spec in template.specializations:
            if any(getattr(m, "name", None) == member for m in spec.decl.members):
                return Requirement("", [], [], None)
        return None

    # ------------------------------------------------------------------
    # Class instances and their members

    def members_of(self, instance: ClassInstance) -> dict[str, list[Any]]:
        members = instance.member_table
        if members is None:
            members = {}
            instance.member_table = members
            prefix = instance.spell() if instance.template is not None else instance.qualified_name
            for decl in instance.decl.members:
                for sym in self.symbols_for(decl, instance.env, prefix, owner=instance):
                    members.setdefault(sym.name, []).append(sym)
                    if isinstance(sym, EnumSymbol):
                        for name, value in sym.values.items():
                            if not sym.scoped:
                                members.setdefault(name, []).append(EnumeratorSymbol(name, sym.span, sym, value))
            # Inherited members, unless a member of the same name hides them
            # (and a `using Base::name;` makes both visible).
            used = {d.name.parts[-1].name for d in instance.decl.members if isinstance(d, A.UsingDecl)}
            for base in self.bases_of(instance):
                for name, symbols in self.members_of(base).items():
                    if name not in members:
                        members[name] = list(symbols)
                    elif name in used:
                        members[name].extend(sym for sym in symbols if sym not in members[name])
        return members

    def bases_of(self, instance: ClassInstance) -> list[ClassInstance]:
        """The base classes of `struct G : F`, in order."""
        bases = []
        scope = instance.env.parent or instance.env
        if instance.template is not None and instance.env.names:
            # `template<typename T> struct D : B<T>`: the base names the
            # instance's template arguments (not yet its members).
            scope = Env(scope, names=instance.env.names)
        for ref in getattr(instance.decl, "bases", None) or ():
            base = self.resolve_type(ref, scope)
            if not isinstance(base, T.ClassType):
                raise SemaError(f"'{base.spell()}' cannot be a base of '{instance.spell()}': only structs and "
                                "classes can", ref.span)
            if base.instance is instance:
                raise SemaError(f"'{instance.spell()}' cannot derive from itself", ref.span)
            if getattr(instance.decl, "keyword", "") == "interface":
                raise SemaError("interfaces cannot inherit from other types", ref.span)
            bases.append(base.instance)
        concrete = [b for b in bases if getattr(b.decl, "keyword", "") != "interface"]
        if len(concrete) > 1:
            raise SemaError("multiple concrete base types specified", instance.decl.bases[0].span)
        return bases

    def _build_fields(self, instance: ClassInstance) -> None:
        """Instantiating a class instantiates its data members' types and its
        static assertions (as in C++): errors there are hard errors."""
        inherited: list[VarSymbol] = []
        for base in self.bases_of(instance):
            if not base.fields and base.decl is not None:
                self._build_fields(base)
            inherited += [f for f in base.fields if f not in inherited]
        own: list[VarSymbol] = []
        for sym_list in self.members_of(instance).values():
            for sym in sym_list:
                if isinstance(sym, VarSymbol) and not sym.is_static and not sym.is_const and sym.owner is instance:
                    sym.is_field = True
                    own.append(sym)
        own.sort(key=lambda s: s.decl.span.start if s.decl is not None else 0)
        for decl in instance.decl.members:
            if isinstance(decl, A.VarDecl) and decl.bit_width is not None and "static" in decl.specifiers:
                self.bit_field_errors.append(SemaError(f"static member '{decl.name}' cannot be a bit-field",
                                                       decl.bit_width.span))
        storage, named = self._pack_bit_fields(instance, own)
        # Base class members come first in memory, as in C++.
        instance.fields[:] = inherited + storage
        if named is not None or any(base.data_members is not None for base in self.bases_of(instance)):
            inherited_named: list[VarSymbol] = []
            for base in self.bases_of(instance):
                for f in base.data_members if base.data_members is not None else base.fields:
                    if f not in inherited_named:
                        inherited_named.append(f)
            instance.data_members = inherited_named + (named if named is not None else own)
        for field in instance.fields:
            self.var_type(field)
        for decl in instance.decl.members:
            if isinstance(decl, A.StaticAssertDecl):
                value = self.evaluate(decl.cond, instance.env)
                if not value.value:
                    notes = [(f"in instantiation of '{instance.spell()}'", None)] if instance.template else []
                    raise SemaError(f"static assertion failed{': ' + decl.message if decl.message else ''}",
                                    decl.cond.span, notes=notes)

    def _pack_bit_fields(self, instance: ClassInstance,
                         own: list[VarSymbol]) -> tuple[list[VarSymbol], "list[VarSymbol] | None"]:
        """Lay out a struct's own bit-fields: consecutive bit-fields of one
        type share a storage unit of that type, filled from its least
        significant bit, and the next one that does not fit (or a member of
        another type, or an unnamed `: 0`) starts a new unit.  Returns the
        storage members (units in place of the bit-fields) and the named
        data members in order, or None for the latter when there are no
        bit-fields.  Bad declarations are recorded in `bit_field_errors`
        and left out of the units."""
        if not any(isinstance(s.decl, A.VarDecl) and s.decl.bit_width is not None for s in own):
            return own, None
        storage: list[VarSymbol] = []
        named: list[VarSymbol] = []
        unit: VarSymbol | None = None
        unit_key, used, capacity, count = "", 0, 0, 0
        for sym in own:
            decl = sym.decl
            if not (isinstance(decl, A.VarDecl) and decl.bit_width is not None):
                unit = None
                storage.append(sym)
                named.append(sym)
                continue
            info = self._bit_field_info(sym, decl, instance)
            if info is None:
                # Reported: keep a named member as an ordinary one so that
                # uses of it still check.
                if sym.name:
                    storage.append(sym)
                    named.append(sym)
                unit = None
                continue
            unit_type, bits, width = info
            if width == 0:
                unit = None
                continue
            key = self.var_type(sym).spell()
            if unit is None or key != unit_key or used + width > capacity:
                unit = VarSymbol(f"${instance.spell()}.bits{count}", decl.span, None, None, type=unit_type,
                                 owner=instance)
                unit.is_field = True
                count += 1
                unit_key, used, capacity = key, 0, bits
                storage.append(unit)
            sym.bit_field = BitField(unit, used, width, self.var_type(sym))
            used += width
            if sym.name:
                named.append(sym)
        return storage, named

    def _bit_field_info(self, sym: VarSymbol, decl: "A.VarDecl",
                        instance: ClassInstance) -> tuple[T.Type, int, int] | None:
        """(storage unit type, its bits, the width) of a bit-field member,
        or None after recording why it is not a valid one (clang's and
        DXC's words)."""
        expr = decl.bit_width
        assert expr is not None
        errors = self.bit_field_errors
        what = f"bit-field '{sym.name}'" if sym.name else "anonymous bit-field"
        if self.hlsl_version < 2021:
            errors.append(SemaError("bitfields are not supported in HLSL", expr.span))
            return None
        if decl.semantics:
            errors.append(SemaError("bitfields are not allowed with HLSL annotations", expr.span))
            return None
        if decl.init is not None:
            errors.append(SemaError("bit-field member cannot have an in-class initializer", decl.init.span))
            return None
        t = self.var_type(sym)
        unit_type: T.Type
        if isinstance(t, T.EnumType):
            unit_type, bits = getattr(t.symbol, "underlying", None) or T.INT, 32
            if isinstance(unit_type, T.ScalarType):
                bits = 64 if unit_type.bits == 64 else 16 if unit_type.bits == 16 and self.native_16bit else 32
        elif isinstance(t, T.ScalarType) and (t.is_integer or t.kind == "bool") and not t.literal:
            unit_type = T.UINT if t.kind == "bool" else t
            bits = 64 if t.bits == 64 else 16 if t.bits == 16 and (self.native_16bit or not
                                                                  t.name.startswith("min")) else 32
        else:
            if sym.name:
                errors.append(SemaError(f"bit-field '{sym.name}' has non-integral type '{t.spell()}'",
                                        decl.name_span))
            else:
                errors.append(SemaError(f"anonymous bit-field has non-integral type '{t.spell()}'", expr.span))
            return None
        try:
            value = self.evaluate(expr, instance.env)
        except SemaError as err:
            errors.append(err)
            return None
        if not isinstance(value.value, int) or isinstance(value.value, bool) or value.type.is_float:
            errors.append(SemaError("integral constant expression must have integral or unscoped enumeration "
                                    f"type, not '{value.type.spell()}'", expr.span))
            return None
        width = value.value
        if width < 0:
            errors.append(SemaError(f"{what} has negative width ({width})", expr.span))
            return None
        if width == 0 and sym.name:
            errors.append(SemaError(f"named bit-field '{sym.name}' has zero width", expr.span))
            return None
        if width > bits:
            if sym.name:
                message = f"size of bit-field '{sym.name}' ({width} bits) exceeds size of its type ({bits} bits)"
            else:
                message = f"size of anonymous bit-field ({width} bits) exceeds size of its type ({bits} bits)"
            errors.append(SemaError(message, expr.span))
            return None
        return unit_type, bits, width

    def var_type(self, var: VarSymbol) -> T.Type:
        if var.type is None:
            decl = var.decl
            assert isinstance(decl, A.VarDecl) and var.env is not None
            base = self.resolve_type(decl.type, var.env)
            if var.is_global and isinstance(base, T.ResourceType) and base.name == "ConstantBuffer" \
                    and isinstance(base.elem, T.ClassType) and not decl.array_dims and any(
                        a.cxx and a.namespace == "vk" and a.name == "push_constant"
                        for a in getattr(decl, "attributes", None) or ()):
                # `[[vk::push_constant]] ConstantBuffer<S> pc;` is the push
                # constant block of S's members, as `[[vk::push_constant]] S
                # pc;` is (DXC: a PushConstant variable of the buffer type).
                base = base.elem
            var.type = self.apply_array_dims(base, decl.array_dims, var.env, init=decl.init)
        return var.type

    def apply_array_dims(self, base: T.Type, dims: list, env: Env, init: Any = None) -> T.Type:
        if not dims and isinstance(base, T.ArrayType) and base.size is None and isinstance(init, A.InitListExpr):
            # `typedef int Table[]; static Table t = { 1, 2, 3 };`: the
            # typedef's unsized dimension, sized by the initializer.
            return self.apply_array_dims(base.elem, [None], env, init)
        result = base
        for dim in reversed(dims):
            if dim is None:
                size = len(init.items) if isinstance(init, A.InitListExpr) else None
                per = _numeric_scalars(result)
                if size is not None and per:
                    # HLSL flattens initializer lists: `float4 t[] = { 32
                    # scalars }` holds 8 float4s, `float t[] = { 1, f4 }`
                    # 5 floats and `float2 t[][3] = { 12 scalars }` two
                    # float2[3], as in DXC.
                    have = self._init_scalar_count(init, env)
                    if have is not None and have != size * per:
                        size = -(-have // per)
            else:
                value = T.promoted(self.evaluate(dim, env))
                if not isinstance(value.value, int) or isinstance(value.type, T.EnumType):
                    raise SemaError("array size is not an integer constant", dim.span)
                if value.value <= 0:
                    raise SemaError(f"array size must be positive (got {value.value})", dim.span)
                size = value.value
            result = T.array_of(result, size)
        return result

    def _init_scalar_count(self, init: A.InitListExpr, env: Env) -> int | None:
        """How many scalars a brace initializer holds, when its items show
        it without type checking them (literals, constants, casts and
        constructors of numeric types, nested braces); else None."""
        total = 0
        for item in init.items:
            while isinstance(item, A.ParenExpr):
                item = item.inner
            if isinstance(item, A.UnaryExpr) and item.op in ("+", "-"):
                item = item.operand
            count: int | None = None
            if isinstance(item, A.InitListExpr):
                count = self._init_scalar_count(item, env)
            elif isinstance(item, (A.IntLiteral, A.FloatLiteral, A.BoolLiteral)):
                count = 1
            elif isinstance(item, A.CastExpr) or isinstance(item, A.CallExpr) and isinstance(item.callee, A.TypeExpr):
                try:
                    t = self.resolve_type(item.type if isinstance(item, A.CastExpr) else item.callee.type, env)
                except SemaError:
                    return None
                count = T.component_count(t) if t.is_numeric else None
            elif isinstance(item, A.NameExpr):
                found = self.lookup_all(item.name.parts[0].name, env) if len(item.name.parts) == 1 else []
                sym = found[0] if found else None
                if isinstance(sym, (T.ConstValue, EnumeratorSymbol)):
                    count = 1
                elif isinstance(sym, VarSymbol) and sym.type is not None and sym.type.is_numeric:
                    count = T.component_count(sym.type)
            if count is None:
                return None
            total += count
        return total

    def var_value(self, var: VarSymbol, span: Span | None) -> T.ConstValue:
        """The constant value of a `static const` (or `const`) with an initialiser."""
        if var.const_value is not None:
            return var.const_value
        if var.const_error is not None:
            raise SemaError(var.const_error.message, span, reported=True)
        decl = var.decl
        if not (isinstance(decl, A.VarDecl) and decl.init is not None and var.is_const and var.env is not None):
            raise SemaError(f"'{var.name}' is not a constant expression", span)
        if any(a.cxx and a.namespace == "vk" and a.name == "constant_id" for a in decl.attributes or ()):
            raise SemaError(f"'{var.name}' is a specialization constant, set when the pipeline is created: it is "
                            "not a constant expression", span)
        if var.evaluating:
            raise SemaError(f"the value of '{var.name}' depends on itself", span)
        if self._depth > _MAX_INSTANTIATION_DEPTH:
            owner = var.owner.spell() if isinstance(var.owner, ClassInstance) else var.name
            raise SemaError(f"evaluating '{var.name}' of '{owner}' instantiates templates too deeply "
                            f"(more than {_MAX_INSTANTIATION_DEPTH} levels): is a base case missing?", span)
        var.evaluating = True
        self._depth += 1
        try:
            value = self.evaluate(decl.init, var.env)
            target = self.var_type(var)
            var.const_value = self.convert_constant(value, target, decl.init.span)
        except SemaError as err:
            # Remember the failure: every later use would report it again.
            var.const_error = err
            raise
        finally:
            var.evaluating = False
            self._depth -= 1
        return var.const_value

    # ------------------------------------------------------------------
    # Names to entities

    def resolve_qualified(self, name: A.QualifiedName, env: Env, type_name: bool = False) -> list[Any]:
        """The entities a qualified name denotes (several for overloads).
        `type_name`: the name stands where a type goes, so a variable of
        the name does not hide it (`StructuredBufferH<InstanceData>
        InstanceData;`, a member named after its type: C++ looks the type up
        before the member is declared)."""
        parts = name.parts
        first = parts[0]
        if name.is_global:
            # `::name`: the global namespace's member, whatever nearer scope
            # declares the name (a member function calling the global
            # function of its own name).
            found = self.global_lookup(first.name, first.span, scope_only=len(parts) > 1)
        elif len(parts) > 1 or type_name:
            found = self.lookup_scope_name(first.name, env, first.span)
        else:
            found = self.lookup(first.name, env, first.span)
        found = self._resolve_part(first, found, env)
        for index, part in enumerate(parts[1:], 2):
            scope = self._as_scope(found, part.span)
            found = self.member_lookup(scope, part.name, part.span)
            if index < len(parts):
                found = [f for f in found if _names_a_scope(f)] or found
            found = self._resolve_part(part, found, env)
        return found

    def _as_scope(self, found: list[Any], span: Span | None) -> Any:
        item = found[0]
        if isinstance(item, (NamespaceSymbol, ClassInstance, EnumSymbol)):
            return item
        if isinstance(item, (AliasSymbol, TypeSymbol)):
            t = self.alias_type(item) if isinstance(item, AliasSymbol) else item.type
            if isinstance(t, T.ClassType):
                return t.instance
            if isinstance(t, T.EnumType):
                return t.symbol
            return t
        if isinstance(item, (T.ClassType, T.EnumType)):
            return item
        if isinstance(item, ClassTemplateSymbol):
            raise SemaError(f"use of class template '{item.name}' requires template arguments", span)
        if isinstance(item, T.Type):
            return item
        raise SemaError(f"'{getattr(item, 'name', item)}' is not a class, namespace or enumeration", span)

    def _resolve_part(self, part: A.NamePart, found: list[Any], env: Env) -> list[Any]:
        if part.template_args is None:
            return found
        item = found[0]
        if isinstance(item, ClassTemplateSymbol):
            return [self.instantiate_class_template(item, part.template_args, env, part.span)]
        if isinstance(item, AliasTemplateSymbol):
            return [self.instantiate_alias_template(item, part.template_args, env, part.span)]
        if isinstance(item, ClassInstance) and item.template is not None:
            return [self.instantiate_class_template(item.template, part.template_args, env, part.span)]
        if all(isinstance(f, (FunctionTemplateSymbol, FunctionSymbol)) for f in found):
            return [ExplicitArgs(found, part.template_args, env)]
        raise SemaError(f"'{part.name}' is not a template", part.span)

    def _typedef_specifiers(self, decl: A.TypedefDecl, env: Env) -> tuple[str, ...]:
        """A typedef's specifiers with those of the typedef it names, checked
        as DXC checks them (`typedef row_major column_major ...` is an error)."""
        own = decl.specifiers
        for word in own:
            if word not in _TYPEDEF_SPECIFIERS:
                raise SemaError(f"'{word}' is not valid in a typedef", decl.span)
        inherited = self.implied_specifiers(decl.type, env)
        for first, second in (("row_major", "column_major"), ("unorm", "snorm")):
            if first in own and second in own:
                raise SemaError(f"'{first}' and '{second}' attributes are not compatible", decl.span)
            for word, other in ((first, second), (second, first)):
                if word in own and other in inherited:
                    raise SemaError(f"'{first}' and '{second}' attributes are not compatible", decl.span)
        return tuple(dict.fromkeys([*inherited, *own]))

    def implied_specifiers(self, ref: A.TypeRef, env: Env) -> tuple[str, ...]:
        """What a declaration of type `ref` says without writing it: the
        specifiers of the typedef `ref` names (`typedef row_major float4x4
        M; M m;` is a row-major `m`), else nothing."""
        if not isinstance(ref, A.NamedType) or ref.is_dependent \
                or any(part.template_args is not None for part in ref.name.parts):
            return ()
        try:
            found = self.resolve_qualified(ref.name, env)
        except SemaError:
            return ()
        item = found[0] if found else None
        return item.specifiers if isinstance(item, AliasSymbol) else ()

    def add_typedef_specifiers(self, decl: A.VarDecl, env: Env) -> None:
        """Give `decl` the specifiers its typedef type implies (`const`,
        `row_major`, ...) that it does not write itself; an orientation
        written on the declaration wins over the typedef's.  Also checks
        the pairs no declaration may write together, as DXC does."""
        for first, second in (("row_major", "column_major"), ("unorm", "snorm")):
            if first in decl.specifiers and second in decl.specifiers:
                raise SemaError(f"'{first}' and '{second}' attributes are not compatible", decl.span)
        for word in self.implied_specifiers(decl.type, env):
            if word in decl.specifiers:
                continue
            if word in _ORIENTATIONS and any(w in _ORIENTATIONS for w in decl.specifiers):
                continue
            decl.specifiers.append(word)

    def alias_type(self, alias: AliasSymbol) -> T.Type:
        if alias.resolved is None:
            base = self.resolve_type(alias.type_ref, alias.env)
            alias.resolved = self.apply_array_dims(base, alias.array_dims, alias.env)
        return alias.resolved

    def entity_as_type(self, found: list[Any], span: Span | None, spelled: str) -> T.Type:
        item = found[0]
        if isinstance(item, T.Type):
            return item
        if isinstance(item, TypeSymbol):
            return item.type
        if isinstance(item, AliasSymbol):
            return self.alias_type(item)
        if isinstance(item, ClassInstance):
            return item.type
        if isinstance(item, EnumSymbol):
            return item.type
        if isinstance(item, ClassTemplateSymbol):
            raise SemaError(f"use of class template '{item.name}' requires template arguments", span)
        if isinstance(item, T.ConstValue):
            raise SemaError(f"'{spelled}' is a value, not a type", span)
        raise SemaError(f"'{spelled}' does not name a type", span)

    # ------------------------------------------------------------------
    # Types

    def resolve_type(self, ref: A.TypeRef, env: Env) -> T.Type:
        if isinstance(ref, A.BuiltinType):
            return self.builtin_type(ref.name, ref.span)
        if isinstance(ref, A.AttributedType):
            return self.attributed_type(ref, env)
        if isinstance(ref, A.BuiltinTemplateType):
            return self.builtin_template_type(ref, env)
        if isinstance(ref, A.NamedType):
            return self.entity_as_type(self.resolve_qualified(ref.name, env, type_name=True), ref.span,
                                       ref.name.spelling())
        if isinstance(ref, A.ArrayTypeRef):
            # `(float4[6])0`, `sizeof(int[2])`: the size must be given.
            if not ref.dims or any(d is None for d in ref.dims):
                raise SemaError("an array type here needs its size", ref.span)
            return self.apply_array_dims(self.resolve_type(ref.elem, env), ref.dims, env)
        if isinstance(ref, A.ReferenceType):
            raise SemaError("references are unsupported in HLSL", ref.span)
        if isinstance(ref, A.DecltypeType):
            if self.expression_type is None:
                raise SemaError("'__decltype' is not supported here", ref.span)
            return self.expression_type(ref.expr, env)
        if isinstance(ref, A.NormType):
            # `unorm float4`: the type is the float type; a typed resource
            # records the normalisation (`builtin_template_type`), and a
            # structured one a matrix's orientation.
            inner = self.resolve_type(ref.inner, env)
            if ref.norm in ("row_major", "column_major"):
                if not isinstance(inner, T.MatrixType):
                    raise SemaError(f"'{ref.norm}' applies to matrix types, not '{inner.spell()}'", ref.span)
                return inner
            elem = inner.element if isinstance(inner, (T.ScalarType, T.VectorType, T.MatrixType)) else None
            if elem is None or elem.kind != "float":
                raise SemaError(f"'{ref.norm}' applies to floating-point types, not '{inner.spell()}'", ref.span)
            return inner
        raise SemaError("unsupported type", ref.span)

    def attributed_type(self, ref: A.AttributedType, env: Env) -> T.Type:
        """`__builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(C, M, N, U, S)]]`
        with DXC's checks and messages (`SemaHLSL.cpp`)."""
        base = self.resolve_type(ref.base, env)
        attr = ref.attribute
        if base is not T.linalg_handle_of():
            raise SemaError(f"matrix attributes can only be applied to {LINALG_HANDLE_NAME}", attr.span)
        if len(attr.args) != 5:
            raise SemaError(f"'{attr.name}' attribute requires exactly 5 arguments", attr.span)
        values = []
        for index, arg in enumerate(attr.args):
            kind = "enumeration" if index in (0, 3, 4) else "integer"
            try:
                value = self.evaluate(arg, env)
            except SemaError:
                if isinstance(arg, (A.StringLiteral, A.FloatLiteral)):
                    value = None
                else:
                    raise SemaError("matrix attributes argument is not a constant value", arg.span) from None
            t = value.type if value is not None else None
            integral = isinstance(t, T.ScalarType) and t.kind in ("int", "uint", "bool")
            if kind == "enumeration":
                ok = integral or isinstance(t, T.EnumType)
            else:
                ok = integral or isinstance(t, T.EnumType) and not t.symbol.scoped
            if not ok:
                raise SemaError("argument is not an integer or enumeration" if kind == "enumeration"
                                else "argument is not an integer", arg.span)
            v = int(value.value)
            if index in (1, 2):
                if v < 0:
                    raise SemaError("matrix dimension must be greater than 0", arg.span)
            else:
                name, low, high = {0: ("ComponentEnum", 1, 23), 3: ("MatrixUseEnum", 0, 2),
                                   4: ("MatrixScopeEnum", 0, 2)}[index]
                if not low <= v <= high:
                    raise SemaError(f"matrix attribute {name} has invalid value {v}, must be in the range "
                                    f"[{low}, {high}]", arg.span)
            values.append(v)
        return T.linalg_handle_of(*values)

    def builtin_type(self, name: str, span: Span | None) -> T.Type:
        if self.hlsl_version < 2018 and name.rstrip("0123456789x") in _FIXED_WIDTH_SINCE_2018:
            raise SemaError(f"unknown type name '{name}'", span,
                            notes=[("the fixed-width types ('int16_t' ... 'float64_t', other than 'int64_t' and "
                                    "'uint64_t') are HLSL 2018 and later", None)])
        if name == LINALG_HANDLE_NAME:
            if self.linalg_revision != "dxc":
                raise SemaError(f"unknown type '{name}'", span)     # the analyzer names the revision
            return T.linalg_handle_of()
        scalar = T.scalar_named(name, self.native_16bit)
        if scalar is not None:
            if name in T.SIXTEEN_BIT_ONLY and not self.native_16bit:
                raise SemaError(f"'{name}' requires 16-bit types (-enable-16bit-types, or shader model 6.10)", span)
            return scalar
        if name == "void":
            return T.VOID
        if name == "string":
            return T.STRING
        if name in NODE_OBJECT_TYPES:
            return T.node_object_of(name)
        if name in _BUILTIN_RESOURCES:
            return T.resource_of(name)
        if name in BUILTIN_STRUCTS:
            return self.builtin_structs.type_of(name, self)
        if name in T.RAY_TRACING_TYPES:
            raise SemaError(T.ray_tracing_error(name), span)
        if name in ("vector",):
            return T.vector_of(T.FLOAT, 4)
        if name in ("matrix",):
            return T.matrix_of(T.FLOAT, 4, 4)
        if name in _RESOURCE_TEMPLATES:
            shape = T.RESOURCE_SHAPES[name]
            if shape.family in ("typed", "texture"):
                # `Buffer` and `Texture2D` alone hold float4s.
                return T.resource_of(name, T.vector_of(T.FLOAT, 4))
            raise SemaError(f"'{name}' requires a template argument (its element type)", span)
        # floatN, floatRxC
        base = name.rstrip("0123456789x")
        shape = name[len(base):]
        scalar = T.scalar_named(base, self.native_16bit)
        if scalar is not None and shape:
            if "x" in shape:
                rows, cols = shape.split("x")
                return T.matrix_of(scalar, int(rows), int(cols))
            return T.vector_of(scalar, int(shape))
        if name in WAVE_MATRIX_KINDS:
            raise SemaError(f"'{name}' requires template arguments", span)
        if name.startswith("unsigned "):
            # `unsigned float2`: the parser maps the integer types' names.
            base = name[len("unsigned "):]
            cut = len(base) - (3 if base[-2:-1] == "x" else 1) if base[-1:] in "1234" else len(base)
            raise SemaError(f"'{base[:cut]}' cannot be signed or unsigned", span)
        raise SemaError(f"unknown type '{name}'", span)

    def builtin_template_type(self, ref: A.BuiltinTemplateType, env: Env) -> T.Type:
        name, args = ref.name, ref.args
        if name in ("vector", "matrix"):
            want = 2 if name == "vector" else 3
            if len(args) != want:
                raise SemaError(f"'{name}' takes {want} template arguments, not {len(args)}", ref.span)
            elem = self.type_argument(args[0], env)
            if not isinstance(elem, T.ScalarType):
                raise SemaError(f"'{name}' element type must be a scalar type, not '{elem.spell()}'", args[0].span)
            sizes = [T.promoted(self.evaluate(a, env)) for a in args[1:]]
            for size, arg in zip(sizes, args[1:]):
                if not isinstance(size.value, int) or isinstance(size.type, T.EnumType) or not 1 <= size.value:
                    raise SemaError(f"'{name}' dimension must be a positive integer constant", arg.span)
                if name == "matrix" and size.value > 4:
                    raise SemaError("matrix dimensions must be between 1 and 4", arg.span)
            if name == "vector":
                if sizes[0].value > 1024:
                    raise SemaError(f"vector length {sizes[0].value} is too large (at most 1024)", args[1].span)
                return T.vector_of(elem, sizes[0].value)
            return T.matrix_of(elem, sizes[0].value, sizes[1].value)
        if name in NODE_OBJECT_TEMPLATES:
            if len(args) != 1:
                raise SemaError(f"'{name}' takes 1 template argument, the record type, not {len(args)}", ref.span)
            return T.node_object_of(name, self.type_argument(args[0], env))
        if name == "RayQuery":
            # RayQuery<CONSTRAY_FLAGS[, CONSTRAYQUERY_FLAGS]>: typed, an error
            # only where the entry point reaches it.
            if not 1 <= len(args) <= 2:
                raise SemaError(f"'RayQuery' takes 1 or 2 template arguments, not {len(args)}", ref.span)
            flags = []
            for arg in args:
                value = T.promoted(self.evaluate(arg, env)).value
                if not isinstance(value, int) or isinstance(value, bool):
                    raise SemaError("a 'RayQuery' template argument must be an integer constant (ray flags)",
                                    arg.span)
                flags.append(value & 0xFFFFFFFF)
            return T.ray_tracing_object_of(name, tuple(flags))
        if name in T.GRAPHICS_OBJECTS:
            patch = name.endswith("Patch")
            if len(args) != (2 if patch else 1):
                raise SemaError(f"'{name}' takes {'2 template arguments' if patch else 'one template argument'}",
                                ref.span)
            elem = self.type_argument(args[0], env)
            count = int(T.promoted(self.evaluate(args[1], env)).value) if patch else None
            return T.graphics_object_of(name, elem, count)
        if name in WAVE_MATRIX_KINDS:
            if len(args) != 3:
                raise SemaError(f"'{name}' takes 3 template arguments (type, M, N)", ref.span)
            elem = self.type_argument(args[0], env)
            m, n = (self.evaluate(a, env) for a in args[1:])
            m_value, n_value = wavematrix.check_type(name, elem, [(m.value, args[1].span), (n.value, args[2].span)],
                                                     args[0].span, ref.span)
            return T.wave_matrix_of(name, elem, m_value, n_value)
        shape = T.RESOURCE_SHAPES[name]
        if len(args) != 1 and not (shape.ms and len(args) == 2):
            raise SemaError(f"'{name}' takes one template argument", ref.span)
        if shape.family == "feedback":
            # `FeedbackTexture2D<SAMPLER_FEEDBACK_MIN_MIP>`: a feedback type, not an element.
            arg = args[0]
            spelled = A.spell(arg.type if isinstance(arg, A.TypeExpr) else arg)
            kind = T.FEEDBACK_KINDS.get(spelled)
            if kind is None:
                raise SemaError(f"'{name}' takes SAMPLER_FEEDBACK_MIN_MIP or SAMPLER_FEEDBACK_MIP_REGION_USED, not "
                                f"'{spelled}'", arg.span)
            return T.resource_of(name, kind)
        elem = self.type_argument(args[0], env)
        check_resource_element(name, shape, elem, args[0].span)
        samples = 0
        if len(args) == 2:
            # `Texture2DMS<float4, 8>`: the sample count, a constant.
            count = T.promoted(self.evaluate(args[1], env))
            if not isinstance(count.value, int) or isinstance(count.type, T.EnumType) or not 0 < count.value <= 128:
                raise SemaError(f"the sample count of '{name}' must be an integer constant from 1 to 128",
                                args[1].span)
            samples = count.value
        written = args[0].norm if isinstance(args[0], A.NormType) else ""
        norm = written if written in ("unorm", "snorm") and shape.family in ("typed", "texture") else ""
        major = None
        if written in ("row_major", "column_major") and shape.family in ("structured", "append", "consume"):
            major = written == "row_major"
        return T.resource_of(name, elem, samples, norm, major)

    def type_argument(self, arg: Any, env: Env) -> T.Type:
        """A template argument that must be a type (written as a type, or as a
        name that the parser could not know is a type)."""
        if isinstance(arg, A.TypeRef):
            return self.resolve_type(arg, env)
        if isinstance(arg, A.NameExpr):
            found = self.resolve_qualified(arg.name, env)
            if isinstance(found[0], (T.ConstValue, EnumeratorSymbol, VarSymbol)):
                raise SemaError(f"template argument for a type parameter must be a type, not the value "
                                f"'{arg.name.spelling()}'", arg.span)
            return self.entity_as_type(found, arg.span, arg.name.spelling())
        raise SemaError("template argument for a type parameter must be a type", arg.span)

    # ------------------------------------------------------------------
    # Constants

    def evaluate(self, expr: Any, env: Env) -> T.ConstValue:
        """Evaluate a constant expression (raises SemaError when it is not one)."""
        if isinstance(expr, A.IntLiteral):
            if not expr.suffix and self.hlsl_version < 2029:
                return T.ConstValue(T.INT, expr.value)
            t = integer_literal_type(expr.value, expr.suffix, expr.text, self.hlsl_version)
            return T.ConstValue(t, integer_constant(expr.value, t.bits, t.kind == "int"))
        if isinstance(expr, A.BoolLiteral):
            return T.ConstValue(T.BOOL, 1 if expr.value else 0)
        if isinstance(expr, A.FloatLiteral):
            value = expr.value
            if self.hlsl_version >= 2029 and not expr.suffix or expr.suffix.lower() in ("f", "f32"):
                # A float (HLSL 202x: unsuffixed ones too): its value rounded
                # to 32 bits, as the program computes with it.
                try:
                    value = struct.unpack("<f", struct.pack("<f", value))[0]
                except OverflowError:
                    value = float("inf") if value > 0 else float("-inf")
            return T.ConstValue(T.FLOAT, value)
        if isinstance(expr, A.ParenExpr):
            return self.evaluate(expr.inner, env)
        if isinstance(expr, A.NameExpr):
            return self.entity_value(self.resolve_qualified(expr.name, env), expr.span, expr.name.spelling())
        if isinstance(expr, A.UnaryExpr):
            value = self.evaluate(expr.operand, env)
            return self._unary(expr, value)
        if isinstance(expr, A.BinaryExpr):
            if expr.op in ("&&", "||"):
                left = self.evaluate(expr.lhs, env)
                if bool(left.value) == (expr.op == "||"):
                    return T.ConstValue(T.BOOL, 1 if expr.op == "||" else 0)
                right = self.evaluate(expr.rhs, env)
                return T.ConstValue(T.BOOL, 1 if right.value else 0)
            left, right = self.evaluate(expr.lhs, env), self.evaluate(expr.rhs, env)
            value = self._binary(expr, left, right)
            if expr.op in ENUM_COMBINING and unscoped_enum(left.type) and unscoped_enum(right.type):
                # Two enum operands keep the left one's type (as the
                # analyzer types `A_Color | A_Normal`).
                return T.ConstValue(left.type, value.value)
            return value
        if isinstance(expr, A.ConditionalExpr):
            cond = self.evaluate(expr.cond, env)
            return self.evaluate(expr.then if cond.value else expr.otherwise, env)
        if isinstance(expr, A.CastExpr):
            target = self.resolve_type(expr.type, env)
            return self.convert_constant(self.evaluate(expr.operand, env), target, expr.span, explicit=True)
        if isinstance(expr, A.SizeofExpr):
            operand = expr.operand
            if isinstance(operand, A.TypeRef):
                t = self.resolve_type(operand, env)
            else:
                t = self._sizeof_operand_type(operand, env, expr.span)
            size = T.size_of(t)
            if size is None:
                raise SemaError(f"invalid application of 'sizeof' to '{t.spell()}'", expr.span)
            return T.ConstValue(T.UINT, size)
        if isinstance(expr, A.CallExpr) and isinstance(expr.callee, A.TypeExpr) and len(expr.args) == 1:
            target = self.resolve_type(expr.callee.type, env)
            return self.convert_constant(self.evaluate(expr.args[0], env), target, expr.span, explicit=True)
        if isinstance(expr, A.IndexExpr) and isinstance(unparen(expr.base), A.StringLiteral):
            # `"AB"[1]`: the character's value (a signed char).
            data = string_literal_bytes(unparen(expr.base).value) + b"\0"
            index = T.promoted(self.evaluate(expr.index, env)).value
            if not isinstance(index, int) or not 0 <= index < len(data):
                raise SemaError("expression is not an integral constant expression", expr.span)
            byte = data[index]
            return T.ConstValue(T.INT, byte - 256 if byte >= 128 else byte)
        if isinstance(expr, A.CallExpr) and isinstance(expr.callee, A.NameExpr):
            folded = self._fold_intrinsic(expr, env)
            if folded is not None:
                return folded
        if isinstance(expr, (A.MemberExpr, A.IndexExpr)):
            component = self._vector_component(expr, env)
            if component is not None:
                return component
        raise SemaError("expression is not an integral constant expression", expr.span)

    _SWIZZLE_INDEX = {"x": 0, "y": 1, "z": 2, "w": 3, "r": 0, "g": 1, "b": 2, "a": 3}

    def _vector_component(self, expr: "A.MemberExpr | A.IndexExpr", env: Env) -> T.ConstValue | None:
        """One component of a constant vector, `W.x` or `W[0]` (`static const
        uint3 W = uint3(4, 1, 1); float d[W.x];`, as cross-compilers write
        workgroup sizes); None when `expr` is not one."""
        if isinstance(expr, A.MemberExpr):
            if expr.member.template_args is not None or expr.member.name not in self._SWIZZLE_INDEX:
                return None
            index = self._SWIZZLE_INDEX[expr.member.name]
            base = expr.object
        else:
            index_value = T.promoted(self.evaluate(expr.index, env)).value
            if not isinstance(index_value, int):
                return None
            index, base = index_value, expr.base
        parts = self._vector_constant(base, env, 0)
        if parts is None or not 0 <= index < len(parts[1]):
            return None
        elem, values = parts
        return self.convert_constant(values[index], elem, expr.span)

    def _vector_constant(self, expr: Any, env: Env, depth: int) -> "tuple[T.ScalarType, list[T.ConstValue]] | None":
        """The element type and components of a constant vector expression:
        a `const` vector variable with an initializer, a vector constructor
        (`uint3(4, 1, 1)`, `uint3(v.xy, 1)` of constant parts, a splat
        `uint3(4)`), a cast of a scalar (`(uint3)4`), an initializer list."""
        if depth > 16:
            return None
        expr = unparen(expr)
        if isinstance(expr, A.NameExpr):
            found = self.resolve_qualified(expr.name, env)
            var = found[0] if found else None
            if not isinstance(var, VarSymbol) or not var.is_const or var.env is None or \
                    not isinstance(var.decl, A.VarDecl) or var.decl.init is None:
                return None
            t = self.var_type(var)
            if not isinstance(t, T.VectorType):
                return None
            return self._components_as(t, var.decl.init, var.env, depth + 1)
        if isinstance(expr, A.CallExpr) and isinstance(expr.callee, A.TypeExpr):
            t = self.resolve_type(expr.callee.type, env)
            if not isinstance(t, T.VectorType):
                return None
            return self._components_as(t, expr, env, depth + 1)
        if isinstance(expr, A.CastExpr):
            t = self.resolve_type(expr.type, env)
            if not isinstance(t, T.VectorType):
                return None
            return self._components_as(t, expr.operand, env, depth + 1)
        return None

    def _components_as(self, t: T.VectorType, init: Any, env: Env, depth: int
                       ) -> "tuple[T.ScalarType, list[T.ConstValue]] | None":
        """`init`'s components as the vector type `t`'s (a scalar splats)."""
        init = unparen(init)
        items = init.args if isinstance(init, A.CallExpr) and isinstance(init.callee, A.TypeExpr) else \
            init.items if isinstance(init, A.InitListExpr) else [init]
        values: list[T.ConstValue] = []
        for item in items:
            if isinstance(item, A.InitListExpr):
                inner = self._components_as(t, item, env, depth + 1)
                if inner is None:
                    return None
                values.extend(inner[1])
                continue
            vector = self._vector_constant(item, env, depth + 1)
            if vector is not None:
                values.extend(vector[1])
                continue
            if isinstance(item, A.MemberExpr) and len(item.member.name) > 1 and item.member.template_args is None \
                    and all(c in self._SWIZZLE_INDEX for c in item.member.name):
                base = self._vector_constant(item.object, env, depth + 1)
                if base is None or any(self._SWIZZLE_INDEX[c] >= len(base[1]) for c in item.member.name):
                    return None
                values.extend(base[1][self._SWIZZLE_INDEX[c]] for c in item.member.name)
                continue
            try:
                values.append(self.evaluate(item, env))
            except SemaError:
                return None
        if len(values) == 1 and t.size > 1:
            values = values * t.size
        if len(values) != t.size:
            return None
        return t.elem, values

    def _fold_intrinsic(self, expr: A.CallExpr, env: Env) -> T.ConstValue | None:
        """The intrinsics DXC's constant evaluator folds, on scalars: `max`,
        `min` (`groupshared uint nodes[max(A, B)];`) and `asuint`; None for
        any other call, or one a declaration of the program's own names."""
        name = expr.callee.name
        if len(name.parts) != 1 or name.parts[0].template_args is not None:
            return None
        word = name.parts[0].name
        if word not in ("max", "min", "asuint") or self.lookup_all(word, env):
            return None
        if len(expr.args) != (1 if word == "asuint" else 2):
            return None
        values = [T.promoted(self.evaluate(arg, env)) for arg in expr.args]
        if any(not isinstance(v.type, T.ScalarType) for v in values):
            return None
        if word == "asuint":
            value = values[0]
            if value.type.kind == "float":
                try:
                    bits = struct.unpack("<I", struct.pack("<f", value.value))[0]
                except OverflowError:
                    bits = 0x7F800000 if value.value > 0 else 0xFF800000
                return T.ConstValue(T.UINT, bits)
            return T.ConstValue(T.UINT, int(value.value) & 0xFFFFFFFF)
        a, b = values
        if a.type.kind == "float" or b.type.kind == "float":
            common = T.DOUBLE if T.DOUBLE in (a.type, b.type) else T.FLOAT
        elif T.UINT64 in (a.type, b.type) or T.INT64 in (a.type, b.type):
            common = T.UINT64 if T.UINT64 in (a.type, b.type) else T.INT64
        else:
            common = T.UINT if T.UINT in (a.type, b.type) else T.INT
        a = self.convert_constant(a, common, expr.span)
        b = self.convert_constant(b, common, expr.span)
        if word == "max":
            return a if a.value > b.value else b
        return a if a.value < b.value else b

    def _sizeof_operand_type(self, operand: Any, env: Env, span: Span | None) -> T.Type:
        """The type of `sizeof`'s operand where it is known without running
        it: a name, an element (`sizeof(a[0])`, for `arraysize(a)`), a
        member, in parentheses."""
        if isinstance(operand, A.ParenExpr):
            return self._sizeof_operand_type(operand.inner, env, span)
        if isinstance(operand, A.NameExpr):
            found = self.resolve_qualified(operand.name, env)
            item = found[0]
            if isinstance(item, VarSymbol):
                return self.var_type(item)
            return self.entity_as_type(found, operand.span, operand.name.spelling())
        if isinstance(operand, A.IndexExpr):
            base = self._sizeof_operand_type(operand.base, env, span)
            if isinstance(base, (T.ArrayType, T.VectorType)):
                return base.elem
            if isinstance(base, T.MatrixType):
                return T.vector_of(base.elem, base.cols)
            if isinstance(base, T.ResourceType) and base.elem is not None:
                return base.elem
        if isinstance(operand, A.MemberExpr):
            base = self._sizeof_operand_type(operand.object, env, span)
            if isinstance(base, T.ClassType):
                member = next((m for m in self.members_of(base.instance).get(operand.member.name, [])
                               if isinstance(m, VarSymbol)), None)
                if member is not None:
                    return self.var_type(member)
        if self.expression_type is not None:
            return self.expression_type(operand, env)
        raise SemaError("sizeof of an expression is not supported in a constant expression", span)

    def entity_value(self, found: list[Any], span: Span | None, spelled: str) -> T.ConstValue:
        item = found[0]
        if isinstance(item, T.ConstValue):
            return item
        if isinstance(item, EnumeratorSymbol):
            # An enumerator has its enumeration's type; unscoped ones are
            # promoted to int in arithmetic and conversions (`T.promoted`).
            return item.const
        if isinstance(item, VarSymbol):
            return self.var_value(item, span)
        if isinstance(item, T.Type) or isinstance(item, (AliasSymbol, ClassInstance, TypeSymbol)):
            raise SemaError(f"'{spelled}' is a type, not a value", span)
        raise SemaError(f"'{spelled}' is not a constant expression", span)

    def _unary(self, expr: A.UnaryExpr, value: T.ConstValue) -> T.ConstValue:
        value = T.promoted(value)
        v = value.value
        if isinstance(value.type, T.EnumType):
            raise SemaError(f"invalid operand to '{expr.op}': '{value.type.spell()}'", expr.span)
        if expr.op == "!":
            return T.ConstValue(T.BOOL, 0 if v else 1)
        if expr.op == "-":
            t = T.INT if value.type is T.BOOL else value.type
            return T.ConstValue(t, _u32(-v) if t is T.UINT else -v)
        if expr.op == "+":
            return value
        if expr.op == "~":
            if not isinstance(v, int):
                raise SemaError("invalid operand to '~'", expr.span)
            return T.ConstValue(value.type, _u32(~v) if value.type is T.UINT else ~v)
        raise SemaError(f"'{expr.op}' is not allowed in a constant expression", expr.span)

    def _binary(self, expr: A.BinaryExpr, left: T.ConstValue, right: T.ConstValue) -> T.ConstValue:
        op = expr.op
        if left.type is not right.type:
            left, right = T.promoted(left), T.promoted(right)
        elif op not in ("==", "!=", "<", ">", "<=", ">="):
            left, right = T.promoted(left), T.promoted(right)
        lt, rt = left.type, right.type
        if isinstance(lt, T.EnumType) and lt is rt and not lt.symbol.scoped:
            outcome = {"==": left.value == right.value, "!=": left.value != right.value,
                       "<": left.value < right.value, ">": left.value > right.value,
                       "<=": left.value <= right.value, ">=": left.value >= right.value}[op]
            return T.ConstValue(T.BOOL, 1 if outcome else 0)
        if isinstance(lt, T.EnumType) or isinstance(rt, T.EnumType):
            if op in ("==", "!=") and lt is rt:
                equal = left.value == right.value
                return T.ConstValue(T.BOOL, 1 if equal == (op == "==") else 0)
            raise SemaError(f"invalid operands to binary expression ('{lt.spell()}' and '{rt.spell()}')", expr.span)
        a, b = left.value, right.value
        is_float = isinstance(a, float) or isinstance(b, float)
        unsigned = not is_float and (lt is T.UINT or rt is T.UINT) and T.INT64 not in (lt, rt)
        result_type = T.FLOAT if is_float else (T.UINT if unsigned else (T.INT64 if T.INT64 in (lt, rt) else T.INT))
        if unsigned:
            a, b = _u32(a), _u32(b)
        if op in ("==", "!=", "<", ">", "<=", ">="):
            outcome = {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
            return T.ConstValue(T.BOOL, 1 if outcome else 0)
        if op in ("/", "%") and b == 0:
            raise SemaError("division by zero in a constant expression", expr.span)
        if op == "+":
            r = a + b
        elif op == "-":
            r = a - b
        elif op == "*":
            r = a * b
        elif op == "/":
            r = a / b if is_float else (abs(a) // abs(b)) * (1 if (a >= 0) == (b >= 0) else -1)
        elif op == "%":
            if is_float:
                raise SemaError("invalid operands to '%'", expr.span)
            r = a - b * ((abs(a) // abs(b)) * (1 if (a >= 0) == (b >= 0) else -1))
        elif op in ("<<", ">>", "&", "|", "^"):
            if is_float:
                raise SemaError(f"invalid operands to '{op}'", expr.span)
            r = {"<<": lambda: a << (b & 63), ">>": lambda: a >> (b & 63), "&": lambda: a & b,
                 "|": lambda: a | b, "^": lambda: a ^ b}[op]()
        else:
            raise SemaError(f"'{op}' is not allowed in a constant expression", expr.span)
        if unsigned:
            r = _u32(r)
        elif result_type is T.INT:
            r = _s32(r)
        return T.ConstValue(result_type, r)

    def convert_constant(self, value: T.ConstValue, target: T.Type, span: Span | None,
                         explicit: bool = False) -> T.ConstValue:
        source = value.type
        if source is target:
            return value
        if not isinstance(target, T.EnumType):
            value = T.promoted(value)
            source = value.type
        if isinstance(target, T.EnumType):
            if isinstance(source, T.EnumType) or not explicit:
                raise SemaError(f"cannot convert '{value.spell()}' to '{target.spell()}'", span)
            return T.ConstValue(target, int(value.value))
        if isinstance(source, T.EnumType):
            if not explicit:
                raise SemaError(f"cannot convert '{value.spell()}' to '{target.spell()}' without a cast", span)
        if isinstance(target, T.ScalarType):
            v = value.value
            if target is T.BOOL:
                return T.ConstValue(T.BOOL, 1 if v else 0)
            if target.kind == "float":
                return T.ConstValue(target, float(v))
            if target.kind in ("uint", "int"):
                v = integer_constant(v, target.bits, target.kind == "int")
            else:
                v = int(v)
            return T.ConstValue(target, v)
        raise SemaError(f"cannot convert '{value.spell()}' to '{target.spell()}'", span)

    # ------------------------------------------------------------------
    # Template arguments and class templates

    def bind_template_args(self, params: list[A.TemplateParam], args: list[Any], arg_env: Env,
                           template_env: Env, what: str, span: Span | None,
                           preset: dict[str, Binding] | None = None,
                           declared: Span | None = None) -> dict[str, Binding]:
        """Evaluate explicit arguments and defaults for a template's
        parameters; returns name -> bound type or value.  `declared` is the
        template's declaration, for clang's notes."""
        if len(args) > len(params):
            raise SemaError(f"too many template arguments for {what}", args[len(params)].span)
        bindings: dict[str, Binding] = dict(preset or {})
        for index, param in enumerate(params):
            name = param.name or f"<param {index}>"
            if index < len(args):
                if param.kind != "type" and isinstance(args[index], A.StringLiteral):
                    raise SemaError("non-type template argument of type 'literal string' must have an integral or "
                                    "enumeration type", args[index].span,
                                    notes=[("template parameter is declared here", param.span)])
                bindings[name] = self._template_arg(param, args[index], arg_env, template_env, bindings)
            elif name in bindings:
                continue
            elif param.default is not None:
                default_env = Env(template_env, names=dict(bindings))
                bindings[name] = self._template_arg(param, param.default, default_env, default_env, bindings)
            else:
                raise SemaError(f"too few template arguments for {what}", span,
                                notes=[("template is declared here", declared)] if declared is not None else None)
        return bindings

    def _template_arg(self, param: A.TemplateParam, arg: Any, arg_env: Env, template_env: Env,
                      bindings: dict[str, Binding]) -> Binding:
        if param.kind == "type":
            return self.type_argument(arg, arg_env)
        if isinstance(arg, A.NamedType) and not arg.is_dependent:
            # The lexer only knows spellings: `MatrixUse::A` arrives as a type
            # when some type named `A` is in scope.  Lookup decides.
            found = self.resolve_qualified(arg.name, arg_env)
            if isinstance(found[0], (T.ConstValue, EnumeratorSymbol, VarSymbol)):
                arg = A.NameExpr(arg.span, arg.name)
        if isinstance(arg, A.TypeRef):
            raise SemaError(f"template argument for non-type parameter '{param.name}' must be a value, "
                            f"not the type '{A.spell(arg)}'", arg.span)
        value = self.evaluate(arg, arg_env)
        return self._convert_template_value(value, self._param_type(param, template_env, bindings), param, arg.span)

    def _param_type(self, param: A.TemplateParam, template_env: Env, bindings: dict[str, Binding]) -> T.Type:
        """A non-type template parameter's type (`MatrixUse Use`: MatrixUse),
        resolved once per parameter unless it names an earlier parameter
        (`template <typename T, T v>`)."""
        known = self._param_types.get(id(param))
        if known is not None and known[0] is param:
            return known[1]
        param_type = self.resolve_type(param.type, Env(template_env, names=dict(bindings)))
        if not _mentions(param.type, set(bindings)):
            self._param_types[id(param)] = (param, param_type)
        return param_type

    def _convert_template_value(self, value: T.ConstValue, param_type: T.Type, param: A.TemplateParam,
                                span: Span | None) -> T.ConstValue:
        if isinstance(param_type, T.EnumType):
            if value.type is not param_type:
                raise SemaError(f"template argument for '{param.name}' must be a '{param_type.spell()}' "
                                f"value, not '{value.spell()}'", span)
            return value
        value = T.promoted(value)
        if isinstance(value.type, T.EnumType):
            raise SemaError(f"template argument for '{param.name}' must be a '{param_type.spell()}', "
                            f"not the enumerator '{value.spell()}'", span)
        if isinstance(param_type, T.ScalarType) and param_type.is_integer and isinstance(value.value, int):
            v = value.value
            if param_type.kind == "uint" and v < 0:
                raise SemaError(f"template argument for '{param.name}' is negative ({v}) but its type is "
                                f"'{param_type.spell()}'", span)
            bits = param_type.bits if param_type.kind == "uint" else param_type.bits - 1
            if v >= 1 << bits or v < -(1 << bits):
                raise SemaError(f"template argument for '{param.name}' ({v}) does not fit in "
                                f"'{param_type.spell()}'", span)
        return self.convert_constant(value, param_type, span)

    def instantiate_class_template(self, template: ClassTemplateSymbol, args: list[Any], env: Env,
                                   span: Span | None) -> ClassInstance:
        bindings = self.bind_template_args(template.params, args, env, template.env,
                                           f"class template '{template.name}'", span, declared=template.span)
        return self.class_instance(template, tuple(bindings[p.name or f"<param {i}>"]
                                                   for i, p in enumerate(template.params)))

    def class_instance(self, template: ClassTemplateSymbol, args: tuple) -> ClassInstance:
        """The one instance of `template<args>` (created on first request)."""
        instance = template.instances.get(args)
        if instance is not None:
            return instance
        if self._depth > _MAX_INSTANTIATION_DEPTH:
            raise SemaError(f"template instantiation of '{template.name}' nested too deeply", template.span)
        decl, env, names = self._select_specialization(template, args)
        inst_env = Env(env, names=names)
        instance = ClassInstance(template.name, template.span, template, args, decl, inst_env,
                                 template.qualified_name, [p.name or "" for p in template.params])
        inst_env.instance = instance
        template.instances[args] = instance
        self._depth += 1
        try:
            self._build_fields(instance)
        finally:
            self._depth -= 1
        return instance

    def _select_specialization(self, template: ClassTemplateSymbol, args: tuple) -> tuple[A.StructDecl, Env, dict]:
        primary_names = {p.name or f"<param {i}>": a for i, (p, a) in enumerate(zip(template.params, args))}
        partial: list[tuple[Specialization, dict]] = []
        for spec in template.specializations:
            if not spec.params:
                try:
                    concrete = [self._pattern_value(p, a, spec.env) for p, a in zip(spec.pattern, args)]
                except SemaError:
                    continue
                if len(spec.pattern) == len(args) and all(_same_binding(c, a) for c, a in zip(concrete, args)):
                    return spec.decl, spec.env, primary_names | {}
            else:
                bindings: dict[str, Binding] = {}
                deducible = {p.name for p in spec.params if p.name}
                if len(spec.pattern) == len(args) and all(
                        self._deduce_arg(p, a, deducible, bindings, spec.env) for p, a in zip(spec.pattern, args)):
                    if deducible <= set(bindings):
                        try:
                            self._convert_deduced_values(spec.params, bindings, spec.env)
                        except SemaError:
                            continue
                        partial.append((spec, bindings))
        if partial:
            # More specialised first: the one that deduced fewer parameters.
            spec, bindings = min(partial, key=lambda item: len(item[1]))
            return spec.decl, spec.env, bindings
        if template.decl is None:
            raise SemaError(f"implicit instantiation of undefined template '{template.name}'", template.span)
        return template.decl, template.env, primary_names

    def _convert_deduced_values(self, params: list[A.TemplateParam], bindings: dict[str, Binding],
                                env: Env) -> None:
        """Values deduced from `vector<T, N>` or `Matrix<..., M, ...>` take the
        parameter's declared type (`int N` gets an int)."""
        for param in params:
            bound = bindings.get(param.name or "")
            if param.kind == "value" and isinstance(bound, T.ConstValue):
                declared = self.resolve_type(param.type, Env(env, names=dict(bindings)))
                bindings[param.name] = self._convert_template_value(bound, declared, param, param.span)

    def _pattern_value(self, pattern: Any, like: Binding, env: Env) -> Binding:
        if isinstance(like, T.Type):
            return self.type_argument(pattern, env)
        return self.evaluate(pattern, env)

    def instantiate_alias_template(self, alias: AliasTemplateSymbol, args: list[Any], env: Env,
                                   span: Span | None) -> T.Type:
        bindings = self.bind_template_args(alias.params, args, env, alias.env, f"alias template '{alias.name}'", span)
        return self.resolve_type(alias.type_ref, Env(alias.env, names=bindings))

    # ------------------------------------------------------------------
    # Deduction

    def _deduce_arg(self, pattern: Any, actual: Binding, deducible: set[str], bindings: dict[str, Binding],
                    env: Env) -> bool:
        """Match one template argument pattern against an actual argument,
        binding deducible parameters.  False when they cannot match."""
        name = _bare_name(pattern)
        if name is not None and name in deducible:
            bound = bindings.get(name)
            if bound is None:
                bindings[name] = actual
                return True
            return _same_binding(bound, actual)
        if isinstance(actual, T.Type):
            return self._deduce_type(pattern, actual, deducible, bindings, env)
        try:
            value = self.evaluate(pattern, Env(env, names=dict(bindings)))
        except SemaError:
            return False
        return value.value == actual.value and (isinstance(value.type, T.EnumType) == isinstance(actual.type, T.EnumType))

    def _deduce_type(self, pattern: Any, actual: T.Type, deducible: set[str], bindings: dict[str, Binding],
                     env: Env) -> bool:
        name = _bare_name(pattern)
        if name is not None and name in deducible:
            return self._deduce_arg(pattern, actual, deducible, bindings, env)
        if isinstance(pattern, A.BuiltinTemplateType) and pattern.name == "vector" and len(pattern.args) == 2:
            if not isinstance(actual, T.VectorType):
                return False
            return (self._deduce_type(pattern.args[0], actual.elem, deducible, bindings, env)
                    and self._deduce_arg(pattern.args[1], T.ConstValue(T.UINT, actual.size), deducible, bindings, env))
        if isinstance(pattern, A.BuiltinTemplateType) and pattern.name == "RayQuery":
            # `RayQuery<FLAGS>` against a query type: FLAGS from its flags.
            if not isinstance(actual, T.RayTracingObjectType) or actual.name != "RayQuery" \
                    or len(pattern.args) != len(actual.flags):
                return False
            return all(self._deduce_arg(p, T.ConstValue(T.UINT, f), deducible, bindings, env)
                       for p, f in zip(pattern.args, actual.flags))
        template_part = _template_part(pattern)
        if template_part is not None and isinstance(actual, T.ClassType) and actual.instance.template is not None:
            instance = actual.instance
            if template_part.name != instance.template.name or len(template_part.template_args) != len(instance.args):
                return False
            return all(self._deduce_arg(p, a, deducible, bindings, env)
                       for p, a in zip(template_part.template_args, instance.args))
        try:
            resolved = self.type_argument(pattern, Env(env, names=dict(bindings)))
        except SemaError:
            return False
        return resolved is actual

    def deduce_function(self, ft: FunctionTemplateSymbol, explicit: list[Any], explicit_env: Env,
                        arg_types: list[T.Type], span: Span | None) -> FunctionSymbol:
        """Deduce and substitute a function template for a call.  Raises
        SemaError (a substitution failure) when the candidate is not viable."""
        params = ft.params
        if len(explicit) > len(params):
            raise SemaError(f"too many template arguments ({len(explicit)} for {len(params)})", span)
        bindings: dict[str, Binding] = {}
        for index, arg in enumerate(explicit):
            param = params[index]
            bindings[param.name or f"<param {index}>"] = self._template_arg(param, arg, explicit_env, ft.env, bindings)
        deducible = {p.name for p in params if p.name and p.name not in bindings}
        for param_decl, arg_type in zip(ft.decl.params, arg_types):
            pattern = param_decl.type
            actual = literal_default(arg_type)
            if param_decl.array_dims:
                # `T Arr[]` takes arrays only (C++ would decay it to `T*`).
                if not isinstance(actual, T.ArrayType):
                    if _mentions(param_decl.type, deducible):
                        raise SemaError(f"could not match '{A.spell(param_decl.type)}[]' against "
                                        f"'{actual.spell()}': the argument is not an array", param_decl.span)
                    continue
                dim = param_decl.array_dims[0]
                if dim is not None and _mentions(dim, deducible) and actual.size is not None:
                    # `T Arr[Size]`: Size from the array's length.
                    if not self._deduce_arg(dim, T.ConstValue(T.INT, actual.size), deducible, bindings, ft.env):
                        raise SemaError(f"could not match '{A.spell(param_decl.type)}[{actual.size}]' against the "
                                        "parameter's array size", param_decl.span)
                actual = actual.elem
            if not _mentions(pattern, deducible):
                continue
            if not self._deduce_type(pattern, actual, deducible, bindings, ft.env):
                raise SemaError(self._mismatch_reason(pattern, actual, bindings, ft), param_decl.span)
        for index, param in enumerate(params):
            name = param.name or f"<param {index}>"
            bound = bindings.get(name)
            if bound is not None and param.kind == "value" and isinstance(bound, T.ConstValue):
                # A value deduced from `vector<T, N>` is a uint; the parameter
                # may be declared `int N`.
                declared = self.resolve_type(param.type, Env(ft.env, names=dict(bindings)))
                bindings[name] = self._convert_template_value(bound, declared, param, param.span)
                continue
            if name in bindings:
                continue
            if param.default is None:
                raise SemaError(f"couldn't infer template argument '{name}'", param.span)
            default_env = Env(ft.env, names=dict(bindings))
            bindings[name] = self._template_arg(param, param.default, default_env, default_env, bindings)
        key = (id(ft), tuple(bindings[p.name or f"<param {i}>"] for i, p in enumerate(params)))
        fn = self._specialized.get(key)
        if fn is None:
            fn = FunctionSymbol(ft.name, ft.span, ft.decl, Env(ft.env, names=dict(bindings)), ft.owner,
                                ft.qualified_name)
            fn.template_bindings = bindings
            for explicit_spec in ft.specializations:
                if explicit_spec.decl.specialization_args is not None:
                    try:
                        spec_args = [self._pattern_value(a, b, explicit_spec.env)
                                     for a, b in zip(explicit_spec.decl.specialization_args, key[1])]
                    except SemaError:
                        continue
                    if all(_same_binding(x, y) for x, y in zip(spec_args, key[1])):
                        fn = explicit_spec
                        break
            self._specialized[key] = fn
        self.signature_of(fn)   # substitution: SFINAE happens here
        return fn

    def _mismatch_reason(self, pattern: Any, actual: T.Type, bindings: dict[str, Binding],
                         ft: FunctionTemplateSymbol) -> str:
        part = _template_part(pattern)
        if part is not None and isinstance(actual, T.ClassType) and actual.instance.template is not None \
                and actual.instance.template.name == part.name:
            # Name the argument that did not match, with both values.
            instance = actual.instance
            for index, (p, a) in enumerate(zip(part.template_args, instance.args)):
                probe: dict[str, Binding] = dict(bindings)
                deducible = {pp.name for pp in ft.params if pp.name} - set(bindings)
                if not self._deduce_arg(p, a, deducible, probe, ft.env):
                    expected = self._describe_pattern(p, bindings, ft.env)
                    pname = instance.param_names[index] if index < len(instance.param_names) else str(index)
                    return (f"could not match '{A.spell(pattern)}' against '{actual.spell()}': "
                            f"template argument {pname} is {a.spell()}, expected {expected}")
        return f"could not match '{A.spell(pattern)}' against '{actual.spell()}'"

    def _describe_pattern(self, pattern: Any, bindings: dict[str, Binding], env: Env) -> str:
        try:
            if isinstance(pattern, A.TypeRef):
                return self.resolve_type(pattern, Env(env, names=dict(bindings))).spell()
            return self.evaluate(pattern, Env(env, names=dict(bindings))).spell()
        except SemaError:
            return f"'{A.spell(pattern)}'"

    # ------------------------------------------------------------------
    # Function signatures

    def signature_of(self, fn: FunctionSymbol) -> Signature:
        if fn.signature is None:
            decl = fn.decl
            try:
                ret = self.resolve_type(decl.return_type, fn.env)
            except SemaError as err:
                raise self._explain_substitution(err, decl.return_type, fn) from None
            param_types = []
            for p in decl.params:
                t = self.resolve_type(p.type, fn.env)
                if p.array_dims:
                    t = self.apply_array_dims(t, p.array_dims, fn.env)
                param_types.append(t)
            if len(param_types) == 1 and param_types[0] is T.VOID and decl.params[0].name is None:
                param_types, params = [], []
            else:
                params = list(decl.params)
            fn.signature = Signature(ret, param_types, params)
        return fn.signature

    def _explain_substitution(self, err: SemaError, type_ref: A.TypeRef, fn: FunctionSymbol) -> SemaError:
        """Turn `no member named 'type' in enable_if<false, ...>` into the
        condition that failed, with the parameters it mentions."""
        if err.requirement is None or not isinstance(type_ref, A.NamedType):
            return err
        parts = type_ref.name.parts
        cond_part = next((p for p in parts if p.template_args and p.name == "enable_if"), None)
        if cond_part is None:
            return err
        cond = cond_part.template_args[0]
        text = _source_text(cond)
        mentioned = _names_in(cond)
        bindings: list[tuple[str, str]] = []
        level: Env | None = fn.env
        seen: set[str] = set()
        while level is not None:
            for name, value in level.names.items():
                if name in mentioned and name not in seen and isinstance(value, (T.Type, T.ConstValue)):
                    seen.add(name)
                    bindings.append((name, value.spell()))
            level = level.parent
        order = {name: i for i, name in enumerate(mentioned)}
        bindings.sort(key=lambda b: order.get(b[0], 0))
        clauses = _conjuncts(cond)
        failed_nodes = [c for c in clauses if not self._clause_holds(c, fn.env)]
        failed = [_source_text(c) for c in failed_nodes]
        span = cond.span
        if failed_nodes and len(failed_nodes) < len(clauses):
            # As clang does: show only the clauses that are false, and only
            # the parameters they mention.
            text = " && ".join(failed)
            named = {n for c in failed_nodes for n in _names_in(c)}
            bindings = [b for b in bindings if b[0] in named]
            span = failed_nodes[0].span
        requirement = Requirement(text, bindings, failed, span)
        return SemaError(requirement.describe(), span, requirement=requirement)

    def _clause_holds(self, clause: Any, env: Env) -> bool:
        try:
            return bool(self.evaluate(clause, env).value)
        except SemaError:
            return False

    # ------------------------------------------------------------------
    # Overload resolution

    def resolve_overload(self, candidates: list[Any], explicit: list[Any] | None, explicit_env: Env,
                         arg_types: list[T.Type], name: str, span: Span | None,
                         conversion_of: Any) -> Resolved:
        """Pick the best viable candidate for a call; NoMatch lists why each
        candidate failed, SemaError reports an ambiguity."""
        if explicit:
            return self._resolve_overload(candidates, explicit, explicit_env, arg_types, name, span, conversion_of)
        key = (tuple([id(c) for c in candidates]), tuple([id(t) for t in arg_types]))
        known = self._resolved.get(key)
        if known is not None:
            return known[2]
        resolved = self._resolve_overload(candidates, explicit, explicit_env, arg_types, name, span, conversion_of)
        self._resolved[key] = (tuple(candidates), tuple(arg_types), resolved)
        return resolved

    def _resolve_overload(self, candidates: list[Any], explicit: list[Any] | None, explicit_env: Env,
                          arg_types: list[T.Type], name: str, span: Span | None,
                          conversion_of: Any) -> Resolved:
        viable: list[tuple[list[int], FunctionSymbol, list, Signature, bool]] = []
        failures: list[CandidateFailure] = []
        for candidate in candidates:
            is_template = isinstance(candidate, FunctionTemplateSymbol)
            try:
                if is_template:
                    fn = self.deduce_function(candidate, explicit or [], explicit_env, arg_types, span)
                else:
                    if explicit:
                        raise SemaError("candidate is not a template", candidate.span)
                    fn = candidate
                sig = self.signature_of(fn)
            except SemaError as err:
                # The note points at the candidate (or at its failed
                # condition), not at the caller's argument.
                where = err.requirement.span if err.requirement is not None else None
                if where is None:
                    inside_caller = err.span is not None and span is not None and err.span.file is span.file \
                        and span.start <= err.span.start <= span.end
                    where = candidate.span if inside_caller or err.span is None else err.span
                failures.append(CandidateFailure(candidate, err.message, where, err.requirement))
                continue
            if len(arg_types) > len(sig.param_types):
                failures.append(CandidateFailure(candidate, f"requires {_count(sig.required, len(sig.param_types))}, "
                                                            f"but {_provided(len(arg_types))}", fn.decl.name_span))
                continue
            if len(arg_types) < sig.required:
                failures.append(CandidateFailure(candidate, f"requires {_count(sig.required, len(sig.param_types))}, "
                                                            f"but {_provided(len(arg_types))}", fn.decl.name_span))
                continue
            ranks, conversions, bad = [], [], None
            for index, (arg_type, param_type) in enumerate(zip(arg_types, sig.param_types)):
                conv = conversion_of(arg_type, param_type, sig.param_decls[index])
                if conv is None:
                    bad = index
                    break
                ranks.append(conv.rank)
                conversions.append(conv)
            if bad is not None:
                param_decl = sig.param_decls[bad]
                failures.append(CandidateFailure(
                    candidate, f"no known conversion from '{arg_types[bad].spell()}' to "
                               f"'{sig.param_types[bad].spell()}' for argument {bad + 1}",
                    param_decl.span, bad_argument=bad, substituted=is_template))
                continue
            viable.append((ranks, fn, conversions, sig, _specialisation_rank(candidate) if is_template else (-1, -1)))
        if not viable:
            raise NoMatch(f"no matching function for call to '{name}'", span, failures)
        best = viable[0]
        for item in viable[1:]:
            if _better(item, best):
                best = item
        ambiguous = [item for item in viable if item is not best and not _better(best, item)]
        if ambiguous:
            # C++'s rule finds no best: DXC's score decides (conversions.dxc_score).
            tied = [best] + ambiguous
            chosen = _lowest_dxc_score(viable, arg_types)
            if chosen is not None and any(chosen is item for item in tied):
                best = chosen
            elif (plain := _float_twin(tied)) is not None:
                best = plain
            elif (by_value := _in_twin(tied)) is not None:
                best = by_value
            else:
                notes = [("candidate function", item[1].decl.name_span) for item in tied]
                raise SemaError(f"call to '{name}' is ambiguous", span, notes=notes)
        ranks, fn, conversions, sig, _ = best
        return Resolved(fn, conversions, sig.param_types, sig.return_type)


def _spells_half(type_ref: Any) -> bool:
    """Whether a parameter's type is written with `half` (or `float16_t`):
    `half3`, `vector<half, 3>`, `half3x3`."""
    if isinstance(type_ref, A.BuiltinType):
        return type_ref.name.startswith(("half", "float16_t"))
    if isinstance(type_ref, A.BuiltinTemplateType):
        return any(_spells_half(a) for a in type_ref.args)
    return False


def _float_twin(tied: list) -> Any:
    """Overloads that differ only in writing `half` where the other writes
    `float` (`float3 f(float3)` beside `half3 f(half3)`, for builds with and
    without 16-bit types): without -enable-16bit-types `half` is a 32-bit
    float, so hlslc sees one signature twice.  DXC keeps the spelling apart
    and matches the argument's; both compute in 32 bits, and the one
    written with `float` is taken.  None when the tie is another one."""
    if len(tied) < 2 or any(item[3].param_types != tied[0][3].param_types for item in tied):
        return None
    plain = [item for item in tied if not any(_spells_half(getattr(d, "type", None)) for d in item[3].param_decls)]
    return plain[0] if len(plain) == 1 else None


def _direction(param: Any) -> str:
    """A parameter's direction: `out`, `inout` (`in out`), else `in`."""
    modifiers = getattr(param, "modifiers", ()) or ()
    if "inout" in modifiers or ("in" in modifiers and "out" in modifiers):
        return "inout"
    return "out" if "out" in modifiers else "in"


def _in_twin(tied: list) -> Any:
    """Overloads that differ only in their parameters' directions
    (`f(uint)`, `f(inout uint)`, `f(out uint)`): DXC takes the one that
    passes the most parameters in, the by-value one.  None when the tie is
    another one, or two are as good."""
    if len(tied) < 2 or any(item[3].param_types != tied[0][3].param_types for item in tied):
        return None
    outs = [sum(_direction(d) != "in" for d in item[3].param_decls) for item in tied]
    fewest = min(outs)
    chosen = [item for item, n in zip(tied, outs) if n == fewest]
    return chosen[0] if len(chosen) == 1 else None


class ExplicitArgs:
    """A function name with explicit template arguments: `Multiply<F32>`."""

    __slots__ = ("candidates", "args", "env")

    def __init__(self, candidates: list[Any], args: list[Any], env: Env) -> None:
        self.candidates = candidates
        self.args = args
        self.env = env


def _better(a: tuple, b: tuple) -> bool:
    """Is viable candidate `a` better than `b`?"""
    ranks_a, ranks_b = a[0], b[0]
    better_somewhere = False
    for ra, rb in zip(ranks_a, ranks_b):
        if ra > rb:
            return False
        if ra < rb:
            better_somewhere = True
    if better_somewhere:
        return True
    # Ties: a non-template beats a template specialisation, and between
    # templates the more specialised one wins.  hlslc approximates C++'s
    # partial ordering: first, fewer parameters typed by a bare template
    # parameter (`f(vector<T, N>)` beats `f(T)`); then fewer template
    # parameters (`Multiply<T, M, N, K>(Matrix<T..>, Matrix<T..>)` beats
    # `Multiply<OutTy, ATy, BTy, M, N, K>`, which the header relies on).
    return a[4] < b[4]


def _lowest_dxc_score(viable: list[tuple], arg_types: list[T.Type]) -> tuple | None:
    """The viable candidate whose DXC score (the sum over its arguments,
    and back over its `out` and `inout` ones) is lowest, when exactly one
    is; None when scores tie or a type is not one DXC's score models."""
    scored = []
    for item in viable:
        sig = item[3]
        total = 0
        for index, arg_type in enumerate(arg_types):
            param_type = sig.param_types[index]
            score = dxc_score(arg_type, param_type)
            modifiers = getattr(sig.param_decls[index], "modifiers", ()) or ()
            if score is not None and ("out" in modifiers or "inout" in modifiers):
                back = dxc_score(param_type, arg_type)
                score = None if back is None else score + back
            if score is None:
                return None
            total += score
        scored.append((total, item))
    lowest = min(total for total, _ in scored)
    winners = [item for total, item in scored if total == lowest]
    return winners[0] if len(winners) == 1 else None


def _names_a_scope(item: Any) -> bool:
    """Whether an entity can stand before `::`: a namespace, a class or
    enum, a type alias, a template."""
    return not isinstance(item, (VarSymbol, FunctionSymbol, FunctionTemplateSymbol, EnumeratorSymbol,
                                 T.ConstValue))


def _specialisation_rank(ft: FunctionTemplateSymbol) -> tuple[int, int]:
    names = {p.name for p in ft.params if p.name}
    bare = sum(1 for p in ft.decl.params if _bare_name(p.type) in names)
    return (bare, len(ft.params))


def _provided(count: int) -> str:
    return f"{count} {'was' if count == 1 else 'were'} provided"


def _count(required: int, total: int) -> str:
    if required == total:
        return f"{total} argument{'s' if total != 1 else ''}"
    return f"{required} to {total} arguments"


def _bare_name(node: Any) -> str | None:
    if isinstance(node, A.NameExpr):
        parts = node.name.parts
    elif isinstance(node, A.NamedType) and not node.is_dependent:
        parts = node.name.parts
    else:
        return None
    if len(parts) == 1 and parts[0].template_args is None:
        return parts[0].name
    return None


def _template_part(node: Any) -> A.NamePart | None:
    if isinstance(node, (A.NamedType, A.NameExpr)):
        last = node.name.parts[-1]
        if last.template_args is not None:
            return last
    return None


def _mentions(node: Any, names: set[str]) -> bool:
    return bool(names) and bool(set(_names_in(node)) & names)


def _names_in(node: Any) -> list[str]:
    """Every simple name spelled in a type or expression, in order."""
    out: list[str] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, A.NamePart):
            out.append(item.name)
            if item.template_args:
                stack.extend(reversed(item.template_args))
            continue
        if isinstance(item, A.QualifiedName):
            stack.extend(reversed(item.parts))
            continue
        if isinstance(item, A.Node):
            children = []
            for name in item._fields:
                if name in ("span", "name_span"):
                    continue
                value = getattr(item, name)
                if isinstance(value, list):
                    children.extend(v for v in value if isinstance(v, (A.Node, A.NamePart)))
                elif isinstance(value, (A.Node, A.NamePart, A.QualifiedName)):
                    children.append(value)
            stack.extend(reversed(children))
    return out


def _conjuncts(expr: Any) -> list[Any]:
    if isinstance(expr, A.BinaryExpr) and expr.op == "&&":
        return _conjuncts(expr.lhs) + _conjuncts(expr.rhs)
    if isinstance(expr, A.ParenExpr):
        return _conjuncts(expr.inner)
    return [expr]


def _source_text(node: Any) -> str:
    """The expression as written (one line, spaces collapsed)."""
    span = node.span
    if span is None:
        return A.spell(node)
    if span.expanded_from is not None:
        return A.spell(node)
    return " ".join(span.text().split())


def _contains_resource(t: T.Type) -> bool:
    while isinstance(t, T.ArrayType):
        t = t.elem
    if isinstance(t, T.ResourceType):
        return True
    if isinstance(t, T.ClassType):
        return any(f.type is not None and _contains_resource(f.type) for f in t.instance.fields)
    return False


def check_resource_element(name: str, shape: "T.ResourceShape", elem: T.Type, span: Span | None) -> None:
    """The element type rules of DXC for `Name<elem>`."""
    if shape.family in ("typed", "texture"):
        if not isinstance(elem, (T.ScalarType, T.VectorType)) or elem.element is None:
            raise SemaError(f"elements of typed buffers and textures must be scalars or vectors, not "
                            f"'{elem.spell()}' (use a StructuredBuffer for structures)", span)
        count = T.component_count(elem)
        bits = elem.element.bits if elem.element.kind != "bool" else 32
        if count > 4 or count * bits > 128:
            raise SemaError(f"'{name}<{elem.spell()}>': an element of a typed buffer or texture holds at most "
                            f"4 components and 16 bytes", span)
        return
    if shape.family in ("structured", "append", "consume", "cbuffer", "tbuffer"):
        if isinstance(elem, (T.VoidType, T.StringType)) or _contains_resource(elem):
            raise SemaError(f"'{elem.spell()}' cannot be the element type of '{name}'", span)
        if shape.family in ("cbuffer", "tbuffer") and not isinstance(elem, T.ClassType):
            raise SemaError(f"'{name}' needs a struct type as its template argument, not '{elem.spell()}'", span)


def _numeric_scalars(t: T.Type) -> int | None:
    """The scalars of a numeric type or a sized array of one; else None."""
    count = 1
    while isinstance(t, T.ArrayType):
        if t.size is None:
            return None
        count *= t.size
        t = t.elem
    return count * T.component_count(t) if t.is_numeric else None


# The operators on which two unscoped enum operands keep the left one's
# enum type, as DXC types them (the analyzer uses the same set).
ENUM_COMBINING = frozenset(("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"))


def unscoped_enum(t: T.Type) -> bool:
    return isinstance(t, T.EnumType) and not getattr(t.symbol, "scoped", True)


def unparen(expr: Any) -> Any:
    """The expression inside any parentheses around it."""
    while isinstance(expr, A.ParenExpr):
        expr = expr.inner
    return expr


def string_literal_bytes(text: str) -> bytes:
    """The bytes a string literal's spelling (without its quotes) stands
    for (without the final NUL): C's escapes decoded (`\\n`, `\\x41`,
    `\\101`), a numeric escape one byte of the UTF-8 the literal is made of.
    A numeric escape past a byte is a ValueError with clang's words."""
    if "\\" not in text:
        return text.encode("utf-8")
    data = bytearray()
    last = 0
    for m in re.finditer(_STRING_ESCAPE, text, flags=re.S):
        data += text[last:m.start()].encode("utf-8")
        octal, hexa, other = m.groups()
        if octal is not None:
            if int(octal, 8) > 0xFF:
                raise ValueError("octal escape sequence out of range")
            data.append(int(octal, 8))
        elif hexa is not None:
            digits = hexa.lstrip("0")
            if len(digits) > 2:
                raise ValueError("hex escape sequence out of range")
            data.append(int(digits or "0", 16))
        else:
            data += _SIMPLE_ESCAPES.get(other, other).encode("utf-8")
        last = m.end()
    data += text[last:].encode("utf-8")
    return bytes(data)


_STRING_ESCAPE = r"\\(?:([0-7]{1,3})|x([0-9a-fA-F]+)|(.))"   # compiled when a string needs it (start-up)
_SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
                   "\\": "\\", "'": "'", '"': '"', "?": "?"}


def _merge_defaults(kept: FunctionSymbol, other: FunctionSymbol) -> None:
    """Default arguments add up over a function's declarations, as in C++:
    a prototype's defaults hold for the definition that follows it
    (`void f(float a, float3 c = 1);` ... `void f(float a, float3 c) {}`)."""
    changed = False
    for mine, theirs in zip(kept.decl.params, other.decl.params):
        if mine.default is None and theirs.default is not None:
            mine.default = theirs.default
            changed = True
    if changed and kept.signature is not None:
        kept.signature.required = sum(1 for p in kept.decl.params if p.default is None)


# Direct3D 9's sampler types and texture functions, which FXC still takes
# (in its legacy mode, and in compute shaders) and DXC does not compile.
_D3D9_SAMPLERS = frozenset({"sampler", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE"})
_D3D9_TEXTURE_FUNCTIONS = frozenset(
    f"{base}{suffix}" for base in ("tex1D", "tex2D", "tex3D", "texCUBE")
    for suffix in ("", "lod", "grad", "bias", "proj"))


def _legacy_note(name: str) -> str | None:
    """A note for a name other compilers took: Direct3D 9's samplers and
    texture functions, and a resource type spelt in another case (FXC's
    texture keywords ignored case)."""
    if name in _D3D9_SAMPLERS or name in _D3D9_TEXTURE_FUNCTIONS:
        return (f"'{name}' is Direct3D 9's sampler syntax, which FXC still accepts and DXC does not compile: "
                "declare a Texture2D (or the texture type it samples) and a SamplerState, and call their "
                "SampleLevel or SampleGrad")
    for known in (*T.RESOURCE_SHAPES, *T.PLAIN_RESOURCES):
        if known.lower() == name.lower() and known != name:
            return f"did you mean '{known}'? (type names are case-sensitive; FXC ignored the case of texture types)"
    return None
