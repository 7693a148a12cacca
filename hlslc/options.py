"""The command line's option grammar: dxc-style spellings to `Arguments`,
and `Arguments` to the driver's `CompileOptions`.

Owns: `Arguments` (the parsed command line), the tables of options (flags,
valued options, the dxc options accepted and ignored), `parse_arguments`,
`compile_options`, and how diagnostics are rendered for a command line
(`render_diagnostics`: text, colour, JSON).  Used by `hlslc.cli`, by
`hlslc.project_config` (which reads options from a file) and by
`hlslc run`, so none of them imports another.

Does not own: running anything (`cli`), the profiles and revisions
themselves (`driver`).
"""

from __future__ import annotations

import os
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import TextIO

from . import driver
from .diagnostics import WARNING_GROUPS, Diagnostics, render_json, render_rich, render_text, summary_line
from .records import ValueRecord
from .patterns import LazyPattern


class UsageError(Exception):
    """A malformed command line; the message follows `hlslc: error: `."""


class Arguments(ValueRecord):
    """The parsed command line."""

    inputs: list[str]
    output: str | None
    profile: str
    entry: str
    include_dirs: list[str]
    defines: list[tuple[str, str | None]]
    undefines: list[str]
    syntax_only: bool
    ast_dump: bool
    preprocess_only: bool
    warnings_as_errors: bool
    suppress_warnings: bool
    enable_16bit_types: bool
    linalg_revision: str
    color: bool | None          # None: colour when stderr is a terminal
    diagnostics_format: str
    diagnostics_output: str | None  # -fdiagnostics-output=FILE: diagnostics there, not on stderr
    verify: bool
    verify_prefixes: list[str]
    show_version: bool
    show_help: bool
    debug_crash: bool
    skip_validation: bool
    uniformity_errors: bool
    jobs: int                   # -j: worker processes (1: compile in this one)
    time_report: bool
    header_cache: str
    hlsl_version: int
    row_major_matrices: bool
    vulkan_options: list[str]
    bracket_depth: int
    project_config: str | None  # --project-config: "" looks in the current directory; else the file
    reflect: str | None         # --reflect FILE.json or DIR/
    target_device: str | None   # --target-device NAME|FILE.json
    portability: str            # -Wportability and friends: a portability.MODES value
    list_devices: bool
    spirv: bool                 # -spirv: write SPIR-V for Vulkan instead of DXIL-like IR
    assembly: bool              # -S: SPIR-V as disassembly text
    disabled_warnings: list[str]  # -Wno-GROUP for the groups hlslc has (diagnostics.WARNING_GROUPS)
    uniformity_warnings: str    # -Wuniformity and friends: "warning", "error", "no-error" or "off"
    high_level: bool            # -fcgl: the IR before the dxc revision's lowering passes, unvalidated
    confine_includes: bool      # --confine-includes: #include only inside the -I folders
    statement_depth: int        # -fstatement-depth=N
    _fields = ("inputs", "output", "profile", "entry", "include_dirs", "defines", "undefines", "syntax_only",
               "ast_dump", "preprocess_only", "warnings_as_errors", "suppress_warnings", "enable_16bit_types",
               "linalg_revision", "color", "diagnostics_format", "diagnostics_output", "verify", "verify_prefixes",
               "show_version", "show_help", "debug_crash", "skip_validation", "uniformity_errors", "jobs",
               "time_report", "header_cache", "hlsl_version", "row_major_matrices", "vulkan_options", "bracket_depth",
               "project_config", "reflect", "target_device", "portability", "list_devices", "spirv", "assembly",
               "disabled_warnings", "uniformity_warnings", "high_level", "confine_includes", "statement_depth")

    def __init__(self, inputs: list[str] | None = None, output: str | None = None, profile: str = "cs_6_10",
                 entry: str = "main", include_dirs: list[str] | None = None,
                 defines: list[tuple[str, str | None]] | None = None, undefines: list[str] | None = None,
                 syntax_only: bool = False, ast_dump: bool = False, preprocess_only: bool = False,
                 warnings_as_errors: bool = False, suppress_warnings: bool = False, enable_16bit_types: bool = False,
                 linalg_revision: str = "sm6.10", color: bool | None = None, diagnostics_format: str = "text",
                 diagnostics_output: str | None = None, verify: bool = False,
                 verify_prefixes: list[str] | None = None, show_version: bool = False, show_help: bool = False,
                 debug_crash: bool = False, skip_validation: bool = False,
                 uniformity_errors: bool = True, jobs: int = 1, time_report: bool = False,
                 header_cache: str = "disk", hlsl_version: int = 2021, row_major_matrices: bool = False,
                 vulkan_options: list[str] | None = None, bracket_depth: int = 256,
                 project_config: str | None = None, reflect: str | None = None,
                 target_device: str | None = None, portability: str = "warning", list_devices: bool = False,
                 spirv: bool = False, assembly: bool = False, disabled_warnings: list[str] | None = None,
                 uniformity_warnings: str = "warning", high_level: bool = False, confine_includes: bool = False,
                 statement_depth: int = 2048) -> None:
        self.inputs = [] if inputs is None else inputs
        self.output = output
        self.profile = profile
        self.entry = entry
        self.include_dirs = [] if include_dirs is None else include_dirs
        self.defines = [] if defines is None else defines
        self.undefines = [] if undefines is None else undefines
        self.syntax_only = syntax_only
        self.ast_dump = ast_dump
        self.preprocess_only = preprocess_only
        self.warnings_as_errors = warnings_as_errors
        self.suppress_warnings = suppress_warnings
        self.enable_16bit_types = enable_16bit_types
        self.linalg_revision = linalg_revision
        self.color = color
        self.diagnostics_format = diagnostics_format
        self.diagnostics_output = diagnostics_output
        self.verify = verify
        self.verify_prefixes = ["expected"] if verify_prefixes is None else verify_prefixes
        self.show_version = show_version
        self.show_help = show_help
        self.debug_crash = debug_crash
        self.skip_validation = skip_validation
        self.uniformity_errors = uniformity_errors
        self.jobs = jobs
        self.time_report = time_report
        self.header_cache = header_cache
        self.hlsl_version = hlsl_version
        self.row_major_matrices = row_major_matrices
        self.vulkan_options = [] if vulkan_options is None else vulkan_options
        self.bracket_depth = bracket_depth
        self.project_config = project_config
        self.reflect = reflect
        self.target_device = target_device
        self.portability = portability
        self.list_devices = list_devices
        self.spirv = spirv
        self.assembly = assembly
        self.disabled_warnings = [] if disabled_warnings is None else disabled_warnings
        self.uniformity_warnings = uniformity_warnings
        self.high_level = high_level
        self.confine_includes = confine_includes
        self.statement_depth = statement_depth

    __hash__ = None  # type: ignore[assignment]


