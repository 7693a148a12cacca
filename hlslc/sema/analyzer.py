"""Semantic analysis of a translation unit: the `sema` stage's entry point.

Owns: typing every expression and checking every statement of function
bodies, global declarations, calls (user functions, function templates,
member functions of class template instances, HLSL intrinsics and resource
methods), entry-point rules (`[numthreads]`, `[wavesize]`, system-value
semantics), and turning template-engine failures into diagnostics in the
user's terms.  Every dx::linalg call is recorded (`SemaResult.linalg_calls`)
and handed to `linalg_rules` for the rules the header cannot express.

Results are side tables keyed by AST node id (`expr_types`, `calls`,
`symbols`), so the syntax tree stays what was written.

Does not own: templates, lookup, constants (`engine`), conversions
(`conversions`), intrinsic signatures (`intrinsics`).
"""

from __future__ import annotations

import re
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any

from ..depth import deep_recursion
from ..records import ValueRecord
from ..front import ast as A
from ..diagnostics import Diagnostic, Diagnostics, Note, Severity
from ..source import Span
from ..spec import linalg_rules as R
from . import intrinsics, linalg, linalg_builtins, textures, types as T, wavematrix
from .atomics import check_destination
from .base import CandidateFailure, NoMatch, Resolved, SemaError
from .conversions import (Conversion, binary_operand_type, derives_from, implicit_conversion, integer_literal_type,
                          is_bool_convertible, literal_default)
from .reach import Reach
from .templates import (ENUM_COMBINING, WAVE_MATRIX_KINDS, Engine, ExplicitArgs, string_literal_bytes,
                        unparen, unscoped_enum)
from .symbols import (AliasSymbol, ClassInstance, ClassTemplateSymbol, EnumeratorSymbol, EnumSymbol, Env,
                      FunctionSymbol, FunctionTemplateSymbol, NamespaceSymbol, TypeSymbol, VarSymbol)



def _sub_scope(stmt: A.Stmt, env: Env) -> Env:
    """The scope of a substatement (`if (c) int x = 1;` declares `x` in a
    scope of its own); a statement that declares nothing itself shares its
    parent's, so nested `if`s do not deepen every later lookup."""
    if isinstance(stmt, (A.CompoundStmt, A.IfStmt, A.ExprStmt, A.EmptyStmt)):
        return env
    return Env(env)

# Vulkan's buffer-device-address intrinsics (`_vk_raw_buffer_call`).
_VK_RAW_BUFFER = frozenset({"vk::RawBufferLoad", "vk::RawBufferStore"})

class CallInfo(ValueRecord):
    """A resolved call: what is called and how each argument converts."""
    kind: str                        # "function", "intrinsic", "method", "construct", "wavematrix"
    target: Any                      # FunctionSymbol, intrinsic match, or Type for constructs
    return_type: T.Type
    param_types: list[T.Type]
    object: A.Expr | None     # the object of a member call
    linalg: Any               # the LinalgCall recorded for dx::linalg operations
    _fields = ("kind", "target", "return_type", "param_types", "object", "linalg")

    def __init__(self, kind: str, target: Any, return_type: T.Type, param_types: list[T.Type] | None = None, object: A.Expr | None = None, linalg: Any = None) -> None:
        self.kind = kind
        self.target = target
        self.return_type = return_type
        self.param_types = [] if param_types is None else param_types
        self.object = object
        self.linalg = linalg

    __hash__ = None  # type: ignore[assignment]


class FunctionTables(ValueRecord):
    """What sema learnt about one function body (or one instantiation)."""
    expr_types: dict[int, T.Type]
    calls: dict[int, "CallInfo"]
    symbols: dict[int, Any]
    _fields = ("expr_types", "calls", "symbols")

    def __init__(self, expr_types: dict[int, T.Type], calls: dict[int, "CallInfo"], symbols: dict[int, Any]) -> None:
        self.expr_types = expr_types
        self.calls = calls
        self.symbols = symbols

    __hash__ = None  # type: ignore[assignment]


class SemaResult(ValueRecord):
    unit: A.TranslationUnit
    engine: Engine
    expr_types: dict[int, T.Type]
    calls: dict[int, CallInfo]
    symbols: dict[int, Any]
    functions: list[FunctionSymbol]
    instantiations: list[FunctionSymbol]   # function templates, as used
    entry: FunctionSymbol | None
    linalg_calls: list[Any]
    uses_linalg: bool
    function_tables: dict[int, FunctionTables]
    options: Any
    # ids of the VarSymbols some statement writes after their declaration
    # (assignment, ++/--, out/inout argument): lowering keeps the others in
    # SSA values where it can.
    written: set[int]
    # For device portability checks (hlslc/portability.py): every dx::linalg
    # or Wave Matrix type declared in a user file, with the span of the type
    # as written, and every Wave Matrix method call (name, span, object
    # type, argument types).
    matrix_declarations: list[tuple[T.Type, Span]]
    wave_matrix_calls: list[tuple[str, Span, T.WaveMatrixType, list[T.Type]]]
    # id(caller) -> [(callee, call expression)], and id(function) (None:
    # outside functions; ("init", id(global)): that global's initializer)
    # -> ids of the global variables it names: what an entry point reaches
    # (`reach.Reach`), for the resources it binds.
    call_graph: dict[int, list]
    global_uses: dict[Any, set[int]]
    # ids of the `s[i]` targets of assignments to what a struct's
    # `operator[]` returns (a temporary: the lowering drops the store).
    dropped_stores: set[int]
    # id(attribute) -> N of a loop's `[unroll(N)]`, evaluated where the loop
    # is (N may name a local constant).
    loop_counts: dict[int, int]
    _fields = ("unit", "engine", "expr_types", "calls", "symbols", "functions", "instantiations", "entry",
               "linalg_calls", "uses_linalg", "function_tables", "options", "written", "matrix_declarations",
               "wave_matrix_calls", "call_graph", "global_uses", "dropped_stores", "loop_counts")

    def __init__(self, unit: A.TranslationUnit, engine: Engine, expr_types: dict[int, T.Type] | None = None,
                 calls: dict[int, CallInfo] | None = None, symbols: dict[int, Any] | None = None,
                 functions: list[FunctionSymbol] | None = None, instantiations: list[FunctionSymbol] | None = None,
                 entry: FunctionSymbol | None = None, linalg_calls: list[Any] | None = None,
                 uses_linalg: bool = False, function_tables: dict[int, FunctionTables] | None = None,
                 options: Any = None, written: set[int] | None = None,
                 matrix_declarations: list[tuple[T.Type, Span]] | None = None,
                 wave_matrix_calls: list[tuple[str, Span, T.WaveMatrixType, list[T.Type]]] | None = None,
                 call_graph: dict[int, list] | None = None, global_uses: dict[Any, set[int]] | None = None,
                 dropped_stores: set[int] | None = None, loop_counts: dict[int, int] | None = None) -> None:
        self.unit = unit
        self.engine = engine
        self.expr_types = {} if expr_types is None else expr_types
        self.calls = {} if calls is None else calls
        self.symbols = {} if symbols is None else symbols
        self.functions = [] if functions is None else functions
        self.instantiations = [] if instantiations is None else instantiations
        self.entry = entry
        self.linalg_calls = [] if linalg_calls is None else linalg_calls
        self.uses_linalg = uses_linalg
        self.function_tables = {} if function_tables is None else function_tables
        self.options = options
        self.written = set() if written is None else written
        self.matrix_declarations = [] if matrix_declarations is None else matrix_declarations
        self.wave_matrix_calls = [] if wave_matrix_calls is None else wave_matrix_calls
        self.call_graph = {} if call_graph is None else call_graph
        self.global_uses = {} if global_uses is None else global_uses
        self.dropped_stores = set() if dropped_stores is None else dropped_stores
        self.loop_counts = {} if loop_counts is None else loop_counts

    def reach(self, roots: list[FunctionSymbol]) -> Reach:
        """What `roots` reach through the calls of the unit."""
        return Reach(self.call_graph, roots)

    __hash__ = None  # type: ignore[assignment]


def decode_string_literal(text: str) -> str:
    """The text a string literal's spelling (without its quotes) stands
    for: C's escapes decoded (`\\n`, `\\x41`, `\\101`), a numeric escape as
    one byte of the UTF-8 the literal is made of (`"caf\\xc3\\xa9"` is
    "café"); bytes that are no UTF-8 become U+FFFD.  A numeric escape past
    a byte is a ValueError with clang's words."""
    if "\\" not in text:
        return text
    return string_literal_bytes(text).decode("utf-8", errors="replace")


class SemaOptions(ValueRecord):
    stage: str                 # "cs" or "lib"
    major: int
    minor: int
    entry: str
    native_16bit: bool
    main_path: str | None      # the file compiled, for diagnostics about it as a whole
    hlsl_version: int          # -HV: 2016, 2017, 2018, 2021, 2029 (202x)
    linalg_revision: str       # --linalg-revision: "sm6.10", "draft" or "dxc"
    statement_depth: int       # -fstatement-depth: how deeply control statements may nest
    spirv: bool                # -spirv: the program is for Vulkan (printf has a SPIR-V form)
    _fields = ("stage", "major", "minor", "entry", "native_16bit", "main_path", "hlsl_version", "linalg_revision",
               "statement_depth", "spirv")

    def __init__(self, stage: str = "cs", major: int = 6, minor: int = 10, entry: str = "main", native_16bit: bool = True, main_path: str | None = None, hlsl_version: int = 2021, linalg_revision: str = "sm6.10", statement_depth: int = 2048, spirv: bool = False) -> None:
        self.stage = stage
        self.major = major
        self.minor = minor
        self.entry = entry
        self.native_16bit = native_16bit
        self.main_path = main_path
        self.hlsl_version = hlsl_version
        self.linalg_revision = linalg_revision
        self.statement_depth = statement_depth
        self.spirv = spirv

    __hash__ = None  # type: ignore[assignment]


# The statements that nest for -fstatement-depth (an `else if` is an `if`
# nested in the `else` of another).
_NESTING_STATEMENTS = (A.IfStmt, A.ForStmt, A.WhileStmt, A.DoStmt, A.SwitchStmt)


_SWIZZLE_SETS = ("xyzw", "rgba")


class _This:
    """The symbol of `this` inside a member function."""

    def __repr__(self) -> str:
        return "this"


THIS = _This()
_SYSTEM_VALUES = {
    "SV_DISPATCHTHREADID": ("uint", 3), "SV_GROUPID": ("uint", 3), "SV_GROUPTHREADID": ("uint", 3),
    "SV_GROUPINDEX": ("uint", 1),
}


class _Flow:
    """What a statement is nested in: loops and switches for break/continue."""
    __slots__ = ("loops", "switches", "function", "return_type")

    def __init__(self, function: FunctionSymbol | None, return_type: T.Type) -> None:
        self.loops = 0
        self.switches = 0
        self.function = function
        self.return_type = return_type


def analyze_unit(unit: A.TranslationUnit, diags: Diagnostics, options: SemaOptions | None = None) -> SemaResult | None:
    """Check a parsed unit.  Returns None when errors were reported."""

    analyzer = Analyzer(diags, options or SemaOptions())
    errors_before = diags.error_count
    # The analysis recurses once per nesting level of the source
    # (hlslc/depth.py); `check_function` reports a function nested too deeply.
    with deep_recursion():
        result = analyzer.run(unit)
    return result if diags.error_count == errors_before else None


