"""The IR hlslc writes is valid LLVM IR: LLVM's own parser reads it and its
verifier accepts it.

Every sample in samples/ (with the options of its `// Compile:` line) and
every tests/codegen/*.hlsl file (with the options of its first `%hlslc` RUN
line) is compiled in this process with `-o` to a temporary file; the text
is then parsed with `llvmlite.binding.parse_assembly` in a fresh context
and verified.  A failure shows the command, LLVM's error and the IR with
line numbers.
"""

from __future__ import annotations

import contextlib
import io
import shlex
from pathlib import Path

import pytest

from hlslc import cli
from support.runlines import extract_run_lines
from support.samples import compile_args_for, sample_files

CODEGEN_DIR = Path(__file__).resolve().parent / "codegen"


def codegen_files() -> list[Path]:
    return sorted(CODEGEN_DIR.glob("*.hlsl"))


def run_line_args(test: Path) -> list[str]:
    """The hlslc options of the first RUN line that runs `%hlslc` (without
    `not`): the words between `%hlslc` and the first `|`, minus `%s`."""
    for line in extract_run_lines(test.read_text(encoding="utf-8")):
        words = shlex.split(line.text)
        if not words or words[0] != "%hlslc":
            continue
        args = []
        for word in words[1:]:
            if word in ("|", "&&", ">", "2>", "2>&1"):
                break
            if word != "%s":
                args.append(word)
        return args
    raise AssertionError(f"{test}: no RUN line runs '%hlslc'")


def compile_to_ir(source: Path, args: list[str], tmp_path: Path) -> str:
    output = tmp_path / (source.stem + ".ll")
    argv = [*args, str(source), "-o", str(output)]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    command = "hlslc " + " ".join(shlex.quote(a) for a in argv)
    assert status == 0, f"{command} exited {status}:\n{err.getvalue()}"
    assert output.is_file(), f"{command} wrote no IR (stderr: {err.getvalue()!r})"
    return output.read_text(encoding="utf-8")


def numbered(text: str) -> str:
    return "\n".join(f"{n:5}| {line}" for n, line in enumerate(text.splitlines(), start=1))


# DXIL's layout without native 16-bit types gives i8 a 32-bit alignment
# (DXC writes it so); LLVM 3.7 read it, today's LLVM rejects it ("i8 must be
# 8-bit aligned").  The check here is of everything else.
_LEGACY_I8 = "-i8:32-"


def assert_verifies(text: str, what: str) -> None:
    import llvmlite.binding as llvm

    text = text.replace(_LEGACY_I8, "-i8:8-", 1)
    try:
        module = llvm.parse_assembly(text, context=llvm.create_context())
        module.verify()
    except RuntimeError as exc:
        pytest.fail(f"the IR of {what} does not verify:\n{exc}\n\n--- IR ---\n{numbered(text)}", pytrace=False)


@pytest.mark.parametrize("sample", sample_files(), ids=lambda p: f"samples/{p.name}")
def test_sample_ir_verifies(sample: Path, tmp_path: Path) -> None:
    args = compile_args_for(sample)
    text = compile_to_ir(sample, args, tmp_path)
    assert_verifies(text, f"samples/{sample.name} ({' '.join(args)})")


@pytest.mark.parametrize("test", codegen_files(), ids=lambda p: f"codegen/{p.name}")
def test_codegen_ir_verifies(test: Path, tmp_path: Path) -> None:
    args = run_line_args(test)
    text = compile_to_ir(test, args, tmp_path)
    assert_verifies(text, f"tests/codegen/{test.name} ({' '.join(args)})")


def test_codegen_tests_exist() -> None:
    # An empty glob would make the parametrised test above vanish silently.
    assert codegen_files(), f"no tests in {CODEGEN_DIR}"


@pytest.mark.parametrize("text", [
    # Rejected by the parser: a void function returning a value.
    "define void @f() {\n  ret i32 0\n}\n",
    # Parsed, rejected by the verifier: a value used before it is defined.
    "define void @f() {\nentry:\n  br label %b\nb:\n  %x = add i32 %y, 1\n  %y = add i32 %x, 1\n  ret void\n}\n",
], ids=["parse-error", "verify-error"])
def test_broken_ir_fails(text: str) -> None:
    # The check itself can fail, at either stage.
    with pytest.raises(pytest.fail.Exception):
        assert_verifies(text, "a broken module")