# Options without a value: spelling -> (attribute, value stored).
FLAGS: dict[str, tuple[str, object]] = {
    "-fsyntax-only": ("syntax_only", True),
    "--ast-dump": ("ast_dump", True),
    "-ast-dump": ("ast_dump", True),
    "-P": ("preprocess_only", True),
    "-Werror": ("warnings_as_errors", True),
    "-w": ("suppress_warnings", True),
    "-enable-16bit-types": ("enable_16bit_types", True),
    "-fcolor-diagnostics": ("color", True),
    "-fno-color-diagnostics": ("color", False),
    "-verify": ("verify", True),
    "--version": ("show_version", True),
    "-h": ("show_help", True),
    "--help": ("show_help", True),
    "-help": ("show_help", True),
    "--debug-crash": ("debug_crash", True),  # hidden: exercises the internal-error path
    "-Vd": ("skip_validation", True),
    "-Wno-error=uniformity": ("uniformity_errors", False),
    "-Werror=uniformity": ("uniformity_errors", True),
    "-Wuniformity": ("uniformity_warnings", "warning"),
    "-Wno-uniformity": ("uniformity_warnings", "off"),
    "--time-report": ("time_report", True),
    "-ftime-report": ("time_report", True),
    "-WX": ("warnings_as_errors", True),
    "-no-warnings": ("suppress_warnings", True),
    "-Zpr": ("row_major_matrices", True),
    "-Zpc": ("row_major_matrices", False),
    "--project-config": ("project_config", ""),
    "--list-devices": ("list_devices", True),
    "-Wportability": ("portability", "warning"),
    "-Wno-portability": ("portability", "off"),
    "-Werror=portability": ("portability", "error"),
    "-Wno-error=portability": ("portability", "no-error"),
    "-spirv": ("spirv", True),
    "-S": ("assembly", True),
    "-fcgl": ("high_level", True),
    "--confine-includes": ("confine_includes", True),
}


