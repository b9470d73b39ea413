"""What a player reads, in words and structure, for any front end: pure values in, text out (no discord, no db)."""
