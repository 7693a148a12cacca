"""The `hlslc` command: dxc-style options, rendering, exit codes.

Owns: the command-line syntax (a small parser of its own, because dxc's
single-dash long options such as `-fsyntax-only` and joined values such as
`-Tcs_6_10` do not fit argparse), choosing how diagnostics are shown (plain,
coloured through `rich`, JSON Lines), `-verify`, where output goes, and the
exit code.  Any exception escaping a compile is reported here as an internal
compiler error.

Does not own: compiling (see `driver`).  Only the standard library is
imported at module level, so `hlslc --version` starts fast; the driver and
everything after it is imported once there is something to compile.
"""

from __future__ import annotations

import os
import sys
import time
TYPE_CHECKING = False   # typing itself loads only for type checkers (start-up time)
if TYPE_CHECKING:
    from typing import TextIO

from . import driver
from ._version import __version__
from .diagnostics import Diagnostic, Diagnostics, Severity, render_text
from .options import Arguments, UsageError, compile_options, parse_arguments, render_diagnostics, use_color

if TYPE_CHECKING:  # pragma: no cover - annotations only; the driver is imported late
    from .diagnostics import Diagnostics
    from .driver import CompileOptions, CompileResult

PROG = "hlslc"

EXIT_OK = 0
EXIT_COMPILE_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERNAL_ERROR = 3

# Kept in step with driver.VALID_PROFILES (a unit test checks), so that the
# help text needs no driver import.
_PROFILES_FOR_HELP = "cs_6_0 ... cs_6_10, lib_6_3 ... lib_6_10, lib_6_x"

