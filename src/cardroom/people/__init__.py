"""People who come back: what the room knows of a person beyond one table (accounts, passwords,
ratings). Pure rules here; the room stores them and serves them (see docs/accounts.md)."""
