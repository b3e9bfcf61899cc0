"""The WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``."""

import logging

from events.logs import setup_logging

from .app import create_app

setup_logging()
# Every line an API process writes is ``JsonFormatter``'s (the root's, and gunicorn's error and
# access logs through ``JsonLogger``), which leaves out the thread and the process: a record
# need not look them up (under gevent, ``current_thread`` is gevent's). The lines are the same;
# the access line of each request costs about 10 us less (issue 33).
logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
app = create_app()