HELP = f"""\
usage: hlslc [options] FILE... [-o OUT | -o DIR/] [-j N]
       hlslc run SHADER.hlsl --pipeline PIPELINE.yaml [options]
       hlslc validate FILE.ll...

Compile HLSL compute and library shaders (SM 6.0 to 6.10), including those
that use dx::linalg matrices (SM 6.10) or Wave Matrix (SM 6.8).

Commands:
  hlslc run                 run a compute shader's dispatch on the CPU (or a
                            Vulkan GPU) as a pipeline file (the offload-test-
                            suite's YAML) describes it, and check its results;
                            `hlslc run --help` explains its options
  hlslc validate            check DXIL-like IR files (.ll) with hlslc's
                            validator; `hlslc validate --help` for its options

A compile writes DXIL-like LLVM IR (to stdout, or to -o OUT); -fsyntax-only and
-verify check without writing, -P and --ast-dump show the earlier stages;
-spirv writes a SPIR-V module for Vulkan instead.

Output:
  -o OUT, -Fo OUT, -Fc OUT  write output to OUT (default: standard output)
  -o DIR/                   write each input's output to DIR/NAME.ll (NAME.i
                            for -P, NAME.ast for --ast-dump); DIR is created.
                            Needed for several inputs, unless they print to
                            standard output
  -P                        print the preprocessed source
  --ast-dump, -ast-dump     print the abstract syntax tree
  -fsyntax-only             check the source, write nothing
  -Vd                       do not run the IR validator on the output
  -fcgl                     print the high-level IR: before the dxc
                            revision's lowering passes (__builtin_LinAlg_*
                            calls as DXC's dx.hl.op calls, locals in allocas,
                            calls kept); not validated
  -spirv                    write SPIR-V 1.6 for Vulkan 1.3 (compute profiles;
                            -fspv-target-env for 1.3-1.5): the binary to -o
                            FILE (NAME.spv with -o DIR/), its disassembly to
                            standard output or to -o FILE.spvasm; defines
                            __spirv__, and printf is SPIR-V's debug printf
  -S                        with -spirv: write the disassembly, not the binary

Target:
  -T PROFILE                target profile (default cs_6_10); one of:
                            {_PROFILES_FOR_HELP}
  -E ENTRY                  entry-point function (default main)
  -enable-16bit-types       native 16-bit types (SM 6.2 and later; always on
                            for SM 6.10)
  -HV VERSION               HLSL language version: 2016, 2017, 2018, 2021
                            (default) or 202x, with DXC's rules for each
                            (2018: for-loop variables outlive the loop, ?:
                            && || work per component); sets __HLSL_VERSION
  -Zpr, -Zpc                lay matrices out row by row (-Zpr) or column by
                            column (-Zpc, the default) in buffers, unless they
                            say row_major or column_major
  --linalg-revision=REV     the dx::linalg API that <dx/linalg.h> gives:
                            sm6.10 (default), draft (proposal 0035's
                            earlier "SM 6.x" draft) or dxc (the amended
                            proposal as DXC ships it, with DXC's DXIL)

Preprocessor:
  -D NAME[=VALUE]           define a macro (VALUE defaults to 1)
  -U NAME                   undefine a macro
  -I DIR                    add DIR to the #include search path
  --confine-includes        #include reads only files inside the -I folders
                            (and the built-in headers): for untrusted source

Diagnostics:
  -Werror                   treat warnings as errors
  -Wno-error=uniformity     report matrix and wave operations under divergent
                            control flow as warnings, not errors (and keep
                            -Wuniformity warnings warnings under -Werror)
  -Wuniformity, -Wno-uniformity
                            warn (the default) or not where a group barrier
                            may not be reached by every thread of the group
  -Werror=uniformity        make those warnings errors too
  -Wno-GROUP                silence a warning group: for-redefinition,
                            hlsl-202x-extensions, hlsl-groupshared-202x,
                            deprecated-declarations, array-bounds,
                            conversion (implicit vector truncation)
  -w                        suppress all warnings
  -fcolor-diagnostics       colour diagnostics even when not on a terminal
  -fno-color-diagnostics    never colour diagnostics
  -fdiagnostics-format=json print diagnostics as JSON Lines on stderr
  -fdiagnostics-format=sarif
                            write one SARIF 2.1.0 log of every input's
                            diagnostics on stderr (for code-scanning tools)
  -fdiagnostics-output=FILE write diagnostics to FILE instead of stderr
  -verify                   check diagnostics against expected-error/-warning/
                            -note comments in the source instead of printing them
  -verify=P1,P2             the same, reading P1-error, P2-warning, ... instead
  -fbracket-depth=N         how deeply '(', '[' and '{{' may nest (default 256)
  -fstatement-depth=N       how deeply if, else if, for, while, do and switch
                            may nest (default 2048)

Project configuration:
  --project-config          read options from hlslc.toml, or from the
                            [tool.hlslc] table of pyproject.toml, in the
                            current directory (keys: include_dirs, defines,
                            undefines, profile, entry, hlsl_version,
                            enable_16bit_types, linalg_revision,
                            warnings_as_errors, args); the command line's
                            options come after them. See docs/ci.md
  --project-config=FILE     the same, from FILE (or from the folder FILE)
Reflection and devices:
  --reflect FILE.json       also write the shader's reflection (entry points,
                            resources, registers, cbuffer layouts, groupshared
                            bytes, matrices) as JSON; --reflect DIR/ writes
                            DIR/NAME.json per input (docs/reflection.md)
  --target-device DEV       warn about matrix types and multiplies the device
                            does not support (warning group 'portability');
                            DEV is a built-in name or a JSON profile file
  --list-devices            list the built-in device profiles and exit
  -Wno-portability          no portability warnings
  -Werror=portability       portability findings are errors
  -Wno-error=portability    keep them warnings under -Werror

Speed:
  -j N                      compile the inputs with N processes (0: one per
                            CPU); output and diagnostics stay in input order
  --time-report, -ftime-report
                            print the time of each stage of each compile,
                            and of the whole batch, on stderr
  --header-cache=MODE       keep the built-in header's parsed form between
                            compiles: disk (default; in $HLSLC_CACHE_DIR, else
                            ~/.cache/hlslc), memory (this process only) or off

Compatibility (accepted so that build lines written for dxc run unchanged;
they do not change hlslc's output):
  -O0 -O1 -O2 -O3 -Od -Zi -Zss -Zsb -Gis -Gec -Ges -Gfa -Gfp -Ni -Vi -nologo
  -Qembed_debug -Qstrip_debug -Qstrip_reflect -Qstrip_rootsignature
  -res-may-alias -res_may_alias -all-resources-bound -all_resources_bound
  -no-min-precision -fdisable-loc-tracking -rootsig-define M -validator-version V
  -WX (= -Werror)
  -no-warnings (= -w), -Wno-*, -denorm MODE, -select-validator V, -Fd FILE
  -fvk-* -fspv-*            Vulkan/SPIR-V options (with their values), kept in
                            CompileOptions.vulkan_options; -spirv applies
                            -fvk-{{b,t,u,s}}-shift N SPACE (SPACE may be all),
                            -fvk-bind-register xN SPACE BINDING SET,
                            -fspv-target-env=ENV (vulkan1.1: SPIR-V 1.3,
                            vulkan1.2: 1.5, vulkan1.3: 1.6, the default) and
                            -fspv-enable-maximal-reconvergence

Other:
  -h, --help                show this help and exit
  --version                 show the version and exit

FILE may be '-' for standard input.  Values may be joined to their option
(-Tcs_6_10, -IDIR, -DNAME=1).

Exit status: 0 success (warnings allowed), 1 compile errors, 2 bad command
line, 3 internal compiler error.  Set HLSLC_TRACEBACK=1 to print the Python
traceback of an internal error.
"""
