class Analyzer:
    def __init__(self, diags: Diagnostics, options: SemaOptions) -> None:
        self.diags = diags
        self.written: set[int] = set()
        self.options = options
        self.engine = Engine(native_16bit=options.native_16bit, hlsl_version=options.hlsl_version,
                             linalg_revision=options.linalg_revision)
        self.engine.expression_type = self.check_expr
        self.result: SemaResult | None = None
        self.linalg_types_checked: set[int] = set()
        self._push_constant: VarSymbol | None = None
        self._instantiated: set[int] = set()
        self.call_graph: dict[int, list] = {}
        self.global_uses: dict[Any, set[int]] = {}     # see SemaResult.global_uses
        self._initializing: VarSymbol | None = None     # the global whose initializer is being checked
        # Functions that declare, take or operate on a wave matrix (the
        # [wavesize] thread group rule of entries reaching them).
        self._wave_matrix_functions: set[int] = set()
        self._operators_checked: set[int] = set()
        # Implicit-derivative texture operations (`textures.DerivativeUse`).
        self.derivative_uses: list = []
        # The control statements around the one being checked (-fstatement-depth).
        self._statement_depth = 0
        # Feedback writes with implicit derivatives (pixel-only, `textures.check_entry`).
        self.pixel_only_uses: list = []
        # Calls and statements only another stage may use: (that stage,
        # "pixel" or "raytracing", message, span, function or None),
        # reported where the entry point reaches them (`_check_stage_uses`).
        self.stage_uses: list[tuple[str, str, Span | None, FunctionSymbol | None]] = []
        # Globals of ray tracing's types: (variable, type, span), an error
        # where the code compiled names them (`_check_stage_uses`).
        self._ray_tracing_globals: list[tuple[VarSymbol, T.Type, Span | None]] = []
        # The SM 6.10 and draft revisions' rules on dx::linalg (the header's
        # operations recorded, linalg_rules checked); the dxc revision's
        # header is plain code over DXC's built-ins (`linalg_builtins`).
        self._linalg_rules = options.linalg_revision != "dxc"
        # Calls of DXC's built-ins: (call, signature, calling function), for
        # the shader model and stage checks of what entries reach.
        self._builtin_calls: list[tuple[A.CallExpr, Any, Any]] = []

    def _is_api_matrix(self, instance: ClassInstance) -> bool:
        """A `dx::linalg::Matrix` whose rules sema checks (not the dxc
        revision's, whose rules are its header's and DXC's)."""
        return self._linalg_rules and _is_linalg_matrix(instance)

    # ------------------------------------------------------------------
    # Reporting

    def error(self, err: SemaError) -> None:
        if err.reported:
            return
        if isinstance(err, NoMatch):
            self._report_no_match(err)
            return
        diag = Diagnostic(Severity.ERROR, err.message, err.span, err.rule_id)
        for message, span in err.notes:
            diag.notes.append(Note(message, span))
        hint = linalg_builtins.revision_hint(err.message) if self._linalg_rules else None
        if hint is not None and not any(n.message == hint for n in diag.notes):
            diag.notes.append(Note(hint, None))
        self.diags.report(diag)

    def warn(self, message: str, span: Span | None, id: str | None = None, group: str | None = None) -> Diagnostic:
        return self.diags.warning(span, message, id, group)

    # ------------------------------------------------------------------

    def run(self, unit: A.TranslationUnit) -> SemaResult:
        result = SemaResult(unit, self.engine, options=self.options, written=self.written,
                            call_graph=self.call_graph, global_uses=self.global_uses)
        self.result = result
        functions: list[FunctionSymbol] = []
        for decl in unit.decls:
            try:
                self.engine.declare(decl, self.engine.global_ns, self.engine.global_env, functions.append)
            except SemaError as err:
                self.error(err)
            except RecursionError:
                self.diags.error(decl.span, "declaration is nested too deeply to analyze")
        result.functions = functions
        self._check_declaration_attributes(unit.decls)
        self._check_globals(self.engine.global_ns, set())
        for fn in functions:
            if fn.decl.body is not None and not self._foreign_node_shader(fn):
                self.check_function(fn)
        self._check_recursion()
        self._check_entry(functions)
        self._check_stage_uses(functions)
        self._report_bit_field_errors()
        return result

    def _report_bit_field_errors(self) -> None:
        seen: set[tuple] = set()
        for err in self.engine.bit_field_errors:
            key = (err.message, id(err.span.file) if err.span is not None else None,
                   err.span.start if err.span is not None else None)
            if key not in seen:
                seen.add(key)
                self.error(err)
        self.engine.bit_field_errors.clear()

    def _check_globals(self, ns: NamespaceSymbol, seen: set[int]) -> None:
        try:
            self._check_globals_in(ns, seen)
        except RecursionError:
            self.diags.error(ns.span, "declarations are nested too deeply to analyze")

    def _check_globals_in(self, ns: NamespaceSymbol, seen: set[int]) -> None:
        if id(ns) in seen:
            return
        seen.add(id(ns))
        for symbols in ns.members.values():
            for sym in symbols:
                try:
                    if isinstance(sym, VarSymbol):
                        t = self.engine.var_type(sym)
                        if sym.decl is not None and push_constant_attribute(sym.decl) is not None:
                            self._check_push_constant(sym, t)
                        if sym.decl is not None and constant_id_attribute(sym.decl) is not None:
                            self._check_spec_constant(sym, t)
                            continue
                        if "globallycoherent" in sym.storage and not _is_uav(t):
                            raise SemaError(f"'globallycoherent' applies to writable resources (UAVs), not "
                                            f"'{t.spell()}'", sym.decl.type.span if sym.decl else sym.span)
                        self._check_declared_type(t, sym.decl.type.span if sym.decl else None,
                                                  "groupshared" if sym.is_groupshared else "global", var=sym)
                        held = self._linalg_matrix_in(t, set())
                        if held is not None:
                            raise SemaError(f"'{sym.name}' holds a dx::linalg matrix ('{held.spell()}'), which "
                                            "cannot be a global variable: matrices live in the threads or waves "
                                            "that use them; declare it inside a function",
                                            sym.decl.name_span if sym.decl else sym.span)
                        self._initializing = sym     # what its initializer names counts as its use
                        if sym.decl is not None and sym.decl.init is not None and not isinstance(t, T.ResourceType):
                            self.check_initializer(sym.decl.init, t, Env(sym.env))
                            self._evaluate_constant_global(sym, t)
                        elif sym.decl is not None and sym.decl.init is not None and sym.is_static:
                            # `static Texture2D T = ResourceDescriptorHeap[i];`
                            # (bindless): the alias the lowering uses.
                            self.check_initializer(sym.decl.init, t, Env(sym.env))
                        self._initializing = None
                    elif isinstance(sym, NamespaceSymbol):
                        self._check_globals_in(sym, seen)
                    elif isinstance(sym, ClassInstance):
                        for f in sym.fields:
                            if f.decl is not None:
                                try:
                                    # Each member on its own: one bad member does
                                    # not hide the next.
                                    self._check_declared_type(self.engine.var_type(f), f.decl.type.span, "field")
                                except SemaError as err:
                                    self.error(err)
                        self._check_member_functions(sym)
                    elif isinstance(sym, AliasSymbol):
                        self._check_declared_type(self.engine.alias_type(sym), sym.type_ref.span, "alias")
                except SemaError as err:
                    self.error(err)
                except RecursionError:
                    self.diags.error(sym.span, f"'{sym.name}' is nested too deeply to analyze "
                                               "(a template that instantiates itself without end?)")

    def _check_push_constant(self, sym: VarSymbol, t: T.Type) -> None:
        """`[[vk::push_constant]]` on a global struct: the block of push
        constants (a constant buffer of its own on DirectX), one a shader."""
        attr = push_constant_attribute(sym.decl)
        if T.holds_resources(t):
            raise SemaError(f"a push constant block holds data only; '{sym.name}' ('{t.spell()}') holds a "
                            "resource", attr.span)
        if not sym.is_uniform or sym.cbuffer is not None:
            raise SemaError(f"'vk::push_constant' applies to a global variable read by the shader (not static, "
                            f"groupshared or in a cbuffer); '{sym.name}' is not one", attr.span)
        if not isinstance(t, T.ClassType):
            raise SemaError(f"'vk::push_constant' applies to a variable of struct type, not '{t.spell()}'",
                            attr.span)
        first = self._push_constant
        if first is not None and first is not sym:
            raise SemaError(f"a second push constant block: '{first.name}' is already one (a shader has at most "
                            "one)", attr.span)
        self._push_constant = sym

    def _check_spec_constant(self, sym: VarSymbol, t: T.Type) -> None:
        """`[[vk::constant_id(N)]] const T name = value;`: a specialization
        constant (Vulkan sets it when the pipeline is created; on DirectX it
        is its initial value): a global `const` scalar whose initializer is
        a constant, N a non-negative integer constant."""
        attr = constant_id_attribute(sym.decl)
        if len(attr.args) != 1:
            raise SemaError(f"'vk::constant_id' takes one argument, the constant's id, not {len(attr.args)}",
                            attr.span)
        value = self.engine.evaluate(attr.args[0], Env(sym.env))
        if not isinstance(value.value, int) or isinstance(value.value, bool) or not 0 <= value.value <= 0xFFFFFFFF:
            raise SemaError(f"the id of a specialization constant is an integer from 0 to 4294967295, not "
                            f"{value.value!r}", attr.args[0].span)
        if not sym.is_const or sym.is_groupshared or sym.cbuffer is not None:
            raise SemaError(f"'vk::constant_id' applies to a global 'const' scalar; '{sym.name}' is not const",
                            attr.span)
        if not isinstance(t, T.ScalarType) or t.spell() not in _SPEC_CONSTANT_TYPES:
            raise SemaError(f"a specialization constant is a bool, integer or floating-point scalar, not "
                            f"'{t.spell()}'", sym.decl.type.span)
        init = sym.decl.init
        if init is None:
            raise SemaError(f"the specialization constant '{sym.name}' needs an initializer, its default value",
                            sym.decl.name_span or sym.span)
        self.check_initializer(init, t, Env(sym.env))
        try:
            default = self.engine.convert_constant(self.engine.evaluate(init, Env(sym.env)), t, init.span)
        except SemaError as err:
            raise SemaError(f"the default value of the specialization constant '{sym.name}' must be a constant: "
                            f"{err.message}", init.span) from None
        sym.spec_constant = (int(value.value), default)

    def check_attributes(self, attributes: list[A.Attribute]) -> None:
        """C++11 attributes: `[[vk::...]]` ones are kept for reflection and
        SPIR-V and mean nothing for DXIL, except the Vulkan-only constructs
        hlslc cannot compile for DirectX; others are unknown (a warning)."""
        for attr in attributes:
            if not attr.cxx:
                continue
            if attr.namespace == "vk":
                why = _VULKAN_ONLY_ATTRIBUTES.get(attr.name)
                if why is None and attr.name.startswith("ext_"):
                    why = "inline SPIR-V ('vk::ext_*') is a Vulkan-only feature"
                if why is not None:
                    self.diags.error(attr.span, f"{why}; hlslc compiles for DirectX (DXIL)")
                continue
            if attr.namespace is None and attr.name == "nodiscard" and not self._linalg_rules:
                continue        # dxc revision (DXC's header uses it): a dropped result gets a warning
            self.warn(f"unknown attribute '{attr.spelling}' ignored", attr.span)

    def _loop_counts(self, attributes: list[A.Attribute], env: Env) -> None:
        """`[unroll(N)]`: N evaluated in the loop's scope (`const int n = 2;
        [unroll(n)]`).  One that is no integer constant is ignored with
        DXC's warning, and the loop unrolled as `[unroll]` asks."""
        for attr in attributes:
            if attr.cxx or attr.name.lower() != "unroll" or not attr.args or id(attr) in self.result.loop_counts:
                continue
            try:
                value = self.engine.evaluate(attr.args[0], env).value
            except SemaError:
                value = None
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                self.warn("attribute 'unroll' must have a uint literal argument", attr.args[0].span)
                continue
            self.result.loop_counts[id(attr)] = value

    def _check_using(self, decl: A.Decl) -> None:
        """`using namespace N;` and `using X = T;` before HLSL 2021: a
        warning, as in DXC (they work)."""
        if self.options.hlsl_version < 2021 and isinstance(decl, (A.UsingDirective, A.AliasDecl)):
            keyword = Span(decl.span.file, decl.span.start, decl.span.start + len("using"))
            self.warn("keyword 'using' is a HLSL 2021 feature, and is available in older versions as a "
                      "non-portable extension.", keyword)

    def _check_declaration_attributes(self, decls: list[A.Decl]) -> None:
        """The attributes of every declaration outside function bodies (and
        the `using` of versions before 2021)."""
        for decl in decls:
            self._check_using(decl)
            if isinstance(decl, (A.VarDecl, A.BufferDecl)):
                self.check_attributes(decl.attributes)
            if isinstance(decl, A.FunctionDecl):
                self.check_attributes(decl.attributes)
                for param in decl.params:
                    self.check_attributes(param.attributes)
            inner = getattr(decl, "decls", None) or getattr(decl, "members", None)
            if isinstance(decl, A.TemplateDecl):
                inner = [decl.decl]
            if inner:
                self._check_declaration_attributes([d for d in inner if isinstance(d, A.Decl)])

    def _check_member_functions(self, instance: ClassInstance) -> None:
        """The bodies of a struct's member functions (those of class
        template instances are checked per instantiation, when used)."""
        if instance.template is not None:
            return
        for symbols in self.engine.members_of(instance).values():
            for fn in symbols:
                if isinstance(fn, FunctionSymbol) and fn.decl.body is not None and id(fn) not in self._instantiated:
                    self._instantiated.add(id(fn))
                    self.check_function(fn)
                elif isinstance(fn, ClassInstance):
                    self._check_member_functions(fn)

    def _evaluate_constant_global(self, var: VarSymbol, t: T.Type) -> None:
        """A scalar `static const` is a constant: evaluate it now, so 1/0 or
        an endless template recursion in it is reported here.  Initialisers
        that are not constant expressions (calls, vectors) are fine."""
        if not (var.is_const and (isinstance(t, (T.ScalarType, T.EnumType)))):
            return
        try:
            self.engine.var_value(var, var.span)
        except SemaError as err:
            if "not an integral constant expression" in err.message or "is not a constant expression" in err.message:
                return
            raise

    def _linalg_matrix_in(self, t: T.Type, seen: set[int]) -> T.Type | None:
        """The dx::linalg matrix type `t` holds (itself, in an array or a
        struct field), if any."""
        while isinstance(t, T.ArrayType):
            t = t.elem
        if not isinstance(t, T.ClassType) or id(t.instance) in seen:
            return None
        if self._is_api_matrix(t.instance):
            return t
        seen.add(id(t.instance))
        for f in t.instance.fields:
            held = self._linalg_matrix_in(self.engine.var_type(f), seen)
            if held is not None:
                return held
        return None

    def _check_declared_type(self, t: T.Type, span: Span | None, where: str | None = None,
                             function: FunctionSymbol | None = None, var: VarSymbol | None = None) -> None:
        """Rules on a type as written in a declaration (dx::linalg limits; Wave
        Matrix shader models, arrays and placement).  `where` is "global",
        "groupshared", "static", "field", "param" or "local" when known;
        `function`, the function of a parameter or local; `var`, a global's
        symbol."""
        declared = t
        while isinstance(t, T.ArrayType):
            t = t.elem
        if isinstance(t, T.NodeObjectType):
            # A work graph's node object: an error where the code compiled
            # reaches it (a helper of node shaders may share a file).
            if where in ("param", "local", "static") and function is not None:
                self.stage_uses.append(("any", T.work_graph_error(t.spell()), span, function))
            elif where not in ("alias", None):
                raise SemaError(T.work_graph_error(t.spell()), span)
            return
        if isinstance(t, T.ClassType) and getattr(t.instance.decl, "keyword", "") == "interface" \
                and where not in (None, "alias"):
            # An interface only names what its classes implement (DXC).
            raise SemaError("interface type cannot be statically allocated", span)
        if isinstance(t, T.RayTracingObjectType):
            inline = t.name == "RayQuery" and where in ("param", "local") and function is not None
            if inline and (self.options.major, self.options.minor) >= (6, 5):
                return      # inline ray tracing (SM 6.5): a query object of the function's own
            # Ray tracing: an error only where the entry point reaches it
            # (a helper's parameter or local, a global the reached code names).
            if inline:
                self.stage_uses.append(("raytracing", f"inline ray tracing ('{t.spell()}') needs shader model 6.5 "
                                        f"or later (the target is {self.options.major}.{self.options.minor})",
                                        span, function))
            elif where in ("param", "local", "static") and function is not None:
                self.stage_uses.append(("raytracing", _ray_tracing_object_error(t), span, function))
            elif where == "global" and var is not None:
                self._ray_tracing_globals.append((var, t, span))
            elif where == "alias":
                pass        # `typedef RayQuery<FLAGS> Query;`: its uses are what counts
            else:
                raise SemaError(_ray_tracing_object_error(t), span)
            return
        if isinstance(t, T.ResourceType) and t.shape.rov and self.options.stage == "cs":
            plain = T.resource_of(t.name.replace("RasterizerOrdered", "RW"), t.elem).spell()
            raise SemaError(f"'{t.spell()}' is a rasterizer-ordered view, which only pixel shaders may use; "
                            f"a compute shader uses '{plain}'", span)
        if span is not None and not span.file.is_builtin and (
                isinstance(t, T.WaveMatrixType) or isinstance(t, T.ClassType) and self._is_api_matrix(t.instance)):
            self.result.matrix_declarations.append((t, span))
        if isinstance(t, T.WaveMatrixType):
            if (self.options.major, self.options.minor) not in ((6, 8), (6, 9)):
                raise SemaError(f"'{t.kind}' requires shader model 6.8 or 6.9 (the Wave Matrix preview); "
                                f"the target is {self.options.major}.{self.options.minor}", span)
            wavematrix.check_declared(declared, span, where)
        if isinstance(t, T.ClassType) and self._is_api_matrix(t.instance):
            self.result.uses_linalg = True
            if id(t.instance) not in self.linalg_types_checked:
                self.linalg_types_checked.add(id(t.instance))
                linalg.check_matrix_declared(self, t.instance, span)

    # ------------------------------------------------------------------
    # Functions and statements

    def _foreign_node_shader(self, fn: FunctionSymbol) -> bool:
        """Work graph code beside the compute entry compiled: a node shader
        (`[Shader("node")]`; a library's is refused by `_check_entry`) or a
        helper taking a node object.  hlslc compiles none of it, so its body
        (node records' methods) is not checked; what the entry point
        reaches of node objects is an error (`_check_declared_type`)."""
        if fn.owner is not None:
            return False
        shader = next((a for a in fn.decl.attributes if a.name.lower() == "shader"), None)
        if shader is not None and shader.args and isinstance(shader.args[0], A.StringLiteral) \
                and shader.args[0].value.lower() == "node":
            # (A library's node shader is an entry: checked, and refused.)
            return self.options.stage == "cs" and fn.name != self.options.entry
        if not any("Node" in A.spell(p.type) for p in fn.decl.params):
            return False        # (the cheap test first: no parameter can be a node object)
        try:
            sig = self.engine.signature_of(fn)
        except SemaError:
            return False
        return any(isinstance(t, T.NodeObjectType) for t in sig.param_types)

    def check_function(self, fn: FunctionSymbol) -> None:
        try:
            self._check_function(fn)
        except RecursionError:
            # Analysis recurses over the tree; absurd nesting is an input
            # error, not a crash.
            self.diags.error(fn.decl.name_span, f"'{fn.name}' is nested too deeply to analyze "
                                                "(expressions, statements or template instantiations)")

    def _check_function(self, fn: FunctionSymbol) -> None:
        # Each function (and each instantiation of a function template, whose
        # body is shared) gets its own side tables: the same AST node can
        # have different types in two instantiations.
        result = self.result
        saved = (result.expr_types, result.calls, result.symbols)
        tables = FunctionTables({}, {}, {})
        result.expr_types, result.calls, result.symbols = tables.expr_types, tables.calls, tables.symbols
        # A function (or an instantiation checked while another function
        # is) nests its statements from level 0.
        depth, self._statement_depth = self._statement_depth, 0
        try:
            self._check_function_body(fn)
        finally:
            self._statement_depth = depth
            result.expr_types, result.calls, result.symbols = saved
            result.function_tables[id(fn)] = tables
            # The unit-wide tables see every function (the last instantiation
            # wins for shared template bodies).
            result.expr_types.update(tables.expr_types)
            result.calls.update(tables.calls)
            result.symbols.update(tables.symbols)

    def _check_operator(self, fn: FunctionSymbol) -> None:
        """HLSL's rules on overloaded operators (as DXC applies them): never
        assignment, compound assignment, shifts, '++', '--', '->', '->*',
        'new' or 'delete'; members only before HLSL 202x; none before 2021."""
        span = fn.decl.name_span
        if span is None or span.file.is_builtin or id(fn.decl) in self._operators_checked:
            return
        self._operators_checked.add(id(fn.decl))
        op = fn.name[len("operator"):].strip()
        version = self.options.hlsl_version
        if op in _NEVER_OVERLOADED:
            self.diags.error(span, f"overloading 'operator{op}' is not allowed")
        elif version < 2021:
            self.diags.error(span, f"overloading 'operator{op}' needs HLSL 2021 (-HV 2021); the language version "
                                   f"is {version}")
        elif fn.owner is None and version < 2029:
            self.diags.error(span, f"overloading non-member 'operator{op}' is not allowed")

    def _check_function_body(self, fn: FunctionSymbol) -> None:
        if fn.name.startswith("operator") and not fn.name[8:9].isalnum() and fn.name[8:9] != "_":
            self._check_operator(fn)
        try:
            sig = self.engine.signature_of(fn)
        except SemaError as err:
            self.error(err)
            return
        env = Env(fn.env, function=fn)
        for param, ptype in zip(sig.param_decls, sig.param_types):
            try:
                self._check_declared_type(ptype, param.type.span, "param", fn)
            except SemaError as err:
                self.error(err)
            if isinstance(ptype, T.WaveMatrixType):
                self._wave_matrix_functions.add(id(fn))
            if "groupshared" in param.modifiers and self.options.hlsl_version < 2029:
                self.warn("Support for groupshared parameter annotation not added until HLSL 202x", param.span,
                          group="hlsl-groupshared-202x")
            if param.name:
                if param.name in env.names:
                    self.diags.error(param.span, f"redefinition of parameter '{param.name}'").with_note(
                        "previous definition is here", env.names[param.name].span)
                var = VarSymbol(param.name, param.span, param, env, ptype, tuple(param.modifiers))
                var.is_param = True
                var.param_modifiers = tuple(param.modifiers)
                env.names[param.name] = var
            if param.default is not None and not _is_template_instance(fn):
                # A default argument is an expression of the parameter's type
                # (`float4 d = float4(0.5, 0.5, 0.5, 0.5)`), evaluated where a
                # call leaves it out; names in it are those of the function's
                # scope, not its parameters.  (A template's, as in C++, only
                # where a call uses it: `_check_used_defaults`.)
                self._check_default(param, ptype, fn)
        flow = _Flow(fn, sig.return_type)
        self.check_block(fn.decl.body, env, flow)

    def check_block(self, block: A.CompoundStmt, env: Env, flow: _Flow) -> None:
        scope = Env(env)
        for stmt in block.stmts:
            self.check_stmt(stmt, scope, flow)

    def check_stmt(self, stmt: A.Stmt, env: Env, flow: _Flow) -> None:
        if isinstance(stmt, _NESTING_STATEMENTS):
            if self._statement_depth >= self.options.statement_depth:
                self._too_deep(stmt)
                return
            self._statement_depth += 1
            try:
                self._check_stmt(stmt, env, flow)
            except SemaError as err:
                self.error(err)
            finally:
                self._statement_depth -= 1
            return
        try:
            self._check_stmt(stmt, env, flow)
        except SemaError as err:
            self.error(err)

    def _too_deep(self, stmt: A.Stmt) -> None:
        """-fstatement-depth: one located error for the statement past the
        limit; what it holds is not checked (nor compiled)."""
        limit = self.options.statement_depth
        span = stmt.span
        if span is not None:        # the statement's keyword, not all it holds
            keyword = {A.IfStmt: 2, A.ForStmt: 3, A.WhileStmt: 5, A.DoStmt: 2, A.SwitchStmt: 6}.get(type(stmt), 0)
            span = Span(span.file, span.start, min(span.end, span.start + keyword))
        diag = Diagnostic(Severity.ERROR, f"statements nested more than {limit} deep (each if, else if, for, "
                                          "while, do and switch is a level)", span)
        diag.notes.append(Note("use -fstatement-depth=N to increase the limit", None))
        self.diags.report(diag)

    def _check_stmt(self, stmt: A.Stmt, env: Env, flow: _Flow) -> None:
        if isinstance(stmt, A.CompoundStmt):
            self.check_block(stmt, env, flow)
        elif isinstance(stmt, A.DeclStmt):
            self.check_local_decl(stmt.decl, env)
        elif isinstance(stmt, A.ExprStmt):
            self.check_expr(stmt.expr, env)
            if not self._linalg_rules:
                self._check_discarded(stmt.expr)
        elif isinstance(stmt, A.IfStmt):
            # An `else if` chain is walked as a loop, in one scope level: a
            # level (and a Python frame) per link made a chain of 10,000
            # quadratic in lookups.
            links = 0
            while True:
                try:
                    self.check_condition(stmt.cond, env)
                except SemaError as err:
                    self.error(err)     # as before: the rest of the chain is not checked
                    break
                self.check_stmt(stmt.then, _sub_scope(stmt.then, env), flow)
                otherwise = stmt.otherwise
                if isinstance(otherwise, A.IfStmt):
                    # The next link nests one level deeper (in this one's else).
                    if self._statement_depth >= self.options.statement_depth:
                        self._too_deep(otherwise)
                        break
                    self._statement_depth += 1
                    links += 1
                    stmt = otherwise
                    continue
                if otherwise is not None:
                    self.check_stmt(otherwise, _sub_scope(otherwise, env), flow)
                break
            self._statement_depth -= links
        elif isinstance(stmt, A.ForStmt):
            self._loop_counts(stmt.attributes, env)
            scope = Env(env)
            if stmt.init is not None:
                if self.options.hlsl_version < 2021 and isinstance(stmt.init, A.DeclStmt):
                    # Before HLSL 2021 the loop's declarations belong to the
                    # enclosing scope: they live on after the loop.
                    try:
                        self.check_local_decl(stmt.init.decl, env, for_init=True)
                    except SemaError as err:
                        self.error(err)
                else:
                    self.check_stmt(stmt.init, scope, flow)
                    if isinstance(stmt.init, A.DeclStmt):
                        ended = [(name, var) for name, var in scope.names.items() if isinstance(var, VarSymbol)]
                        if ended:
                            env.ended_for_loop_vars = {**(env.ended_for_loop_vars or {}), **dict(ended)}
            if stmt.cond is not None:
                self.check_condition(stmt.cond, scope)
            if stmt.step is not None:
                self.check_expr(stmt.step, scope)
            flow.loops += 1
            self.check_stmt(stmt.body, Env(scope), flow)
            flow.loops -= 1
        elif isinstance(stmt, A.WhileStmt):
            self._loop_counts(stmt.attributes, env)
            self.check_condition(stmt.cond, env)
            flow.loops += 1
            self.check_stmt(stmt.body, Env(env), flow)
            flow.loops -= 1
        elif isinstance(stmt, A.DoStmt):
            flow.loops += 1
            self.check_stmt(stmt.body, Env(env), flow)
            flow.loops -= 1
            self.check_condition(stmt.cond, env)
        elif isinstance(stmt, A.SwitchStmt):
            t = self.check_expr(stmt.cond, env)
            if not (isinstance(t, T.ScalarType) and t.kind in ("int", "uint", "bool")) and not isinstance(t, T.EnumType):
                raise SemaError(f"switch condition must be an integer, not '{t.spell()}'", stmt.cond.span)
            flow.switches += 1
            self._check_switch_body(stmt.body, env, flow)
            flow.switches -= 1
        elif isinstance(stmt, A.CaseLabel):
            if not flow.switches:
                raise SemaError("'case' statement not in switch statement", stmt.span)
            self.engine.evaluate(stmt.value, env)
        elif isinstance(stmt, A.DefaultLabel):
            if not flow.switches:
                raise SemaError("'default' statement not in switch statement", stmt.span)
        elif isinstance(stmt, A.BreakStmt):
            if not flow.loops and not flow.switches:
                raise SemaError("'break' statement not in loop or switch statement", stmt.span)
        elif isinstance(stmt, A.ContinueStmt):
            if not flow.loops:
                raise SemaError("'continue' statement not in loop statement", stmt.span)
        elif isinstance(stmt, A.ReturnStmt):
            self._check_return(stmt, env, flow)
        elif isinstance(stmt, A.DiscardStmt):
            self.stage_uses.append(("pixel", "'discard' is only allowed in pixel shaders", stmt.span, env.function))
        elif isinstance(stmt, A.AttributedStmt):
            self.check_attributes(stmt.attributes)
            self._loop_counts(stmt.attributes, env)
            self.check_stmt(stmt.stmt, env, flow)
        elif isinstance(stmt, A.EmptyStmt):
            pass
        else:
            raise SemaError("unsupported statement", stmt.span)

    def _check_switch_body(self, body: A.Stmt, env: Env, flow: _Flow) -> None:
        seen: dict[Any, Span] = {}
        stmts = body.stmts if isinstance(body, A.CompoundStmt) else [body]
        scope = Env(env)
        for stmt in stmts:
            if isinstance(stmt, A.CaseLabel):
                try:
                    value = self.engine.evaluate(stmt.value, scope).value
                except SemaError as err:
                    self.error(err)
                    continue
                if value in seen:
                    self.diags.error(stmt.value.span, f"duplicate case value '{value}'").with_note(
                        "previous case defined here", seen[value])
                seen[value] = stmt.value.span
                continue
            if isinstance(stmt, A.DefaultLabel):
                if "default" in seen:
                    self.diags.error(stmt.span, "multiple default labels in one switch").with_note(
                        "previous default label is here", seen["default"])
                seen["default"] = stmt.span
                continue
            self.check_stmt(stmt, scope, flow)

    def _check_return(self, stmt: A.ReturnStmt, env: Env, flow: _Flow) -> None:
        ret = flow.return_type
        if stmt.value is None:
            if ret is not T.VOID:
                raise SemaError(f"non-void function must return a value of type '{ret.spell()}'", stmt.span)
            return
        t = self.check_expr(stmt.value, env)
        if ret is T.VOID:
            if t is not T.VOID:
                raise SemaError("void function should not return a value", stmt.value.span)
            return
        self.require_conversion(t, ret, stmt.value.span, "return")

    def _legacy_conditional(self, expr: A.ConditionalExpr, env: Env) -> T.Type:
        """`c ? a : b` before HLSL 2021: both values are evaluated and a
        vector condition chooses element by element."""
        c = self.check_expr(expr.cond, env)
        a = self.check_expr(expr.then, env)
        b = self.check_expr(expr.otherwise, env)
        common = a if a is b else binary_operand_type(a, b)[0]
        if common is None:
            raise SemaError(f"incompatible operand types ('{a.spell()}' and '{b.spell()}')", expr.span)
        if isinstance(c, T.VectorType):
            if common.is_scalar:
                common = T.vector_of(common, c.size)
            if not (isinstance(common, T.VectorType) and common.size == c.size):
                raise SemaError(f"the condition '{c.spell()}' chooses {c.size} elements, but the values are "
                                f"'{common.spell()}'", expr.cond.span)
            if not (c.elem.is_numeric or c.elem.kind == "bool"):
                raise SemaError(f"value of type '{c.spell()}' is not convertible to a condition", expr.cond.span)
            return common
        if isinstance(c, T.MatrixType):
            if common.is_scalar:
                common = T.matrix_of(common, c.rows, c.cols)
            if not (isinstance(common, T.MatrixType) and (common.rows, common.cols) == (c.rows, c.cols)):
                raise SemaError(f"the condition '{c.spell()}' chooses {c.rows}x{c.cols} elements, but the values "
                                f"are '{common.spell()}'", expr.cond.span)
            if not (c.elem.is_numeric or c.elem.kind == "bool"):
                raise SemaError(f"value of type '{c.spell()}' is not convertible to a condition", expr.cond.span)
            return common
        if not is_bool_convertible(c):
            raise SemaError(f"value of type '{c.spell()}' is not contextually convertible to 'bool'", expr.cond.span)
        return common

    def check_condition(self, expr: A.Expr, env: Env) -> None:
        t = self.check_expr(expr, env)
        if not is_bool_convertible(t):
            raise SemaError(f"value of type '{t.spell()}' is not contextually convertible to 'bool'", expr.span)

    def check_local_decl(self, decl: A.Decl, env: Env, for_init: bool = False) -> None:
        """A local declaration; `for_init`: in a for loop's first part before
        HLSL 2021, declared in the enclosing scope, where redeclaring a
        variable is a warning and the new one hides the old, as in DXC."""
        if isinstance(decl, A.DeclGroup):
            for inner in decl.decls:
                self.check_local_decl(inner, env, for_init)
            return
        if isinstance(decl, A.StaticAssertDecl):
            # In a function as at file scope (a template's, per instance).
            value = self.engine.evaluate(decl.cond, env)
            if not value.value:
                raise SemaError(f"static assertion failed{': ' + decl.message if decl.message else ''}",
                                decl.cond.span)
            return
        if isinstance(decl, A.VarDecl):
            self.check_attributes(decl.attributes)
            if "groupshared" in decl.specifiers:
                raise SemaError("'groupshared' variables must be declared at global scope", decl.span)
            if decl.bit_width is not None:
                self.diags.error(decl.bit_width.span, f"'{decl.name}' cannot be a bit-field: only data members "
                                                      "of a struct can be")
            self.engine.add_typedef_specifiers(decl, env)
            var = VarSymbol(decl.name, decl.name_span, decl, env, storage=tuple(decl.specifiers))
            previous = env.names.get(decl.name)
            if isinstance(previous, VarSymbol) and not for_init:
                self.diags.error(decl.name_span, f"redefinition of '{decl.name}'").with_note(
                    "previous definition is here", previous.span)
            try:
                t = self.engine.var_type(var)
            except SemaError:
                # Declare it anyway, so its uses do not cascade into
                # "undeclared identifier" errors.
                var.type = T.ERROR
                env.names[decl.name] = var
                raise
            if isinstance(previous, VarSymbol) and for_init:
                old = self.engine.var_type(previous)
                differs = "" if old is t else f" with a different type: '{t.spell()}' vs '{old.spell()}'"
                self.warn(f"redefinition of '{decl.name}'{differs} shadows declaration in the outer scope; most "
                          "recent declaration will be used", decl.name_span, group="for-redefinition").with_note(
                    "previous definition is here", previous.span)
            # Declared before its initialiser is checked: an error there must
            # not turn every later use into "undeclared identifier".
            env.names[decl.name] = var
            self.result.symbols[id(decl)] = var
            if isinstance(t, T.WaveMatrixType) and env.function is not None:
                self._wave_matrix_functions.add(id(env.function))
            self._check_declared_type(t, decl.type.span, "static" if "static" in decl.specifiers else "local",
                                      env.function)
            if decl.init is not None:
                self.check_initializer(decl.init, t, env)
            return
        self._check_using(decl)
        if isinstance(decl, A.UsingDirective):
            env.usings.append(self.engine.resolve_namespace(decl.namespace, env, decl.span))
            return
        for sym in self.engine.symbols_for(decl, env, "", owner=None):
            env.names[sym.name] = sym
            if isinstance(sym, AliasSymbol):
                self._check_declared_type(self.engine.alias_type(sym), sym.type_ref.span, "alias")

    def check_initializer(self, init: A.Expr, target: T.Type, env: Env) -> None:
        if isinstance(init, A.InitListExpr):
            self._check_init_list(init, target, env)
            return
        t = self.check_expr(init, env)
        self.require_conversion(t, target, init.span, "initializing", init)

    def _check_init_list(self, init: A.InitListExpr, target: T.Type, env: Env) -> None:
        """Brace initialisers: HLSL flattens both sides to scalars, so inner
        braces only group; the scalar counts must agree."""
        want = _flat_count(target)
        have = self._init_scalars(init, env)
        if want is None:
            raise SemaError(f"cannot initialize '{target.spell()}' with an initializer list", init.span)
        if have != want and not (isinstance(target, T.ArrayType) and target.size is None):
            raise SemaError(f"too {'many' if have > want else 'few'} initializers for '{target.spell()}': "
                            f"expected {want} scalar value{'s' if want != 1 else ''}, got {have}", init.span)
        self._check_init_matrices(init, target)

    def _check_init_matrices(self, init: A.InitListExpr, target: T.Type) -> None:
        """A matrix in a brace initialiser takes a matrix of its own type, and
        an enumeration a value of its own (`MyEnum e[2] = { ONE, TWO }`)."""
        leaves = _flat_leaves(target)
        if leaves is None or not any(isinstance(t, (T.LinAlgHandleType, T.EnumType)) or _is_opaque_matrix(t)
                                     for t in leaves):
            return
        items: list[A.Expr] = []
        stack = list(reversed(init.items))
        while stack:
            item = stack.pop()
            if isinstance(item, A.InitListExpr):
                stack.extend(reversed(item.items))
            else:
                items.append(item)
        position = 0
        for item in items:
            t = self.result.expr_types.get(id(item))
            got = _flat_leaves(t) if t is not None else None
            if got is None:
                return
            for offset, leaf in enumerate(got):
                want = leaves[position + offset] if position + offset < len(leaves) else None
                matrixish = [x for x in (want, leaf) if isinstance(x, T.LinAlgHandleType) or _is_opaque_matrix(x)]
                if (matrixish or isinstance(want, T.EnumType)) and want is not leaf:
                    raise SemaError(f"cannot initialize an element of type '{want.spell() if want else '?'}' with "
                                    f"a value of type '{leaf.spell()}'", item.span)
            position += len(got)

    def _init_scalars(self, init: A.InitListExpr, env: Env) -> int:
        total = 0
        for item in init.items:
            if isinstance(item, A.InitListExpr):
                total += self._init_scalars(item, env)
                continue
            t = self.check_expr(item, env)
            count = _flat_count(t)
            if count is None:
                raise SemaError(f"cannot use a value of type '{t.spell()}' in an initializer list", item.span)
            total += count
        return total

    def require_conversion(self, source: T.Type, target: T.Type, span: Span | None, context: str,
                           value: A.Expr | None = None) -> Any:
        conv = implicit_conversion(source, target, self.options.hlsl_version >= 2021)
        if conv is None and not self._linalg_rules and context in ("assigning", "initializing") and (
                linalg_builtins.is_dxc_matrix_type(source) or linalg_builtins.is_dxc_matrix_type(target)):
            # DXC's words for its matrix types.
            if context == "assigning":
                raise SemaError(f"cannot convert from '{linalg_builtins.dxc_spelling(source)}' to "
                                f"'{linalg_builtins.dxc_spelling(target)}'", span)
            kind = "lvalue" if _is_lvalue_expr(value) else "rvalue"
            raise SemaError(f"cannot initialize a variable of type '{linalg_builtins.dxc_spelling(target, True)}' "
                            f"with an {kind} of type '{linalg_builtins.dxc_spelling(source, True)}'", span)
        if conv is None:
            raise SemaError(f"cannot {_verb(context)} '{target.spell()}' "
                            f"{'with' if context == 'initializing' else 'from'} a value of type '{source.spell()}'"
                            if context != "return" else
                            f"cannot return a value of type '{source.spell()}' from a function returning "
                            f"'{target.spell()}'", span)
        if conv.warning:
            self.warn(conv.warning + f" from '{source.spell()}' to '{target.spell()}'", span, group="conversion")
        return conv

    # ------------------------------------------------------------------
    # Expressions

    def check_expr(self, expr: A.Expr, env: Env) -> T.Type:
        t = self._expr(expr, env)
        if t is T.ERROR:
            # Something inside was already reported; stop this statement
            # without a second message.
            raise SemaError("", expr.span, reported=True)
        self.result.expr_types[id(expr)] = t
        return t

    def _expr(self, expr: A.Expr, env: Env) -> T.Type:
        if isinstance(expr, A.IntLiteral):
            if not expr.suffix and self.options.hlsl_version < 2029:
                return T.LITERAL_INT
            return integer_literal_type(expr.value, expr.suffix, expr.text, self.options.hlsl_version)
        if isinstance(expr, A.FloatLiteral):
            # HLSL 202x's conforming literals: an unsuffixed floating literal
            # is a float (earlier versions: a literal of any precision).
            plain = T.FLOAT if self.options.hlsl_version >= 2029 else T.LITERAL_FLOAT
            suffix = expr.suffix.lower()
            if suffix in ("f16", "f32", "f64"):
                if self.options.hlsl_version < 2029:
                    self.warn(f"fixed-size floating-point literal suffix '{expr.suffix}' is a HLSL 202x extension",
                              expr.span, group="hlsl-202x-extensions")
                if suffix == "f16" and not self.options.native_16bit:
                    raise SemaError(f"16-bit floating-point literal suffix '{expr.suffix}' requires "
                                    "'-enable-16bit-types'", expr.span)
                return {"f16": T.HALF, "f32": T.FLOAT, "f64": T.DOUBLE}[suffix]
            return {"f": T.FLOAT, "h": T.HALF if self.options.native_16bit else T.FLOAT, "l": T.DOUBLE}.get(
                suffix, plain)
        if isinstance(expr, A.BoolLiteral):
            return T.BOOL
        if isinstance(expr, A.StringLiteral):
            return T.STRING
        if isinstance(expr, A.ParenExpr):
            return self.check_expr(expr.inner, env)
        if isinstance(expr, A.NameExpr):
            return self._name(expr, env)
        if isinstance(expr, A.BinaryExpr):
            return self._binary(expr, env)
        if isinstance(expr, A.AssignExpr):
            return self._assign(expr, env)
        if isinstance(expr, A.UnaryExpr):
            return self._unary(expr, env)
        if isinstance(expr, A.PostfixExpr):
            t = self.check_expr(expr.operand, env)
            if isinstance(t, T.LinAlgHandleType):
                raise SemaError("numeric type expected", expr.span)     # DXC's words
            if isinstance(t, T.EnumType):
                return self._unary(expr, env)       # the same words as `++e`
            self._require_lvalue(expr.operand, env, f"'{expr.op}'")
            self._require_arithmetic(t, expr.op, expr.span)
            _require_not_bool(t, expr.span)
            return t
        if isinstance(expr, A.ConditionalExpr):
            if self.options.hlsl_version < 2021:
                return self._legacy_conditional(expr, env)
            try:
                self.check_condition(expr.cond, env)
            except SemaError as err:
                cond_t = self.result.expr_types.get(id(expr.cond))
                if isinstance(cond_t, (T.VectorType, T.MatrixType)):
                    err.notes.append((f"this was allowed before HLSL 2021, where a {_shape_word(cond_t)} condition "
                                      "chooses element by element; use select(), or compile with -HV 2018 to keep "
                                      "that rule", None))
                raise
            a = self.check_expr(expr.then, env)
            b = self.check_expr(expr.otherwise, env)
            if a is b:
                return a
            common, warning = binary_operand_type(a, b)
            if common is None:
                raise SemaError(f"incompatible operand types ('{a.spell()}' and '{b.spell()}')", expr.span)
            return common
        if isinstance(expr, A.CommaExpr):
            self.check_expr(expr.lhs, env)
            return self.check_expr(expr.rhs, env)
        if isinstance(expr, A.CastExpr):
            return self._cast(expr, env)
        if isinstance(expr, A.CallExpr):
            return self._call(expr, env)
        if isinstance(expr, A.MemberExpr):
            return self._member(expr, env)
        if isinstance(expr, A.IndexExpr):
            return self._index(expr, env)
        if isinstance(expr, A.SizeofExpr):
            operand = expr.operand
            while isinstance(operand, A.ParenExpr):
                operand = operand.inner
            if isinstance(operand, A.MemberExpr):
                self.check_expr(operand.object, env)
                if self.bit_field_named(operand) is not None:
                    raise SemaError("invalid application of 'sizeof' to bit-field", expr.span)
            operand_type = None
            if not isinstance(operand, A.TypeRef):
                # `sizeof(a[0])`, `sizeof(m.v)` (`arraysize`): typed here, so
                # that an operand only the function's scope knows (a local)
                # is sized too.
                try:
                    operand_type = self.check_expr(operand, env)
                except SemaError:
                    operand_type = None
            try:
                value = self.engine.evaluate(expr, env)
            except SemaError:
                if operand_type is None:
                    raise
                size = T.size_of(operand_type)
                if size is None:
                    raise SemaError(f"invalid application of 'sizeof' to '{operand_type.spell()}'",
                                    expr.span) from None
                value = T.ConstValue(T.UINT, size)
            # Its value, for lowering (which has no local scope to look in).
            self.result.symbols[id(expr)] = value
            return T.UINT
        if isinstance(expr, A.InitListExpr):
            raise SemaError("initializer list cannot be used here", expr.span)
        if isinstance(expr, A.TypeExpr):
            raise SemaError(f"unexpected type name '{A.spell(expr.type)}': expected expression", expr.span)
        raise SemaError("unsupported expression", expr.span)

    def _name(self, expr: A.NameExpr, env: Env) -> T.Type:
        if expr.name.spelling() == "this" and not self.engine.lookup_all("this", env):
            instance = env.enclosing_instance()
            if instance is None or env.function is None or env.function.owner is None or env.function.is_static:
                raise SemaError("invalid use of 'this' outside of a non-static member function", expr.span)
            self.result.symbols[id(expr)] = THIS
            return instance.type
        heap = T.DESCRIPTOR_HEAPS.get(expr.name.spelling())
        if heap is not None and not self.engine.lookup_all(expr.name.parts[0].name, env):
            if (self.options.major, self.options.minor) < (6, 6):
                raise SemaError(f"'{heap.name}' requires shader model 6.6 or later; the target is "
                                f"{self.options.major}.{self.options.minor}", expr.span)
            self.result.symbols[id(expr)] = heap
            return heap
        try:
            found = self.engine.resolve_qualified(expr.name, env)
        except SemaError as err:
            ended = _ended_for_loop_var(expr, env) if err.message.startswith("use of undeclared") else None
            if ended is not None:
                err.notes.append((f"this was allowed before HLSL 2021, where the variables of a for loop stay in "
                                  f"scope after the loop; '{ended.name}' is declared here; compile with -HV 2018 to "
                                  "keep that rule", ended.span))
            raise
        item = found[0]
        self.result.symbols[id(expr)] = item
        if isinstance(item, VarSymbol):
            if item.is_global:
                function = env.function
                if function is not None:
                    key: Any = id(function)
                elif self._initializing is not None:
                    # A global's initializer: used where that global is.
                    key = ("init", id(self._initializing))
                else:
                    key = None
                self.global_uses.setdefault(key, set()).add(id(item))
            return self.engine.var_type(item)
        if isinstance(item, EnumeratorSymbol):
            return item.enum.type
        if isinstance(item, T.ConstValue):
            return item.type
        if isinstance(item, (FunctionSymbol, FunctionTemplateSymbol)):
            raise SemaError(f"reference to function '{item.name}' must be called", expr.span)
        spelled = expr.name.spelling()
        if isinstance(item, (T.Type, AliasSymbol, ClassInstance, TypeSymbol, EnumSymbol, ClassTemplateSymbol)):
            raise SemaError(f"'{spelled}' is a type; an expression was expected", expr.span)
        if isinstance(item, NamespaceSymbol):
            raise SemaError(f"'{spelled}' is a namespace; an expression was expected", expr.span)
        raise SemaError(f"'{spelled}' cannot be used as a value", expr.span)

    def _binary(self, expr: A.BinaryExpr, env: Env) -> T.Type:
        a = self.check_expr(expr.lhs, env)
        b = self.check_expr(expr.rhs, env)
        op = expr.op
        if isinstance(a, T.LinAlgHandleType) or isinstance(b, T.LinAlgHandleType):
            raise SemaError("numeric type expected", expr.span)     # DXC's words
        if op in ENUM_COMBINING and unscoped_enum(a) and unscoped_enum(b):
            # As DXC types it, two operands of (unscoped) enum kind combine
            # to the left one's enum type: `Attr a = A_Color | A_Normal;`.
            return a
        a, b = _unscoped_as_int(a), _unscoped_as_int(b)
        if self.options.hlsl_version >= 2029 and op not in ("&&", "||") \
                and (isinstance(a, T.ClassType) or isinstance(b, T.ClassType)):
            # HLSL 202x: a non-member operator too (proposal 0008).
            free = [c for c in self.engine.lookup_all(f"operator{op}", env) if getattr(c, "owner", 1) is None]
            members = self.engine.members_of(a.instance).get(f"operator{op}") if isinstance(a, T.ClassType) else None
            if free:
                resolved = self._resolve(free + list(members or ()), None, env, [a, b], [expr.lhs, expr.rhs],
                                         f"operator{op}", expr.span)
                if resolved.function.owner is None:
                    self.result.calls[id(expr)] = CallInfo("function", resolved.function, resolved.return_type,
                                                           resolved.param_types)
                    self._operator_called(env, resolved.function, expr)
                    return resolved.return_type
        if isinstance(a, T.ClassType) and op not in ("&&", "||"):
            return self._binary_operator_call(expr, a, b, env)
        if isinstance(a, T.EnumType) or isinstance(b, T.EnumType):
            if op in ("==", "!=") and a is b:
                return T.BOOL
            raise SemaError(f"invalid operands to binary expression ('{a.spell()}' and '{b.spell()}')", expr.span)
        if not (a.is_numeric and b.is_numeric):
            raise SemaError(f"invalid operands to binary expression ('{a.spell()}' and '{b.spell()}')", expr.span)
        operand, warning = binary_operand_type(a, b)
        if operand is None:
            raise SemaError(f"invalid operands to binary expression ('{a.spell()}' and '{b.spell()}')", expr.span)
        if warning:
            self.warn(warning, expr.span, group="conversion")
        if op in ("&&", "||"):
            if self.options.hlsl_version < 2021:
                # HLSL 2018 and earlier: element-wise, both sides evaluated.
                return T.with_element(operand, T.BOOL)
            if not (a.is_scalar and b.is_scalar):
                word = "and" if op == "&&" else "or"
                raise SemaError(f"operands of '{op}' must be scalars in HLSL 2021 (use 'and'/'or' for vectors)",
                                expr.span, notes=[(f"this was allowed before HLSL 2021, where '{op}' works element "
                                                   f"by element on vectors and matrices; use {word}(), or compile "
                                                   "with -HV 2018 to keep that rule", None)])
            return T.BOOL
        if op in ("==", "!=", "<", ">", "<=", ">="):
            return T.with_element(operand, T.BOOL)
        if op in ("%", "<<", ">>", "&", "|", "^"):
            elem = operand.element
            if op != "%" and (elem is None or not (elem.is_integer or elem.kind == "bool")):
                raise SemaError(f"invalid operands to binary expression ('{a.spell()}' and '{b.spell()}'): "
                                f"'{op}' needs integer operands", expr.span)
            if op in ("<<", ">>"):
                shifted = literal_default(a) if not a.is_scalar or b.is_scalar else operand
                # A bool shifts as an int (the integer promotions): `(v != 0) << i`.
                return T.with_element(shifted, T.INT) if shifted.element is T.BOOL else shifted
        return operand

    def _assign(self, expr: A.AssignExpr, env: Env) -> T.Type:
        target = self.check_expr(expr.target, env)
        if isinstance(target, T.ClassType) and expr.op != "=":
            return self._operator_call(expr, target, env)
        value = self.check_expr(expr.value, env)
        self._require_lvalue(expr.target, env, "assignment")
        if expr.op == "=":
            self.require_conversion(value, target, expr.value.span, "assigning", expr.value)
        elif expr.op[:-1] in ENUM_COMBINING and unscoped_enum(target) and unscoped_enum(value):
            pass    # `a |= A_Tangent`: the enum operation, its result the target's type
        else:
            if not (target.is_numeric and _unscoped_as_int(value).is_numeric):
                raise SemaError(f"invalid operands to '{expr.op}' ('{target.spell()}' and '{value.spell()}')",
                                expr.span)
            # `x *= CHANNEL`: an unscoped enumerator is an int here too.
            operand, warning = binary_operand_type(target, _unscoped_as_int(value))
            if operand is None:
                raise SemaError(f"invalid operands to '{expr.op}' ('{target.spell()}' and '{value.spell()}')",
                                expr.span)
            self.require_conversion(operand, target, expr.value.span, "assigning")
        return target

    def _binary_operator_call(self, expr: A.BinaryExpr, left: T.ClassType, right: T.Type, env: Env) -> T.Type:
        """`a + b` on a struct: its `operator+` member, called on `a`."""
        name = f"operator{expr.op}"
        members = self.engine.members_of(left.instance).get(name)
        if not members:
            raise SemaError(f"invalid operands to binary expression ('{left.spell()}' and '{right.spell()}'): "
                            f"'{left.spell()}' has no member 'operator{expr.op}'", expr.span)
        resolved = self._resolve(members, None, env, [right], [expr.rhs], name, expr.span, object_expr=expr.lhs,
                                 object_type=left)
        self.result.calls[id(expr)] = CallInfo("method", resolved.function, resolved.return_type,
                                               resolved.param_types, expr.lhs)
        self._operator_called(env, resolved.function, expr)
        return resolved.return_type

    def _operator_call(self, expr: A.AssignExpr, target: T.ClassType, env: Env) -> T.Type:
        name = f"operator{expr.op}"
        members = self.engine.members_of(target.instance).get(name)
        if not members:
            raise SemaError(f"no viable overloaded '{expr.op}' for '{target.spell()}'", expr.span)
        value = self.check_expr(expr.value, env)
        resolved = self._resolve(members, None, env, [value], [expr.value], name, expr.span, object_expr=expr.target,
                                 object_type=target)
        self.result.calls[id(expr)] = CallInfo("method", resolved.function, resolved.return_type,
                                               resolved.param_types, expr.target)
        self._after_call(expr, resolved, [expr.value], env, expr.target, target)
        return target

    def _unary(self, expr: A.UnaryExpr, env: Env) -> T.Type:
        t = self.check_expr(expr.operand, env)
        if isinstance(t, T.LinAlgHandleType):
            raise SemaError("numeric type expected", expr.span)     # DXC's words
        if isinstance(t, T.EnumType):
            # An unscoped enumeration's value is an int to `!`, `~`, `-`
            # and `+`; neither kind steps with `++`/`--` (DXC's words).
            if expr.op in ("++", "--"):
                if t.symbol.scoped:
                    raise SemaError("numeric type expected", expr.span)
                raise SemaError(f"cannot {'increment' if expr.op == '++' else 'decrement'} expression of enum "
                                f"type '{t.spell()}'", expr.span)
            if t.symbol.scoped:
                raise SemaError("int or unsigned int type required" if expr.op == "~" else "numeric type expected",
                                expr.span)
            t = T.INT
        if expr.op in ("++", "--"):
            self._require_lvalue(expr.operand, env, f"'{expr.op}'")
            self._require_arithmetic(t, expr.op, expr.span)
            _require_not_bool(t, expr.span)
            return t
        self._require_arithmetic(t, expr.op, expr.span)
        if expr.op == "!":
            return T.with_element(t, T.BOOL)
        if expr.op == "~":
            elem = t.element
            if elem is None or not elem.is_integer:
                raise SemaError(f"invalid argument type '{t.spell()}' to unary expression '~'", expr.span)
        if expr.op == "-" and t is T.BOOL:
            return T.INT
        return t

    def _require_arithmetic(self, t: T.Type, op: str, span: Span | None) -> None:
        if not t.is_numeric:
            raise SemaError(f"invalid argument type '{t.spell()}' to unary expression '{op}'"
                            if op in ("-", "+", "!", "~", "++", "--") else f"invalid operand '{t.spell()}'", span)

    def _require_lvalue(self, expr: A.Expr, env: Env, what: str) -> None:
        target = expr
        while isinstance(target, (A.ParenExpr,)):
            target = target.inner
        if isinstance(target, A.NameExpr):
            sym = self.result.symbols.get(id(target))
            if sym is THIS:
                return
            if isinstance(sym, VarSymbol):
                self.written.add(id(sym))
                if sym.is_global and not isinstance(self.engine.var_type(sym), T.ErrorType) and sym.is_uniform:
                    where = (f"constant buffer '{sym.cbuffer.name}'" if sym.cbuffer is not None
                             else f"the push constant block '{sym.name}'"
                             if push_constant_attribute(sym.decl) is not None
                             else "the implicit constant buffer '$Globals'")
                    raise SemaError(f"cannot assign to '{sym.name}': it is a uniform value, read from {where} "
                                    "(declare it 'static' for a variable of the shader's own)", expr.span)
                if sym.is_const or (sym.is_param and "in" in sym.param_modifiers and False):
                    raise SemaError(f"cannot assign to variable '{sym.name}' with const-qualified type "
                                    f"'{self.engine.var_type(sym).spell()}'", expr.span)
                if sym.is_global and not sym.is_static and _holds_resource(sym.type):
                    raise SemaError(f"cannot assign to '{sym.name}': a global resource is bound by the "
                                    "application (declare it 'static', or use a local variable)", expr.span)
                return
            raise SemaError(f"expression is not assignable", expr.span)
        if isinstance(target, A.IndexExpr) and id(target) in self.result.calls:
            # What a struct's `operator[]` returns is a value (HLSL has no
            # references).  DXC takes a vector, matrix or struct result for
            # a temporary object, whose assignment it compiles and drops;
            # so does hlslc, with a warning.
            result = self.result.expr_types.get(id(target))
            if isinstance(result, (T.VectorType, T.MatrixType, T.ClassType)):
                self.warn(f"this assigns to the temporary '{result.spell()}' that 'operator[]' returns: the "
                          "store has no effect (return the element's resource and index it to write to it)",
                          expr.span, group="unused-store")
                self.result.dropped_stores.add(id(target))
                return
            raise SemaError("expression is not assignable: 'operator[]' returns a value", expr.span)
        if isinstance(target, A.CastExpr):
            to, of = self.result.expr_types.get(id(target)), self.result.expr_types.get(id(target.operand))
            if isinstance(to, T.ClassType) and isinstance(of, T.ClassType) and derives_from(of, to):
                # `(Base)derived` names the derived object's base part (an
                # `inout Base` argument: DXC's groupshared-base-cast).
                self._require_lvalue(target.operand, env, what)
                return
        if isinstance(target, A.MemberExpr):
            base_type = self.result.expr_types.get(id(target.object))
            if isinstance(base_type, (T.VectorType, T.ScalarType)):
                letters = target.member.name
                if len(set(letters)) != len(letters):
                    raise SemaError(f"vector is not assignable (contains duplicate components)", expr.span)
            if isinstance(base_type, T.MatrixType):
                parts = re.findall(r"_m?\d\d", target.member.name)
                if len(set(parts)) != len(parts):
                    raise SemaError(f"matrix swizzle is not assignable (contains duplicate components)", expr.span)
            self._require_lvalue(target.object, env, what)
            return
        if isinstance(target, A.IndexExpr):
            base_type = self.result.expr_types.get(id(target.base))
            if isinstance(base_type, T.TextureSubscriptType):
                raise SemaError(f"cannot assign to an element of read-only '{base_type.texture.spell()}'", expr.span)
            if isinstance(base_type, T.ResourceType):
                if not base_type.writable:
                    raise SemaError(f"cannot assign to an element of read-only '{base_type.spell()}'", expr.span)
                return
            self._require_lvalue(target.base, env, what)
            return
        raise SemaError("expression is not assignable", expr.span)

    def _cast(self, expr: A.CastExpr, env: Env) -> T.Type:
        target = self.engine.resolve_type(expr.type, env)
        source = self.check_expr(expr.operand, env)
        if isinstance(target, T.VoidType):
            return T.VOID       # `(void)x`: evaluated, its value discarded (C's idiom for "unused")
        if self._explicitly_convertible(source, target, expr.operand):
            return target
        raise SemaError(f"cannot convert from '{source.spell()}' to '{target.spell()}'", expr.span)

    def _explicitly_convertible(self, source: T.Type, target: T.Type, operand: A.Expr) -> bool:
        if source is target:
            return True
        if isinstance(source, T.HeapDescriptorType):
            # `(Texture2D)ResourceDescriptorHeap[i]`: what it converts to
            # implicitly, written as a cast (a bindless wrapper's idiom).
            return implicit_conversion(source, target) is not None
        if target.is_numeric and source.is_numeric:
            s_count, t_count = T.component_count(source), T.component_count(target)
            return s_count == 1 or s_count >= t_count or isinstance(target, T.ScalarType)
        if isinstance(target, T.EnumType) and (source.is_scalar or isinstance(source, T.EnumType)):
            return True
        if isinstance(source, T.EnumType) and target.is_scalar:
            return True
        if isinstance(target, (T.ClassType, T.ArrayType)) and source.is_scalar:
            return True        # `(S)0`: HLSL splats a scalar over every member
        # Element-wise casts between arrays, structs, vectors and matrices:
        # the source gives at least as many scalars as the target takes.
        have, want = _flat_count(source), _flat_count(target)
        if have is not None and want is not None and (have == 1 or have >= want) \
                and not isinstance(target, T.EnumType):
            return True
        return False

    def _index(self, expr: A.IndexExpr, env: Env) -> T.Type:
        base = self.check_expr(expr.base, env)
        index = self.check_expr(expr.index, env)
        if isinstance(base, T.ClassType) and not self._is_api_matrix(base.instance):
            members = self.engine.members_of(base.instance).get("operator[]")
            if members:
                # `s[i]` on a struct with `operator[]` (HLSL 2021): the call.
                resolved = self._resolve(members, None, env, [index], [expr.index], "operator[]", expr.span,
                                         object_expr=expr.base, object_type=base)
                self.result.calls[id(expr)] = CallInfo("method", resolved.function, resolved.return_type,
                                                       resolved.param_types, expr.base)
                self._operator_called(env, resolved.function, expr)
                return resolved.return_type
        if isinstance(base, T.TextureSubscriptType):
            return textures.check_subscript(base, index, expr)
        index = _unscoped_as_int(index)     # `textures[NORMALMAP]`
        if not (isinstance(index, T.ScalarType) and (index.is_integer or index.kind == "bool" or index.literal)) \
                and not isinstance(base, (T.ResourceType, T.TextureSubscriptType)):
            # A floating-point subscript converts to uint (DXC's HLSL change
            # to clang's rule: `clipmaps[floor(lod)]`).
            if not (isinstance(index, T.ScalarType) and index.kind == "float"):
                raise SemaError(f"array subscript is not an integer (it is '{index.spell()}')", expr.index.span)
        if isinstance(base, T.ArrayType):
            self._check_constant_index(expr.index, env, base.size, expr, array=True)
            return base.elem
        if isinstance(base, T.VectorType):
            self._check_constant_index(expr.index, env, base.size, expr)
            return base.elem
        if isinstance(base, T.MatrixType):
            self._check_constant_index(expr.index, env, base.rows, expr)
            return T.vector_of(base.elem, base.cols)
        if isinstance(base, T.ResourceType):
            return self._resource_index(base, index, expr)
        literal = unparen(expr.base)
        if isinstance(base, T.StringType) and isinstance(literal, A.StringLiteral):
            # `"AB\0"[i]`: a character of the literal (a char, computed with
            # as an int), its final NUL included, as in DXC (the shader
            # printf idiom: `CharToUint("%d"[i])`).
            try:
                length = len(string_literal_bytes(literal.value)) + 1
            except ValueError as err:
                raise SemaError(str(err), literal.span) from None
            self._check_constant_index(expr.index, env, length, expr, array=True)
            return T.INT
        if isinstance(base, T.GraphicsObjectType) and base.count is not None:
            return base.elem        # a control point of a patch
        if isinstance(base, T.DescriptorHeapType):
            if not (isinstance(index, T.ScalarType) and (index.is_integer or index.literal)):
                raise SemaError(f"'{base.name}' is indexed by a 'uint', not '{index.spell()}'", expr.index.span)
            return T.HEAP_DESCRIPTORS[base.sampler]
        raise SemaError(f"subscripted value of type '{base.spell()}' is not an array, vector or matrix", expr.span)

    def _resource_index(self, base: T.ResourceType, index: T.Type, expr: A.IndexExpr) -> T.Type:
        """`buf[i]`, `tex[uint2(x, y)]`: the element the subscript names."""
        shape = base.shape
        if not shape.indexable or base.elem is None:
            raise SemaError(f"'{base.spell()}' cannot be subscripted" +
                            (": use its Load/Store methods" if shape.family == "raw" else
                             "; use its methods" if shape.family in ("append", "consume") else ""), expr.span)
        want = shape.coords if shape.is_texture else 1
        # The subscript converts to uintN as an argument does: integers, bools
        # and floats (SPD: `imgDst[float3(tex, slice)]`), as DXC converts them.
        if isinstance(index, T.VectorType) and index.size == want and want > 1:
            ok = index.elem.is_numeric or index.elem.kind == "bool"
        else:
            ok = want == 1 and isinstance(index, T.ScalarType) and (index.is_numeric or index.literal
                                                                     or index.kind == "bool")
        if not ok:
            spelled = "uint" if want == 1 else f"uint{want}"
            raise SemaError(f"'{base.spell()}' is indexed by a '{spelled}', not '{index.spell()}'", expr.index.span)
        return base.elem

    def _check_constant_index(self, index: A.Expr, env: Env, size: int | None, expr: A.Expr,
                              array: bool = False) -> None:
        if size is None:
            return
        try:
            value = self.engine.evaluate(index, env).value
        except SemaError:
            return
        if isinstance(value, int) and not 0 <= value < size:
            if array and self.options.hlsl_version <= 2016:
                # HLSL 2016 and earlier: clang's warning (DXC makes it an
                # error from 2017).
                where = "before the beginning of the array" if value < 0 else \
                    f"past the end of the array (which contains {size} element{'s' if size != 1 else ''})"
                diag = self.warn(f"array index {value} is {where}", index.span, group="array-bounds")
                declared = self.result.symbols.get(id(unparen(expr.base)))
                if isinstance(declared, VarSymbol):
                    diag.with_note(f"array '{declared.name}' declared here", declared.span)
                return
            raise SemaError(f"index {value} is out of bounds (size {size})", index.span)

    def _member(self, expr: A.MemberExpr, env: Env) -> T.Type:
        base = self.check_expr(expr.object, env)
        name = expr.member.name
        if isinstance(base, (T.VectorType, T.ScalarType)) and base.is_numeric and expr.member.template_args is None:
            size = base.size if isinstance(base, T.VectorType) else 1
            for letters in _SWIZZLE_SETS:
                if all(ch in letters for ch in name) and 1 <= len(name) <= 4:
                    bad = next((ch for ch in name if letters.index(ch) >= size), None)
                    if bad is not None:
                        raise SemaError(f"vector swizzle '{bad}' is out of bounds for '{base.spell()}'", expr.member.span)
                    elem = base.element
                    return elem if len(name) == 1 else T.vector_of(elem, len(name))
            raise SemaError(f"invalid swizzle '{name}' on '{base.spell()}'", expr.member.span)
        if isinstance(base, T.MatrixType) and expr.member.template_args is None:
            count = _matrix_swizzle_length(name, base)
            if count is None:
                raise SemaError(f"invalid matrix member '{name}' on '{base.spell()}' (use _m<row><col> or "
                                f"_<row><col>)", expr.member.span)
            return base.elem if count == 1 else T.vector_of(base.elem, count)
        if isinstance(base, T.ResourceType) and base.shape.is_texture:
            return textures.check_member(base, name, expr.member.span)
        if isinstance(base, T.ResourceType) and base.shape.family in ("cbuffer", "tbuffer") \
                and isinstance(base.elem, T.ClassType):
            # `ConstantBuffer<S> cb; cb.x` reads a member of S.
            base = base.elem
        if isinstance(base, T.ClassType):
            members = self.engine.members_of(base.instance).get(name)
            if not members:
                raise SemaError(f"no member named '{name}' in '{base.spell()}'", expr.member.span,
                                notes=self._member_hint(base.instance, name))
            item = members[0]
            if isinstance(item, VarSymbol):
                if item.is_static:
                    # `x.s` names the static member `S::s` (the object is
                    # only for its type).
                    self.result.symbols[id(expr)] = item
                return self.engine.var_type(item)
            if isinstance(item, (FunctionSymbol, FunctionTemplateSymbol)):
                raise SemaError(f"reference to member function '{name}' must be called", expr.member.span)
            raise SemaError(f"'{name}' is not a data member of '{base.spell()}'", expr.member.span)
        if isinstance(base, T.ArrayType) and name == "Length" and base.size is not None:
            # An array's element count: HLSL 2016 and earlier (deprecated).
            if self.options.hlsl_version > 2016:
                raise SemaError("Length is only allowed for HLSL 2016 and lower.", expr.member.span)
            self.warn("Length is deprecated", expr.member.span, group="deprecated-declarations")
            self.result.symbols[id(expr)] = T.ConstValue(T.UINT, base.size)
            return T.UINT
        if isinstance(base, T.NodeObjectType):
            raise SemaError(T.work_graph_error(base.spell()), expr.member.span)
        raise SemaError(f"member reference base type '{base.spell()}' is not a structure", expr.member.span)

    def _member_hint(self, instance: ClassInstance, name: str) -> list[tuple[str, Span | None]]:
        names = [n for n in self.engine.members_of(instance) if not n.startswith("operator")]
        import difflib  # late: only a misspelt name needs it (start-up time)
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
        return [(f"did you mean '{close[0]}'?", None)] if close else []

    # ------------------------------------------------------------------
    # Calls

    def _call(self, expr: A.CallExpr, env: Env) -> T.Type:
        callee = expr.callee
        if isinstance(callee, A.MemberExpr):
            return self._member_call(expr, callee, env)
        if isinstance(callee, A.TypeExpr):
            if isinstance(callee.type, A.NamedType) and callee.type.name.spelling() in _VK_RAW_BUFFER \
                    and not self.engine.lookup_all(callee.type.name.parts[0].name, env):
                # `vk::RawBufferLoad<float3>(...)`, parsed as a type's construction.
                return self._vk_raw_buffer_call(expr, callee.type.name, callee.span, env)
            return self._type_call(expr, callee, env)
        if isinstance(callee, A.NameExpr):
            return self._named_call(expr, callee, env)
        raise SemaError("called object is not a function", callee.span)

    def _vk_raw_buffer_call(self, expr: A.CallExpr, qname: A.QualifiedName, span: Span | None, env: Env) -> T.Type:
        """`vk::RawBufferLoad<T>(address[, alignment])` and
        `vk::RawBufferStore<T>(address, value[, alignment])` (Vulkan's buffer
        device addresses; -spirv only): T, a numeric scalar or vector, is
        given or (a store) taken from the value; the alignment, a constant,
        is 4 when not given."""
        name = qname.spelling()
        store = name == "vk::RawBufferStore"
        if not self.options.spirv:
            raise SemaError(f"'{name}' is a Vulkan intrinsic (buffer device addresses): compile with -spirv", span)
        args = self._args(expr, env)
        need = 2 if store else 1
        if not need <= len(args) <= need + 1:
            raise SemaError(f"'{name}' takes {need} or {need + 1} arguments (the address, "
                            f"{'the value, ' if store else ''}and optionally the alignment), not {len(args)}",
                            expr.span)
        targs = qname.parts[-1].template_args
        if targs:
            if len(targs) != 1:
                raise SemaError(f"'{name}' takes one template argument, the type", span)
            t = self.engine.resolve_type(targs[0], env) if isinstance(targs[0], A.TypeRef) else None
            if t is None:
                raise SemaError(f"the template argument of '{name}' must be a type", span)
        else:
            t = literal_default(args[1]) if store else T.UINT
        if not (isinstance(t, (T.ScalarType, T.VectorType)) and t.is_numeric):
            raise SemaError(f"'{name}' reads and writes numeric scalars and vectors, not '{t.spell()}'", span)
        if implicit_conversion(args[0], T.UINT64) is None:
            raise SemaError(f"the address of '{name}' is a uint64_t, not '{args[0].spell()}'", expr.args[0].span)
        params = [T.UINT64] + ([t] if store else [])
        if store and implicit_conversion(args[1], t) is None:
            raise SemaError(f"cannot convert '{args[1].spell()}' to '{t.spell()}'", expr.args[1].span)
        if len(args) > need:
            try:
                align = self.engine.evaluate(expr.args[need], env).value
            except SemaError:
                align = None
            if not isinstance(align, int) or align <= 0 or align & (align - 1):
                raise SemaError(f"the alignment of '{name}' must be a constant power of two",
                                expr.args[need].span)
            if t.element is T.BOOL and align % 4:
                self.warn("a bool is read and written as a uint in a buffer (a physical pointer to a bool is no "
                          "Vulkan type), so its alignment must be a multiple of 4", expr.args[need].span)
            params.append(T.UINT)
        result = T.VOID if store else t
        self.result.calls[id(expr)] = CallInfo("vk_raw_buffer", name, result, params)
        return result

    def _args(self, expr: A.CallExpr, env: Env) -> list[T.Type]:
        return [self.check_expr(arg, env) for arg in expr.args]

    def _named_call(self, expr: A.CallExpr, callee: A.NameExpr, env: Env) -> T.Type:
        name = callee.name.spelling()
        simple = len(callee.name.parts) == 1
        if name in _VK_RAW_BUFFER and not callee.name.is_global \
                and not self.engine.lookup_all(callee.name.parts[0].name, env):
            return self._vk_raw_buffer_call(expr, callee.name, callee.span, env)
        if simple and callee.name.is_global:
            # `::f(...)`: the global namespace's f, or the intrinsic f.
            found = self.engine._namespace_lookup(self.engine.global_ns, name, set())
        else:
            found = self.engine.lookup_all(callee.name.parts[0].name, env) if simple else None
        if simple and not found:
            if intrinsics.is_intrinsic(name):
                return self._intrinsic_call(expr, name, env)
            if not self._linalg_rules and linalg_builtins.is_builtin(name):
                return self._linalg_builtin_call(expr, name, env)
            if name in T.RAY_TRACING_FUNCTIONS:
                return self._ray_tracing_call(expr, name, env, self._args(expr, env))
            if name == "printf":
                return self._printf_call(expr, env)
            if name in _MESH_FUNCTIONS:
                return self._mesh_call(expr, name, env)
            if name in WAVE_MATRIX_KINDS:
                raise SemaError(f"'{name}' requires template arguments", callee.span)
        found = self.engine.resolve_qualified(callee.name, env)
        item = found[0]
        short = callee.name.parts[-1].name
        if isinstance(item, ExplicitArgs):
            return self._function_call(expr, item.candidates, item.args, item.env, short, env)
        if all(isinstance(f, (FunctionSymbol, FunctionTemplateSymbol)) for f in found):
            if simple and (intrinsics.is_intrinsic(short) or short in T.RAY_TRACING_FUNCTIONS) \
                    and all(getattr(f, "owner", None) is None for f in found):
                # Global functions named like an intrinsic overload it, as
                # in DXC (its intrinsics join every unqualified or
                # `::`-qualified call's candidates): `all(b, lane)` beside
                # `all(x < n)`.
                return self._user_or_intrinsic_call(expr, found, short, env)
            return self._function_call(expr, found, None, env, short, env)
        if isinstance(item, (AliasSymbol, ClassInstance, TypeSymbol, EnumSymbol)) or isinstance(item, T.Type):
            target = self.engine.entity_as_type(found, callee.span, name)
            return self._construct(expr, target, env)
        raise SemaError(f"called object '{name}' is not a function", callee.span)

    def _type_call(self, expr: A.CallExpr, callee: A.TypeExpr, env: Env) -> T.Type:
        tref = callee.type
        if isinstance(tref, A.NamedType):
            found = self.engine.resolve_qualified(tref.name, env)
            item = found[0]
            name = tref.name.spelling()
            if isinstance(item, ExplicitArgs):
                simple = tref.name.parts[-1].name
                return self._function_call(expr, item.candidates, item.args, item.env, simple, env)
            if all(isinstance(f, (FunctionSymbol, FunctionTemplateSymbol)) for f in found):
                return self._function_call(expr, found, None, env, tref.name.parts[-1].name, env)
            target = self.engine.entity_as_type(found, callee.span, name)
            return self._construct(expr, target, env)
        target = self.engine.resolve_type(tref, env)
        return self._construct(expr, target, env)

    def _construct(self, expr: A.CallExpr, target: T.Type, env: Env) -> T.Type:
        # An unscoped enumerator is an int here too: `uint2(TG::Width, 0)`.
        args = [_unscoped_as_int(a) for a in self._args(expr, env)]
        if target.is_numeric:
            if len(args) == 1 and args[0].is_numeric and (T.component_count(args[0]) == 1 or
                                                           T.component_count(args[0]) >= T.component_count(target)):
                self.result.calls[id(expr)] = CallInfo("construct", target, target, args)
                return target
            total = 0
            for arg, arg_expr in zip(args, expr.args):
                if not arg.is_numeric or isinstance(arg, T.MatrixType) and not isinstance(target, T.MatrixType):
                    raise SemaError(f"cannot use '{arg.spell()}' to construct '{target.spell()}'", arg_expr.span)
                total += T.component_count(arg)
            want = T.component_count(target)
            if total != want:
                raise SemaError(f"too {'many' if total > want else 'few'} elements in vector initialization "
                                f"(expected {want} elements, have {total})", expr.span)
            self.result.calls[id(expr)] = CallInfo("construct", target, target, args)
            return target
        if not args and isinstance(target, T.RayTracingObjectType) and target.name == "RayQuery":
            # `RayQuery<F>()`: a new query object, as a declaration makes one.
            self.result.calls[id(expr)] = CallInfo("construct", target, target, args)
            return target
        raise SemaError(f"cannot construct '{target.spell()}' with a function-style cast", expr.span)

    def _user_or_intrinsic_call(self, expr: A.CallExpr, found: list[Any], name: str, env: Env) -> T.Type:
        """A call whose candidates are user functions and the intrinsic of
        their name: the intrinsic where only it is viable or where it is
        better for some argument and worse for none (C++'s rule); the user
        function otherwise, a tie included (it shadows the intrinsic)."""
        args = self._args(expr, env)
        user: Resolved | None = None
        failure: NoMatch | None = None
        try:
            user = self._resolve(found, None, env, args, expr.args, name, expr.span)
        except NoMatch as err:
            failure = err
        if name in T.RAY_TRACING_FUNCTIONS:
            # DXR's TraceRay beside a user's TraceRay<Query>(ray).
            return self._function_call(expr, found, None, env, name, env, args=args) if user is not None \
                else self._ray_tracing_call(expr, name, env, args)
        match = intrinsics.resolve_intrinsic(name, [_unscoped_as_int(a) for a in args], self.options.native_16bit)
        if not isinstance(match, str):
            if user is None:
                return self._intrinsic_call(expr, name, env, args)
            ours = [c.rank for c in match.conversions]
            theirs = [getattr(c, "rank", 0) for c in user.conversions]
            if len(ours) == len(theirs) and all(a <= b for a, b in zip(ours, theirs)) and ours != theirs:
                return self._intrinsic_call(expr, name, env, args)
        if user is None:
            assert failure is not None
            raise failure
        return self._function_call(expr, found, None, env, name, env, args=args)

    def _printf_call(self, expr: A.CallExpr, env: Env) -> T.Type:
        """`printf(format, values...)`, DXC's debug print: typed (a string
        format, then scalars and vectors).  For Vulkan (-spirv) it is
        SPIR-V's debug printf (NonSemantic.DebugPrintf), in every stage, and
        the format must be a string literal, as in DXC.  DXIL has no printf:
        as in DXC, it is an error where the code compiled reaches it ("use of
        unsupported identifier")."""
        args = self._args(expr, env)
        if not args:
            raise SemaError("too few arguments to function call, expected at least 1, have 0", expr.span)
        if not isinstance(args[0], T.StringType):
            raise SemaError(f"the format of 'printf' is a string, not '{args[0].spell()}'", expr.args[0].span)
        for arg, arg_expr in zip(args[1:], expr.args[1:]):
            if not (arg.is_numeric and not isinstance(arg, T.MatrixType) or isinstance(arg, T.EnumType)):
                raise SemaError(f"'printf' prints scalars and vectors, not '{arg.spell()}'", arg_expr.span)
        if self.options.spirv:
            fmt = expr.args[0]
            while isinstance(fmt, A.ParenExpr):
                fmt = fmt.inner
            sym = self.result.symbols.get(id(fmt)) if isinstance(fmt, A.NameExpr) else None
            if isinstance(sym, VarSymbol) and sym.is_const and isinstance(sym.decl, A.VarDecl):
                # `const string first = "..."; printf(first);` (DXC's test):
                # the literal the constant holds.
                init = sym.decl.init
                while isinstance(init, A.ParenExpr):
                    init = init.inner
                if isinstance(init, A.StringLiteral):
                    fmt = init
            if not isinstance(fmt, A.StringLiteral):
                # An error where the code compiled reaches it: DXC's SPIR-V
                # backend writes (and checks) only what the entry calls.
                self.stage_uses.append(("any", "the format of 'printf' must be a string literal",
                                        expr.args[0].span, env.function))
                return T.VOID
            # What the values are printed as: literals as int and float, and
            # bools as uint (the format's %d, %u, %f and %v read numbers).
            values = []
            for arg in args[1:]:
                arg = literal_default(arg)
                if isinstance(arg, T.EnumType):
                    arg = arg.symbol.underlying
                elem = arg.elem if isinstance(arg, T.VectorType) else arg
                if elem == T.BOOL:
                    arg = T.VectorType(T.UINT, arg.size) if isinstance(arg, T.VectorType) else T.UINT
                values.append(arg)
            try:
                text = decode_string_literal(fmt.value)
            except ValueError as err:
                raise SemaError(str(err), fmt.span) from None
            self.result.calls[id(expr)] = CallInfo("printf", text, T.VOID, values)
            return T.VOID
        self.stage_uses.append(("any", "use of unsupported identifier 'printf': hlslc compiles no debug printf "
                                       "for DXIL (DXIL has none; with -spirv it is NonSemantic.DebugPrintf)",
                                expr.callee.span, env.function))
        return T.VOID

    def _ray_tracing_call(self, expr: A.CallExpr, name: str, env: Env, args: list[T.Type]) -> T.Type:
        """TraceRay, ReportHit, CallShader, ...: ray tracing's own calls, an
        error where the entry point reaches them."""
        self.stage_uses.append(("raytracing", T.ray_tracing_error(name), expr.callee.span, env.function))
        return T.BOOL if name == "ReportHit" else T.VOID

    def _function_call(self, expr: A.CallExpr, candidates: list[Any], explicit: list[Any] | None,
                       explicit_env: Env, name: str, env: Env, object_expr: A.Expr | None = None,
                       object_type: T.Type | None = None, args: list[T.Type] | None = None) -> T.Type:
        if args is None:
            args = self._args(expr, env)
        if object_expr is None:
            # A non-static member function named without an object.
            candidates = [c for c in candidates if not (getattr(c, "owner", None) is not None and not c.is_static)] \
                or candidates
        resolved = self._resolve(candidates, explicit, explicit_env, args, expr.args, name, expr.span,
                                 object_expr=object_expr, object_type=object_type)
        fn = resolved.function
        if object_expr is None and fn.owner is not None and not fn.is_static and env.enclosing_instance() is None:
            raise SemaError(f"call to non-static member function '{name}' without an object", expr.span)
        self.result.calls[id(expr)] = CallInfo("method" if object_expr is not None else "function", fn,
                                               resolved.return_type, resolved.param_types, object_expr)
        self._note_call_edge(env, fn, expr)
        if fn.decl.body is not None and id(fn) not in self._instantiated and (
                fn.template_bindings or getattr(fn.owner, "template", None) is not None):
            self._check_instantiation(fn, expr, name)
        self._check_out_arguments(fn, expr, env)
        if _is_template_instance(fn) and len(expr.args) < len(fn.decl.params):
            self._check_used_defaults(fn, len(expr.args))
        self._after_call(expr, resolved, expr.args, env, object_expr, object_type)
        return resolved.return_type

    def _check_default(self, param: A.ParamDecl, ptype: T.Type, fn: FunctionSymbol) -> None:
        try:
            default_t = self.check_expr(param.default, Env(fn.env))
            self.require_conversion(default_t, ptype, param.default.span, "initializing", param.default)
        except SemaError as err:
            self.error(err)

    def _check_used_defaults(self, fn: FunctionSymbol, given: int) -> None:
        """The default arguments a call to a template instance leaves to
        them, checked for that instance (`Remap r = Identity::create()` is
        no error where every call passes its own `r`, as in C++)."""
        try:
            sig = self.engine.signature_of(fn)
        except SemaError:
            return
        for param, ptype in list(zip(sig.param_decls, sig.param_types))[given:]:
            if param.default is not None:
                self._check_default(param, ptype, fn)

    def _note_call_edge(self, env: Env, callee: FunctionSymbol, expr: A.Expr) -> None:
        caller = env.function
        if caller is not None:
            self.call_graph.setdefault(id(caller), []).append((callee, expr))

    def _operator_called(self, env: Env, fn: FunctionSymbol, expr: A.Expr) -> None:
        """An operator written as an operator (`s[i]`, `a + b`, `a += b`)
        called `fn`: an edge of the call graph, and as for a call by name,
        the body of a template's instance checked."""
        self._note_call_edge(env, fn, expr)
        if fn.decl.body is not None and id(fn) not in self._instantiated and (
                fn.template_bindings or getattr(fn.owner, "template", None) is not None):
            self._check_instantiation(fn, expr, fn.name)

    def _check_instantiation(self, fn: FunctionSymbol, expr: A.Expr, name: str) -> None:
        """A function template's body is checked for each instantiation, with
        the template arguments bound (its dependent parts only mean something
        then); errors say which instantiation."""
        self._instantiated.add(id(fn))
        before = len(self.diags.items)
        self.result.instantiations.append(fn)
        self.check_function(fn)
        if fn.template_bindings:
            args = ", ".join(v.spell() for v in fn.template_bindings.values())
            note = f"in instantiation of function template '{name}<{args}>' requested here"
        else:
            note = f"in instantiation of member function '{fn.owner.spell()}::{name}' requested here"
        for diag in self.diags.items[before:]:
            diag.notes.append(Note(note, expr.span))

    def _check_recursion(self) -> None:
        """HLSL has no recursion: a call cycle is an error at the call that
        closes it."""
        graph = self.call_graph
        state: dict[int, int] = {}          # 1: on the current path, 2: done
        for start in list(graph):
            if state.get(start):
                continue
            stack = [(start, iter(graph.get(start, ())))]
            state[start] = 1
            while stack:
                node, edges = stack[-1]
                step = next(edges, None)
                if step is None:
                    state[node] = 2
                    stack.pop()
                    continue
                callee, call = step
                target = id(callee)
                if state.get(target) == 1:
                    self.diags.error(call.span, f"recursive call to '{callee.name}': HLSL does not allow "
                                                "recursion").with_note(f"'{callee.name}' is declared here",
                                                                       callee.decl.name_span)
                elif not state.get(target):
                    state[target] = 1
                    stack.append((target, iter(graph.get(target, ()))))

    def bit_field_named(self, expr: A.Expr) -> VarSymbol | None:
        """The bit-field member an (already checked) expression names, if any."""
        while isinstance(expr, A.ParenExpr):
            expr = expr.inner
        if isinstance(expr, A.MemberExpr):
            base_t = self.result.expr_types.get(id(expr.object)) if self.result is not None else None
            if isinstance(base_t, T.ResourceType) and base_t.shape.family in ("cbuffer", "tbuffer"):
                base_t = base_t.elem
            if isinstance(base_t, T.ClassType):
                for sym in self.engine.members_of(base_t.instance).get(expr.member.name, ()):
                    if isinstance(sym, VarSymbol) and sym.bit_field is not None:
                        return sym
            return None
        if isinstance(expr, A.NameExpr) and self.result is not None:
            sym = self.result.symbols.get(id(expr))
            if isinstance(sym, VarSymbol) and sym.bit_field is not None:
                return sym
        return None

    def _no_bit_field_argument(self, arg: A.Expr, mode: str) -> None:
        sym = self.bit_field_named(arg)
        if sym is not None:
            raise SemaError(f"bit-field '{sym.name}' cannot be passed as an '{mode}' argument (it has no address "
                            "to bind to)", arg.span, notes=[("bit-field is declared here", sym.span)])

    def _check_out_arguments(self, fn: FunctionSymbol, expr: A.CallExpr, env: Env) -> None:
        for param, arg in zip(fn.decl.params, expr.args):
            if "inout" in param.modifiers and self._is_bound_resource(arg):
                # `void f(inout RWByteAddressBuffer b)` given a global
                # resource, as DXC takes it: its handle goes in, and a
                # function that does not replace it leaves nothing to
                # copy back (one that does is the lowering's error).
                continue
            if "out" in param.modifiers or "inout" in param.modifiers:
                self._require_lvalue(arg, env, "an out argument")
                self._no_bit_field_argument(arg, "inout" if "inout" in param.modifiers else "out")

    def _is_bound_resource(self, arg: A.Expr) -> bool:
        """A global resource variable the application binds (a name, or an
        element of a global resource array)."""
        while isinstance(arg, (A.ParenExpr, A.IndexExpr)):
            arg = arg.inner if isinstance(arg, A.ParenExpr) else arg.base
        sym = self.result.symbols.get(id(arg)) if isinstance(arg, A.NameExpr) else None
        return (isinstance(sym, VarSymbol) and sym.is_global and not sym.is_static
                and isinstance(self.engine.var_type(sym), (T.ResourceType, T.ArrayType))
                and _holds_resource(sym.type))

    def _resolve(self, candidates: list[Any], explicit: list[Any] | None, explicit_env: Env,
                 args: list[T.Type], arg_exprs: list[A.Expr], name: str, span: Span | None,
                 object_expr: A.Expr | None = None, object_type: T.Type | None = None) -> Resolved:

        def conversion_of(source: T.Type, target: T.Type, param: A.ParamDecl) -> Any:
            if param.array_dims and isinstance(target, T.ArrayType) and isinstance(source, T.ArrayType):
                if target.size is None and source.elem is target.elem:
                    return Conversion(0)
            if "groupshared" in param.modifiers:
                # A reference to the groupshared variable itself (HLSL
                # 202x): its type exactly, as DXC's address-space match.
                return Conversion(0) if source is target else None
            return implicit_conversion(source, target, self.options.hlsl_version >= 2021)

        try:
            return self.engine.resolve_overload(candidates, explicit, explicit_env, args, name, span, conversion_of)
        except NoMatch as err:
            err.object_expr = object_expr          # type: ignore[attr-defined]
            err.object_type = object_type          # type: ignore[attr-defined]
            err.arg_types = args                   # type: ignore[attr-defined]
            err.arg_exprs = arg_exprs              # type: ignore[attr-defined]
            err.name = name                        # type: ignore[attr-defined]
            raise

    def _after_call(self, expr: A.Expr, resolved: Resolved, arg_exprs: list[A.Expr], env: Env,
                    object_expr: A.Expr | None, object_type: T.Type | None) -> None:
        """Warnings for lossy argument conversions, then dx::linalg rules."""
        fn = resolved.function
        owner = fn.owner
        is_linalg = self._linalg_rules and ((owner is not None and _is_linalg_matrix(owner))
                                            or fn.qualified_name.startswith("dx::linalg::"))
        for conv, arg, param_type in zip(resolved.conversions, arg_exprs, resolved.param_types):
            if getattr(conv, "warning", None):
                arg_type = self.result.expr_types.get(id(arg))
                if is_linalg and isinstance(param_type, T.VectorType) and isinstance(arg_type, T.VectorType):
                    # The header fixes each vector's length: a longer vector
                    # is a mistake, not something to truncate quietly.
                    self.diags.error(arg.span, f"'{fn.name}' takes a {param_type.size}-element vector here, "
                                               f"but the argument has {arg_type.size} elements",
                                     "LINALG-VECTOR-LENGTH")
                    continue
                self.warn(f"{conv.warning} from '{arg_type.spell() if arg_type else '?'}' to "
                          f"'{param_type.spell()}'", arg.span, group="conversion")
        if is_linalg:
            self.result.uses_linalg = True
            linalg.record_call(self, expr, resolved, arg_exprs, env, object_expr, object_type)

    def _member_call(self, expr: A.CallExpr, callee: A.MemberExpr, env: Env) -> T.Type:
        object_type = self.check_expr(callee.object, env)
        name = callee.member.name
        if isinstance(object_type, T.ClassType):
            members = self.engine.members_of(object_type.instance).get(name)
            if not members:
                raise SemaError(f"no member named '{name}' in '{object_type.spell()}'", callee.member.span,
                                notes=self._member_hint(object_type.instance, name))
            if not all(isinstance(m, (FunctionSymbol, FunctionTemplateSymbol)) for m in members):
                raise SemaError(f"'{name}' is not a member function of '{object_type.spell()}'", callee.member.span)
            return self._function_call(expr, members, callee.member.template_args, env, name, env,
                                       object_expr=callee.object, object_type=object_type)
        if isinstance(object_type, T.ResourceType):
            args = self._args(expr, env)
            template_arg = None
            if callee.member.template_args:
                if self.options.hlsl_version < 2018:
                    raise SemaError(f"Explicit template arguments on intrinsic {name} requires HLSL version 2018 or "
                                    "above", callee.member.template_args[0].span)
                template_arg = self.engine.type_argument(callee.member.template_args[0], env)
            match = intrinsics.resolve_method(object_type, name, args, template_arg, self.options.native_16bit)
            if isinstance(match, str):
                raise SemaError(str(match), callee.member.span, notes=[(n, None) for n in getattr(match, "notes", ())])
            self._check_intrinsic_modes(match, expr.args, env)
            self._warn_conversions(match, expr.args)
            textures.check_method_call(self, object_type, match, callee, expr, env)
            self.result.calls[id(expr)] = CallInfo("intrinsic", match, match.return_type, match.param_types,
                                                   callee.object)
            return match.return_type
        if isinstance(object_type, T.GraphicsObjectType) and object_type.count is None \
                and name in ("Append", "RestartStrip"):
            # A geometry shader's output stream.
            args = self._args(expr, env)
            want = [object_type.elem] if name == "Append" else []
            if len(args) != len(want):
                raise SemaError(f"'{name}' takes {len(want)} argument{'s' if len(want) != 1 else ''}", expr.span)
            for arg, arg_expr in zip(args, expr.args):
                self.require_conversion(arg, object_type.elem, arg_expr.span, "passing")
            self.result.calls[id(expr)] = CallInfo("graphics", name, T.VOID, want, callee.object)
            return T.VOID
        if isinstance(object_type, T.RayTracingObjectType) and object_type.name == "RayQuery":
            # Inline ray tracing: typed here, an error where the entry reaches it.
            args = self._args(expr, env)
            ray_desc = self.engine.builtin_structs.type_of("RayDesc", self.engine)
            match = intrinsics.resolve_ray_query_method(name, args, ray_desc)
            if isinstance(match, str):
                raise SemaError(str(match), callee.member.span, notes=[(n, None) for n in getattr(match, "notes", ())])
            # (The query's declaration, a local or parameter, is what the
            # entry point's reach reports.)
            self.result.calls[id(expr)] = CallInfo("intrinsic", match, match.return_type, match.param_types,
                                                   callee.object)
            return match.return_type
        if isinstance(object_type, T.WaveMatrixType):
            if env.function is not None:
                self._wave_matrix_functions.add(id(env.function))
            args = self._args(expr, env)
            result_type = wavematrix.check_method(self, expr, callee, object_type, args, env)
            self.result.wave_matrix_calls.append((callee.member.name, expr.span, object_type, args))
            self.result.calls[id(expr)] = CallInfo("wavematrix", callee.member.name, result_type, args,
                                                   callee.object)
            return result_type
        if isinstance(object_type, T.NodeObjectType):
            raise SemaError(T.work_graph_error(object_type.spell()), callee.member.span)
        raise SemaError(f"member reference base type '{object_type.spell()}' is not a structure",
                        callee.member.span)

    def _intrinsic_call(self, expr: A.CallExpr, name: str, env: Env, args: list[T.Type] | None = None) -> T.Type:
        args = [_unscoped_as_int(a) for a in (self._args(expr, env) if args is None else args)]
        if name == "select" and len(args) == 3 and args[1] is args[2] \
                and isinstance(args[1], (T.ClassType, T.ArrayType)):
            # HLSL 2021's select of whole structs and arrays by a scalar condition.
            cond = implicit_conversion(args[0], T.BOOL) if args[0].is_scalar else None
            if cond is None:
                raise SemaError(f"the condition of 'select' on '{args[1].spell()}' values must be a scalar bool, "
                                f"not '{args[0].spell()}'", expr.args[0].span)
            same = implicit_conversion(args[1], args[1])
            match = intrinsics.IntrinsicMatch("select", args[1], [T.BOOL, args[1], args[1]], [cond, same, same],
                                              False, (6, 0), False, ["in", "in", "in"])
            self.result.calls[id(expr)] = CallInfo("intrinsic", match, match.return_type, match.param_types)
            return match.return_type
        if name == "Barrier" and len(args) == 2 and isinstance(args[0], T.ResourceType):
            return self._barrier_on_resource(expr, args, env)
        match = intrinsics.resolve_intrinsic(name, args, self.options.native_16bit)
        if isinstance(match, str):
            raise SemaError(str(match), expr.callee.span, notes=[(n, None) for n in getattr(match, "notes", ())])
        if name == "Barrier":
            self._check_barrier_flags(expr, env)
        self._warn_conversions(match, expr.args)
        self._check_intrinsic_modes(match, expr.args, env)
        if name in textures.DERIVATIVE_INTRINSICS:
            self.derivative_uses.append(textures.DerivativeUse(name, expr.callee.span, env.function))
        if match.stage is not None:
            message = T.ray_tracing_error(name) if match.stage == "raytracing" else \
                f"'{name}' is only allowed in pixel shaders"
            self.stage_uses.append((match.stage, message, expr.callee.span, env.function))
        if match.min_shader_model > (self.options.major, self.options.minor):
            major, minor = match.min_shader_model
            raise SemaError(f"'{name}' with these argument types needs shader model {major}.{minor} or later",
                            expr.callee.span)
        self.result.calls[id(expr)] = CallInfo("intrinsic", match, match.return_type, match.param_types)
        return match.return_type

    def _barrier_on_resource(self, expr: A.CallExpr, args: list[T.Type], env: Env) -> T.Type:
        """`Barrier(uav, SemanticFlags)` (SM 6.8): a barrier on the memory of
        one writable resource."""
        if not args[0].writable:
            raise SemaError(f"no matching function for call to 'Barrier': the object of a barrier must be a "
                            f"writable resource (UAV), not '{args[0].spell()}'", expr.callee.span)
        if (self.options.major, self.options.minor) < (6, 8):
            raise SemaError("'Barrier' with these argument types needs shader model 6.8 or later", expr.callee.span)
        flags = implicit_conversion(args[1], T.UINT)
        if flags is None:
            raise SemaError(f"no matching function for call to 'Barrier': cannot convert '{args[1].spell()}' to "
                            f"'uint'", expr.args[1].span)
        match = intrinsics.IntrinsicMatch("Barrier", T.VOID, [args[0], T.UINT],
                                          [implicit_conversion(args[0], args[0]), flags], False, (6, 8), False,
                                          ["in", "in"])
        self._check_barrier_flags(expr, env)
        self.result.calls[id(expr)] = CallInfo("intrinsic", match, match.return_type, match.param_types)
        return T.VOID

    def _check_barrier_flags(self, expr: A.CallExpr, env: Env) -> None:
        """DXC's checks of Barrier's constant flags: only defined bits; node
        memory only where a node shader reaches the call."""
        values = []
        for arg in expr.args:
            try:
                value = self.engine.evaluate(arg, env).value
            except SemaError:
                value = None
            values.append(value if isinstance(value, int) and not isinstance(value, bool) else None)
        memory, semantic = values
        by_memory = not isinstance(self.result.expr_types.get(id(expr.args[0])), T.ResourceType)
        if by_memory and memory is not None and memory & ~0xF & 0xFFFFFFFF:
            raise SemaError("invalid MemoryTypeFlags for Barrier operation; expected 0, ALL_MEMORY, or some "
                            "combination of UAV_MEMORY, GROUP_SHARED_MEMORY, NODE_INPUT_MEMORY, NODE_OUTPUT_MEMORY "
                            "flags", expr.args[0].span)
        sm69 = (self.options.major, self.options.minor) >= (6, 9)
        if semantic is not None and semantic & ~(0xF if sm69 else 0x7) & 0xFFFFFFFF:
            raise SemaError("invalid SemanticFlags for Barrier operation; expected 0 or some combination of "
                            f"GROUP_SYNC, GROUP_SCOPE, DEVICE_SCOPE{', REORDER_SCOPE' if sm69 else ''} flags",
                            expr.args[1].span)
        if by_memory and memory is not None and memory & 0xC and memory != 0xF:
            self.stage_uses.append(("node", "NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY may only be specified for "
                                    "Barrier operation in a node shader", expr.args[0].span, env.function))
        if by_memory and memory is not None and semantic is not None:
            # What scope the memory named has (ALL_MEMORY: its group and
            # device memory; node memory has none outside node shaders).
            kinds = memory & 0x3 if memory == 0xF else memory
            if semantic & 4 and not kinds & 0x1 and not kinds & 0xC:
                raise SemaError("DEVICE_SCOPE specified for Barrier operation without applicable memory",
                                expr.args[1].span)
            if semantic & 2 and not kinds:
                raise SemaError("GROUP_SCOPE specified for Barrier operation without applicable memory",
                                expr.args[1].span)

    def _check_discarded(self, expr: A.Expr) -> None:
        """A call whose value a statement drops, of a function declared
        `[[nodiscard]]` (DXC's header marks Splat, Load, Cast, Multiply and
        OuterProduct): clang's warning."""
        while isinstance(expr, A.ParenExpr):
            expr = expr.inner
        if not isinstance(expr, A.CallExpr):
            return
        info = self.result.calls.get(id(expr))
        fn = info.target if info is not None and info.kind in ("function", "method") else None
        decl = getattr(fn, "decl", None)
        if isinstance(decl, A.FunctionDecl) and any(a.name == "nodiscard" and a.cxx for a in decl.attributes):
            self.warn("ignoring return value of function declared with 'nodiscard' attribute", expr.span)

    def _mesh_call(self, expr: A.CallExpr, name: str, env: Env) -> T.Type:
        """`SetMeshOutputCounts(v, p)` and `DispatchMesh(x, y, z, payload)`
        of mesh and amplification entries: typed, so that a library's
        entries of those stages are checked; never lowered."""
        args = self._args(expr, env)
        count = _MESH_FUNCTIONS[name]
        if len(args) != count:
            raise SemaError(f"no matching function for call to '{name}': it takes {count} arguments", expr.span)
        for arg, arg_expr in zip(args[:3], expr.args[:3]):
            self.require_conversion(arg, T.UINT, arg_expr.span, "passing")
        self.result.calls[id(expr)] = CallInfo("graphics", name, T.VOID, [T.UINT] * min(count, 3) + args[3:])
        return T.VOID

    def _linalg_builtin_call(self, expr: A.CallExpr, name: str, env: Env) -> T.Type:
        """A call of one of DXC's `__builtin_LinAlg_*` built-ins (dxc revision)."""
        args = self._args(expr, env)
        groupshared = [self._names_groupshared(arg) for arg in expr.args]
        try:
            match = linalg_builtins.resolve_builtin(name, args, groupshared)
        except linalg_builtins.BuiltinError as err:
            span = expr.args[err.argument].span if err.argument is not None else expr.span
            raise SemaError(err.message, span, notes=[(n, expr.span) for n in err.notes]) from None
        for mode, arg in zip(match.param_modes, expr.args):
            if mode in ("out", "ref"):
                self._require_lvalue(arg, env, f"an {mode} argument")
        self.result.calls[id(expr)] = CallInfo("linalg_builtin", match, match.return_type, match.param_types)
        self._builtin_calls.append((expr, match.builtin, env.function))
        return match.return_type

    def _names_groupshared(self, arg: A.Expr) -> bool:
        """Whether an argument names a groupshared variable or parameter."""
        while isinstance(arg, A.ParenExpr):
            arg = arg.inner
        sym = self.result.symbols.get(id(arg)) if isinstance(arg, A.NameExpr) else None
        if not isinstance(sym, VarSymbol):
            return False
        return sym.is_groupshared or sym.is_param and "groupshared" in sym.param_modifiers

    def _check_builtin_reach(self, entries: list[tuple[FunctionSymbol, str]]) -> None:
        """DXC's checks on the built-ins an entry reaches (through any
        call): shader model 6.10, and for 13 of them the stage."""
        if not self._builtin_calls:
            return
        reported: set[tuple] = set()
        for entry, stage in entries:
            reached = {id(entry)}
            work = [entry]
            while work:
                fn = work.pop()
                for callee, _ in self.call_graph.get(id(fn), ()):
                    if id(callee) not in reached:
                        reached.add(id(callee))
                        work.append(callee)
            for call, builtin, caller in self._builtin_calls:
                if caller is None or id(caller) not in reached:
                    continue
                if (self.options.major, self.options.minor) < linalg_builtins.MIN_SHADER_MODEL:
                    key = ("sm", id(call))
                    if key not in reported:
                        reported.add(key)
                        self.diags.error(call.span, f"intrinsic {builtin.name} potentially used by ''{entry.name}'' "
                                                    "requires shader model 6.10 or greater")
                if builtin.stage_limited and stage not in linalg_builtins.STAGES:
                    diag = Diagnostic(Severity.ERROR, f"builtin unavailable in shader stage '{stage}' (requires "
                                                      "'compute', 'mesh' or 'amplification')", call.span)
                    diag.notes.append(Note("entry function defined here", entry.decl.name_span))
                    self.diags.report(diag)

    def _check_intrinsic_modes(self, match: Any, arg_exprs: list[A.Expr], env: Env) -> None:
        """Out and in-place (`ref`) arguments must be assignable."""
        for index, mode in enumerate(getattr(match, "param_modes", [])):
            if mode == "ref" and index < len(arg_exprs):
                arg_exprs[index] = self._without_noop_cast(arg_exprs[index], env)
        for mode, arg in zip(getattr(match, "param_modes", []), arg_exprs):
            if mode == "ref":
                sym = self.bit_field_named(arg)
                if sym is not None:
                    raise SemaError(f"no matching function for call to '{match.name.split('.')[-1]}': the "
                                    f"destination, bit-field '{sym.name}', cannot be updated atomically",
                                    arg.span, notes=[("bit-field is declared here", sym.span)])
                check_destination(self, match.name.split(".")[-1], arg)
            if mode in ("out", "inout", "ref"):
                self._require_lvalue(arg, env, f"an {mode} argument")
                if mode != "ref":
                    self._no_bit_field_argument(arg, mode)

    def _without_noop_cast(self, arg: A.Expr, env: Env) -> A.Expr:
        """An atomic's destination cast to its own type (DXC's
        `InterlockedOr((uint)buffer[0], 1, old)`) is the destination: the
        call takes the operand (not in a template, whose instantiations
        may cast to other types)."""
        node = arg
        while isinstance(node, A.ParenExpr):
            node = node.inner
        if not isinstance(node, A.CastExpr) or getattr(env.function, "template_bindings", None):
            return arg
        operand = node.operand
        while isinstance(operand, A.ParenExpr):
            operand = operand.inner
        types = self.result.expr_types
        if types.get(id(node)) is not None and types.get(id(node)) is types.get(id(operand)):
            return operand
        return arg

    def _warn_conversions(self, match: Any, arg_exprs: list[A.Expr]) -> None:
        for conv, arg in zip(getattr(match, "conversions", []), arg_exprs):
            if getattr(conv, "warning", None):
                self.warn(conv.warning, arg.span, group="conversion")

    # ------------------------------------------------------------------
    # No matching function: say why in the user's terms

    def _report_no_match(self, err: NoMatch) -> None:
        name = getattr(err, "name", "")
        message, notes, rule_id = linalg.explain_no_match(self, err) if self._linalg_rules else (None, [], None)
        diag = Diagnostic(Severity.ERROR, message or err.message, err.span, rule_id)
        for text, span in notes:
            diag.notes.append(Note(text, span))
        for failure in err.failures:
            diag.notes.append(Note(_candidate_note(failure), failure.span or failure.symbol.span))
        self.diags.report(diag)

    # ------------------------------------------------------------------
    # Entry points

    def _check_entry(self, functions: list[FunctionSymbol]) -> None:
        entries: list[FunctionSymbol] = []
        if self.options.stage == "cs":
            named = [f for f in functions if f.name == self.options.entry and f.owner is None
                     and f.decl.body is not None and "::" not in f.qualified_name]
            if not named:
                diag = Diagnostic(Severity.ERROR, f"missing entry point definition '{self.options.entry}'",
                                  path=self.options.main_path)
                others = [f.name for f in functions if any(a.name.lower() == "numthreads" for a in f.decl.attributes)]
                if others:
                    diag.notes.append(Note(f"'{others[0]}' has [numthreads]: select it with -E {others[0]}"))
                self.diags.report(diag)
                return
            if len(named) > 1:
                # Overloads of the entry's name (a kernel and a helper that
                # share it): DXC's error, whichever one has [numthreads].
                diag = Diagnostic(Severity.ERROR, "ambiguous entry point function", named[0].decl.name_span)
                for other in named[1:]:
                    diag.notes.append(Note(f"another function named '{self.options.entry}' is defined here",
                                           other.decl.name_span))
                self.diags.report(diag)
                return
            entries = named[:1]
            self.result.entry = entries[0]
        for fn in functions:
            shader = next((a for a in fn.decl.attributes if a.name.lower() == "shader"), None)
            if shader is not None and fn not in entries:
                stage = shader.args[0].value if shader.args and isinstance(shader.args[0], A.StringLiteral) else ""
                if not self._linalg_rules and stage != "compute":
                    # dxc revision: DXC's rules on the matrix built-ins an
                    # entry of any stage reaches are checked (below); code
                    # generation refuses the entry if it is ever lowered.
                    continue
                if stage in T.RAY_TRACING_STAGES:
                    if self.options.stage == "cs":
                        # A compute shader's build compiles its entry only:
                        # a ray tracing shader beside it in the file is one
                        # more function, as in DXC (its ray tracing calls
                        # are errors only if the entry reaches them).
                        continue
                    self.diags.error(shader.span, f"ray tracing shaders ('{stage}') are not supported: hlslc "
                                                  "compiles compute shaders without ray tracing")
                    continue
                if stage != "compute":
                    self.warn(f"entry point '{fn.name}' is a '{stage}' shader: hlslc checks and compiles compute "
                              "shaders only, so its stage-specific rules are not checked", shader.span,
                              group="unchecked-stage")
                    self._check_linalg_stage(fn, stage)
                    continue
                entries.append(fn)
        for fn in entries:
            try:
                self._check_compute_entry(fn)
            except SemaError as err:
                self.error(err)
        reach = [(fn, "compute") for fn in entries]
        for fn in functions:
            shader = next((a for a in fn.decl.attributes if a.name.lower() == "shader"), None)
            stage = shader.args[0].value if shader is not None and shader.args \
                and isinstance(shader.args[0], A.StringLiteral) else None
            if stage is not None and stage != "compute":
                reach.append((fn, stage))
        self._check_builtin_reach(reach)

    def _check_stage_uses(self, functions: list[FunctionSymbol]) -> None:
        """A call of a pixel-shader or ray-tracing intrinsic (or `discard`) is
        an error only where the code compiled reaches it, as in DXC: from
        the entry point of a compute shader; in a library, from every
        function it emits.  The notes give the chain of calls."""
        if not self.stage_uses and not self._ray_tracing_globals:
            return
        if self.options.stage == "cs":
            roots = [(self.result.entry, None)] if self.result.entry is not None else []
            root_word = "the entry point"
        else:
            roots = []
            for fn in functions:
                if fn.decl.body is None or fn.owner is not None or fn.template_bindings:
                    continue
                shader = next((a for a in fn.decl.attributes if a.name.lower() == "shader"), None)
                stage = shader.args[0].value if shader is not None and shader.args and \
                    isinstance(shader.args[0], A.StringLiteral) else None
                roots.append((fn, stage))
            root_word = "the library function"
        # A pixel shader's entry may use what pixel shaders may (hlslc then
        # refuses the entry itself); ray tracing is not compiled at all.
        reaches = {"pixel": self.result.reach([fn for fn, stage in roots if stage != "pixel"]),
                   "raytracing": self.result.reach([fn for fn, _ in roots])}
        reaches["any"] = reaches["raytracing"]
        # Node memory: wherever a shader of another kind than a node
        # reaches (a library's plain exported function may be either).
        reaches["node"] = self.result.reach([fn for fn, stage in roots if self.options.stage == "cs"
                                             or stage is not None and stage.lower() != "node"])
        for stage, message, span, function in self.stage_uses:
            reach = reaches[stage]
            if function is not None and function not in reach:
                continue
            diag = Diagnostic(Severity.ERROR, message, span)
            if function is not None:
                diag.notes.extend(reach.chain_notes(function, root_word))
            self.diags.report(diag)
        if self._ray_tracing_globals:
            # A compute shader keeps the resources its entry point names; a
            # library keeps every one.
            named = reaches["raytracing"].globals_used(self.global_uses) if self.options.stage == "cs" else None
            for var, t, span in self._ray_tracing_globals:
                if named is None or id(var) in named:
                    self.diags.error(span, _ray_tracing_object_error(t))

    def _check_linalg_stage(self, entry: FunctionSymbol, stage: str) -> None:
        """LINALG-STAGE-SCOPE: Wave and ThreadGroup scope matrices reached from
        an entry point of another stage than compute (through any call)."""
        reached = {id(entry): entry}
        work = [entry]
        while work:
            fn = work.pop()
            for callee, _ in self.call_graph.get(id(fn), ()):
                if id(callee) not in reached:
                    reached[id(callee)] = callee
                    work.append(callee)
        bodies = [f.decl.body.span for f in reached.values() if f.decl.body is not None]
        for call in self.result.linalg_calls:
            inside = any(b.file is call.span.file and b.start <= call.span.start < b.end for b in bodies)
            if inside and call.matrix is not None:
                R.check_entry_stage(call.matrix, stage, entry.name, call.span, self.diags,
                                    entry_span=entry.decl.name_span)

    def _check_compute_entry(self, fn: FunctionSymbol) -> None:
        decl = fn.decl
        attrs = {a.name.lower(): a for a in decl.attributes}
        shader = attrs.get("shader")
        stage = shader.args[0].value if shader is not None and shader.args and isinstance(
            shader.args[0], A.StringLiteral) else None
        if self.options.stage == "cs" and stage is not None and stage != "compute":
            # DXC's words: the profile's stage and the attribute's disagree.
            raise SemaError(f"entry type 'compute' from profile 'cs_{self.options.major}_{self.options.minor}' "
                            f"conflicts with shader attribute type '{stage}' on entry function '{fn.name}'.",
                            shader.span)
        numthreads = attrs.get("numthreads")
        threads = None
        if numthreads is None:
            self.diags.error(decl.name_span, f"compute entry point '{fn.name}' must have a [numthreads(x, y, z)] "
                                             "attribute")
        else:
            threads = self._check_numthreads(numthreads, fn)
        textures.check_entry(self, fn, threads)
        wavesize = attrs.get("wavesize")
        written = [a for a in decl.attributes if a.name.lower() == "wavesize"]
        if len(written) > 1:
            # DXC's words for a repeated shader attribute.
            self.diags.error(written[1].span, "shader attribute type 'wavesize' conflicts with shader attribute "
                                              "type 'wavesize'").with_note("conflicting attribute is here",
                                                                           written[0].span)
        if wavesize is not None and (self.options.major, self.options.minor) < (6, 6):
            self.diags.error(wavesize.span, "attribute wavesize requires shader model 6.6 or greater")
            wavesize = None
        if wavesize is not None:
            wave_sizes = self._check_wavesize(wavesize, numthreads, fn)
            if threads is not None and wave_sizes is not None and self._reaches_wave_matrix(fn):
                diag = wavematrix.check_thread_group(threads, wave_sizes, numthreads.span, wavesize.span, fn.name)
                if diag is not None:
                    self.diags.report(diag)
        try:
            sig = self.engine.signature_of(fn)
        except SemaError:
            return
        if sig.return_type is not T.VOID:
            self.diags.error(decl.return_type.span, "compute entry point must return void")
        for param, ptype in zip(sig.param_decls, sig.param_types):
            if param.semantic is None and isinstance(ptype, T.ClassType):
                self._check_entry_fields(ptype, param, 0)
                continue
            if param.semantic is None:
                self.diags.error(param.span, f"parameter '{param.name}' of entry point '{fn.name}' needs a "
                                             "system-value semantic such as SV_DispatchThreadID")
                continue
            self._check_system_value(param.semantic, ptype, param.type.span)

    def _check_entry_fields(self, ptype: T.ClassType, param: A.ParamDecl, depth: int) -> None:
        """The fields of a struct entry parameter: each has a system-value
        semantic, or is a struct whose fields have (DXC flattens nested
        structs to their leaves)."""
        members = ptype.instance.data_members
        for field_sym in ptype.instance.fields if members is None else members:
            field_decl = field_sym.decl
            semantics = field_decl.semantics if isinstance(field_decl, A.VarDecl) else []
            field_t = self.engine.var_type(field_sym)
            if semantics:
                self._check_system_value(semantics[0], field_t, field_decl.type.span)
            elif isinstance(field_t, T.ClassType) and depth < 16:
                self._check_entry_fields(field_t, param, depth + 1)
            else:
                self.diags.error(field_decl.span if field_decl else param.span,
                                 f"field '{field_sym.name}' of entry-point parameter '{param.name}' "
                                 "needs a system-value semantic")

    def _check_system_value(self, semantic: A.Semantic, ptype: T.Type, type_span: Span) -> None:
        name = semantic.name.upper()
        if name not in _SYSTEM_VALUES:
            self.diags.error(semantic.span, f"'{semantic.name}' is not a compute-shader system-value semantic "
                                            "(SV_DispatchThreadID, SV_GroupID, SV_GroupThreadID, SV_GroupIndex)")
            return
        _, width = _SYSTEM_VALUES[name]
        elem = ptype.element
        count = T.component_count(ptype)
        if elem is None or not elem.is_integer or count > width:
            allowed = "uint" if width == 1 else f"uint, uint2 or uint{width}"
            self.diags.error(type_span, f"'{semantic.name}' has type {allowed}, not '{ptype.spell()}'")

    def _constant_args(self, attr: A.Attribute, fn: FunctionSymbol) -> list[int] | None:
        values = []
        for arg in attr.args:
            try:
                value = T.promoted(self.engine.evaluate(arg, fn.env))
            except SemaError as err:
                self.error(err)
                return None
            if not isinstance(value.value, int) or isinstance(value.type, T.EnumType):
                self.diags.error(arg.span, f"'{attr.name}' arguments must be integer constants")
                return None
            values.append(value.value)
        return values

    def _reaches_wave_matrix(self, entry: FunctionSymbol) -> bool:
        """The entry, or a function it calls (transitively), uses a wave matrix."""
        reached, work = {id(entry)}, [entry]
        while work:
            fn = work.pop()
            if id(fn) in self._wave_matrix_functions:
                return True
            for callee, _ in self.call_graph.get(id(fn), ()):
                if id(callee) not in reached:
                    reached.add(id(callee))
                    work.append(callee)
        return False

    def _check_numthreads(self, attr: A.Attribute, fn: FunctionSymbol) -> list[int] | None:
        """The three sizes when they are valid, else None (errors reported)."""
        if len(attr.args) != 3:
            self.diags.error(attr.span, f"'numthreads' takes 3 arguments (x, y, z), not {len(attr.args)}")
            return None
        values = self._constant_args(attr, fn)
        if values is None:
            return None
        x, y, z = values
        limits = (1024, 1024, 64)
        for value, limit, axis, arg in zip(values, limits, "xyz", attr.args):
            if not 1 <= value <= limit:
                self.diags.error(arg.span, f"numthreads {axis} must be between 1 and {limit} (got {value})")
                return None
        if x * y * z > 1024:
            self.diags.error(attr.span, f"thread group size {x}x{y}x{z} = {x * y * z} exceeds 1024 threads")
            return None
        return values

    def _check_wavesize(self, attr: A.Attribute, numthreads: A.Attribute | None,
                        fn: FunctionSymbol) -> list[int] | None:
        """The wave size values when they are valid, else None (errors reported)."""
        if not 1 <= len(attr.args) <= 3:
            self.diags.error(attr.span, "'wavesize' takes 1 to 3 arguments (size, or min, max[, preferred])")
            return None
        if len(attr.args) > 1 and (self.options.major, self.options.minor) < (6, 8):
            self.diags.error(attr.span, "a wave size range needs shader model 6.8 or later")
        values = self._constant_args(attr, fn)
        if values is None:
            return None
        for value, arg in zip(values, attr.args):
            if value not in (4, 8, 16, 32, 64, 128):
                self.diags.error(arg.span, f"wave size must be a power of two between 4 and 128 (got {value})")
                return None
        if len(values) >= 2 and values[0] >= values[1]:
            self.diags.error(attr.span, f"wave size range minimum ({values[0]}) must be less than its maximum "
                                        f"({values[1]})")
            return None
        if len(values) == 3 and not values[0] <= values[2] <= values[1]:
            self.diags.error(attr.args[2].span, f"preferred wave size {values[2]} is outside the range "
                                                f"[{values[0]}, {values[1]}]")
            return None
        return values