# The uniformity group's flags also set how its warning (a barrier under
# control flow that may differ between threads) is reported.
UNIFORMITY_WARNING_FLAGS = {"-Wno-error=uniformity": "no-error", "-Werror=uniformity": "error"}


# DXC options that change nothing in hlslc's output (optimisation levels,
# debug information, strictness and container flags): accepted so that
# build lines written for dxc run unchanged.
COMPATIBLE_FLAGS = frozenset(
    "-O0 -O1 -O2 -O3 -Od -Zi -Zss -Zsb -Qembed_debug -Qstrip_debug -Qstrip_reflect -Qstrip_rootsignature "
    "-Qstrip_priv -Gis -Gec -Ges -Gfa -Gfp -Ni -Vi -nologo -res-may-alias -all-resources-bound -no-legacy-cbuf-layout "
    "-enable-payload-qualifiers -disable-payload-qualifiers -Zsb -flegacy-macro-expansion -flegacy-resource-reservation "
    "-auto-binding-space-offset -no-min-precision -ignore-line-directives -Lx -Vn -Qunused-arguments "
    "-all_resources_bound -res_may_alias -fdisable-loc-tracking".split())


# ... and those taking one value.
COMPATIBLE_VALUED = frozenset("-denorm -select-validator -Fd -Fre -Frs -Fsh -Fi -Zpr -auto-binding-space "
                               "-exports -default-linkage -rootsig-define -validator-version".split()) - {"-Zpr"}


# -fvk-*/-fspv-* options that take values after the option (DXC's arity).
VULKAN_VALUES = {"-fvk-b-shift": 2, "-fvk-t-shift": 2, "-fvk-s-shift": 2, "-fvk-u-shift": 2,
                  "-fvk-bind-register": 4, "-vkbr": 4, "-fvk-bind-globals": 2, "-fvk-bind-counter-heap": 2,
                  "-fvk-bind-resource-heap": 2, "-fvk-bind-sampler-heap": 2}


# Options taking a value, either as the next argument or joined (-Tcs_6_10).
VALUED = ("-o", "-T", "-E", "-I", "-D", "-U", "-j", "-HV", "-Fo", "-Fc")


# Options taking a value after '='.
EQUALS = ("-fdiagnostics-format", "-fdiagnostics-output", "-verify", "--linalg-revision", "--header-cache",
           "-fbracket-depth", "-fstatement-depth", "--project-config")


DIAGNOSTICS_FORMATS = ("text", "json", "sarif")


# Long options taking a value as the next argument or after '=': option -> attribute.
LONG_VALUED = {"--reflect": "reflect", "--target-device": "target_device"}


HIDDEN = {"--debug-crash"}


# A -verify prefix names directives (`PREFIX-error {{...}}`).
_VERIFY_PREFIX = LazyPattern(r"[A-Za-z][A-Za-z0-9_-]*\Z")


def is_valid_prefix(prefix: str) -> bool:
    """Whether `prefix` can name directives (`-verify=PREFIX`)."""
    return bool(_VERIFY_PREFIX.match(prefix))


