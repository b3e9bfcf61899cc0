"""RQ jobs: bot moves (and later replays and audits), and the worker entry point."""
