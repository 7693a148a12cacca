"""Focused tests of the grammar, the token classifier and the tree builder,
where a small assertion on the AST says more than a whole program."""

from __future__ import annotations

import os

import pytest

from hlslc.front import ast as A
from hlslc.diagnostics import Diagnostics, render_text
from hlslc.front.parse_tables import build_lark
from hlslc.front.parser import parse_tokens
from hlslc.front.preprocessor import Preprocessor, PreprocessorOptions
from hlslc.paths import builtin_include_dir


def parse(text: str, path: str = "t.hlsl", bracket_depth: int = 256) -> tuple[A.TranslationUnit | None, Diagnostics]:
    diags = Diagnostics()
    options = PreprocessorOptions(predefined={"__HLSL_ENABLE_16_BIT": "1"},
                                  builtin_include_dir=builtin_include_dir())
    tokens = Preprocessor(options, diags).run_text(text, path)
    return parse_tokens(tokens, diags, bracket_depth=bracket_depth), diags


def parse_ok(text: str) -> A.TranslationUnit:
    tu, diags = parse(text)
    assert tu is not None, render_text(diags)
    assert not diags.has_errors, render_text(diags)
    return tu


def errors(text: str) -> list[str]:
    tu, diags = parse(text)
    assert tu is None
    out = []
    for d in diags:
        line, col = d.span.user_span().line_col()
        out.append(f"{line}:{col}: {d.message}")
    return out


def body(tu: A.TranslationUnit, index: int = -1) -> list[A.Stmt]:
    fn = tu.decls[index]
    assert isinstance(fn, A.FunctionDecl) and fn.body is not None
    return fn.body.stmts


def test_grammar_has_no_conflicts():
    # strict=True turns any shift/reduce or reduce/reduce conflict into an error.
    build_lark(strict=True)


def test_template_argument_list_vs_less_than():
    tu = parse_ok("""
        template <typename T, uint N> struct Box { };
        void f(int a, int b) {
          Box<float, 4> x;
          bool c = a < b;
          bool d = a > b;
          int e = a >> 2;
        }
    """)
    stmts = body(tu)
    decl = stmts[0].decl
    assert isinstance(decl.type, A.NamedType)
    part = decl.type.name.last
    assert part.name == "Box" and len(part.template_args) == 2
    assert isinstance(stmts[1].decl.init, A.BinaryExpr) and stmts[1].decl.init.op == "<"
    assert stmts[2].decl.init.op == ">"
    assert stmts[3].decl.init.op == ">>"


def test_double_closing_angle_brackets():
    tu = parse_ok("""
        template <typename T> struct W { };
        template <typename T> struct V { };
        void f() { W<V<int>> x; W<vector<float, 4>> y; }
    """)
    x = body(tu)[0].decl
    inner = x.type.name.last.template_args[0]
    assert isinstance(inner, A.NamedType) and inner.name.last.name == "V"
    y = body(tu)[1].decl
    assert isinstance(y.type.name.last.template_args[0], A.BuiltinTemplateType)


def test_comparison_inside_parentheses_in_template_arguments():
    tu = parse_ok("""
        template <bool B> struct Flag { };
        void f() { Flag<(3 > 2)> x; }
    """)
    arg = body(tu)[0].decl.type.name.last.template_args[0]
    assert isinstance(arg, A.ParenExpr) and arg.inner.op == ">"


def test_template_name_usable_right_after_its_declaration():
    tu = parse_ok("template <typename T> struct S { }; S<int> s;")
    assert isinstance(tu.decls[1], A.VarDecl)
    assert tu.decls[1].type.name.last.template_args is not None


def test_casts_and_functional_casts():
    tu = parse_ok("""
        struct P { float x; };
        void f(float v) {
          vector<half, 32> a = (vector<half, 32>)0;
          uint b = (uint)v;
          P p = (P)0;
          float3 c = float3(1, 2, 3);
          float d = (v) - 1;
        }
    """)
    stmts = body(tu)
    assert isinstance(stmts[0].decl.init, A.CastExpr)
    assert isinstance(stmts[1].decl.init, A.CastExpr)
    assert isinstance(stmts[2].decl.init, A.CastExpr)
    assert isinstance(stmts[3].decl.init, A.CallExpr)
    assert isinstance(stmts[3].decl.init.callee, A.TypeExpr)
    # `(v) - 1` stays a subtraction: v is not a type.
    assert isinstance(stmts[4].decl.init, A.BinaryExpr)


