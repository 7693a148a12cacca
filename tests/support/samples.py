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
