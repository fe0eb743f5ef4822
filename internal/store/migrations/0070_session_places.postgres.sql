-- What a fan sees of each of their sessions on /account: a public id to end it by (never the
-- token or its hash), the browser's User-Agent (at most 512 bytes), the client's address
-- prefix only (IPv4 /24, IPv6 /48: the full address is personal data nobody needs here) and
-- when it was last used (written at most every few minutes, auth.LastSeenEvery).
ALTER TABLE sessions ADD COLUMN public_id TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512);
ALTER TABLE sessions ADD COLUMN network TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
-- Sessions from before have an id no one can work out from their token hash.
UPDATE sessions SET public_id = md5(random()::text || clock_timestamp()::text || token_hash), last_seen_at = created_at;
CREATE UNIQUE INDEX sessions_public_id ON sessions (public_id);
-- A fan's sessions, most recently seen first; it also serves every lookup by user.
DROP INDEX sessions_user;
CREATE INDEX sessions_user_seen ON sessions (user_id, last_seen_at);
