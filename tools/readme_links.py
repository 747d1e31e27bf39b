"""Point every Binder link of the README at the repository named in pyproject.toml.

The repository's ``owner/name`` is one setting: ``Repository`` in ``[project.urls]``
(`cardlab.links.repository`).  After changing it (a fork), reinstall (``pip install -e .``) and
run ``python tools/readme_links.py``; ``tests/test_links.py`` fails while the README disagrees.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardlab.links import BINDER, repository

README = Path(__file__).resolve().parents[1] / "README.md"
_BINDER_REPO = re.compile(re.escape(BINDER) + r"/[^/\s)]+/[^/\s)]+/")


def relinked(text: str, repo: str) -> str:
    """``text`` with every Binder link's ``owner/name`` replaced by ``repo``."""
    return _BINDER_REPO.sub(f"{BINDER}/{repo}/", text)


if __name__ == "__main__":
    old = README.read_text(encoding="utf-8")
    new = relinked(old, repository())
    README.write_text(new, encoding="utf-8")
    print("README.md: links point at", repository(), "(unchanged)" if new == old else "")
