import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setup } from '../../test/utils'
import { orderLines } from './order'
import { OrderSummary } from './OrderSummary'

function show(percent: number, total?: number, onApply = vi.fn(async (): Promise<string | null> => null)) {
  return {
    onApply,
    ...setup(
      <OrderSummary tier="basic" verificationId={12} publicId="pub-12" lines={orderLines(4900, percent, total)} appliedCoupon={percent ? 'SAVE' : null} onApply={onApply} />,
    ),
  }
}

describe('OrderSummary', () => {
  it('shows the tier, the verification and the total in USD', () => {
    show(0)
    expect(screen.getByText('Basic Verification')).toBeInTheDocument()
    expect(screen.getByText('#12')).toBeInTheDocument()
    expect(screen.getByText('pub-12')).toBeInTheDocument()
    expect(screen.getByTestId('total')).toHaveTextContent('$49.00')
    expect(screen.getByText('USD')).toBeInTheDocument()
    expect(screen.queryByTestId('original-price')).toBeNull()
    expect(screen.queryByTestId('discount-line')).toBeNull()
    expect(screen.getByText(/Secure Payment/)).toBeInTheDocument()
    expect(screen.getByText(/never stored/)).toBeInTheDocument()
  })

  it('strikes the original price through for a partial discount', () => {
    show(50)
    const original = screen.getByTestId('original-price')
    expect(original.tagName).toBe('S')
    expect(original).toHaveTextContent('$49.00')
    expect(screen.getByTestId('total')).toHaveTextContent('$24.50')
    expect(screen.getByTestId('discount-line')).toHaveTextContent('Coupon SAVE (50% off)')
    expect(screen.getByTestId('discount-line')).toHaveTextContent('$24.50')
  })

  it('does not strike anything through for a 100% discount', () => {
    show(100)
    expect(screen.queryByTestId('original-price')).toBeNull()
    expect(screen.getByTestId('total')).toHaveTextContent('$0.00')
  })

  it('upper-cases the coupon, disables Apply while it is empty and shows the error it gets back', async () => {
    const onApply = vi.fn(async (): Promise<string | null> => 'This coupon has expired')
    const { user } = show(0, undefined, onApply)
    const apply = screen.getByRole('button', { name: 'Apply' })
    expect(apply).toBeDisabled()
    await user.type(screen.getByLabelText('Coupon Code'), 'summer10')
    expect(screen.getByLabelText('Coupon Code')).toHaveValue('SUMMER10')
    expect(apply).toBeEnabled()
    await user.click(apply)
    expect(onApply).toHaveBeenCalledWith('SUMMER10')
    expect(await screen.findByText('This coupon has expired')).toBeInTheDocument()
    expect(screen.getByLabelText('Coupon Code')).toHaveAccessibleDescription('This coupon has expired')
    await user.clear(screen.getByLabelText('Coupon Code'))
    await user.type(screen.getByLabelText('Coupon Code'), '   ')
    expect(apply).toBeDisabled()
  })
})
