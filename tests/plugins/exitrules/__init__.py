"""Test-only: a plug-in that ends the program when it is imported."""

import sys

sys.exit(3)
