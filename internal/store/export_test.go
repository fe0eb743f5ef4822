package store

// EncodeCursor lets tests build a cursor deep in a listing without walking to it.
var EncodeCursor = encodeCursor

// MigrationStatements are the statements of the embedded migration file name, as Migrate runs them.
func MigrationStatements(name string) ([]string, error) {
	body, err := migrationFiles.ReadFile("migrations/" + name)
	return splitStatements(string(body)), err
}

// FanOutsUpTo is FanOutsPending with a bound of the test's choosing.
var FanOutsUpTo = (*Store).fanOutsUpTo
