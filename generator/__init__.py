"""Generator of generated_client/merchant_gateway_client from spec/openapi.yaml (see __main__.py)."""
