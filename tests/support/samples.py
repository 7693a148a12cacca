"""The samples in samples/ and the profile each is compiled with."""

from __future__ import annotations

from pathlib import Path

SAMPLES_DIR = Path(__file__).resolve().parents[2] / "samples"

# Named in README.md's first set-up command and in its sample list.
README_SAMPLES = ("tiled_gemm_wave.hlsl", "mlp_layer_thread.hlsl", "wavematrix_gemm_sm68.hlsl")


def sample_files() -> list[Path]:
    return sorted(SAMPLES_DIR.glob("*.hlsl"))


def profile_for(sample: Path) -> str:
    """SM 6.8 for Wave Matrix samples (the API exists only there), else SM 6.10."""
    return "cs_6_8" if "WaveMatrix" in sample.read_text(encoding="utf-8") else "cs_6_10"


def compile_args_for(sample: Path) -> list[str]:
    """The options of the sample's own `// Compile:` line (everything between
    `hlslc` and the file name), so the tests compile it as its header says."""
    import shlex

    text = sample.read_text(encoding="utf-8")
    for line in text.splitlines():
        stripped = line.lstrip("/ ").strip()
        if stripped.startswith("Compile:"):
            words = shlex.split(stripped[len("Compile:"):].replace("\\", ""))
            if words and words[0] == "hlslc":
                options = []
                for word in words[1:]:
                    if word.endswith(".hlsl"):
                        break
                    options.append(word)
                return options
    return ["-T", profile_for(sample)]
