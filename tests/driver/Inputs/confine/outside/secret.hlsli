this text must never appear in a diagnostic
