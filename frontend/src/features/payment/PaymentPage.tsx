import { useParams } from 'react-router'
import { ButtonLink } from '../../components/ui/Button'
import { PlaceholderPage } from '../../components/ui/Placeholder'

export default function PaymentPage() {
  const { id } = useParams()
  return (
    <div className="space-y-4">
      <ButtonLink to="/dashboard" variant="ghost" size="sm">
        ← Back to Dashboard
      </ButtonLink>
      <PlaceholderPage title={`Payment for verification #${id}`} text="Card payment is being added in the next release." />
    </div>
  )
}