# --------------------------------------------------------------------------
# Helpers

def _shape_word(t: T.Type) -> str:
    return "matrix" if isinstance(t, T.MatrixType) else "vector"


def _ended_for_loop_var(expr: A.NameExpr, env: Env) -> VarSymbol | None:
    """The variable of an ended for loop that `expr`, an undeclared name,
    would have named before HLSL 2021."""
    if len(expr.name.parts) != 1:
        return None
    name = expr.name.parts[0].name
    level: Env | None = env
    while level is not None:
        if level.ended_for_loop_vars and name in level.ended_for_loop_vars:
            return level.ended_for_loop_vars[name]
        level = level.parent
    return None


def _is_linalg_matrix(instance: ClassInstance) -> bool:
    return instance.template is not None and instance.template.qualified_name == "dx::linalg::Matrix"


def _matrix_swizzle_length(name: str, m: T.MatrixType) -> int | None:
    """Components named by `_m00_m11` (zero-based) or `_11_22` (one-based)."""
    parts = re.findall(r"_m([0-3])([0-3])|_([1-4])([1-4])", name)
    if not parts or "".join(f"_m{a}{b}" if a else f"_{c}{d}" for a, b, c, d in parts) != name or len(parts) > 4:
        return None
    for a, b, c, d in parts:
        row, col = (int(a), int(b)) if a else (int(c) - 1, int(d) - 1)
        if row >= m.rows or col >= m.cols:
            return None
    return len(parts)


