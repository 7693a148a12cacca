"""Tests of the preprocessor (hlslc/front/preprocessor.py), through its public API."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hlslc.diagnostics import Diagnostics, Severity
from hlslc.front.preprocessor import MAX_INCLUDE_DEPTH, Preprocessor, PreprocessorOptions, spell_tokens
from hlslc.front.tokens import CHAR, IDENT, NUMBER, OTHER, PUNCT, STRING


# --------------------------------------------------------------------------
# Helpers

def preprocess(text: str, path: str = "main.hlsl", **options):
    diags = Diagnostics()
    pp = Preprocessor(PreprocessorOptions(**options), diags)
    return pp.run_text(text, path), diags


def spelled(text: str, **options) -> str:
    """The output tokens joined by single spaces; asserts no diagnostics."""
    tokens, diags = preprocess(text, **options)
    assert [d.message for d in diags] == []
    return " ".join(t.text for t in tokens)


def reported(diags: Diagnostics) -> list[tuple[str, str, int, int]]:
    """(severity, message, line, column) of every diagnostic, in order."""
    out = []
    for d in diags:
        # Where users see it: the outermost macro invocation, if any.
        line, col = d.span.user_span().line_col() if d.span is not None else (0, 0)
        out.append((d.severity.value, d.message, line, col))
    return out


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# Lexing

def test_token_kinds_and_pp_numbers():
    tokens, diags = preprocess("x _y1 1.0f 1.0h 1.0l 1u 1ul 0x1F 1e-3 .5 1.e+5 'c' \"s\" L\"w\" u8'c' @ $ `\n")
    assert not diags.items
    assert [(t.kind, t.text) for t in tokens] == [
        (IDENT, "x"), (IDENT, "_y1"), (NUMBER, "1.0f"), (NUMBER, "1.0h"), (NUMBER, "1.0l"),
        (NUMBER, "1u"), (NUMBER, "1ul"), (NUMBER, "0x1F"), (NUMBER, "1e-3"), (NUMBER, ".5"),
        (NUMBER, "1.e+5"), (CHAR, "'c'"), (STRING, '"s"'), (STRING, 'L"w"'), (CHAR, "u8'c'"),
        (OTHER, "@"), (OTHER, "$"), (OTHER, "`"),
    ]


def test_punctuators_longest_match():
    text = ":: -> ... <<= >>= <= >= == != && || ++ -- += -= *= /= %= &= ^= |= << >> ## # a.b x<y>z"
    tokens, _ = preprocess(text)
    assert [t.text for t in tokens] == [
        "::", "->", "...", "<<=", ">>=", "<=", ">=", "==", "!=", "&&", "||", "++", "--", "+=", "-=", "*=",
        "/=", "%=", "&=", "^=", "|=", "<<", ">>", "##", "#", "a", ".", "b", "x", "<", "y", ">", "z"]
    assert all(t.kind is PUNCT for t in tokens[:25])
    tokens, _ = preprocess("a+++++b x>>=y")
    assert [t.text for t in tokens] == ["a", "++", "++", "+", "b", "x", ">>=", "y"]


def test_comments_are_removed_and_count_as_space():
    tokens, diags = preprocess("a/* c */b // line\nc/*\nmulti\n*/d")
    assert not diags.items
    assert [(t.text, t.space) for t in tokens] == [("a", False), ("b", True), ("c", True), ("d", True)]
    assert [t.bol for t in tokens] == [True, False, True, False]


def test_bol_and_space_flags():
    tokens, _ = preprocess("a b\n  c(d)")
    assert [(t.text, t.bol, t.space) for t in tokens] == [
        ("a", True, False), ("b", False, True), ("c", True, True), ("(", False, False),
        ("d", False, False), (")", False, False)]


def test_token_spans_are_character_ranges():
    tokens, _ = preprocess("int  x;\n  foo")
    assert [(t.text, t.span.start, t.span.end, t.span.line_col()) for t in tokens] == [
        ("int", 0, 3, (1, 1)), ("x", 5, 6, (1, 6)), (";", 6, 7, (1, 7)), ("foo", 10, 13, (2, 3))]


def test_line_splices_inside_tokens_and_definitions():
    text = "#define LONG(a) \\\n  ((a) + \\\n   1)\nLONG(2) ide\\\nnt"
    tokens, diags = preprocess(text)
    assert not diags.items
    assert " ".join(t.text for t in tokens) == "( ( 2 ) + 1 ) ident"
    ident = tokens[-1]
    # The span covers the spliced spelling in the original text.
    assert text[ident.span.start:ident.span.end] == "ide\\\nnt"
    one = tokens[-2 - 1]
    assert one.text == "1" and one.span.line_col() == (3, 4)


def test_crlf_input():
    text = "#define M(a) a \\\r\n + 1\r\nM(2)\r\n#if 1\r\nok\r\n#endif\r\nlast\r\n"
    tokens, diags = preprocess(text)
    assert not diags.items
    assert [t.text for t in tokens] == ["2", "+", "1", "ok", "last"]
    assert tokens[-1].span.line_col() == (7, 1)


def test_nul_byte_and_odd_unicode_do_not_crash():
    text = "a\0b\n#if \0\n#endif\n\u00e9 \U0001F600 \u202e \ufffe \\ x"
    tokens, diags = preprocess(text)
    assert [t.text for t in tokens[:3]] == ["a", "\0", "b"]
    assert tokens[1].kind is OTHER
    assert reported(diags) == [("error", "invalid token at start of a preprocessor expression", 2, 5)]
    assert tokens[-1].text == "x"


def test_trailing_whitespace_makes_no_token():
    for text in ("a  ", "a \t", "a \r", "  ", "a \f\v"):
        tokens, diags = preprocess(text)
        assert [t.text for t in tokens] == (["a"] if "a" in text else []), repr(text)


def test_byte_order_mark_is_skipped():
    tokens, _ = preprocess("\ufeff#define X 1\nX")
    assert [t.text for t in tokens] == ["1"]


def test_empty_and_blank_files():
    for text in ("", "   \n\t\n", "// only a comment", "/* c */"):
        tokens, diags = preprocess(text)
        assert tokens == [] and not diags.items
    assert spell_tokens([]) == ""


def test_random_input_never_raises():
    pieces = ["#", "##", "define", "undef", "if", "elif", "else", "endif", "include", "line", "pragma",
              "defined", "(", ")", ",", "...", "__VA_ARGS__", "x", "f", "1", "0x", "'", '"', "\\", "\n",
              "\r\n", " ", "/*", "*/", "//", "?", ":", "/", "%", "<<", "-", "!", "\0", "\u00e9", "__LINE__",
              "#define f(x) x\n", "#define g(x, ...) #x x ## __VA_ARGS__\n", "#if ", "'a'", "<a.h>"]
    rng = random.Random(1234)
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 50)))
        tokens, diags = preprocess(text)
        spell_tokens(tokens)
        assert all(d.span is not None for d in diags), text
        # A token straight from the file spells its span (minus line splices).
        for tok in tokens:
            if tok.span.expanded_from is None and tok.span.file.path == "main.hlsl":
                assert re.sub(r"\\[ \t]*\r?\n", "", text[tok.span.start:tok.span.end]) == tok.text, (text, tok)


# --------------------------------------------------------------------------
# Macros

def test_object_like_macro():
    assert spelled("#define N 16\n#define TWO_N (N * 2)\nint a[TWO_N];") == "int a [ ( 16 * 2 ) ] ;"


def test_function_like_macro_with_stringize_and_paste():
    text = "#define F(x, y) x ## y + #x\nF(a, b) F(1, 2) F(, )"
    assert spelled(text) == 'ab + "a" 12 + "1" + ""'


def test_function_like_name_without_parens_is_not_expanded():
    assert spelled("#define f(x) [x]\nf; f (1) f\n(2) f") == "f ; [ 1 ] [ 2 ] f"


def test_empty_arguments():
    assert spelled("#define EMPTY\n#define f(x) [x]\nf() f(EMPTY) f( ) EMPTY") == "[ ] [ ] [ ]"


def test_stringize_spacing_and_escapes():
    text = "#define str(x) #x\nstr(  a   \"b\\n\"  'c'\n d ) str(@) str(\"\\\\\")"
    assert spelled(text) == r'''"a \"b\\n\" 'c' d" "@" "\"\\\\\""'''


def test_paste_placemarkers():
    # C11 6.10.3.5 EXAMPLE 5
    text = ("#define t(x,y,z) x ## y ## z\n"
            "int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,), t(10,,), t(,11,), t(,,12), t(,,) };")
    assert spelled(text) == "int j [ ] = { 123 , 45 , 67 , 89 , 10 , 11 , 12 , } ;"


def test_paste_forms_multi_character_punctuators():
    assert spelled("#define cat(a, b) a ## b\ncat(<<, =) cat(-, >) cat(., 5) cat(x, 1)") == "<<= -> .5 x1"


def test_standard_example_rescanning():
    # C11 6.10.3.5 EXAMPLE 3: rescanning, hide sets, argument pre-expansion.
    text = ("#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n"
            "#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\n#define p() int\n"
            "#define q(x) x\n#define r(x,y) x ## y\n#define str(x) # x\n"
            "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n"
            "g(x+(3,4)-w) | h 5) & m\n(f)^m(m);\n"
            "p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n"
            "char c[2][6] = { str(hello), str() };")
    expected = ("f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);"
                "f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);"
                "int i[] = { 1, 23, 4, 5, };"
                'char c[2][6] = { "hello", "" };')
    assert spelled(text).replace(" ", "") == expected.replace(" ", "")


def test_standard_example_stringize_and_paste():
    # C11 6.10.3.5 EXAMPLE 4 and the hash_hash example of 6.10.3.3.
    text = ("#define str(s) # s\n#define xstr(s) str(s)\n"
            "#define debug(s, t) printf(\"x\" # s \"= %d, x\" # t \"= %s\", x ## s, x ## t)\n"
            "#define INCFILE(n) vers ## n\n#define glue(a, b) a ## b\n#define xglue(a, b) glue(a, b)\n"
            "#define HIGHLOW \"hello\"\n#define LOW LOW \", world\"\n"
            "debug(1, 2);\nxstr(INCFILE(2).h)\nglue(HIGH, LOW);\nxglue(HIGH, LOW)\n"
            "#define hash_hash # ## #\n#define mkstr(a) # a\n#define in_between(a) mkstr(a)\n"
            "#define join(c, d) in_between(c hash_hash d)\njoin(x, y)")
    assert spelled(text) == ('printf ( "x" "1" "= %d, x" "2" "= %s" , x1 , x2 ) ; "vers2.h" '
                             '"hello" ; "hello" ", world" "x ## y"')


def test_variadic_macros():
    text = ("#define debug(...) fprintf(stderr, __VA_ARGS__)\n#define showlist(...) puts(#__VA_ARGS__)\n"
            "#define report(test, ...) ((test)?puts(#test): printf(__VA_ARGS__))\n"
            "debug(\"X = %d\", x); showlist(The first, second, and third items.);\n"
            "report(x>y, \"x is %d but y is %d\", x, y); debug()")
    assert spelled(text) == ('fprintf ( stderr , "X = %d" , x ) ; puts ( "The first, second, and third items." ) ; '
                             '( ( x > y ) ? puts ( "x>y" ) : printf ( "x is %d but y is %d" , x , y ) ) ; '
                             'fprintf ( stderr , )')


def test_variadic_part_may_be_omitted_and_gnu_comma_elision():
    text = "#define e(fmt, ...) f(fmt, ## __VA_ARGS__)\n#define G(x, args...) x(args)\ne(a) e(a, b, c) G(g) G(g, 1, 2)"
    assert spelled(text) == "f ( a ) f ( a , b , c ) g ( ) g ( 1 , 2 )"


def test_self_reference_and_mutual_recursion_terminate():
    assert spelled("#define a a b\n#define x y\n#define y x\n#define f(n) f(n + 1)\na x y f(0) f(f(0))") == \
        "a b x y f ( 0 + 1 ) f ( f ( 0 + 1 ) + 1 )"


def test_arguments_are_expanded_before_substitution_except_next_to_paste_and_stringize():
    text = "#define ONE 1\n#define s(x) #x\n#define xs(x) s(x)\n#define p(x) x ## 2\n#define id(x) x\n" \
           "s(ONE) xs(ONE) p(ONE) id(ONE)"
    assert spelled(text) == '"ONE" "1" ONE2 1'


def test_function_like_invocation_may_continue_past_expansion_and_lines():
    text = "#define f(a, b) <a|b>\n#define g f(1,\n#define lp (\ng 2) f lp 3, 4)\nf\n(\n5,\n6\n)"
    # `f lp` is no invocation: the token after f is `lp`, not `(` (C 6.10.3p10).
    assert spelled(text) == "< 1 | 2 > f ( 3 , 4 ) < 5 | 6 >"


def test_directives_inside_macro_arguments():
    text = "#define f(x, y) x y\nf(1,\n#ifdef NOPE\n 2\n#else\n 3\n#endif\n)"
    assert spelled(text) == "1 3"


def test_include_inside_macro_arguments_is_rejected():
    tokens, diags = preprocess("#define f(x) x\nf(1\n#include \"x.h\"\n)")
    assert [t.text for t in tokens] == ["1"]
    assert reported(diags) == [
        ("error", "embedding a #include directive within macro arguments is not supported", 3, 2)]


def test_benign_and_conflicting_redefinitions():
    tokens, diags = preprocess("#define X 1\n#define X 1\n#define X  1\n#define X 2\n#define Y(a) a\n#define Y(b) b\n")
    assert reported(diags) == [("warning", "'X' macro redefined", 4, 9), ("warning", "'Y' macro redefined", 6, 9)]
    assert diags.items[0].notes[0].message == "previous definition is here"
    assert diags.items[0].notes[0].span.line_col() == (3, 9)


def test_undef():
    assert spelled("#define X 1\nX\n#undef X\nX\n#undef NEVER_DEFINED") == "1 X"


def test_builtin_line_file_counter():
    text = "#define L __LINE__\n__LINE__ __FILE__\nL\n__COUNTER__ __COUNTER__\n#define f(x) x\nf(__LINE__\n)"
    assert spelled(text) == '2 "main.hlsl" 3 0 1 6'


def test_line_directive_changes_line_and_file():
    text = "#line 100\n__LINE__\n#line 7 \"other.h\"\n__LINE__ __FILE__\n# 42 \"marker.h\" 1\n__LINE__ __FILE__"
    assert spelled(text) == '100 7 "other.h" 42 "marker.h"'


def test_file_in_include_is_the_header(tmp_path):
    header = write(tmp_path / "h.h", "__FILE__ __LINE__\n")
    tokens, diags = preprocess('#include "h.h"\n__FILE__', path=str(tmp_path / "main.hlsl"))
    assert [t.text for t in tokens] == [f'"{header}"', "1", f'"{tmp_path / "main.hlsl"}"']


def test_macro_expansion_limit_guards_against_deep_nesting():
    tokens, diags = preprocess("#define f(x) x\n" + "f(" * 400 + "1" + ")" * 400)
    assert [d.message for d in diags] == ["macro invocations nested too deeply"]


def test_exponential_expansion_is_capped(monkeypatch):
    import hlslc.front.preprocessor as preprocessor_module

    monkeypatch.setattr(preprocessor_module, "_MAX_EXPANDED_TOKENS", 1000)
    text = "#define a0 x x\n" + "".join(f"#define a{i} a{i - 1} a{i - 1}\n" for i in range(1, 30)) + "a29 after\n"
    tokens, diags = preprocess(text)
    assert reported(diags) == [("fatal error", "macro expansion produced more than 1000 tokens", 31, 1)]
    assert len(tokens) < 1000


def test_va_args_outside_variadic_macro():
    tokens, diags = preprocess("#define f(x) x __VA_ARGS__\n#define g(__VA_ARGS__)\n")
    assert reported(diags) == [
        ("warning", "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro", 1, 16),
        ("error", "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro", 2, 11)]


# --------------------------------------------------------------------------
# Conditionals

@pytest.mark.parametrize("expression, expected", [
    ("1", True), ("0", False), ("1 + 2 * 3 == 7", True), ("(1 + 2) * 3 == 9", True),
    ("10 / 3 == 3 && 10 % 3 == 1", True), ("-7 / 2 == -3 && -7 % 2 == -1", True),
    ("1 << 4 == 16 && 256 >> 4 == 16", True), ("(-1 >> 1) == -1", True),
    ("~0 == -1 && !0 == 1 && !5 == 0", True), ("(5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6", True),
    ("1 < 2 && 2 <= 2 && 3 > 2 && 3 >= 3 && 1 != 2", True),
    ("0 ? 1 : 2 == 2", True), ("1 ? 0 : 1", False), ("(0, 1)", True),
    ("0x10 == 16 && 010 == 8 && 0b101 == 5 && 10u == 10 && 10UL == 10 && 5ll == 5", True),
    ("'a' == 97 && '\\n' == 10 && '\\x41' == 65 && '\\0' == 0 && '\\377' < 0 && 'ab' == 24930", True),
    ("-1 < 0", True), ("-1 < 0u", False), ("-1 > 0u", True), ("(0u - 1) == 18446744073709551615u", True),
    ("(1 ? -1 : 0u) > 0", True), ("(1u << 63) > 0", True), ("(1 << 62) > 0", True),
    ("UNKNOWN == 0 && !UNKNOWN", True),
    ("true && !false", True),
    ("defined X && defined(X) && !defined Y && !defined(Y)", True),
    ("defined X ? X == 5 : 0", True),
    ("2 || 1 / 0", True), ("0 && 1 / 0", False), ("1 ? 1 : 1 / 0", True), ("0 && (1 % 0)", False),
])
def test_if_expressions(expression, expected):
    tokens, diags = preprocess(f"#define X 5\n#if {expression}\nyes\n#else\nno\n#endif")
    assert not diags.items, reported(diags)
    assert [t.text for t in tokens] == (["yes"] if expected else ["no"])


def test_if_unknown_function_like_name_is_zero_then_an_error():
    # An undefined name is 0, so `F(1)` reads as `0 (1)`, as in clang.
    tokens, diags = preprocess("#if F(1)\nyes\n#else\nno\n#endif")
    assert reported(diags) == [
        ("error", "token is not a valid binary operator in a preprocessor subexpression", 1, 6)]
    assert [t.text for t in tokens] == ["no"]


def test_if_operand_of_defined_is_not_expanded():
    assert spelled("#define A B\n#if defined A && !defined B\nyes\n#endif") == "yes"


def test_if_expands_macros_including_function_like():
    assert spelled("#define VER 6\n#define AT_LEAST(a, b) (VER > (a) || VER == (a) && (b) >= 0)\n"
                   "#if AT_LEAST(6, 10)\nyes\n#endif") == "yes"


def test_elif_else_chains_and_nesting():
    text = ("#if 0\na\n#elif 0\nb\n#elif 1\nc\n#elif 1\nd\n#else\ne\n#endif\n"
            "#ifdef NOPE\n#if 1\nf\n#else\ng\n#endif\n#else\n#ifndef NOPE\nh\n#endif\n#endif\n"
            "#if 1\ni\n#else\n#if 1\nj\n#endif\n#endif")
    assert spelled(text) == "c h i"


def test_skipped_groups_are_not_diagnosed():
    text = ("#if 0\ndon't \"stop\n#error not me\n#foo\n#if 1/0\n#endif\n#include \"nope.h\"\n#elif 0\n"
            "#endif\n#if 1\n#elif 1/0\n#else\n#error no\n#endif\nok")
    assert spelled(text) == "ok"


def test_unknown_pragmas_and_null_directive_are_dropped():
    assert spelled("#pragma pack_matrix(row_major)\n#\n#pragma\nx") == "x"


# --------------------------------------------------------------------------
# Command line and predefined macros

def test_command_line_defines_and_undefines():
    text = "A B C D E"
    out = spelled(text, predefined={"A": "2021", "E": "6"}, defines=[("B", None), ("C", "x y"), ("D", "")],
                  undefines=["E"])
    assert out == "2021 1 x y E"


def test_function_like_command_line_define():
    assert spelled("SQ(3)", defines=[("SQ(x)", "((x)*(x))")]) == "( ( 3 ) * ( 3 ) )"


def test_predefined_and_command_line_macros_have_synthetic_spans():
    tokens, _ = preprocess("A B", predefined={"A": "2021"}, defines=[("B", "7")])
    a, b = tokens
    assert a.span.file.path == "<built-in>" and a.span.file.is_builtin
    assert a.span.expanded_from.definition.file.path == "<built-in>"
    assert b.span.file.path == "<command line>" and not b.span.file.is_builtin
    assert b.span.expanded_from.invocation.line_col() == (1, 3)


def test_bad_command_line_define_is_reported_with_a_span():
    tokens, diags = preprocess("x", defines=[("1BAD", None)])
    (diag,) = diags.items
    assert diag.message == "macro name must be an identifier"
    assert diag.span.file.path == "<command line>"


# --------------------------------------------------------------------------
# Includes

def test_quoted_include_searches_includer_dir_then_dash_I_then_builtin(tmp_path):
    write(tmp_path / "src" / "local.h", "from_src_dir\n")
    write(tmp_path / "I1" / "local.h", "from_I1\n")
    write(tmp_path / "I1" / "only_I.h", "from_I1_only\n")
    write(tmp_path / "I2" / "only_I.h", "from_I2_only\n")
    write(tmp_path / "builtin" / "only_I.h", "from_builtin\n")
    write(tmp_path / "builtin" / "only_builtin.h", "from_builtin_only\n")
    main = write(tmp_path / "src" / "main.hlsl",
                 '#include "local.h"\n#include "only_I.h"\n#include "only_builtin.h"\n')
    diags = Diagnostics()
    pp = Preprocessor(PreprocessorOptions(include_dirs=[str(tmp_path / "I1"), str(tmp_path / "I2")],
                                          builtin_include_dir=str(tmp_path / "builtin")), diags)
    tokens = pp.run_file(str(main))
    assert not diags.items
    assert [t.text for t in tokens] == ["from_src_dir", "from_I1_only", "from_builtin_only"]
    assert tokens[2].span.file.is_builtin and not tokens[0].span.file.is_builtin


def test_angle_include_skips_includer_dir(tmp_path):
    write(tmp_path / "src" / "h.h", "from_src_dir\n")
    write(tmp_path / "I" / "h.h", "from_I\n")
    write(tmp_path / "builtin" / "dx" / "x.h", "from_builtin\n")
    main = write(tmp_path / "src" / "main.hlsl", "#include <h.h>\n#include <dx/x.h>\n")
    diags = Diagnostics()
    pp = Preprocessor(PreprocessorOptions(include_dirs=[str(tmp_path / "I")],
                                          builtin_include_dir=str(tmp_path / "builtin")), diags)
    assert [t.text for t in pp.run_file(str(main))] == ["from_I", "from_builtin"]


def test_nested_quoted_include_is_relative_to_its_own_file(tmp_path):
    write(tmp_path / "lib" / "a.h", '#include "b.h"\na\n')
    write(tmp_path / "lib" / "b.h", "b_from_lib\n")
    write(tmp_path / "b.h", "b_from_top\n")
    tokens, diags = preprocess('#include "lib/a.h"\n#include "b.h"', path=str(tmp_path / "main.hlsl"))
    assert not diags.items
    assert [t.text for t in tokens] == ["b_from_lib", "a", "b_from_top"]


def test_include_with_macro_name(tmp_path):
    write(tmp_path / "I" / "dx" / "m.h", "angled\n")
    write(tmp_path / "q.h", "quoted\n")
    text = '#define HDR <dx/m.h>\n#define QH "q.h"\n#include HDR\n#include QH'
    tokens, diags = preprocess(text, path=str(tmp_path / "main.hlsl"), include_dirs=[str(tmp_path / "I")])
    assert not diags.items
    assert [t.text for t in tokens] == ["angled", "quoted"]


def test_pragma_once_and_include_guards(tmp_path):
    write(tmp_path / "once.h", "#pragma once\nonce\n")
    write(tmp_path / "guard.h", "#ifndef GUARD_H\n#define GUARD_H\nguarded\n#endif\n")
    write(tmp_path / "plain.h", "plain\n")
    text = '#include "once.h"\n#include "./once.h"\n#include "guard.h"\n#include "guard.h"\n' \
           '#include "plain.h"\n#include "plain.h"\n'
    tokens, diags = preprocess(text, path=str(tmp_path / "main.hlsl"))
    assert not diags.items
    assert [t.text for t in tokens] == ["once", "guarded", "plain", "plain"]


def test_pragma_once_in_main_file_warns():
    tokens, diags = preprocess("#pragma once\nx")
    assert reported(diags) == [("warning", "#pragma once in main file", 1, 9)]


def test_files_records_every_file_read(tmp_path):
    write(tmp_path / "a.h", '#include "b.h"\n')
    write(tmp_path / "b.h", "b\n")
    main = write(tmp_path / "main.hlsl", '#include "a.h"\n')
    pp = Preprocessor(PreprocessorOptions(), Diagnostics())
    pp.run_file(str(main))
    assert sorted(pp.files) == sorted([str(main), str(tmp_path / "a.h"), str(tmp_path / "b.h")])
    assert pp.files[str(tmp_path / "b.h")].text == "b\n"


def test_each_file_is_tokenized_once_per_instance(tmp_path, monkeypatch):
    import hlslc.front.preprocessor as preprocessor_module

    lexed: list[str] = []
    real_lex = preprocessor_module._lex

    def counting_lex(source):
        lexed.append(source.path)
        return real_lex(source)

    monkeypatch.setattr(preprocessor_module, "_lex", counting_lex)
    write(tmp_path / "h.h", "h\n")
    main = write(tmp_path / "main.hlsl", '#include "h.h"\n#include "h.h"\n')
    pp = Preprocessor(PreprocessorOptions(), Diagnostics())
    assert [t.text for t in pp.run_file(str(main))] == ["h", "h"]
    assert [t.text for t in pp.run_file(str(main))] == ["h", "h"]
    assert sorted(lexed) == sorted([str(main), str(tmp_path / "h.h")])


def test_include_depth_limit(tmp_path):
    write(tmp_path / "self.h", '#include "self.h"\n#include "self.h"\n')
    tokens, diags = preprocess('#include "self.h"\nafter', path=str(tmp_path / "main.hlsl"))
    (diag,) = diags.items
    assert diag.message == "#include nested too deeply"
    assert diag.severity is Severity.FATAL
    assert diag.span.file.path == str(tmp_path / "self.h") and diag.span.line_col() == (1, 10)
    assert MAX_INCLUDE_DEPTH == 200


def test_include_file_not_found_points_at_the_name(tmp_path):
    tokens, diags = preprocess('x\n#include   "nope.h"\n#include <nope2.h>\ny', path=str(tmp_path / "m.hlsl"))
    assert reported(diags) == [("error", "'nope.h' file not found", 2, 12),
                               ("error", "'nope2.h' file not found", 3, 10)]
    assert [t.text for t in tokens] == ["x", "y"]
    assert diags.items[0].span.text() == '"nope.h"'
    assert diags.items[1].span.text() == "<nope2.h>"


def test_include_of_non_utf8_file(tmp_path):
    """Read as DXC reads it: Windows-1252 without a byte-order mark; an
    include its byte-order mark misdescribes is an error at the #include."""
    (tmp_path / "latin1.h").write_bytes(b"// r\xe9glage\nlatin_token\n")
    tokens, diags = preprocess('#include "latin1.h"\n', path=str(tmp_path / "m.hlsl"))
    assert reported(diags) == [] and [t.text for t in tokens] == ["latin_token"]
    (tmp_path / "bad.h").write_bytes(b"\xff\xfe\x00\xd8")
    tokens, diags = preprocess('#include "bad.h"\n', path=str(tmp_path / "m.hlsl"))
    assert reported(diags) == [("error", f"file '{tmp_path / 'bad.h'}' is not valid UTF-16 LE (byte 2), though its "
                                         "byte-order mark says so", 1, 10)]


