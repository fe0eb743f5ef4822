package store

// EncodeCursor lets tests build a cursor deep in a listing without walking to it.
var EncodeCursor = encodeCursor
