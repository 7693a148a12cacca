"""-fdiagnostics-format=sarif: every log the commands write is valid
against the SARIF 2.1.0 schema (the OASIS file next to this one), and says
what the text output says: rule IDs, levels, messages, regions, notes,
paths relative to the current directory."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import hlslc
from hlslc.spec.rules import RULES
from support.cli import run_hlslc as run

SCHEMA = json.loads((Path(__file__).parent / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft4Validator(SCHEMA)

GOOD = "[numthreads(1, 1, 1)]\nvoid main() {}\n"
SYNTAX_ERROR = "[numthreads(1, 1, 1)]\nvoid main() {\n  int a = ;\n}\n"
MACRO_REDEFINED = "#define X 1\n#define X 2\n[numthreads(1, 1, 1)]\nvoid main() {}\n"
STRIDE_OPAQUE = """\
#include <dx/linalg.h>
using namespace dx::linalg;
using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;
ByteAddressBuffer Weights;
void f() {
  ThreadB b = ThreadB::Load(Weights, 0, 64, MatrixLayout::MulOptimal);
}
"""
DIVERGENT_BARRIER = """\
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  if (id.x == 0) {
    GroupMemoryBarrierWithGroupSync();
  }
  Out[id.x] = 1;
}
"""
BAD_IR = """\
define void @main() {
entry:
  store i32 0
  ret void
}
"""


def checked(text: str) -> dict:
    """The log in `text`, which must be one JSON document valid against the schema."""
    log = json.loads(text)
    errors = sorted(VALIDATOR.iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    assert log["version"] == "2.1.0"
    assert len(log["runs"]) == 1
    return log


def sarif(*argv: str, stdin: str = "") -> tuple[int, str, dict]:
    """Run hlslc with -fdiagnostics-format=sarif: (status, stdout, the log)."""
    status, out, err = run(*argv, "-fdiagnostics-format=sarif", stdin=stdin)
    return status, out, checked(err)


def results(log: dict) -> list[dict]:
    return log["runs"][0]["results"]


def place(result: dict) -> tuple[str, dict | None]:
    """(uri, region) of a result's one location."""
    [location] = result["locations"]
    physical = location["physicalLocation"]
    return physical["artifactLocation"]["uri"], physical.get("region")


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


# --- the run: tool, rules, invocation ------------------------------------------------

def test_clean_compile_has_the_tool_and_every_rule(workdir: Path) -> None:
    (workdir / "good.hlsl").write_text(GOOD)
    status, out, log = sarif("-fsyntax-only", "good.hlsl")
    assert (status, out) == (0, "")
    run_ = log["runs"][0]
    assert run_["results"] == []
    assert run_["invocations"] == [{"executionSuccessful": True, "exitCode": 0}]
    assert run_["columnKind"] == "utf16CodeUnits"
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"] == workdir.resolve().as_uri() + "/"
    driver = run_["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("hlslc", hlslc.__version__)
    assert [r["id"] for r in driver["rules"]] == list(RULES)
    for descriptor, rule in zip(driver["rules"], RULES.values()):
        assert descriptor["shortDescription"]["text"].lower().startswith(rule.title.lower())
        assert descriptor["fullDescription"]["text"] == rule.description
        assert descriptor["help"]["text"].startswith(rule.help)
        assert descriptor["defaultConfiguration"]["level"] == rule.severity


def test_every_rule_has_its_texts() -> None:
    for rule in RULES.values():
        assert rule.title and rule.description and rule.help, rule.id
        assert rule.description != rule.title and rule.help != rule.description, rule.id


def test_ir_goes_to_stdout_and_the_log_alone_to_stderr(workdir: Path) -> None:
    (workdir / "good.hlsl").write_text(GOOD)
    status, out, log = sarif("good.hlsl")
    assert status == 0
    assert out.startswith("; ModuleID") and "@\"main\"" in out
    assert results(log) == []


# --- results ---------------------------------------------------------------------

def test_syntax_error_has_no_rule_id_and_an_exact_region(workdir: Path) -> None:
    (workdir / "bad.hlsl").write_text(SYNTAX_ERROR)
    status, _, log = sarif("-fsyntax-only", "bad.hlsl")
    assert status == 1
    [result] = results(log)
    assert "ruleId" not in result and "ruleIndex" not in result
    assert result["level"] == "error"
    assert result["message"]["text"] == "expected expression"
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "bad.hlsl",
                                                                               "uriBaseId": "%SRCROOT%"}
    assert place(result)[1] == {"startLine": 3, "startColumn": 11, "endLine": 3, "endColumn": 12}
    assert log["runs"][0]["invocations"] == [{"executionSuccessful": True, "exitCode": 1}]


