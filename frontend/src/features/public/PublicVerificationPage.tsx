import { useParams } from 'react-router'
import { Logo } from '../../components/ui/Logo'
import { PlaceholderPage } from '../../components/ui/Placeholder'

export default function PublicVerificationPage() {
  const { publicId } = useParams()
  return (
    <div className="min-h-screen bg-slate-50 px-4 py-10">
      <div className="mx-auto mb-8 max-w-3xl">
        <Logo />
      </div>
      <PlaceholderPage title={`Certificate ${publicId ?? ''}`} text="Public certificate pages are being added in the next release." />
    </div>
  )
}
