"""The adapter for a lender running its loans on Apache Fineract: Fineract's wire shapes
(`wire.py`), their mapping into the port's words (`mapping.py`) and the adapter (`FineractLender`)."""

from gateway.upstreams.lenders.fineract.adapter import FineractLender

__all__ = ["FineractLender"]
