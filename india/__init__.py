"""India's rules that the gateway and the mocks both follow, kept apart from both: how rupees are
written (`money`), the time zone every calendar day is counted in (`time_zone`) and how a mobile
number is hidden (`mobile_numbers`). It imports neither `gateway` nor `upstream_mocks`, so the
stand-ins for the services depend on nothing of the gateway's (tests/unit/test_import_boundaries.py)."""
