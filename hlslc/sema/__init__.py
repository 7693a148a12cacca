"""Semantic analysis: the `sema` stage (entry point: `analyzer.analyze_unit`)."""
