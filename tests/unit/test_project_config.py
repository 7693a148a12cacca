"""--project-config: the options of hlslc.toml or pyproject.toml's
[tool.hlslc] table, and located errors for every mistake in them."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlslc import options as cli
from hlslc.project_config import (ProjectConfigError, find_project_config,
                                  load_project_config)
from support.cli import run_hlslc as run

NEEDS_CONFIG = '#include "common.h"\n[numthreads(1, 1, 1)]\nvoid main() { int x = VALUE; }\n'
SYNTAX_ERROR = "[numthreads(1, 1, 1)]\nvoid main() { int x = ; }\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder (the current directory) whose shader needs an
    include directory and a macro."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "common.h").write_text("#define VALUE N\n")
    (tmp_path / "shader.hlsl").write_text(NEEDS_CONFIG)
    return tmp_path


# --- reading the table ---------------------------------------------------------------

def test_pyproject_table_gives_the_options(project: Path) -> None:
    (project / "pyproject.toml").write_text(
        '[project]\nname = "shaders"\n\n[tool.hlslc]\ninclude_dirs = ["inc"]\ndefines = ["N=4", "DEBUG"]\n'
        'undefines = ["OLD"]\nprofile = "cs_6_8"\nentry = "main"\nhlsl_version = 2021\nenable_16bit_types = true\n'
        'linalg_revision = "draft"\nwarnings_as_errors = true\nargs = ["-Zpr", "-I", "more"]\n')
    assert find_project_config(".") == "./pyproject.toml"
    config = load_project_config("pyproject.toml")
    assert config.options == ["-I", "inc", "-D", "N=4", "-D", "DEBUG", "-U", "OLD", "-T", "cs_6_8", "-E", "main",
                              "-HV", "2021", "-enable-16bit-types", "--linalg-revision=draft", "-Werror",
                              "-Zpr", "-I", "more"]
    args = cli.parse_arguments(config.options + ["shader.hlsl"])
    assert (args.include_dirs, args.defines, args.profile, args.row_major_matrices, args.inputs) == \
        (["inc", "more"], [("N", "4"), ("DEBUG", None)], "cs_6_8", True, ["shader.hlsl"])
    assert run("--project-config", "-fsyntax-only", "shader.hlsl")[0] == 0
    assert run("-fsyntax-only", "shader.hlsl")[0] == 1      # without it, common.h is not found


def test_hlslc_toml_comes_first_and_defines_may_be_a_table(project: Path) -> None:
    (project / "pyproject.toml").write_text('[tool.hlslc]\nprofile = "bogus"\n')
    (project / "hlslc.toml").write_text('include_dirs = ["inc"]\n\n[defines]\nN = 4\nON = true\nOFF = false\n'
                                        'TEXT = "a b"\n')
    assert find_project_config(".") == "./hlslc.toml"
    assert load_project_config("hlslc.toml").options == ["-I", "inc", "-D", "N=4", "-D", "ON", "-D", "TEXT=a b"]
    assert run("--project-config", "-fsyntax-only", "shader.hlsl") == (0, "", "")


def test_the_command_line_wins_and_adds(project: Path) -> None:
    (project / "hlslc.toml").write_text('include_dirs = ["inc"]\ndefines = ["N=4"]\nprofile = "cs_6_0"\n')
    args = cli.parse_arguments(load_project_config("hlslc.toml").options + ["-T", "cs_6_6", "-DM=1", "x.hlsl"])
    assert args.profile == "cs_6_6"
    assert args.defines == [("N", "4"), ("M", "1")]


def test_include_dirs_are_relative_to_the_file(project: Path) -> None:
    (project / "conf").mkdir()
    (project / "conf" / "hlslc.toml").write_text('include_dirs = ["../inc", "/abs"]\ndefines = ["N=1"]\n')
    assert load_project_config("conf/hlslc.toml").options[:4] == ["-I", "conf/../inc", "-I", "/abs"]
    assert run("--project-config=conf/hlslc.toml", "-fsyntax-only", "shader.hlsl")[0] == 0
    assert run("--project-config=conf", "-fsyntax-only", "shader.hlsl")[0] == 0


def test_no_configuration_is_no_options(project: Path) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "hlslc-user"\n')
    assert find_project_config(".") is None
    (project / "good.hlsl").write_text("[numthreads(1, 1, 1)]\nvoid main() {}\n")
    assert run("--project-config", "-fsyntax-only", "good.hlsl") == (0, "", "")
    # Named explicitly, a pyproject.toml without the table is an error.
    status, _, err = run("--project-config=pyproject.toml", "-fsyntax-only", "good.hlsl")
    assert (status, err) == (2, "pyproject.toml: error: pyproject.toml has no [tool.hlslc] table\n")


# --- located errors ------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ('include_dirs = ["inc"\n',
     "hlslc.toml:2:1: error: invalid TOML: unclosed array"),
    ('profile = "cs_6_10"\nprofile = "cs_6_8"\n',
     "hlslc.toml:2:19: error: invalid TOML: cannot overwrite a value"),
    ('include_dir = ["inc"]\n',
     "hlslc.toml:1:1: error: unknown key 'include_dir'; did you mean 'include_dirs'?\n"
     'include_dir = ["inc"]\n'
     "^~~~~~~~~~~"),
    ('include_dirs = "inc"\n',
     "hlslc.toml:1:16: error: 'include_dirs' must be a list of strings, not the string 'inc'\n"
     'include_dirs = "inc"\n'
     "               ^~~~~"),
    ('include_dirs = [\n  "inc",\n  3,\n]\n',
     "hlslc.toml:3:3: error: 'include_dirs' must be a list of strings, but item 2 is the number 3"),
    ('defines = ["N=1", "2N=3"]\n',
     "hlslc.toml:1:19: error: '2N' is not a valid macro name\n"
     'defines = ["N=1", "2N=3"]\n'
     "                  ^~~~~~"),
    ('[defines]\nN = 1.5\n',
     "hlslc.toml:2:5: error: the value of macro 'N' must be a string, an integer, true or false, not the number 1.5"),
    ('[defines]\n"9" = 1\n',
     "hlslc.toml:2:1: error: '9' is not a valid macro name"),
    ('profile = "ps_6_0"\n',
     "hlslc.toml:1:11: error: hlslc compiles compute and library shaders; 'ps_6_0' is a pixel shader profile"),
    ('profile = 610\n',
     "hlslc.toml:1:11: error: 'profile' must be a string, not the number 610"),
    ('hlsl_version = 2020 # not a version\n',
     "hlslc.toml:1:16: error: 'hlsl_version' must be one of 2016, 2017, 2018, 2021, 202x, not the number 2020\n"
     "hlsl_version = 2020 # not a version\n"
     "               ^~~~"),
    ('enable_16bit_types = "yes"\n',
     "hlslc.toml:1:22: error: 'enable_16bit_types' must be true or false, not the string 'yes'"),
    ('linalg_revision = "sm7"\n',
     "hlslc.toml:1:19: error: 'linalg_revision' must be 'sm6.10' or 'draft' or 'dxc', not 'sm7'"),
    ('args = ["-Zpr", "-fbogus"]\n',
     "hlslc.toml:1:8: error: in 'args': unknown option '-fbogus'"),
    ('args = ["-Zpr", "shader.hlsl"]\n',
     "hlslc.toml:1:17: error: 'args' holds options only; 'shader.hlsl' is not one"),
    ('args = ["--project-config"]\n',
     "hlslc.toml:1:9: error: '--project-config' cannot be used inside a project configuration"),
])
def test_mistakes_are_located(project: Path, text: str, expected: str) -> None:
    (project / "hlslc.toml").write_text(text)
    status, out, err = run("--project-config", "-fsyntax-only", "shader.hlsl")
    assert (status, out) == (2, "")
    assert err.startswith(expected), err
    assert "Traceback" not in err
    with pytest.raises(ProjectConfigError) as failure:
        load_project_config("hlslc.toml")
    assert failure.value.diagnostic.span is not None


def test_mistakes_in_the_pyproject_table_are_located(project: Path) -> None:
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.hlslc]\nprofile = "cs_7_0"\n')
    status, _, err = run("--project-config", "-fsyntax-only", "shader.hlsl")
    assert status == 2
    assert err.startswith("pyproject.toml:5:11: error: ")
    (project / "pyproject.toml").write_text('[tool]\nhlslc = "cs_6_10"\n')
    status, _, err = run("--project-config", "-fsyntax-only", "shader.hlsl")
    assert (status, err.splitlines()[0]) == (2, "pyproject.toml:2:9: error: [tool.hlslc] must be a table")


def test_unreadable_configurations(project: Path) -> None:
    status, _, err = run("--project-config=missing.toml", "-fsyntax-only", "shader.hlsl")
    assert (status, err) == (2, "missing.toml: error: cannot read project configuration: no such file or directory\n")
    (project / "hlslc.toml").write_bytes(b"profile = \"\xff\"\n")
    status, _, err = run("--project-config", "-fsyntax-only", "shader.hlsl")
    assert (status, err) == (2, "hlslc.toml: error: project configuration is not valid UTF-8\n")
    (project / "empty").mkdir()
    status, _, err = run("--project-config=empty", "-fsyntax-only", "shader.hlsl")
    assert status == 2 and err.startswith("empty: error: no hlslc.toml")


def test_help_and_version_need_no_configuration(project: Path) -> None:
    (project / "hlslc.toml").write_text("broken = \n")
    assert run("--project-config", "--version")[0] == 0
    status, out, _ = run("--project-config", "--help")
    assert status == 0 and "--project-config" in out


def test_errors_in_the_shaders_still_use_the_configured_options(project: Path) -> None:
    (project / "hlslc.toml").write_text('include_dirs = ["inc"]\ndefines = ["N=4"]\n')
    (project / "bad.hlsl").write_text(SYNTAX_ERROR)
    status, _, err = run("--project-config", "-fsyntax-only", "shader.hlsl", "bad.hlsl")
    assert status == 1
    assert err.startswith("bad.hlsl:2:23: error: expected expression\n")


def test_library_reads_the_table_as_compile_options(project: Path) -> None:
    """The library's way in: hlslc.find_project_config / load_project_config,
    and the configuration as CompileOptions for hlslc.compile_file."""
    import hlslc

    (project / "pyproject.toml").write_text(
        '[tool.hlslc]\nprofile = "cs_6_6"\ninclude_dirs = ["inc"]\ndefines = ["N=3"]\nhlsl_version = "2021"\n')
    path = hlslc.find_project_config(str(project))
    assert path is not None and path.endswith("pyproject.toml")
    options = hlslc.load_project_config(path).compile_options()
    assert str(options.profile) == "cs_6_6"
    assert options.include_dirs == [str(project / "inc")]
    assert ("N", "3") in options.defines
    (project / "k.hlsl").write_text('#include "common.h"\nRWByteAddressBuffer O;\n'
                                    '[numthreads(1,1,1)] void main() { O.Store(0, VALUE); }\n')
    result = hlslc.compile_file(str(project / "k.hlsl"), options)
    assert result.ok, [str(d) for d in result.diagnostics]
    assert "i32 3" in result.ir_text


def test_the_language_version_comes_from_the_table(project: Path) -> None:
    """hlsl_version = 2018 (a number or a string, "202x" too) compiles the
    project's HLSL 2018 shaders: a for loop's variable after the loop."""
    (project / "legacy.hlsl").write_text("RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)] void main() {\n"
                                         "  for (uint i = 0; i < 4 && o[i] != 0; i++) {}\n  o[4] = i;\n}\n")
    (project / "hlslc.toml").write_text('profile = "cs_6_8"\nhlsl_version = 2018\n')
    assert run("--project-config", "-fsyntax-only", "legacy.hlsl") == (0, "", "")
    assert run("--project-config", "-HV", "2021", "-fsyntax-only", "legacy.hlsl")[0] == 1   # the command line wins
    (project / "hlslc.toml").write_text('profile = "cs_6_8"\nhlsl_version = "202x"\n')
    assert load_project_config("hlslc.toml").compile_options().hlsl_version == 2029
    (project / "hlslc.toml").write_text('hlsl_version = 2015\n')
    status, _, err = run("--project-config", "-fsyntax-only", "legacy.hlsl")
    assert status == 2 and "'hlsl_version' must be one of 2016, 2017, 2018, 2021, 202x, not the number 2015" in err
