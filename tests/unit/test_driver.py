"""The driver and the library API (`import hlslc`)."""

from __future__ import annotations

import pytest

import hlslc
from hlslc import driver
from hlslc.driver import (EMIT_AST, EMIT_NOTHING, EMIT_PREPROCESSED, STAGES, CompileOptions, Profile,
                          ProfileError, predefined_macros)

CLEAN = "[numthreads(1, 1, 1)]\nvoid main() {}\n"


# --- profiles and predefined macros ------------------------------------------------

@pytest.mark.parametrize("name, kind, major, minor, stage", [
    ("cs_6_8", "cs", 6, 8, "COMPUTE"),
    ("cs_6_9", "cs", 6, 9, "COMPUTE"),
    ("cs_6_10", "cs", 6, 10, "COMPUTE"),
    ("lib_6_8", "lib", 6, 8, "LIBRARY"),
    ("lib_6_9", "lib", 6, 9, "LIBRARY"),
    ("lib_6_10", "lib", 6, 10, "LIBRARY"),
    # DXC's offline-linking library: minor version 15, as DXC writes it.
    ("lib_6_x", "lib", 6, 15, "LIBRARY"),
])
def test_profiles(name, kind, major, minor, stage):
    profile = Profile.parse(name)
    assert (profile.kind, profile.major, profile.minor, profile.stage) == (kind, major, minor, stage)
    assert str(profile) == name
    assert profile.offline == (name == "lib_6_x")


@pytest.mark.parametrize("name", ["cs_6_11", "cs_5_0", "cs_6_10 ", "CS_6_10", "cs_6_x", "lib_6_y", "lib_6_2", ""])
def test_invalid_profiles(name):
    with pytest.raises(ProfileError, match="invalid profile"):
        Profile.parse(name)


@pytest.mark.parametrize("name", ["ps_6_0", "vs_6_6", "ms_6_5", "as_6_5", "gs_6_0", "hs_6_0", "ds_6_0"])
def test_other_stage_profiles_are_refused_by_name(name):
    with pytest.raises(ProfileError, match=f"hlslc compiles compute and library shaders; '{name}' is a"):
        Profile.parse(name)


def test_older_shader_models():
    assert Profile.parse("cs_6_0").shader_model == (6, 0)
    assert Profile.parse("lib_6_3").kind == "lib"
    with pytest.raises(ProfileError, match="-enable-16bit-types needs shader model 6.2"):
        CompileOptions(profile="cs_6_1", enable_16bit_types=True)
    assert CompileOptions(profile="cs_6_2", enable_16bit_types=True).native_16bit_types


def test_options_parse_the_profile():
    assert CompileOptions(profile="lib_6_9").target == Profile("lib", 6, 9)
    assert CompileOptions().target == Profile("cs", 6, 10)
    with pytest.raises(ProfileError):
        CompileOptions(profile="vs_6_0")
    with pytest.raises(ValueError):
        CompileOptions(emit="llvm-bitcode")


def test_predefined_macros_compute_6_10():
    assert predefined_macros(CompileOptions(profile="cs_6_10")) == {
        "__hlsl_dx_compiler": "1",
        "__DXC_VERSION_MAJOR": "1",
        "__DXC_VERSION_MINOR": "9",
        "__DXC_VERSION_RELEASE": "2607",
        "__DXC_VERSION_COMMITS": "0",
        "__HLSL_VERSION": "2021",
        "__SHADER_TARGET_MAJOR": "6",
        "__SHADER_TARGET_MINOR": "10",
        "__SHADER_TARGET_STAGE": "5",
        "__SHADER_STAGE_PIXEL": "0",
        "__SHADER_STAGE_VERTEX": "1",
        "__SHADER_STAGE_GEOMETRY": "2",
        "__SHADER_STAGE_HULL": "3",
        "__SHADER_STAGE_DOMAIN": "4",
        "__SHADER_STAGE_COMPUTE": "5",
        "__SHADER_STAGE_LIBRARY": "6",
        "__SHADER_STAGE_MESH": "13",
        "__SHADER_STAGE_AMPLIFICATION": "14",
        "__HLSL_ENABLE_16_BIT": "1",
    }


