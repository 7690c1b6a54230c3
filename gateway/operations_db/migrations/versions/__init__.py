"""One file per revision, oldest first by their `down_revision`s."""
