"""Deployments of the gateway beside its dependencies: `local/` on one machine from Debian's
packages (`make cluster`); see docs/deploy.md."""
