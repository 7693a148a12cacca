"""The compile driver: options in, a `CompileResult` out.

Owns: the target profile and the macros it predefines, `CompileOptions`,
reading the main input file, the order of the stages (`_run_stages`, the one
place that shows it), per-stage timing, and what text a compile produces
(`-P` output, the AST dump, later the IR).

Does not own: printing (the CLI and library callers render
`CompileResult.diagnostics` as they like), command-line syntax (`cli`), or
any stage's work.  Stage modules are imported only when a compile runs, so
importing this module stays cheap and never pulls in lark or llvmlite.
"""

from __future__ import annotations

import contextlib
import gc
import os
import time
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import Any, Callable, Iterator

from . import paths as resources
from .diagnostics import WARNING_GROUPS, Diagnostic, Diagnostics, Severity, render_text
from .records import ValueRecord
from .source import SourceFile, decode_source_bytes
from .patterns import LazyPattern

if TYPE_CHECKING:  # pragma: no cover - imports for annotations only
    from .front.ast import TranslationUnit
    from .devices import DeviceProfile
    from .front.header_cache import HeaderEntry
    from .sema.analyzer import SemaResult
    from .front.tokens import PPToken


# --------------------------------------------------------------------------
# Profiles and predefined macros

# DXC's shader-kind numbers (DXIL::ShaderKind); `__SHADER_STAGE_*` macros and
# `__SHADER_TARGET_STAGE` use them, so `#if` tests written for DXC work here.
SHADER_STAGE_NUMBERS: dict[str, int] = {
    "PIXEL": 0,
    "VERTEX": 1,
    "GEOMETRY": 2,
    "HULL": 3,
    "DOMAIN": 4,
    "COMPUTE": 5,
    "LIBRARY": 6,
    "MESH": 13,
    "AMPLIFICATION": 14,
}

_STAGE_OF_PREFIX = {"cs": "COMPUTE", "lib": "LIBRARY"}

HLSL_VERSION = 2021

VALID_PROFILES: tuple[str, ...] = tuple(
    [f"cs_6_{minor}" for minor in range(0, 11)] + [f"lib_6_{minor}" for minor in range(3, 11)] + ["lib_6_x"])

# `lib_6_x`, DXC's offline-linking library target: a library for no fixed
# shader model, whose minor version DXC writes as 15 (`!{!"lib", i32 6,
# i32 15}`, `__SHADER_TARGET_MINOR` 15); it has the newest model's features.
OFFLINE_MINOR = 15
# The newest DXIL version (`!dx.version` of an offline library, as DXC's).
NEWEST_DXIL_MINOR = 10

# Profiles of the graphics, mesh and ray-tracing stages: recognised, refused.
_OTHER_STAGES = {"ps": "pixel", "vs": "vertex", "gs": "geometry", "hs": "hull", "ds": "domain",
                 "ms": "mesh", "as": "amplification"}

# `-HV` values: the HLSL language versions DXC knows; 202x is the next one.
HLSL_VERSIONS: dict[str, int] = {"2016": 2016, "2017": 2017, "2018": 2018, "2021": 2021, "202x": 2029}

DEFAULT_PROFILE = "cs_6_10"

# Revisions of the dx::linalg API that `#include <dx/linalg.h>` can give:
# proposal 0035 as adopted for SM 6.10, its earlier "SM 6.x" draft, or the
# amended proposal as DXC ships it ("dxc": DXC's header API, builtins and
# DXIL; docs/dxc-linalg.md).
LINALG_REVISIONS: tuple[str, ...] = ("sm6.10", "draft", "dxc")
DEFAULT_LINALG_REVISION = "sm6.10"



class ProfileError(ValueError):
    """A `-T` value that is not one of `VALID_PROFILES`."""


def profile_error(text: str) -> str:
    """Why `text` is not a profile hlslc compiles for."""
    kind, _, version = text.partition("_")
    if kind in _OTHER_STAGES and version.startswith("6_"):
        return (f"hlslc compiles compute and library shaders; '{text}' is a {_OTHER_STAGES[kind]} shader profile")
    if kind == "lib" and version in ("6_1", "6_2"):
        return f"invalid profile '{text}': library targets start at lib_6_3"
    return (f"invalid profile '{text}'; valid profiles: cs_6_0 ... cs_6_10, lib_6_3 ... lib_6_10, lib_6_x")


class Profile(ValueRecord):
    """A target profile such as `cs_6_10`: shader stage and shader model."""

    kind: str   # "cs" or "lib", as spelled in the profile name
    major: int
    minor: int
    __slots__ = ("kind", "major", "minor")
    _fields = ("kind", "major", "minor")

    def __init__(self, kind: str, major: int, minor: int) -> None:
        self.kind = kind
        self.major = major
        self.minor = minor

    @classmethod
    def parse(cls, text: str) -> "Profile":
        """Parse a profile name; raise `ProfileError` naming the valid ones."""
        if text not in VALID_PROFILES:
            raise ProfileError(profile_error(text))
        kind, major, minor = text.split("_")
        return cls(kind, int(major), OFFLINE_MINOR if minor == "x" else int(minor))

    def __str__(self) -> str:
        return f"{self.kind}_{self.major}_{'x' if self.offline else self.minor}"

    @property
    def offline(self) -> bool:
        """`lib_6_x`: a library for DXC's offline linking, of no fixed
        shader model (docs/dxc-linalg.md, "lib_6_x")."""
        return self.kind == "lib" and self.minor == OFFLINE_MINOR

    @property
    def stage(self) -> str:
        """The stage name used by the `__SHADER_STAGE_*` macros: COMPUTE or LIBRARY."""
        return _STAGE_OF_PREFIX[self.kind]

    @property
    def shader_model(self) -> tuple[int, int]:
        return self.major, self.minor

    @property
    def requires_16bit_types(self) -> bool:
        """SM 6.10 always has native 16-bit types; earlier models opt in."""
        return self.shader_model >= (6, 10)


