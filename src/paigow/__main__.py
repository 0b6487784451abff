"""``python -m paigow``: the ``paigow`` command line."""

from paigow.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
