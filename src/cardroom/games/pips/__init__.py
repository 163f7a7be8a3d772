"""Pips: a toy game that proves a kit is all a game needs, kept for the tests and never offered to people.

The rules. Two players and seven cards, numbered 1 to 7. Each player is dealt three cards face down;
the seventh is set aside face down, unseen by both. Three tricks are played. In a trick the leader
plays a card face up, then the other player plays one; the higher card takes the trick, and a tie goes
to the leader. The taker of a trick leads the next; the first player leads the first trick. When the
hands are empty, the player with more tricks (two or three) wins.

It has hidden cards, a card nobody sees, and a few decisions, which is all the house's machinery needs:
its own compiled kernel (``kernel_search.py``), the compiled search, the analysis, the balance lab and
the room. Its kit (``kit.py``) is marked unlisted, so the lobby and the terminal's menu leave it out.
"""
