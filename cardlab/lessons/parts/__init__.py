"""cardlab's own lessons as the registry lists them (`cardlab.core.lesson_parts`): one module a
lesson, beside its document, each a ``LESSON`` that a ``cardlab.lessons`` entry point names.

Pure: a picture or a deal search imports its game's code only when called.  The rules' labels
here are words of the shared rules panel, so they are in the ``ui`` catalog (``lessons``)."""
