"""The repository's copy of the shared worked examples is the shared one."""

from __future__ import annotations

import pytest

from tests.vectors import SHARED, VECTORS


@pytest.mark.parametrize("name", ["sedma-4p-peer-deals.jsonl", "sueca-peer-deals.jsonl"])
def test_vector_copy_is_current(name: str) -> None:
    shared = SHARED / "vectors" / name
    if not shared.exists():
        pytest.skip("../shared is not beside this checkout; the copy in tests/data is used")
    assert (VECTORS / name).read_bytes() == shared.read_bytes()
