"""Helpers the test folders share (outside the server's and the browser's, which keep their own for now)."""
