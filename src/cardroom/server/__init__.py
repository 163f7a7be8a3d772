"""The online card room: FastAPI + Uvicorn, one store (server/store), per-seat WebSockets, bots and clocks.

``create_app(database_url)`` builds the app; ``cardroom serve`` runs it. See docs/server.md.
"""
