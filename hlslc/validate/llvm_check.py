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

Why only in `hlslc validate`: importing llvmlite and parsing costs time a
compile does not need (hlslc's IR is built by llvmlite and is checked by
hlslc's own rules on every compile); the command runs it when hlslc's
structural rules found nothing, so each problem is reported once.

Does not own: any other rule; reading IR (`hlslc.dxil.reader`).
"""

from __future__ import annotations

import re

_DATALAYOUT = re.compile(r"^\s*target\s+datalayout\b.*$", re.M)
_DBG_ATTACHMENT = re.compile(r",\s*!dbg\s+!\d+")
_DBG_LINE = re.compile(r"^.*@llvm\.dbg\.[A-Za-z_.]+\b.*$", re.M)
_DBG_CU = re.compile(r"^\s*!llvm\.dbg\.[A-Za-z_.]+\s*=.*$", re.M)
_DI_NODE = re.compile(r"^(\s*![0-9]+\s*=\s*)(?:distinct\s+)?!(?:DI|DW_|GenericDINode)\w*\(.*$", re.M)
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
    import llvmlite.binding as llvm   # late: only `hlslc validate` asks LLVM, and llvmlite takes a while to load

    try:
        module = llvm.parse_assembly(normalise(text), llvm.create_context())
    except RuntimeError as exc:
        return [_located(str(exc))]
    try:
        module.verify()
    except RuntimeError as exc:
        lines = [ln.strip() for ln in str(exc).strip().splitlines() if ln.strip()]
        return [(None, "LLVM's verifier: " + "; ".join(lines[:3]))]
    return []


def _located(message: str) -> tuple[int | None, str]:
    for raw in message.splitlines():
        m = _LOCATION.search(raw)
        if m:
            return int(m.group(1)), f"LLVM's parser: {m.group(3).strip()}"
    lines = [ln.strip() for ln in message.splitlines() if ln.strip()]
    return None, "LLVM's parser: " + "; ".join(lines[:2])
