"""Tricklog's one import name.

A wheel (``pip install tricklog``, ``pip install '.[rl]'``) installs the checkout's packages
under it, so that nothing else of their names is touched in site-packages:
``tricklog.integrations.openspiel``, ``tricklog.integrations.pettingzoo``, ``tricklog.api``,
``tricklog.domain``, ``tricklog.events``, ``tricklog.workers`` (``wheel_layout.py`` at the
checkout's root does it when the wheel is built). In a checkout, or an editable install (what
``make`` does), those packages sit at the root beside this one under their short names (``from
domain import game``): there ``tricklog.<name>`` is the same module as ``<name>``, so that what
is written for the wheel runs from the checkout too, and nothing is imported twice (OpenSpiel
would refuse a game registered twice).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import os
import sys
import types

PACKAGES = ("api", "domain", "events", "workers", "integrations")


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``tricklog.domain.game`` is ``domain.game`` (a checkout only)."""

    def find_spec(self, name: str, path: object = None,
                  target: object = None) -> importlib.machinery.ModuleSpec | None:
        head, _, rest = name.partition(".")
        if head != __name__ or rest.split(".")[0] not in PACKAGES:
            return None
        return importlib.machinery.ModuleSpec(name, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return importlib.import_module(spec.name.partition(".")[2])

    def exec_module(self, module: types.ModuleType) -> None:
        return None  # the module ran under its short name


if not os.path.isdir(os.path.join(os.path.dirname(__file__), "api")):  # a checkout
    sys.meta_path.insert(0, _Alias())