def test_member_template_calls_and_static_calls():
    tu = parse_ok("""
        #include <dx/linalg.h>
        using namespace dx::linalg;
        ByteAddressBuffer B;
        void f() {
          using T = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
          T m = T::Load(B, 0, 32, MatrixLayout::RowMajor);
          m.cast<MatrixComponentType::F32>();
          m.template cast<MatrixComponentType::F32, MatrixUse::B>();
          dx::linalg::MatrixUse u = dx::linalg::MatrixUse::A;
        }
    """)
    stmts = body(tu)
    load = stmts[1].decl.init
    assert isinstance(load, A.CallExpr) and load.callee.name.spelling() == "T::Load"
    cast = stmts[2].expr
    assert isinstance(cast.callee, A.MemberExpr)
    assert cast.callee.member.name == "cast" and len(cast.callee.member.template_args) == 1
    assert len(stmts[3].expr.callee.member.template_args) == 2
    assert stmts[4].decl.init.name.spelling() == "dx::linalg::MatrixUse::A"


def test_explicit_template_arguments_on_free_function_call():
    tu = parse_ok("""
        template <typename T, typename U> T conv(U u) { return (T)u; }
        void f() { float x = conv<float>(1); }
    """)
    call = body(tu)[0].decl.init
    assert isinstance(call, A.CallExpr) and isinstance(call.callee, A.TypeExpr)
    assert call.callee.type.name.last.name == "conv"


def test_operator_precedence_and_associativity():
    tu = parse_ok("void f(int a, int b, int c) { int x = a + b * c - a << 1 == 2 || a && b; a = b = c; }")
    init = body(tu)[0].decl.init
    assert init.op == "||"
    assert init.lhs.op == "=="
    assert init.lhs.lhs.op == "<<"
    assert init.lhs.lhs.lhs.op == "-"
    assert init.lhs.lhs.lhs.lhs.rhs.op == "*"
    assign = body(tu)[1].expr
    assert isinstance(assign, A.AssignExpr) and isinstance(assign.value, A.AssignExpr)


def test_dangling_else_binds_to_nearest_if():
    tu = parse_ok("void f(int a) { if (a) if (a > 1) a = 0; else a = 1; }")
    outer = body(tu)[0]
    assert isinstance(outer, A.IfStmt) and outer.otherwise is None
    assert isinstance(outer.then, A.IfStmt) and outer.then.otherwise is not None


def test_literals_with_suffixes():
    tu = parse_ok("void f() { float a = 1.0f; half b = 1.0h; double c = 1.0l; uint d = 1u; "
                  "uint64_t e = 1ul; uint g = 0xFFu; float h = 1e-3; bool i = true; int j = 017; }")
    values = [s.decl.init for s in body(tu)]
    assert (values[0].value, values[0].suffix) == (1.0, "f")
    assert values[1].suffix == "h" and values[2].suffix == "l"
    assert (values[3].value, values[3].suffix) == (1, "u")
    assert values[4].suffix == "ul"
    assert values[5].value == 255
    assert values[6].value == pytest.approx(1e-3)
    assert values[7].value is True
    assert values[8].value == 15


def test_attributes_semantics_and_registers():
    tu = parse_ok("""
        RWByteAddressBuffer Out : register(u1, space2);
        [shader("compute")]
        [numthreads(8, 4, 1)]
        [wavesize(32, 64, 32)]
        void main(uint3 id : SV_DispatchThreadID) { [unroll] for (int i = 0; i < 4; ++i) { } }
    """)
    out = tu.decls[0]
    assert out.semantics[0].name == "register" and out.semantics[0].args == ["u1", "space2"]
    fn = tu.decls[1]
    assert [a.name for a in fn.attributes] == ["shader", "numthreads", "wavesize"]
    assert len(fn.attributes[2].args) == 3
    assert fn.params[0].semantic.name == "SV_DispatchThreadID"
    loop = fn.body.stmts[0]
    assert isinstance(loop, A.ForStmt) and loop.attributes[0].name == "unroll"


def test_every_node_has_a_span_inside_its_file():
    tu = parse_ok("""
        namespace N { enum class E { A = 1, B }; }
        struct S { int a; static const uint K = 3; };
        void f(inout int x) { switch (x) { case 1: x++; break; default: --x; } do { x -= 1; } while (x > 0); }
    """)
    seen = 0
    stack: list[A.Node] = [tu]
    while stack:
        node = stack.pop()
        assert node.span is not None and 0 <= node.span.start <= node.span.end
        seen += 1
        for name in node._fields:
            value = getattr(node, name)
            items = value if isinstance(value, list) else [value]
            for item in items:
                if isinstance(item, A.Node):
                    stack.append(item)
    assert seen > 30


def test_syntax_errors_are_reported_with_recovery():
    found = errors("""void f() {
  int x = 1
  int y = 2;
}
void g(int a) {
  foo(a b);
}
void h() {
  x = (1 + ;
}
""")
    assert found == [
        "2:12: expected ';' after declaration",
        "6:9: expected ')'",
        "9:12: expected expression",
    ]


