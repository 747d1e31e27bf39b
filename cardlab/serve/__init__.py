"""Serving: everything that puts the lessons in front of a class, kept apart from the lessons.

* `cli` is the ``cardlab`` command (``serve``, ``lessons``, ``link``, ``render``, ``handout``).
  ``cardlab serve`` runs Voilà on the lessons' folder as a child process, with a pool of
  preheated kernels and culling (`cli.voila_command` is the one list of Voilà's options).
* `kernel` is the lessons' lean kernel (``python -m cardlab.serve.kernel``: ipykernel without the
  debugger and jedi); ``cardlab serve`` and the hub's student server write its spec first on
  ``JUPYTER_PATH``.
* `app` is the server ``cardlab serve`` starts (``python -m cardlab.serve.app``): Voilà's own
  application with the room's pages (the join page, "the class is full").  Inside it run
  `plugins` (the identity provider that lets a closed page shut its kernel down, keeps hostile
  addresses out and knows the teacher's token) and `capacity` (the kernel manager that bounds
  the kernels, per server and per client, and never culls a kernel the moment a page takes it
  from the pool), and `prompt_socket` (each page's websocket, which sends every message as it
  comes: the hub's and Binder's servers use it too).
* `class_view` is the teacher's class view on that server, and `class_service` the same page as
  a JupyterHub service; `record_handler` takes the kernels' rows of the class record and stores
  them (`cardlab.record.post`); `plain_errors` answers their refusals in words, `templates`
  renders their pages.
* `room` is a classroom (``cardlab serve --classroom``): the address students reach, the
  tokens, the class code and the join link.
* `singleuser` is a student's server on a JupyterHub (``python -m cardlab.serve.singleuser``):
  the same kernel and the page options of `cli.voila_command`, without a pool or `plugins`.
* `procs` finds a server's Voilà and kernels in ``/proc``, for the tests and the benchmarks.

The package's ``__init__`` imports nothing, so ``python -m cardlab.serve.kernel`` and the
command stay as light as their own modules (``tests/test_layers.py`` checks `cli`).  The lessons'
addresses (`cardlab.links`) are not here: the lesson pages build links in the kernel too.
"""