# --------------------------------------------------------------------------
# Options and results

# What a compile produces, and so the last stage it needs.
EMIT_IR = "ir"                      # the default: the whole pipeline
EMIT_PREPROCESSED = "preprocessed"  # -P
EMIT_AST = "ast"                    # --ast-dump
EMIT_NOTHING = "nothing"            # -fsyntax-only
EMIT_SPIRV = "spirv"                # -spirv: the binary module (`CompileResult.binary`)
EMIT_SPIRV_TEXT = "spirv-asm"       # -spirv -S: its disassembly (`CompileResult.output`)
# -fcgl: the IR as code generation leaves it, before the dxc revision's
# lowering passes (DXC's high-level `dx.hl.op` calls, no SSA clean-up); not
# validated, as it is no DXIL.  See README, "-fcgl".
EMIT_HIGH_LEVEL = "high-level-ir"
EMIT_KINDS = (EMIT_IR, EMIT_PREPROCESSED, EMIT_AST, EMIT_NOTHING, EMIT_SPIRV, EMIT_SPIRV_TEXT, EMIT_HIGH_LEVEL)

# The stages in order.  Adding a stage: append its name here, add its line to
# `_run_stages`, and move the emit kinds that need it in `_LAST_STAGE`.
STAGES: tuple[str, ...] = ("preprocess", "parse", "sema", "lower", "validate", "spirv")

_LAST_STAGE = {
    EMIT_PREPROCESSED: "preprocess",
    EMIT_AST: "parse",          # the syntax tree as written, even when sema would reject it
    EMIT_NOTHING: "sema",       # -fsyntax-only means "check everything before lowering"
    EMIT_IR: "validate",
    EMIT_HIGH_LEVEL: "lower",   # what DXC prints for -fcgl is not validated either
    EMIT_SPIRV: "spirv",        # the IR, validated, then translated
    EMIT_SPIRV_TEXT: "spirv",
}


HEADER_CACHE_MODES = ("disk", "memory", "off")
DEFAULT_BRACKET_DEPTH = 256
# Past this the later stages' own recursion limits apply (they report the
# function nested too deeply rather than crash).
MAX_BRACKET_DEPTH = 4096
# How deeply `if`, `else if`, `for`, `while`, `do` and `switch` may nest
# (-fstatement-depth=N): an `else if` chain of 10,000 links nests 10,000
# deep.  Real shaders stay under 20; C++ asks compilers for at least 256.
# Each stage is linear in the nesting, but in Python a compile of 10,000
# levels takes seconds: past the limit it is one located error instead.
DEFAULT_STATEMENT_DEPTH = 2048
MAX_STATEMENT_DEPTH = 100_000


def _define_pair(define: Any) -> tuple[str, str | None]:
    """A macro of `CompileOptions.defines`: a (name, value) pair, or a
    `-D`-style string."""
    if isinstance(define, str):
        name, eq, value = define.partition("=")
        return (name, value if eq else None)
    if isinstance(define, (tuple, list)) and len(define) == 2 and isinstance(define[0], str) \
            and (define[1] is None or isinstance(define[1], str)):
        return (define[0], define[1])
    raise TypeError(f"defines: expected (name, value) pairs or 'NAME=VALUE' strings, not {define!r}")


