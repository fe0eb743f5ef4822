-- Display names are rekeyed by model.NameKey as it now is: a Greek or Cyrillic letter is
-- also taken by what its capital looks like ("ΚΑΤΕ" = "KATE"), and runs of spaces count,
-- and are stored, as one. The keys are computed in Go, after this statement and in the
-- same transaction (rekeyNames, name_keys.go, as for 0066): the older of two names that
-- now clash keeps it. The index lets it read the users oldest first; it is dropped when done.
CREATE INDEX users_rekey_order ON users (created_at, id);
