package store

// OpenPostgres is exposed to the tests, which cut its connections off.
var OpenPostgres = openPostgres
