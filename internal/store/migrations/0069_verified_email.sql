-- An address counts as proven only when a mailed link or a sign-in provider proved it.
ALTER TABLE users ADD COLUMN email_verified BOOLEAN NOT NULL DEFAULT FALSE;
-- Set when a provider's proof of the address removed a password someone may have planted;
-- the fan is told to set their own until they do (or dismiss the notice).
ALTER TABLE users ADD COLUMN password_removed_at BIGINT;

-- Accounts a provider made took their address from it, proven there. Password accounts,
-- imported ones and those joined by Google before this change prove theirs anew.
UPDATE users SET email_verified = TRUE
    WHERE email IS NOT NULL AND password_hash IS NULL
    AND EXISTS (SELECT 1 FROM identities i WHERE i.user_id = users.id AND lower(i.email) = users.email_key);

-- A mailed link that proves an address: the account's own (sign-up, resend) or the one it
-- is changing to. Only the token's hash is kept.
CREATE TABLE email_verifications (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT NOT NULL,
    email_key  TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX email_verifications_user ON email_verifications (user_id);

-- Mail waiting to be delivered, written in the same transaction as the change that sends
-- it. A worker leases due rows (lease_owner, lease_until), so two nodes never send one;
-- a sent row is deleted, a row given up on keeps its error but not its body.
CREATE TABLE mail_queue (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    recipient   TEXT NOT NULL,
    subject     TEXT NOT NULL,
    text_body   TEXT NOT NULL,
    html_body   TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT,
    last_error  TEXT,
    given_up_at BIGINT
);
CREATE INDEX mail_queue_due ON mail_queue (next_at) WHERE given_up_at IS NULL;