def test_run_file_reports_unreadable_main_file(tmp_path):
    (tmp_path / "bad.hlsl").write_bytes(b"\xef\xbb\xbfint \xc3\x28;")
    (tmp_path / "adir").mkdir()
    cases = [
        (str(tmp_path / "missing.hlsl"), f"cannot open file '{tmp_path / 'missing.hlsl'}': No such file or directory"),
        (str(tmp_path / "adir"), f"cannot open file '{tmp_path / 'adir'}': Is a directory"),
        (str(tmp_path / "bad.hlsl"), f"file '{tmp_path / 'bad.hlsl'}' is not valid UTF-8 (byte 7), though its "
                                     "byte-order mark says so"),
    ]
    for path, message in cases:
        diags = Diagnostics()
        assert Preprocessor(PreprocessorOptions(), diags).run_file(path) is None
        (diag,) = diags.items
        assert (diag.message, diag.path, diag.span, diag.severity) == (message, path, None, Severity.ERROR)


def test_builtin_linalg_headers_preprocess_cleanly():
    from hlslc import paths as resources

    for revision, sixteen in (("sm6.10", "1"), ("sm6.10", "0"), ("draft", "1")):
        tokens, diags = preprocess("#include <dx/linalg.h>\n",
                                   predefined={"__HLSL_VERSION": "2021", "__HLSL_ENABLE_16_BIT": sixteen},
                                   include_dirs=resources.revision_include_dirs(revision),
                                   builtin_include_dir=resources.builtin_include_dir())
        assert not diags.items, reported(diags)
        assert tokens and all(t.span.user_span().file.is_builtin for t in tokens)


