// Command minimal is the yardstick of `make bench`: the least a Go net/http server
// can do per request (a small fixed JSON body), measured in the same run, on the
// same machine and with the same load generator as castaway's endpoints.
package main

import (
	"flag"
	"log"
	"net/http"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8090", "listen address")
	flag.Parse()
	body := []byte(`{"status":"ok","lists":[{"id":"list_1","name":"Minimal","upvoteCount":3}]}` + "\n")
	mux := http.NewServeMux()
	mux.HandleFunc("GET /", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	})
	srv := &http.Server{Addr: *addr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	log.Fatal(srv.ListenAndServe())
}
