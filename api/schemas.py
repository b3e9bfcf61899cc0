"""marshmallow schemas for every request body. ``openapi.yaml`` documents the same shapes; a
test compares the two so they cannot drift."""

from __future__ import annotations

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

    def __call__(self, value: Any) -> Any:
        if not isinstance(value, str) or self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


CARD = WholeMatch(rf"^({'|'.join(RANKS)})[{''.join(SUITS)}]$",
                  error="not a card code such as AS, 10H or 7C")


class Integral(fields.Integer):
    """An integer that also accepts integral floats (``3.0``) as JSON Schema does, and rejects
    ``3.5`` and booleans instead of truncating them."""

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        if isinstance(value, float):
            if not value.is_integer():
                raise self.make_error("invalid", input=value)
            value = int(value)
        return super()._validated(value)  # type: ignore[no-any-return]


class Strict(Schema):
    class Meta:
        unknown = RAISE


def _kind(name: str) -> fields.String:
    return fields.String(required=True, validate=validate.Equal(name))


class MoveBase(Strict):
    """Every move may carry ``expected_seq``: apply it only if the deal is still there."""

    expected_seq = Integral(validate=validate.Range(min=0))


def _field(spec: Field) -> fields.Field:
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


def load_move(body: Any) -> dict[str, Any]:
    """A move body, validated by the schema of its ``type``."""
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["a move is a JSON object"]})
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in MOVES:
        raise ValidationError({"type": ["must be one of: " + ", ".join(MOVES)]})
    return _MOVE_LOADERS[kind].load(body)  # type: ignore[no-any-return]


# A name a person reads: 1 to 64 characters, none of them a control character (C0, DEL, C1) or
# an invisible format character that could reorder or hide text (zero-width, bidi controls,
# line and paragraph separators, BOM, interlinear annotation), and no space at either end.
# openapi.yaml states the same pattern, in the same spelling.
NAME_BAD = (r"\x00-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e"
            r"\u2060-\u206f\ufeff\ufff9-\ufffb")
NAME = [validate.Length(min=1, max=64),
        WholeMatch(rf"^[^ {NAME_BAD}]([^{NAME_BAD}]*[^ {NAME_BAD}])?$",
                   error="printable characters only: no control or invisible formatting "
                         "character, no space at either end")]

BOT_ID = WholeMatch(rf"^({'|'.join(BOTS)}|wb_[0-9a-f]{{16}})$",
                    error=f"a built-in bot ({', '.join(BOTS)}) or a registered bot id")



class SeatIn(Strict):
    name = fields.String(required=True, validate=NAME)
    bot = fields.String(allow_none=True, validate=BOT_ID)
    client_seed = fields.String(validate=validate.Length(min=1, max=256))


class PrearrangedDeal(Strict):
    dealer = Integral(required=True, validate=validate.Range(min=0, max=7))
    hands = fields.List(fields.List(fields.String(validate=CARD), validate=validate.Length(max=52)),
                        required=True, validate=validate.Length(min=2, max=8))
    stock = fields.List(fields.String(validate=CARD), required=True,
                        validate=validate.Length(max=104))
    trump_card = fields.String(allow_none=True, validate=CARD)


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
    code = fields.String(required=True, validate=validate.Length(min=1, max=256))
    client_seed = fields.String(validate=validate.Length(min=1, max=256))


class DisputeIn(Strict):
    message = fields.String(required=True, validate=validate.Length(min=1, max=2000))


class ExportUpload(fields.Field):
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
