"""LLVM's own parser and verifier on a module, through llvmlite.

Owns: handing IR text to `llvmlite.binding` in a fresh context and turning
what LLVM says into an IR-LLVM finding at the line it names.  The LLVM
llvmlite links is much newer than DXC's (opaque pointers, a stricter data
layout parser, another debug-info format), so the text is first
normalised, line for line (line numbers are kept, so LLVM's line is the
file's):

- `target datalayout` is dropped: DXIL's (`i8:32`, 32-bit aligned bytes)
  is one new LLVM refuses;
- debug information is dropped: `!dbg` attachments, calls and declarations
  of `llvm.dbg.*`, `!llvm.dbg.cu`, and every `!DI...` node becomes an empty
  tuple `!{}` (LLVM 3.7's fields are not today's);
- parameter attributes that now need a type (`sret`, `byval`,
  `inalloca`) are dropped.

Typed pointers parse as `ptr`, so pointer types are not compared here
(`structure`'s IR-CALL-TYPES compares them as written).

LLVM runs in a child process: its parser verifies a module it upgrades and
aborts the process on one it finds broken ("Broken module found,
compilation aborted!", `report_fatal_error`), so a parent must survive it.
The child is forked where the platform can and this process has one
thread, else a fresh Python; what LLVM wrote on the standard error of a
child that aborted is the message.

Why only in `hlslc validate`: importing llvmlite and parsing costs time a
compile does not need (hlslc's IR is built by llvmlite and is checked by
hlslc's own rules on every compile); the command runs it when hlslc's
structural rules found nothing, so each problem is reported once.

Does not own: any other rule; reading IR (`hlslc.dxil.reader`).
"""

from __future__ import annotations

import os
import re

_DATALAYOUT = re.compile(r"^[ \t]*target[ \t]+datalayout\b.*$", re.M)
_DBG_ATTACHMENT = re.compile(r",\s*!dbg\s+!\d+")
_DBG_LINE = re.compile(r"^.*@llvm\.dbg\.[A-Za-z_.]+\b.*$", re.M)
_DBG_CU = re.compile(r"^[ \t]*!llvm\.dbg\.[A-Za-z_.]+[ \t]*=.*$", re.M)
_DI_NODE = re.compile(r"^([ \t]*![0-9]+[ \t]*=[ \t]*)(?:distinct\s+)?!(?:DI|DW_|GenericDINode)\w*\(.*$", re.M)
_TYPED_ATTRIBUTE = re.compile(r"\s(?:sret|byval|inalloca|preallocated)\b(?!\s*\()")
_LOCATION = re.compile(r"<string>:(\d+):(\d+):\s*error:\s*(.*)")


def normalise(text: str) -> str:
    """The text as today's LLVM reads DXC's, with the same line numbers."""
    text = _DATALAYOUT.sub("", text)
    if "dbg" in text or "!DI" in text:
        text = _DBG_ATTACHMENT.sub("", text)
        text = _DBG_LINE.sub("", text)
        text = _DBG_CU.sub("", text)
        text = _DI_NODE.sub(lambda m: m.group(1) + "!{}", text)
    if "sret" in text or "byval" in text or "inalloca" in text or "preallocated" in text:
        text = _TYPED_ATTRIBUTE.sub("", text)
    return text


def verify(text: str) -> list[tuple[int | None, str]]:
    """What LLVM's parser and verifier say about `text`: (line, message)
    pairs, empty when LLVM accepts it."""
    source = normalise(text)
    if hasattr(os, "fork") and _one_thread():
        return _forked(source)
    return _subprocess(source)


def check_here(source: str) -> list[tuple[int | None, str]]:
    """Parse and verify normalised text in this process (which LLVM may
    abort: see the module's docstring)."""
    import llvmlite.binding as llvm   # late: only `hlslc validate` asks LLVM, and llvmlite takes a while to load

    try:
        module = llvm.parse_assembly(source, llvm.create_context())
    except RuntimeError as exc:
        return [_located(str(exc))]
    try:
        module.verify()
    except RuntimeError as exc:
        lines = [ln.strip() for ln in str(exc).strip().splitlines() if ln.strip()]
        return [(None, "LLVM's verifier: " + "; ".join(lines[:3]))]
    return []


def _one_thread() -> bool:
    import threading    # late: only when LLVM is asked
    return threading.active_count() == 1


def _forked(source: str) -> list[tuple[int | None, str]]:
    import json         # late, as the others here: a compile imports this module and never asks LLVM
    import tempfile

    read_fd, write_fd = os.pipe()
    with tempfile.TemporaryFile() as errors:
        pid = os.fork()
        if pid == 0:
            status = 0
            try:
                os.close(read_fd)
                os.dup2(errors.fileno(), 2)
                payload = json.dumps(check_here(source)).encode()
                with os.fdopen(write_fd, "wb") as out:
                    out.write(payload)
            except BaseException:                   # noqa: BLE001 - the parent reports it
                status = 1
            os._exit(status)
        os.close(write_fd)
        with os.fdopen(read_fd, "rb") as incoming:
            payload = incoming.read()
        _, wait_status = os.waitpid(pid, 0)
        errors.seek(0)
        stderr = errors.read().decode("utf-8", "replace")
    if os.waitstatus_to_exitcode(wait_status) == 0 and payload:
        return [(line, message) for line, message in json.loads(payload)]
    return [_aborted(stderr)]


def _subprocess(source: str) -> list[tuple[int | None, str]]:
    import json         # late: see _forked
    import subprocess
    import sys

    code = ("import json, sys; from hlslc.validate.llvm_check import check_here; "
            "print(json.dumps(check_here(sys.stdin.read())))")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, "-c", code], input=source, capture_output=True, text=True, env=env)
    if proc.returncode == 0 and proc.stdout.strip():
        return [(line, message) for line, message in json.loads(proc.stdout)]
    return [_aborted(proc.stderr)]


def _aborted(stderr: str) -> tuple[int | None, str]:
    """The message of an LLVM that aborted: what it printed before giving up."""
    lines = [ln.strip() for ln in stderr.splitlines()
             if ln.strip() and not ln.startswith(("LLVM ERROR:", "Traceback", "PLEASE", "Stack dump"))]
    if not lines:
        return None, "LLVM's verifier rejects the module (LLVM stopped without a message)"
    return None, "LLVM's verifier: " + "; ".join(lines[:2])


def _located(message: str) -> tuple[int | None, str]:
    for raw in message.splitlines():
        m = _LOCATION.search(raw)
        if m:
            return int(m.group(1)), f"LLVM's parser: {m.group(3).strip()}"
    lines = [ln.strip() for ln in message.splitlines() if ln.strip()]
    return None, "LLVM's parser: " + "; ".join(lines[:2])
