"""Credentials of the flow tests' sandbox (test values, not secrets of any real merchant)."""

MERCHANT = "FLOWMERCHANT"
SALT = "flow-salt-7c1e"
