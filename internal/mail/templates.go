package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

// Template names one of the product's mails; each has an HTML and a plain-text form.
type Template string

const (
	VerifyEmail   Template = "verify-email"   // sign-up and 'Resend': confirm the account's address
	ChangeEmail   Template = "change-email"   // confirm the address the account changes to
	PasswordReset Template = "password-reset" // a single-use link to choose a new password
)

// Data fills a template.
type Data struct {
	Name    string // the fan's display name
	Address string // the address the mail is about
	Link    string
	Valid   string // how long the link works, in words ("24 hours")
}

type pair struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

// templates are parsed once; a broken one stops the program at start, not a request.
var templates = func() map[Template]pair {
	out := map[Template]pair{}
	for _, t := range []Template{VerifyEmail, ChangeEmail, PasswordReset} {
		out[t] = pair{
			html: htmltemplate.Must(htmltemplate.ParseFS(templateFiles, "templates/layout.html.tmpl", "templates/"+string(t)+".html.tmpl")),
			text: texttemplate.Must(texttemplate.ParseFS(templateFiles, "templates/"+string(t)+".txt.tmpl")),
		}
	}
	return out
}()

// Render makes t's mail to to from d: the subject, the plain text and the HTML (whose
// escaping html/template does).
func Render(t Template, to string, d Data) (Message, error) {
	p, ok := templates[t]
	if !ok {
		return Message{}, fmt.Errorf("no mail template %q", t)
	}
	var subject, text, html bytes.Buffer
	if err := p.text.ExecuteTemplate(&subject, "subject", d); err != nil {
		return Message{}, fmt.Errorf("mail %s subject: %w", t, err)
	}
	if err := p.text.Execute(&text, d); err != nil {
		return Message{}, fmt.Errorf("mail %s text: %w", t, err)
	}
	if err := p.html.Execute(&html, d); err != nil {
		return Message{}, fmt.Errorf("mail %s html: %w", t, err)
	}
	return Message{To: to, Subject: strings.TrimSpace(subject.String()), Text: text.String(), HTML: html.String()}, nil
}