# --------------------------------------------------------------------------
# Running

def run() -> None:
    """The `hlslc` command and `python -m hlslc`: `main()`, then exit at once.

    A compile keeps every token, node and type until it ends; letting the
    interpreter free them one by one at exit costs a third of the run on a
    large file, so the process leaves with `os._exit` once its output is
    flushed (as compilers do with their own allocators)."""
    # The process ends with os._exit right after its compiles: Python's cyclic
    # collector would only rescan everything they allocated.  Paused for the
    # whole run, not just per compile: re-enabled, its first pass walks every
    # object the compile made (0.4 s after a 10,000-line file, for nothing).
    # Between the inputs of a batch `_run` collects what the last one left.
    import gc
    gc.disable()
    if sys.argv[1:2] == ["validate"]:
        # `hlslc validate` may validate a large file in two processes.
        from .validate import parallel as split  # only for `hlslc validate`: a compile validates in one process
        split.ENABLED = True
    driver.RELEASE_TOKENS = True    # this process writes what it compiles and keeps no result
    status = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(status)


def main(argv: list[str] | None = None) -> int:
    """Run hlslc with `argv` (default: `sys.argv[1:]`); return the exit status.

    Writes to whatever `sys.stdout` / `sys.stderr` are at call time, so a
    caller can capture them with `contextlib.redirect_stdout`.
    """
    if argv is None:
        argv = sys.argv[1:]
    stdout, stderr = sys.stdout, sys.stderr
    try:
        return _run(list(argv), stdout, stderr)
    except KeyboardInterrupt:
        stderr.write(f"{PROG}: interrupted\n")
        return 130
    except BrokenPipeError:
        # The reader of our output went away (`hlslc -P x | head`): stop quietly.
        _silence_stdout()
        return EXIT_COMPILE_ERROR
    except Exception as exc:  # noqa: BLE001 - the one place every bug ends up
        _report_internal_error(exc, stderr)
        return EXIT_INTERNAL_ERROR


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _report_internal_error(exc: BaseException, stderr: TextIO) -> None:
    message = str(exc)
    stderr.write(f"{PROG}: internal compiler error: {type(exc).__name__}"
                 f"{': ' + message if message else ''}\n")
    stderr.write(f"{PROG}: note: this is a bug in hlslc; please report it with the input "
                 f"and the command line (HLSLC_TRACEBACK=1 shows the Python traceback)\n")
    if os.environ.get("HLSLC_TRACEBACK") == "1":
        import traceback
        stderr.write("".join(traceback.format_exception(exc)))
    stderr.flush()


def _usage_error(message: str, stderr: TextIO) -> int:
    stderr.write(f"{PROG}: error: {message}\n")
    stderr.write(f"{PROG}: note: see '{PROG} --help' for the options\n")
    return EXIT_USAGE


