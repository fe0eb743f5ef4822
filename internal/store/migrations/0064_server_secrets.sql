-- Secrets every node shares, each made by the first node that needs it (Store.Secret): the
-- key that signs device cookies.
CREATE TABLE server_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