def test_sema_error_carries_its_rule(workdir: Path) -> None:
    (workdir / "stride.hlsl").write_text(STRIDE_OPAQUE)
    status, _, log = sarif("-T", "lib_6_10", "-fsyntax-only", "stride.hlsl")
    assert status == 1
    [result] = results(log)
    assert result["ruleId"] == "LINALG-STRIDE-OPAQUE"
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[result["ruleIndex"]]["id"] == "LINALG-STRIDE-OPAQUE"
    assert result["message"]["text"] == "stride must be 0 for layout 'MulOptimal' (got 64)"
    assert place(result) == ("stride.hlsl", {"startLine": 6, "startColumn": 41, "endLine": 6, "endColumn": 43})
    # The rule's note has no place of its own: a related location with a message only.
    [note] = result["relatedLocations"]
    assert "physicalLocation" not in note and "opaque layouts" in note["message"]["text"]


def test_notes_are_related_locations(workdir: Path) -> None:
    (workdir / "warn.hlsl").write_text(MACRO_REDEFINED)
    status, _, log = sarif("-fsyntax-only", "warn.hlsl")
    assert status == 0
    [result] = results(log)
    assert result["level"] == "warning"
    assert result["message"]["text"] == "'X' macro redefined"
    assert place(result) == ("warn.hlsl", {"startLine": 2, "startColumn": 9, "endLine": 2, "endColumn": 10})
    [note] = result["relatedLocations"]
    assert note["id"] == 0
    assert note["message"]["text"] == "previous definition is here"
    assert note["physicalLocation"]["artifactLocation"]["uri"] == "warn.hlsl"
    assert note["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 9, "endLine": 1, "endColumn": 10}


def test_macro_expansion_is_placed_at_the_invocation(workdir: Path) -> None:
    (workdir / "mac.hlsl").write_text("#define ZERO(x) (x / )\n[numthreads(1, 1, 1)]\nvoid main() { int a = ZERO(2); }\n")
    _, _, log = sarif("-fsyntax-only", "mac.hlsl")
    [result] = results(log)
    assert place(result) == ("mac.hlsl", {"startLine": 3, "startColumn": 23, "endLine": 3, "endColumn": 27})
    [note] = result["relatedLocations"]
    assert note["message"]["text"] == "expanded from macro 'ZERO'"
    assert note["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 9, "endLine": 1, "endColumn": 13}


def test_uniformity_finding_from_the_validator_keeps_its_source_notes(workdir: Path) -> None:
    (workdir / "barrier.hlsl").write_text(DIVERGENT_BARRIER)
    status, _, log = sarif("-T", "cs_6_6", "barrier.hlsl")
    assert status == 0
    [result] = results(log)
    assert result["ruleId"] == "IR-UNIFORM-BARRIER" and result["level"] == "warning"
    assert place(result)[1]["startLine"] == 5
    lines = [n["physicalLocation"]["region"]["startLine"] for n in result["relatedLocations"]]
    assert 4 in lines and 3 in lines     # the branch, and the thread ID it depends on
    # -Werror=uniformity turns the warning into an error; plain -Werror
    # (-WX) leaves it a warning, since DXC has no such warning and a build
    # written for DXC with -WX must compile as it does there.
    status, _, log = sarif("-T", "cs_6_6", "-Werror", "barrier.hlsl")
    assert status == 0 and results(log)[0]["level"] == "warning"
    status, _, log = sarif("-T", "cs_6_6", "-Werror=uniformity", "barrier.hlsl")
    assert status == 1 and results(log)[0]["level"] == "error"
    status, _, log = sarif("-T", "cs_6_6", "-Werror", "-Wno-error=uniformity", "barrier.hlsl")
    assert status == 0 and results(log)[0]["level"] == "warning"


def test_columns_count_utf16_code_units(workdir: Path) -> None:
    # U+1F600 is two UTF-16 code units; 'é' one.
    (workdir / "wide.hlsl").write_text("[numthreads(1, 1, 1)]\nvoid main() { /* \U0001F600é */ int a = ; }\n",
                                       encoding="utf-8")
    _, _, log = sarif("-fsyntax-only", "wide.hlsl")
    [result] = results(log)
    # 'void main() { /* ' is 17 characters, then 2 + 1 code units, then ' */ int a = '.
    assert place(result)[1] == {"startLine": 2, "startColumn": 33, "endLine": 2, "endColumn": 34}


def test_empty_span_is_an_insertion_point(workdir: Path) -> None:
    # Where the missing ';' goes: an empty region, endColumn == startColumn.
    (workdir / "semi.hlsl").write_text("[numthreads(1, 1, 1)]\nvoid main() { int a = 1 }\n")
    _, _, log = sarif("-fsyntax-only", "semi.hlsl")
    [result] = results(log)
    assert result["message"]["text"] == "expected ';' after declaration"
    assert place(result)[1] == {"startLine": 2, "startColumn": 24, "endLine": 2, "endColumn": 24}


def test_batch_is_one_log_in_input_order(workdir: Path) -> None:
    shaders = workdir / "shaders"
    shaders.mkdir()
    (shaders / "a.hlsl").write_text(SYNTAX_ERROR)
    (shaders / "b.hlsl").write_text(MACRO_REDEFINED)
    (shaders / "c.hlsl").write_text(GOOD)
    argv = ("-fsyntax-only", "shaders/a.hlsl", "shaders/b.hlsl", "shaders/c.hlsl")
    status, _, log = sarif(*argv)
    assert status == 1
    assert [(r["level"], place(r)[0]) for r in results(log)] == [("error", "shaders/a.hlsl"),
                                                                 ("warning", "shaders/b.hlsl")]
    # -j: the same log, assembled from the workers' results.
    status_j, _, log_j = sarif("-j", "2", *argv)
    assert (status_j, log_j) == (status, log)


def test_paths_are_relative_uris_or_absolute_file_uris(workdir: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    (workdir / "sub dir").mkdir()
    (workdir / "sub dir" / "bad.hlsl").write_text(SYNTAX_ERROR)
    elsewhere = tmp_path_factory.mktemp("elsewhere") / "far.hlsl"
    elsewhere.write_text(SYNTAX_ERROR)
    _, _, log = sarif("-fsyntax-only", str(workdir / "sub dir" / "bad.hlsl"), str(elsewhere))
    near, far = results(log)
    assert near["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": "sub%20dir/bad.hlsl",
                                                                             "uriBaseId": "%SRCROOT%"}
    assert far["locations"][0]["physicalLocation"]["artifactLocation"] == {"uri": elsewhere.as_uri()}


def test_stdin_and_missing_files(workdir: Path) -> None:
    status, _, log = sarif("-fsyntax-only", "-", stdin=SYNTAX_ERROR)
    assert status == 1
    assert place(results(log)[0])[0] == "%3Cstdin%3E"
    status, _, log = sarif("-fsyntax-only", "missing.hlsl")
    assert status == 1
    [result] = results(log)
    assert place(result) == ("missing.hlsl", None)
    assert "no such file" in result["message"]["text"]


def test_internal_error_is_a_result(workdir: Path) -> None:
    (workdir / "good.hlsl").write_text(GOOD)
    for jobs in ((), ("-j", "2")):
        status, _, log = sarif("--debug-crash", *jobs, "good.hlsl", "good.hlsl")
        assert status == 3
        crash = results(log)[0]
        assert crash["level"] == "error" and "ruleId" not in crash
        assert crash["message"]["text"].startswith("internal compiler error: ")
        assert place(crash) == ("good.hlsl", None)
        assert log["runs"][0]["invocations"] == [{"executionSuccessful": False, "exitCode": 3}]


def test_diagnostics_output_file(workdir: Path) -> None:
    (workdir / "bad.hlsl").write_text(SYNTAX_ERROR)
    status, out, err = run("-fsyntax-only", "-fdiagnostics-format=sarif", "-fdiagnostics-output=log.sarif",
                           "bad.hlsl")
    assert (status, out, err) == (1, "", "")
    assert results(checked((workdir / "log.sarif").read_text()))[0]["message"]["text"] == "expected expression"
    # Any format can go to a file.
    status, out, err = run("-fsyntax-only", "-fdiagnostics-output=log.txt", "bad.hlsl")
    assert (status, out, err) == (1, "", "")
    assert (workdir / "log.txt").read_text().startswith("bad.hlsl:3:11: error: expected expression\n")
    status, _, err = run("-fsyntax-only", "-fdiagnostics-output=no/such/dir/log", "bad.hlsl")
    assert status == 1 and err.startswith("hlslc: error: cannot write diagnostics to 'no/such/dir/log': ")


def test_time_report_goes_into_the_run_properties(workdir: Path) -> None:
    (workdir / "good.hlsl").write_text(GOOD)
    _, _, log = sarif("-fsyntax-only", "--time-report", "good.hlsl", "good.hlsl")
    reports = log["runs"][0]["properties"]["timeReports"]
    assert [r.get("file") for r in reports] == ["good.hlsl", "good.hlsl", None]
    assert reports[-1]["files"] == 2


def test_output_that_cannot_be_written_is_a_result(workdir: Path) -> None:
    (workdir / "good.hlsl").write_text(GOOD)
    (workdir / "taken").write_text("")
    status, _, log = sarif("good.hlsl", "-o", "taken/")
    assert status == 1
    [result] = results(log)
    assert "cannot create output directory" in result["message"]["text"] and "locations" not in result


def test_usage_errors_stay_text(workdir: Path) -> None:
    status, out, err = run("-fdiagnostics-format=sarif", "-verify", "x.hlsl")
    assert (status, out) == (2, "")
    assert err.startswith("hlslc: error: '-verify' cannot be used with '-fdiagnostics-format=sarif'\n")


# --- hlslc validate ---------------------------------------------------------------

def test_validate_bad_ir(workdir: Path) -> None:
    ir_dir = Path(__file__).resolve().parents[1] / "validate"
    (workdir / "bad.ll").write_text(BAD_IR)
    (workdir / "srv.ll").write_text((ir_dir / "resource-bufferstore-srv.ll").read_text())
    status, out, err = run("validate", "-fdiagnostics-format=sarif", "bad.ll", "srv.ll", "gone.ll")
    assert (status, out) == (1, "")
    parse, kind, unreadable = results(checked(err))
    assert parse["ruleId"] == "IR-PARSE"
    assert place(parse) == ("bad.ll", {"startLine": 3})
    assert kind["ruleId"] == "IR-RESOURCE-KIND"
    assert place(kind)[0] == "srv.ll"
    assert (workdir / "srv.ll").read_text().splitlines()[place(kind)[1]["startLine"] - 1].lstrip() \
        .startswith("call void @dx.op.bufferStore")
    assert "ruleId" not in unreadable and place(unreadable) == ("gone.ll", None)


def test_validate_clean_ir_and_options(workdir: Path) -> None:
    (workdir / "good.hlsl").write_text(GOOD)
    _, ir, _ = run("good.hlsl")
    (workdir / "good.ll").write_text(ir)
    status, out, err = run("validate", "-fdiagnostics-format=sarif", "-fdiagnostics-output=v.sarif", "good.ll")
    assert (status, out, err) == (0, "Validation succeeded.\n", "")
    assert results(checked((workdir / "v.sarif").read_text())) == []
    status, _, err = run("validate", "-fdiagnostics-format=xml", "good.ll")
    assert status == 2 and "expected 'text' or 'sarif'" in err


# --- the library -----------------------------------------------------------------

def test_library_log_of_compile_results_and_validator_findings(workdir: Path) -> None:
    bad = hlslc.compile_source(SYNTAX_ERROR, "bad.hlsl")
    good = hlslc.compile_source(GOOD, "good.hlsl")
    log = hlslc.sarif_log([bad, good, hlslc.validate(BAD_IR, "bad.ll")])
    checked(json.dumps(log))
    first, second = results(log)
    assert place(first) == ("bad.hlsl", {"startLine": 3, "startColumn": 11, "endLine": 3, "endColumn": 12})
    assert second["ruleId"] == "IR-PARSE" and place(second) == ("bad.ll", {"startLine": 3})
    assert "invocations" not in log["runs"][0]
    # One result alone, and a base directory of one's own.
    log = hlslc.sarif_log(bad, base_dir=workdir.parent)
    assert place(results(log)[0])[0] == f"{workdir.name}/bad.hlsl"
    with pytest.raises(TypeError):
        hlslc.sarif_log([["not a diagnostic"]])


def test_library_log_equals_the_command_s(workdir: Path) -> None:
    (workdir / "warn.hlsl").write_text(MACRO_REDEFINED)
    _, _, from_command = sarif("-fsyntax-only", "warn.hlsl")
    from_library = hlslc.sarif_log(hlslc.compile_file("warn.hlsl", hlslc.CompileOptions(emit="nothing")))
    assert results(from_library) == results(from_command)
    assert from_library["runs"][0]["tool"] == from_command["runs"][0]["tool"]