def _run(argv: list[str], stdout: TextIO, stderr: TextIO) -> int:
    if argv and argv[0] == "validate":
        # `hlslc validate FILE.ll...`: the IR validator, with options of its own.
        from .validate.command import run as run_validate  # loaded only for `hlslc validate`
        return run_validate(argv[1:], stdout, stderr)
    if argv and argv[0] == "run":
        # `hlslc run SHADER --pipeline P.yaml`: execute a dispatch on the CPU.
        from .runner.command import run as run_dispatch  # numpy and the executor load only for `hlslc run`
        return run_dispatch(argv[1:], stdout, stderr)
    try:
        args = parse_arguments(argv)
    except UsageError as exc:
        return _usage_error(str(exc), stderr)
    if args.project_config is not None and not (args.show_help or args.show_version):
        try:
            configured = _project_options(args.project_config)
        except _ConfigProblem as problem:
            stderr.write(problem.text)
            return EXIT_USAGE
        if configured:
            try:
                args = parse_arguments(configured + argv)
            except UsageError as exc:   # the configuration's options were checked: the command line's fault
                return _usage_error(str(exc), stderr)
    if args.show_help:
        stdout.write(HELP)
        return EXIT_OK
    if args.show_version:
        stdout.write(f"{PROG} {__version__}\n")
        return EXIT_OK
    if args.list_devices:
        from .devices import list_devices_text  # the device profiles load only when asked
        stdout.write(list_devices_text())
        return EXIT_OK
    if not args.inputs:
        return _usage_error("no input files", stderr)
    out_dir = _output_dir(args.output)
    if args.output is not None and out_dir is None and len(args.inputs) > 1:
        return _usage_error("cannot use '-o FILE' with more than one input file; "
                            "'-o DIR/' writes one output per input", stderr)
    if args.preprocess_only and args.ast_dump:
        return _usage_error("'-P' and '--ast-dump' cannot be used together", stderr)
    if args.verify and args.diagnostics_format == "sarif":
        return _usage_error("'-verify' cannot be used with '-fdiagnostics-format=sarif'", stderr)
    if args.assembly and not args.spirv:
        return _usage_error("'-S' (SPIR-V disassembly) needs '-spirv'", stderr)
    # -spirv with -P or --ast-dump: the program as it reads for Vulkan
    # (`__spirv__` defined), as DXC preprocesses it.
    if args.high_level and (args.spirv or args.preprocess_only or args.ast_dump or args.syntax_only):
        other = "-spirv" if args.spirv else "-P" if args.preprocess_only else \
            "--ast-dump" if args.ast_dump else "-fsyntax-only"
        return _usage_error(f"'-fcgl' (high-level IR) cannot be used with '{other}'", stderr)
    targets = [args.output] * len(args.inputs) if out_dir is None else _outputs_in(out_dir, args)
    if args.reflect is not None:
        from .reflection import check_reflect_option  # loaded only with --reflect
        problem = check_reflect_option(args.reflect, args.inputs,
                                       args.syntax_only or args.preprocess_only or args.ast_dump)
        if problem is not None:
            return _usage_error(problem, stderr)
    if out_dir is not None:
        clash = _first_clash(args.inputs, targets)
        if clash is not None:
            return _usage_error(clash, stderr)

    try:
        options = compile_options(args)
    except driver.ProfileError as exc:
        return _usage_error(str(exc), stderr)
    except Exception as exc:
        if args.target_device is None:
            raise
        from .devices import DeviceProfileError  # the device profiles load only when asked (--target-device)
        if not isinstance(exc, DeviceProfileError):
            raise
        return _device_profile_error(exc, args, stderr)

    # The command line is good: from here on every problem is a diagnostic,
    # written to -fdiagnostics-output's file when there is one.
    diagnostics = stderr
    if args.diagnostics_output is not None:
        try:
            diagnostics = open(args.diagnostics_output, "w", encoding="utf-8")
        except (OSError, ValueError) as exc:
            reason = (getattr(exc, "strerror", None) or str(exc)).lower()
            stderr.write(f"{PROG}: error: cannot write diagnostics to '{args.diagnostics_output}': {reason}\n")
            return EXIT_COMPILE_ERROR
    try:
        if args.diagnostics_format != "sarif":
            return _compile_inputs(args, options, targets, out_dir, stdout, diagnostics, None)
        sarif = _SarifRecorder()
        try:
            status = _compile_inputs(args, options, targets, out_dir, stdout, diagnostics, sarif)
        except Exception as exc:  # noqa: BLE001 - an internal error is one more result of the log
            sarif.add_internal_error(exc, sarif.current_path)
            if diagnostics is not stderr:
                _report_internal_error(exc, stderr)
            status = EXIT_INTERNAL_ERROR
        diagnostics.write(sarif.render(status))
        diagnostics.flush()
        return status
    finally:
        if diagnostics is not stderr:
            diagnostics.close()


