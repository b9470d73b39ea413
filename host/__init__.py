"""The table service over db/ and engine/: lobby, moves, AI seats, deadlines, recovery (see host.service)."""
