"""The WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``."""

from events.logs import setup_logging

from .app import create_app

setup_logging()
app = create_app()
