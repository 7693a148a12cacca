"""hlslc run: execute compute dispatches on the CPU (hlslc.run.pipeline, ...)."""
