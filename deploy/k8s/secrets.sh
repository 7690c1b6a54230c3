#!/bin/sh
# The Secrets a variant reads, made in your namespace: each secret made here, at random, or taken
# from your environment (an upstream's key); never one published in this repository.
#   deploy/k8s/secrets.sh test NAMESPACE          the staging deployment with the mocks
#   deploy/k8s/secrets.sh production NAMESPACE    LENDING_PARTNER_KEY, OPERATIONS_KEY,
#                                                 PAYMENTS_CLIENT_ID, PAYMENTS_CLIENT_SECRET,
#                                                 LENDING_PAYMENTS_CLIENT_ID, LENDING_PAYMENTS_CLIENT_SECRET,
#                                                 PAYOUTS_CLIENT_ID, PAYOUTS_CLIENT_SECRET set
#                                                 (and FINERACT_PAYMENTS_CLIENT_ID/_SECRET with a Fineract lender)
# DESK_STAFF, if set, gives the desk its staff (`python -m gateway.desk.staff NAME ROLE` makes an
# entry); unset, nobody can log in to the desk. Secrets that exist are kept: delete one to remake it.
# Run from the repository's root with its Python environment (the QA login's hash is the gateway's).
set -eu
variant=${1:?usage: deploy/k8s/secrets.sh test|production NAMESPACE}
namespace=${2:?usage: deploy/k8s/secrets.sh test|production NAMESPACE}
python=${PYTHON:-.venv/bin/python}

new() { "$python" -c 'import secrets; print(secrets.token_urlsafe(32))'; }
exists() { kubectl get secret "$1" --namespace "$namespace" >/dev/null 2>&1; }
create() { kubectl create secret generic "$@" --namespace "$namespace"; }

if exists gateway-secrets; then
  echo "gateway-secrets exists in $namespace: kept"
  exit 0
fi
database_password=$(new)
database_url="postgresql://voltkhata:$database_password@postgres:5432/voltkhata"
desk_staff=${DESK_STAFF:+--from-literal=DESK_STAFF=$DESK_STAFF}

case $variant in
  test)
    qa_secret=$(new)
    # The merchant account the mocks stand in for: the gateway calls with its secret, and the
    # mocks sign every webhook with it.
    payments_client_secret=$(new)
    # Each lender's own merchant account, which its repayments are paid into (never the store's).
    lending_payments_client_secret=$(new)
    fineract_payments_client_secret=$(new)
    payouts_client_secret=$(new)  # the payouts account's: signs TRANSFER_* webhooks, reads transfers
    qa_staff=$(printf '%s\n' "$qa_secret" | "$python" -m gateway.security.qa_login qa)
    create gateway-secrets \
      --from-literal=SECRET_KEY="$(new)" \
      --from-literal=DATABASE_URL="$database_url" \
      --from-literal=METRICS_TOKEN="$(new)" \
      --from-literal=QA_STAFF="$qa_staff" \
      --from-literal=PAYMENTS_CLIENT_SECRET="$payments_client_secret" \
      --from-literal=LENDING_PAYMENTS_CLIENT_SECRET="$lending_payments_client_secret" \
      --from-literal=FINERACT_PAYMENTS_CLIENT_SECRET="$fineract_payments_client_secret" \
      --from-literal=PAYOUTS_CLIENT_SECRET="$payouts_client_secret" \
      $desk_staff
    create mocks-secrets --from-literal=MOCKS_PAYMENTS_CLIENT_SECRET="$payments_client_secret" \
      --from-literal=MOCKS_LENDING_PAYMENTS_CLIENT_SECRET="$lending_payments_client_secret" \
      --from-literal=MOCKS_FINERACT_PAYMENTS_CLIENT_SECRET="$fineract_payments_client_secret" \
      --from-literal=MOCKS_PAYOUTS_CLIENT_SECRET="$payouts_client_secret"
    # The testers' login for /_mocks (user `qa`): kubectl get secret qa-login -o jsonpath='{.data.secret}' | base64 -d
    create qa-login --from-literal=name=qa --from-literal=secret="$qa_secret"
    ;;
  production)
    : "${LENDING_PARTNER_KEY:?set LENDING_PARTNER_KEY, the key your lender issued}"
    : "${OPERATIONS_KEY:?set OPERATIONS_KEY, the orders service's key for our own tools}"
    : "${PAYMENTS_CLIENT_ID:?set PAYMENTS_CLIENT_ID, your payment provider's client id}"
    : "${PAYMENTS_CLIENT_SECRET:?set PAYMENTS_CLIENT_SECRET, your payment provider's secret}"
    : "${LENDING_PAYMENTS_CLIENT_ID:?set LENDING_PAYMENTS_CLIENT_ID, your lender's own account at the provider}"
    : "${LENDING_PAYMENTS_CLIENT_SECRET:?set LENDING_PAYMENTS_CLIENT_SECRET, your lender's own account's secret}"
    fineract_account=${FINERACT_PAYMENTS_CLIENT_SECRET:+--from-literal=FINERACT_PAYMENTS_CLIENT_ID=${FINERACT_PAYMENTS_CLIENT_ID:?set FINERACT_PAYMENTS_CLIENT_ID too} --from-literal=FINERACT_PAYMENTS_CLIENT_SECRET=$FINERACT_PAYMENTS_CLIENT_SECRET}
    : "${PAYOUTS_CLIENT_ID:?set PAYOUTS_CLIENT_ID, your payouts account's client id}"
    : "${PAYOUTS_CLIENT_SECRET:?set PAYOUTS_CLIENT_SECRET, your payouts account's secret}"
    create gateway-secrets \
      --from-literal=SECRET_KEY="$(new)" \
      --from-literal=DATABASE_URL="$database_url" \
      --from-literal=METRICS_TOKEN="$(new)" \
      --from-literal=LENDING_PARTNER_KEY="$LENDING_PARTNER_KEY" \
      --from-literal=OPERATIONS_KEY="$OPERATIONS_KEY" \
      --from-literal=PAYMENTS_CLIENT_ID="$PAYMENTS_CLIENT_ID" \
      --from-literal=PAYMENTS_CLIENT_SECRET="$PAYMENTS_CLIENT_SECRET" \
      --from-literal=LENDING_PAYMENTS_CLIENT_ID="$LENDING_PAYMENTS_CLIENT_ID" \
      --from-literal=LENDING_PAYMENTS_CLIENT_SECRET="$LENDING_PAYMENTS_CLIENT_SECRET" \
      --from-literal=PAYOUTS_CLIENT_ID="$PAYOUTS_CLIENT_ID" \
      --from-literal=PAYOUTS_CLIENT_SECRET="$PAYOUTS_CLIENT_SECRET" \
      $fineract_account $desk_staff
    ;;
  *)
    echo "usage: deploy/k8s/secrets.sh test|production NAMESPACE" >&2
    exit 2
    ;;
esac
create postgres-secrets --from-literal=POSTGRES_PASSWORD="$database_password"
# Prometheus scrapes /metrics with `authorization: {credentials_file: ...}` holding METRICS_TOKEN.
echo "made gateway-secrets and postgres-secrets in $namespace ($variant)"