def _is_cl_style_option(arg: str) -> bool:
    """Whether `/X...` is DXC's cl-style spelling of its option `-X...` (DXC
    reads both prefixes): it names one of DXC's options and no file (an
    absolute path of an input stays an input).  hlslc's own options (-o,
    -j, --...) have no cl-style spelling, as they have none in DXC."""
    dashed = "-" + arg[1:]
    if dashed.startswith(("-o", "-j", "--", "-f", "-verify")) or os.path.exists(arg):
        return False
    name = dashed.partition("=")[0]
    if dashed in FLAGS or dashed in COMPATIBLE_FLAGS or dashed in COMPATIBLE_VALUED or name in EQUALS:
        return True
    if dashed.startswith(("-Wno-", "-W")) and dashed[2:3].isalpha():
        return True
    return any(dashed.startswith(opt) for opt in VALUED if opt not in ("-o", "-j"))


def parse_arguments(argv: list[str]) -> Arguments:
    """Parse a command line (without the program name); raise `UsageError`."""
    args = Arguments()
    i = 0
    only_files = False
    while i < len(argv):
        arg = argv[i]
        i += 1
        if not only_files and arg[:1] == "/" and len(arg) > 1 and _is_cl_style_option(arg):
            arg = "-" + arg[1:]     # DXC's cl-style spelling: /T cs_6_0, /E main, /D X=1, /Zpr, /O3
        if only_files or arg == "-" or not arg.startswith("-"):
            args.inputs.append(arg)
            continue
        if arg == "--":
            only_files = True
            continue
        if arg in FLAGS:
            attr, value = FLAGS[arg]
            setattr(args, attr, value)
            if arg in UNIFORMITY_WARNING_FLAGS:
                args.uniformity_warnings = UNIFORMITY_WARNING_FLAGS[arg]
            continue
        group = arg[5:] if arg.startswith("-Wno-") else arg[2:] if arg.startswith("-W") else ""
        if group in WARNING_GROUPS:
            # -Wno-GROUP silences a group hlslc has; -WGROUP turns it back on.
            if arg.startswith("-Wno-"):
                args.disabled_warnings.append(group)
            else:
                args.disabled_warnings = [g for g in args.disabled_warnings if g != group]
            continue
        if arg in COMPATIBLE_FLAGS or arg.startswith("-Wno-") or arg.startswith("-W") and arg[2:3].islower() \
                and arg not in ("-Werror=uniformity",) and not arg.startswith("-Werror="):
            continue
        if arg in COMPATIBLE_VALUED:
            if i >= len(argv):
                raise UsageError(f"option '{arg}' requires a value")
            i += 1
            continue
        if arg.startswith(("-fvk-", "-fspv-", "-vkbr")):
            count = VULKAN_VALUES.get(arg, 0)
            if i + count > len(argv):
                raise UsageError(f"option '{arg}' requires {count} value{'s' if count != 1 else ''}")
            if arg.startswith("-fspv-target-env"):
                _check_target_env(arg)
            args.vulkan_options.extend(argv[i - 1:i + count])
            i += count
            continue
        name, eq, value = arg.partition("=")
        if name in LONG_VALUED:
            if not eq:
                if i >= len(argv):
                    raise UsageError(f"option '{name}' requires a value")
                value = argv[i]
                i += 1
            if not value:
                raise UsageError(f"option '{name}' requires a value")
            setattr(args, LONG_VALUED[name], value)
            continue
        if name in EQUALS:
            if not eq or not value:
                raise UsageError(f"option '{name}' requires a value ('{name}=VALUE')")
            _apply_equals(args, name, value)
            continue
        valued = next((opt for opt in VALUED if arg.startswith(opt)), None)
        if valued is not None:
            if arg == valued:
                if i >= len(argv):
                    raise UsageError(f"option '{valued}' requires a value")
                value = argv[i]
                i += 1
            else:
                value = arg[len(valued):]
            _apply_valued(args, valued, value)
            continue
        raise UsageError(_unknown_option_message(arg))
    return args


