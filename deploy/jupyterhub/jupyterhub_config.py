"""JupyterHub for one school server: every student gets a server of their own showing the lessons.

Install and run (as root, which the hub needs to start each student's server as that student):

    python3 -m venv /opt/cardlab
    /opt/cardlab/bin/pip install "cardlab[school]"
    npm install -g configurable-http-proxy@4.6.3      # the hub's proxy (Debian: apt install npm)
    mkdir -p /srv/jupyterhub && cd /srv/jupyterhub      # the hub keeps its database here
    /opt/cardlab/bin/jupyterhub -f /path/to/deploy/jupyterhub/jupyterhub_config.py

Students log in with their account on this machine (PAM), if it is in the Unix group ``students``
(``groupadd students``, ``usermod -aG students NAME``); accounts in ``teachers`` are the hub's
admins.  The hub listens on port 8000 of every address; put it behind HTTPS (a reverse proxy, or
``c.JupyterHub.ssl_cert``/``ssl_key``) before students type passwords into it.

Each student's server is ``python -m cardlab.serve.singleuser``: the lessons installed with cardlab
as its root, Voilà's page of the index as the page a student lands on
(``/user/NAME/voila/render/index.ipynb``), and what ``cardlab serve`` gives a lesson page where a
single-user server can: the lean kernel, the same Voilà page options, kernels culled 5 minutes
after their page went.  What does not carry over behind a hub, and why: no preheated pool (Voilà
preheats only in its own server, not as an extension of the student's server, so each page runs
its lesson when asked and shows each cell as it finishes, like ``cardlab serve --pool 0``); no
XSRF identity provider (the student's server keeps the hub's, which logs the student in);
``--no-hints`` is the ``CARDLAB_HINTS`` variable below.  ``cardlab/serve/singleuser.py`` says more.

The lessons are read-only for students (they sit inside the installed package), so every student
sees the lessons of the installed cardlab; a student who wants to change one works in Binder or on
their own machine (``cardlab lessons --copy DIR``).

The teacher's class view is a hub service (``cardlab/serve/class_service.py``): a teacher opens
``https://HUB/services/class/?code=CODE`` and logs in with the hub's own login; a student who
tries gets 403.  The students' servers write the class record into one SQLite file (below);
``postgresql.py`` beside this file is the same hub with PostgreSQL, for a hub past one machine.

``tests/browser/own_server/test_jupyterhub.py`` runs this file, changing only the login (dummy
passwords, the teacher in the hub's group teachers), the spawner (every server as the test's
user, homes in a temporary folder), the ports and where the class record's file is.
"""

import sys

c = get_config()  # noqa: F821  (JupyterHub defines it when it reads this file)

# Log in: accounts of this machine, in the group students; teachers administer the hub.
c.JupyterHub.authenticator_class = "pam"
c.PAMAuthenticator.allowed_groups = {"students"}
c.PAMAuthenticator.admin_groups = {"teachers"}

# Each student's server: JupyterHub's single-user server with the lessons
# (cardlab/serve/singleuser.py).
c.JupyterHub.spawner_class = "localprocess"
c.Spawner.cmd = [sys.executable, "-m", "cardlab.serve.singleuser"]
c.Spawner.start_timeout = 120  # seconds: a class that logs in at the same minute, on few cores
c.Spawner.http_timeout = 60
# The class record (cardlab/record): each student's finished hands and answers, which the
# teacher's class view (the service below) reads.  On one machine it is one SQLite file that
# every student's server writes, and each server runs as its student: so the folder belongs to
# the group students, which may write in it, and is setgid (what is made in it stays in the
# group); the folder itself must be writable, not only the file, because SQLite's write-ahead
# log makes two files beside the database (-wal, -shm) when a server opens it.  Once, as root:
#   install -d -m 2770 -g students /srv/cardlab-results
#   install -m 0660 -g students /dev/null /srv/cardlab-results/results.sqlite
# (an empty file is an empty database, and made here it is group-writable from the start;
# SQLite gives the log files the database file's permissions, so every student can write them,
# whoever opened the database first).  The trust this asks: every student's server can read
# and write this file, so a student who runs code of their own (a terminal, a notebook) could
# read the class's rows; the pages never show one student another's.  PostgreSQL can narrow
# that to writing only (postgresql.py beside this file).
RESULTS = "sqlite:////srv/cardlab-results/results.sqlite"

# Tables offer hints and their odds; "off" hides them on every page (a test, a match), as
# `cardlab serve --no-hints` does; a single link can say ?hints=off instead.
c.Spawner.environment = {"CARDLAB_HINTS": "on", "CARDLAB_RESULTS": RESULTS}

# Memory, from benchmarks/RESULTS.md ("First drawn canvas, every lesson"): a lesson's kernel
# holds 74-82 MiB once its lesson has run, and each open page has a kernel of its own.  The
# student's server itself (Jupyter server with JupyterLab, Voilà and the hub's login) held
# 183 MiB here with a lesson open (tests/browser/own_server/test_jupyterhub.py measures it).
#   a student in one lesson, with the index open in another tab:  183 + 2 x 82 =  347 MiB
#   a student who opened all 8 notebooks (index + 7 lessons):       183 + 8 x 82 =  839 MiB
# So guarantee 384 MiB and cap at 1 GiB (the 8 pages with some room; a page that closes shuts
# its kernel down, so a student moving from lesson to lesson stays near 265 MiB).
# A machine then holds (RAM - 1 GiB for the system and the hub) / 384 MiB students at once:
# about 18 on 8 GiB, 40 on 16 GiB.  CPU is what limits a class that opens its lessons in the
# same minute: about 4.3 CPU-seconds of the server per student (README, "How many students a
# machine serves"), so 30 students are about 130 CPU-seconds: some 65 s on 2 cores, 20 s on 8.
# LocalProcessSpawner does not enforce these, it only hands them to the server (MEM_LIMIT,
# MEM_GUARANTEE); to enforce them, `pip install jupyterhub-systemdspawner` and set
# c.JupyterHub.spawner_class = "systemd" (each server in a systemd unit with these limits), or
# use Kubernetes (values.yaml beside this file).
c.Spawner.mem_guarantee = "384M"
c.Spawner.mem_limit = "1G"

# A server nobody used for an hour is stopped (its kernels went 5 minutes after their pages), so
# a student who steps away during a lesson comes back to the same server, and the next lesson's
# class finds the memory free.  The culler is a hub service with only the rights it needs.
CULL_AFTER = 3600  # seconds
# The teacher's class view, https://HUB/services/class/?code=CODE: a service the hub starts,
# on loopback behind the proxy, reading the class record above.  It logs teachers in
# with the hub's own login (OAuth, no second page asking "allow?"), and opens for whoever holds
# the scope access:services!service=class: the hub's admins (PAM's group teachers, above) hold
# it, and the role below gives it to the hub's group teachers too, where an admin can put a
# teacher who should not administer the hub (the admin page's Groups).  Add "--lang=ru" (or
# zh, lt, ms) to its command for the page in that language.
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_AFTER}"],
    },
    {
        "name": "class",
        "url": "http://127.0.0.1:10101",
        "command": [sys.executable, "-m", "cardlab.serve.class_service"],
        "environment": {"CARDLAB_RESULTS": RESULTS},
        "oauth_no_confirm": True,
    },
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
    {
        "name": "class-view",
        "description": "Open the teacher's class view (every student's results)",
        "scopes": ["access:services!service=class"],
        "groups": ["teachers"],
    },
]

# Stopping the hub stops every student's server and the proxy (the defaults, said out loud: the
# test checks that no process is left).
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
