"""Parser: preprocessed tokens to the syntax tree of `hlslc.front.ast`.

Owns: driving the LALR(1) tables of `grammar/hlsl.lark` token by token,
building AST nodes as rules are reduced (no intermediate parse tree),
syntax diagnostics in words a person understands, and recovery at statement
and declaration boundaries so one run reports several independent syntax
errors.

Does not own: the tables (`parse_tables`, computed by Lark's LALR
analysis), token classification (`lexer`), meaning (sema).
"""

from __future__ import annotations

TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Iterable

from . import ast as A
from ..diagnostics import Diagnostics, Note
from .lexer import Classifier
from .lexer import ParserToken as Token
from .parse_tables import RULE_CALL, RULE_INLINE, RULE_MAYBE_PASS, RULE_PASS, Tables, load_tables
from ..source import SourceFile, Span
from .tokens import IDENT, PPToken

if TYPE_CHECKING:
    from .header_cache import HeaderEntry


# --------------------------------------------------------------------------
# Spans

def _cover(a: Span, b: Span) -> Span:
    if a.expanded_from is None and b.expanded_from is None:
        if a.file is b.file and b.end >= a.start:
            return Span(a.file, a.start, b.end)
        return a
    if a.expanded_from is b.expanded_from:
        return Span(a.file, a.start, max(a.end, b.end), a.expanded_from) if a.file is b.file else a
    ua, ub = a.user_span(), b.user_span()
    if ua.file is ub.file and ub.end >= ua.start:
        return Span(ua.file, ua.start, max(ua.end, ub.end))
    return a


class _Pending:
    """Intermediate results of rules that are not AST nodes themselves."""

    __slots__ = ("kind", "items", "span")

    def __init__(self, kind: str, items: Any, span: Span) -> None:
        self.kind = kind
        self.items = items
        self.span = span


# --------------------------------------------------------------------------
# The tree builder: one method per rule or alias of the grammar.