class CompileOptions(ValueRecord):
    """Everything that decides what a compile does.

    `profile` may be given as a string (`"cs_6_10"`); it is parsed on
    construction and `ProfileError` is raised for an unknown one.
    `defines` holds `(name, value)` pairs, value None meaning `-D NAME`
    (defined as 1); a string `"NAME=VALUE"` or `"NAME"` is read as `-D`
    reads it.  `emit` is one of `EMIT_KINDS`; `linalg_revision` one
    of `LINALG_REVISIONS`.
    """

    profile: Profile | str
    entry: str
    include_dirs: list[str]
    defines: list[tuple[str, str | None]]
    undefines: list[str]
    enable_16bit_types: bool
    linalg_revision: str
    warnings_as_errors: bool
    suppress_warnings: bool
    emit: str
    # Run the IR validator on what hlslc emits (`-Vd` turns it off, as in dxc).
    validate: bool
    # False (`-Wno-error=uniformity`): operations under divergent control
    # flow are warnings, not errors, and -Werror does not turn them back.
    uniformity_errors: bool
    # Test hook behind the CLI's hidden --debug-crash: raise inside a stage so
    # the internal-error path can be exercised.
    debug_crash: bool
    # Where the built-in header's parsed form is kept between compiles:
    # "disk" (and memory), "memory" (this process only) or "off"; one of
    # `HEADER_CACHE_MODES`.  See hlslc/front/header_cache.py.
    header_cache: str
    # The HLSL language version (-HV): 2016, 2017, 2018, 2021 or 2029 for 202x
    # (the constructor also takes them as -HV spells them: "2018", "202x").
    hlsl_version: int
    # -Zpr: matrices with no `row_major`/`column_major` of their own are laid
    # out row by row in buffers (DXC's default, -Zpc, is column by column).
    row_major_matrices: bool
    # -fvk-*/-fspv-* options as given: they shape SPIR-V output only.
    vulkan_options: tuple[str, ...]
    # -fbracket-depth: how deeply '(', '[' and '{' may nest (clang's limit,
    # 256 by default); deeper input is an error at the bracket, not a crash
    # of a later stage.
    bracket_depth: int
    statement_depth: int        # -fstatement-depth: how deeply control statements may nest
    # --target-device: the device profile (hlslc.devices) whose matrix
    # configurations the program's matrices are checked against, or None;
    # a string is a built-in name or a profile file, loaded on construction
    # (DeviceProfileError, a ValueError, when it cannot be).
    target_device: "DeviceProfile | str | None"
    # How portability findings are reported: one of portability.MODES
    # ("warning", "error" for -Werror=portability, "no-error" for
    # -Wno-error=portability, "off" for -Wno-portability).
    portability: str
    # -Wno-GROUP: the warning groups (diagnostics.WARNING_GROUPS) silenced.
    disabled_warnings: tuple[str, ...]
    # How a barrier that may be under divergent control flow is reported
    # (the -Wuniformity warning): "warning" (an error under -Werror),
    # "error" (-Werror=uniformity), "no-error" (-Wno-error=uniformity: a
    # warning even under -Werror) or "off" (-Wno-uniformity).
    uniformity_warnings: str
    # --confine-includes: `#include` reads only files inside `include_dirs`
    # and the built-in headers (for services compiling source they do not
    # trust: no absolute paths, no `..` out of the folders, no symbolic
    # link leading out of them); anything else is "file not found".
    confine_includes: bool
    # -spirv: the program is compiled for Vulkan, whatever is emitted (also
    # with -fsyntax-only or -E): `__spirv__` is defined and printf is
    # SPIR-V's debug printf.  Emitting SPIR-V sets it.
    spirv: bool
    _fields = ("profile", "entry", "include_dirs", "defines", "undefines", "enable_16bit_types", "linalg_revision",
               "warnings_as_errors", "suppress_warnings", "emit", "validate", "uniformity_errors", "debug_crash",
               "header_cache", "hlsl_version", "row_major_matrices", "vulkan_options", "bracket_depth",
               "target_device", "portability", "disabled_warnings", "uniformity_warnings", "confine_includes",
               "statement_depth", "spirv")

    def __init__(self, profile: Profile | str = DEFAULT_PROFILE, entry: str = "main",
                 include_dirs: list[str] | None = None, defines: list[tuple[str, str | None]] | None = None,
                 undefines: list[str] | None = None, enable_16bit_types: bool = False,
                 linalg_revision: str = DEFAULT_LINALG_REVISION, warnings_as_errors: bool = False,
                 suppress_warnings: bool = False, emit: str = EMIT_IR, validate: bool = True,
                 uniformity_errors: bool = True, debug_crash: bool = False, header_cache: str = "disk",
                 hlsl_version: int = HLSL_VERSION, row_major_matrices: bool = False,
                 vulkan_options: tuple[str, ...] = (), bracket_depth: int = DEFAULT_BRACKET_DEPTH,
                 target_device: "DeviceProfile | str | None" = None, portability: str = "warning",
                 disabled_warnings: tuple[str, ...] = (), uniformity_warnings: str = "warning",
                 confine_includes: bool = False, statement_depth: int = DEFAULT_STATEMENT_DEPTH,
                 spirv: bool = False) -> None:
        self.profile = profile
        self.entry = entry
        self.include_dirs = [] if include_dirs is None else include_dirs
        self.defines = [] if defines is None else [_define_pair(d) for d in defines]
        self.undefines = [] if undefines is None else undefines
        self.enable_16bit_types = enable_16bit_types
        self.linalg_revision = linalg_revision
        self.warnings_as_errors = warnings_as_errors
        self.suppress_warnings = suppress_warnings
        self.emit = emit
        self.validate = validate
        self.uniformity_errors = uniformity_errors
        self.debug_crash = debug_crash
        self.header_cache = header_cache
        self.hlsl_version = hlsl_version
        self.row_major_matrices = row_major_matrices
        self.vulkan_options = tuple(vulkan_options)
        self.bracket_depth = bracket_depth
        self.target_device = target_device
        self.portability = portability
        self.disabled_warnings = tuple(disabled_warnings)
        self.uniformity_warnings = uniformity_warnings
        self.confine_includes = confine_includes
        self.statement_depth = statement_depth
        self.spirv = spirv
        self.__post_init__()

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if isinstance(self.profile, str):
            self.profile = Profile.parse(self.profile)
        if self.emit not in EMIT_KINDS:
            raise ValueError(f"emit must be one of {', '.join(EMIT_KINDS)}, not {self.emit!r}")
        if self.emit in (EMIT_SPIRV, EMIT_SPIRV_TEXT):
            self.spirv = True
        for option in self.vulkan_options:
            if option.startswith("-fspv-target-env="):
                from .spirv.spec import TARGET_ENVS  # data only; loaded when a target environment is named
                if option.split("=", 1)[1] not in TARGET_ENVS:
                    raise ValueError(f"{option}: the target environment must be one of {', '.join(TARGET_ENVS)}")
        if self.header_cache not in HEADER_CACHE_MODES:
            raise ValueError(f"header_cache must be one of {', '.join(HEADER_CACHE_MODES)}, "
                             f"not {self.header_cache!r}")
        if not (isinstance(self.bracket_depth, int) and 1 <= self.bracket_depth <= MAX_BRACKET_DEPTH):
            raise ValueError(f"bracket_depth must be an int from 1 to {MAX_BRACKET_DEPTH}, not {self.bracket_depth!r}")
        if not (isinstance(self.statement_depth, int) and 1 <= self.statement_depth <= MAX_STATEMENT_DEPTH):
            raise ValueError(f"statement_depth must be an int from 1 to {MAX_STATEMENT_DEPTH}, not "
                             f"{self.statement_depth!r}")
        if isinstance(self.hlsl_version, str) and self.hlsl_version in HLSL_VERSIONS:
            self.hlsl_version = HLSL_VERSIONS[self.hlsl_version]     # "2018", "202x" as -HV spells them
        if self.hlsl_version in (2015, "2015"):
            raise ValueError("hlsl_version 2015 is only supported for language services (as in DXC); the oldest "
                             "version hlslc compiles is 2016")
        if self.hlsl_version not in HLSL_VERSIONS.values():
            raise ValueError(f"hlsl_version must be one of {sorted(set(HLSL_VERSIONS.values()))}, "
                             f"not {self.hlsl_version!r}")
        if self.enable_16bit_types and self.target.shader_model < (6, 2):
            raise ProfileError(f"-enable-16bit-types needs shader model 6.2 or later; the target is "
                               f"{self.target}")
        if self.enable_16bit_types and self.hlsl_version < 2018:
            raise ProfileError(f"-enable-16bit-types needs HLSL 2018 or later, as in DXC; the language version is "
                               f"{self.hlsl_version} (-HV)")
        if self.linalg_revision not in LINALG_REVISIONS:
            raise ValueError(f"linalg_revision must be one of {', '.join(LINALG_REVISIONS)}, "
                             f"not {self.linalg_revision!r}")
        if isinstance(self.target_device, str):
            from .devices import load_device  # the device profiles load only with --target-device
            self.target_device = load_device(self.target_device)
        if self.portability not in ("warning", "error", "no-error", "off"):
            raise ValueError(f"portability must be 'warning', 'error', 'no-error' or 'off', not {self.portability!r}")
        if self.uniformity_warnings not in ("warning", "error", "no-error", "off"):
            raise ValueError(f"uniformity_warnings must be 'warning', 'error', 'no-error' or 'off', not "
                             f"{self.uniformity_warnings!r}")
        unknown = [g for g in self.disabled_warnings if g not in WARNING_GROUPS]
        if unknown:
            raise ValueError(f"disabled_warnings: unknown warning group {unknown[0]!r}; the groups are "
                             f"{', '.join(WARNING_GROUPS)}")

    @property
    def target(self) -> Profile:
        """The profile, typed as a `Profile` (it always is after construction)."""
        assert isinstance(self.profile, Profile)
        return self.profile

    @property
    def native_16bit_types(self) -> bool:
        """Whether `half`/`int16_t` are real 16-bit types for this compile.
        The dxc revision follows DXC, which turns them on only when asked
        (`-enable-16bit-types`), SM 6.10 included."""
        if self.linalg_revision == "dxc":
            return self.enable_16bit_types
        return self.enable_16bit_types or self.target.requires_16bit_types


