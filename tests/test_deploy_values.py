"""The Kubernetes values (Zero to JupyterHub) say what the one-server hub config says: the same
student's server, memory, culling; and the image they name is the one repo2docker builds."""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path

import yaml
from traitlets.config import Config

DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "jupyterhub"


def hub_config() -> Config:
    config = Config()
    runpy.run_path(
        str(DEPLOY / "jupyterhub_config.py"), init_globals={"get_config": lambda: config}
    )
    return config


def test_values_and_the_hub_config_agree():
    config = hub_config()
    values = yaml.safe_load((DEPLOY / "values.yaml").read_text())
    single = values["singleuser"]
    assert single["cmd"] == ["python", "-m", "cardlab.serve.singleuser"]
    assert config.Spawner.cmd[1:] == ["-m", "cardlab.serve.singleuser"]
    assert single["memory"] == {
        "guarantee": config.Spawner.mem_guarantee,
        "limit": config.Spawner.mem_limit,
    }
    services = {s["name"]: s for s in config.JupyterHub.services}
    assert f"--timeout={values['cull']['timeout']}" in services["idle-culler"]["command"]
    assert values["cull"]["enabled"] is True


def test_both_run_the_class_view_for_the_teachers_only():
    config = hub_config()
    values = yaml.safe_load((DEPLOY / "values.yaml").read_text())
    service = {s["name"]: s for s in config.JupyterHub.services}["class"]
    assert service["command"][1:] == ["-m", "cardlab.serve.class_service"]
    (container,) = values["hub"]["extraContainers"]
    assert container["command"] == ["python", "-m", "cardlab.serve.class_service"]
    assert container["image"] == "{name}:{tag}".format(**values["singleuser"]["image"])
    port = service["url"].rsplit(":", 1)[1]
    assert values["hub"]["services"]["class"]["url"].endswith(f":{port}")
    roles = {r["name"]: r for r in config.JupyterHub.load_roles}
    chart_role = values["hub"]["loadRoles"]["class-view"]
    for role in (roles["class-view"], chart_role):
        assert role["scopes"] == ["access:services!service=class"]
        assert role["groups"] == ["teachers"]  # and admins, who hold access:services
    # every student's server writes the store the service reads
    assert (
        config.Spawner.environment["CARDLAB_RESULTS"] == service["environment"]["CARDLAB_RESULTS"]
    )
    assert "CARDLAB_RESULTS" in values["singleuser"]["extraEnv"]


def test_the_image_is_the_one_the_comment_builds():
    text = (DEPLOY / "values.yaml").read_text()
    image = yaml.safe_load(text)["singleuser"]["image"]
    assert f"--image-name {image['name']}:{image['tag']} ." in text
    assert "--target-repo-dir /srv/cardlab" in text, "the home volume would hide the lessons"


def test_a_hub_config_naming_the_old_spawn_command_still_starts_the_students_server(
    tmp_path, monkeypatch
):
    """A school's own ``values.yaml`` may still say ``python -m cardlab.singleuser``."""
    started: list[list[str]] = []
    monkeypatch.setattr(os, "execv", lambda path, command: started.append(command))
    monkeypatch.setattr(sys, "argv", ["cardlab.singleuser", "--port=9000"])
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("JUPYTER_PATH", "")  # main sets it: restored after the test
    runpy.run_module("cardlab.singleuser", run_name="__main__")
    (command,) = started
    assert command[1:3] == ["-m", "jupyterhub.singleuser"] and command[-1] == "--port=9000"
    spec = json.loads(next(tmp_path.rglob("kernel.json")).read_text())
    assert spec["argv"][1:3] == ["-m", "cardlab.serve.kernel"], "pages run in the lean kernel"
