-- Secrets every node shares, each made by the first node that needs it (Store.Secret): the
-- key that signs device cookies.
CREATE TABLE server_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Counters are now stored under a hash of their key (store.rateKey): the ones stored under
-- the raw key, addresses of any length among them, are never read again.
DELETE FROM rate_limits;
