"""Every door of the service: the ASGI application and its websocket (:mod:`.app`), who is
asking (:mod:`.deps`), the browser client's files (:mod:`.static`) and the HTTP routes of each
part: accounts (:mod:`.auth_api`), the browser table (:mod:`.web_api`), spectators
(:mod:`.watch`), private tables, protection and chat (:mod:`.private_api`,
:mod:`.protection_api`, :mod:`.chat_api`), the pit (:mod:`.pit_api`), the trainer and the
tutorial (:mod:`.trainer_api`, :mod:`.tutorial_api`), and the figures (:mod:`.metrics_api`).

Top room: it may use every other, and nothing in the service imports it.
"""
