import { api } from '@/app/api'
import { PAGE_SIZE } from '@/lib/constants'
import { pagedResponse } from '@/lib/paged'
import type { FailedJob, Paged } from '@/lib/types'

export const jobsApi = api.injectEndpoints({
  endpoints: (b) => ({
    failedJobs: b.query<Paged<FailedJob>, { page: number }>({
      query: ({ page }) => ({ url: '/admin/jobs/failed', params: { page, pageSize: PAGE_SIZE } }),
      transformResponse: pagedResponse<FailedJob>,
      // Jobs fail in the background, on any instance: look again whenever the page opens.
      keepUnusedDataFor: 0,
    }),
  }),
})

export const { useFailedJobsQuery } = jobsApi
