"""What crosses the wire: the websocket protocol (:mod:`.protocol`, :mod:`.protocol_account`,
:mod:`.protocol_pit`), its JSON (:mod:`.codec`), the ``delta`` of two projections
(:mod:`.deltas`), the text a chat line may hold (:mod:`.chat_text`) and the JSON schemas of
every answer (:mod:`.view_schema` and its parts, :mod:`.rules_schema`).

May use: :mod:`..kit` (and the engine below the service).
"""
