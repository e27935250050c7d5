"""The ``ulti`` command line (INTERFACE.md): a click group with one module per command.

``app`` holds the group and the error handling, ``options`` the shared
options and readers, ``output`` the one output layer, ``text`` the
tables for people; each command lives in its own module and is imported
only when it runs.
"""

from .app import main

__all__ = ["main"]
