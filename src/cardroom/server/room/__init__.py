"""The live room: the tables in memory, their games, windows, clocks, bots, watchers and chat."""
