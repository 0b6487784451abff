"""The websocket protocol: every message a client may send, validated strictly (pydantic), and
the messages the server sends. docs/service.md lists each with its JSON schema
(:func:`schemas`) and an example.

Client → server::

    {"type": "subscribe", "table": "t1"}
    {"type": "unsubscribe", "table": "t1"}
    {"type": "command", "table": "t1", "id": "c-17", "action": "wager",
     "args": {"spot": "3", "cents": 2500}}
    {"type": "ping"}
    {"type": "chat", "table": "t1", "text": "good luck", "ref": "m-3"}
    {"type": "floor"}                      (an operator follows the pit's floor)
    {"type": "floor", "watch": false}      (and stops)

Server → client: ``welcome``, ``state`` (a table as this viewer may see it), ``event`` (one
committed change and the new state), ``delta`` (the same as a patch of the state sent before),
``result`` (the answer to a command: ``applied``, ``duplicate`` or ``refused``; on a connection
opened with ``/ws?results=inline``, inside the ``event`` or ``delta`` that shows the command's
change, as its ``results``, whenever there is one), ``error`` (a malformed message), ``pong``;
and the table's chat (:mod:`paigow.service.social.chat`): ``chat_history`` (when a table is
watched), ``chat`` (a message), ``chat_deleted`` (an operator removed one), ``chat_result`` (the
answer to ``chat``); to operators, the event log's ``log`` and the pit's ``floor``
(:mod:`.protocol_pit`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

from .chat_text import MAX_RAW
from .protocol_account import ACCOUNT_MESSAGES
from .protocol_pit import PIT_MESSAGES

__all__ = [
    "ACTIONS",
    "MAX_CENTS",
    "OPERATOR_ACTIONS",
    "ChatPost",
    "ClientMessage",
    "ProtocolError",
    "parse_args",
    "parse_message",
    "refusal",
    "result_message",
    "schemas",
]

#: The largest number of cents a client may name anywhere (a buy-in, a wager, a stake, a
#: deposit, a table's limits): 10^12, ten billion dollars. Times the largest pay of any wager
#: (10,000 to 1, the dice bonus, R-DE-10) it stays far inside the ledger's range (its columns
#: are BIGINT: at most 2^63 - 1, about 9.2 x 10^18). A larger number is refused at the edge
#: (HTTP 422, a ``refused`` result on the websocket), naming the field and this bound.
MAX_CENTS = 10**12

_ID = Field(min_length=1, max_length=80)
_TABLE = Field(min_length=1, max_length=40)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ClientMessage(_Strict):
    """Any client message (``type`` decides which fields apply; ``watch``, only of ``floor``:
    false stops following the pit's floor)."""

    type: Literal["subscribe", "unsubscribe", "command", "ping", "floor"]
    table: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    id: StrictStr | None = Field(default=None, min_length=1, max_length=80)
    action: StrictStr | None = Field(default=None, min_length=1, max_length=40)
    args: dict[str, Any] = Field(default_factory=dict)
    watch: StrictBool | None = None


class ChatPost(_Strict):
    """A chat message from a client: ``{"type": "chat", "table", "text", "ref"}`` (``ref``:
    the client's own reference, given back in the ``chat_result``)."""

    type: Literal["chat"]
    table: StrictStr = Field(min_length=1, max_length=40)
    text: StrictStr = Field(max_length=MAX_RAW)
    ref: StrictStr | None = Field(default=None, min_length=1, max_length=40)


class NoArgs(_Strict):
    """An action without arguments."""


class SitArgs(_Strict):
    """Sit at ``seat`` buying in ``cents`` from the wallet."""

    seat: StrictStr = Field(min_length=1, max_length=2)
    cents: StrictInt = Field(gt=0, le=MAX_CENTS)


class BankArgs(_Strict):
    """Answer the bank offer (``co_bank`` where the profile allows co-banking)."""

    accept: StrictBool
    co_bank: StrictBool = False


class CutArgs(_Strict):
    """The bank's cut (``a:3-4:right``, ``card:20``) or ``null`` to decline."""

    cut: StrictStr | None = Field(default=None, max_length=40)


class CentsArgs(_Strict):
    """An amount in cents."""

    cents: StrictInt = Field(ge=0, le=MAX_CENTS)


class WagerArgs(_Strict):
    """A wager: ``kind`` is ``main`` or a side wager (``pair-fortunes``, ``de-odd``,
    ``de-even``, ``de-double``, ``de-triple``, ``de-match``, ``dice-bonus``,
    ``supreme-bonus``)."""

    spot: StrictStr = Field(min_length=1, max_length=2)
    cents: StrictInt = Field(gt=0, le=MAX_CENTS)
    kind: StrictStr = Field(default="main", max_length=20)


class RefArgs(_Strict):
    """A wager reference (``w3``)."""

    ref: StrictStr = Field(min_length=1, max_length=20)


class StyleArgs(_Strict):
    """A delivery style (``a``..``j``)."""

    style: StrictStr = Field(min_length=1, max_length=20)


class SpotArgs(_Strict):
    """A betting position."""

    spot: StrictStr = Field(min_length=1, max_length=2)


class SetArgs(_Strict):
    """A setting: two pieces high, two low, as text (``6-6``, ``As``, ``Jk1``)."""

    spot: StrictStr = Field(min_length=1, max_length=2)
    high: list[StrictStr] = Field(min_length=2, max_length=2)
    low: list[StrictStr] = Field(min_length=2, max_length=2)


class BankSetArgs(_Strict):
    """The bank's setting; none given: the house way."""

    high: list[StrictStr] | None = Field(default=None, min_length=2, max_length=2)
    low: list[StrictStr] | None = Field(default=None, min_length=2, max_length=2)


class ReasonArgs(_Strict):
    """A reason, in words."""

    reason: StrictStr = Field(min_length=1, max_length=200)


class PositionArgs(_Strict):
    """A ring position (``dealer``, ``1``..``8``, ``dead``) and a count of pieces."""

    position: StrictStr = Field(min_length=1, max_length=10)
    count: StrictInt = Field(default=1, ge=1, le=4)


class PlaceArgs(_Strict):
    """A ring position (``dealer``, ``1``..``8``, ``dead``)."""

    position: StrictStr = Field(min_length=1, max_length=10)


class PiecesArgs(_Strict):
    """Pieces seen face up."""

    pieces: list[StrictStr] = Field(min_length=1, max_length=54)


class CardArgs(_Strict):
    """One card."""

    card: StrictStr = Field(min_length=1, max_length=4)


class CountArgs(_Strict):
    """A count of cards."""

    cards: StrictInt = Field(ge=0, le=54)


class DiceArgs(_Strict):
    """Three dice read from the table (tables with ``dice_entry``)."""

    dice: list[Annotated[StrictInt, Field(ge=1, le=6)]] = Field(min_length=3, max_length=3)


class PlayerArgs(_Strict):
    """A player's name."""

    player: StrictStr = Field(min_length=1, max_length=32)


class ConfigureArgs(_Strict):
    """A table's limits and options changed between rounds (only those given change; a Pair
    Fortunes pay table of ``""`` withdraws the side bet)."""

    min_wager: StrictInt | None = Field(default=None, ge=1, le=MAX_CENTS)
    max_wager: StrictInt | None = Field(default=None, ge=1, le=MAX_CENTS)
    advice: StrictBool | None = None
    pair_fortunes: StrictStr | None = Field(default=None, max_length=8)
    dragons_eye: StrictBool | None = None
    supreme_bonus: StrictBool | None = None
    computer_players: StrictInt | None = Field(default=None, ge=0, le=8)


#: Player actions and their arguments.
ACTIONS: dict[str, type[_Strict]] = {
    "sit": SitArgs,
    "leave": NoArgs,
    "bank": BankArgs,
    "cut": CutArgs,
    "dealer_wager": CentsArgs,
    "pd_stake": CentsArgs,
    "wager": WagerArgs,
    "remove_wager": RefArgs,
    "ready": NoArgs,
    "style": StyleArgs,
    "roll": NoArgs,
    "set": SetArgs,
    "house_way": SpotArgs,
    "bank_set": BankSetArgs,
    "surrender": SpotArgs,
    "stand": NoArgs,
    "void_hand": SpotArgs,
    "withdraw_dice_bonus": NoArgs,
    "sit_in": NoArgs,
    "sit_out": NoArgs,
}

#: Operator actions (irregularities and the table's pace) and their arguments.
OPERATOR_ACTIONS: dict[str, type[_Strict]] = {
    "void": ReasonArgs,
    "expose_dealt": PositionArgs,
    "tile_off_table": PlaceArgs,
    "no_roll": ReasonArgs,
    "expose_stacking": PiecesArgs,
    "face_up_in_shoe": CardArgs,
    "stub_count": CountArgs,
    "abandon": PlayerArgs,
    "enter_dice": DiceArgs,
    "expire": NoArgs,
    "pause": NoArgs,
    "resume": NoArgs,
    "configure": ConfigureArgs,
}


class ProtocolError(ValueError):
    """A message that does not follow the protocol (the reply names what is wrong)."""


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "message"
    return f"{where}: {err['msg']}"


def parse_message(data: Any) -> ClientMessage:
    """A client message, or :class:`ProtocolError`."""
    if not isinstance(data, dict):
        raise ProtocolError("a message is a JSON object with a 'type'")
    try:
        msg = ClientMessage.model_validate(data)
    except ValidationError as e:
        raise ProtocolError(_first_error(e)) from None
    if msg.type in ("subscribe", "unsubscribe", "command") and msg.table is None:
        raise ProtocolError(f"a {msg.type} message names its 'table'")
    if msg.type == "command" and (msg.id is None or msg.action is None):
        raise ProtocolError("a command has an 'id' (its idempotency key) and an 'action'")
    if msg.watch is not None and msg.type != "floor":
        raise ProtocolError("only a floor message has 'watch'")
    if msg.type == "floor" and (msg.table, msg.id, msg.action, msg.args) != (None, None, None, {}):
        raise ProtocolError("a floor message has only 'watch' (false: stop following the floor)")
    return msg


def result_message(table: str, command_id: str, result: dict[str, Any]) -> dict[str, Any]:
    """The ``result`` message answering the command ``command_id`` at ``table``: ``result``
    (its ``status``, and ``seq`` or ``error``) in the message's envelope."""
    return {"type": "result", "table": table, "id": command_id, **result}


def refusal(table: str, command_id: str, why: str) -> dict[str, Any]:
    """The ``result`` message refusing the command ``command_id`` at ``table`` for ``why``
    (a command refused before it reaches the table: its sender learns it by its id)."""
    return result_message(table, command_id, {"status": "refused", "error": why})


def parse_args(action: str, args: dict[str, Any]) -> dict[str, Any]:
    """The validated arguments of ``action`` (player or operator), or :class:`ProtocolError`."""
    model = ACTIONS.get(action) or OPERATOR_ACTIONS.get(action)
    if model is None:
        known = ", ".join(sorted(ACTIONS) + sorted(OPERATOR_ACTIONS))
        raise ProtocolError(f"unknown action {action!r}; actions: {known}")
    try:
        return model.model_validate(args).model_dump()
    except ValidationError as e:
        raise ProtocolError(f"{action}: {_first_error(e)}") from None


_OBJ = {"type": "object"}
_STR = {"type": "string"}
_INT = {"type": "integer"}
#: One chat message as clients get it (``role``: who wrote it at the table; ``at``: ISO time).
_CHAT = {
    "type": "object",
    "required": ["id", "author", "role", "text", "at"],
    "properties": {
        "id": _INT,
        "author": _STR,
        "role": {"enum": ["player", "spectator", "operator"]},
        "text": _STR,
        "at": _STR,
    },
}

_EVENTS = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["seq", "action", "round"],
        "properties": {
            "seq": _INT,
            "action": _STR,
            "round": {"type": ["integer", "null"]},
            "notice": _OBJ,
            "ops": {"type": "array", "items": _OBJ},
        },
    },
}

