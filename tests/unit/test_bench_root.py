"""``scripts/bench.py`` measures the tree ``TRICKLOG_BENCH_ROOT`` names (``scripts/bench_ab.py``
sets it to compare two trees): every module under test comes from there, whatever the bench's
own helpers import first. (A helper that put its own tree first made bench_ab.py compare this
tree with itself.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import runpy, sys
sys.argv = ["bench.py", "--only", "none"]
try:
    runpy.run_path(sys.argv_bench, run_name="__main__")
except SystemExit:
    pass
import domain.game, events.referee.deals, workers.replays
print(domain.game.__file__, events.referee.deals.__file__, workers.replays.__file__)
"""


def test_the_bench_imports_the_tree_it_is_given(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.symlink_to(ROOT)  # the same code under another path: where each module came from
    probe = PROBE.replace("sys.argv_bench", repr(str(ROOT / "scripts" / "bench.py")))
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                         text=True, check=True,
                         env={**os.environ, "TRICKLOG_BENCH_ROOT": str(tree)})
    files = out.stdout.strip().splitlines()[-1].split()
    assert len(files) == 3 and all(f.startswith(str(tree) + os.sep) for f in files), files