# What a pipeline file's CompileArguments may hold: options that choose how
# the shader compiles, never one that names a file or folder to read or
# write, or that changes what hlslc does (a pipeline file is data, not a
# command line).
PIPELINE_FLAGS = frozenset({"-enable-16bit-types", "-Zpr", "-Zpc", "-Vd", "-Werror", "-WX", "-w", "-no-warnings",
                            "-Wno-error=uniformity", "-Werror=uniformity", "-Wportability", "-Wno-portability",
                            "-Werror=portability", "-Wno-error=portability"}) | COMPATIBLE_FLAGS
PIPELINE_VALUED = ("-T", "-E", "-D", "-U", "-HV")
PIPELINE_COMPATIBLE_VALUED = frozenset({"-denorm", "-select-validator", "-auto-binding-space", "-exports",
                                        "-default-linkage"})
PIPELINE_EQUALS = ("--linalg-revision", "-fbracket-depth")
# Options that name a file or folder: never in a pipeline file.
_FILE_OPTIONS = {"-o": "writes the output to a file", "-Fo": "writes the output to a file",
                 "-Fc": "writes the output to a file", "-I": "adds an include folder",
                 "-Fd": "names a file", "-Fre": "names a file", "-Frs": "names a file", "-Fsh": "names a file",
                 "-Fi": "names a file", "-fdiagnostics-output": "writes diagnostics to a file",
                 "--reflect": "writes a file", "--project-config": "reads a file",
                 "--target-device": "may read a device file", "--header-cache": "keeps a cache on disk"}


def pipeline_argument_problem(argv: list[str]) -> tuple[int, str] | None:
    """The first item of a pipeline file's CompileArguments that is not a
    compile option, as (index, message): an input file, an option naming a
    file or folder, or one that changes what hlslc does rather than how the
    shader compiles.  Allowed: the profile, entry, defines (-T, -E, -D,
    -U), -enable-16bit-types, the language version (-HV), matrix packing,
    --linalg-revision, SPIR-V options (-fvk-*, -fspv-*), warning options,
    and dxc's options that change nothing.  None when every item is one."""
    allowed = ("-T, -E, -D, -U, -enable-16bit-types, -HV, -Zpr/-Zpc, --linalg-revision, -fvk-*/-fspv-* and "
               "warning options")
    i = 0
    while i < len(argv):
        arg = argv[i]
        at = i
        i += 1
        if arg in ("-", "--") or not arg.startswith("-"):
            return at, (f"'{arg}' is an input file; a pipeline's CompileArguments hold compile options only "
                        f"({allowed}), and the shader is the one `hlslc run` is given")
        name, eq, _ = arg.partition("=")
        if arg in PIPELINE_FLAGS or arg.startswith("-Wno-") or \
                arg.startswith("-W") and arg[2:3].islower() and not arg.startswith("-Werror="):
            continue
        if name in PIPELINE_EQUALS and eq:
            continue
        if arg in PIPELINE_COMPATIBLE_VALUED:
            i += 1
            continue
        if arg.startswith(("-fvk-", "-fspv-", "-vkbr")):
            i += VULKAN_VALUES.get(arg, 0)
            continue
        valued = next((opt for opt in PIPELINE_VALUED if arg.startswith(opt)), None)
        if valued is not None:
            if arg == valued:
                i += 1          # the value is the next item
            continue
        option = next((o for o in sorted(_FILE_OPTIONS, key=len, reverse=True)
                       if name == o or (o in VALUED and arg.startswith(o))), None)
        if option is not None:
            return at, (f"'{arg}' {_FILE_OPTIONS[option]}; a pipeline file is data, and its CompileArguments "
                        f"hold compile options only ({allowed})")
        return at, f"'{arg}' is not a compile option a pipeline file may give ({allowed})"
    return None


