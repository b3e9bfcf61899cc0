"""marshmallow schemas for every request body. ``openapi.yaml`` documents the same shapes; a
test compares the two so they cannot drift."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from domain.bots import BOTS
from domain.cards import RANKS, SUITS
from domain.messages import MOVES as MOVE_VOCABULARY
from domain.messages import Field
from domain.registry import PRESETS


class WholeMatch(validate.Regexp):
    """A pattern that must match the whole string, as JSON Schema's (ECMA) ``^...$`` does;
    Python's ``$`` also matches before a final newline, so ``"AS\\n"`` or ``"Ana\\n"`` would
    pass ``match``. The pattern's text stays the one openapi.yaml documents."""

    regex: re.Pattern[str]

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, str) or self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


CARD = WholeMatch(rf"^({'|'.join(RANKS)})[{''.join(SUITS)}]$",
                  error="not a card code such as AS, 10H or 7C")


class Integral(fields.Integer):
    """A JSON number that is an integer. It accepts integral floats (``3.0``) as JSON Schema
    does, and rejects ``3.5`` and booleans instead of truncating them, and strings: marshmallow's
    ``Integer`` would take ``"1"``, and Python's ``int`` even ``"２"`` (a fullwidth digit)."""

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        if isinstance(value, float):
            if not value.is_integer():
                raise self.make_error("invalid", input=value)
            value = int(value)
        return super()._validated(value)


