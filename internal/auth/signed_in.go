package auth

import (
	"context"

	"castaway/internal/model"
)

// Me is an account as its holder sees it: how they sign in, the address waiting for its
// proof, and what they should read about their account.
type Me struct {
	User *model.User
	// Providers are "password" when they have one, then each linked provider.
	Providers    []string
	PendingEmail string // "" for none
	Notice       string // what they should read about their account, "" for nothing
}

// Me is u as they see themselves.
func (a *Accounts) Me(ctx context.Context, u *model.User) (*Me, error) {
	linked, err := a.store.IdentityProviders(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	providers := []string{}
	if u.PasswordHash != "" {
		providers = append(providers, "password")
	}
	pending, err := a.store.PendingEmail(ctx, u.ID, a.now())
	if err != nil {
		return nil, err
	}
	return &Me{User: u, Providers: append(providers, linked...), PendingEmail: pending, Notice: notice(u)}, nil
}

// SignedIn is a session just begun: its token, the value of the device cookie that marks
// the browser that began it as the account's (DeviceCookieLifetime), and the account as
// its holder sees it.
type SignedIn struct {
	Token, Device string
	Me            *Me
}

// signIn begins a session of u's for client (startSession) and marks the browser as one
// of u's devices: the end of every way of signing in.
func (a *Accounts) signIn(ctx context.Context, u *model.User, client Client) (*SignedIn, error) {
	token, err := a.startSession(ctx, u.ID, client)
	if err != nil {
		return nil, err
	}
	device, err := a.newDeviceCookie(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	me, err := a.Me(ctx, u)
	if err != nil {
		return nil, err
	}
	return &SignedIn{Token: token, Device: device, Me: me}, nil
}
