"""Modules in DXC's form for the `dx.op.linAlg*` operations, written around
an entry function's body: what DXC 1.10 emits for `--linalg-revision=dxc`
shaders (value-typed `%dx.types.LinAlgMatrix...` matrices, experimental
opcodes, `!dx.targetTypes` first among the named metadata, SM 6.6 handles
from `createHandleFromBinding` + `annotateHandle`), so the executor and the
SPIR-V backend can be tested before hlslc's own lowering emits it.

    text = dxc_module('''
      %m = call %dx.types.LinAlgMatrixC9M4N4U0S1 @dx.op.linAlgFillMatrix.mC9M4N4U0S1.f32(i32 -2147483636, float 1.0)
      call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M4N4U0S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M4N4U0S1 %m, %dx.types.Handle %Out, i32 0, i32 16, i32 0, i32 128)
    ''', srv=["In"], uav=["Out"])

Resource names in `srv` and `uav` are handles the body can use (`%In`),
bound at t0, t1, ... and u0, u1, ... of space 0; `groupshared` maps a
global's name to its type; `threads` is the entry's [numthreads].  The
declarations come from the calls (their operand types), the matrix types
and their `!dx.targetTypes` from the names the body uses.  A body whose
last line is not a terminator gets `ret void`.
"""

from __future__ import annotations

import re

from hlslc.dxil import ops
from hlslc.dxil import reader as R

_CALL = re.compile(r"call\s+(.+?)\s+@(dx\.op\.[\w.]+)\((.*)\)\s*(?:;.*)?$")
_MATRIX = re.compile(r"%dx\.types\.LinAlgMatrixC\d+M\d+N\d+U\d+S\d+")


def declarations(body: str) -> list[str]:
    seen: dict[str, str] = {}
    for line in body.splitlines():
        m = _CALL.search(line.split("  ;", 1)[0].strip())
        if not m:
            continue
        result, name, args = m.groups()
        if name in seen:
            continue
        types = [R.take_operand(a).type for a in R.split_top(args)]
        attrs = "#1" if name.startswith(("dx.op.createHandleFromBinding", "dx.op.annotateHandle")) else "#0"
        seen[name] = f"declare {result} @{name}({', '.join(types)}) {attrs}"
    return list(seen.values())


def dxc_module(body: str, srv: list[str] = (), uav: list[str] = (), groupshared: dict[str, str] | None = None,
               threads: tuple[int, int, int] = (32, 1, 1), entry: str = "main") -> str:
    body = "\n".join(line.strip() if line.strip().endswith(":") else "  " + line.strip()
                     for line in body.strip().splitlines() if line.strip())
    if not re.search(r"\b(ret|br|unreachable|switch)\b[^\n]*$", body.splitlines()[-1]):
        body += "\n  ret void"
    handles = []
    for cls, names, props in ((0, srv, "i32 11, i32 0"), (1, uav, "i32 4107, i32 0")):
        for k, name in enumerate(names):
            handles.append(f"  %{name}.binding = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, "
                           f"%dx.types.ResBind {{ i32 {k}, i32 {k}, i32 0, i8 {cls} }}, i32 {k}, i1 false)")
            handles.append(f"  %{name} = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle "
                           f"%{name}.binding, %dx.types.ResourceProperties {{ {props} }})")
    first, _, rest = body.partition("\n")
    if re.fullmatch(r"\s*[\w.]+:", first):
        # The entry block's label comes first, then the handles.
        text = "\n".join([first.strip()] + handles + [rest])
    else:
        text = "\n".join(handles + [body])
    matrices = list(dict.fromkeys(_MATRIX.findall(text)))
    lines = ['target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"',
             'target triple = "dxil-ms-dx"', "",
             "%dx.types.Handle = type { i8* }", "%dx.types.ResBind = type { i32, i32, i32, i8 }",
             "%dx.types.ResourceProperties = type { i32, i32 }", "%dx.types.ResRet.f32 = type { float, float, float, float, i32 }",
             "%dx.types.ResRet.i32 = type { i32, i32, i32, i32, i32 }",
             "%dx.types.ResRet.f16 = type { half, half, half, half, i32 }"]
    lines += [f"{m} = type {{ i8* }}" for m in matrices]
    lines += ["%struct.ByteAddressBuffer = type { i32 }", "%struct.RWByteAddressBuffer = type { i32 }", ""]
    for name, ty in (groupshared or {}).items():
        lines.append(f"@{name} = external addrspace(3) global {ty}, align 4")
    lines += ["", f"define void @{entry}() {{", text, "}", ""]
    for decl in declarations(text):
        lines += ["; Function Attrs: nounwind", decl, ""]
    lines += ["attributes #0 = { nounwind }", "attributes #1 = { nounwind readnone }", ""]
    md: list[str] = []
    named: list[str] = []

    def node(text: str) -> str:
        md.append(text)
        return f"!{len(md) - 1}"

    targets = []
    for m in matrices:
        mt = ops.parse_matrix_type(m)
        targets.append(node(f"!{{{m} undef, i32 {mt.component}, i32 {mt.m}, i32 {mt.n}, i32 {mt.use}, "
                            f"i32 {mt.scope}}}"))
    if targets:
        named.append(f"!dx.targetTypes = !{{{', '.join(targets)}}}")
    version = node("!{i32 1, i32 10}")
    model = node('!{!"cs", i32 6, i32 10}')
    srv_records = [node(f'!{{i32 {k}, %struct.ByteAddressBuffer* undef, !"", i32 0, i32 {k}, i32 1, i32 11, '
                        f'i32 0, null}}') for k in range(len(srv))]
    uav_records = [node(f'!{{i32 {k}, %struct.RWByteAddressBuffer* undef, !"", i32 0, i32 {k}, i32 1, i32 11, '
                        f'i1 false, i1 false, i1 false, null}}') for k in range(len(uav))]
    srv_list = node(f"!{{{', '.join(srv_records)}}}") if srv_records else "null"
    uav_list = node(f"!{{{', '.join(uav_records)}}}") if uav_records else "null"
    resources = node(f"!{{{srv_list}, {uav_list}, null, null}}")
    dims = node(f"!{{i32 {threads[0]}, i32 {threads[1]}, i32 {threads[2]}}}")
    props = node(f"!{{i32 0, i64 8598323248, i32 4, {dims}}}")
    entry_node = node(f'!{{void ()* @{entry}, !"{entry}", null, {resources}, {props}}}')
    named += [f"!dx.version = !{{{version}}}", f"!dx.valver = !{{{version}}}", f"!dx.shaderModel = !{{{model}}}",
              f"!dx.resources = !{{{resources}}}", f"!dx.entryPoints = !{{{entry_node}}}"]
    lines += named + [""] + [f"!{k} = {text}" for k, text in enumerate(md)]
    return "\n".join(lines) + "\n"


def matrix(component: int | str, m: int, n: int, use: int | str, scope: int | str) -> str:
    """`%dx.types.LinAlgMatrixC..M..N..U..S..` of a matrix type."""
    return ops.matrix_type(component, m, n, use, scope).llvm


def opcode(name: str) -> int:
    return ops.operation(name).opcode