# --------------------------------------------------------------------------
# Token spans of macro expansions

def test_macro_from_header_reports_header_location(tmp_path):
    write(tmp_path / "h.h", "#pragma once\n\n#define MUL(a, b) \\\n  ((a) * \\\n   (b))\n#define K 3\n")
    tokens, diags = preprocess('#include "h.h"\nint x = MUL(K, y);', path=str(tmp_path / "main.hlsl"))
    assert not diags.items
    by_text = [(t.text, t) for t in tokens]
    star = next(t for text, t in by_text if text == "*")
    # Spelled in the header, on the second line of the definition ...
    assert star.span.file.path == str(tmp_path / "h.h") and star.span.line_col() == (4, 8)
    origin = star.span.expanded_from
    assert origin.name == "MUL"
    assert origin.definition.file.path == str(tmp_path / "h.h") and origin.definition.line_col() == (3, 9)
    # ... expanded where MUL was written.
    assert origin.invocation.file.path == str(tmp_path / "main.hlsl") and origin.invocation.line_col() == (2, 9)
    assert star.span.user_span().line_col() == (2, 9)
    # K's expansion came through an argument: its own origin is K in main.hlsl.
    three = next(t for text, t in by_text if text == "3")
    assert three.span.expanded_from.name == "K"
    assert three.span.expanded_from.invocation.line_col() == (2, 13)
    assert three.span.line_col() == (6, 11)
    # y is an argument: spelled at the call site, not expanded from anything.
    y = next(t for text, t in by_text if text == "y")
    assert y.span.expanded_from is None and y.span.line_col() == (2, 16)


