#!/bin/sh
# compose.yaml's `secrets` service: this deployment's own secrets, made at random the first time
# into the `secrets` volume and kept there; never one published in this repository.
# The testers' login for /_mocks is user `qa` with: docker compose exec gateway cat /secrets/qa_secret
set -eu
umask 077
cd /secrets
new() { [ -s "$1" ] || python -c 'import secrets; print(secrets.token_urlsafe(32))' > "$1"; }
new secret_key
new database_password
new payments_client_secret
new payouts_client_secret
# Each lender's own merchant account's, which its repayments are paid into.
new lending_payments_client_secret
new fineract_payments_client_secret
new qa_secret
new metrics_token
[ -s database_url ] || printf 'postgresql://voltkhata:%s@postgres:5432/voltkhata\n' "$(cat database_password)" > database_url
[ -s qa_staff ] || python -m gateway.security.qa_login qa < qa_secret > qa_staff
# PostgreSQL's image reads its password file as its own user (70), after starting as root.
chmod 644 database_password
