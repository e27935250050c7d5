"""``python -m ulti_solver`` runs the ``ulti`` command line."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="ulti")