def _compile_inputs(args: Arguments, options: "CompileOptions", targets: list[str | None], out_dir: str | None,
                    stdout: TextIO, stderr: TextIO, sarif: "_SarifRecorder | None") -> int:
    """Compile every input of a good command line; the exit status.
    Diagnostics go to `stderr`, or to `sarif` for -fdiagnostics-format=sarif."""
    if out_dir is not None and not args.syntax_only:
        try:
            os.makedirs(out_dir, exist_ok=True)
        except OSError as exc:
            reason = (exc.strerror or str(exc)).lower()
            if os.path.exists(out_dir.rstrip("/" + os.sep) or out_dir):
                reason = "it exists and is not a directory"
            _report_error(f"cannot create output directory '{out_dir}': {reason}", stderr, sarif)
            return EXIT_COMPILE_ERROR
    start = time.perf_counter()
    jobs = min(args.jobs, len(args.inputs))
    if jobs > 1 and "-" not in args.inputs:
        # Workers write to buffers, so decide colour for the real stream now.
        args.color = use_color(args, stderr)
        status, timings = _compile_parallel(jobs, args.inputs, targets, args, options, stdout, stderr, sarif)
    else:
        jobs = 1
        status = EXIT_OK
        timings = []
        for index, (path, target) in enumerate(zip(args.inputs, targets)):
            if index:
                _collect_garbage()
            if sarif is not None:
                sarif.current_path = path
            file_status, file_timings = _compile_one(path, target, args, options, stdout, stderr, sarif)
            status = max(status, file_status)
            timings.append(file_timings)
        if sarif is not None:
            sarif.current_path = None
    if args.time_report and len(args.inputs) > 1:
        _write_batch_time_report(timings, time.perf_counter() - start, jobs, args, stderr, sarif)
    return status


def _report_error(message: str, stderr: TextIO, sarif: "_SarifRecorder | None") -> None:
    """An error of the run that no compile reported (an output that cannot
    be written): `hlslc: error: ...`, or a result of the SARIF log."""
    if sarif is not None:
        sarif.add_error(message)
    else:
        stderr.write(f"{PROG}: error: {message}\n")


class _SarifRecorder:
    """What a -fdiagnostics-format=sarif run collects for its one log, in
    input order: results (already SARIF objects, so that a -j worker can
    send its own to the parent) and time reports."""

    def __init__(self) -> None:
        self.results: list[dict] = []
        self.time_reports: list[dict] = []
        self.current_path: str | None = None     # the input being compiled, for an internal error

    def add_diagnostics(self, diags: "Diagnostics") -> None:
        from .sarif import results_of  # loaded only for SARIF output
        self.results.extend(results_of(diags))

    def add_error(self, message: str) -> None:
        self.results.append({"level": "error", "message": {"text": message}})

    def add_internal_error(self, exc: BaseException, path: str | None) -> None:
        from .sarif import internal_error_result  # loaded only for SARIF output
        trace = None
        if os.environ.get("HLSLC_TRACEBACK") == "1":
            import traceback
            trace = "".join(traceback.format_exception(exc))
        self.results.append(internal_error_result(exc, path, traceback_text=trace))

    def merge(self, other: "_SarifRecorder") -> None:
        self.results.extend(other.results)
        self.time_reports.extend(other.time_reports)

    def render(self, status: int) -> str:
        from .sarif import build_log, dump_log  # loaded only for SARIF output
        properties = {"timeReports": self.time_reports} if self.time_reports else None
        return dump_log(build_log(self.results, exit_code=status, properties=properties))