# The DXC release whose front-end hlslc follows (major, minor, release,
# commits): 1.9.2607, the release DXC's sources hlslc was checked against
# (9a3e225, whose dx::linalg is the amended proposal 0035).
DXC_VERSION = (1, 9, 2607, 0)


def predefined_macros(options: CompileOptions) -> dict[str, str]:
    """The macros a compile defines before reading any source, as DXC does."""
    profile = options.target
    macros = {
        # DXC's own: projects test them to take DXC's paths over FXC's
        # (`#if defined(__DXC_VERSION_MAJOR) && __DXC_VERSION_MINOR >= 7`);
        # the version is DXC's release whose language hlslc follows.
        "__hlsl_dx_compiler": "1",
        "__DXC_VERSION_MAJOR": str(DXC_VERSION[0]),
        "__DXC_VERSION_MINOR": str(DXC_VERSION[1]),
        "__DXC_VERSION_RELEASE": str(DXC_VERSION[2]),
        "__DXC_VERSION_COMMITS": str(DXC_VERSION[3]),
        "__HLSL_VERSION": str(options.hlsl_version),
        "__SHADER_TARGET_MAJOR": str(profile.major),
        "__SHADER_TARGET_MINOR": str(profile.minor),
        "__SHADER_TARGET_STAGE": str(SHADER_STAGE_NUMBERS[profile.stage]),
    }
    for stage, number in SHADER_STAGE_NUMBERS.items():
        macros[f"__SHADER_STAGE_{stage}"] = str(number)
    if options.native_16bit_types:
        macros["__HLSL_ENABLE_16_BIT"] = "1"
    if options.spirv:
        # As DXC defines them for -spirv: the version is the SPIR-V of the
        # target environment (1.6 for Vulkan 1.3 by default).
        from .spirv.spec import DEFAULT_TARGET_ENV, TARGET_ENVS  # data only; loaded for -spirv
        env = DEFAULT_TARGET_ENV
        for option in options.vulkan_options:
            if option.startswith("-fspv-target-env="):
                env = option.split("=", 1)[1]
        major, minor = TARGET_ENVS.get(env, TARGET_ENVS[DEFAULT_TARGET_ENV])
        macros["__spirv__"] = "1"
        macros["__SPIRV_MAJOR_VERSION__"] = str(major)
        macros["__SPIRV_MINOR_VERSION__"] = str(minor)
    return macros


