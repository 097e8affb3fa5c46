import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AuditRangeExport, rangeProblem } from './AuditRangeExport'

describe('audit log export', () => {
  it('links this month so far by default, and the chosen days once changed', () => {
    render(<AuditRangeExport today={new Date('2026-11-27T10:00:00Z')} />)
    const link = screen.getByRole('link', { name: 'Export audit log (CSV)' })
    expect(link).toHaveAttribute('href', '/api/admin/audit.csv?from=2026-11-01&to=2026-11-27')
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } })
    expect(screen.getByRole('link', { name: 'Export audit log (CSV)' })).toHaveAttribute('href', '/api/admin/audit.csv?from=2026-01-01&to=2026-01-31')
  })

  it('offers no download for a reversed or too long range, and says why', () => {
    render(<AuditRangeExport today={new Date('2026-11-27T10:00:00Z')} />)
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } })
    expect(screen.getByText('The last day must not be before the first.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Export audit log (CSV)' })).not.toHaveAttribute('href')
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true')
  })

  it('allows 366 days and no more', () => {
    expect(rangeProblem('2025-01-01', '2026-01-01')).toBeUndefined()
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('A range covers at most 366 days.')
    expect(rangeProblem('', '2026-01-02')).toBe('Choose both days.')
  })
})