@pytest.mark.parametrize("profile, flag, enabled", [
    ("cs_6_8", False, False), ("cs_6_8", True, True),
    ("lib_6_9", False, False), ("lib_6_9", True, True),
    ("cs_6_10", False, True), ("lib_6_10", True, True),
])
def test_16bit_types(profile, flag, enabled):
    options = CompileOptions(profile=profile, enable_16bit_types=flag)
    assert options.native_16bit_types is enabled
    assert ("__HLSL_ENABLE_16_BIT" in predefined_macros(options)) is enabled


def test_linalg_revision_selects_the_header():
    from hlslc import compile_source
    text = "#include <dx/linalg.h>\n"
    for revision, marker in (("sm6.10", "enum class MatrixLayout"), ("draft", "OuterProductAccumulate")):
        result = compile_source(text, "t.hlsl", CompileOptions(linalg_revision=revision, emit="preprocessed"))
        assert marker in result.output, revision
        header = [f for f in result.files.values() if f.path.endswith("linalg.h")]
        assert header and all(f.is_builtin for f in header)
    with pytest.raises(ValueError, match="linalg_revision must be one of sm6.10, draft"):
        CompileOptions(linalg_revision="sm6.9")


def test_library_stage_number():
    macros = predefined_macros(CompileOptions(profile="lib_6_8"))
    assert macros["__SHADER_TARGET_STAGE"] == macros["__SHADER_STAGE_LIBRARY"] == "6"
    assert (macros["__SHADER_TARGET_MAJOR"], macros["__SHADER_TARGET_MINOR"]) == ("6", "8")


# --- the pipeline -------------------------------------------------------------------------

def test_compile_source_runs_the_stages_in_order():
    result = hlslc.compile_source(CLEAN, "clean.hlsl")
    assert result.ok and not list(result.diagnostics)
    ir_stages = [s for s in STAGES if s != "spirv"]       # the SPIR-V stage runs for -spirv only
    assert list(result.timings) == [*ir_stages, "output"]
    assert all(t >= 0 for t in result.timings.values())
    assert result.tokens and result.unit is not None
    assert result.output.startswith("; ModuleID")   # the IR text
    assert result.output is result.ir_text          # printed once, validated and written
    skipped = hlslc.compile_source(CLEAN, "clean.hlsl", hlslc.CompileOptions(validate=False))
    assert list(skipped.timings) == [*ir_stages[:-1], "output"]
    assert result.module is not None
    assert "clean.hlsl" in result.files


def test_spirv_runs_after_the_validator():
    result = hlslc.compile_source(CLEAN, "clean.hlsl", CompileOptions(emit="spirv"))
    assert result.ok and list(result.timings) == list(STAGES)       # no text to write: the binary
    assert result.binary[:4] == b"\x03\x02\x23\x07" and result.output is None
    text = hlslc.compile_source(CLEAN, "clean.hlsl", CompileOptions(emit="spirv-asm"))
    assert text.output.startswith("; SPIR-V") and "OpEntryPoint GLCompute %main" in text.output
    library = hlslc.compile_source(CLEAN, "clean.hlsl", CompileOptions(profile="lib_6_10", emit="spirv"))
    assert not library.ok and "needs a compute profile" in library.errors[0].message


def test_preprocess_only_stops_after_preprocessing():
    result = hlslc.compile_source("#define N 3\nint x = N;\n", "p.hlsl", CompileOptions(emit=EMIT_PREPROCESSED))
    assert list(result.timings) == ["preprocess", "output"]
    assert result.unit is None
    assert "int x = 3;" in result.output


def test_ast_dump_output():
    result = hlslc.compile_source(CLEAN, "a.hlsl", CompileOptions(emit=EMIT_AST))
    assert result.ok and "FunctionDecl" in result.output


def test_errors_give_no_output():
    result = hlslc.compile_source("#error no\nint x;\n", "e.hlsl", CompileOptions(emit=EMIT_PREPROCESSED))
    assert not result.ok and result.output is None
    assert "no" in result.errors[0].message


def test_defines_reach_the_preprocessor():
    options = CompileOptions(emit=EMIT_PREPROCESSED, defines=[("A", "7"), ("B", None), ("C", "")],
                             undefines=["B"])
    result = hlslc.compile_source("A B C;\n", "d.hlsl", options)
    assert result.output is not None
    spelled = "".join(line for line in result.output.splitlines() if not line.startswith("#"))
    assert spelled.replace(" ", "") == "7B;"