class CompileResult(ValueRecord):
    """What one compile produced.

    `diagnostics` holds everything reported, in order; `files` every source
    buffer read (main file, includes, headers) by path; `tokens` and `unit`
    are the outputs of the stages that ran (None when a stage did not run or
    failed; the `hlslc` command's own compiles drop the tokens once parsed,
    see `RELEASE_TOKENS`); `output` is the text to write (`-P` text, the AST dump; the IR
    once lowering lands), None when there is nothing to write or the compile
    failed; `timings` the seconds spent per stage, in stage order, then
    "output" for rendering the text written; `cpu_timings` the same in CPU
    seconds (this process's, and those of any process a stage forked and
    waited for); `printing` the (seconds, CPU seconds) of the validate
    stage spent printing the module (the text it reads is the text
    written), or None;
    `header_prefix` says the first tokens are the built-in header's, with
    its cache entry (hlslc/front/header_cache.py), when the cache applied;
    `header_cache` what the cache did: "off", "not used" (no built-in
    header opens the file), "hit (memory)", "hit (disk)", "miss (stored)"
    or "miss (not cacheable)".
    """

    path: str
    options: CompileOptions
    diagnostics: Diagnostics
    files: dict[str, SourceFile]
    tokens: "list[PPToken] | None"
    unit: "TranslationUnit | None"
    sema: "SemaResult | None"
    module: Any           # the llvmlite.ir.Module of a lowered compile
    validated: Any        # the module again once it passed the validator
    output: str | None
    timings: dict[str, float]
    header_prefix: "tuple[int, HeaderEntry] | None"
    header_cache: str
    ir_text: str | None   # the printed module, once the validator has read it
    spirv: Any            # the hlslc.spirv.Module of a -spirv compile
    binary: bytes | None  # the SPIR-V binary a -spirv compile writes
    cpu_timings: dict[str, float]
    printing: "tuple[float, float] | None"
    _fields = ("path", "options", "diagnostics", "files", "tokens", "unit", "sema", "module", "validated", "output",
               "timings", "header_prefix", "header_cache", "ir_text", "spirv", "binary", "cpu_timings", "printing")

    def __init__(self, path: str, options: CompileOptions, diagnostics: Diagnostics,
                 files: dict[str, SourceFile] | None = None, tokens: "list[PPToken] | None" = None,
                 unit: "TranslationUnit | None" = None, sema: "SemaResult | None" = None, module: Any = None,
                 validated: Any = None, output: str | None = None, timings: dict[str, float] | None = None,
                 header_prefix: "tuple[int, HeaderEntry] | None" = None, header_cache: str = "off",
                 ir_text: str | None = None, spirv: Any = None, binary: bytes | None = None,
                 cpu_timings: dict[str, float] | None = None, printing: "tuple[float, float] | None" = None) -> None:
        self.path = path
        self.options = options
        self.diagnostics = diagnostics
        self.files = {} if files is None else files
        self.tokens = tokens
        self.unit = unit
        self.sema = sema
        self.module = module
        self.validated = validated
        self.output = output
        self.timings = {} if timings is None else timings
        self.header_prefix = header_prefix
        self.header_cache = header_cache
        self.ir_text = ir_text
        self.spirv = spirv
        self.binary = binary
        self.cpu_timings = {} if cpu_timings is None else cpu_timings
        self.printing = printing

    __hash__ = None  # type: ignore[assignment]

    @property
    def ok(self) -> bool:
        """True when no error was reported (warnings allowed)."""
        return not self.diagnostics.has_errors

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.WARNING]


class CompileFailed(Exception):
    """Raised by `parse` (and other raising helpers) when errors were reported.

    `.diagnostics` holds every diagnostic of the compile, errors and others.
    """

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.is_error]
        first = errors[0] if errors else None
        if first is None:
            summary = "compile failed"
        else:
            summary = render_text([first], show_snippets=False).strip()
            if len(errors) > 1:
                summary += f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})"
        super().__init__(summary)


# --------------------------------------------------------------------------
# Reading the main file

def read_source_file(path: str, diags: Diagnostics) -> str | None:
    """The text of the main input file, or None after reporting why not.

    The file is read as DXC reads it (`source.decode_source_bytes`).
    """
    if os.path.isdir(path):
        diags.report(Diagnostic(Severity.ERROR, "cannot read input: is a directory", path=path))
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        diags.report(Diagnostic(Severity.ERROR, "cannot read input: no such file or directory", path=path))
        return None
    except PermissionError:
        diags.report(Diagnostic(Severity.ERROR, "cannot read input: permission denied", path=path))
        return None
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        diags.report(Diagnostic(Severity.ERROR, f"cannot read input: {reason}", path=path))
        return None
    return decode_source(data, path, diags)


