"""The lessons' kernel: ipykernel without the debugger and without jedi.

A lesson page in Voilà has no code editor, so nobody completes code or steps through it in a
debugger there, yet ipykernel imports debugpy and IPython imports jedi at start: 12-13 MiB of
every kernel, and a class runs one kernel per student.  ``python -m cardlab.serve.kernel`` makes
those two imports fail (``sys.modules[name] = None``), which ipykernel and IPython both handle by
going without, then starts ipykernel as usual.  `cardlab serve` gives Voilà this kernel under the
name ``python3`` (`write_spec`), so the notebooks stay as they are and JupyterLab keeps its own
kernel.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

LEFT_OUT = ("debugpy", "jedi")
"""Modules a lesson page never needs: the debugger and code completion."""

NAME = "python3"
"""The kernel spec name the lesson notebooks ask for."""


def write_spec(root: Path, python: str = sys.executable) -> Path:
    """Write this kernel's spec as ``root/kernels/python3/kernel.json`` and return ``root``: put
    it first on ``JUPYTER_PATH`` and every ``python3`` notebook runs in the lean kernel."""
    folder = root / "kernels" / NAME
    folder.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [python, "-m", "cardlab.serve.kernel", "-f", "{connection_file}"],
        "display_name": "Python 3 (cardlab lessons)",
        "language": "python",
        "metadata": {"debugger": False},
    }
    (folder / "kernel.json").write_text(json.dumps(spec, indent=1), encoding="utf-8")
    return root


def jupyter_path_first(root: Path, current: str | None) -> str:
    """``JUPYTER_PATH`` with the lean kernel's spec written under ``root`` ahead of ``current``
    (the variable's present value, if any), so every ``python3`` notebook gets that kernel."""
    return os.pathsep.join(p for p in (str(write_spec(root)), current) if p)


def main() -> None:
    for name in LEFT_OUT:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # import now fails
    from ipykernel import kernelapp

    kernelapp.launch_new_instance()


if __name__ == "__main__":
    main()
