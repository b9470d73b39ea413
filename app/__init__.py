"""How one Gnomehost process is put together, without Discord: its settings, its store and leases, its change feed.

bot.py composes settings (app.settings) -> the SQLite file's lease and backups (app.sqlite_file) -> the
table service's wiring (app.store_process: store, shard leases, change feed) -> the Discord bot (cogs/).
Nothing here imports discord: another front end could run the same process around its own client.
"""