def decode_source(data: bytes, path: str, diags: Diagnostics) -> str | None:
    """Source bytes as text, read as DXC reads them (a byte-order mark's
    encoding; UTF-8; else Windows-1252); None after reporting a file its
    byte-order mark misdescribes."""
    text, why = decode_source_bytes(data)
    if text is None:
        diags.report(Diagnostic(Severity.ERROR, f"input {why}", path=path))
    return text


# --------------------------------------------------------------------------
# The pipeline

@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for one compile.

    A compile allocates a token, a span and a node per source token and keeps
    them all until it ends; the collector would rescan those growing lists
    again and again, finding nothing to free (measured: about 30% of the time
    of a 10,000-line compile).  Restored afterwards, even on error."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def cpu_seconds() -> float:
    """CPU seconds of this process so far, and of the child processes it
    waited for (`-j` workers; `hlslc validate`'s forked half,
    hlslc/validate/parallel.py)."""
    times = os.times()
    return time.process_time() + times.children_user + times.children_system


class _StageRunner:
    """Runs stages in the order `_run_stages` calls them, timing each.

    A call returns the stage's value, or None without running the stage when
    the pipeline has stopped: after the last stage the requested output
    needs, after a stage returned None (it failed and reported why), or after
    a fatal error.
    """

    def __init__(self, result: CompileResult) -> None:
        self.result = result
        self.last_stage = _LAST_STAGE[result.options.emit]
        self.stopped = False

    def __call__(self, name: str, fn: Callable[..., Any], *args: Any) -> Any:
        assert name in STAGES, f"stage {name!r} is not listed in STAGES"
        if self.stopped:
            return None
        start, cpu = time.perf_counter(), cpu_seconds()
        try:
            if self.result.options.debug_crash and name == self.last_stage:
                raise RuntimeError(f"deliberate crash in the {name} stage (--debug-crash)")
            value = fn(*args)
        finally:
            self.result.timings[name] = time.perf_counter() - start
            self.result.cpu_timings[name] = cpu_seconds() - cpu
        diags = self.result.diagnostics
        if (value is None or name == self.last_stage
                or any(d.severity is Severity.FATAL for d in diags)):
            self.stopped = True
        return value


# Set by the `hlslc` command for its own process: a compile's tokens are
# dropped once parsed (the command writes them only for -P, which stops
# before parsing), so that the later stages reuse their memory: 20 MiB of
# the peak of a 10,000-line file.  Library callers keep `result.tokens`.
RELEASE_TOKENS = False


def _run_stages(run: _StageRunner, text: str, path: str) -> None:
    """The stage order.  Each stage is one line; a stage that fails stops the rest."""
    r = run.result
    r.tokens = run("preprocess", _preprocess, r, text, path)
    r.unit = run("parse", _parse, r)
    if RELEASE_TOKENS and r.unit is not None:
        r.tokens = None         # parsed: only -P, which stops before parsing, writes them
    r.sema = run("sema", _sema, r.unit, r.diagnostics, r.options, path)
    r.module = run("lower", _lower, r.sema, r.diagnostics, r.options, path)
    if r.options.validate:
        r.validated = run("validate", _validate, r)
    else:
        r.validated = r.module          # -Vd: the stage does not run at all
    if r.options.emit in (EMIT_SPIRV, EMIT_SPIRV_TEXT):
        r.spirv = run("spirv", _spirv, r)


def _preprocess(result: CompileResult, text: str, path: str) -> "list[PPToken] | None":
    from .front.preprocessor import Preprocessor, PreprocessorOptions  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)

    options = result.options
    pp_options = PreprocessorOptions(
        # A non-default revision's headers shadow the built-in ones, after
        # the user's -I directories.
        include_dirs=list(options.include_dirs) + resources.revision_include_dirs(options.linalg_revision),
        defines=list(options.defines),
        undefines=list(options.undefines),
        predefined=predefined_macros(options),
        builtin_include_dir=resources.builtin_include_dir(),
        # -P prints the header's tokens, which a cache hit does not produce.
        header_cache="off" if options.emit == EMIT_PREPROCESSED else options.header_cache,
        confine_includes=options.confine_includes,
    )
    preprocessor = Preprocessor(pp_options, result.diagnostics)
    try:
        return preprocessor.run_text(text, path)
    finally:
        # Even after a crash, -verify and error reports need the files read.
        result.files = preprocessor.files
        result.header_prefix = preprocessor.header_prefix
        result.header_cache = preprocessor.header_cache_status
        preprocessor.release()


def _parse(result: CompileResult) -> "TranslationUnit | None":
    from .front.parser import parse_tokens  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)

    assert result.tokens is not None
    prefix = result.header_prefix
    unit = parse_tokens(result.tokens, result.diagnostics, prefix, result.options.header_cache,
                        bracket_depth=result.options.bracket_depth)
    if prefix is not None and result.header_cache == "miss":
        result.header_cache = "miss (stored)" if prefix[1].decls is not None else "miss (not cacheable)"
    return unit


