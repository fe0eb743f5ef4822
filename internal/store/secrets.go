package store

import (
	"context"
	"fmt"
)

// Secret returns the secret called name, storing fresh as it when there is none yet; of
// nodes racing to make it, the first insert wins and every node reads that one.
func (s *Store) Secret(ctx context.Context, name, fresh string) (string, error) {
	if _, err := s.db.ExecContext(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2)
		ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
		return "", fmt.Errorf("make secret %s: %w", name, err)
	}
	var value string
	if err := s.db.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&value); err != nil {
		return "", fmt.Errorf("read secret %s: %w", name, err)
	}
	return value, nil
}
