"""Research adapters: every cardroom game as PettingZoo, Gymnasium and OpenSpiel environments.

Install with the ``rl`` extra. The adapters own no rules: who acts, what is legal and what a seat may
see all come from the game through the core contract, so a game registered later works here with no
change. What is per game is only the observation encoder, and even that falls back to a generic one.

- :mod:`cardroom.rl.spaces`: the fixed action index (action <-> int) and legal-action masks;
- :mod:`cardroom.rl.encoders`: observation encoders, a flat float vector in named pieces;
- :mod:`cardroom.rl.pettingzoo`: ``env(name, preset=...)``, an AEC environment;
- :mod:`cardroom.rl.gymnasium`: ``CardroomEnv(name, opponents=[...])``, one learner against bots;
- :mod:`cardroom.rl.openspiel`: importing it registers ``cardroom_<name>`` with OpenSpiel;
- :mod:`cardroom.rl.spielbot`: OpenSpiel bots (IS-MCTS) as cardroom bots, spec ``openspiel-ismcts``.

``python -m cardroom.rl tacocat --preset official`` prints a game's action table and observation layout.
See ``docs/rl.md``.
"""

from cardroom.rl.encoders import Encoder, Piece, encoder_for, register_encoder
from cardroom.rl.interface import Interface
from cardroom.rl.spaces import ActionIndex

__all__ = ["ActionIndex", "Encoder", "Interface", "Piece", "encoder_for", "register_encoder"]
