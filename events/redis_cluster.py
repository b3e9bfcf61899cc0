"""A local Redis Cluster for tests and benchmarks of the scale-out path: three
``redis-server --cluster-enabled yes`` masters on free ports, joined with
``redis-cli --cluster create``."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import redis

from .redis_server import (
    BUS_OFFSET,
    RedisServer,
    RedisServerError,
    bindable,
    find_cli,
    free_port,
)


def cluster_ports(count: int) -> list[int]:
    """Ports for ``count`` cluster nodes. Each node also listens on its port + 10000 (the
    cluster bus), so no node's port may be another's bus port, and both must be free now."""
    chosen: list[int] = []
    taken: set[int] = set()
    while len(chosen) < count:
        port = free_port()
        if {port, port + BUS_OFFSET} & taken or not bindable(port + BUS_OFFSET):
            continue
        chosen.append(port)
        taken |= {port, port + BUS_OFFSET}
    return chosen


class LocalCluster:
    """Three ``redis-server --cluster-enabled yes`` masters on free ports, joined with
    ``redis-cli --cluster create`` (tests and benchmarks of the scale-out path)."""

    def __init__(self, data_dir: str | os.PathLike[str], masters: int = 3) -> None:
        base = Path(data_dir)
        ports = cluster_ports(masters)
        self.nodes = [RedisServer(base / f"node{i}", port=port, appendfsync="everysec",
                                  extra=["--cluster-enabled", "yes", "--cluster-config-file",
                                         str(base / f"node{i}" / "nodes.conf"),
                                         "--cluster-node-timeout", "5000"])
                      for i, port in enumerate(ports)]

    @property
    def url(self) -> str:
        return f"redis+cluster://127.0.0.1:{self.nodes[0].port}"

    def start(self, timeout: float = 30.0) -> LocalCluster:
        """Start the nodes and join them; on any failure stop whatever did start (a context
        manager whose ``__enter__`` raises is never exited)."""
        try:
            return self._start(timeout)
        except BaseException:
            self.stop()
            raise

    def _start(self, timeout: float) -> LocalCluster:
        for node in self.nodes:
            node.start()
        addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
        subprocess.run([find_cli(), "--cluster", "create", *addresses, "--cluster-replicas",
                        "0", "--cluster-yes"], check=True, capture_output=True, timeout=60)
        client = redis.Redis(port=self.nodes[0].port)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            info = client.cluster("INFO")
            if info.get("cluster_state") == "ok":
                client.close()
                return self
            time.sleep(0.1)
        raise RedisServerError("the cluster did not reach cluster_state:ok")

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def __enter__(self) -> LocalCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
