package importer

import (
	"context"
	"strings"
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// An imported account counts its address as proven only where the earlier identity
// provider's export says so (emailVerified); the sample, which never says it, brings
// every account in unverified.
func TestImportedAddressesVerifiedOnlyWhereTheExportSaysSo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		exp, err := Parse(strings.NewReader(`{"users": {
			"uProven": {"displayName": "Proven", "email": "proven@example.com", "emailVerified": true, "createdAt": 1744300000000},
			"uSaid":   {"displayName": "Said", "email": "said@example.com", "emailVerified": false, "createdAt": 1744300000000},
			"uSilent": {"displayName": "Silent", "email": "silent@example.com", "createdAt": 1744300000000}}}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Import(context.Background(), s, catalog.MustLoad(), exp, Options{Now: importTime}); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[string]bool{"uProven": true, "uSaid": false, "uSilent": false} {
			u, err := s.UserByID(context.Background(), id)
			if err != nil || u.EmailVerified != want || u.PasswordHash != "" {
				t.Errorf("%s: %+v %v, want verified %v", id, u, err, want)
			}
		}
		importSample(t, s)
		for _, id := range []string{"uA1ndrewK", "uM4ddyR"} {
			if u, err := s.UserByID(context.Background(), id); err != nil || u.EmailVerified {
				t.Errorf("sample %s: %+v %v", id, u, err)
			}
		}
	})
}