def test_include_dirs(tmp_path):
    (tmp_path / "inc.h").write_text("#define FROM_INC 42\n")
    options = CompileOptions(emit=EMIT_PREPROCESSED, include_dirs=[str(tmp_path)])
    result = hlslc.compile_source('#include "inc.h"\nFROM_INC\n', "i.hlsl", options)
    assert result.ok and "42" in result.output
    assert any(path.endswith("inc.h") for path in result.files)


def test_warning_options():
    text = "#define X 1\n#define X 2\n"
    lib = "lib_6_10"    # a library needs no entry point
    assert hlslc.compile_source(text, options=CompileOptions(profile=lib)).warnings
    strict = hlslc.compile_source(text, options=CompileOptions(profile=lib, warnings_as_errors=True))
    assert not strict.ok
    quiet = hlslc.compile_source(text, options=CompileOptions(profile=lib, suppress_warnings=True))
    assert quiet.ok and not list(quiet.diagnostics)


def test_compile_file_reports_unreadable_files(tmp_path):
    result = hlslc.compile_file(tmp_path / "missing.hlsl")
    assert not result.ok
    assert result.errors[0].message == "cannot read input: no such file or directory"
    assert result.timings == {}


def test_compile_file(tmp_path):
    path = tmp_path / "ok.hlsl"
    path.write_text(CLEAN)
    result = hlslc.compile_file(path, CompileOptions(emit=EMIT_NOTHING))
    assert result.ok and result.path == str(path)


def test_debug_crash_raises_from_the_library():
    with pytest.raises(RuntimeError, match="--debug-crash"):
        hlslc.compile_source(CLEAN, options=CompileOptions(debug_crash=True))


# --- the library API ------------------------------------------------------------------------

def test_parse_returns_the_syntax_tree():
    from hlslc.front import ast
    unit = hlslc.parse(CLEAN)
    assert isinstance(unit, ast.TranslationUnit)


def test_parse_accepts_options():
    unit = hlslc.parse("#if __SHADER_TARGET_STAGE == __SHADER_STAGE_LIBRARY\nint x;\n#else\n#error cs\n#endif\n",
                       profile="lib_6_8")
    assert unit is not None


def test_parse_raises_compile_failed():
    with pytest.raises(hlslc.CompileFailed) as info:
        hlslc.parse("int x = ;\n#error second\n", "bad.hlsl")
    failure = info.value
    assert len([d for d in failure.diagnostics if d.is_error]) >= 2
    assert all(isinstance(d, hlslc.Diagnostic) for d in failure.diagnostics)
    assert str(failure).startswith("bad.hlsl:")
    assert "more error" in str(failure)


def test_public_names():
    for name in hlslc.__all__:
        value = getattr(hlslc, name)
        if name != "__version__":
            assert value.__doc__, f"hlslc.{name} has no docstring"
    assert hlslc.Severity.ERROR.value == "error"
    assert "compile_file" in dir(hlslc)
    with pytest.raises(AttributeError):
        hlslc.no_such_name  # noqa: B018


def test_public_names_come_from_their_modules():
    assert hlslc.compile_file is driver.compile_file
    assert hlslc.CompileOptions is driver.CompileOptions


def test_own_ir_failing_validation_is_an_internal_error(monkeypatch):
    # IR that hlslc emitted and its own validator rejects is a bug in hlslc.
    from hlslc import validate as validate_pkg
    from hlslc.diagnostics import Diagnostic, Severity

    def broken(text, path="<ir>", uniformity=True, revision="sm6.10", locate=None, split=False):
        return [Diagnostic(Severity.ERROR, "opcode mismatch", None, "IR-OPCODE", path=path)]

    monkeypatch.setattr(validate_pkg, "validate_text", broken)
    with pytest.raises(RuntimeError, match=r"the generated IR fails validation: \[IR-OPCODE\] opcode mismatch"):
        hlslc.compile_source(CLEAN, "clean.hlsl")
    # -Vd (validate=False) skips the validator.
    assert hlslc.compile_source(CLEAN, "clean.hlsl", CompileOptions(validate=False)).ok


