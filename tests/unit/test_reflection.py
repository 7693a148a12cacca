"""Reflection where a .hlsl test cannot say it: every reflection the tests
write validates against the shipped JSON Schema, docs/reflection.md's
example is what hlslc writes for its shader, the library API and its
errors, exact exit statuses."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import jsonschema
import pytest

import hlslc
from hlslc import cli
from hlslc.reflection import ReflectionError, load_schema, schema_path, to_json
from support.runlines import Runner, extract_run_lines
from support.samples import compile_args_for, sample_files

REPO = Path(__file__).resolve().parents[2]
REFLECT_TESTS = sorted((REPO / "tests" / "reflect").glob("*.hlsl"))


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(argv))
    return status, out.getvalue(), err.getvalue()


def _errors(validator: jsonschema.Draft202012Validator, instance: object) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(instance)]


@pytest.mark.parametrize("test", REFLECT_TESTS, ids=lambda p: p.name)
def test_every_reflection_the_tests_write_follows_the_schema(test: Path, tmp_path: Path, validator) -> None:
    runner = Runner(test, tmp_path / (test.stem + ".tmp"))
    for line in extract_run_lines(test.read_text(encoding="utf-8")):
        runner.run_line(line)
    written = sorted(tmp_path.rglob("*.json"))
    assert written, f"{test.name} wrote no reflection"
    for path in written:
        assert _errors(validator, json.loads(path.read_text())) == [], path


@pytest.mark.parametrize("sample", sample_files(), ids=lambda p: p.name)
def test_reflection_of_each_sample_follows_the_schema(sample: Path, tmp_path: Path, validator) -> None:
    target = tmp_path / "out.json"
    status, _, err = run(*compile_args_for(sample), str(sample), "-o", str(tmp_path / "out.ll"),
                         "--reflect", str(target))
    assert status == 0, err
    reflection = json.loads(target.read_text())
    assert _errors(validator, reflection) == []
    assert reflection["entry_points"][0]["numthreads"]


def test_the_schema_rejects_what_it_should(validator) -> None:
    result = hlslc.compile_file(REPO / "tests" / "reflect" / "cbuffer-packing.hlsl")
    good = hlslc.reflect(result)
    assert _errors(validator, good) == []
    bad = json.loads(json.dumps(good))
    bad["resources"][0]["class"] = "RTV"
    bad["resources"][1]["members"][0]["offset"] = -4
    del bad["groupshared"]["total_bytes"]
    bad["entry_points"][0]["surprise"] = 1
    found = _errors(validator, bad)
    assert len(found) == 4, found


# --- docs/reflection.md ---------------------------------------------------------

def _docs_blocks(language: str) -> list[str]:
    text = (REPO / "docs" / "reflection.md").read_text(encoding="utf-8")
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def test_docs_example_is_what_hlslc_writes(validator) -> None:
    shader = _docs_blocks("hlsl")[0]
    documented = json.loads(_docs_blocks("json")[0])
    result = hlslc.compile_source(shader, "example.hlsl")
    assert result.ok, [d.message for d in result.diagnostics]
    actual = hlslc.reflect(result)
    actual["hlslc_version"] = documented["hlslc_version"]
    assert actual == documented
    assert _errors(validator, documented) == []


def test_docs_name_every_key_of_the_schema() -> None:
    text = (REPO / "docs" / "reflection.md").read_text(encoding="utf-8")
    keys: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.get("properties", {}).items():
                keys.add(key)
                walk(value)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(load_schema())
    missing = sorted(k for k in keys if f"`{k}`" not in text)
    assert missing == []


# --- the library API ----------------------------------------------------------------

def test_reflect_returns_a_fresh_json_object() -> None:
    result = hlslc.compile_file(REPO / "tests" / "reflect" / "groupshared.hlsl")
    first = hlslc.reflect(result)
    first["groupshared"]["total_bytes"] = 0
    second = hlslc.reflect(result)
    assert second["groupshared"]["total_bytes"] == 1112
    assert json.loads(to_json(second)) == second
    assert second["format"] == "hlslc-reflection" and second["version"] == 1
    assert second["hlslc_version"] == hlslc.__version__


def test_reflect_needs_a_lowered_successful_compile() -> None:
    failed = hlslc.compile_source("[numthreads(1,1,1)] void main() { nope = 1; }", "bad.hlsl")
    with pytest.raises(ReflectionError, match="the compile failed"):
        hlslc.reflect(failed)
    checked = hlslc.compile_source("[numthreads(1,1,1)] void main() {}", "ok.hlsl",
                                   hlslc.CompileOptions(emit="nothing"))
    with pytest.raises(hlslc.ReflectionError, match="emit='ir'"):
        hlslc.reflect(checked)
    assert issubclass(hlslc.ReflectionError, ValueError)


def test_schema_is_next_to_the_module() -> None:
    assert Path(schema_path()).is_file()
    assert load_schema()["title"] == "hlslc reflection"


# --- the command line -----------------------------------------------------------------

def test_reflect_with_syntax_only_is_a_usage_error(tmp_path: Path) -> None:
    source = tmp_path / "a.hlsl"
    source.write_text("[numthreads(1,1,1)] void main() {}\n")
    status, _, err = run("-fsyntax-only", str(source), "--reflect", str(tmp_path / "a.json"))
    assert status == 2
    assert err.startswith("hlslc: error: '--reflect' needs the lowered shader")
    assert not (tmp_path / "a.json").exists()


def test_unwritable_reflection_is_a_compile_error(tmp_path: Path) -> None:
    source = tmp_path / "a.hlsl"
    source.write_text("[numthreads(1,1,1)] void main() {}\n")
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, _, err = run(str(source), "-o", str(tmp_path / "a.ll"), "--reflect", str(blocker / "a.json"))
    assert status == 1
    assert err.startswith(f"hlslc: error: cannot write reflection '{blocker / 'a.json'}': ")


def test_reflection_of_stdin_goes_to_stdin_json(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"[numthreads(2,1,1)] void main() {}\n")))
    status, out, err = run("-", "-o", str(tmp_path / "x.ll"), "--reflect", f"{tmp_path}/")
    assert status == 0, err
    reflection = json.loads((tmp_path / "stdin.json").read_text())
    assert reflection["source"] == "<stdin>"
    assert reflection["entry_points"][0]["numthreads"] == [2, 1, 1]
