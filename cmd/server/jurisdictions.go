package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	screeninglists "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// jurisdictionsCommand imports a jurisdiction list file, or lists the versions.
func jurisdictionsCommand(ctx context.Context, c *application.TopChecks, args []string, maxBytes int64, out io.Writer) error {
	switch {
	case len(args) == 0:
		return jurisdictionVersions(ctx, c, out)
	case len(args) == 2 && args[0] == "import":
		data, err := readLimited(args[1], maxBytes)
		if err != nil {
			return err
		}
		list, err := screeninglists.ParseJurisdictions(data)
		if err != nil {
			return err
		}
		v, unchanged, err := c.ImportJurisdictions(ctx, application.System, list, data)
		if err != nil {
			return err
		}
		if unchanged {
			fmt.Fprintf(out, "jurisdictions: the file is that of version %d, in force since %s; no new version\n", v.ID,
				v.ImportedAt.Format("2006-01-02 15:04 MST"))
			return nil
		}
		high, grey := counts(v.Jurisdictions)
		fmt.Fprintf(out, "jurisdictions: version %d in force: %s, %d high-risk, %d under increased monitoring; "+
			"Top verifications will be screened again\n", v.ID, v.Name(), high, grey)
		return nil
	}
	return errors.New("usage: screening jurisdictions [import FILE]")
}

func jurisdictionVersions(ctx context.Context, c *application.TopChecks, out io.Writer) error {
	versions, err := c.JurisdictionVersions(ctx, application.System)
	if err != nil {
		return err
	}
	if len(versions) == 0 {
		fmt.Fprintln(out, "no jurisdiction list imported: the jurisdiction check is unavailable")
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VERSION\tPUBLISHER\tPUBLISHED\tHIGH-RISK\tMONITORED\tIMPORTED\tBY\tIN FORCE")
	for _, v := range versions {
		high, grey := counts(v.Jurisdictions)
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%d\t%s\t%s\t%v\n", v.ID, v.Publisher, v.Published.Format("2006-01-02"), high, grey,
			v.ImportedAt.Format("2006-01-02 15:04"), v.ImportedBy, v.InForce)
	}
	return tw.Flush()
}

func counts(js []screening.Jurisdiction) (high, grey int) {
	for _, j := range js {
		if j.Category == screening.HighRisk {
			high++
		} else {
			grey++
		}
	}
	return high, grey
}
