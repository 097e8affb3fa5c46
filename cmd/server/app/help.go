package app

import (
	"fmt"
	"io"
	"strings"
)

// WriteHelp prints every variable of the configuration with its default and meaning, by group, as
// serve --help shows them.
func WriteHelp(w io.Writer) error {
	var b strings.Builder
	b.WriteString("Settings are environment variables; one that is unset or empty takes its default.\n")
	for _, g := range configuration {
		fmt.Fprintf(&b, "\n%s:\n", g.title)
		for _, v := range g.vars {
			fmt.Fprintf(&b, "  %s (default: %s)\n", v.name, plain(v.defaultText()))
			for _, line := range wrap(plain(v.help), 90) {
				fmt.Fprintf(&b, "      %s\n", line)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// defaultText is the default as documented, in Markdown.
func (v variable) defaultText() string {
	switch {
	case v.shown != "":
		return v.shown
	case v.def != "":
		return "`" + v.def + "`"
	}
	return "none"
}

// plain drops Markdown's code spans for a terminal.
func plain(markdown string) string { return strings.ReplaceAll(markdown, "`", "") }

// wrap breaks text into lines of at most width characters, between words.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}
