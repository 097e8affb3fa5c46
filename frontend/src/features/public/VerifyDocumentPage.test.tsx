import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { DocumentVerdict } from '../../lib/types'
import { publicCertificate } from '../../test/fixtures'
import { renderPage } from '../../test/render'
import { json, mockApi, route } from '../../test/server'
import VerifyDocumentPage from './VerifyDocumentPage'

const GENUINE: DocumentVerdict = {
  verdict: 'valid',
  message: 'Genuine and valid until November 27, 2027',
  checks: [
    { name: 'Signature', passed: true, detail: 'Signed by TTT Verify and unchanged since it was signed' },
    { name: 'Signer', passed: true, detail: 'TTT Verify' },
    { name: 'Document', passed: true, detail: 'Certificate of Verification of certificate pub-1' },
    { name: 'Live status', passed: true, detail: 'Valid until November 27, 2027' },
  ],
  certificate: publicCertificate({ tier: 'top', verifiedAt: '2026-11-27T10:00:00Z', expiresAt: '2027-11-27T10:00:00Z' }),
}

const MODIFIED: DocumentVerdict = {
  verdict: 'modified',
  message: 'Modified after it was issued: do not rely on it',
  checks: [{ name: 'Signature', passed: false, detail: 'Signed by TTT Verify, but changed after it was signed' }],
  certificate: null,
}

function show() {
  renderPage('/verify', '/verify', <VerifyDocumentPage />)
}

describe('Verify a document', () => {
  it('sends a dropped PDF and shows the verdict, what it rests on and the public record', async () => {
    let sent: { type: string | null; hasFile: boolean } | null = null
    mockApi(
      route('POST', '/api/public/verify/file', async (req) => {
        sent = { type: req.headers.get('content-type'), hasFile: (await req.formData()).has('file') }
        return json(GENUINE)
      }),
    )
    show()
    const pdf = new File(['%PDF-1.7 …'], 'certificate.pdf', { type: 'application/pdf' })
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [pdf] } })
    expect(await screen.findByTestId('verdict')).toHaveTextContent('Genuine and valid until November 27, 2027')
    // The file travels as a form upload in the field named file (jsdom's FormData keeps no more of it to compare).
    expect(sent).toEqual({ type: expect.stringMatching(/^multipart\/form-data; boundary=/), hasFile: true })
    expect(screen.getByText('Checked: certificate.pdf')).toBeInTheDocument()
    const checks = screen.getAllByTestId('proof-check')
    expect(checks.map((c) => c.textContent)).toEqual([
      'Signature: Signed by TTT Verify and unchanged since it was signed',
      'Signer: TTT Verify',
      'Document: Certificate of Verification of certificate pub-1',
      'Live status: Valid until November 27, 2027',
    ])
    expect(within(checks[0]).getByLabelText('Passed')).toBeInTheDocument()
    expect(screen.getByText('Acme Metals AG')).toBeInTheDocument()
    expect(screen.getByText('Switzerland')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the certificate page' })).toHaveAttribute('href', '/v/pub-1')
  })

  it('checks a pasted text and shows a failed check without any company facts', async () => {
    let body: unknown
    mockApi(
      route('POST', '/api/public/verify', async (req) => {
        body = await req.json()
        return json(MODIFIED)
      }),
    )
    show()
    await userEvent.type(screen.getByLabelText('Or paste a credential or enter a certificate ID'), ' pub-1 ')
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(await screen.findByTestId('verdict')).toHaveTextContent('Modified after it was issued: do not rely on it')
    expect(body).toEqual({ text: 'pub-1' })
    expect(within(screen.getByTestId('proof-check')).getByLabelText('Failed')).toBeInTheDocument()
    expect(screen.queryByText("The company's public record")).toBeNull()
  })

  it('refuses a file over 10 MB without sending it, and says what an empty check needs', async () => {
    const { calls } = mockApi()
    show()
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: 'application/pdf' })
    await userEvent.upload(screen.getByLabelText('PDF to verify'), big)
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 10 MB')
    await userEvent.click(screen.getByRole('button', { name: 'Check' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Paste a credential or enter a certificate ID.')
    expect(calls).toEqual([])
  })

  it("shows the server's refusal in its words", async () => {
    mockApi(route('POST', '/api/public/verify/file', () => json({ message: 'This file is not a PDF.' }, { status: 400 })))
    show()
    await userEvent.upload(screen.getByLabelText('PDF to verify'), new File(['GIF89a'], 'x.pdf', { type: 'application/pdf' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a PDF.')
  })
})
