"""The lessons' kernel (`cardlab.serve.kernel`): ipykernel without the debugger and without jedi."""

from __future__ import annotations

import json
import os
import sys

import nbclient
import nbformat

from cardlab.serve.kernel import LEFT_OUT, NAME, write_spec

PROBE = f"""
import json, sys
import ipywidgets
slider = ipywidgets.IntSlider(3)
print(json.dumps({{"loaded": [m for m in {LEFT_OUT!r} if sys.modules.get(m)], "argv": sys.argv,
                  "value": slider.value}}))
"""


def test_the_spec_names_python3_and_starts_this_module(tmp_path):
    root = write_spec(tmp_path)
    spec = json.loads((root / "kernels" / NAME / "kernel.json").read_text())
    assert spec["argv"][:3] == [sys.executable, "-m", "cardlab.serve.kernel"]
    assert "{connection_file}" in spec["argv"]
    assert NAME == "python3", "the lesson notebooks ask for python3"


def test_a_notebook_runs_in_the_lean_kernel_without_debugger_or_jedi(tmp_path, monkeypatch):
    saved = os.environ.get("JUPYTER_PATH")
    monkeypatch.setenv("JUPYTER_PATH", os.pathsep.join(filter(None, [str(write_spec(tmp_path)),
                                                                      saved])))  # fmt: skip
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PROBE)])
    nbclient.NotebookClient(nb, timeout=120, kernel_name=NAME).execute()
    found = json.loads(nb.cells[0].outputs[-1]["text"].strip().splitlines()[-1])
    assert found["loaded"] == [], f"the lesson kernel imported {found['loaded']}"
    assert found["value"] == 3  # widgets work as ever
    assert found["argv"][0].endswith(os.path.join("cardlab", "serve", "kernel.py")), found["argv"]


def test_a_plain_kernel_does_load_them():
    """Guard: the check above could never fail if ipykernel stopped loading them by itself."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PROBE)])
    nbclient.NotebookClient(nb, timeout=120, kernel_name=NAME).execute()
    found = json.loads(nb.cells[0].outputs[-1]["text"].strip().splitlines()[-1])
    assert set(found["loaded"]) <= set(LEFT_OUT) and found["loaded"]


def test_the_lean_kernel_goes_first_on_the_jupyter_path(tmp_path):
    from cardlab.serve.kernel import jupyter_path_first

    assert jupyter_path_first(tmp_path, "/elsewhere") == f"{tmp_path}{os.pathsep}/elsewhere"
    assert jupyter_path_first(tmp_path, None) == jupyter_path_first(tmp_path, "") == str(tmp_path)
    assert (tmp_path / "kernels" / NAME / "kernel.json").is_file()
