package auth

import "castaway/internal/problem"

// The texts users read, word for word from the product spec where it has them.
const (
	MsgEmailPasswordRequired = problem.MsgCredentialsRequired
	MsgEmailInvalid          = "Please enter a valid email address."
	MsgEmailTooLong          = "An email address is at most 254 characters."
	MsgEmailHidden           = problem.MsgEmailHidden
	MsgEmailInUse            = "Email already in use. Please sign in instead."
	MsgWeakPassword          = "Password is too weak. Please use a stronger password."
	MsgSignUpFailed          = problem.MsgSignUpFailed
	MsgWrongPassword         = "Incorrect password. Please try again."
	MsgUserNotFound          = "No account found with this email. Please sign up."
	MsgSignInFailed          = problem.MsgSignInFailed
	MsgRateLimited           = "Too many attempts. Please wait a few minutes and try again."

	MsgResetEmailRequired = problem.MsgResetEmailRequired
	MsgResetSent          = problem.MsgResetSent
	MsgResetFailed        = problem.MsgResetMailFailed
	MsgResetInvalid       = "This reset link is invalid or has expired. Please request a new one."
	MsgResetTokenRequired = "The reset link is missing its token. Please request a new one."

	MsgUsernameEmpty   = problem.MsgUsernameEmpty
	MsgUsernameTooLong = problem.MsgUsernameTooLong
	MsgUsernameInvalid = "Username cannot contain control characters."
	MsgUsernameTaken   = "This username is already taken (case-insensitive match). Please choose another."
	MsgUsernameFailed  = problem.MsgUsernameFailed
)

// Verified addresses: the texts of the verification links, address changes and a
// provider's proof taking an account back.
const (
	MsgVerifyTokenRequired = "The verification link is missing its token. Please use the whole link from the email."
	MsgVerifyUnknown       = "This verification link is not valid. Please use the whole link from the email, or send a new one."
	MsgVerifyUsed          = "This verification link has already been used."
	MsgVerifyExpired       = "This verification link has expired. Sign in and choose Resend to get a new one."
	MsgEmailVerified       = "Your email address is verified. Thank you!"
	MsgEmailChanged        = "Your email address is changed and verified."
	MsgVerificationSent    = "Verification email sent. Check your inbox for the link."
	MsgAlreadyVerified     = "Your email address is already verified."
	MsgNoEmailToVerify     = "Your account has no email address to verify."
	MsgEmailChangeSent     = "We sent a link to your new address. Your email changes when you open it."
	MsgEmailUnchanged      = "That is already your email address."
	MsgEmailChangeTaken    = "That email address belongs to another account."
	MsgEmailChangeNeedsPwd = "Set a password first: changing your email address asks for it."
	MsgPasswordRequired    = "Please enter your password."
	MsgPasswordRemoved     = "Your email address was confirmed by your sign-in provider, so the password someone had set on this account was removed and every other session ended. Set a new password on your Account page if you want one."
)