def _apply_equals(args: Arguments, name: str, value: str) -> None:
    if name == "-fdiagnostics-format":
        if value not in DIAGNOSTICS_FORMATS:
            raise UsageError(f"invalid value '{value}' for '-fdiagnostics-format'; expected 'text', 'json' or "
                             f"'sarif'")
        args.diagnostics_format = value
    elif name == "-fdiagnostics-output":
        args.diagnostics_output = value
    elif name == "--project-config":
        args.project_config = value
    elif name == "--linalg-revision":
        if value not in driver.LINALG_REVISIONS:
            raise UsageError(f"invalid value '{value}' for '--linalg-revision'; expected "
                             + " or ".join(f"'{r}'" for r in driver.LINALG_REVISIONS))
        args.linalg_revision = value
    elif name == "--header-cache":
        if value not in driver.HEADER_CACHE_MODES:
            raise UsageError(f"invalid value '{value}' for '--header-cache'; expected "
                             + ", ".join(f"'{m}'" for m in driver.HEADER_CACHE_MODES))
        args.header_cache = value
    elif name == "-fbracket-depth":
        if not value.isdigit() or not 1 <= int(value) <= driver.MAX_BRACKET_DEPTH:
            raise UsageError(f"invalid value '{value}' for '-fbracket-depth'; expected a number from 1 to "
                             f"{driver.MAX_BRACKET_DEPTH}")
        args.bracket_depth = int(value)
    elif name == "-fstatement-depth":
        if not value.isdigit() or not 1 <= int(value) <= driver.MAX_STATEMENT_DEPTH:
            raise UsageError(f"invalid value '{value}' for '-fstatement-depth'; expected a number from 1 to "
                             f"{driver.MAX_STATEMENT_DEPTH}")
        args.statement_depth = int(value)
    elif name == "-verify":

        prefixes = value.split(",")
        bad = next((p for p in prefixes if not is_valid_prefix(p)), None)
        if bad is not None:
            raise UsageError(f"invalid -verify prefix '{bad}' (letters, digits, '-' and '_', "
                             f"starting with a letter)")
        args.verify = True
        args.verify_prefixes = prefixes


def _apply_valued(args: Arguments, option: str, value: str) -> None:
    if option == "-o":
        args.output = value
    elif option in ("-Fo", "-Fc"):
        args.output = value
    elif option == "-HV":
        if value == "2015":
            raise UsageError("HLSL Version 2015 is only supported for language services (as in DXC); the oldest "
                             "version hlslc compiles is 2016")
        if value not in driver.HLSL_VERSIONS:
            raise UsageError(f"invalid value '{value}' for '-HV'; expected one of {', '.join(driver.HLSL_VERSIONS)}")
        args.hlsl_version = driver.HLSL_VERSIONS[value]
    elif option == "-T":
        if value not in driver.VALID_PROFILES:
            raise UsageError(driver.profile_error(value))
        args.profile = value
    elif option == "-E":
        args.entry = value
    elif option == "-I":
        args.include_dirs.append(value)
    elif option == "-D":
        name, eq, definition = value.partition("=")
        _check_macro_name(option, name, value)
        args.defines.append((name, definition if eq else None))
    elif option == "-U":
        _check_macro_name(option, value, value)
        args.undefines.append(value)
    elif option == "-j":
        if not value.isascii() or not value.isdigit() or len(value) > 4:
            raise UsageError(f"invalid value '{value}' for '-j'; expected a number of processes (0: one per CPU)")
        args.jobs = int(value) or (os.cpu_count() or 1)


def _check_macro_name(option: str, name: str, whole: str) -> None:
    if not name:
        raise UsageError(f"macro name missing in '{option}{whole}'")
    if not driver.is_macro_name(name):
        raise UsageError(f"'{name}' is not a valid macro name (in '{option}{whole}')")


