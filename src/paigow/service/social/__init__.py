"""The social side of the table service: table chat (:mod:`.chat`; its statements
:mod:`.chat_sql`, its tables :mod:`.tables`, migration ``0006_social``; its text rules
:mod:`paigow.service.wire.chat_text`, its routes :mod:`paigow.service.routes.chat_api`).
docs/service.md, "Chat".

May use: the rooms below (:mod:`..kit` to :mod:`..private`).
"""
