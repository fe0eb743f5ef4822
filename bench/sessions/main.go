// Command sessions signs the demo users demo1 … demoN in for the benchmark's writes
// without their passwords: a session for each, stored as a sign-in stores one, its cookie
// and the user's id written one a line to two files. The writes' limits are per account
// (ten comments a minute, twenty ballots in ten minutes), so measuring a write rather
// than its limit takes thousands of accounts, and signing each in through the API costs
// an argon2id (about 0.3 s on the benchmark's machine).
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/store"
)

func main() {
	url := flag.String("database-url", "", "the benchmark's database")
	n := flag.Int("users", 1000, "demo users to sign in (demo1 … demoN; those missing are skipped)")
	cookies := flag.String("cookies", "", "file of the cookies, one a line")
	ids := flag.String("ids", "", "file of the users' ids, one a line beside their cookies")
	flag.Parse()
	ctx := context.Background()
	s, err := store.Open(ctx, *url)
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	cf, idf := create(*cookies), create(*ids)
	now := time.Now()
	made := 0
	for i := 1; i <= *n; i++ {
		u, err := s.UserByEmail(ctx, fmt.Sprintf("demo%d@example.com", i))
		if err != nil {
			continue
		}
		token, hash := auth.NewToken()
		if err := s.CreateSession(ctx, model.NewSession{TokenHash: hash, ID: model.NewID(), UserID: u.ID,
			UserAgent: "castaway bench", Created: now, Expires: now.Add(24 * time.Hour)}); err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(cf, "castaway_session=%s\n", token)
		fmt.Fprintln(idf, u.ID)
		made++
	}
	for _, f := range []*bufio.Writer{cf, idf} {
		if err := f.Flush(); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("%d writers signed in\n", made)
}

func create(path string) *bufio.Writer {
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	return bufio.NewWriter(f) // closed by the process's end, after the flush
}
