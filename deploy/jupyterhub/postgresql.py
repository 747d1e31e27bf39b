"""The hub of ``jupyterhub_config.py`` with the class record on PostgreSQL: for a hub past one
machine, or one where a student's server should be able to add rows and read none.

    jupyterhub -f /path/to/deploy/jupyterhub/postgresql.py

Everything else is ``jupyterhub_config.py``'s (this file loads it).  The two database URLs come
from the hub's environment, never from a file anyone else reads: for example a systemd unit's
``EnvironmentFile=`` that only root may read, with

    CARDLAB_RESULTS_STUDENTS=postgresql+psycopg://cardlab_student:PASSWORD1@DB-HOST/cardlab
    CARDLAB_RESULTS_TEACHERS=postgresql+psycopg://cardlab_teacher:PASSWORD2@DB-HOST/cardlab

The database, once, as PostgreSQL's superuser (``sudo -u postgres psql``):

    CREATE ROLE cardlab_teacher LOGIN PASSWORD 'PASSWORD2';
    CREATE ROLE cardlab_student LOGIN PASSWORD 'PASSWORD1';
    CREATE DATABASE cardlab OWNER cardlab_teacher;

then the table, made by its owner (the command prints an empty class):

    cardlab class SETUP --results "$CARDLAB_RESULTS_TEACHERS"

and what the students' role may do with it, in ``psql cardlab``:

    GRANT INSERT, SELECT (key) ON cardlab_results TO cardlab_student;
    GRANT USAGE ON SEQUENCE cardlab_results_id_seq TO cardlab_student;

Why not INSERT alone: a row is stored with ``INSERT ... ON CONFLICT (key) DO NOTHING RETURNING
key`` (a write retried after a lost connection counts once), and PostgreSQL asks for SELECT on
the column that a conflict is checked on and that RETURNING gives back.  That column is each
row's random id (a UUID), so the students' role can count the rows and read nothing else: no
name, move, score or answer; ``cardlab class`` or a SELECT as that role is refused.

The trust this asks: a student's server holds the students' URL with its password (in its
environment), so a student who runs code of their own there (a terminal, a notebook) could add
rows of their own making to any class, under any name; they could not read anyone's.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821  (JupyterHub defines it when it reads this file)
load_subconfig(str(Path(__file__).with_name("jupyterhub_config.py")))  # noqa: F821  (the same)

c.Spawner.environment["CARDLAB_RESULTS"] = os.environ["CARDLAB_RESULTS_STUDENTS"]
(class_view,) = [s for s in c.JupyterHub.services if s["name"] == "class"]
class_view["environment"]["CARDLAB_RESULTS"] = os.environ["CARDLAB_RESULTS_TEACHERS"]