class _Builder:
    """Builds AST nodes as the parser reduces rules.  `origins[i]` is the
    preprocessing token behind parser token i (its span)."""

    def __init__(self) -> None:
        self.origins: list[PPToken] = []
        # Types written with `const` after them (`uint const x`): the
        # declaration that holds one is const, as with `const` before.
        # (By id, holding the object: no other can take its id.)
        self.const_after_type: dict[int, Any] = {}

    # -- helpers ------------------------------------------------------------

    def tspan(self, tok: Token) -> Span:
        return self.origins[tok.start_pos].span

    def span_of(self, item: Any) -> Span:
        if isinstance(item, Token):
            return self.tspan(item)
        return item.span

    def cover(self, children: list) -> Span:
        first, last = children[0], children[-1]
        a = self.origins[first.start_pos].span if first.__class__ is Token else first.span
        if first is last:
            return a        # spans are never changed once made: one child's is shared
        b = self.origins[last.start_pos].span if last.__class__ is Token else last.span
        if a.expanded_from is None and b.expanded_from is None and a.file is b.file:
            return Span(a.file, a.start, b.end)
        return _cover(a, b)

    @staticmethod
    def nodes(children: Iterable) -> list:
        return [c for c in children if not isinstance(c, Token)]

    @staticmethod
    def tok_texts(children: Iterable, types: set[str] | None = None) -> list[str]:
        return [str(c) for c in children if isinstance(c, Token) and (types is None or c.type in types)]

    # -- translation unit and namespaces --------------------------------

    def start(self, c):
        return A.TranslationUnit(self.cover(c) if c else None, self.nodes(c))  # type: ignore[arg-type]

    def empty_decl(self, c):
        return A.EmptyDecl(self.cover(c))

    def buffer_key(self, c):
        return c[0]

    def buffer_decl(self, c):
        semantics = [x for x in c if isinstance(x, A.Semantic)]
        decls = [x for x in c if isinstance(x, A.Decl)]
        return A.BufferDecl(self.cover(c), str(c[0]), str(c[1]), semantics, decls)

    def namespace_decl(self, c):
        name = c[1]
        return A.NamespaceDecl(self.cover(c), str(name), self.nodes(c[3:-1]))

    def using_directive(self, c):
        return A.UsingDirective(self.cover(c), c[2].items)

    def qualified_namespace(self, c):
        return _Pending("namespace", [str(t) for t in c if t.type == "NAME"], self.cover(c))

    def using_decl(self, c):
        parts = list(c[1].items) + [A.NamePart(self.tspan(c[2]), str(c[2]))]
        return A.UsingDecl(self.cover(c), A.QualifiedName(_cover(c[1].span, self.tspan(c[2])), parts))

    def static_assert_decl(self, c):
        message = next((str(t)[1:-1] for t in c if isinstance(t, Token) and t.type == "STRING_LITERAL"), None)
        return A.StaticAssertDecl(self.cover(c), c[2], message)

    # -- templates --------------------------------------------------------

    def template_decl(self, c):
        params = []
        for item in c[2:-1]:
            if isinstance(item, _Pending) and item.kind == "template_params":
                params = item.items
        return A.TemplateDecl(self.cover(c), params, c[-1])

    def template_param_list(self, c):
        return _Pending("template_params", self.nodes(c), self.cover(c))

    def type_template_param(self, c):
        name = next((str(t) for t in c[1:2] if isinstance(t, Token) and t.type in ("NAME", "TYPE_NAME")), None)
        default = c[-1] if len(c) >= 3 and not isinstance(c[-1], Token) else None
        return A.TemplateParam(self.cover(c), "type", name, None, default)

    def value_template_param(self, c):
        name = next((str(t) for t in c[1:2] if isinstance(t, Token) and t.type in ("NAME", "TYPE_NAME")), None)
        default = c[-1] if len(c) >= 3 and isinstance(c[-2], Token) and c[-2].type == "EQUAL" else None
        return A.TemplateParam(self.cover(c), "value", name, c[0], default)

    # -- declarations ------------------------------------------------------

    def specifier(self, c):
        return c[0]

    def param_modifier(self, c):
        return c[0]

    def _split_specifiers(self, c):
        attrs, specs, rest = [], [], []
        for item in c:
            if isinstance(item, A.Attribute):
                attrs.append(item)
            elif isinstance(item, _Pending) and item.kind == "attrs":
                attrs.extend(item.items)
            elif isinstance(item, Token) and not rest and item.type not in ("SEMICOLON",):
                specs.append(str(item))
            else:
                if not rest and id(item) in self.const_after_type and "const" not in specs:
                    specs.append("const")
                rest.append(item)
        return attrs, specs, rest

    def var_decl(self, c):
        _, specs, rest = self._split_specifiers(c)
        type_ref, declarators = rest[0], rest[1].items
        decls = [A.VarDecl(_cover(self.span_of(c[0]), d[-1]), specs, type_ref, d[0], d[1], d[2], d[3], d[4],
                           bit_width=d[5])
                 for d in declarators]
        if len(decls) == 1:
            decls[0].span = self.cover(c)
            return decls[0]
        return A.DeclGroup(self.cover(c), decls)

    def qualified_var_decl(self, c):
        # `uint S::s = 20;`: the definition of a static data member.
        _, specs, rest = self._split_specifiers(c)
        type_ref, nested, d = rest[0], rest[1], rest[2].items
        qualifier = A.QualifiedName(nested.span, list(nested.items))
        return A.VarDecl(self.cover(c), specs, type_ref, d[0], d[1], d[2], d[3], d[4], qualifier=qualifier)

    def init_declarator_list(self, c):
        return _Pending("declarators", [d.items for d in self.nodes(c)], self.cover(c))

    def init_declarator(self, c):
        name = c[0]
        dims, semantics, init, width = [], [], None, None
        i = 1
        while i < len(c):
            item = c[i]
            if isinstance(item, _Pending) and item.kind == "array":
                dims.append(item.items)
            elif isinstance(item, _Pending) and item.kind == "bit_width":
                width = width or item.items
            elif isinstance(item, A.Semantic):
                semantics.append(item)
            elif isinstance(item, Token) and item.type == "EQUAL":
                init = c[i + 1]
                i += 1
            i += 1
        return _Pending("declarator", (str(name), self.tspan(name), dims, semantics, init, width, self.cover(c)),
                        self.cover(c))

    def bit_width(self, c):
        return _Pending("bit_width", c[1], self.cover(c))

    def unnamed_bit_field(self, c):
        # `uint : 4;` (an unnamed bit-field: padding, or `: 0` to close the
        # storage unit); its name is "" and its name span the width's.
        _, specs, rest = self._split_specifiers(c)
        type_ref, width = rest[0], rest[1]
        semantics = [item for item in rest[2:] if isinstance(item, A.Semantic)]
        return A.VarDecl(self.cover(c), specs, type_ref, "", width.span, [], semantics, None, bit_width=width.items)

    def array_suffix(self, c):
        return _Pending("array", c[1] if len(c) == 3 else None, self.cover(c))

    def semantic_name(self, c):
        return A.Semantic(self.cover(c), str(c[1]))

    def register_binding(self, c):
        args = c[3].items if isinstance(c[3], _Pending) else []
        return A.Semantic(self.cover(c), str(c[1]), args)

    def semantic_args(self, c):
        return _Pending("semantic_args", [x.items for x in c[::2]], self.cover(c))

    def semantic_arg(self, c):
        # `c1.y` in packoffset: a register and a component.
        return _Pending("semantic_arg", "".join(self.tok_texts(c)), self.cover(c))

    def init_list(self, c):
        return A.InitListExpr(self.cover(c), self.nodes(c))

    def type_decl(self, c):
        return c[0]

    @staticmethod
    def _name_anonymous(record: A.StructDecl) -> None:
        """An anonymous struct that declares variables or a typedef gets
        clang's name for it, which no source name can clash with:
        `(anonymous struct at file:3:13)`."""
        if record.name is None:
            line, column = record.span.file.line_col(record.span.start)
            record.name = f"(anonymous {record.keyword} at {record.span.file.path}:{line}:{column})"

    def type_and_var_decl(self, c):
        # `[groupshared|static|...] struct [S] { ... } a, b[4];`
        _, specs, rest = self._split_specifiers(c)
        record, declarators = rest[0], rest[1].items
        self._name_anonymous(record)
        type_ref: A.TypeRef = A.NamedType(record.span, A.QualifiedName(record.span, [A.NamePart(record.span,
                                                                                              record.name)]))
        decls: list[A.Decl] = [record]
        for d in declarators:
            decls.append(A.VarDecl(d[-1], specs, type_ref, d[0], d[1], d[2], d[3], d[4], bit_width=d[5]))
        return A.DeclGroup(self.cover(c), decls)

    def typedef_decl(self, c):
        # `typedef [specifiers] type name[dims], ...;`: the specifiers
        # (`row_major`, `const`, ...) go with the name to each declaration
        # of that type.
        _, specs, rest = self._split_specifiers(c[1:])
        names, dims = [], []
        for item in rest[1:]:
            if isinstance(item, _Pending):
                names.append(item.items[0])
                dims.append(item.items[1])
        return A.TypedefDecl(self.cover(c), rest[0], names, dims, specs)

    def typedef_struct_decl(self, c):
        # `typedef struct [Tag] { ... } Name, *...;` (C style): the struct,
        # then the typedef of it.
        record = c[1]
        self._name_anonymous(record)
        type_ref = A.NamedType(record.span, A.QualifiedName(record.span, [A.NamePart(record.span, record.name)]))
        names, dims = [], []
        for item in c[2:]:
            if isinstance(item, _Pending):
                names.append(item.items[0])
                dims.append(item.items[1])
        return A.DeclGroup(self.cover(c), [record, A.TypedefDecl(self.cover(c), type_ref, names, dims)])

    def struct_forward_decl(self, c):
        # `struct S;`: a declaration of a struct defined later (HLSL 2016
        # and later, as in DXC); the name is a type from here on (the
        # lexer's), the definition gives it its members.
        return A.EmptyDecl(self.cover(c))

    def typedef_declarator(self, c):
        dims = [d.items for d in c[1:]]
        return _Pending("typedef_declarator", (str(c[0]), dims), self.cover(c))

    def alias_decl(self, c):
        return A.AliasDecl(self.cover(c), str(c[1]), c[3])

    # -- functions -----------------------------------------------------------

    def _function(self, c, body):
        attrs, specs, rest = self._split_specifiers(c)
        ret, declarator = rest[0], rest[1]
        name, qualifier, name_span, params, semantic, specialization = declarator.items
        return A.FunctionDecl(self.cover(c), attrs, specs, ret, name, qualifier, name_span, params, semantic, body,
                              specialization)

    def function_definition(self, c):
        return self._function(c, c[-1])

    def func_prototype(self, c):
        return self._function(c, None)

    def function_declarator(self, c):
        name_part = c[0]
        params: list[A.ParamDecl] = []
        semantic = None
        for item in c[1:]:
            if isinstance(item, _Pending) and item.kind == "params":
                params = item.items
            elif isinstance(item, A.Semantic):
                semantic = item
        name, qualifier, name_span, *specialization = name_part.items
        return _Pending("function_declarator", (name, qualifier, name_span, params, semantic,
                                                specialization[0] if specialization else None), self.cover(c))

    def function_name(self, c):
        return _Pending("function_name", (str(c[0]), None, self.tspan(c[0])), self.cover(c))

    def specialized_function_name(self, c):
        part = c[0]
        return _Pending("function_name", (part.name, None, part.span, part.template_args), self.cover(c))

    def qualified_function_name(self, c):
        qualifier = A.QualifiedName(c[0].span, list(c[0].items))
        return _Pending("function_name", (str(c[1]), qualifier, self.tspan(c[1])), self.cover(c))

    def operator_function_name(self, c):
        op = "".join(str(t) for t in c[1].items)
        return _Pending("function_name", ("operator" + op, None, self.cover(c)), self.cover(c))

    def overloadable_op(self, c):
        return _Pending("operator", c, self.cover(c))

    def param_list(self, c):
        return _Pending("params", self.nodes(c), self.cover(c))

    def param(self, c):
        modifiers = []
        attributes = []
        i = 0
        if isinstance(c[0], _Pending) and c[0].kind == "attrs":
            attributes = list(c[0].items)
            i = 1
        while i < len(c) and isinstance(c[i], Token) and c[i].type not in ("NAME", "TYPE_NAME"):
            modifiers.append(str(c[i]))
            i += 1
        type_ref = c[i]
        if id(type_ref) in self.const_after_type and "const" not in modifiers:
            modifiers.append("const")
        i += 1
        name = None
        dims, semantic, default = [], None, None
        while i < len(c):
            item = c[i]
            if isinstance(item, Token) and item.type in ("NAME", "TYPE_NAME") and name is None and not dims:
                name = str(item)
            elif isinstance(item, _Pending) and item.kind == "array":
                dims.append(item.items)
            elif isinstance(item, A.Semantic):
                semantic = item
            elif isinstance(item, Token) and item.type == "EQUAL":
                default = c[i + 1]
                i += 1
            i += 1
        return A.ParamDecl(self.cover(c), modifiers, type_ref, name, dims, semantic, default, attributes)

    # -- attributes ------------------------------------------------------

    def attribute(self, c):
        if isinstance(c[2], A.Attribute):
            # `[[ns::name(...)]]`: the inner attribute, spanning the brackets.
            attr = c[2]
            attr.span = self.cover(c)
            return attr
        args = []
        for item in c:
            if isinstance(item, _Pending) and item.kind == "attribute_args":
                args = item.items
        return A.Attribute(self.cover(c), str(c[1]), args)

    def cxx_attribute(self, c):
        args = []
        for item in c:
            if isinstance(item, _Pending) and item.kind == "attribute_args":
                args = item.items
        names = [t for t in c if isinstance(t, Token) and t.type not in ("LPAR", "RPAR", "__ANON_0")
                 and str(t) not in ("::", "(", ")")]
        if len(names) == 2:
            return A.Attribute(self.cover(c), str(names[1]), args, str(names[0]), cxx=True)
        return A.Attribute(self.cover(c), str(names[0]), args, None, cxx=True)

    def attr_list(self, c):
        return _Pending("attrs", list(c), self.cover(c))

    def attributed_decl(self, c):
        attrs, decl = c[0].items, c[1]
        targets = decl.decls if isinstance(decl, A.DeclGroup) else [decl]
        for target in targets:
            if hasattr(target, "attributes"):
                target.attributes = list(attrs) + list(target.attributes)
        decl.span = self.cover(c)
        return decl

    def attribute_args(self, c):
        return _Pending("attribute_args", self.nodes(c), self.cover(c))

    # -- classes and enums -----------------------------------------------

    def class_key(self, c):
        return c[0]

    def access(self, c):
        return c[0]

    def access_spec(self, c):
        return A.AccessSpec(self.cover(c), str(c[0]))

    def class_specifier(self, c):
        keyword = str(c[0])
        name, targs, bases = None, None, []
        i = 1
        if isinstance(c[i], _Pending) and c[i].kind == "attrs":
            i += 1      # `struct [raypayload] P { ... }`: nothing hlslc uses
        if isinstance(c[i], Token) and c[i].type in ("NAME", "TYPE_NAME"):
            name = str(c[i])
            i += 1
        elif isinstance(c[i], A.NamePart):
            name, targs = c[i].name, c[i].template_args
            i += 1
        if isinstance(c[i], _Pending) and c[i].kind == "bases":
            bases = c[i].items
            i += 1
        members = self.nodes(c[i + 1:-1])
        return A.StructDecl(self.cover(c), keyword, name, targs, bases, members)

    def base_clause(self, c):
        return _Pending("bases", self.nodes(c), self.cover(c))

    def base_spec(self, c):
        return c[-1]

    def enum_key(self, c):
        return c[0]

    def enum_specifier(self, c):
        scoped = len(c) > 1 and isinstance(c[1], Token) and c[1].type in ("CLASS", "STRUCT")
        name, underlying, enumerators = None, None, []
        i = 2 if scoped else 1
        if isinstance(c[i], Token) and c[i].type in ("NAME", "TYPE_NAME"):
            name = str(c[i])
            i += 1
        if isinstance(c[i], Token) and c[i].type == "COLON":
            underlying = c[i + 1]
            i += 2
        for item in c[i:]:
            if isinstance(item, _Pending) and item.kind == "enumerators":
                enumerators = item.items
        return A.EnumDecl(self.cover(c), name, scoped, underlying, enumerators)

    def enumerator_list(self, c):
        return _Pending("enumerators", self.nodes(c), self.cover(c))

    def enumerator(self, c):
        return A.Enumerator(self.cover(c), str(c[0]), c[2] if len(c) == 3 else None)

    # -- types -------------------------------------------------------------

    def builtin_type(self, c):
        return A.BuiltinType(self.cover(c), str(c[0]))

    def sign_keyword(self, c):
        return c[0]

    def signed_type(self, c):
        base = str(c[1])
        if str(c[0]) == "unsigned":
            # `unsigned int`, and as DXC also `unsigned int4`, `unsigned
            # min16int2x3`: the unsigned type of that shape; an unsigned
            # type stays itself (`unsigned uint3`).
            cut = len(base) - (3 if base[-2:-1] == "x" else 1)
            scalar, suffix = (base[:cut], base[cut:]) if base[-1:] in "1234" and base[:cut] in _UNSIGNED_OF \
                else (base, "")
            unsigned = _UNSIGNED_OF.get(scalar)
            name = unsigned + suffix if unsigned else "unsigned " + base
        else:
            name = base
        return A.BuiltinType(self.cover(c), name)

    def reference_type(self, c):
        return A.ReferenceType(self.cover(c), c[0])

    def decltype_type(self, c):
        return A.DecltypeType(self.cover(c), c[2])

    def norm_keyword(self, c):
        return c[0]

    def norm_type(self, c):
        return A.NormType(self.cover(c), str(c[0]), c[1])

    def attributed_type(self, c):
        attr = next(item for item in c if isinstance(item, A.Attribute))
        attr.span = self.cover(c[1:])
        return A.AttributedType(self.cover(c), c[0], attr)

    def builtin_template_type(self, c):
        args = c[2].items if isinstance(c[2], _Pending) else []
        return A.BuiltinTemplateType(self.cover(c), str(c[0]), args)

    def _qualified(self, c) -> A.QualifiedName:
        parts: list[A.NamePart] = []
        is_global = bool(c) and isinstance(c[0], Token) and c[0].value == "::"
        for item in c:
            if isinstance(item, _Pending) and item.kind == "nested":
                parts.extend(item.items)
            elif isinstance(item, A.NamePart):
                parts.append(item)
            elif isinstance(item, Token) and item.value not in ("typename", "template", "::"):
                parts.append(A.NamePart(self.tspan(item), str(item)))
        return A.QualifiedName(self.cover(c), parts, is_global)

    def named_type(self, c):
        return A.NamedType(self.cover(c), self._qualified(c))

    def dependent_type(self, c):
        return A.NamedType(self.cover(c), self._qualified(c[1:]), is_dependent=True)

    def trailing_const(self, c):
        # (`c` holds the type only: the keyword is an anonymous token.)
        type_ref = c[0]
        self.const_after_type[id(type_ref)] = type_ref
        return type_ref

    def unresolved_type(self, c):
        return A.NamedType(self.cover(c), self._qualified(c), is_resolved=False)

    def template_id(self, c):
        args = c[2].items if isinstance(c[2], _Pending) else []
        return A.NamePart(self.cover(c), str(c[0]), args)

    def template_arg_list(self, c):
        return _Pending("template_args", self.nodes(c), self.cover(c))

    def nested_first(self, c):
        item = c[0]
        part = item if isinstance(item, A.NamePart) else A.NamePart(self.tspan(item), str(item))
        return _Pending("nested", [part], self.cover(c))

    def nested_more(self, c):
        item = c[1]
        part = item if isinstance(item, A.NamePart) else A.NamePart(self.tspan(item), str(item))
        return _Pending("nested", c[0].items + [part], self.cover(c))

    # -- statements --------------------------------------------------------

    @staticmethod
    def as_stmt(item):
        if isinstance(item, A.Decl):
            return A.DeclStmt(item.span, item)
        return item

    def compound_stmt(self, c):
        return A.CompoundStmt(self.cover(c), [self.as_stmt(s) for s in self.nodes(c)])

    def attributed_stmt(self, c):
        attrs = [a for a in c if isinstance(a, A.Attribute)]
        return A.AttributedStmt(self.cover(c), attrs, self.as_stmt(c[-1]))

    def expr_stmt(self, c):
        return A.ExprStmt(self.cover(c), c[0])

    def empty_stmt(self, c):
        return A.EmptyStmt(self.cover(c))

    def _attrs_and_nodes(self, c):
        attrs = [a for a in c if isinstance(a, A.Attribute)]
        rest = [self.as_stmt(n) for n in self.nodes(c) if not isinstance(n, A.Attribute)]
        return attrs, rest

    def if_stmt(self, c):
        attrs, rest = self._attrs_and_nodes(c)
        return A.IfStmt(self.cover(c), attrs, rest[0], rest[1], rest[2] if len(rest) > 2 else None)

    def while_stmt(self, c):
        attrs, rest = self._attrs_and_nodes(c)
        return A.WhileStmt(self.cover(c), attrs, rest[0], rest[1])

    def switch_stmt(self, c):
        attrs, rest = self._attrs_and_nodes(c)
        return A.SwitchStmt(self.cover(c), attrs, rest[0], rest[1])

    def do_stmt(self, c):
        return A.DoStmt(self.cover(c), self.as_stmt(c[1]), c[4])

    def for_stmt(self, c):
        attrs = [a for a in c if isinstance(a, A.Attribute)]
        i = len(attrs) + 2          # skip attributes, 'for', '('
        init = c[i]
        i += 1
        cond = step = None
        seen_semicolon = False
        for item in c[i:-1]:
            if isinstance(item, Token):
                if item.type == "SEMICOLON":
                    seen_semicolon = True
                continue
            if seen_semicolon:
                step = item
            else:
                cond = item
        return A.ForStmt(self.cover(c), attrs, init, cond, step, self.as_stmt(c[-1]))

    def for_init(self, c):
        return self.as_stmt(c[0])

    def for_init_expr(self, c):
        return A.ExprStmt(self.cover(c), c[0])

    def for_init_empty(self, c):
        return None

    def case_label(self, c):
        return A.CaseLabel(self.cover(c), c[1])

    def default_label(self, c):
        return A.DefaultLabel(self.cover(c))

    def break_stmt(self, c):
        return A.BreakStmt(self.cover(c))

    def continue_stmt(self, c):
        return A.ContinueStmt(self.cover(c))

    def return_stmt(self, c):
        return A.ReturnStmt(self.cover(c), c[1] if len(c) == 3 else None)

    def discard_stmt(self, c):
        return A.DiscardStmt(self.cover(c))

    # -- expressions -------------------------------------------------------

    def comma_expr(self, c):
        return A.CommaExpr(self.cover(c), c[0], c[2])

    def assign_op(self, c):
        return c[0]

    def assign_expr(self, c):
        return A.AssignExpr(self.cover(c), str(c[1]), c[0], c[2])

    def conditional(self, c):
        return A.ConditionalExpr(self.cover(c), c[0], c[2], c[4])

    def binary(self, c):
        return A.BinaryExpr(self.cover(c), str(c[1]), c[0], c[2])

    def cast(self, c):
        return A.CastExpr(self.cover(c), c[1], c[3])

    def _array_type_ref(self, c):
        """`type_id array_suffix+` of `(float4[6])x` and `sizeof(int[2])`."""
        dims = [d.items for d in c if isinstance(d, _Pending) and d.kind == "array"]
        suffixes = [d for d in c if isinstance(d, _Pending) and d.kind == "array"]
        span = self.span_of(c[1]).cover(suffixes[-1].span)
        return A.ArrayTypeRef(span, c[1], dims)

    def array_cast(self, c):
        return A.CastExpr(self.cover(c), self._array_type_ref(c), c[-1])

    def pre_increment(self, c):
        return A.UnaryExpr(self.cover(c), "++", c[1])

    def pre_decrement(self, c):
        return A.UnaryExpr(self.cover(c), "--", c[1])

    def unary(self, c):
        return A.UnaryExpr(self.cover(c), str(c[0]), c[1])

    def sizeof_expr(self, c):
        return A.SizeofExpr(self.cover(c), c[2])

    sizeof_type = sizeof_expr

    def sizeof_array_type(self, c):
        return A.SizeofExpr(self.cover(c), self._array_type_ref(c[1:]))

    def index(self, c):
        return A.IndexExpr(self.cover(c), c[0], c[2])

    def call(self, c):
        args = c[2].items if isinstance(c[2], _Pending) else []
        return A.CallExpr(self.cover(c), c[0], args)

    def member(self, c):
        item = c[-1]
        part = item if isinstance(item, A.NamePart) else A.NamePart(self.tspan(item), str(item))
        return A.MemberExpr(self.cover(c), c[0], part)

    def post_increment(self, c):
        return A.PostfixExpr(self.cover(c), "++", c[0])

    def post_decrement(self, c):
        return A.PostfixExpr(self.cover(c), "--", c[0])

    def arg_list(self, c):
        return _Pending("args", self.nodes(c), self.cover(c))

    def int_literal(self, c):
        text = str(c[0])
        if text.isdigit() and (text[0] != "0" or len(text) == 1):
            return A.IntLiteral(self.cover(c), int(text), "", text)    # plain decimal, most of them
        digits = text.rstrip("uUlL")
        suffix = text[len(digits):]
        # The lexer only lets well-formed literals through (it reports and
        # replaces the rest), so these conversions cannot fail.
        if digits[:2] in ("0x", "0X"):
            value = int(digits[2:], 16)
        elif digits[:2] in ("0b", "0B"):
            value = int(digits[2:], 2)
        elif len(digits) > 1 and digits[0] == "0" and all(d in "01234567" for d in digits):
            value = int(digits, 8)
        else:
            value = int(digits)
        return A.IntLiteral(self.cover(c), value, suffix, text)

    def float_literal(self, c):
        text = str(c[0])
        if text.startswith("1.#INF"):
            # `1.#INF` (the lexer lets no other mantissa through).
            return A.FloatLiteral(self.cover(c), float("inf"), text[6:], text)
        if text[-3:].lower() in ("f16", "f32", "f64"):
            digits = text[:-3]      # a fixed-size suffix (HLSL 202x)
        else:
            digits = text.rstrip("fFhHlL")
        suffix = text[len(digits):]
        try:
            value = float.fromhex(digits) if digits[:2] in ("0x", "0X") else float(digits)
        except (ValueError, OverflowError):
            value = 0.0
        return A.FloatLiteral(self.cover(c), value, suffix, text)

    def true_literal(self, c):
        return A.BoolLiteral(self.cover(c), True)

    def false_literal(self, c):
        return A.BoolLiteral(self.cover(c), False)

    def string_literal(self, c):
        return A.StringLiteral(self.cover(c), "".join(str(t)[1:-1] for t in c))

    def char_literal(self, c):
        text = str(c[0])[1:-1]
        value = ord(text[-1]) if text else 0
        return A.IntLiteral(self.cover(c), value, "", str(c[0]))

    def paren(self, c):
        return A.ParenExpr(self.cover(c), c[1])

    def construct(self, c):
        args = c[2].items if isinstance(c[2], _Pending) else []
        return A.CallExpr(self.cover(c), A.TypeExpr(c[0].span, c[0]), args)

    def name_expr(self, c):
        span = self.cover(c)
        return A.NameExpr(span, A.QualifiedName(span, [A.NamePart(span, str(c[0]))]))

    def qualified_name_expr(self, c):
        return A.NameExpr(self.cover(c), self._qualified(c))


