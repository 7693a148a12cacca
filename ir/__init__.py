"""Packaged copy of the top-level ir/ directory: IR tables as data (filled by the lowering work)."""