# Texture methods that take implicit derivatives.
# Vulkan attributes that have no DirectX meaning to fall back on.
_VULKAN_ONLY_ATTRIBUTES = {
    "spirv_instruction": "inline SPIR-V ('vk::spirv_instruction') is a Vulkan-only feature",
    "spirv_type": "inline SPIR-V ('vk::spirv_type') is a Vulkan-only feature",
}


def constant_id_attribute(decl: Any) -> A.Attribute | None:
    """The `[[vk::constant_id(N)]]` attribute of a declaration, if any."""
    for attr in getattr(decl, "attributes", None) or ():
        if attr.cxx and attr.namespace == "vk" and attr.name == "constant_id":
            return attr
    return None


# Scalar types a specialization constant may have.
_SPEC_CONSTANT_TYPES = ("bool", "int", "uint", "int16_t", "uint16_t", "int64_t", "uint64_t", "half", "float",
                        "double", "float16_t", "float32_t", "float64_t", "int32_t", "uint32_t")


def push_constant_attribute(decl: Any) -> A.Attribute | None:
    """The `[[vk::push_constant]]` attribute of a declaration, if any."""
    for attr in getattr(decl, "attributes", None) or ():
        if attr.cxx and attr.namespace == "vk" and attr.name == "push_constant":
            return attr
    return None


