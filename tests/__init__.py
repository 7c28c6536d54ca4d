"""The test suite. A package so that tests/support is imported by its full name (``tests.support.sandbox``), never
by a bare module name that another folder's helper could shadow."""
