"""The PostgreSQL set-up `deploy/jupyterhub/postgresql.py` gives a school, run as its docstring
says on a real server: the students' role adds rows (a retried one counts once) and reads none,
the teachers' role reads them all.  Needs a role that may create roles and databases
(`databases.PG_ENV`; `.ci/run` makes one); without a server it is left out, as the other
PostgreSQL tests are."""

from __future__ import annotations

import ast
import os
import re
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from databases import PG_ENV, kinds
from test_writer import row

from cardlab.record.store import Store

DEPLOY = Path(__file__).resolve().parents[2] / "deploy" / "jupyterhub"

pytestmark = pytest.mark.skipif("postgresql" not in kinds(), reason=f"${PG_ENV} is not set")


def deploy_sql() -> list[str]:
    """The SQL statements of postgresql.py's docstring, in order."""
    text = ast.get_docstring(ast.parse((DEPLOY / "postgresql.py").read_text())) or ""
    return [m.strip() for m in re.findall(r"^\s+((?:CREATE|GRANT)[^;]*);", text, re.M)]


def test_the_students_role_adds_rows_and_reads_none():
    server = sa.engine.make_url(os.environ[PG_ENV])
    tag = uuid.uuid4().hex[:8]
    names = {"cardlab_teacher": f"t_{tag}", "cardlab_student": f"s_{tag}", "cardlab": f"d_{tag}"}
    words = {**names, "PASSWORD1": f"p1{tag}", "PASSWORD2": f"p2{tag}"}

    def said(statement: str) -> str:
        return re.sub(r"\b(" + "|".join(words) + r")\b", lambda m: words[m.group(1)], statement)

    statements = [said(s) for s in deploy_sql()]
    creates = [s for s in statements if s.startswith("CREATE")]
    grants = [s for s in statements if s.startswith("GRANT")]
    assert len(creates) == 3 and len(grants) == 2, statements
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    teacher_url = server.set(username=names["cardlab_teacher"], password=words["PASSWORD2"],
                             database=names["cardlab"])  # fmt: skip
    student_url = teacher_url.set(username=names["cardlab_student"], password=words["PASSWORD1"])
    try:
        with admin.connect() as connection:
            for statement in creates[:2]:
                connection.exec_driver_sql(statement)
            # a superuser needs no membership to give the database away; a test role does
            connection.exec_driver_sql(f'GRANT "{names["cardlab_teacher"]}" TO CURRENT_USER')
            connection.exec_driver_sql(creates[2])
        with Store(teacher_url.render_as_string(hide_password=False)):  # makes the table
            pass
        owner = sa.create_engine(teacher_url, isolation_level="AUTOCOMMIT")
        with owner.connect() as connection:
            for statement in grants:
                connection.exec_driver_sql(statement)
        owner.dispose()
        rows = [row("Ann", k) for k in range(3)]
        with Store(student_url.render_as_string(hide_password=False)) as student:
            assert student.add(rows) == 3
            assert student.add(rows[:1]) == 0  # a retried write counts once
            with pytest.raises(sa.exc.ProgrammingError, match="permission denied"):
                student.rows("W1")
        with Store(teacher_url.render_as_string(hide_password=False)) as teacher:
            assert [r.key for r in teacher.rows("W1")] == [r.key for r in rows]
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{names["cardlab"]}" WITH (FORCE)')
            for role in (names["cardlab_student"], names["cardlab_teacher"]):
                connection.exec_driver_sql(f'DROP ROLE IF EXISTS "{role}"')
        admin.dispose()
