import { api } from '@/app/api'
import type { components } from '@/lib/api-schema'

/** Chart is one dashboard chart as the server computed it: a row per group, a value per series. */
export type Chart = components['schemas']['Chart']

/** CHART_WEEKS are the ranges a chart can span. */
export const CHART_WEEKS = [4, 12, 52] as const
export type ChartWeeks = (typeof CHART_WEEKS)[number]

export type ChartName = 'decisions' | 'decision-time' | 'queue-age' | 'screening-hits' | 'revenue'

export const chartsApi = api.injectEndpoints({
  endpoints: (b) => ({
    adminChart: b.query<Chart, { name: ChartName; weeks: ChartWeeks }>({
      query: ({ name, weeks }) => `/admin/charts/${name}?weeks=${weeks}`,
    }),
  }),
})

export const { useAdminChartQuery } = chartsApi