#: The answer to a command: a message of its own, or one of the ``results`` of the table's
#: frame that shows its change (a connection opened with ``/ws?results=inline``).
_RESULT = {
    "type": "object",
    "required": ["type", "table", "id", "status"],
    "properties": {
        "type": {"const": "result"},
        "table": _STR,
        "id": _STR,
        "status": {"enum": ["applied", "duplicate", "refused"]},
        "seq": {"type": ["integer", "null"]},
        "error": _STR,
    },
}
_RESULTS = {"type": "array", "items": _RESULT}

#: JSON schemas of the messages the server sends.
SERVER_MESSAGES: dict[str, dict[str, Any]] = {
    "welcome": {
        "type": "object",
        "required": ["type", "user", "role"],
        "properties": {
            "type": {"const": "welcome"},
            "user": _STR,
            "role": {"enum": ["player", "operator"]},
        },
    },
    "state": {
        "type": "object",
        "required": ["type", "table", "state"],
        "properties": {
            "type": {"const": "state"},
            "table": _STR,
            "n": _INT,
            "state": _OBJ,
            "events": {"type": "array", "items": _OBJ},
        },
    },
    "event": {
        "type": "object",
        "required": ["type", "table", "events", "state"],
        "properties": {
            "type": {"const": "event"},
            "table": _STR,
            "n": _INT,
            "events": _EVENTS,
            "state": _OBJ,
            "results": _RESULTS,
        },
    },
    "delta": {
        "type": "object",
        "required": ["type", "table", "n", "events", "patch"],
        "properties": {
            "type": {"const": "delta"},
            "table": _STR,
            "n": _INT,
            "events": _EVENTS,
            "patch": {"type": "array"},
            "results": _RESULTS,
        },
    },
    "result": _RESULT,
    "error": {
        "type": "object",
        "required": ["type", "error"],
        "properties": {"type": {"const": "error"}, "table": _STR, "error": _STR},
    },
    "pong": {"type": "object", "required": ["type"], "properties": {"type": {"const": "pong"}}},
    **ACCOUNT_MESSAGES,
    "chat_history": {
        "type": "object",
        "required": ["type", "table", "messages", "spectators", "silenced_until"],
        "properties": {
            "type": {"const": "chat_history"},
            "table": _STR,
            "messages": {"type": "array", "items": _CHAT},
            "spectators": {"enum": ["read", "write"]},
            "silenced_until": {"type": ["string", "null"]},
        },
    },
    "chat": {
        "type": "object",
        "required": ["type", "table", "message"],
        "properties": {"type": {"const": "chat"}, "table": _STR, "message": _CHAT},
    },
    "chat_deleted": {
        "type": "object",
        "required": ["type", "table", "id"],
        "properties": {"type": {"const": "chat_deleted"}, "table": _STR, "id": _INT},
    },
    "chat_result": {
        "type": "object",
        "required": ["type", "table", "status"],
        "properties": {
            "type": {"const": "chat_result"},
            "table": _STR,
            "ref": _STR,
            "status": {"enum": ["posted", "refused"]},
            "id": _INT,
            "error": _STR,
        },
    },
    **PIT_MESSAGES,
}


def _compact(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _compact(v) for k, v in value.items() if k not in ("title", "description")}
    if isinstance(value, list):
        return [_compact(v) for v in value]
    return value


def schemas() -> dict[str, Any]:
    """JSON schemas (without titles and descriptions) of the client message, of every action's
    arguments, and of every server message (``server:NAME``)."""
    out: dict[str, Any] = {"message": _compact(ClientMessage.model_json_schema())}
    out["chat"] = _compact(ChatPost.model_json_schema())
    for name, model in {**ACTIONS, **OPERATOR_ACTIONS}.items():
        out[name] = _compact(model.model_json_schema())
    for name, schema in SERVER_MESSAGES.items():
        out[f"server:{name}"] = schema
    return out
