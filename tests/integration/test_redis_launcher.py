"""The launcher every test and ``tricklog serve`` use: a private redis-server on a drawn port."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
import redis

from events.redis_cluster import LocalCluster, cluster_ports
from events.redis_server import BUS_OFFSET, RedisServer, RedisServerError


def test_a_drawn_port_taken_before_the_start_is_drawn_again(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "r")
    with socket.socket() as squatter:
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", server.port))
        squatter.listen()
        taken = server.port
        with server:
            assert server.port != taken
            assert redis.Redis(port=server.port).ping()


def test_a_port_given_by_the_caller_is_never_moved(tmp_path: Path) -> None:
    with socket.socket() as squatter:
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        with pytest.raises(RedisServerError, match="exited"):
            RedisServer(tmp_path / "r", port=port).start()


def test_cluster_ports_keep_clear_of_each_others_bus_ports() -> None:
    ports = cluster_ports(6)
    used = ports + [p + BUS_OFFSET for p in ports]
    assert len(set(used)) == len(used)


def test_a_cluster_that_fails_to_start_leaves_no_node_running(tmp_path: Path) -> None:
    cluster = LocalCluster(tmp_path / "c")
    with socket.socket() as squatter:
        squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        squatter.bind(("127.0.0.1", cluster.nodes[2].port))
        squatter.listen()
        with pytest.raises(RedisServerError):
            cluster.start()
    started = cluster.nodes[:2]
    assert all(node.process is None for node in started)
    for node in started:
        with pytest.raises(redis.exceptions.ConnectionError):
            redis.Redis(port=node.port, socket_connect_timeout=0.5).ping()
