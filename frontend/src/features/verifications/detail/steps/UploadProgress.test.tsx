import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../test/render'
import { json, mockApi, route } from '../../../../test/server'
import { toastEl } from '../../../../test/utils'
import { DocumentsStep } from './DocumentsStep'

/** FakeXHR stands in for XMLHttpRequest: each request waits until the test makes it progress, answer or fail. */
class FakeXHR {
  static sent: FakeXHR[] = []
  method = ''
  url = ''
  withCredentials = false
  body: FormData | null = null
  status = 0
  statusText = ''
  responseText = ''
  aborted = false
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  send(body: FormData) {
    this.body = body
    FakeXHR.sent.push(this)
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }))
  }
  respond(status: number, body: unknown, statusText = '') {
    this.status = status
    this.statusText = statusText
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
  drop() {
    this.onerror?.()
  }
}

const MB = 1024 * 1024
const SIZE = 30 * MB

function document(id: number, name: string) {
  return {
    id,
    verificationId: 7,
    type: 'incorporation_certificate',
    filename: name,
    originalFilename: name,
    mimeType: 'application/pdf',
    size: SIZE,
    objectPath: `k/${id}`,
    url: `/api/files/k/${id}`,
    createdAt: '2026-03-05T10:00:00Z',
  }
}

beforeEach(() => {
  FakeXHR.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXHR)
})
afterEach(() => vi.unstubAllGlobals())

/** start renders the documents step with `docs` as the server's list and picks a 30 MB certificate. */
async function start(docs: () => unknown[]) {
  const api = mockApi(route('GET', '/api/verifications/7/documents', () => json(docs())))
  const user = userEvent.setup()
  renderPage('/x', '/x', <DocumentsStep id={7} onSubmit={vi.fn()} submitting={false} />)
  const input = await screen.findByLabelText(/Upload Certificate of Incorporation/)
  const file = new File([new Uint8Array(SIZE)], 'certificate.pdf', { type: 'application/pdf' })
  await user.upload(input, file)
  await waitFor(() => expect(FakeXHR.sent).toHaveLength(1))
  const slot = screen.getByText('Certificate of Incorporation').closest('[data-state]') as HTMLElement
  return { api, user, file, slot, xhr: FakeXHR.sent[0] }
}

