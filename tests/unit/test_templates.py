"""The template engine (hlslc.sema.templates) on small C++-style HLSL programs.

Class templates (type and non-type parameters, defaults, instance caching),
explicit and partial specialisation, member types and static const members
as constant expressions, alias templates, function template deduction,
SFINAE, overload resolution, constant-evaluation errors and recursion
limits.  Almost nothing here is about dx::linalg: the engine must get plain
C++ template code right first.

Programs go through the library API: `hlslc.compile_source` with
`emit="nothing"` (preprocess, parse, sema) and the `SemaResult` it returns,
or `hlslc.parse` followed by `analyze_unit`, or the `Engine` directly.

Known bugs are `xfail(strict=True)` with the bug in `reason`: they start
failing (XPASS) the day the bug is fixed, so the marker gets removed.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

import hlslc
from hlslc.front import ast as A
from hlslc.diagnostics import Diagnostics
from hlslc.sema import types as T
from hlslc.sema.analyzer import CallInfo, SemaOptions, SemaResult, analyze_unit
from hlslc.sema.base import NoMatch, SemaError
from hlslc.sema.templates import Engine
from hlslc.sema.symbols import ClassInstance, ClassTemplateSymbol, FunctionTemplateSymbol

# --------------------------------------------------------------------------
# Helpers


def compile_src(src: str) -> hlslc.CompileResult:
    return hlslc.compile_source(src, "t.hlsl", hlslc.CompileOptions(profile="lib_6_10", emit="nothing"))


def sema_of(src: str) -> SemaResult:
    """Compile a program that must be accepted; its sema result."""
    result = compile_src(src)
    assert result.ok, "\n".join(f"{d.severity.value}: {d.message}" for d in result.diagnostics)
    assert result.sema is not None
    return result.sema


def errors_of(src: str) -> list[hlslc.Diagnostic]:
    """Compile a program that must be rejected; its errors (never a crash)."""
    result = compile_src(src)
    assert not result.ok, "expected an error"
    return result.errors


def error_messages(src: str) -> list[str]:
    return [d.message for d in errors_of(src)]


def global_symbol(sema: SemaResult, name: str) -> Any:
    engine = sema.engine
    return engine.lookup(name, engine.global_env, None)[0]


def const(sema: SemaResult, name: str) -> T.ConstValue:
    """The value of a global `static const`."""
    return sema.engine.var_value(global_symbol(sema, name), None)


def var_type(sema: SemaResult, name: str) -> T.Type:
    return sema.engine.var_type(global_symbol(sema, name))


def calls_to(sema: SemaResult, name: str) -> list[CallInfo]:
    """Resolved calls of functions named `name`, in the order checked (source
    order for the flat call statements used here)."""
    return [c for c in sema.calls.values() if c.kind in ("function", "method") and c.target.name == name]


def line_of_chosen(call: CallInfo) -> int:
    """The line of the declaration overload resolution picked."""
    return call.target.decl.name_span.line


def bindings(call: CallInfo) -> dict[str, str]:
    return {k: v.spell() for k, v in call.target.template_bindings.items()}


def walk(node: Any) -> Iterator[A.Node]:
    """Every AST node under `node`, depth first, in source order."""
    if isinstance(node, A.Node):
        yield node
        for name in node._fields:
            if name in ("span", "name_span"):
                continue
            yield from walk(getattr(node, name))
    elif isinstance(node, list):
        for item in node:
            yield from walk(item)


def line_number(src: str, marker: str) -> int:
    """The 1-based line of the first line of `src` containing `marker`."""
    for number, line in enumerate(src.splitlines(), 1):
        if marker in line:
            return number
    raise AssertionError(f"{marker!r} not in source")


# --------------------------------------------------------------------------
# Class templates: parameters, defaults, caching

BOX = """
template <typename T, uint N = 4, bool B = false> struct Box {
    T data[N];
    static const uint Count = N;
    static const bool Flag = B;
};
"""


def test_type_and_uint_and_bool_parameters():
    sema = sema_of(BOX + """
        static const uint C1 = Box<float>::Count;
        static const uint C7 = Box<float, 7, true>::Count;
        static const bool F1 = Box<int, 2, true>::Flag;
        static const bool F0 = Box<int, 2>::Flag;
        Box<half, 3> b;
    """)
    assert const(sema, "C1") == T.ConstValue(T.UINT, 4)
    assert const(sema, "C7") == T.ConstValue(T.UINT, 7)
    assert const(sema, "F1") == T.ConstValue(T.BOOL, 1)
    assert const(sema, "F0") == T.ConstValue(T.BOOL, 0)
    b = var_type(sema, "b")
    assert isinstance(b, T.ClassType)
    assert b.spell() == "Box<half, 3, false>"
    inst = b.instance
    assert inst.args == (T.HALF, T.ConstValue(T.UINT, 3), T.ConstValue(T.BOOL, 0))
    assert inst.arg_named("N") == T.ConstValue(T.UINT, 3)
    assert [f.name for f in inst.fields] == ["data"]
    assert sema.engine.var_type(inst.fields[0]) is T.array_of(T.HALF, 3)


def test_int_parameter_takes_negative_values():
    sema = sema_of("""
        template <int I> struct Neg { static const int value = -I; };
        static const int A = Neg<-3>::value;
        static const int B = Neg<5>::value;
    """)
    assert const(sema, "A") == T.ConstValue(T.INT, 3)
    assert const(sema, "B") == T.ConstValue(T.INT, -5)


def test_enum_class_parameter():
    sema = sema_of("""
        enum class Color { Red, Green = 5, Blue };
        template <Color C> struct Paint { static const int value = (int)C; static const Color color = C; };
        static const int P = Paint<Color::Blue>::value;
        static const int Q = Paint<Color::Red>::value;
        Paint<Color::Green> g;
    """)
    assert const(sema, "P").value == 6
    assert const(sema, "Q").value == 0
    g = var_type(sema, "g")
    assert g.spell() == "Paint<Color::Green>"
    (arg,) = g.instance.args
    assert isinstance(arg.type, T.EnumType) and arg.value == 5


def test_default_arguments_refer_to_earlier_parameters():
    # Note the `> >`: see test_closing_double_angle_after_default_argument.
    sema = sema_of("""
        template <typename T, uint N = sizeof(T) / 2, typename V = vector<T, N> > struct X {
            V v;
            static const uint n = N;
        };
        static const uint A = X<float>::n;
        static const uint B = X<double>::n;
        static const uint C = X<half>::n;
        X<float> x1;
        X<float, 2> x2;
        X<float, 2, float2> x3;
        X<int, 3> x4;
    """)
    assert const(sema, "A").value == 2
    assert const(sema, "B").value == 4
    assert const(sema, "C").value == 1
    x1 = var_type(sema, "x1")
    assert x1.spell() == "X<float, 2, float2>"
    assert var_type(sema, "x2") is x1
    assert var_type(sema, "x3") is x1
    assert var_type(sema, "x4").instance.args[2] is T.vector_of(T.INT, 3)


def test_instances_are_cached_per_argument_list():
    sema = sema_of(BOX + """
        typedef float MyFloat;
        using MyFloat2 = float32_t;
        Box<float> a;
        Box<float, 4> b;
        Box<float32_t, 4, false> c;
        Box<MyFloat, 2 + 2> d;
        Box<MyFloat2, 4u, 0> e;
        Box<float, 3> other;
        Box<int> other2;
    """)
    a = var_type(sema, "a")
    for name in ("b", "c", "d", "e"):
        t = var_type(sema, name)
        assert t is a, name
        assert t.instance is a.instance, name
    assert var_type(sema, "other") is not a
    assert var_type(sema, "other2") is not a
    template = global_symbol(sema, "Box")
    assert isinstance(template, ClassTemplateSymbol)
    assert len(template.instances) == 3


def test_class_instance_api_returns_the_cached_instance():
    sema = sema_of(BOX + "Box<float, 3> b;")
    engine = sema.engine
    template = global_symbol(sema, "Box")
    args = (T.FLOAT, T.ConstValue(T.UINT, 3), T.ConstValue(T.BOOL, 0))
    assert engine.class_instance(template, args) is var_type(sema, "b").instance
    fresh = engine.class_instance(template, (T.INT, T.ConstValue(T.UINT, 1), T.ConstValue(T.BOOL, 1)))
    assert isinstance(fresh, ClassInstance)
    assert fresh.spell() == "Box<int, 1, true>"
    assert engine.class_instance(template, (T.INT, T.ConstValue(T.UINT, 1), T.ConstValue(T.BOOL, 1))) is fresh


def test_parse_then_analyze_and_drive_the_engine():
    unit = hlslc.parse(BOX + """
        static const uint K = 2;
        Box<float, K + 1> b;
    """, "t.hlsl", profile="lib_6_10")
    diags = Diagnostics()
    sema = analyze_unit(unit, diags, SemaOptions(stage="lib"))
    assert sema is not None and not diags.has_errors
    engine = sema.engine
    # resolve_type on the declared type of `b`, evaluate on the array bound.
    decl_b = next(d for d in unit.decls if isinstance(d, A.VarDecl) and d.name == "b")
    t = engine.resolve_type(decl_b.type, engine.global_env)
    assert t is var_type(sema, "b")
    size_expr = decl_b.type.name.parts[0].template_args[1]
    assert engine.evaluate(size_expr, engine.global_env) == T.ConstValue(T.UINT, 3)
    # instantiate_class_template with the written arguments gives the same instance.
    template = global_symbol(sema, "Box")
    again = engine.instantiate_class_template(template, decl_b.type.name.parts[0].template_args,
                                              engine.global_env, None)
    assert again is t.instance


def test_engine_declare_unit_directly():
    unit = hlslc.parse("""
        template <typename T> struct Wrap { T value; using type = T; };
        typename Wrap<uint2>::type w;
    """, "t.hlsl", profile="lib_6_10")
    engine = Engine()
    engine.declare_unit(unit)
    w = engine.lookup("w", engine.global_env, None)[0]
    assert engine.var_type(w) is T.vector_of(T.UINT, 2)


# --------------------------------------------------------------------------
# Specialisation


SPECS = """
template <typename T> struct IsInt { static const bool value = false; };
template <> struct IsInt<int> { static const bool value = true; };
template <bool C, typename T> struct Pick { using type = float; static const int which = 0; };
template <typename T> struct Pick<true, T> { using type = T; static const int which = 1; };
template <> struct Pick<true, int> { using type = uint; static const int which = 2; };
template <typename T, typename U> struct Same { static const bool value = false; };
template <typename T> struct Same<T, T> { static const bool value = true; };
template <typename T> struct Elem { using type = T; static const uint n = 1; };
template <typename T, uint N> struct Elem<vector<T, N> > { using type = T; static const uint n = N; };
"""


@pytest.mark.parametrize("expr, expected", [
    ("IsInt<int>::value", 1),            # explicit specialisation
    ("IsInt<int32_t>::value", 1),        # ... through another spelling
    ("IsInt<uint>::value", 0),           # primary
    ("IsInt<float>::value", 0),
    ("Pick<false, int>::which", 0),      # primary
    ("Pick<true, half>::which", 1),      # partial
    ("Pick<true, int>::which", 2),       # explicit beats partial
    ("Same<int, int>::value", 1),        # partial Same<T, T>
    ("Same<float32_t, float>::value", 1),
    ("Same<uint, dword>::value", 1),
    ("Same<int, uint>::value", 0),
    ("Elem<float3>::n", 3),              # partial on vector<T, N>
    ("Elem<int>::n", 1),
])
def test_specialisation_selection(expr, expected):
    sema = sema_of(SPECS + f"static const int R = {expr};")
    assert const(sema, "R").value == expected


@pytest.mark.parametrize("written, expected", [
    ("typename Pick<false, int>::type", T.FLOAT),
    ("typename Pick<true, half>::type", T.HALF),
    ("typename Pick<true, int>::type", T.UINT),
    ("Pick<true, int>::type", T.UINT),
    ("typename Elem<uint4>::type", T.UINT),
    ("Elem<double>::type", T.DOUBLE),
])
def test_nested_member_types(written, expected):
    sema = sema_of(SPECS + f"{written} v;")
    assert var_type(sema, "v") is expected


def test_explicit_specialisation_with_int_parameter_ends_recursion():
    sema = sema_of("""
        template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
        template <> struct Fact<0> { static const int value = 1; };
        static const int F0 = Fact<0>::value;
        static const int F5 = Fact<5>::value;
        static const int F10 = Fact<10>::value;
        static_assert(Fact<4>::value == 24, "4! is 24");
        float arr[Fact<3>::value];
    """)
    assert const(sema, "F0").value == 1
    assert const(sema, "F5").value == 120
    assert const(sema, "F10").value == 3628800
    assert var_type(sema, "arr") is T.array_of(T.FLOAT, 6)


def test_recursive_template_with_two_base_cases():
    sema = sema_of("""
        template <int N> struct Fib { static const int value = Fib<N - 1>::value + Fib<N - 2>::value; };
        template <> struct Fib<0> { static const int value = 0; };
        template <> struct Fib<1> { static const int value = 1; };
        static const int F = Fib<20>::value;
    """)
    assert const(sema, "F").value == 6765


def test_partial_specialisation_on_bool_and_enum_values():
    sema = sema_of("""
        enum class Mode { Fast, Exact };
        template <Mode M, typename T> struct Cost { static const int value = 10; };
        template <typename T> struct Cost<Mode::Fast, T> { static const int value = 1; };
        static const int Fast = Cost<Mode::Fast, float>::value;
        static const int Exact = Cost<Mode::Exact, float>::value;
    """)
    assert const(sema, "Fast").value == 1
    assert const(sema, "Exact").value == 10


@pytest.mark.parametrize("src", [
    """template <uint N> struct IsZero { static const bool value = false; };
       template <> struct IsZero<0> { static const bool value = true; };
       static_assert(IsZero<0>::value, "uint specialisation");""",
    """template <bool B> struct IsT { static const bool value = false; };
       template <> struct IsT<1> { static const bool value = true; };
       static_assert(IsT<true>::value, "bool specialisation");""",
], ids=["uint-0", "bool-1"])
def test_explicit_specialisation_of_uint_and_bool_parameters(src):
    sema_of(src)


def test_recursive_uint_template_with_base_case():
    sema = sema_of("""
        template <uint N> struct Fact { static const uint value = N * Fact<N - 1>::value; };
        template <> struct Fact<0> { static const uint value = 1; };
        static_assert(Fact<5>::value == 120, "5! is 120");
    """)
    assert sema is not None


def test_recursive_uint_template_with_unsigned_base_case():
    # Written `0u`, the base case of a uint template matches (and wraps at 2^32).
    sema = sema_of("""
        template <uint N> struct Fact { static const uint value = N * Fact<N - 1>::value; };
        template <> struct Fact<0u> { static const uint value = 1; };
        static const uint F5 = Fact<5>::value;
        static const uint F13 = Fact<13>::value;
    """)
    assert const(sema, "F5") == T.ConstValue(T.UINT, 120)
    assert const(sema, "F13") == T.ConstValue(T.UINT, 6227020800 % 2**32)


# --------------------------------------------------------------------------
# Static const members as constant expressions


@pytest.mark.parametrize("expr, type_, value", [
    ("3 > 2 ? 10 : 20", T.INT, 10),
    ("Box<float, 3>::Count == 4 ? 1 : 2", T.INT, 2),
    ("-7 / 2", T.INT, -3),                        # truncates toward zero
    ("-7 % 2", T.INT, -1),
    ("7u / 2", T.UINT, 3),
    ("Box<float, 9>::Count / 2", T.UINT, 4),
    ("0u - 1", T.UINT, 0xFFFFFFFF),               # unsigned wrap-around
    ("Box<float, 0xFFFFFFFF>::Count + 2", T.UINT, 1),
    ("~0u", T.UINT, 0xFFFFFFFF),
    ("(uint)-1", T.UINT, 0xFFFFFFFF),
    ("0u - 1 > 0", T.BOOL, 1),
    ("1 << 4 | 3", T.INT, 19),
    ("sizeof(float)", T.UINT, 4),
    ("sizeof(bool)", T.UINT, 4),
    ("sizeof(half2)", T.UINT, 4),
    ("sizeof(double)", T.UINT, 8),
    ("sizeof(float4)", T.UINT, 16),
    ("sizeof(float3x3)", T.UINT, 36),
    ("sizeof(vector<uint16_t, 3>)", T.UINT, 6),
])
def test_constant_expressions(expr, type_, value):
    sema = sema_of(BOX + f"static const {type_.spell()} R = {expr};")
    r = const(sema, "R")
    assert r.type is type_
    assert r.value == value


def test_sizeof_of_template_parameter_and_struct_argument():
    sema = sema_of("""
        struct S { float3 a; uint b; };
        template <typename T> struct SizeOf { static const uint value = sizeof(T); };
        static const uint A = SizeOf<S>::value;
        static const uint B = SizeOf<int64_t>::value;
        static const uint C = SizeOf<float2x4>::value;
    """)
    assert const(sema, "A").value == 16
    assert const(sema, "B").value == 8
    assert const(sema, "C").value == 32


@pytest.mark.parametrize("src", [
    """struct S { float3 a; uint b; };
       static_assert(sizeof(S) == 16, "");""",
    """template <typename T> struct B { T a; };
       static_assert(sizeof(B<float4>) == 16, "");""",
], ids=["struct", "class-template-instance"])
def test_sizeof_struct_before_its_fields_are_checked(src):
    sema_of(src)


# --------------------------------------------------------------------------
# Aliases


def test_alias_templates_and_member_aliases():
    sema = sema_of("""
        template <typename T, uint N> using Vec = vector<T, N>;
        template <typename T> using Vec3 = Vec<T, 3>;
        template <typename T> struct Box {
            using value_type = T;
            typedef vector<T, 4> wide;
            T item;
        };
        template <typename T> using BoxOf = Box<T>;
        template <typename B> struct ValueOf { using type = typename B::value_type; };
        template <typename T> struct Outer { struct Inner { T x; }; using In = Inner; };
        Vec<float, 2> v2;
        Vec3<int> v3;
        Box<half>::value_type bh;
        Box<uint>::wide bw;
        BoxOf<float> bf;
        Box<float> bf2;
        ValueOf<Box<double> >::type vd;
        Outer<int>::Inner oi;
        typename Outer<int>::In oi2;
    """)
    assert var_type(sema, "v2") is T.vector_of(T.FLOAT, 2)
    assert var_type(sema, "v3") is T.vector_of(T.INT, 3)
    assert var_type(sema, "bh") is T.HALF
    assert var_type(sema, "bw") is T.vector_of(T.UINT, 4)
    assert var_type(sema, "bf") is var_type(sema, "bf2")
    assert var_type(sema, "vd") is T.DOUBLE
    assert var_type(sema, "oi").spell() == "Outer<int>::Inner"
    assert var_type(sema, "oi2") is var_type(sema, "oi")


# --------------------------------------------------------------------------
# Function templates: deduction


DEDUCE = """
template <typename T> T twice(T x) { return x + x; }
template <typename T, uint N> vector<T, N> vtwice(vector<T, N> v) { return v + v; }
template <typename T, uint N> struct Box { T data[N]; };
template <typename T, uint N> uint count(Box<T, N> b) { return N; }
template <typename T> T head(T arr[]) { return arr[0]; }
template <typename R, typename T> R conv(T x) { return (R)x; }
template <typename T, typename U = T> U same(T x) { return x; }
template <typename T, int K = sizeof(T)> int sz(T x) { return K; }
"""


@pytest.mark.parametrize("call, name, expected_bindings, return_type", [
    ("twice(1.0f)", "twice", {"T": "float"}, "float"),
    ("twice(2)", "twice", {"T": "int"}, "int"),                 # literal int deduces int
    ("twice(2.5)", "twice", {"T": "float"}, "float"),           # literal float deduces float
    ("twice(true)", "twice", {"T": "bool"}, "bool"),
    ("twice<uint>(3)", "twice", {"T": "uint"}, "uint"),         # explicit
    ("twice<half>(3)", "twice", {"T": "half"}, "half"),
    ("vtwice(float3(1, 2, 3))", "vtwice", {"T": "float", "N": "3"}, "float3"),
    ("vtwice(int2(1, 2))", "vtwice", {"T": "int", "N": "2"}, "int2"),
    ("count(b)", "count", {"T": "float", "N": "3"}, "uint"),   # from Box<float, 3>
    ("head(a4)", "head", {"T": "float"}, "float"),             # from float[4]
    ("conv<int>(1.5f)", "conv", {"R": "int", "T": "float"}, "int"),
    ("same(1u)", "same", {"T": "uint", "U": "uint"}, "uint"),   # default = earlier parameter
    ("same<int, float>(1)", "same", {"T": "int", "U": "float"}, "float"),
    ("sz(1.0h)", "sz", {"T": "half", "K": "2"}, "int"),         # non-type default from sizeof(T)
])
def test_function_template_deduction(call, name, expected_bindings, return_type):
    sema = sema_of(DEDUCE + f"""
        void use() {{
            Box<float, 3> b;
            float a4[4];
            {call};
        }}
    """)
    (info,) = calls_to(sema, name)
    assert bindings(info) == expected_bindings
    assert info.return_type.spell() == return_type
    # The call expression's type is recorded under id(expr).
    call_expr = next(n for n in walk(sema.unit) if isinstance(n, A.CallExpr) and id(n) in sema.calls
                     and sema.calls[id(n)] is info)
    assert sema.expr_types[id(call_expr)] is info.return_type


def test_function_instances_are_shared_between_calls():
    sema = sema_of(DEDUCE + """
        void use() { twice(1.0f); twice(2.0f); twice<float32_t>(3); twice(4); }
    """)
    a, b, c, d = calls_to(sema, "twice")
    assert a.target is b.target is c.target
    assert d.target is not a.target


@pytest.mark.parametrize("call, note", [
    ("add(1, 2.0f)", "candidate template ignored: could not match 'T' against 'float'"),
    ("get(b4)", "candidate template ignored: could not match 'Box<T, 3>' against 'Box<float, 4>': "
                "template argument N is 4, expected 3"),
    ("head(1.0f)", "candidate template ignored: could not match 'T[]' against 'float': "
                   "the argument is not an array"),
    ("make()", "candidate template ignored: couldn't infer template argument 'T'"),
    ("twice<float>(1, 2)", "candidate template ignored: requires 1 argument, but 2 were provided"),
])
def test_deduction_failures_explain_the_candidate(call, note):
    errors = errors_of(DEDUCE + f"""
        template <typename T> T add(T a, T b) {{ return a + b; }}
        template <typename T> T get(Box<T, 3> b) {{ return b.data[0]; }}
        template <typename T> T make() {{ return (T)0; }}
        void use() {{ Box<float, 4> b4; {call}; }}
    """)
    (error,) = errors
    name = call.split("(")[0].split("<")[0]
    assert error.message == f"no matching function for call to '{name}'"
    assert [n.message for n in error.notes] == [note]


def test_deduce_function_api():
    sema = sema_of(DEDUCE)
    engine = sema.engine
    vtwice = global_symbol(sema, "vtwice")
    assert isinstance(vtwice, FunctionTemplateSymbol)
    fn = engine.deduce_function(vtwice, [], engine.global_env, [T.vector_of(T.HALF, 4)], None)
    assert fn.template_bindings == {"T": T.HALF, "N": T.ConstValue(T.UINT, 4)}
    assert engine.signature_of(fn).return_type is T.vector_of(T.HALF, 4)
    with pytest.raises(SemaError):
        engine.deduce_function(vtwice, [], engine.global_env, [T.FLOAT], None)


def test_deduced_int_parameter_has_its_declared_type():
    sema = sema_of("""
        template <bool C, typename R = void> struct enable_if {};
        template <typename R> struct enable_if<true, R> { using type = R; };
        template <typename T> struct Len { static const bool neg_is_negative = false; };
        template <typename T, int N> struct Len<vector<T, N> > { static const bool neg_is_negative = -N < 0; };
        static const bool B = Len<float3>::neg_is_negative;
        template <typename T, int N> typename enable_if<(-N < 0), T>::type f(vector<T, N> v) { return v.x; }
        void u() { f(float3(1, 2, 3)); }
    """)
    assert const(sema, "B").value == 1


# --------------------------------------------------------------------------
# SFINAE

TRAITS = """
template <bool C, typename R = void> struct enable_if {};
template <typename R> struct enable_if<true, R> { using type = R; };
template <bool C, typename R = void> struct EnableIf {};
template <typename R> struct EnableIf<true, R> { using type = R; };
template <typename T> struct IsFloat { static const bool value = false; };
template <> struct IsFloat<float> { static const bool value = true; };
template <> struct IsFloat<half> { static const bool value = true; };
template <typename T> struct is_int { static const bool value = false; };
template <> struct is_int<int> { static const bool value = true; };
template <> struct is_int<uint> { static const bool value = true; };
"""


@pytest.mark.parametrize("arg, chosen_marker, t", [
    ("1.0f", "// float-kind", "float"),
    ("1.0h", "// float-kind", "half"),
    ("2", "// other-kind", "int"),
    ("true", "// other-kind", "bool"),
])
def test_sfinae_in_return_type_selects_the_other_overload(arg, chosen_marker, t):
    src = TRAITS + f"""