def _sema(unit: "TranslationUnit", diags: Diagnostics, options: CompileOptions,
          path: str) -> "SemaResult | None":
    from .sema.analyzer import SemaOptions, analyze_unit  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)

    if diags.has_errors:
        # Errors from the preprocessor (a missing include, #error) would
        # only cascade into undeclared names.
        return None
    profile = options.profile
    sema = analyze_unit(unit, diags, SemaOptions(stage=profile.kind, major=profile.major, minor=profile.minor,
                                                 entry=options.entry, native_16bit=options.native_16bit_types,
                                                 main_path=path, hlsl_version=options.hlsl_version,
                                                 linalg_revision=options.linalg_revision,
                                                 statement_depth=options.statement_depth,
                                                 spirv=options.spirv))
    if sema is not None and options.target_device is not None:
        # --target-device: the matrices against the device's configurations.
        from .portability import check_portability  # loaded only with --target-device
        errors = diags.error_count
        check_portability(sema, options.target_device, diags, options.portability)
        if diags.error_count > errors:
            return None     # -Werror=portability: nothing to lower
    return sema


def _lower(sema: "SemaResult", diags: Diagnostics, options: CompileOptions, path: str) -> Any:
    from .lower import LowerOptions, lower_unit  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)

    profile = options.profile
    return lower_unit(sema, diags, LowerOptions(stage=profile.kind, major=profile.major, minor=profile.minor,
                                                entry=options.entry, native_16bit=options.native_16bit_types,
                                                module_name=path, row_major=options.row_major_matrices,
                                                hlsl_version=options.hlsl_version,
                                                linalg_revision=options.linalg_revision,
                                                high_level=options.emit == EMIT_HIGH_LEVEL,
                                                offline=profile.offline,
                                                spirv=options.spirv))


# Rules the validator checks that depend on the program rather than on
# hlslc: control flow that varies per thread is the user's to fix.
# Rules a program can break that only the IR shows (dataflow, or the entry's
# wave and group sizes meeting a matrix in an inlined helper): reported at
# the source span of the instruction.  Any other rule failing on hlslc's IR
# is a bug in hlslc.
_USER_IR_RULES = frozenset({"IR-UNIFORM-CONTROL-FLOW", "IR-UNIFORM-BARRIER", "LINALG-UNIFORM-VALUE",
                            "LINALG-THREADS-K"})
# The rules `-Wno-error=uniformity` turns into warnings.
_UNIFORMITY_RULES = frozenset({"IR-UNIFORM-CONTROL-FLOW"})


class InternalValidationError(RuntimeError):
    """IR that hlslc emitted failed its own validator: a bug in hlslc."""


def _validate(result: CompileResult) -> Any:
    from .lower.codegen import module_text  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)
    from .validate import validate_text  # likewise

    module, diags, options, path = result.module, result.diagnostics, result.options, result.path
    # Printing the module is not cheap: the text validated is the text
    # written.  One process: validating a large module in two (a fork, each
    # printing and validating half the functions) halved its wall time but
    # cost 0.1 s more CPU on a 10,000-line file (the pages both processes
    # touch are copied), a quarter of the validation.
    start, cpu = time.perf_counter(), cpu_seconds()
    text, locate = module_text(module)
    result.ir_text = text
    result.printing = (time.perf_counter() - start, cpu_seconds() - cpu)
    found = validate_text(text, path, revision=options.linalg_revision, locate=locate)
    # In source order, however the validator walked the module.
    found.sort(key=lambda d: (d.span.file.path, d.span.start) if d.span is not None else ("", -1))
    user_rules = _USER_IR_RULES
    if options.linalg_revision == "dxc":
        # DXC's LinAlg rules check values the program gives (layouts,
        # strides, alignments, shapes): like DXC's "validation errors",
        # they are the user's to fix, reported at the source.
        # So is a Wave- or ThreadGroup-scope operation in a library
        # function that is no compute entry: DXC's table allows those
        # operations in compute shaders only ("not valid in shader model
        # lib_6_10(lib)"), and its validator says so at the call.
        user_rules = _USER_IR_RULES | {d.id for d in found if d.id and ("LINALG" in d.id.upper()
                                                                      or d.id == "IR-CONST-OPERAND"
                                                                      or d.id == "IR-PARAMETER-VALUE"
                                                                      or d.id == "IR-STAGE"
                                                                      and "Opcode LinAlg" in d.message)}
    own = [d for d in found if d.is_error and d.id not in user_rules]
    if own:
        raise InternalValidationError(
            "the generated IR fails validation: " + "; ".join(f"[{d.id}] {d.message}" for d in own[:3]))
    seen: set[tuple] = set()
    failed = False
    for diag in found:
        if diag.id not in user_rules:
            continue
        # One source construct can lower to several operations (Splat is
        # createMatrix then fillMatrix): report it once.
        key = (diag.id, diag.span.file.path, diag.span.start) if diag.span is not None else (diag.id, diag.message)
        if key in seen:
            continue
        seen.add(key)
        if diag.id == "IR-UNIFORM-BARRIER":
            # The -Wuniformity warning (a barrier the analysis cannot show
            # every thread reaches; DXC says nothing).  -Werror/-WX leave it
            # a warning: a build written for DXC with -WX (most projects'
            # are) compiles as DXC compiles it; -Werror=uniformity asks for
            # the error.
            mode = options.uniformity_warnings
            if mode == "off":
                continue
            diag.message += " [-Wuniformity]"
            diag.severity = Severity.ERROR if mode == "error" else Severity.WARNING
            diags.report(diag, upgrade=False)
        elif diag.id in _UNIFORMITY_RULES and not options.uniformity_errors and diag.is_error:
            diag.severity = Severity.WARNING
            diag.message += " [-Wno-error=uniformity]"
            diags.report(diag, upgrade=False)
        else:
            diags.report(diag)
        failed = failed or diag.is_error
    return None if failed else module


