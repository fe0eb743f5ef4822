-- The full-text index holds only the lists everyone may see (is_public: public and not
-- hidden by a moderator), so no search count, order or cap depends on a private list.
-- Private lists keep their number in list_search_ids (creation order) for when they
-- are made public.
DELETE FROM list_fts WHERE rowid IN (SELECT k.id FROM list_search_ids k
    JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id WHERE l.is_public <> TRUE);
