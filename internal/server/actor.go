package server

import (
	"net/http"

	"castaway/internal/model"
)

// actor is who asks for a use case in r: u (nil for a visitor) from r's client address.
func (s *Server) actor(r *http.Request, u *model.User) model.Actor {
	return model.Actor{User: u, Client: s.clientIP(r)}
}
