-- The whole product's schema. One dialect for both engines: ids are TEXT made in Go,
-- times are BIGINT Unix milliseconds, flags are BOOLEAN.

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    email         TEXT,
    display_name  TEXT NOT NULL,
    password_hash TEXT,
    idols_found   INTEGER NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
CREATE UNIQUE INDEX users_display_name_lower ON users (lower(display_name));

-- Sign-in through Google or Twitter/X: one row per provider account.
CREATE TABLE identities (
    provider   TEXT NOT NULL,
    subject    TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX identities_user ON identities (user_id);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX password_resets_user ON password_resets (user_id);

-- An OAuth round trip in flight: kept in the database so any node can finish it.
CREATE TABLE oauth_states (
    state       TEXT PRIMARY KEY,
    provider    TEXT NOT NULL,
    verifier    TEXT NOT NULL,
    nonce       TEXT NOT NULL,
    redirect_to TEXT NOT NULL,
    expires_at  BIGINT NOT NULL
);

-- Fixed-window counters shared by every node (sign-in and reset throttling).
CREATE TABLE rate_limits (
    key          TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    count        INTEGER NOT NULL
);

CREATE TABLE lists (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    id           TEXT NOT NULL,
    name         TEXT NOT NULL,
    description  TEXT NOT NULL DEFAULT '',
    is_public    BOOLEAN NOT NULL DEFAULT TRUE,
    is_season    BOOLEAN NOT NULL DEFAULT FALSE,
    item_count   INTEGER NOT NULL DEFAULT 0,
    upvote_count INTEGER NOT NULL DEFAULT 0,
    -- lower-cased name, description and item names, for browse search
    search_text  TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    PRIMARY KEY (user_id, id)
);
CREATE INDEX lists_public_created ON lists (is_public, created_at);
CREATE INDEX lists_public_upvotes ON lists (is_public, upvote_count, created_at);
CREATE INDEX lists_public_type_created ON lists (is_public, is_season, created_at);
CREATE INDEX lists_user_updated ON lists (user_id, updated_at);

CREATE TABLE list_items (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    position     INTEGER NOT NULL,
    item_id      TEXT NOT NULL,
    is_season    BOOLEAN NOT NULL,
    name         TEXT NOT NULL,
    image_url    TEXT NOT NULL,
    season_id    TEXT NOT NULL DEFAULT '',
    season_name  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (list_user_id, list_id, position),
    UNIQUE (list_user_id, list_id, item_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);

CREATE TABLE list_tags (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    tag          TEXT NOT NULL,
    PRIMARY KEY (list_user_id, list_id, tag),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX list_tags_tag ON list_tags (tag, list_user_id, list_id);

CREATE TABLE list_upvotes (
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (list_user_id, list_id, user_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX list_upvotes_created ON list_upvotes (created_at);

CREATE TABLE favorites (
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    favorited_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, list_user_id, list_id),
    FOREIGN KEY (list_user_id, list_id) REFERENCES lists (user_id, id) ON DELETE CASCADE
);
CREATE INDEX favorites_list ON favorites (list_user_id, list_id);

-- One unsaved creator state per user; tags and items as JSON because they are
-- only ever read and written whole.
CREATE TABLE drafts (
    user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    tags        TEXT NOT NULL DEFAULT '[]',
    items       TEXT NOT NULL DEFAULT '[]',
    updated_at  BIGINT NOT NULL
);

-- Comments on a list (list_user_id, list_id) or on a global poll
-- (list_user_id = '', list_id = poll id).
CREATE TABLE comments (
    id           TEXT PRIMARY KEY,
    list_user_id TEXT NOT NULL,
    list_id      TEXT NOT NULL,
    user_id      TEXT REFERENCES users (id) ON DELETE SET NULL,
    parent_id    TEXT REFERENCES comments (id) ON DELETE CASCADE,
    text         TEXT NOT NULL,
    upvotes      INTEGER NOT NULL DEFAULT 0,
    downvotes    INTEGER NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL
);
CREATE INDEX comments_thread ON comments (list_user_id, list_id, created_at);
CREATE INDEX comments_parent ON comments (parent_id);

CREATE TABLE comment_votes (
    comment_id TEXT NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    value      INTEGER NOT NULL,
    PRIMARY KEY (comment_id, user_id)
);

CREATE TABLE notifications (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    type            TEXT NOT NULL,
    actor_id        TEXT,
    created_by_name TEXT NOT NULL,
    content         TEXT NOT NULL DEFAULT '',
    is_new          BOOLEAN NOT NULL DEFAULT TRUE,
    list_user_id    TEXT NOT NULL DEFAULT '',
    list_id         TEXT NOT NULL DEFAULT '',
    comment_id      TEXT NOT NULL DEFAULT '',
    -- one notification per (type, actor, target): toggling a vote back and forth never repeats it
    dedupe_key      TEXT UNIQUE,
    created_at      BIGINT NOT NULL
);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at);

CREATE TABLE global_polls (
    id          TEXT PRIMARY KEY,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    season_id   TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
INSERT INTO global_polls (id, title, description, season_id, created_at)
VALUES ('season-48', 'Survivor 48 Global Rankings',
        'Rank your top 10 castaways of Survivor 48. Every vote shapes the community''s top 10.',
        's48', 0);

-- ranking: JSON array of 10 slots (contestant id or null).
CREATE TABLE global_submissions (
    poll_id      TEXT NOT NULL REFERENCES global_polls (id) ON DELETE CASCADE,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    ranking      TEXT NOT NULL,
    submitted_at BIGINT NOT NULL,
    PRIMARY KEY (poll_id, user_id)
);

-- Running totals, updated in the same transaction as each submission.
CREATE TABLE global_scores (
    poll_id       TEXT NOT NULL REFERENCES global_polls (id) ON DELETE CASCADE,
    contestant_id TEXT NOT NULL,
    total_score   INTEGER NOT NULL DEFAULT 0,
    votes         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (poll_id, contestant_id)
);
CREATE INDEX global_scores_rank ON global_scores (poll_id, total_score, votes);

-- The earlier product's single shared record (maddysList, andrewsList, kendallsList).
CREATE TABLE legacy_rankings (
    id           INTEGER PRIMARY KEY,
    data         TEXT NOT NULL,
    last_updated BIGINT NOT NULL
);
