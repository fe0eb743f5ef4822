package auth

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"time"

	"castaway/internal/model"
)

// A device cookie marks a browser that signed in to an account before (OWASP, "Slow Down
// Online Guessing Attacks with Device Cookies"): userID.nonce.HMAC, signed with a key every
// node shares. A sign-in or a reset request that presents a valid one for the account it
// names is counted on that cookie alone, so strangers who fill the address's limit do not
// lock the owner out; a missing, forged or other account's cookie counts as an unknown client.

// DeviceCookieLifetime is how long a browser stays known after signing in.
const DeviceCookieLifetime = 180 * 24 * time.Hour

// deviceKeyName names the signing key among the store's secrets.
const deviceKeyName = "device-cookie-key"

// maxDeviceCookie bounds what is worth checking: an id, a nonce and a signature.
const maxDeviceCookie = 200

// device is what a valid device cookie says: whose browser it is, and which cookie.
type device struct{ userID, nonce string }

// newDeviceCookie is the value of a device cookie for a browser that just signed in as userID.
func (a *Accounts) newDeviceCookie(ctx context.Context, userID string) (string, error) {
	key, err := a.deviceKey(ctx)
	if err != nil {
		return "", err
	}
	payload := userID + "." + model.NewID()
	return payload + "." + signDevice(key, payload), nil
}

// readDevice checks a device cookie's signature; ok is false for "", a malformed or a forged one.
func (a *Accounts) readDevice(ctx context.Context, cookie string) (d device, ok bool, err error) {
	cut := strings.LastIndexByte(cookie, '.')
	if cookie == "" || len(cookie) > maxDeviceCookie || cut < 0 {
		return device{}, false, nil
	}
	payload, sig := cookie[:cut], cookie[cut+1:]
	dot := strings.LastIndexByte(payload, '.')
	if dot <= 0 || dot == len(payload)-1 {
		return device{}, false, nil
	}
	id, nonce := payload[:dot], payload[dot+1:]
	key, err := a.deviceKey(ctx)
	if err != nil {
		return device{}, false, err
	}
	if !hmac.Equal([]byte(sig), []byte(signDevice(key, payload))) {
		return device{}, false, nil
	}
	return device{userID: id, nonce: nonce}, true, nil
}

// ownDevice is the nonce of cookie when it is a valid device cookie of userID's, else "".
func (a *Accounts) ownDevice(ctx context.Context, cookie, userID string) (string, error) {
	d, ok, err := a.readDevice(ctx, cookie)
	if err != nil || !ok || d.userID != userID {
		return "", err
	}
	return d.nonce, nil
}

func signDevice(key []byte, payload string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// deviceKey is the shared signing key, made by the first node that needs it and then kept.
func (a *Accounts) deviceKey(ctx context.Context) ([]byte, error) {
	a.deviceMu.Lock()
	defer a.deviceMu.Unlock()
	if a.deviceKeyBytes != nil {
		return a.deviceKeyBytes, nil
	}
	fresh, _ := NewToken()
	key, err := a.store.Secret(ctx, deviceKeyName, fresh)
	if err != nil {
		return nil, err
	}
	a.deviceKeyBytes = []byte(key)
	return a.deviceKeyBytes, nil
}
