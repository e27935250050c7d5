"""Analysis built on the solver: discards, the best bid, replaying a played game, simulation."""
