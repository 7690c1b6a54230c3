"""The gateway's own scheduled jobs (scheduler.py): each runs at one replica at a time."""

from gateway.jobs.scheduler import Job, Scheduler

__all__ = ["Job", "Scheduler"]
