import { api } from '../../app/api'
import type { ListsFreshness, ScreeningLists, ScreeningResult, ScreeningSearch } from '../../lib/types'

export const screeningApi = api.injectEndpoints({
  endpoints: (b) => ({
    screeningLists: b.query<ScreeningLists, void>({
      query: () => '/admin/screening/lists',
      // Imports run from the CLI, outside this page: look again whenever the page opens.
      keepUnusedDataFor: 0,
    }),
    // The scheduled refresh and the CLI fetch outside this page: look again whenever it opens.
    screeningFreshness: b.query<ListsFreshness, void>({
      query: () => '/admin/screening/freshness',
      keepUnusedDataFor: 0,
    }),
    // POST, so that the name and date of birth never sit in a URL or an access log; a mutation,
    // so one check's result is never served from the cache for another.
    screeningSearch: b.mutation<ScreeningResult, ScreeningSearch>({
      query: (body) => ({ url: '/admin/screening/search', method: 'POST', body }),
    }),
  }),
})

export const { useScreeningListsQuery, useScreeningFreshnessQuery, useScreeningSearchMutation } = screeningApi
