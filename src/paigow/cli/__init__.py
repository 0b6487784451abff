"""The ``paigow`` command-line interface."""
