-- Case-insensitive uniqueness of display names and emails through keys folded in Go:
-- SQLite's lower() folds ASCII only, so 'Émile' and 'émile' would both have passed there.
ALTER TABLE users ADD COLUMN name_key TEXT;
ALTER TABLE users ADD COLUMN email_key TEXT;
UPDATE users SET name_key = lower(display_name), email_key = lower(email);
DROP INDEX users_display_name_lower;
DROP INDEX users_email_lower;
CREATE UNIQUE INDEX users_name_key ON users (name_key);
CREATE UNIQUE INDEX users_email_key ON users (email_key);
