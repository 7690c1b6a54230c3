"""The desk's audit trail, append-only.

Revision ID: 0001_desk_audit
Revises:
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from advanced_alchemy.types import BigIntIdentity, DateTimeUTC
from alembic import op

revision = "0001_desk_audit"
down_revision = None
branch_labels = None
depends_on = None

REFUSE_PG = [
    "CREATE FUNCTION desk_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN RAISE EXCEPTION 'desk_audit is append-only'; END $$",
    "CREATE TRIGGER desk_audit_append_only BEFORE UPDATE OR DELETE ON desk_audit "
    "FOR EACH ROW EXECUTE FUNCTION desk_audit_append_only()",
]
REFUSE_SQLITE = [
    f"CREATE TRIGGER desk_audit_no_{verb.lower()} BEFORE {verb} ON desk_audit "
    "BEGIN SELECT RAISE(ABORT, 'desk_audit is append-only'); END"
    for verb in ("UPDATE", "DELETE")
]


def upgrade() -> None:
    op.create_table(
        "desk_audit",
        sa.Column("id", BigIntIdentity, sa.Identity(start=1, increment=1), nullable=False),
        sa.Column("at", DateTimeUTC(timezone=True), nullable=False),
        sa.Column("staff", sa.String(64), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("customer", sa.String(20), nullable=True),
        sa.Column("reference", sa.String(64), nullable=True),
        sa.Column("amount", sa.Numeric(14, 2), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("idempotency_key", sa.String(64), nullable=True),
        sa.Column("trace_id", sa.String(64), nullable=True),
        sa.Column("outcome", sa.String(80), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_desk_audit")),
    )
    op.create_index("ix_desk_audit_at", "desk_audit", ["at"])
    op.create_index("ix_desk_audit_customer_at", "desk_audit", ["customer", "at"])
    op.create_index("ix_desk_audit_staff_at", "desk_audit", ["staff", "at"])
    postgres = op.get_context().dialect.name == "postgresql"
    for statement in REFUSE_PG if postgres else REFUSE_SQLITE:
        op.execute(statement)


def downgrade() -> None:
    if op.get_context().dialect.name == "postgresql":
        op.execute("DROP TRIGGER desk_audit_append_only ON desk_audit")
        op.execute("DROP FUNCTION desk_audit_append_only()")
    op.drop_table("desk_audit")