def _unknown_option_message(arg: str) -> str:
    import difflib  # only for a mistyped option

    known = [o for o in (*FLAGS, *VALUED, *(f"{e}=" for e in EQUALS), *LONG_VALUED) if o not in HIDDEN]
    guess = difflib.get_close_matches(arg.partition("=")[0], known, n=1, cutoff=0.7)
    message = f"unknown option '{arg}'"
    if guess:
        message += f"; did you mean '{guess[0]}'?"
    return message


# -fspv-target-env's values (hlslc/spirv/spec.py's TARGET_ENVS: kept here as
# names so that parsing a command line loads no SPIR-V module).
TARGET_ENVS = ("vulkan1.1", "vulkan1.1spirv1.4", "vulkan1.2", "vulkan1.3", "vulkan1.4", "universal1.3",
               "universal1.4", "universal1.5", "universal1.6")


def _check_target_env(arg: str) -> None:
    name, eq, value = arg.partition("=")
    if name != "-fspv-target-env" or not eq or not value:
        raise UsageError("option '-fspv-target-env' requires a value ('-fspv-target-env=VALUE')")
    if value == "vulkan1.0":
        raise UsageError("-fspv-target-env=vulkan1.0 asks for SPIR-V 1.0, which hlslc does not write (its "
                         "group operations and storage buffers need SPIR-V 1.3); use vulkan1.1 or later")
    if value not in TARGET_ENVS:
        raise UsageError(f"invalid value '{value}' for '-fspv-target-env'; expected one of {', '.join(TARGET_ENVS)}")


def compile_options(args: Arguments) -> driver.CompileOptions:
    if args.preprocess_only:
        emit = driver.EMIT_PREPROCESSED
    elif args.ast_dump:
        emit = driver.EMIT_AST
    elif args.syntax_only:
        emit = driver.EMIT_NOTHING
    elif args.spirv:
        emit = driver.EMIT_SPIRV_TEXT if spirv_text(args) else driver.EMIT_SPIRV
    elif args.high_level:
        emit = driver.EMIT_HIGH_LEVEL
    else:
        emit = driver.EMIT_IR
    return driver.CompileOptions(
        profile=args.profile,
        entry=args.entry,
        include_dirs=args.include_dirs,
        defines=args.defines,
        undefines=args.undefines,
        enable_16bit_types=args.enable_16bit_types,
        linalg_revision=args.linalg_revision,
        warnings_as_errors=args.warnings_as_errors,
        suppress_warnings=args.suppress_warnings,
        emit=emit,
        debug_crash=args.debug_crash,
        validate=not args.skip_validation,
        uniformity_errors=args.uniformity_errors,
        header_cache=args.header_cache,
        hlsl_version=args.hlsl_version,
        row_major_matrices=args.row_major_matrices,
        vulkan_options=tuple(args.vulkan_options),
        spirv=args.spirv,
        bracket_depth=args.bracket_depth,
        target_device=args.target_device,
        portability=args.portability,
        disabled_warnings=tuple(args.disabled_warnings),
        uniformity_warnings=args.uniformity_warnings,
        confine_includes=args.confine_includes,
        statement_depth=args.statement_depth,
    )


def spirv_text(args: Arguments) -> bool:
    """-spirv writes disassembly with -S, to a `.spvasm` file and to the
    terminal (standard output); the binary otherwise."""
    output = args.output
    if args.assembly or output is None or output == "-":
        return True
    return output.endswith(".spvasm")


def render_diagnostics(diags: Diagnostics, args: Arguments, stderr: TextIO) -> None:

    if args.diagnostics_format == "json":
        stderr.write(render_json(diags))
        stderr.flush()
        return
    if use_color(args, stderr):
        render_rich(diags, stderr, force_terminal=True)
    else:
        stderr.write(render_text(diags))
    summary = summary_line(diags)
    if summary:
        stderr.write(summary + "\n")
    stderr.flush()


def use_color(args: Arguments, stream: TextIO) -> bool:
    if args.color is not None:
        return args.color
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