def _is_uav(t: T.Type) -> bool:
    while isinstance(t, T.ArrayType):
        t = t.elem
    return isinstance(t, T.ResourceType) and t.writable


def _holds_resource(t: T.Type | None) -> bool:
    while isinstance(t, T.ArrayType):
        t = t.elem
    return isinstance(t, T.ResourceType)


def _flat_count(t: T.Type) -> int | None:
    if t.is_numeric:
        return T.component_count(t)
    if isinstance(t, T.EnumType):
        return 1
    if isinstance(t, (T.ResourceType, T.LinAlgHandleType)) or _is_opaque_matrix(t):
        return 1
    if isinstance(t, T.ArrayType) and t.size is not None:
        inner = _flat_count(t.elem)
        return inner * t.size if inner is not None else None
    if isinstance(t, T.ClassType):
        total = 0
        members = t.instance.data_members
        for f in t.instance.fields if members is None else members:
            inner = _flat_count(f.type) if f.type is not None else None
            if inner is None:
                return None
            total += inner
        return total
    return None


def _is_opaque_matrix(t: T.Type) -> bool:
    """A dx::linalg matrix of the SM 6.10 and draft revisions (a handle
    with no data members): one element of a brace initialiser."""
    return isinstance(t, T.ClassType) and _is_linalg_matrix(t.instance) and not t.instance.fields