def test_missing_semicolon_after_struct_and_expression():
    assert errors("struct S { int a; }\nint k;\n") == ["1:20: expected ';' after struct"]
    assert errors("void f() {\n  g(1)\n  g(2);\n}\n") == ["2:7: expected ';' after expression"]


def test_unclosed_brace_at_end_of_input_names_the_opening_brace():
    tu, diags = parse("void f() {\n  int a = 1;\n")
    assert tu is None
    (diag,) = list(diags)
    assert diag.message == "expected '}' at end of input"
    assert diag.notes[0].message == "to match this '{'"
    assert diag.notes[0].span.line_col() == (1, 10)


def test_stray_characters_are_diagnosed_not_crashed_on():
    found = errors("void f() { int a = 1 $ 2; }\n")
    assert found[0] == "1:22: unexpected character '$'"


def test_unknown_template_name_gets_a_hint():
    tu, diags = parse("void f() { Foo<int> x; }\n")
    assert tu is None
    diag = list(diags)[0]
    assert any("'Foo' is not declared as a template" in n.message for n in diag.notes)


def test_deep_nesting_does_not_overflow():
    # The parser does not recurse: any depth the bracket limit allows parses.
    depth = 3000
    text = "void f() { int x = " + "(" * depth + "1" + ")" * depth + "; " + "{" * 500 + "}" * 500 + " }"
    tu, diags = parse(text, bracket_depth=4096)
    assert tu is not None and not diags.has_errors, render_text(diags)


def test_bracket_depth_limit_is_a_located_error():
    text = "void f() {\n  int x = " + "(" * 300 + "1" + ")" * 300 + ";\n}"
    tu, diags = parse(text)
    assert tu is None
    [diag] = list(diags)
    assert diag.message == "bracket nesting level exceeded maximum of 256"
    assert diag.span.line_col() == (2, 11 + 255)     # the function's brace is the first of 256


def test_packaged_tables_match_the_grammar():
    # After editing grammar/hlsl.lark, run `python -m hlslc.front.parse_tables`.
    from hlslc.front import parse_tables

    packaged = parse_tables._read(parse_tables.packaged_tables_path(),
                                  parse_tables.grammar_key(parse_tables.grammar_text()))
    assert packaged is not None, "grammar/hlsl.tables is stale: run `python -m hlslc.front.parse_tables`"
    fresh = parse_tables.build_tables()
    # The build is reproducible: states are numbered canonically and the
    # file's bytes do not depend on Python's hash seed.
    # (Byte equality is checked in a fresh process below: in this one,
    # earlier tests may share objects that marshal then references.)
    assert packaged == fresh


def test_table_build_does_not_depend_on_the_hash_seed():
    import subprocess
    import sys

    script = ("import hashlib\nfrom hlslc.front import parse_tables\n"
              "print(hashlib.sha256(parse_tables.encode(parse_tables.build_tables())).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", script], env={**os.environ, "PYTHONHASHSEED": seed},
                              capture_output=True, text=True, check=True).stdout for seed in ("1", "2")}
    assert len(digests) == 1


def test_tables_are_rebuilt_into_the_cache_when_the_packaged_copy_is_stale(tmp_path, monkeypatch):
    from hlslc.front import parse_tables

    monkeypatch.setenv("HLSLC_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(parse_tables, "packaged_tables_path", lambda: str(tmp_path / "missing.tables"))
    monkeypatch.setattr(parse_tables, "_LOADED", None)
    tables = parse_tables.load_tables()
    assert tables.states and list(tmp_path.glob("grammar-*.tables"))
    monkeypatch.setattr(parse_tables, "_LOADED", None)
    monkeypatch.setattr(parse_tables, "build_tables", lambda text=None: pytest.fail("cache not used"))
    assert parse_tables.load_tables().key == tables.key


def test_every_node_class_lists_its_slots_as_fields() -> None:
    """`_fields` (what the dump and the walkers visit) is every slot of the
    class, base classes first, and `__init__` takes them in that order."""
    import inspect
    classes = [c for c in vars(A).values() if isinstance(c, type) and issubclass(c, A.Node)]
    assert len(classes) > 50
    for cls in classes:
        slots = [name for klass in reversed(cls.__mro__) for name in getattr(klass, "__slots__", ())]
        assert list(cls._fields) == slots, cls.__name__
        assert not hasattr(cls(*[None] * len(slots)), "__dict__"), cls.__name__
        params = list(inspect.signature(cls.__init__).parameters)[1:]
        assert params == slots, cls.__name__
