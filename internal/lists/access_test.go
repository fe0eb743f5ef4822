package lists

import "testing"

func TestVisibleTo(t *testing.T) {
	for _, tc := range []struct {
		name             string
		viewer, owner    string
		isPublic, expect bool
	}{
		{"public, signed out", "", "u1", true, true},
		{"public, someone else", "u2", "u1", true, true},
		{"public, owner", "u1", "u1", true, true},
		{"private, owner", "u1", "u1", false, true},
		{"private, someone else", "u2", "u1", false, false},
		{"private, signed out", "", "u1", false, false},
		{"private, no owner and signed out", "", "", false, false},
	} {
		if got := VisibleTo(tc.viewer, tc.owner, tc.isPublic); got != tc.expect {
			t.Errorf("%s: VisibleTo = %v", tc.name, got)
		}
	}
}

func TestOwnerOnly(t *testing.T) {
	if CanEdit("u1", "u1") != nil || CanDelete("u1", "u1") != nil {
		t.Error("the owner may edit and delete")
	}
	if CanEdit("u2", "u1") == nil || CanDelete("u2", "u1") == nil {
		t.Error("someone else may not edit or delete")
	}
}
