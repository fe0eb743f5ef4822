package auth

// The texts users read, word for word from the product spec where it has them.
const (
	MsgEmailPasswordRequired = "Please enter your email and password."
	MsgEmailInvalid          = "Please enter a valid email address."
	MsgEmailTooLong          = "An email address is at most 254 characters."
	MsgEmailInUse            = "Email already in use. Please sign in instead."
	MsgWeakPassword          = "Password is too weak. Please use a stronger password."
	MsgSignUpFailed          = "Sign-up failed. Please try again."
	MsgWrongPassword         = "Incorrect password. Please try again."
	MsgUserNotFound          = "No account found with this email. Please sign up."
	MsgSignInFailed          = "Sign-in failed. Please try again."
	MsgRateLimited           = "Too many attempts. Please wait a few minutes and try again."

	MsgResetEmailRequired = "Please enter your email address to reset your password."
	MsgResetSent          = "Password reset email sent. Check your inbox for instructions."
	MsgResetFailed        = "Failed to send password reset email. Please try again."
	MsgResetInvalid       = "This reset link is invalid or has expired. Please request a new one."
	MsgResetTokenRequired = "The reset link is missing its token. Please request a new one."

	MsgUsernameEmpty   = "Username cannot be empty"
	MsgUsernameTooLong = "Username must be 30 characters or fewer."
	MsgUsernameInvalid = "Username cannot contain control characters."
	MsgUsernameTaken   = "This username is already taken (case-insensitive match). Please choose another."
	MsgUsernameFailed  = "Failed to update username. Please try again."
)
