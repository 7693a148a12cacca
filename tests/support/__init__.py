"""Test support for hlslc: the RUN-line runner and FileCheck."""
