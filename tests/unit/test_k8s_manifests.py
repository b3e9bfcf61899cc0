"""The Kubernetes manifests of deploy/k8s (docs/DEPLOY.md) are valid objects for the
Kubernetes API (kubernetes-validate's schemas, strict: no unknown field), and run the image as
the compose file does: the API's probes on /healthz, the commands `api`, `worker` and
`worker --webhooks`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

kubernetes_validate = pytest.importorskip("kubernetes_validate")

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
VERSION = "1.33"


def objects() -> list[dict[str, Any]]:
    return [doc for path in sorted(K8S.glob("*.yaml"))
            for doc in yaml.safe_load_all(path.read_text()) if doc]


@pytest.mark.parametrize("obj", objects(), ids=lambda o: f"{o['kind']}/{o['metadata']['name']}")
def test_every_manifest_is_a_valid_kubernetes_object(obj: dict[str, Any]) -> None:
    kubernetes_validate.validate(obj, VERSION, strict=True)


def test_the_deployments_run_the_api_and_the_worker() -> None:
    pods = {o["metadata"]["name"]: o["spec"]["template"]["spec"]["containers"][0]
            for o in objects() if o["kind"] == "Deployment"}
    assert pods["tricklog-api"]["args"][0] == "api"
    assert pods["tricklog-api"]["readinessProbe"]["httpGet"]["path"] == "/healthz"
    assert pods["tricklog-worker"]["args"] == ["worker"]
    assert pods["tricklog-webhook-worker"]["args"] == ["worker", "--webhooks"]
