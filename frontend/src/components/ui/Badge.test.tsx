import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusBadge } from './Badge'

describe('StatusBadge', () => {
  it.each([
    ['draft', 'In Progress', 'grey', 'bg-slate-100'],
    ['submitted', 'Submitted', 'blue', 'bg-blue-50'],
    ['in_review', 'In Review', 'purple', 'bg-purple-50'],
    ['approved', 'Approved', 'green', 'bg-green-50'],
    ['rejected', 'Rejected', 'red', 'bg-red-50'],
    ['weird', 'Unknown', 'grey', 'bg-slate-100'],
  ])('renders %s as %s in %s', (status, label, color, cls) => {
    render(<StatusBadge status={status} />)
    const el = screen.getByText(label)
    expect(el).toHaveAttribute('data-color', color)
    expect(el).toHaveClass(cls)
  })

  it('reads Not Started when there is no verification', () => {
    render(<StatusBadge status={null} />)
    expect(screen.getByText('Not Started')).toHaveAttribute('data-color', 'grey')
  })
})
