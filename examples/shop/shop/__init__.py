"""The example shop (examples/shop/README.md): a web application that takes payments through the gateway with the
payment ledger, and the hook that fulfils its orders."""
