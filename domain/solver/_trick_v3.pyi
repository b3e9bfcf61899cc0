from ._trick import Core as Core

TARGET: str
