package server

import (
	"strconv"

	lru "github.com/hashicorp/golang-lru/v2"
)

// threadPages keeps visitors' pages of list threads, each under its thread's version
// (lists.thread_version, which every change to what the page shows moves on in the same
// transaction). A visitor's request reads the list's visibility with that version anyway,
// so a page is read from the database once per change to its thread rather than once per
// request, on every process alike, and is never one change behind.
type threadPages struct {
	kept *lru.Cache[threadKey, threadPage]
}

// threadKey is a page of a thread as it stands: the list, its thread's version, and the
// page asked for.
type threadKey struct {
	owner, list string
	version     int64
	cursor      string
	limit       int
}

// shared is the name of a visitor's page of a thread among the shared reads, whatever
// its version (a poll's thread has owner "").
func (k threadKey) shared() string {
	return "comments\x00" + k.owner + "\x00" + k.list + "\x00" + k.cursor + "\x00" + strconv.Itoa(k.limit)
}

// threadPagesKept bounds the pages one process keeps (a first page of 20 comments is about
// 7 KB), and maxKeptThreadPage the size of one, so however many pages strangers ask for,
// they hold at most 64 MB.
const (
	threadPagesKept   = 2048
	maxKeptThreadPage = 32 << 10
)

func newThreadPages() *threadPages {
	c, err := lru.New[threadKey, threadPage](threadPagesKept)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &threadPages{kept: c}
}

// page is the page k, kept or read now with read and kept. The version in k must have
// been read before read runs: a change landing between them leaves a page newer than its
// version, which the next reader's newer version passes by, never an older one kept.
func (t *threadPages) page(k threadKey, read func() (threadPage, error)) (threadPage, error) {
	if p, ok := t.kept.Get(k); ok {
		return p, nil
	}
	p, err := read()
	if err == nil && len(p.body) <= maxKeptThreadPage {
		t.kept.Add(k, p)
	}
	return p, err
}