template <typename T> typename EnableIf<IsFloat<T>::value, int>::type kind(T x) {{ return 1; }} // float-kind
template <typename T> typename EnableIf<!IsFloat<T>::value, uint>::type kind(T x) {{ return 2; }} // other-kind
void use() {{ kind({arg}); }}
"""
    sema = sema_of(src)
    (info,) = calls_to(sema, "kind")
    assert line_of_chosen(info) == line_number(src, chosen_marker)
    assert bindings(info) == {"T": t}


def test_sfinae_in_default_template_argument():
    src = TRAITS + """
template <typename T, typename E = typename enable_if<is_int<T>::value>::type> int g(T x) { return 1; } // tmpl
float g(float x) { return x; } // plain
void use() { g(1); g(1u); g(1.0f); g(true); }
"""
    sema = sema_of(src)
    lines = [line_of_chosen(c) for c in calls_to(sema, "g")]
    tmpl, plain = line_number(src, "// tmpl"), line_number(src, "// plain")
    assert lines == [tmpl, tmpl, plain, plain]


def test_no_candidate_left_is_a_hard_error_with_the_requirement():
    src = TRAITS + """
template <typename T> typename enable_if<is_int<T>::value, T>::type only_int(T x) { return x; } // a
template <typename T> typename enable_if<sizeof(T) == 8, T>::type only_int(T x) { return x; } // b
void use() { only_int(1.5f); } // call
"""
    (error,) = errors_of(src)
    assert error.message == "no matching function for call to 'only_int'"
    assert error.span.line == line_number(src, "// call")
    assert [(n.message, n.span.line) for n in error.notes] == [
        ("candidate template ignored: requirement 'is_int<T>::value' was not satisfied [with T = float]",
         line_number(src, "// a")),
        ("candidate template ignored: requirement 'sizeof(T) == 8' was not satisfied [with T = float]",
         line_number(src, "// b")),
    ]


def test_requirement_names_the_false_clause_and_its_parameters():
    (error,) = errors_of(TRAITS + """
        template <typename T, uint N> typename enable_if<is_int<T>::value && (N > 2), T>::type
        h(vector<T, N> x) { return x.x; }
        void use() { h(int2(1, 2)); }
    """)
    assert error.message == "no matching function for call to 'h'"
    # As clang: only the clause that is false, and only the parameters it uses.
    assert [n.message for n in error.notes] == [
        "candidate template ignored: requirement 'N > 2' was not satisfied [with N = 2]"]


def test_requirement_lists_every_parameter_when_all_clauses_fail():
    (error,) = errors_of(TRAITS + """
        template <typename T, uint N> typename enable_if<is_int<T>::value && (N > 2), T>::type
        h(vector<T, N> x) { return x.x; }
        void use() { h(float2(1, 2)); }
    """)
    assert [n.message for n in error.notes] == [
        "candidate template ignored: requirement 'is_int<T>::value && (N > 2)' was not satisfied "
        "[with T = float, N = 2]"]


def test_other_enable_if_spellings_fall_back_to_the_missing_member():
    (error,) = errors_of(TRAITS + """
        template <typename T> typename EnableIf<IsFloat<T>::value, T>::type only_float(T x) { return x; }
        void use() { only_float(3u); }
    """)
    assert [n.message for n in error.notes] == [
        "candidate template ignored: no member named 'type' in 'EnableIf<false, uint>'"]


def test_resolve_overload_api_raises_no_match_with_failures():
    sema = sema_of(TRAITS + """
        template <typename T> typename enable_if<is_int<T>::value, T>::type only_int(T x) { return x; }
    """)
    engine = sema.engine
    from hlslc.sema.conversions import implicit_conversion
    candidates = engine.lookup("only_int", engine.global_env, None)

    def conversion_of(source, target, param):
        return implicit_conversion(source, target)

    resolved = engine.resolve_overload(candidates, None, engine.global_env, [T.UINT], "only_int", None,
                                       conversion_of)
    assert resolved.return_type is T.UINT and resolved.param_types == [T.UINT]
    with pytest.raises(NoMatch) as info:
        engine.resolve_overload(candidates, None, engine.global_env, [T.FLOAT], "only_int", None, conversion_of)
    (failure,) = info.value.failures
    assert failure.requirement is not None
    assert failure.requirement.bindings == [("T", "float")]
    assert failure.requirement.failed_clauses == ["is_int<T>::value"]


# --------------------------------------------------------------------------
# Overload resolution

OVERLOADS = """
int f(int x) { return 1; }           // f-int
float f(float x) { return 2; }       // f-float
double f(double x) { return 3; }     // f-double
float3 s(float3 v) { return v; }     // s-vec
float s(float x) { return x; }       // s-scalar
int q(double x) { return 1; }        // q-double
uint q(int x) { return 2; }          // q-int
template <typename T> T nt(T x) { return x; }   // nt-template
float nt(float x) { return x; }                 // nt-plain
int g(int x) { return 1; }           // g-int
float g(float x) { return 2; }       // g-float
"""


@pytest.mark.parametrize("call, marker", [
    ("f(2)", "// f-int"),             # literal int: exact for int
    ("f(2.0)", "// f-float"),         # literal float: exact for float
    ("f(2.0f)", "// f-float"),
    ("f(2.0l)", "// f-double"),
    ("f(true)", "// f-int"),          # bool -> int is a promotion, -> float a conversion
    ("g(2)", "// g-int"),
    ("g(2.0)", "// g-float"),
    ("s(1.0f)", "// s-scalar"),       # exact beats splat
    ("s(2)", "// s-scalar"),
    ("s(float3(1, 2, 3))", "// s-vec"),
    ("q(hh)", "// q-double"),         # half -> double promotion beats half -> int conversion
    ("q(1.0f)", "// q-double"),       # float -> double promotion beats float -> int conversion
    ("nt(1.0f)", "// nt-plain"),      # tie: the non-template wins
    ("nt(1)", "// nt-template"),      # T = int is exact, float only takes the literal
])
def test_overload_ranking(call, marker):
    src = OVERLOADS + f"void use() {{ half hh = 1; {call}; }}"
    sema = sema_of(src)
    name = call.split("(")[0]
    (info,) = calls_to(sema, name)
    assert line_of_chosen(info) == line_number(src, marker)


def test_splat_is_chosen_when_it_is_the_only_way():
    sema = sema_of("float3 only_vec(float3 v) { return v; } void use() { only_vec(1.0f); }")
    (info,) = calls_to(sema, "only_vec")
    assert info.param_types == [T.vector_of(T.FLOAT, 3)]


def test_vector_truncation_warns():
    result = compile_src("""
        float2 tr(float2 v) { return v; }
        void use() { tr(float4(1, 2, 3, 4)); }
    """)
    assert result.ok
    assert [w.message for w in result.warnings] == ["implicit truncation of vector type from 'float4' to 'float2' [-Wconversion]"]
    assert result.warnings[0].span.line == 3


def test_exact_vector_match_does_not_warn():
    result = compile_src("float2 tr(float2 v) { return v; } void use() { tr(float2(1, 2)); }")
    assert result.ok and not result.warnings


@pytest.mark.parametrize("src, name, candidate_lines", [
    ("""int f(int x, float y) { return 1; }
        float f(float x, int y) { return 2; }
        double f(double x, double y) { return 3; }
        void use() { f(1u, 1u); }""", "f", [1, 2, 3]),
    ("""void f(int x, uint y) {}
        void f(uint x, int y) {}
        void use() { int a = 1; f(a, a); }""", "f", [1, 2]),
    ("""template <typename T> void a(T x, float y) {}
        template <typename T> void a(float x, T y) {}
        void use() { a(1.0f, 1.0f); }""", "a", [1, 2]),
], ids=["uint-uint-to-mixed-pairs", "signedness-both-ways", "two-templates"])
def test_ambiguous_call_lists_candidates(src, name, candidate_lines):
    (error,) = errors_of(src)
    assert error.message == f"call to '{name}' is ambiguous"
    assert all(n.message == "candidate function" for n in error.notes)
    assert sorted(n.span.line for n in error.notes) == candidate_lines


@pytest.mark.parametrize("call, chosen", [
    ("f(1u)", "f-int"),              # a signedness change costs less than a cast to float
    ("g(v2, 1u)", "g-vector"),       # a splat costs less than a truncation
    ("g(1u, 2u)", "g-scalar"),       # exact
    ("h(0.5, 1.0, v2)", "h-vector"),  # two literal splats against one truncation
    ("k(float3(1, 2, 3))", "k-float"),  # a truncation against a truncation and a cast
])
def test_dxc_score_decides_where_cpp_rule_finds_no_best(call, chosen):
    # C++'s rule leaves these ambiguous; DXC's additive score (SemaHLSL.cpp
    # ScoreCast) picks one, and so does hlslc.
    src = f"""
        int f(int x) {{ return 1; }}  // f-int
        float f(float x) {{ return 2; }}
        double f(double x) {{ return 3; }}
        uint g(uint a, uint b) {{ return 1; }}  // g-scalar
        uint2 g(uint2 a, uint2 b) {{ return 2; }}  // g-vector
        float h(float a, float b, float x) {{ return 1; }}
        float2 h(float2 a, float2 b, float2 x) {{ return 2; }}  // h-vector
        void k(float x) {{}}  // k-float
        void k(int2 x) {{}}
        void use() {{ uint2 v2 = 1; {call}; }}
    """
    sema = sema_of(src)
    (info,) = calls_to(sema, call.split("(")[0])
    assert line_of_chosen(info) == line_number(src, f"// {chosen}")


def test_more_template_parameters_lose_a_tie():
    src = """
        template <typename T, typename U> int f(T x, U y) { return 1; }
        template <typename T> int f(T x, T y) { return 2; }  // specialised
        void use() { f(1.0f, 2.0f); }
    """
    sema = sema_of(src)
    (info,) = calls_to(sema, "f")
    assert line_of_chosen(info) == line_number(src, "// specialised")


@pytest.mark.parametrize("specialised", [
    "template <typename T, uint N> int f(vector<T, N> x) { return 2; }  // specialised",
    "template <typename T> int f(vector<T, 3> x) { return 2; }  // specialised",
], ids=["vector-T-N", "vector-T-3"])
def test_partial_ordering_prefers_the_more_specialised_template(specialised):
    src = f"""
        template <typename T> int f(T x) {{ return 1; }}
        {specialised}
        void use() {{ f(float3(1, 2, 3)); }}
    """
    sema = sema_of(src)
    (info,) = calls_to(sema, "f")
    assert line_of_chosen(info) == line_number(src, "// specialised")


# --------------------------------------------------------------------------
# Function template explicit specialisation


def test_function_template_explicit_specialisation_by_type():
    src = """
        template <typename T> T twice(T x) { return x + x; }
        template <> float twice<float>(float x) { return 2 * x; }  // spec
        void use() { twice(1.0f); twice(1); }
    """
    sema = sema_of(src)
    spec, primary = calls_to(sema, "twice")
    assert line_of_chosen(spec) == line_number(src, "// spec")
    assert bindings(primary) == {"T": "int"}


def test_function_template_explicit_specialisation_by_uint_value():
    src = """
        template <uint N> uint nth() { return N; }
        template <> uint nth<0>() { return 42; }  // spec
        void use() { nth<0>(); }
    """
    sema = sema_of(src)
    (info,) = calls_to(sema, "nth")
    assert line_of_chosen(info) == line_number(src, "// spec")


# --------------------------------------------------------------------------
# Constant evaluation errors


@pytest.mark.parametrize("src, message", [
    ("float arr[10 % 0];", "division by zero in a constant expression"),
    ("static const int Z = 0; static const int D = 10 / Z; float arr[D];",
     "division by zero in a constant expression"),
    ("template <uint N> struct A { static const uint v = 100 / N; }; float arr[A<0>::v];",
     "division by zero in a constant expression"),
    ("template <uint N> struct A { static const uint v = 100 / N; }; static_assert(A<0>::v == 1, \"\");",
     "division by zero in a constant expression"),
    ("template <uint N = 1 / 0> struct A { }; A<> a;", "division by zero in a constant expression"),
    ("void f(int n) { float arr[n]; }", "'n' is not a constant expression"),
    ("static int g = 3; float arr[g];", "'g' is not a constant expression"),
    ("void f(int n) { vector<float, n> v; }", "'n' is not a constant expression"),
    ("template <typename T, uint N> struct Box { T d[N]; }; void f(int n) { Box<float, n> b; }",
     "'n' is not a constant expression"),
    ("float arr[0];", "array size must be positive (got 0)"),
    ("float arr[2.5];", "array size is not an integer constant"),
    ("template <uint N> struct A { }; A<-1> a;",
     "template argument for 'N' is negative (-1) but its type is 'uint'"),
    ("template <uint N> struct A { }; static const int M = -2; A<M> a;",
     "template argument for 'N' is negative (-2) but its type is 'uint'"),
    ("template <uint16_t N> struct A { }; A<70000> a;",
     "template argument for 'N' (70000) does not fit in 'uint16_t'"),
    ("template <uint N> struct A { }; A<4294967296> a;",
     "template argument for 'N' (4294967296) does not fit in 'uint'"),
    ("enum class Color { Red }; template <Color C> struct P {}; P<1> a;",
     "template argument for 'C' must be a 'Color' value, not '1'"),
    ("enum class Color { Red }; enum class Shape { Box }; template <Color C> struct P {}; P<Shape::Box> a;",
     "template argument for 'C' must be a 'Color' value, not 'Shape::Box'"),
    ("enum class Color { Red }; template <int N> struct P {}; P<Color::Red> a;",
     "template argument for 'N' must be a 'int', not the enumerator 'Color::Red'"),
    ("template <typename T> struct P {}; P<3> a;", "template argument for a type parameter must be a type"),
    ("template <int N> struct P {}; P<float> a;",
     "template argument for non-type parameter 'N' must be a value, not the type 'float'"),
    ("template <int N> struct P {}; P<1, 2> a;", "too many template arguments for class template 'P'"),
    ("template <int N, int M> struct P {}; P<1> a;", "too few template arguments for class template 'P'"),
    ("template <typename T> struct P {}; P a;", "use of class template 'P' requires template arguments"),
])
def test_constant_and_template_argument_errors(src, message):
    assert error_messages(src) == [message]


@pytest.mark.parametrize("expr, value", [
    ("(int)4294967295u", -1),
    ("2147483647 + 1", -2147483648),
])
def test_signed_int_wraps(expr, value):
    sema = sema_of(f"static const int R = {expr};")
    assert const(sema, "R").value == value


def test_int_template_argument_out_of_range():
    errors_of("template <int N> struct A { static const int v = N; }; A<3000000000> a;")


@pytest.mark.parametrize("src, message", [
    ("template <uint N> struct A { float d[N]; }; A<0> a;", "array size must be positive (got 0)"),
    ("template <uint N> struct A { float d[100 / N]; }; A<0> a;", "division by zero in a constant expression"),
    ("template <typename T> struct A { Undeclared x; }; A<int> a;", "use of undeclared identifier 'Undeclared'"),
    ("template <int N> struct A { static_assert(N > 0, \"N must be positive\"); }; A<0> a;",
     "static assertion failed: N must be positive"),
], ids=["zero-size-field", "division-in-field", "undeclared-field-type", "static-assert-in-body"])
def test_instance_fields_are_checked(src, message):
    assert error_messages(src) == [message]


# --------------------------------------------------------------------------
# Recursion and limits


@pytest.mark.parametrize("src", [
    # static member recursion without a base case, forced by a constant context
    """template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
       static_assert(Fact<5>::value == 120, "");""",
    """template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
       float arr[Fact<5>::value];""",
    """template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
       void f() { float arr[Fact<5>::value]; }""",
    """template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
       template <int N> struct Use { float arr[Fact<N>::value]; };
       void f() { Use<3> u; u.arr[0] = 1; }""",
    # enum member recursion hits the engine's instantiation depth limit
    """template <int N> struct R { enum { value = R<N + 1>::value }; };
       R<0> r;""",
], ids=["static-assert", "global-array-size", "local-array-size", "through-another-template", "enum-member"])
def test_unbounded_recursion_is_a_diagnostic_not_a_crash(src):
    errors = errors_of(src)
    assert len(errors) == 1
    assert "too deeply" in errors[0].message


def test_instantiation_depth_limit_names_the_template():
    (error,) = errors_of("""
        template <int N> struct R { enum { value = R<N + 1>::value }; };
        R<0> r;
    """)
    assert error.message == "template instantiation of 'R' nested too deeply"
    assert error.span is not None


def test_deep_but_bounded_recursion_is_fine():
    sema = sema_of("""
        template <int N> struct Sum { static const int value = N + Sum<N - 1>::value; };
        template <> struct Sum<0> { static const int value = 0; };
        static_assert(Sum<1000>::value == 500500, "");
        static const int S = Sum<1000>::value;
    """)
    # Sum<1000> is cached: reading S afterwards needs no deep recursion.
    assert const(sema, "S").value == 500500


def test_global_recursion_diagnostic_has_a_location():
    (error,) = errors_of("""
        template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
        float arr[Fact<5>::value];
    """)
    assert error.span is not None


def test_static_const_initialiser_is_evaluated():
    errors_of("""
        template <int N> struct Fact { static const int value = N * Fact<N - 1>::value; };
        static const int F = Fact<5>::value;
    """)


# --------------------------------------------------------------------------
# Bugs outside the engine that template code runs into


def test_closing_double_angle_after_default_argument():
    sema = sema_of("""
        template <typename T = vector<int, 2>> struct X { T t; };
        X<> a;
    """)
    assert var_type(sema, "a").spell() == "X<int2>"


@pytest.mark.parametrize("src", [
    "enum E { A = 1, B = A + 1 };",
    "enum E { A = 2 }; float arr[A];",
    "enum E { A = 1 }; static const int X = A * 2; float arr[X];",
    """template <int N> struct R { enum { value = N * R<N - 1>::value }; };
       template <> struct R<0> { enum { value = 1 }; };
       static_assert(R<5>::value == 120, "");""",
], ids=["earlier-enumerator", "array-size", "arithmetic", "enum-factorial"])
def test_unscoped_enum_in_constant_expressions(src):
    sema_of(src)
