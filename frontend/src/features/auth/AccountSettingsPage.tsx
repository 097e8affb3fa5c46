import { KeyRound, Mail, CalendarDays } from 'lucide-react'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { PageHeader } from '../../components/ui/PageHeader'
import { mutate } from '../../components/ui/mutate'
import { formatDate } from '../../lib/format'
import { useChangePasswordMutation, useGetCurrentUserQuery } from './authApi'
import { ChangePasswordForm } from './AuthForms'
import { usePageTitle } from '../../lib/usePageTitle'

export default function AccountSettingsPage() {
  usePageTitle('Account Settings')
  const { data: user } = useGetCurrentUserQuery()
  const [changePassword] = useChangePasswordMutation()
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Account Settings" subtitle="Manage your account details and password" />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Profile" icon={<Mail className="h-5 w-5" aria-hidden />} />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Email Address</dt>
                <dd className="mt-1 text-sm font-medium text-slate-900">{user?.email}</dd>
              </div>
              <div>
                <dt className="flex items-center gap-1 text-xs font-medium uppercase tracking-wide text-slate-500">
                  <CalendarDays className="h-3.5 w-3.5" aria-hidden /> Member Since
                </dt>
                {/* The account's creation date (the spec's "current date" is a defect, issue 7). */}
                <dd className="mt-1 text-sm font-medium text-slate-900" data-testid="member-since">
                  {formatDate(user?.createdAt)}
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Change Password" icon={<KeyRound className="h-5 w-5" aria-hidden />} description="Other sessions are signed out when the password changes." />
          <CardBody className="max-w-md">
            <ChangePasswordForm
              onSubmit={async (values, { setErrors, setStatus, resetForm }) => {
                const r = await mutate(changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }), {
                  done: { title: 'Password updated', description: 'Your password has been changed successfully' },
                  failed: 'Password change failed',
                  setErrors,
                  setStatus,
                })
                if (r.ok) resetForm()
              }}
            />
          </CardBody>
        </Card>
      </div>
    </div>
  )
}
