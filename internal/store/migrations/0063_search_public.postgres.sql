-- The search index holds only the lists everyone may see (is_public: public and not hidden
-- by a moderator): any other list's search_doc is empty, so the GIN index holds none of its
-- words and no search count, order, cap or cost depends on it.
UPDATE lists SET search_doc = ''::tsvector WHERE NOT is_public;