def test_nested_expansions_chain_through_invocations():
    tokens, _ = preprocess("#define INNER 1\n#define OUTER (INNER)\nOUTER")
    one = tokens[1]
    assert one.text == "1"
    origin = one.span.expanded_from
    assert origin.name == "INNER" and origin.invocation.line_col() == (2, 16)
    assert origin.invocation.expanded_from.name == "OUTER"
    assert origin.invocation.expanded_from.invocation.line_col() == (3, 1)
    assert one.span.user_span().line_col() == (3, 1)


def test_expansion_takes_the_place_of_the_macro_name():
    tokens, _ = preprocess("#define P (1)\na\n  P b")
    assert [(t.text, t.bol, t.space) for t in tokens] == [
        ("a", True, True), ("(", True, True), ("1", False, False), (")", False, False), ("b", False, True)]


def test_hidesets_record_the_macros_being_expanded():
    tokens, _ = preprocess("#define foo foo\n#define f(x) x\nfoo f(f)")
    assert [(t.text, sorted(t.hideset)) for t in tokens] == [("foo", ["foo"]), ("f", ["f"])]


# --------------------------------------------------------------------------
# Diagnostics: message, severity and line:col

@pytest.mark.parametrize("source, expected", [
    ("#if 1\nx\n", [("error", "unterminated conditional directive", 1, 2)]),
    ("#ifndef A\n#if 0\n#else\n", [("error", "unterminated conditional directive", 2, 2),
                                   ("error", "unterminated conditional directive", 1, 2)]),
    ("#ifdef A\n#if 1\n#endif\n#ifdef B\n", [("error", "unterminated conditional directive", 4, 2),
                                            ("error", "unterminated conditional directive", 1, 2)]),
    ("x\n#else\n", [("error", "#else without #if", 2, 2)]),
    ("x\n  #  endif\n", [("error", "#endif without #if", 2, 6)]),
    ("#elif 1\n", [("error", "#elif without #if", 1, 2)]),
    ("#if 1\n#else\n#elif 1\n#endif\n", [("error", "#elif after #else", 3, 2)]),
    ("#if 0\n#else\n#else\n#endif\n", [("error", "#else after #else", 3, 2)]),
    ("#define f(x) x\nf(1, 2)\n", [("error", "too many arguments provided to function-like macro invocation", 2, 1)]),
    ("#define f(x, y) x\n  f(1)\n", [("error", "too few arguments provided to function-like macro invocation", 2, 3)]),
    ("#define f() x\nf(1)\n", [("error", "too many arguments provided to function-like macro invocation", 2, 1)]),
    ("#define f(x) x\nf(1, (2)\n", [("error", "unterminated function-like macro invocation", 2, 1)]),
    ("#if f(1\n#endif\n#define f(x) x\n",
     [("error", "token is not a valid binary operator in a preprocessor subexpression", 1, 6)]),
    ("#define f(x) x\n#if f(1\n#endif\n", [("error", "unterminated function-like macro invocation", 2, 5)]),
    ("#define 3 x\n", [("error", "macro name must be an identifier", 1, 9)]),
    ('#undef "x"\n', [("error", "macro name must be an identifier", 1, 8)]),
    ("#ifdef 1\n#endif\n", [("error", "macro name must be an identifier", 1, 8)]),
    ("#if defined(3)\n#endif\n", [("error", "macro name must be an identifier", 1, 13)]),
    ("#define\n", [("error", "macro name missing", 1, 8)]),
    ("#define defined\n", [("error", "'defined' cannot be used as a macro name", 1, 9)]),
    ("#define g ## a\n", [("error", "'##' cannot appear at either end of a macro expansion", 1, 11)]),
    ("#define g(a) a ##\n", [("error", "'##' cannot appear at either end of a macro expansion", 1, 16)]),
    ("#define f(x) #y\n", [("error", "'#' is not followed by a macro parameter", 1, 14)]),
    ("#define f(x) x #\n", [("error", "'#' is not followed by a macro parameter", 1, 16)]),
    ("#define f(x x\n", [("error", "expected comma in macro parameter list", 1, 13)]),
    ("#define f(x,\n", [("error", "missing ')' in macro parameter list", 1, 13)]),
    ("#define f(1)\n", [("error", "invalid token in macro parameter list", 1, 11)]),
    ("#define f(x, x)\n", [("error", "duplicate macro parameter name 'x'", 1, 14)]),
    ("#foo bar\n", [("error", "invalid preprocessing directive '#foo'", 1, 2)]),
    ('# "x"\n', [("error", "invalid preprocessing directive", 1, 3)]),
    ("#if\n#endif\n", [("error", "#if with no expression", 1, 4)]),
    ("#if 1 +\n#endif\n", [("error", "expected value in expression", 1, 8)]),
    ("#if 1 + )\n#endif\n", [("error", "expected value in expression", 1, 9)]),
    ("#if (1\n#endif\n", [("error", "expected ')' in preprocessor expression", 1, 7)]),
    ("#if 1 ? 2\n#endif\n", [("error", "expected ':' in preprocessor expression", 1, 10)]),
    ("#if 1 2\n#endif\n", [("error", "token is not a valid binary operator in a preprocessor subexpression", 1, 7)]),
    ("#if 1)\n#endif\n", [("error", "expected end of line in preprocessor expression", 1, 6)]),
    ('#if "s"\n#endif\n', [("error", "invalid token at start of a preprocessor expression", 1, 5)]),
    ("#if 1.0\n#endif\n", [("error", "floating point literal in preprocessor expression", 1, 5)]),
    ("#if 1abc\n#endif\n", [("error", "invalid suffix 'abc' on integer constant", 1, 5)]),
    ("#if 09\n#endif\n", [("error", "invalid digit '9' in octal constant", 1, 5)]),
    ("#if 99999999999999999999\n#endif\n",
     [("error", "integer literal is too large to be represented in any integer type", 1, 5)]),
    ("#if 1 / 0\n#endif\n", [("error", "division by zero in preprocessor expression", 1, 7)]),
    ("#define Z 0\n#if 1 / Z\n#endif\n", [("error", "division by zero in preprocessor expression", 2, 7)]),
    ("#if 1 % 0\n#endif\n", [("error", "remainder by zero in preprocessor expression", 1, 7)]),
    ("#if defined(X\n#endif\n", [("error", "missing ')' after 'defined'", 1, 14)]),
    ("#if 0x7fffffffffffffff + 1\n#endif\n", [("warning", "integer overflow in preprocessor expression", 1, 24)]),
    ("#if 18446744073709551615\n#endif\n",
     [("warning", "integer literal is too large to be represented in a signed integer type, "
                  "interpreting as unsigned", 1, 5)]),
    ("x /* never closed\ny\n", [("error", "unterminated /* comment", 1, 3)]),
    ('a "abc\nb\n', [("error", "missing terminating '\"' character", 1, 3)]),
    ("a 'b\n", [("error", "missing terminating ' character", 1, 3)]),
    ("#error   this isn't \"fine\"  \n", [("error", "this isn't \"fine\"", 1, 2)]),
    ("#warning careful\n", [("warning", "careful", 1, 2)]),
    ("#define X 1\n#define X 2\n", [("warning", "'X' macro redefined", 2, 9)]),
    ("#define cat(a, b) a ## b\ncat(+, -)\n", [("error", "pasting formed '+-', an invalid preprocessing token", 2, 1)]),
    ("#endif x\n", [("error", "#endif without #if", 1, 2)]),
    ("#if 1\n#endif x\n", [("warning", "extra tokens at end of #endif directive", 2, 8)]),
    ("#line x\n", [("error", "#line directive requires a simple digit sequence", 1, 7)]),
    ('#include\n', [("error", 'expected "FILENAME" or <FILENAME>', 1, 9)]),
    ('#include ""\n', [("error", "empty filename", 1, 10)]),
])
def test_diagnostics(source, expected):
    tokens, diags = preprocess(source)
    assert reported(diags) == expected


