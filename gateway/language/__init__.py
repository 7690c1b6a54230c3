"""The user's language (English or Hindi) for the texts the server makes: SMS, mails, PDFs.

Empty on purpose: `gateway.sessions.records` imports `codes`, and the session modules are
imported by `resolution`, so this package imports nothing itself.
"""
