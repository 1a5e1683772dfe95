"""Games of perfect information (the library behind the app's Perfect information tab).

* :mod:`~omahanash.perfect.retrograde` — win / loss / draw for every position of an explicit game
  graph (cycles allowed) in O(n + m), with the distance to the end and a best move;
* :mod:`~omahanash.perfect.search` — minimax, alpha-beta with a transposition table,
  depth-limited search with an evaluation function and expectimax over chance nodes, all over
  the :class:`~omahanash.game.GameState` interface;
* :mod:`~omahanash.perfect.mcts` — Monte-Carlo tree search (UCT), an anytime player;
* :mod:`~omahanash.perfect.zobrist` — Zobrist hashing and the transposition table it keys;
* :mod:`~omahanash.perfect.grundy` — Sprague–Grundy values: nim, subtraction games, sums of
  games, nim with increases;
* :mod:`~omahanash.perfect.notation` — heap sizes and move sets as a user types them;
* :mod:`~omahanash.perfect.examples` — small games on the ``GameState`` interface (tic-tac-toe,
  a take-away game) used by tests and examples.

Importing this package is cheap: it imports nothing heavy (no numpy, no numba).
"""
