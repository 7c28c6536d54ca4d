"""`python -m merchant_gateway` runs the `mgw` command line."""

import sys

from .cli import main

sys.exit(main())
