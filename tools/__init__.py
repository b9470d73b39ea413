"""The project's own maintenance commands (python -m tools.<name>)."""
