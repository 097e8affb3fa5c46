import { vi } from 'vitest'

export type Handler = (req: Request, url: URL) => Response | Promise<Response> | undefined

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) } })
}

/** mockApi replaces fetch with handlers tried in order; an unhandled call fails the test loudly. */
export function mockApi(...handlers: Handler[]) {
  const calls: string[] = []
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(req.url)
    calls.push(`${req.method} ${url.pathname}${url.search}`)
    for (const h of handlers) {
      const r = await h(req, url)
      if (r) return r
    }
    return new Response(`no handler for ${req.method} ${url.pathname}`, { status: 599, statusText: 'Unhandled' })
  })
  vi.stubGlobal('fetch', fn)
  return { fn, calls }
}

export function route(method: string, path: string | RegExp, respond: (req: Request, url: URL) => Response | Promise<Response>): Handler {
  return (req, url) => {
    if (req.method !== method) return undefined
    const ok = typeof path === 'string' ? url.pathname === path : path.test(url.pathname)
    return ok ? respond(req, url) : undefined
  }
}
