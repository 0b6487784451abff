"""The table service (``paigow serve``): the engine's tables played by accounts over websockets,
kept in a database, in one process or a cluster of them (docs/service.md).

Its modules live in rooms, each a subpackage that imports only from the rooms below it
(docs/architecture.md, "The service's rooms"; tests/test_layout.py keeps the order), lowest
first: :mod:`.kit`, :mod:`.wire`, :mod:`.db`, :mod:`.protection`, :mod:`.store`,
:mod:`.accounts`, :mod:`.tables`, :mod:`.private`, :mod:`.social`, :mod:`.pit`, :mod:`.cluster`,
then the running service at this level (:mod:`.hub`, :mod:`.options`, :mod:`.connection`,
:mod:`.floor_feed`, :mod:`.demo`) and, on top, :mod:`.routes`. This module imports nothing; its
name is the service's logger.
"""
