package application

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/pricing"
)

// ChartWeeks are the ranges a chart can span, in weeks.
var ChartWeeks = []int{4, 12, 52}

// Chart names, one endpoint each.
const (
	ChartDecisions     = "decisions"
	ChartDecisionTime  = "decision-time"
	ChartQueueAge      = "queue-age"
	ChartScreeningHits = "screening-hits"
	ChartRevenue       = "revenue"
)

// ChartNames lists every chart in the order the dashboard shows them.
var ChartNames = []string{ChartDecisions, ChartDecisionTime, ChartQueueAge, ChartScreeningHits, ChartRevenue}

// PromisedDecisionHours is the "1–2 business days" promise drawn as the decision-time chart's reference line.
const PromisedDecisionHours = 48

// queueAgeDays is the last bar of the queue's age: it counts this many days and more.
const queueAgeDays = 7

// Chart is one chart's figures: a row per week (or per list, or per day of waiting) with a value
// per series, in the chart's unit.
type Chart struct {
	Name      string
	Weeks     int
	Unit      string // count, hours or cents
	Series    []string
	Rows      []ChartRow
	Reference float64 // a line to compare against (the promise), 0 for none
}

// ChartRow is one group of a chart: its label and a value per series, in the chart's series order.
type ChartRow struct {
	Label  string
	Values []float64
}

// ChartsDeps are what the dashboard's charts read.
type ChartsDeps struct {
	Reader ChartReader
	Clock  Clock
}

// Charts computes the admin dashboard's charts.
type Charts struct {
	reader ChartReader
	clock  Clock
}

// NewCharts wires the chart queries.
func NewCharts(d ChartsDeps) *Charts { return &Charts{reader: d.Reader, clock: d.Clock} }

// ErrChartWeeks is a range other than 4, 12 or 52 weeks.
var ErrChartWeeks = errs.Invalid("weeks", "weeks must be 4, 12 or 52")

// ChartWeekStart is the Monday, 00:00 UTC, that starts t's week: charts count weeks in UTC from Monday.
func ChartWeekStart(t time.Time) time.Time {
	d := t.UTC().Truncate(24 * time.Hour)
	return d.AddDate(0, 0, -(int(d.Weekday())+6)%7)
}

// Chart computes the named chart over the last weeks weeks, this week included.
func (s *Charts) Chart(ctx context.Context, actor *User, name string, weeks int) (Chart, error) {
	return asReviewer(actor, func() (Chart, error) {
		if !slices.Contains(ChartWeeks, weeks) {
			return Chart{}, ErrChartWeeks
		}
		now := s.clock.Now().UTC()
		from := ChartWeekStart(now).AddDate(0, 0, -7*(weeks-1))
		c := Chart{Name: name, Weeks: weeks, Unit: "count"}
		var points []ChartPoint
		var err error
		switch name {
		case ChartDecisions:
			c.Series = []string{"submitted", "approved", "rejected"}
			points, err = s.reader.Transitions(ctx, from)
		case ChartDecisionTime:
			c.Series, c.Unit, c.Reference = []string{"median", "p90", "decided"}, "hours", PromisedDecisionHours
			points, err = s.reader.DecisionTimes(ctx, from)
		case ChartQueueAge:
			c.Series = []string{"verifications"}
			points, err = s.reader.QueueAges(ctx, now, queueAgeDays)
			return byDays(c, points), err
		case ChartScreeningHits:
			c.Series = []string{"open", "confirmed_match", "false_positive", "inconclusive"}
			points, err = s.reader.ScreeningHits(ctx, from)
			return byKey(c, points), err
		case ChartRevenue:
			c.Series, c.Unit = []string{"basic", "top", "discounts"}, "cents"
			points, err = s.reader.Revenue(ctx, from, ChartPrices{Basic: pricing.BasicPrice.Amount,
				Top: pricing.TopPrice.Amount, Upgrade: pricing.UpgradePrice().Amount})
		default:
			return Chart{}, fmt.Errorf("chart %q: %w", name, ErrNotFound)
		}
		return byWeek(c, from, points), err
	})
}

// byWeek gives every week of the range a row, labelled with its Monday, so empty weeks show as zero.
func byWeek(c Chart, from time.Time, points []ChartPoint) Chart {
	c.Rows = make([]ChartRow, c.Weeks)
	for i := range c.Rows {
		c.Rows[i] = ChartRow{Label: from.AddDate(0, 0, 7*i).Format(time.DateOnly), Values: make([]float64, len(c.Series))}
	}
	for _, p := range points {
		if j := slices.Index(c.Series, p.Series); j >= 0 && p.Week >= 0 && p.Week < c.Weeks {
			c.Rows[p.Week].Values[j] += p.Value
		}
	}
	return c
}

// byDays gives every day of waiting a row, the last one "7+ days".
func byDays(c Chart, points []ChartPoint) Chart {
	c.Rows = make([]ChartRow, queueAgeDays+1)
	for d := range c.Rows {
		label := fmt.Sprintf("%d–%d days", d, d+1)
		if d == queueAgeDays {
			label = fmt.Sprintf("%d+ days", d)
		}
		c.Rows[d] = ChartRow{Label: label, Values: []float64{0}}
	}
	for _, p := range points {
		c.Rows[min(max(p.Week, 0), queueAgeDays)].Values[0] += p.Value
	}
	return c
}

// byKey gives every list with hits a row, in the order the reader returns them.
func byKey(c Chart, points []ChartPoint) Chart {
	for _, p := range points {
		i := slices.IndexFunc(c.Rows, func(r ChartRow) bool { return r.Label == p.Key })
		if i < 0 {
			c.Rows = append(c.Rows, ChartRow{Label: p.Key, Values: make([]float64, len(c.Series))})
			i = len(c.Rows) - 1
		}
		if j := slices.Index(c.Series, p.Series); j >= 0 {
			c.Rows[i].Values[j] += p.Value
		}
	}
	return c
}
