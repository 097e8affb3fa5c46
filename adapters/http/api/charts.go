package api

// Chart is one chart of the admin dashboard, computed by the server: a row per week (per list, or
// per day of waiting) and, in each row, a value per series in the order of series.
type Chart struct {
	Name      string     `json:"name"`
	Weeks     int        `json:"weeks" description:"the range asked for: 4, 12 or 52 weeks, this week included"`
	Unit      string     `json:"unit" enum:"count,hours,cents"`
	Series    []string   `json:"series"`
	Rows      []ChartRow `json:"rows" description:"weeks start on Monday, 00:00 UTC; a week's label is its Monday (YYYY-MM-DD)"`
	Reference *float64   `json:"reference,omitempty" description:"a line to compare against, in the chart's unit: the promised decision time"`
}

// ChartRow is one group of a chart.
type ChartRow struct {
	Label  string    `json:"label"`
	Values []float64 `json:"values"`
}
