import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../test/render'
import { json, mockApi, route } from '../../../../test/server'
import { RepresentativesStep } from './RepresentativesStep'

afterEach(() => vi.unstubAllGlobals())

const rep = (id: number, fullName: string, passportNumber: string) => ({
  id,
  verificationId: 7,
  fullName,
  position: 'Director',
  nationality: 'GB',
  dateOfBirth: '1980-01-31',
  passportNumber,
  issuingCountry: 'GB',
  expiryDate: '2031-01-01',
  email: 'a@acme.test',
  phoneNumber: '+44 20 0000 0000',
  passportFileId: null,
  documentUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
})

describe('representatives step', () => {
  it('warns when the same passport number is entered for two representatives', async () => {
    mockApi(route('GET', '/api/verifications/7/representatives', () => json([rep(1, 'Jane Doe', 'P1234567'), rep(2, 'Jane M. Doe', 'P1234567')])))
    renderPage('/x', '/x', <RepresentativesStep id={7} next={vi.fn()} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('Passport number P1234567 is entered for more than one representative.')
  })

  it('says nothing when every representative is a different person', async () => {
    mockApi(route('GET', '/api/verifications/7/representatives', () => json([rep(1, 'Jane Doe', 'P1234567'), rep(2, 'John Roe', 'X7654321')])))
    renderPage('/x', '/x', <RepresentativesStep id={7} next={vi.fn()} />)
    expect(await screen.findByText('John Roe')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