def test_macro_call_errors_note_the_definition():
    tokens, diags = preprocess("#define f(x) x\nf(1, 2) after")
    (diag,) = diags.items
    assert [(n.message, n.span.line_col()) for n in diag.notes] == [("macro 'f' defined here", (1, 9))]
    assert [t.text for t in tokens] == ["after"]


def test_macro_call_error_inside_expansion_points_at_the_name_through_the_origin():
    tokens, diags = preprocess("#define f(x, y) x\n#define g f(1)\ng")
    (diag,) = diags.items
    assert diag.message == "too few arguments provided to function-like macro invocation"
    assert diag.span.line_col() == (2, 11)
    assert diag.span.user_span().line_col() == (3, 1)


# --------------------------------------------------------------------------
# spell_tokens (-P)

def test_spell_tokens_keeps_lines_and_indentation():
    tokens, _ = preprocess("#define N 4\nint a;\n\n  float b[N];\n")
    assert spell_tokens(tokens) == '#line 2 "main.hlsl"\nint a;\n\n  float b[4];\n'


def test_spell_tokens_markers_on_file_change_and_long_jumps(tmp_path):
    write(tmp_path / "h.h", "h1\nh2\n")
    main = str(tmp_path / "main.hlsl")
    text = 'a\n#include "h.h"\nb\n' + "\n" * 20 + "c\nd"
    tokens, _ = preprocess(text, path=main)
    header = str(tmp_path / "h.h")
    assert spell_tokens(tokens) == (f'#line 1 "{main}"\na\n#line 1 "{header}"\nh1\nh2\n#line 3 "{main}"\nb\n'
                                    f'#line 24 "{main}"\nc\nd\n')