# --------------------------------------------------------------------------
# Syntax errors

_WORDS = {
    "NAME": "identifier", "TYPE_NAME": "type name", "TEMPLATE_NAME": "template name",
    "BUILTIN_TYPE": "type", "BUILTIN_TEMPLATE": "type", "TLT": "'<'", "TGT": "'>'",
    "INT_LITERAL": "integer literal", "FLOAT_LITERAL": "floating-point literal",
    "STRING_LITERAL": "string literal", "CHAR_LITERAL": "character literal", "$END": "end of file",
}
_EXPRESSION_STARTERS = {"NAME", "INT_LITERAL", "FLOAT_LITERAL", "TRUE", "FALSE"}
_CLOSERS = {"RPAR": ("')'", "LPAR", "'('"), "RSQB": ("']'", "LSQB", "'['"),
            "RBRACE": ("'}'", "LBRACE", "'{'"), "TGT": ("'>'", "TLT", "'<'")}


class _SyntaxReporter:
    def __init__(self, tables: Tables, builder: _Builder, diags: Diagnostics) -> None:
        self.builder = builder
        self.diags = diags
        self.patterns = {name: value for name, value in tables.terminals.items() if value is not None}
        self.terminal_names = sorted(tables.terminals)

    def word(self, name: str) -> str:
        if name in _WORDS:
            return _WORDS[name]
        return f"'{self.patterns.get(name, name)}'"

    def token_word(self, tok: Token) -> str:
        return "end of file" if tok.type == "$END" else f"'{tok}'"

    def report(self, tok: Token, expected: set[str], value_stack: list, prev: Token | None) -> None:
        builder = self.builder
        at_end = tok.type == "$END"
        after_prev = builder.tspan(prev).after() if prev is not None else None
        span = after_prev if at_end else builder.tspan(tok)
        notes: list[Note] = []
        closer = next((c for c in ("RPAR", "RSQB", "TGT", "RBRACE") if c in expected), None)
        expression_expected = "INT_LITERAL" in expected
        context = self._statement_context(value_stack)
        if context is None and not at_end:
            # Nothing of a statement or declaration is pending: the token
            # itself cannot start one.
            if tok.type == "RBRACE":
                message = "extraneous closing brace ('}')"
            elif tok.type == "ELSE":
                message = "'else' without a matching 'if'"
            elif "STRUCT" in expected and "INT_LITERAL" not in expected:
                message = f"expected a declaration before {self.token_word(tok)}"
            else:
                message = f"expected a statement before {self.token_word(tok)}"
        elif "SEMICOLON" in expected and not (at_end and closer == "RBRACE"):
            message = f"expected ';' {context}" if context else "expected ';'"
            span = after_prev or span
        elif closer is not None and (at_end or not expression_expected):
            word, opener_type, opener_word = _CLOSERS[closer]
            message = f"expected {word}"
            opener = self._find_open(value_stack, opener_type)
            if opener is not None:
                notes.append(Note(f"to match this {opener_word}", builder.tspan(opener)))
        elif expression_expected and "STRUCT" not in expected:
            message = "expected expression"
        elif expected and expected <= {"NAME", "TYPE_NAME"}:
            message = "expected identifier"
        elif "BUILTIN_TYPE" in expected and "STRUCT" not in expected:
            message = "expected a type"
        elif "STRUCT" in expected or "TEMPLATE" in expected:
            message = "expected declaration"
        else:
            words = sorted({self.word(e) for e in expected})
            if 0 < len(words) <= 4:
                message = "expected " + (", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0])
            else:
                message = f"unexpected {self.token_word(tok)}"
        if at_end and "end of file" not in message:
            message += " at end of input"
        diag = self.diags.error(span, message)
        diag.notes.extend(notes)
        for k in range(len(value_stack) - 1):
            value, following = value_stack[k], value_stack[k + 1]
            if isinstance(value, A.NameExpr) and isinstance(following, Token) and following.type == "LESSTHAN" \
                    and len(value.name.parts) == 1 and k >= len(value_stack) - 8:
                diag.notes.append(Note(f"'{value.name.parts[0].name}' is not declared as a template here, "
                                       "so '<' was read as 'less than'", value.span))
                break

    def _find_open(self, value_stack: list, opener_type: str) -> Token | None:
        for value in reversed(value_stack):
            if isinstance(value, Token) and value.type == opener_type:
                return value
        return None

    def _statement_context(self, value_stack: list) -> str | None:
        """'after expression', 'after declaration', ... from what was parsed
        since the last statement boundary; None when nothing was."""
        if value_stack and isinstance(value_stack[-1], Token) and value_stack[-1].type == "RBRACE":
            # `struct S { ... }` or `enum E { ... }` not yet reduced.
            depth = 0
            for k in range(len(value_stack) - 1, -1, -1):
                value = value_stack[k]
                if isinstance(value, Token) and value.type == "RBRACE":
                    depth += 1
                elif isinstance(value, Token) and value.type == "LBRACE":
                    depth -= 1
                    if depth == 0:
                        for head in reversed(value_stack[max(0, k - 4):k]):
                            if isinstance(head, Token) and head.type in ("STRUCT", "CLASS", "ENUM"):
                                return f"after {head}"
                        return None
            return None
        recent = []
        for value in reversed(value_stack):
            if isinstance(value, Token) and value.type in ("SEMICOLON", "LBRACE", "RBRACE"):
                break
            if isinstance(value, (A.Stmt, A.Decl)) or (isinstance(value, _Pending) and value.kind == "template_params"):
                break
            recent.append(value)
        recent.reverse()
        if not recent:
            return None
        first = recent[0]
        if isinstance(first, Token):
            if first.type == "RETURN":
                return "after return statement"
            if first.type == "BREAK":
                return "after break statement"
            if first.type == "CONTINUE":
                return "after continue statement"
            if first.type == "DO":
                return "after do/while statement"
            if first.type in ("USING", "TYPEDEF"):
                return "after declaration"
        if isinstance(recent[-1], A.StructDecl):
            return f"after {recent[-1].keyword}"
        if isinstance(recent[-1], A.EnumDecl):
            return "after enum"
        if any(isinstance(v, A.TypeRef) for v in recent) or any(
                isinstance(v, _Pending) and v.kind in ("declarators", "function_declarator") for v in recent):
            return "after declaration"
        if any(isinstance(v, A.Expr) for v in recent):
            return "after expression"
        return ""


# --------------------------------------------------------------------------
# Driving the parser

_SYNC = {"SEMICOLON", "RBRACE"}


def parse_tokens(pptokens: list[PPToken], diags: Diagnostics,
                 header: "tuple[int, HeaderEntry] | None" = None,
                 header_cache: str = "off", bracket_depth: int = 256) -> A.TranslationUnit | None:
    """Parse a preprocessed translation unit.  Returns None when there were
    syntax errors (all reported to `diags`).

    `header` says the first tokens are a built-in header's
    (`Preprocessor.header_prefix`): its declarations come from the cache
    entry when it holds them, and otherwise are parsed on their own and
    given to it (hlslc/front/header_cache.py)."""
    tables = load_tables()
    keywords, puncts = _terminal_maps(tables)
    classifier = Classifier(keywords, puncts, diags, bracket_depth)
    errors_before = diags.error_count
    header_decls: list[A.Decl] = []
    if header is not None:
        count, entry = header
        if entry.decls is None:
            _parse_header(tables, keywords, puncts, pptokens[:count], entry, header_cache)
        if entry.decls is not None:
            header_decls = entry.decls
            classifier.add_names(entry.names)
            pptokens = pptokens[count:]
    pptokens = skip_effect_syntax(pptokens, diags)
    result = _classify_and_run(tables, classifier, pptokens, diags)
    if diags.error_count > errors_before or result is None:
        return None
    if header_decls:
        result.decls[:0] = header_decls
        result.span = header_decls[0].span if result.span is None else _cover(header_decls[0].span, result.span)
    if result.span is None:
        # An empty file: a span at its start keeps every node located.
        result.span = pptokens[0].span if pptokens else _empty_span()
    return result


# The types whose global variables FX-era shaders give effect state
# (`SamplerState s { Filter = ...; };`, `= sampler_state { ... }`) and
# annotations (`Texture2D t < string Name = "t"; >;`).
_EFFECT_OBJECT_TYPES = frozenset({
    "SamplerState", "SamplerComparisonState", "sampler", "sampler1D", "sampler2D", "sampler3D", "samplerCUBE",
    "Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture3D", "TextureCube", "TextureCubeArray",
    "Texture2DMS", "Texture2DMSArray", "texture", "Texture"})


# What may stand just before a declaration's type at file scope.
_DECLARATION_STARTS = frozenset({";", "}", "]", "static", "uniform", "extern", "const", "globallycoherent",
                                 "shared"})
# The FX framework's object types, whose declarations DXC drops whole with a
# warning (SemaHLSL's deprecated effect objects: the first six in two case
# spellings, as DXC takes them), and its technique keywords, whose blocks it
# skips (`technique11 T { pass P { SetComputeShader(...); } }`).
_EFFECT_OBJECTS = frozenset({
    "texture", "Texture", "pixelshader", "PixelShader", "vertexshader", "VertexShader", "pixelfragment",
    "vertexfragment", "ComputeShader", "DomainShader", "GeometryShader", "HullShader", "BlendState",
    "DepthStencilState", "DepthStencilView", "RasterizerState", "RenderTargetView"})
_TECHNIQUES = frozenset({"technique", "Technique", "technique10", "technique11"})
# What may stand just before a statement or declaration (an effect object
# declared in a function too).
_STATEMENT_STARTS = _DECLARATION_STARTS | {"{"}


def skip_effect_syntax(pptokens: list[PPToken], diags: Diagnostics) -> list[PPToken]:
    """Drop what DXC ignores of the FX framework's syntax on global sampler
    and texture variables, each with DXC's warning: a state block after the
    declarator (`SamplerState s { Filter = ...; };`), a `sampler_state`
    initializer, and an annotation (`< ... >`).  Only declarations at file
    scope whose type is a sampler or texture are looked at; the tokens come
    back unchanged (the same list) when there is nothing to drop."""
    drop: list[tuple[int, int]] = []
    n = len(pptokens)
    user_types: set[str] | None = None     # names the unit declares as types (found when first needed)
    depth = 0                       # braces, parentheses and brackets open
    previous = ";"                  # the text of the token before
    i = 0
    while i < n:
        text = pptokens[i].text
        if text in _TECHNIQUES and depth == 0 and previous in _DECLARATION_STARTS and pptokens[i].kind == IDENT:
            # Through the `{` and its matching `}`, as DXC skips it.
            start = i
            while i < n and pptokens[i].text not in ("{", ";"):
                if pptokens[i].text == "<":
                    i = _past_annotation(pptokens, i)
                else:
                    i += 1
            if i >= n or pptokens[i].text != "{":
                i = start + 1           # no block: not a technique (the parser says what it is)
                previous = text
                continue
            i = _past_matching(pptokens, i, "{", "}")
            if i < n and pptokens[i].text == ";":
                i += 1
            diags.warning(pptokens[start].span, "effect technique ignored - effect syntax is deprecated")
            drop.append((start, i))
            previous = ";"
            continue
        if text in _EFFECT_OBJECTS and previous in _STATEMENT_STARTS and pptokens[i].kind == IDENT \
                and i + 1 < n and (pptokens[i + 1].kind == IDENT or pptokens[i + 1].text == "<") \
                and text not in (user_types if user_types is not None
                                 else (user_types := _declared_type_names(pptokens))):
            # `PixelShader ps = CompileShader(...);`, `BlendState B { ... };`:
            # the declaration to its `;`, states and annotations included.
            start = i
            while i < n and pptokens[i].text != ";":
                if pptokens[i].text == "{":
                    i = _past_matching(pptokens, i, "{", "}")
                elif pptokens[i].text == "<" and i > start + 1:
                    i = _past_annotation(pptokens, i)
                elif pptokens[i].text == "(":
                    i = _past_matching(pptokens, i, "(", ")")
                elif pptokens[i].text in ("}", ")"):
                    break               # not a declaration after all: leave it to the parser
                else:
                    i += 1
            if i < n and pptokens[i].text == ";":
                i += 1
                diags.warning(pptokens[start].span, "effect object ignored - effect syntax is deprecated")
                drop.append((start, i))
                previous = ";"
                continue
            i = start
        if text == "{" and _after_declarator(pptokens, i):
            # `int x { state = v; };`, `float2x2 m { 1, 2, 3, 4 };`: after a
            # declarator DXC takes a brace as an effect state block and
            # ignores it (the variable keeps no initializer).
            end = _past_matching(pptokens, i, "{", "}")
            if end < n and pptokens[end].text in (";", ","):
                diags.warning(pptokens[i].span, "effect state block ignored - effect syntax is deprecated")
                drop.append((i, end))
                previous = "}"
                i = end
                continue
        if text in ("{", "(", "["):
            depth += 1
        elif text in ("}", ")", "]"):
            depth -= 1
        elif depth == 0 and text in _EFFECT_OBJECT_TYPES and previous in _DECLARATION_STARTS \
                and pptokens[i].kind == IDENT:
            i = _effect_declaration(pptokens, i + 1, drop, diags)
            previous = pptokens[i - 1].text if i > 0 else ";"
            continue
        previous = text
        i += 1
    if not drop:
        return pptokens
    out: list[PPToken] = []
    at = 0
    for start, end in drop:
        out.extend(pptokens[at:start])
        at = end
    out.extend(pptokens[at:])
    return out


def _declared_type_names(toks: list[PPToken]) -> set[str]:
    """The names the tokens declare as types (`struct Texture`, `using X =`,
    `typedef ... X;`): such a name is the user's type, not an FX effect
    object of that name."""
    names: set[str] = set()
    n = len(toks)
    for k, tok in enumerate(toks):
        text = tok.text
        if text in ("struct", "class", "enum", "union", "interface", "using") and k + 1 < n:
            names.add(toks[k + 1].text)
        elif text == "typedef":
            j = k + 1
            while j < n and toks[j].text not in (";", "{"):
                j += 1
            if j < n and toks[j].text == ";":
                last = j - 1
                while last > k and toks[last].text == "]":
                    while last > k and toks[last].text != "[":
                        last -= 1
                    last -= 1
                names.add(toks[last].text)
    return names


# Words that may stand before `Name {` without it being a declarator: the
# heads of types, namespaces, buffers and statements.
_NOT_DECLARATION_TYPES = frozenset({"struct", "class", "union", "enum", "namespace", "cbuffer", "tbuffer",
                                    "interface", "pass", "return", "else", "do", "case", "typename", "template",
                                    "sampler_state", "goto", "throw", "new", "delete"}) | _TECHNIQUES


def _after_declarator(toks: list[PPToken], i: int) -> bool:
    """Whether the `{` at `i` follows a declarator, `Type name` or `Type
    name[N]...` (and no struct, namespace or statement head)."""
    j = i - 1
    while j >= 0 and toks[j].text == "]":
        level = 0
        while j >= 0:
            if toks[j].text == "]":
                level += 1
            elif toks[j].text == "[":
                level -= 1
                if level == 0:
                    break
            j -= 1
        j -= 1
    if j < 1 or toks[j].kind != IDENT or toks[j].text in _NOT_DECLARATION_TYPES:
        return False
    before = toks[j - 1]
    if before.text == ">":
        return True
    return before.kind == IDENT and before.text not in _NOT_DECLARATION_TYPES


def _effect_declaration(toks: list[PPToken], i: int, drop: list[tuple[int, int]], diags: Diagnostics) -> int:
    """The declarators after a sampler or texture type at `i` (a template
    argument list first); returns where scanning goes on."""
    n = len(toks)
    if i < n and toks[i].text == "<":       # Texture2D<float4>: its arguments
        i = _past_matching(toks, i, "<", ">")
    while i < n and toks[i].kind == IDENT:
        i += 1                              # the declarator's name
        while i < n and toks[i].text == "[":
            i = _past_matching(toks, i, "[", "]")
        while i < n and toks[i].text == ":":    # register(...), a semantic
            i += 1
            if i < n and toks[i].kind == IDENT:
                i += 1
                if i < n and toks[i].text == "(":
                    i = _past_matching(toks, i, "(", ")")
        if i < n and toks[i].text == "<":
            end = _past_annotation(toks, i)
            diags.warning(toks[i].span, "possible effect annotation ignored - effect syntax is deprecated")
            drop.append((i, end))
            i = end
        if i < n and toks[i].text == "{":
            end = _past_matching(toks, i, "{", "}")
            diags.warning(toks[i].span, "effect state block ignored - effect syntax is deprecated")
            drop.append((i, end))
            i = end
        elif i + 2 < n and toks[i].text == "=" and toks[i + 1].text == "sampler_state" and toks[i + 2].text == "{":
            end = _past_matching(toks, i + 2, "{", "}")
            diags.warning(toks[i].span, "effect sampler_state assignment ignored - effect syntax is deprecated")
            drop.append((i, end))
            i = end
        if i < n and toks[i].text == ",":
            i += 1
            continue
        break
    return i


def _past_annotation(toks: list[PPToken], i: int) -> int:
    """The index after an annotation `< decl; decl; >` at `i`: declarations
    each ended by `;` (their initializers may hold `>`), then `>`."""
    n = len(toks)
    i += 1
    while i < n:
        if toks[i].text == ">":
            return i + 1
        while i < n and toks[i].text != ";":
            if toks[i].text in ("{", "}"):
                return i                    # not an annotation after all
            i += 1
        i += 1
    return n


def _past_matching(toks: list[PPToken], i: int, open_: str, close: str) -> int:
    """The index after the bracket that closes the one at `i` (the end of
    the tokens when none does)."""
    level = 0
    n = len(toks)
    while i < n:
        text = toks[i].text
        if text == open_:
            level += 1
        elif text == close:
            level -= 1
            if level == 0:
                return i + 1
        elif text == ";" and open_ != "{":
            return i                        # a declaration's end: no such bracket here
        i += 1
    return n


def _parse_header(tables: Tables, keywords: dict[str, str], puncts: dict[str, str],
                  pptokens: list[PPToken], entry: "HeaderEntry", header_cache: str) -> None:
    """Parse a built-in header on its own and complete its cache entry, when
    it parses without a word and ends between declarations (the entry's
    `decls` stay None otherwise)."""
    from . import header_cache as cache   # late: loaded only by a compile that includes a built-in header
    scratch = Diagnostics()
    classifier = Classifier(keywords, puncts, scratch)
    unit = _classify_and_run(tables, classifier, pptokens, scratch)
    if unit is None or scratch.items or not classifier.ended_clean:
        return
    entry.names = classifier.names()
    entry.decls = unit.decls
    cache.store(entry, use_disk=header_cache == "disk")


def _classify_and_run(tables: Tables, classifier: Classifier, pptokens: list[PPToken],
                      diags: Diagnostics) -> A.TranslationUnit | None:
    tokens, origins = classifier.classify(pptokens)
    builder = _Builder()
    builder.origins = origins
    return _run(tables, builder, tokens, diags)


def _empty_span() -> Span:
    return Span(SourceFile("<empty>", ""), 0, 0)


_TERMINAL_MAPS: tuple[dict[str, str], dict[str, str]] | None = None


def _terminal_maps(tables: Tables) -> tuple[dict[str, str], dict[str, str]]:
    """Keyword spelling -> terminal, punctuator spelling -> terminal."""
    global _TERMINAL_MAPS
    if _TERMINAL_MAPS is None:
        keywords: dict[str, str] = {}
        puncts: dict[str, str] = {}
        for name, value in tables.terminals.items():
            if value is None:
                continue
            (keywords if value[:1].isalpha() or value[:1] == "_" else puncts)[value] = name
        _TERMINAL_MAPS = (keywords, puncts)
    return _TERMINAL_MAPS


def _bind_rules(tables: Tables, builder: _Builder) -> list[tuple]:
    """Per rule: (size, nonterminal, mode, builder method or None, flatten)."""
    bound = []
    for size, origin, mode, name, flatten in tables.rules:
        method = getattr(builder, name, None) if mode in (RULE_CALL, RULE_MAYBE_PASS) else None
        if method is None and mode in (RULE_CALL, RULE_MAYBE_PASS):
            raise AssertionError(f"the tree builder has no method for grammar rule '{name}'")
        bound.append((size, origin, mode, method, flatten))
    return bound


# `unsigned T`: the unsigned scalar of each integer scalar name (the vector
# and matrix shapes keep their `N`/`RxC` suffix).
_UNSIGNED_OF = {"int": "uint", "int16_t": "uint16_t", "int32_t": "uint32_t", "int64_t": "uint64_t",
                "min16int": "min16uint", "uint": "uint", "dword": "uint", "uint16_t": "uint16_t",
                "uint32_t": "uint32_t", "uint64_t": "uint64_t", "min16uint": "min16uint"}


def _reduce(rule: tuple, state_stack: list[int], value_stack: list,
            grown: list[tuple[list, int]] | None = None) -> None:
    """Apply one reduction to the stacks (without the goto).

    With `grown`, a list that an inlined repetition (`item*`) left on the
    stack is extended in place rather than copied, and recorded there with
    its length before, so the main loop can undo the reduction: copying made
    a repetition of n items (60,000 declarations, an initializer list of
    100,000 values) quadratic."""
    size, _, mode, method, flatten = rule
    if mode == RULE_PASS:
        del state_stack[-1]
        return
    if size:
        children = value_stack[-size:]
        del state_stack[-size:]
        del value_stack[-size:]
    else:
        children = []
    if flatten:
        # Splice the children of inlined `_rules` (lists) into this rule's.
        spliced: list
        rest = children
        if grown is not None and children and children[0].__class__ is list:
            spliced = children[0]
            grown.append((spliced, len(spliced)))
            rest = children[1:]
        else:
            spliced = []
        for child in rest:
            if child.__class__ is list:
                spliced.extend(child)
            else:
                spliced.append(child)
        children = spliced
    if mode == RULE_INLINE:
        value_stack.append(children)
    elif mode == RULE_MAYBE_PASS and len(children) == 1:
        value_stack.append(children[0])
    else:
        value_stack.append(method(children))


def _run(tables: Tables, builder: _Builder, tokens: list[Token], diags: Diagnostics) -> A.TranslationUnit | None:
    rules = _bind_rules(tables, builder)
    states = tables.states
    pass_chains = tables.pass_chains
    end_state = tables.end_state
    reporter = _SyntaxReporter(tables, builder, diags)
    state_stack: list[int] = [tables.start_state]
    value_stack: list[Any] = []

    n = len(tokens)
    eof = Token("$END", "", n)
    quiet_until = -1      # suppress a cascade right after a recovery
    i = 0
    while i <= n:
        tok = tokens[i] if i < n else eof
        ttype = tok.type
        entry = states[state_stack[-1]].get(ttype)
        if entry is not None and entry >= 0:
            state_stack.append(entry)
            value_stack.append(tok)
            i += 1
            continue
        # Reductions first.  LALR may reduce before it notices a bad token;
        # what they pop of the stacks is kept, so the error can be reported
        # (and recovered) from the state the token was seen in.  Only the
        # popped part is kept: copying the whole stacks here made a deep
        # nest (an `else if` chain of 10,000) quadratic.
        low = len(state_stack)      # state_stack[:low] is untouched
        popped: list[tuple[list[int], list[Any]]] = []
        grown: list[tuple[list, int]] = []
        accepted = False
        while entry is not None:
            if entry >= 0:
                state_stack.append(entry)
                value_stack.append(tok)
                accepted = True
                break
            rule = rules[~entry]
            cut = len(state_stack) - (1 if rule[2] == RULE_PASS else rule[0])
            if cut < low:
                popped.append((state_stack[cut:low], value_stack[cut - 1:low - 1]))
                low = cut
            if rule[2] == RULE_PASS:
                # Most reductions are unit rules of the precedence chain
                # (`?additive_expr: multiplicative_expr`): the value stays and
                # only the top state changes, as a function of the state below
                # it, the top state and the look-ahead.  A whole chain of them
                # is looked up once and remembered.
                key = (state_stack[-2], state_stack[-1], ttype)
                chain = pass_chains.get(key)
                if chain is None:
                    below, top, action = key[0], key[1], entry
                    while action is not None and action < 0 and rules[~action][2] == RULE_PASS:
                        top = states[below][rules[~action][1]]
                        action = states[top].get(ttype)
                    chain = pass_chains[key] = (top, action)
                state_stack[-1], entry = chain
                continue
            _reduce(rule, state_stack, value_stack, grown)
            goto = states[state_stack[-1]][rule[1]]
            state_stack.append(goto)
            if goto == end_state and i == n:
                return value_stack[-1]
            entry = states[goto].get(ttype)
        if accepted:
            i += 1
            continue
        for items, length in reversed(grown):
            del items[length:]
        del state_stack[low:]
        del value_stack[low - 1:]
        for states_part, values_part in reversed(popped):
            state_stack.extend(states_part)
            value_stack.extend(values_part)
        if i >= quiet_until and not (i == n and quiet_until > n):
            expected = _acceptable(tables, state_stack, reporter.terminal_names)
            reporter.report(tok, expected, value_stack, tokens[i - 1] if i else None)
        if i == n:
            return None
        i = _recover(tables, rules, state_stack, value_stack, tokens, i)
        quiet_until = i + 1
        if i < 0:
            return None
    return None


def _acceptable(tables: Tables, stack: list[int], terminals: Iterable[str]) -> set[str]:
    """The terminals the parser would really shift next.  LALR's merged
    states list look-aheads of other contexts; simulating the reductions on
    a copy of the stack weeds them out."""
    states, rules = tables.states, tables.rules
    result = set()
    top_actions = states[stack[-1]]
    for ttype in terminals:
        if ttype not in top_actions:
            continue
        sim = list(stack)
        while True:
            entry = states[sim[-1]].get(ttype)
            if entry is None:
                break
            if entry >= 0:
                result.add(ttype)
                break
            size, origin = rules[~entry][:2]
            if size:
                del sim[-size:]
            goto = states[sim[-1]].get(origin)
            if goto is None:
                break
            if goto == tables.end_state and ttype == "$END":
                result.add(ttype)
                break
            sim.append(goto)
    return result


_SYNC = {"SEMICOLON", "RBRACE"}


def _recover(tables: Tables, rules: list, state_stack: list[int], value_stack: list,
             tokens: list[Token], i: int) -> int:
    """Panic-mode recovery: skip to the next ';' or '}' outside any nested
    braces, then drop parser states until one accepts it.  Returns the index
    of the next token to feed, or -1 when nothing can be recovered."""
    states = tables.states
    n = len(tokens)
    depth = 0
    j = i
    while j < n:
        ttype = tokens[j].type
        if ttype == "LBRACE":
            depth += 1
        elif ttype == "RBRACE" and depth > 0:
            depth -= 1
            j += 1
            continue
        if depth == 0 and ttype in _SYNC:
            for keep in range(len(state_stack), 0, -1):
                if ttype not in states[state_stack[keep - 1]]:
                    continue
                trial_states = state_stack[:keep]
                trial_values = value_stack[:keep - 1]
                if _feed_one(tables, rules, trial_states, trial_values, tokens[j]):
                    state_stack[:] = trial_states
                    value_stack[:] = trial_values
                    return j + 1
        j += 1
    return -1


def _feed_one(tables: Tables, rules: list, state_stack: list[int], value_stack: list, tok: Token) -> bool:
    """Reduce as needed and shift one token; False if it cannot be shifted."""
    states = tables.states
    entry = states[state_stack[-1]].get(tok.type)
    while entry is not None:
        if entry >= 0:
            state_stack.append(entry)
            value_stack.append(tok)
            return True
        rule = rules[~entry]
        _reduce(rule, state_stack, value_stack)
        goto = states[state_stack[-1]].get(rule[1])
        if goto is None:
            return False
        state_stack.append(goto)
        entry = states[goto].get(tok.type)
    return False
