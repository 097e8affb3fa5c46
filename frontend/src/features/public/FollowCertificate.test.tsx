import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { publicCertificate } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import { ConfirmFollowPage, UnsubscribePage } from './FollowLinkPages'
import PublicVerificationPage from './PublicVerificationPage'

// The server's one answer to a follow request (adapters/http/follow_handlers.go).
const ANSWER =
  'We will e-mail a confirmation link to this address, unless it already follows this certificate or received a link in the last 24 hours. Nothing else is sent to it until the link is opened.'


function showCertificate(follow: (req: Request) => Response | Promise<Response>) {
  const api = mockApi(
    route('GET', '/api/public/verifications/pub-1', () => json(publicCertificate())),
    route('POST', '/api/public/verifications/pub-1/follow', follow),
  )
  renderPage('/v/:publicId', '/v/pub-1', <PublicVerificationPage />)
  return api
}

async function form() {
  return screen.findByRole('form', { name: 'Follow this certificate' })
}

afterEach(() => vi.unstubAllGlobals())

describe('following a certificate', () => {
  it('sends the address and shows the server’s one answer in place of the form', async () => {
    let sent: unknown
    showCertificate(async (req) => {
      sent = await req.json()
      return json({ message: ANSWER }, { status: 202 })
    })
    const user = userEvent.setup()
    const f = await form()
    await user.type(within(f).getByLabelText('Your e-mail'), '  buyer@importer.test ')
    await user.click(within(f).getByRole('button', { name: 'Follow' }))
    expect(await screen.findByText(ANSWER)).toHaveAttribute('role', 'status')
    expect(sent).toEqual({ email: 'buyer@importer.test' })
    expect(screen.queryByRole('form', { name: 'Follow this certificate' })).toBeNull()
  })

  it('refuses a bad address before asking the server', async () => {
    const api = showCertificate(() => json({ message: ANSWER }, { status: 202 }))
    const user = userEvent.setup()
    const f = await form()
    await user.type(within(f).getByLabelText('Your e-mail'), 'not-an-address')
    await user.click(within(f).getByRole('button', { name: 'Follow' }))
    expect(await within(f).findByText('Please enter a valid email')).toBeInTheDocument()
    expect(within(f).getByLabelText('Your e-mail')).toHaveAttribute('aria-invalid', 'true')
    expect(api.calls.filter((c) => c.startsWith('POST'))).toEqual([])
  })

  it('says why the server refused, a limit or a bad address', async () => {
    showCertificate(() => json({ message: 'Too many follow requests from your network. Please try again in an hour.' }, { status: 429 }))
    const user = userEvent.setup()
    const f = await form()
    await user.type(within(f).getByLabelText('Your e-mail'), 'buyer@importer.test')
    await user.click(within(f).getByRole('button', { name: 'Follow' }))
    expect(await within(f).findByRole('alert')).toHaveTextContent('Too many follow requests from your network. Please try again in an hour.')
    expect(screen.getByRole('form', { name: 'Follow this certificate' })).toBeInTheDocument()
  })
})

describe('the e-mailed links', () => {
  it('confirms only when the button is pressed, then links to the certificate', async () => {
    let token = ''
    const api = mockApi(
      route('POST', '/api/public/follow/confirm', async (req) => {
        token = ((await req.json()) as { token: string }).token
        return json({ certificateId: 'pub-1', companyName: 'Acme Metals AG' })
      }),
    )
    renderPage('/follow/confirm', '/follow/confirm?token=tok%2B1', <ConfirmFollowPage />)
    const button = await screen.findByRole('button', { name: 'Confirm and follow' })
    expect(api.calls).toEqual([]) // a mail scanner opening the link confirms nothing
    await userEvent.setup().click(button)
    expect(await screen.findByRole('status')).toHaveTextContent('You now follow the certificate of Acme Metals AG.')
    expect(token).toBe('tok+1')
    expect(screen.getByRole('link', { name: 'See the certificate' })).toHaveAttribute('href', '/v/pub-1')
  })

  it('says so when a confirmation link expired', async () => {
    mockApi(route('POST', '/api/public/follow/confirm', () => json({ message: 'This confirmation link is invalid or has expired' }, { status: 400 })))
    renderPage('/follow/confirm', '/follow/confirm?token=old', <ConfirmFollowPage />)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm and follow' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid or has expired')
  })

  it('unsubscribes with the button', async () => {
    const api = mockApi(route('POST', '/api/public/follow/unsubscribe', () => json({ message: 'You will receive no more e-mails about this certificate.' })))
    renderPage('/follow/unsubscribe', '/follow/unsubscribe?token=abc', <UnsubscribePage />)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You will receive no more e-mails about this certificate.')
    expect(api.calls).toEqual(['POST /api/public/follow/unsubscribe?token=abc'])
  })

  it('does not offer the button without a token', async () => {
    mockApi()
    renderPage('/follow/unsubscribe', '/follow/unsubscribe', <UnsubscribePage />)
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is incomplete.')
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
  })
})