def _flat_leaves(t: T.Type) -> list[T.Type] | None:
    """The element types a brace initialiser of `t` lists, in order
    (numbers one per component)."""
    if t.is_numeric:
        return [t.element] * T.component_count(t)
    if isinstance(t, (T.ResourceType, T.LinAlgHandleType, T.EnumType)) or _is_opaque_matrix(t):
        return [t]
    if isinstance(t, T.ArrayType) and t.size is not None:
        inner = _flat_leaves(t.elem)
        return inner * t.size if inner is not None else None
    if isinstance(t, T.ClassType):
        out: list[T.Type] = []
        members = t.instance.data_members
        for f in t.instance.fields if members is None else members:
            inner = _flat_leaves(f.type) if f.type is not None else None
            if inner is None:
                return None
            out += inner
        return out
    return None


def _is_template_instance(fn: FunctionSymbol) -> bool:
    """A function template's instance, or a member of a class template's."""
    return bool(fn.template_bindings) or getattr(fn.owner, "template", None) is not None


def _require_not_bool(t: T.Type, span: Span | None) -> None:
    """`++`/`--` step numbers, not truth values (DXC's words)."""
    if t.element is T.BOOL:
        raise SemaError("operator cannot be used with a bool lvalue", span)


def _unscoped_as_int(t: T.Type) -> T.Type:
    """Unscoped enumerations take part in arithmetic as int (C++ rules)."""
    if isinstance(t, T.EnumType) and not t.symbol.scoped:
        return T.INT
    return t


