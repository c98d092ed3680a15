"""Storage: the SQLite schema, the atomic build that writes it, and the searches that read it."""
