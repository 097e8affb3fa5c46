import { BadgeCheck, Clock, Crown, FileCheck2, LifeBuoy, Mail, Share2, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '../../components/ui/Button'
import { Card, CardBody, CardHeader } from '../../components/ui/Card'
import { PageHeader } from '../../components/ui/PageHeader'
import { OPERATOR } from '../../lib/operator'
import { usePageTitle } from '../../lib/usePageTitle'

export const SUPPORT_EMAIL = OPERATOR.email

const STEPS = [
  { title: 'Choose a tier', text: 'Start a new verification from your dashboard and pick Basic or Top. You can upgrade a Basic verification to Top later.' },
  {
    title: 'Fill in five sections',
    text: 'Company information, representatives (with a passport or ID for each), banking details, trade details and documents. Your progress is saved as you go.',
  },
  {
    title: 'Submit and pay',
    text: 'Once all five sections are complete, submit the application and pay by card. Coupons are applied on the payment page.',
  },
  { title: 'Review', text: 'Our compliance team reviews your application within 1-2 business days. If something is missing we reject it with a reason you can fix.' },
  {
    title: 'Get certified',
    text: 'When approved you receive a certificate, a public certificate page and, within 24 hours, your Client Information Sheet (CIS).',
  },
]

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Which documents do I need?',
    a: 'A certificate of incorporation, a business license and shareholder information are required. A company profile and additional documents are optional. Files must be PDF, JPG or PNG and at most 30MB each.',
  },
  {
    q: 'My verification was rejected. What now?',
    a: 'Open the verification to read the reason, choose Update and Resubmit, correct the sections concerned and submit again. You do not pay twice.',
  },
  {
    q: 'Can I change my application after submitting?',
    a: 'Sections can only be edited while a verification is a draft. If you need to change something after submitting, contact support.',
  },
  {
    q: 'How long is a certificate valid?',
    a: 'A certificate is valid for 12 months from approval. The public certificate page always shows whether it is valid, expired or revoked.',
  },
  {
    q: 'Is my card stored?',
    a: 'No. Card details go straight to our payment provider over an encrypted connection and are never stored on our servers.',
  },
]

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} icon={icon} />
      <CardBody className="text-sm leading-6 text-slate-700">{children}</CardBody>
    </Card>
  )
}

export default function HelpPage() {
  usePageTitle('Help & Support')
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Help & Support" subtitle="How verification works, what each tier includes, and how to reach us" />
      <div className="space-y-6">
        <Section icon={<ShieldCheck className="h-5 w-5" aria-hidden />} title="How verification works">
          <ol className="space-y-4">
            {STEPS.map((s, i) => (
              <li key={s.title} className="flex gap-4">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800">{i + 1}</span>
                <div>
                  <p className="font-semibold text-slate-900">{s.title}</p>
                  <p className="text-slate-600">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>

        <div className="grid gap-6 md:grid-cols-2">
          <Card className="flex flex-col">
            <CardHeader title="Basic Tier · $49" icon={<BadgeCheck className="h-5 w-5" aria-hidden />} description="Valid for 12 months" />
            <CardBody className="flex-1 text-sm text-slate-700">
              <ul className="list-disc space-y-1.5 pl-5">
                <li>TTT Certificate with a public certificate page</li>
                <li>Client Information Sheet (CIS)</li>
                <li>Company information and representative details</li>
                <li>Banking information</li>
                <li>Basic document verification</li>
              </ul>
            </CardBody>
          </Card>
          <Card className="flex flex-col">
            <CardHeader title="Top Tier · $299" icon={<Crown className="h-5 w-5" aria-hidden />} description="Everything in Basic, plus" />
            <CardBody className="flex-1 text-sm text-slate-700">
              <ul className="list-disc space-y-1.5 pl-5">
                <li>KYC checks on your representatives</li>
                <li>AML screening</li>
                <li>PEP screening</li>
                <li>Premium digital certificate and a full report for counterparties</li>
              </ul>
            </CardBody>
          </Card>
        </div>

        <Section icon={<Clock className="h-5 w-5" aria-hidden />} title="Timelines">
          <ul className="space-y-2">
            <li>
              <span className="font-semibold text-slate-900">Review:</span> within 1-2 business days of your payment.
            </li>
            <li>
              <span className="font-semibold text-slate-900">Client Information Sheet:</span> within 24 hours of approval. Contact support if it has not
              appeared by then.
            </li>
            <li>
              <span className="font-semibold text-slate-900">Certificate:</span> available to download as soon as your verification is approved; valid for 12
              months.
            </li>
          </ul>
        </Section>

        <Section icon={<Share2 className="h-5 w-5" aria-hidden />} title="Sharing your certificate">
          <p>Once approved, open the verification and use the Certificate &amp; Client Information Sheet card:</p>
          <ul className="mt-3 list-disc space-y-1.5 pl-5">
            <li>
              <span className="font-semibold text-slate-900">Public certificate page</span> — a permanent link (/v/your-public-id) anyone can open without an
              account. It shows your company, tier and the certificate&apos;s live status.
            </li>
            <li>
              <span className="font-semibold text-slate-900">Share Temporary Link</span> — a link to your CIS that is copied to your clipboard and expires at
              the time shown.
            </li>
            <li>
              <span className="font-semibold text-slate-900">Download Certificate</span> — a PDF whose fingerprint a counterparty can compare with the public
              page.
            </li>
          </ul>
        </Section>

        <Section icon={<FileCheck2 className="h-5 w-5" aria-hidden />} title="Frequently asked questions">
          <div className="divide-y divide-slate-100">
            {FAQ.map((f) => (
              <details key={f.q} className="group py-3 first:pt-0 last:pb-0">
                <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
                  <span className="mr-2 inline-block text-brand-700 transition-transform group-open:rotate-90">›</span>
                  {f.q}
                </summary>
                <p className="mt-2 pl-5 text-slate-600">{f.a}</p>
              </details>
            ))}
          </div>
        </Section>

        <Card className="border-brand-200 bg-brand-50/60">
          <CardBody className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-3">
              <LifeBuoy className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden />
              <div>
                <p className="font-semibold text-slate-900">Contact support</p>
                <p className="text-sm text-slate-600">
                  E-mail <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-brand-700 hover:underline">{SUPPORT_EMAIL}</a> with your verification
                  ID. We answer within one business day.
                </p>
              </div>
            </div>
            <a href={`mailto:${SUPPORT_EMAIL}`} className={buttonClass('outline', 'md')}>
              <Mail className="h-4 w-4" aria-hidden /> Email Support
            </a>
          </CardBody>
        </Card>
      </div>
    </div>
  )
}