def _verb(context: str) -> str:
    return {"initializing": "initialize a variable of type", "assigning": "assign to a value of type"}.get(
        context, f"convert ({context}) to")


def _candidate_note(failure: CandidateFailure) -> str:
    symbol = failure.symbol
    if failure.substituted:
        kind = "candidate function template not viable"
    elif isinstance(symbol, FunctionTemplateSymbol):
        kind = "candidate template ignored"
    else:
        kind = "candidate function not viable"
    return f"{kind}: {failure.reason}"


# Operators HLSL never lets a program overload (`Analyzer._check_operator`).
_NEVER_OVERLOADED = frozenset({"=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "<<=", ">>=",
                               "->", "->*", "++", "--", "new", "delete", "new[]", "delete[]"})


# The mesh and amplification stages' functions and their argument counts.
_MESH_FUNCTIONS = {"SetMeshOutputCounts": 2, "DispatchMesh": 4}


def _is_lvalue_expr(expr: A.Expr | None) -> bool:
    """Whether an expression names storage (for DXC's "with an lvalue of
    type" wording)."""
    while isinstance(expr, A.ParenExpr):
        expr = expr.inner
    if isinstance(expr, (A.NameExpr, A.IndexExpr)):
        return True
    return isinstance(expr, A.MemberExpr) and _is_lvalue_expr(expr.object)


def _ray_tracing_object_error(t: "T.RayTracingObjectType") -> str:
    """Why a ray tracing object is refused where it is declared."""
    if t.name == "RayQuery":
        return (f"'{t.spell()}' is supported as a local variable or parameter of a function (an array of them "
                "too); hlslc does not support a ray query object in a static or global variable or in a struct")
    return T.ray_tracing_error(t.name)
