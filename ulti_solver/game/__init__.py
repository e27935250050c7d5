"""The whole game (R45-R50): the referee that knows, at every moment, whose turn it is and what
he may do.  Pure Python; it reads the bids, rulebooks and prices of the package and nothing of
the command line (:mod:`ulti_solver.cli`) or its output (:mod:`ulti_solver.render`).

:mod:`.ranking` is R47 (which bid beats which), :mod:`.actions` and :mod:`.auction` the
auction (R45, R46, R49's throw-in).
"""
