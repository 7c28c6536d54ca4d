"""The public keyword types generator/public_api.py derives from the generated annotations."""

from __future__ import annotations

from generator.public_api import _Model, _public_type

MODELS = {
    "Card": _Model("card", [], None),
    "Upi": _Model("upi", [], None),
    "Mode": _Model("mode", [], ["a", "b"]),
}


def test_a_list_of_a_model_union_takes_each_model_once_and_one_wire_mapping() -> None:
    assert _public_type("list[Card | Upi] | Unset", MODELS) == "Sequence[Card | Upi | Mapping[str, Any]]"


def test_an_optional_model_keeps_none_last_and_an_enum_takes_its_literal() -> None:
    assert _public_type("Card | None | Unset", MODELS) == "Card | Mapping[str, Any] | None"
    assert _public_type("Mode | Unset", MODELS) == 'Mode | Literal["a", "b"]'