class StrictBool(fields.Boolean):
    """A JSON boolean only: marshmallow's ``Boolean`` would also take ``1``, ``"yes"``..."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class Strict(Schema):
    class Meta:
        unknown = RAISE


def _kind(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.Equal(name))


class MoveBase(Strict):
    """Every move may carry ``expected_seq``: apply it only if the deal is still there."""

    expected_seq = Integral(validate=validate.Range(min=0))


def _field(spec: Field) -> fields.Field[Any]:
    """A marshmallow field for one field of the move vocabulary (``messages.MOVES``)."""
    kw: dict[str, Any] = {"required": True, "allow_none": spec.nullable}
    if spec.kind == "card":
        return fields.String(validate=CARD, **kw)
    if spec.kind == "suit":
        return fields.String(validate=validate.OneOf(SUITS), **kw)
    if spec.kind == "integer":
        return Integral(validate=validate.Range(min=spec.minimum, max=spec.maximum), **kw)
    return fields.String(validate=validate.OneOf(list(spec.choices)), **kw)


def _move_schema(kind: str, spec: tuple[Field, ...]) -> type[Schema]:
    """``PlayMove``, ``BidMove``, ...: the schema of one move type, from the vocabulary."""
    attrs: dict[str, Any] = {"type": fields.String(required=True, validate=validate.Equal(kind))}
    attrs.update({f.name: _field(f) for f in spec})
    return type(f"{kind.title()}Move", (MoveBase,), attrs)


MOVES: dict[str, type[Schema]] = {kind: _move_schema(kind, spec)
                                  for kind, spec in MOVE_VOCABULARY.items()}
# One instance per move type, built once: marshmallow 4 schemas hold no per-call state (no
# context), and building one costs more than the validation itself on the hot move path.
_MOVE_LOADERS: dict[str, Schema] = {kind: schema() for kind, schema in MOVES.items()}


def _plainly(spec: Field) -> Callable[[Any], bool]:
    """Whether ``_field(spec)`` takes a value as it is (a ``str`` or an ``int``, or None where
    allowed) by the same test: such a value it returns unchanged. Else (``3.0``, an error)
    marshmallow says."""
    low, high = spec.minimum, spec.maximum
    choices = CARD.regex if spec.kind == "card" else SUITS if spec.kind == "suit" \
        else list(spec.choices)

    def plain(value: Any) -> bool:
        if value is None:
            return spec.nullable
        if spec.kind == "integer":
            return type(value) is int and (low is None or value >= low) and (
                high is None or value <= high)
        if type(value) is not str:
            return False
        if isinstance(choices, re.Pattern):
            return choices.fullmatch(value) is not None
        return value in choices
    return plain


_PLAIN: dict[str, dict[str, Callable[[Any], bool]]] = {kind: {
    "expected_seq": _plainly(Field("expected_seq", "integer", minimum=0)),
    "type": lambda value: True,  # ``load_move`` found it in MOVES
    **{f.name: _plainly(f) for f in spec}} for kind, spec in MOVE_VOCABULARY.items()}


def load_move(body: Any) -> dict[str, Any]:
    """A move body, validated by the schema of its ``type``. A body of plain values (every
    field there, no other, each a value its field takes unchanged: what a client sends) is
    taken as the schema would take it, in the schema's order, without building marshmallow's
    answer (issue 33); anything else goes through the schema, for its errors."""
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["a move is a JSON object"]})
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in MOVES:
        raise ValidationError({"type": ["must be one of: " + ", ".join(MOVES)]})
    plain = _PLAIN[kind]
    if all(k in plain and plain[k](v) for k, v in body.items()) and all(
            k in body for k in plain if k != "expected_seq"):
        return {k: body[k] for k in _MOVE_LOADERS[kind].load_fields if k in body}
    return _MOVE_LOADERS[kind].load(body)  # type: ignore[no-any-return]


# A name a person reads: 1 to 64 characters, none of them invisible anywhere (NAME_BAD: a control
# character (C0, DEL, C1), a format character that could reorder or hide text (zero-width,
# bidi controls, line and paragraph separators, BOM, interlinear annotation, tag characters),
# a blank that looks like a letter (Hangul fillers, the blank Braille pattern, the combining
# grapheme joiner, Khmer's inherent vowels)); it starts with a visible character (not a space
# of any kind (NAME_SPACE), not a combining mark or variation selector (NAME_MARK): a mark needs
# a letter to sit on), and ends with no space. openapi.yaml states the same pattern, in the
# same spelling. (Astral characters are written ``\U........`` as Python's ``re`` reads them.)
NAME_BAD = (r"\x00-\x1f\x7f-\x9f\xad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e"
            r"\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufeff\uffa0\ufff9-\ufffb"
            r"\U000e0000-\U000e007f")
NAME_SPACE = r" \xa0\u1680\u2000-\u200a\u202f\u205f\u3000"
NAME_MARK = (r"\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u0610-\u061a\u064b-\u065f"
             r"\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\u3099\u309a\ufe00-\ufe0f"
             r"\ufe20-\ufe2f\U000e0100-\U000e01ef")
NAME = [validate.Length(min=1, max=64),
        WholeMatch(rf"^[^{NAME_SPACE}{NAME_MARK}{NAME_BAD}]"
                   rf"([^{NAME_BAD}]*[^{NAME_SPACE}{NAME_BAD}])?$",
                   error="a name people can read: it starts with a visible character, ends "
                         "with no space, and has no control or invisible character")]

BOT_ID = WholeMatch(rf"^({'|'.join(BOTS)}|wb_[0-9a-f]{{16}})$",
                    error=f"a built-in bot ({', '.join(BOTS)}) or a registered bot id")



PLAYER_ID = WholeMatch(r"^p_[0-9a-f]{16}$", error="a player's id (p_ and 16 hex digits)")
PLAYER_KEY = validate.Length(min=1, max=256)


class SeatIn(Strict):
    name = fields.String(required=True, validate=NAME)
    bot = fields.String(allow_none=True, validate=BOT_ID)
    player = fields.String(validate=PLAYER_ID)
    client_seed = fields.String(validate=validate.Length(min=1, max=256))


class PrearrangedDeal(Strict):
    dealer = Integral(required=True, validate=validate.Range(min=0, max=7))
    hands = fields.List(fields.List(fields.String(validate=CARD), validate=validate.Length(max=52)),
                        required=True, validate=validate.Length(min=2, max=8))
    stock = fields.List(fields.String(validate=CARD), required=True,
                        validate=validate.Length(max=104))
    trump_card = fields.String(allow_none=True, validate=CARD)


class ClockIn(Strict):
    move_seconds = fields.Float(required=True, allow_nan=False,
                                validate=validate.Range(min=0.001, max=86400))
    on_timeout = fields.String(load_default="bot", validate=validate.OneOf(["bot", "forfeit"]))
    bot = fields.String(load_default="heuristic", validate=validate.OneOf(list(BOTS)))
    away_after = Integral(load_default=2, validate=validate.Range(min=1, max=100))
    bank_seconds = fields.Float(load_default=0, allow_nan=False,
                                validate=validate.Range(min=0, max=86400))


class CreateMatch(Strict):
    ruleset = fields.String(required=True, validate=validate.OneOf(PRESETS.keys()))
    players = Integral(validate=validate.Range(min=2, max=8))
    options = fields.Dict(keys=fields.String(), load_default=dict)
    seats = fields.List(fields.Nested(SeatIn), required=True,
                        validate=validate.Length(min=2, max=8))
    seed = fields.String(validate=validate.Length(min=1, max=256))
    deal = fields.Nested(PrearrangedDeal)
    creator_seat = Integral(validate=validate.Range(min=0, max=7))
    duplicate_of = fields.String(validate=validate.Length(min=1, max=64))
    clock = fields.Nested(ClockIn)
    rated = StrictBool()
    player_key = fields.String(validate=PLAYER_KEY)

    @validates_schema
    def _seed_or_deal(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "seed" in data and "deal" in data:
            raise ValidationError("give either a seed or a prearranged deal, not both", "deal")
        if "duplicate_of" in data and ("seed" in data or "deal" in data or any(
                "client_seed" in seat for seat in data["seats"])):
            raise ValidationError("a duplicate deals its source's cards: give no seed, "
                                  "prearranged deal or client seed with it", "duplicate_of")


class SeedIn(Strict):
    seed = fields.String(required=True, validate=validate.Length(min=1, max=256))


class ClaimIn(Strict):
    code = fields.String(validate=validate.Length(min=1, max=256))
    client_seed = fields.String(validate=validate.Length(min=1, max=256))
    player_key = fields.String(validate=PLAYER_KEY)

    @validates_schema
    def _code_or_player(self, data: dict[str, Any], **kwargs: Any) -> None:
        if "code" not in data and "player_key" not in data:
            raise ValidationError("give the invite's code, or the key of the player the "
                                  "seat is kept for (or both)", "code")


class PlayerIn(Strict):
    name = fields.String(required=True, validate=NAME)


class LadderEntryIn(Strict):
    bot = fields.String(validate=WholeMatch(r"^wb_[0-9a-f]{16}$",
                                            error="a registered webhook bot's id"))


class RotateIn(Strict):
    previous_valid_for = Integral(validate=validate.Range(min=0, max=86400))


class DisputeIn(Strict):
    message = fields.String(required=True, validate=validate.Length(min=1, max=2000))


class ExportUpload(fields.Field[Any]):
    """An export as ``GET /v1/deals/{id}/export`` gives it: JSON Lines text, or its items as one
    JSON array of objects (what a typed client holds). The audit, not this field, checks what
    the items say."""

    MAX_TEXT, MAX_ITEMS = 1_000_000, 10_000

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return validate.Length(min=1, max=self.MAX_TEXT)(value)
        if isinstance(value, list):
            validate.Length(min=1, max=self.MAX_ITEMS)(value)
            if not all(isinstance(item, dict) for item in value):
                raise ValidationError("every item of the export must be an object")
            return value
        raise ValidationError("an export: JSON Lines text, or its items as one array")


class AuditIn(Strict):
    deal_id = fields.String(validate=validate.Length(min=1, max=80))
    export = ExportUpload()

    @validates_schema
    def _one_source(self, data: dict[str, Any], **kwargs: Any) -> None:
        if ("deal_id" in data) == ("export" in data):
            raise ValidationError("give either deal_id or export", "deal_id")


class BotIn(Strict):
    name = fields.String(required=True, validate=NAME)
    url = fields.String(required=True, validate=[
        validate.Length(min=8, max=2000),
        validate.Regexp(r"^https?://[^\s/?#]+", error="an http or https URL with a host")])
