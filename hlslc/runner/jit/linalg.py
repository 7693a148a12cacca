"""The `dx::linalg` matrix operations in the JIT (placeholder: none yet)."""

from __future__ import annotations
