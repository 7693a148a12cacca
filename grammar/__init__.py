"""Packaged copy of the top-level grammar/ directory."""
