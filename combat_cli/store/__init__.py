"""Save files: one human-readable JSON file per encounter, written atomically, locked while played."""
