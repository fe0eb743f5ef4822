-- A comment's vote answers the comment's counts as the vote left them (comments.go), so
-- the vote's answer needs no read of the comment after it: castaway_set_comment_vote of
-- 0099 with the counts beside whom it told (told NULL when the comment does not exist).
DROP FUNCTION castaway_set_comment_vote(TEXT, TEXT, INTEGER, TEXT, TEXT, TEXT, TEXT, TEXT, TEXT, BIGINT);

CREATE FUNCTION castaway_set_comment_vote(cid TEXT, voter TEXT, val INTEGER,
    n_id TEXT, n_user TEXT, n_type TEXT, n_name TEXT, n_content TEXT, n_key TEXT, n_at BIGINT,
    OUT told TEXT, OUT ups INTEGER, OUT downs INTEGER)
LANGUAGE plpgsql AS $$
DECLARE
    owner TEXT;
    list TEXT;
    old INTEGER;
BEGIN
    SELECT list_user_id, list_id, upvotes, downvotes INTO owner, list, ups, downs FROM comments WHERE id = cid FOR UPDATE;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    told := '';
    SELECT value INTO old FROM comment_votes WHERE comment_id = cid AND user_id = voter;
    old := COALESCE(old, 0);
    IF old = val THEN
        RETURN;
    END IF;
    IF val = 0 THEN
        DELETE FROM comment_votes WHERE comment_id = cid AND user_id = voter;
    ELSE
        INSERT INTO comment_votes (comment_id, user_id, value) VALUES (cid, voter, val)
            ON CONFLICT (comment_id, user_id) DO UPDATE SET value = excluded.value;
    END IF;
    UPDATE comments SET upvotes = upvotes + (val = 1)::int - (old = 1)::int,
        downvotes = downvotes + (val = -1)::int - (old = -1)::int WHERE id = cid
        RETURNING upvotes, downvotes INTO ups, downs;
    IF val = 1 AND n_id <> '' THEN
        IF castaway_tell(n_id, n_user, n_type, voter, n_name, n_content, owner, list, cid, n_key, n_at) THEN
            told := n_user;
        END IF;
    END IF;
    UPDATE lists SET thread_version = thread_version + 1 WHERE user_id = owner AND id = list;
END $$;
