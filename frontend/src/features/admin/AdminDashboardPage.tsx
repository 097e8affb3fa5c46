import { PlaceholderPage } from '../../components/ui/Placeholder'

export default function AdminDashboardPage() {
  return <PlaceholderPage title="Admin Dashboard" text="The review queue is being added in the next release." />
}
