"""The social side of the table service: table chat (:mod:`.chat`; its text rules
:mod:`.text`, its statements :mod:`.chat_sql`, its routes :mod:`.chat_api`, its tables
:mod:`.tables`, migration ``0006_social``). docs/service.md, "Chat".
"""