def _spirv(result: CompileResult) -> Any:
    """The SPIR-V stage: the validated IR of the compute entry, translated.
    A construct with no SPIR-V form is an error at its source location."""
    from .lower.codegen import ir_line_locator, module_text  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)
    from .spirv import Options, SpirvError, emit_spirv, from_bindings  # the SPIR-V backend loads only for -spirv

    options = result.options
    module = result.module
    text = result.ir_text if result.ir_text is not None else module_text(module)[0]
    result.ir_text = text
    if options.target.kind != "cs":
        result.diagnostics.report(Diagnostic(
            Severity.ERROR, f"SPIR-V output needs a compute profile (cs_6_0 ... cs_6_10), not '{options.target}'",
            path=result.path))
        return None
    bindings = getattr(module, "hlslc_bindings", None)
    try:
        spirv = emit_spirv(text, Options(options.entry, from_bindings(bindings) if bindings is not None else None,
                                         options.native_16bit_types, options.vulkan_options))
    except SpirvError as err:
        span = ir_line_locator(module, text)(err.line) if err.line is not None else None
        if span is None:
            result.diagnostics.report(Diagnostic(Severity.ERROR, err.message, path=result.path))
        else:
            result.diagnostics.error(span, err.message)
        return None
    for res, message in spirv.warnings:
        if res.span is not None:
            result.diagnostics.warning(res.span, message)
        else:
            result.diagnostics.report(Diagnostic(Severity.WARNING, message, path=result.path))
    result.binary = spirv.to_bytes()
    return spirv


def _render_output(result: CompileResult) -> str | None:
    """The text a successful compile writes, or None for nothing."""
    emit = result.options.emit
    if emit == EMIT_SPIRV_TEXT and result.spirv is not None:
        return result.spirv.disassemble()
    if emit == EMIT_SPIRV:
        return None
    if emit == EMIT_PREPROCESSED and result.tokens is not None:
        from .front.preprocessor import spell_tokens  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)
        return spell_tokens(result.tokens)
    if emit == EMIT_AST and result.unit is not None:
        from .front.ast import dump_ast  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)
        return dump_ast(result.unit)
    if emit in (EMIT_IR, EMIT_HIGH_LEVEL) and result.module is not None:
        if result.ir_text is not None:
            return result.ir_text
        from .lower.codegen import module_text  # stage modules load when a compile runs (the driver is on `hlslc --version`'s path)
        return module_text(result.module)[0]
    return None


# --------------------------------------------------------------------------
# Entry points

def compile_source(text: str, path: str = "<input>", options: CompileOptions | None = None) -> CompileResult:
    """Compile source text as if read from `path`.

    Never raises for problems in the source: they are in the result's
    diagnostics.  An exception escaping this function is a bug in hlslc.
    """
    options = options if options is not None else CompileOptions()
    diags = Diagnostics(warnings_as_errors=options.warnings_as_errors,
                        suppress_warnings=options.suppress_warnings, disabled_warnings=options.disabled_warnings)
    result = CompileResult(path=path, options=options, diagnostics=diags)
    with _collector_paused():
        _run_stages(_StageRunner(result), text, path)
    if path not in result.files:
        result.files[path] = SourceFile(path, text)
    if result.ok:
        start, cpu = time.perf_counter(), cpu_seconds()
        result.output = _render_output(result)
        if result.output is not None:
            result.timings["output"] = time.perf_counter() - start
            result.cpu_timings["output"] = cpu_seconds() - cpu
    return result


def compile_file(path: str | os.PathLike[str], options: CompileOptions | None = None) -> CompileResult:
    """Read and compile one file.  An unreadable or non-UTF-8 file gives an
    error diagnostic in the result, not an exception."""
    path = os.fspath(path)
    options = options if options is not None else CompileOptions()
    diags = Diagnostics(warnings_as_errors=options.warnings_as_errors,
                        suppress_warnings=options.suppress_warnings, disabled_warnings=options.disabled_warnings)
    text = read_source_file(path, diags)
    if text is None:
        return CompileResult(path=path, options=options, diagnostics=diags)
    return compile_source(text, path, options)


def parse(text: str, path: str = "<input>", **options: Any) -> "TranslationUnit":
    """Preprocess and parse source text; return its AST.

    Keyword arguments are `CompileOptions` fields (`profile="lib_6_8"`,
    `defines=[("N", "4")]`, ...).  Raises `CompileFailed`, carrying every
    diagnostic, if any error was reported.
    """
    options.setdefault("emit", EMIT_AST)
    result = compile_source(text, path, CompileOptions(**options))
    if not result.ok or result.unit is None:
        raise CompileFailed(list(result.diagnostics))
    return result.unit


_IDENTIFIER = LazyPattern(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def is_macro_name(name: str) -> bool:
    """Whether `name` can be defined with -D / undefined with -U."""
    return bool(_IDENTIFIER.match(name))
