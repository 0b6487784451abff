"""One table's life: what an operator opens (:mod:`.config`, :mod:`.tableopts`), the engine
adapter (:mod:`.engine`), the dealer's conduct (:mod:`.conduct`), who may do what
(:mod:`.rights`), the table actor and its batches (:mod:`.actor`, :mod:`.batches`), what each
viewer sees (:mod:`.views`, :mod:`.projection`, :mod:`.choices`), the lobby's line and the
pit's floor row (:mod:`.lobby`), the browser's facts and advice (:mod:`.advice`) and stored
rounds recalled (:mod:`.recall`).

May use: the rooms below (:mod:`..kit` to :mod:`..accounts`).
"""
