#!/usr/bin/env bash
# The daily reconciliation against a running `make run` (or any gateway's mocks), with every lender
# that deployment serves. Its exit code is the command's own: 0 every rupee reconciled, 1
# mismatches found, 2 a source could not be read. Schedulers call this, not make: GNU make exits 2
# whenever a recipe fails, so through `make reconcile` a 1 shows only in make's "Error 1" line.
# RECONCILE_AGAINST: the gateway whose /_mocks serve as the upstreams (an upstream's own *_URL wins).
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
against=${RECONCILE_AGAINST:-http://127.0.0.1:8000}
export LENDERS=${LENDERS:-native,fineract}  # as `make run` serves them
export LENDING_URL=${LENDING_URL:-$against/_mocks/lending/}
export ORDERS_URL=${ORDERS_URL:-$against/_mocks/orders/}
export PAYMENTS_URL=${PAYMENTS_URL:-$against/_mocks/payments/}
export PAYOUTS_URL=${PAYOUTS_URL:-$against/_mocks/payouts/}
export CATALOGUE_URL=${CATALOGUE_URL:-$against/_mocks/catalogue/}
export MAIL_URL=${MAIL_URL:-$against/_mocks/mail/}
export FINERACT_URL=${FINERACT_URL:-$against/_mocks/fineract/}
export FINERACT_COMPANION_URL=${FINERACT_COMPANION_URL:-$against/_mocks/companion_fineract/}
cd "$here" && exec "${PY:-$here/.venv/bin/python}" -m gateway.reconciliation "$@"