class _ConfigProblem(Exception):
    """A project configuration hlslc cannot use; `text` is the rendered
    diagnostic (`hlslc.toml:3:12: error: ...`, source line, caret)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _project_options(name: str) -> list[str]:
    """The options of the project configuration: the file `name`, or for
    "" the one `hlslc --project-config` finds in the current directory
    (none is no options)."""
    from .project_config import ProjectConfigError, find_project_config, load_project_config  # tomllib: only with --project-config

    path = name or find_project_config(".")
    if path is None:
        return []
    if name and os.path.isdir(name):
        path = find_project_config(name)
        if path is None:
            diag = Diagnostic(Severity.ERROR, "no hlslc.toml, nor a pyproject.toml with a [tool.hlslc] table, "
                              "in this directory", path=name)
            raise _ConfigProblem(render_text([diag]))
    if path.startswith("./"):
        path = path[2:]
    try:
        return load_project_config(path).options
    except ProjectConfigError as exc:
        raise _ConfigProblem(render_text([exc.diagnostic])) from None


def _collect_garbage() -> None:
    """With the collector paused for the run (see `run`), free the cycles
    one compile of a batch left before the next starts."""
    import gc
    if not gc.isenabled():
        gc.collect()


def _output_dir(output: str | None) -> str | None:
    """The directory of `-o DIR/` (a trailing slash, or an existing directory)."""
    if output is None or output == "-":
        return None
    if output.endswith(("/", os.sep)) or os.path.isdir(output):
        return output
    return None


def _outputs_in(out_dir: str, args: Arguments) -> list[str | None]:
    suffix = ".i" if args.preprocess_only else ".ast" if args.ast_dump else \
        (".spvasm" if args.assembly else ".spv") if args.spirv else ".ll"
    outputs: list[str | None] = []
    for path in args.inputs:
        stem = "stdin" if path == "-" else os.path.splitext(os.path.basename(path))[0] or "out"
        outputs.append(os.path.join(out_dir, stem + suffix))
    return outputs


def _first_clash(inputs: list[str], targets: list[str | None]) -> str | None:
    seen: dict[str, str] = {}
    for path, target in zip(inputs, targets):
        if target is None:
            continue
        key = os.path.normcase(os.path.abspath(target))
        if key in seen:
            return f"inputs '{seen[key]}' and '{path}' would both write '{target}'"
        seen[key] = path
    return None






def _compile_one(path: str, output: str | None, args: Arguments, options: "CompileOptions",
                 stdout: TextIO, stderr: TextIO, sarif: "_SarifRecorder | None" = None) -> tuple[int, dict[str, float]]:
    """Compile one input, writing its output to `output` (None: stdout) and
    its diagnostics to `stderr` (or `sarif`); the exit status and the stage
    timings."""

    if path == "-":
        result = _compile_stdin(options)
    else:
        result = driver.compile_file(path, options)
    status = _finish_one(result, output, args, stdout, stderr, sarif)
    if args.reflect is not None and status == EXIT_OK and result.ok:
        status = _write_reflection(result, path, args, stderr)
    if args.time_report:
        _write_time_report(result, args, stderr, sarif)
    return status, result.timings


def _finish_one(result: "CompileResult", output: str | None, args: Arguments, stdout: TextIO,
                stderr: TextIO, sarif: "_SarifRecorder | None" = None) -> int:
    if args.verify:
        from .verify import verify_diagnostics  # loaded only with -verify
        report = verify_diagnostics(result.files, result.diagnostics, args.verify_prefixes)
        if output is not None:
            # -verify runs the whole compile; the IR is written only to -o.
            _write_output(result.output, output, stdout)
        stderr.write(report.render())
        return EXIT_OK if report.ok else EXIT_COMPILE_ERROR

    if sarif is not None:
        sarif.add_diagnostics(result.diagnostics)
    else:
        render_diagnostics(result.diagnostics, args, stderr)
    if result.ok and result.output is None and result.binary is not None and output not in (None, "-"):
        try:
            with open(output, "wb") as handle:
                handle.write(result.binary)
        except OSError as exc:
            reason = (exc.strerror or str(exc)).lower()
            _report_error(f"cannot write '{output}': {reason}", stderr, sarif)
            return EXIT_COMPILE_ERROR
    elif result.ok and result.output is not None:
        try:
            _write_output(result.output, output, stdout)
        except OSError as exc:
            reason = (exc.strerror or str(exc)).lower()
            _report_error(f"cannot write '{output}': {reason}", stderr, sarif)
            return EXIT_COMPILE_ERROR
    return EXIT_OK if result.ok else EXIT_COMPILE_ERROR


# -- --reflect and --target-device ----------------------------------------

def _write_reflection(result: "CompileResult", path: str, args: Arguments, stderr: TextIO) -> int:
    from .reflection import reflection_target, write_reflection  # loaded only with --reflect
    assert args.reflect is not None
    problem = write_reflection(result, reflection_target(args.reflect, path))
    if problem is not None:
        stderr.write(f"{PROG}: error: {problem}\n")
        return EXIT_COMPILE_ERROR
    return EXIT_OK


def _device_profile_error(exc: Exception, args: Arguments, stderr: TextIO) -> int:
    """A bad --target-device: at its place in the profile file when it has one."""
    span = getattr(exc, "span", None)
    if span is None:
        return _usage_error(str(exc), stderr)
    diags = Diagnostics()
    message = getattr(exc, "message", str(exc))
    diags.report(Diagnostic(Severity.ERROR, f"{message} (device profile for --target-device)", span))
    render_diagnostics(diags, args, stderr)
    return EXIT_USAGE


# -- -j N: one compile per task in a pool of forked workers ----------------

_WORKER: tuple[Arguments, "CompileOptions"] | None = None


def _worker_init(args: Arguments, options: "CompileOptions") -> None:
    global _WORKER
    _WORKER = (args, options)
    import signal
    # Ctrl-C goes to the whole process group: the parent reports it once.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_compile(task: tuple[str, str | None]) \
        -> tuple[int, str, str, dict[str, float], "_SarifRecorder | None"]:
    """One input in a worker: (status, stdout text, stderr text, timings,
    the SARIF results under -fdiagnostics-format=sarif).  An exception is
    reported as an internal error, as `main` does."""
    import io
    assert _WORKER is not None
    args, options = _WORKER
    path, output = task
    _collect_garbage()
    out, err = io.StringIO(), io.StringIO()
    sarif = _SarifRecorder() if args.diagnostics_format == "sarif" else None
    try:
        status, timings = _compile_one(path, output, args, options, out, err, sarif)
    except Exception as exc:  # noqa: BLE001 - reported like main's
        if sarif is not None:
            sarif.add_internal_error(exc, path)
        else:
            _report_internal_error(exc, err)
        status, timings = EXIT_INTERNAL_ERROR, {}
    return status, out.getvalue(), err.getvalue(), timings, sarif


def _compile_parallel(jobs: int, inputs: list[str], targets: list[str | None], args: Arguments,
                      options: "CompileOptions", stdout: TextIO, stderr: TextIO,
                      sarif: "_SarifRecorder | None" = None) -> tuple[int, list[dict[str, float]]]:
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    # fork: workers start with hlslc already imported (and no re-import of
    # the main module); elsewhere the platform's default.
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    status = EXIT_OK
    timings: list[dict[str, float]] = []
    with context.Pool(jobs, initializer=_worker_init, initargs=(args, options)) as pool:
        # imap keeps input order: each file's output and diagnostics appear
        # as they would without -j.
        for file_status, out, err, file_timings, results in pool.imap(_worker_compile, list(zip(inputs, targets))):
            if sarif is not None and results is not None:
                sarif.merge(results)
            if out:
                stdout.write(out)
                stdout.flush()
            if err:
                stderr.write(err)
                stderr.flush()
            status = max(status, file_status)
            timings.append(file_timings)
    return status, timings


# -- --time-report --------------------------------------------------------

def _write_time_report(result: "CompileResult", args: Arguments, stderr: TextIO,
                       sarif: "_SarifRecorder | None" = None) -> None:
    # Stages that ran, in order, then "output" (printing what is written).
    # Seconds, then CPU seconds (this process and the validator's forked
    # half: on a busy machine the steadier figure); the validate stage's
    # printing of the module (the text written) is also shown on its own.
    timings, cpu = result.timings, result.cpu_timings
    total, cpu_total = sum(timings.values()), sum(cpu.values())
    if args.diagnostics_format in ("json", "sarif"):
        report = {"file": result.path, "header_cache": result.header_cache,
                  "stages": {stage: round(seconds, 6) for stage, seconds in timings.items()},
                  "total": round(total, 6),
                  "cpu": {stage: round(seconds, 6) for stage, seconds in cpu.items()},
                  "cpu_total": round(cpu_total, 6)}
        if result.printing is not None:
            report["validate_printing"] = {"seconds": round(result.printing[0], 6),
                                           "cpu": round(result.printing[1], 6)}
        if sarif is not None:
            sarif.time_reports.append(report)
        else:
            import json
            stderr.write(json.dumps({"time_report": report}) + "\n")
        return
    lines = [f"{PROG}: time report for {result.path} (header cache: {result.header_cache})",
             f"  {'stage':<12}{'seconds':>10}{'share':>8}{'cpu s':>10}{'share':>8}"]

    def row(name: str, seconds: float, cpu_seconds: float) -> str:
        share = seconds / total * 100 if total else 0.0
        cpu_share = cpu_seconds / cpu_total * 100 if cpu_total else 0.0
        return f"  {name:<12}{seconds:>10.4f}{share:>7.1f}%{cpu_seconds:>10.4f}{cpu_share:>7.1f}%"

    for stage, seconds in timings.items():
        lines.append(row(stage, seconds, cpu.get(stage, 0.0)))
        if stage == "validate" and result.printing is not None:
            lines.append(row("  printing", *result.printing) + "  (of validate: the IR written)")
    lines.append(row("total", total, cpu_total))
    stderr.write("\n".join(lines) + "\n")


def _write_batch_time_report(timings: list[dict[str, float]], wall: float, jobs: int, args: Arguments,
                             stderr: TextIO, sarif: "_SarifRecorder | None" = None) -> None:

    # The SPIR-V stage is listed only for -spirv batches (the others never run it).
    stages = [s for s in driver.STAGES if s != "spirv" or any("spirv" in t for t in timings)]
    sums = {stage: sum(t.get(stage, 0.0) for t in timings) for stage in (*stages, "output")}
    files = len(timings)
    if args.diagnostics_format in ("json", "sarif"):
        report = {"files": files, "jobs": jobs, "wall": round(wall, 6),
                  "stages": {stage: round(v, 6) for stage, v in sums.items()}}
        if sarif is not None:
            sarif.time_reports.append(report)
        else:
            import json
            stderr.write(json.dumps({"time_report": report}) + "\n")
        return
    rate = files / wall if wall else float("inf")
    stage_text = ", ".join(f"{stage} {v:.3f}" for stage, v in sums.items())
    stderr.write(f"{PROG}: time report for {files} files with {jobs} process{'es' if jobs != 1 else ''}: "
                 f"{wall:.3f} s wall, {rate:.1f} files/s; seconds per stage over all files: {stage_text}\n")


def _compile_stdin(options: "CompileOptions") -> "CompileResult":

    stream = sys.stdin
    raw = getattr(stream, "buffer", None)
    if raw is not None:
        diags = Diagnostics(options.warnings_as_errors, options.suppress_warnings, options.disabled_warnings)
        text = driver.decode_source(raw.read(), "<stdin>", diags)
        if text is None:
            return driver.CompileResult(path="<stdin>", options=options, diagnostics=diags)
    else:
        text = stream.read()
    return driver.compile_source(text, "<stdin>", options)


def _write_output(text: str | None, output: str | None, stdout: TextIO) -> None:
    if text is None:
        return
    if output is None or output == "-":
        stdout.write(text)
        stdout.flush()
        return
    with open(output, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)




