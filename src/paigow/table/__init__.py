"""The table: the procedure of a round as the regulations prescribe, as a pure state machine.

* :mod:`.ledger` — money in integer cents, moved only by balanced transfers;
* :mod:`.styles` — the ten delivery styles and the bank's cut (R-STYLE, R-CUT);
* :mod:`.money` — settlement arithmetic: vig, house bank, player bank, co-bank, Player-Dealer;
* :mod:`.banking` — who may bank next (R-BANK-03..06, R-LC-03/04);
* :mod:`.round` — one round: operations, checks, log (R-SHUF .. R-SETTLE, R-IRR);
* :mod:`.record` — the round record (JSON) and replay.
"""
