"""The one thing pyproject.toml cannot say: the lesson notebooks, kept at the repository's top in
``notebooks/``, go into the wheel as the package ``cardlab.notebooks`` (`cardlab.lessons`)."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["cardlab*"]), "cardlab.notebooks"],
    package_dir={"cardlab.notebooks": "notebooks"},
)
