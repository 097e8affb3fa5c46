import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/ui/Placeholder'

export default function AdminReviewPage() {
  const { id } = useParams()
  return <PlaceholderPage title={`Review verification #${id}`} text="The review screen is being added in the next release." />
}
