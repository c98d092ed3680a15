"""Sources: the manifest of rulebooks and the raw texts it points to, checked before any work."""