def test_spell_tokens_does_not_paste_tokens_together():
    tokens, _ = preprocess("#define P +\n#define M -\n#define E\nP+ M- -M P P 1 E.5 x E y")
    out = spell_tokens(tokens).splitlines()[1]
    assert out == "+ + - - - - + + 1 .5 x y"


def test_spell_tokens_output_preprocesses_to_the_same_tokens():
    text = "#define SQ(x) ((x) * (x))\n#define S(x) #x\nint f(int a) {\n  return SQ(a + 1) + S(q\"x\");\n}\n"
    tokens, _ = preprocess(text)
    again, diags = preprocess(spell_tokens(tokens))
    assert not diags.items
    assert [t.text for t in again] == [t.text for t in tokens]


# --------------------------------------------------------------------------
# Performance

def _generate_large_source(lines: int) -> str:
    out = ["#define SCALE(x) ((x) * 2.0f)", "#define ADD(a, b) ((a) + (b))", "#define N 16",
           "#define CAT(a, b) a ## b", "#define STR(x) #x"]
    i = 0
    while len(out) + 10 <= lines:
        i += 1
        out.extend([
            f"// comment line {i}",
            f"float f{i}(float a, float b) {{ return ADD(SCALE(a), b) * N; }}",
            "#if N > 8 && defined(SCALE)",
            f"static const uint CAT(k, {i}) = 0x{i:x}u + {i} * 3;",
            "#else",
            f"int skipped_{i} = 'x';",
            "#endif",
            f"    float4 v{i} = float4(1.0f, 2.0h, .5, 1e-3); /* block */ v{i}.x += v{i}.y;",
            f"    const string s{i} = STR(hello world {i});",
            f"    if (a{i} <= b && c >= d || e != f) {{ x <<= 2; y >>= 1; z++; }}",
        ])
    out.extend("" for _ in range(lines - len(out)))
    return "\n".join(out) + "\n"


def test_ten_thousand_lines_preprocess_completely(tmp_path):
    # Speed is measured in bench/, not asserted here; this checks that a
    # large input with thousands of directives and macro calls comes through.
    path = write(tmp_path / "big.hlsl", _generate_large_source(10_000))
    diags = Diagnostics()
    tokens = Preprocessor(PreprocessorOptions(), diags).run_file(str(path))
    assert not diags.items and len(tokens) > 50_000


