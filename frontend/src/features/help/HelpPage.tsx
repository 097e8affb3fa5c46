import { PlaceholderPage } from '../../components/ui/Placeholder'

export default function HelpPage() {
  return <PlaceholderPage title="Help & Support" text="Help articles and a support contact form are on their way. For urgent questions e-mail support@tttverify.com." />
}
