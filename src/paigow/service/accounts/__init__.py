"""Accounts: who is asking (:mod:`.auth`: passwords, tokens, :class:`~.auth.User`), registration,
sign-in, sessions and revocation (:mod:`.accounts`) and the wallet each page shows
(:mod:`.wallets`). Their routes are :mod:`paigow.service.routes.auth_api`.

May use: the rooms below (:mod:`..kit` to :mod:`..store`).
"""
