"""The daily reconciliation: the provider's settlement report against our store orders and the
lender's repayments (`python -m gateway.reconciliation`, `make reconcile`)."""
