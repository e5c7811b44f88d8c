"""A minimal, strict django-oauth-toolkit OpenID provider for authctl's end-to-end tests.

Started by ``Tests/e2e/serve_dot.py``; see ``Tests/e2e/README.md`` for the settings and why.
"""