def test_confine_includes(tmp_path):
    """CompileOptions.confine_includes: #include reads files inside the
    include folders only; an absolute path, '..' or a symbolic link out of
    them is not found, and the file's text never reaches a diagnostic."""
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "ok.hlsli").write_text("static const uint K = 3;\n")
    secret = tmp_path / "secret.hlsli"
    secret.write_text("SECRET_TEXT\n")
    (inc / "link.hlsli").symlink_to(secret)
    shader = "#include \"ok.hlsli\"\n#include \"{}\"\n[numthreads(1,1,1)] void main() {{}}\n"
    confined = CompileOptions(include_dirs=[str(inc)], emit=EMIT_NOTHING, confine_includes=True)
    for name in (str(secret), "../secret.hlsli", "link.hlsli"):
        result = hlslc.compile_source(shader.format(name), str(tmp_path / "main.hlsl"), confined)
        assert [d.message for d in result.errors] == [f"'{name}' file not found"]
        assert "SECRET_TEXT" not in str(result.diagnostics) and str(secret) not in result.files
        # Without confinement the same include is read (and is not HLSL).
        opened = hlslc.compile_source(shader.format(name), str(tmp_path / "main.hlsl"),
                                      confined.replace(confine_includes=False))
        assert not opened.ok and any("SECRET_TEXT" in f.text for f in opened.files.values())
    ok = hlslc.compile_source(shader.format("ok.hlsli"), "<input>", confined)
    assert ok.ok, ok.diagnostics
def test_the_library_takes_the_language_version_as_dxc_spells_it():
    assert CompileOptions(hlsl_version="2018").hlsl_version == 2018
    assert CompileOptions(hlsl_version="202x").hlsl_version == 2029
    assert CompileOptions(hlsl_version=2016).hlsl_version == 2016
    with pytest.raises(ValueError, match="2015 is only supported for language services"):
        CompileOptions(hlsl_version=2015)
    with pytest.raises(ValueError, match="hlsl_version must be one of"):
        CompileOptions(hlsl_version="2020")
    with pytest.raises(ProfileError, match="-enable-16bit-types needs HLSL 2018 or later"):
        CompileOptions(profile="cs_6_8", hlsl_version=2017, enable_16bit_types=True)


def test_the_language_version_changes_what_compiles():
    source = ("RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)] void main() {\n"
              "  for (uint i = 0; i < 4 && o[i] != 0; i++) {}\n  o[4] = i;\n}\n")
    old = driver.compile_source(source, "scope.hlsl", CompileOptions(profile="cs_6_8", hlsl_version="2018"))
    assert old.ok and not list(old.diagnostics)
    new = driver.compile_source(source, "scope.hlsl", CompileOptions(profile="cs_6_8"))
    assert not new.ok
    [error] = [d for d in new.diagnostics if d.is_error]
    assert error.message == "use of undeclared identifier 'i'"
    assert "compile with -HV 2018" in error.notes[-1].message


def test_warning_groups_are_silenced_by_name():
    source = ("RWStructuredBuffer<float> o;\n[numthreads(1, 1, 1)] void main() { o[0] = 1.5f32; }\n")
    loud = driver.compile_source(source, "suffix.hlsl", CompileOptions(profile="cs_6_8"))
    assert [d.message for d in loud.diagnostics] == [
        "fixed-size floating-point literal suffix 'f32' is a HLSL 202x extension [-Whlsl-202x-extensions]"]
    quiet = driver.compile_source(source, "suffix.hlsl", CompileOptions(profile="cs_6_8",
                                                                 disabled_warnings=("hlsl-202x-extensions",)))
    assert quiet.ok and not list(quiet.diagnostics)
    with pytest.raises(ValueError, match="unknown warning group 'bogus'"):
        CompileOptions(disabled_warnings=("bogus",))


def test_library_target_environment():
    # The library takes -fspv-target-env in vulkan_options, as the command
    # line does: the SPIR-V version written and the version macros follow
    # it, and an unknown environment is a ValueError, not a silent default.
    options = CompileOptions(profile="cs_6_6", emit="spirv-asm", vulkan_options=("-fspv-target-env=vulkan1.1",))
    text = "RWStructuredBuffer<uint> O;\n[numthreads(1,1,1)] void main() { O[0] = __SPIRV_MINOR_VERSION__; }\n"
    result = hlslc.compile_source(text, "t.hlsl", options)
    assert result.ok and "; Version: 1.3" in result.output and "%uint_3" in result.output
    with pytest.raises(ValueError, match="-fspv-target-env=vulkan9: the target environment must be one of"):
        CompileOptions(vulkan_options=("-fspv-target-env=vulkan9",))
