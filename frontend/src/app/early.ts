/**
 * early holds the API answers that app/boot.ts asked for while the main script was still on its
 * way. The API client takes each one once, in place of sending the same request again; an answer
 * nobody took within FRESH_MS is dropped, so a later read always goes to the server.
 */
const early = new Map<string, { at: number; response: Promise<Response> }>()
const FRESH_MS = 10_000

export function fetchEarly(path: string) {
  const url = new URL(path, window.location.origin).href
  early.set(url, { at: performance.now(), response: fetch(url, { credentials: 'include' }) })
}

/** takeEarly answers a GET from an early request for the same URL, if there is a fresh one. */
export function takeEarly(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined
  const hit = early.get(request.url)
  if (!hit) return undefined
  early.delete(request.url)
  if (performance.now() - hit.at > FRESH_MS) return undefined
  return hit.response.catch(() => fetch(request))
}
