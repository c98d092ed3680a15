"""Storage: the SQLite schema, the atomic build that writes it, and the named queries that read it."""
