"""Online play (``scopa-net/1``, docs/online-protocol.md): the table server, its schema and a client."""
