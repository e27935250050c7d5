"""The text layer: every table, legend and JSON record a command prints, without click.

Results print themselves through it (``str(solution)`` loads :mod:`ulti_solver.render.solve`
when it is first asked for, as python-chess loads ``chess.svg``), the command line writes it,
and the board and the report use the same words.  Nothing here imports click or
:mod:`ulti_solver.cli`, and this ``__init__`` imports nothing, so that a command loads only
the pieces it prints.
"""