describe('an upload over 1 MB', () => {
  it('shows its percent and bytes as they go, then lists the document', async () => {
    let stored = false
    const { api, slot, xhr, file } = await start(() => (stored ? [document(31, 'certificate.pdf')] : []))
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe(`${window.location.origin}/api/verifications/7/documents`)
    expect(xhr.withCredentials).toBe(true)
    expect([...xhr.body!.keys()]).toEqual(['type', 'file'])
    expect(xhr.body!.get('type')).toBe('incorporation_certificate')
    expect(slot).toHaveAttribute('data-state', 'uploading')

    xhr.progress(Math.round(12.4 * MB), SIZE)
    const bar = within(slot).getByRole('progressbar', { name: 'Uploading certificate.pdf' })
    expect(bar).toHaveAttribute('aria-valuenow', '41')
    expect(bar).toHaveAttribute('aria-valuetext', '12.4 MB of 30.0 MB, 41%')
    expect(within(slot).getByText('12.4 MB of 30.0 MB, 41%')).toBeVisible()
    // Screen readers hear the quarter reached, not every byte.
    expect(within(slot).getByRole('status')).toHaveTextContent('Uploading certificate.pdf: 25%')
    xhr.progress(Math.round(14 * MB), SIZE)
    expect(bar).toHaveAttribute('aria-valuenow', '46')
    expect(within(slot).getByRole('status')).toHaveTextContent('Uploading certificate.pdf: 25%')
    xhr.progress(Math.round(23 * MB), SIZE)
    expect(within(slot).getByRole('status')).toHaveTextContent('Uploading certificate.pdf: 75%')

    // Every byte sent: the server is storing it, so Cancel could no longer promise nothing is kept.
    xhr.progress(SIZE, SIZE)
    expect(bar).toHaveAttribute('aria-valuenow', '100')
    expect(within(slot).getByText('30.0 MB sent, saving…')).toBeVisible()
    expect(within(slot).queryByRole('button', { name: /Cancel/ })).toBeNull()

    stored = true
    act(() => xhr.respond(201, document(31, file.name)))
    expect(await toastEl('Document uploaded')).not.toHaveLength(0)
    await waitFor(() => expect(slot).toHaveAttribute('data-state', 'done'))
    expect(within(slot).getByRole('link', { name: 'Download certificate.pdf' })).toBeVisible()
    expect(within(slot).queryByRole('progressbar')).toBeNull()
    // The list was read again after the upload (the cache's Documents tag), by fetch as ever.
    expect(api.calls.filter((c) => c === 'GET /api/verifications/7/documents')).toHaveLength(2)
  })

  it('is aborted by Cancel, and the slot is as it was before', async () => {
    const { api, user, slot, xhr } = await start(() => [])
    xhr.progress(3 * MB, SIZE)
    expect(within(slot).queryByLabelText(/Upload Certificate of Incorporation/)).toBeNull()
    await user.click(within(slot).getByRole('button', { name: 'Cancel upload of certificate.pdf' }))
    expect(xhr.aborted).toBe(true)
    await waitFor(() => expect(slot).toHaveAttribute('data-state', 'empty'))
    expect(within(slot).queryByRole('progressbar')).toBeNull()
    expect(within(slot).getByLabelText(/Upload Certificate of Incorporation/)).toBeEnabled()
    expect(screen.queryAllByText(/upload/i, { selector: 'li[data-variant] *' })).toHaveLength(0)
    expect(screen.queryByRole('alert')).toBeNull()
    // Nothing changed on the server, so nothing is read again.
    expect(api.calls).toEqual(['GET /api/verifications/7/documents'])
  })

  it('offers Retry after a dropped connection, and the retry sends the same file', async () => {
    let stored = false
    const { slot, xhr, file } = await start(() => (stored ? [document(32, 'certificate.pdf')] : []))
    xhr.progress(5 * MB, SIZE)
    act(() => xhr.drop())
    const alert = await within(slot).findByRole('alert')
    expect(alert).toHaveTextContent('Connection lost')
    expect(alert).toHaveTextContent('The connection dropped before certificate.pdf finished uploading.')
    expect(slot).toHaveAttribute('data-state', 'empty')
    // The slot says it; no generic 'Upload failed' toast besides.
    expect(screen.queryAllByText('Upload failed', { selector: 'li[data-variant] *' })).toHaveLength(0)

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(FakeXHR.sent).toHaveLength(2))
    const again = FakeXHR.sent[1]
    expect(again.body!.get('file')).toBeInstanceOf(File)
    expect((again.body!.get('file') as File).size).toBe(file.size)
    expect(again.body!.get('type')).toBe('incorporation_certificate')
    expect(within(slot).queryByRole('alert')).toBeNull()
    again.progress(SIZE / 2, SIZE)
    expect(within(slot).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
    stored = true
    act(() => again.respond(201, document(32, file.name)))
    await waitFor(() => expect(slot).toHaveAttribute('data-state', 'done'))
    expect(within(slot).getByRole('link', { name: 'Download certificate.pdf' })).toBeVisible()
  })

  it("shows the server's message when the server refuses it", async () => {
    const { slot, xhr } = await start(() => [])
    xhr.progress(SIZE, SIZE)
    const full = 'Your files take 1.99 GiB of the 2 GiB your account may store; an upload needs 30 MiB free'
    act(() => xhr.respond(409, { message: full }, 'Conflict'))
    expect(await toastEl('Failed to upload document')).not.toHaveLength(0)
    expect(await toastEl(full)).not.toHaveLength(0)
    await waitFor(() => expect(slot).toHaveAttribute('data-state', 'empty'))
    expect(within(slot).queryByRole('alert')).toBeNull()
    expect(within(slot).getByLabelText(/Upload Certificate of Incorporation/)).toBeEnabled()
  })
})

describe('an upload of 1 MB or less', () => {
  it('goes by fetch as before, with no bar', async () => {
    let stored = false
    const api = mockApi(
      route('GET', '/api/verifications/7/documents', () => json(stored ? [{ ...document(33, 'small.pdf'), size: 2048 }] : [])),
      route('POST', '/api/verifications/7/documents', () => {
        stored = true
        return json(document(33, 'small.pdf'), { status: 201 })
      }),
    )
    renderPage('/x', '/x', <DocumentsStep id={7} onSubmit={vi.fn()} submitting={false} />)
    await userEvent.upload(await screen.findByLabelText(/Upload Certificate of Incorporation/), new File([new Uint8Array(MB)], 'small.pdf', { type: 'application/pdf' }))
    expect(await toastEl('Document uploaded')).not.toHaveLength(0)
    expect(await screen.findByText('small.pdf')).toBeVisible()
    expect(FakeXHR.sent).toHaveLength(0)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(api.calls).toContain('POST /api/verifications/7/documents')
  })
})
