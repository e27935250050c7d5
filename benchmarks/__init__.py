"""The benchmark of ulti-solver: ``python -m benchmarks.bench`` from the checkout's root.

It lives beside the package, not in it: a user's install carries no
benchmark, and nothing under ``ulti_solver/`` imports these modules
(tests/test_bench.py checks).  The modules, each used by those above it:

- :mod:`benchmarks.bench`: the command; the per-goal table of this build
  and a baseline side by side, in time or (``--instructions``) in
  instructions.
- :mod:`benchmarks.extras`: the rows only this build gets (the value, the
  best bid, the analysis of a game, the player's view, ulti bid and ulti
  kontra, the simulation rate, the shell rows).
- :mod:`benchmarks.bid_honesty`: ``ulti bid``'s first choice held to a brute force
  (``python -m benchmarks.bid_honesty``; hours, not part of the bench).
- :mod:`benchmarks.count`: instructions counted by valgrind.
- :mod:`benchmarks.builds`: how one build is run (a worker process, a
  shell command), whichever checkout it lives in.
- :mod:`benchmarks.cases`: the fixed seeded sets of deals.
- :mod:`benchmarks.stats`: the summaries printed (mean, median, p90, ...).
- ``benchmarks/worker.py``: a script, run against one build; it imports
  only that build's ``ulti_solver``.
"""
