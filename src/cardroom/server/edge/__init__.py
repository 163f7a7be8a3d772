"""The HTTP edge: the app, the JSON API and its action fast path, the sockets, the request shapes."""
