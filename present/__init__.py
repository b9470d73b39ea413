"""What a player reads, in words and structure, for any front end (no discord here)."""
