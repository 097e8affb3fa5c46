import {
  ArrowRight,
  BadgeCheck,
  Building2,
  Check,
  ClipboardList,
  CreditCard,
  FileSearch,
  Globe2,
  Landmark,
  Lock,
  Menu,
  QrCode,
  ShieldCheck,
  UserCheck,
  X,
} from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ButtonLink, buttonClass } from '../../components/ui/Button'
import { Logo } from '../../components/ui/Logo'
import { SiteFooter } from '../../components/ui/SiteFooter'
import { MAIN_ID, SkipLink } from '../../components/ui/SkipLink'
import { cn } from '../../lib/cn'
import { paths } from '../../lib/paths'

const features = [
  { icon: Building2, title: 'Company verification', text: 'Registration, incorporation and tax details checked against official records.' },
  { icon: UserCheck, title: 'Representative checks', text: 'Directors and signatories verified with passport or ID documents.' },
  { icon: Landmark, title: 'Banking validation', text: 'Bank account, SWIFT/BIC and reference letters confirmed before you trade.' },
  { icon: FileSearch, title: 'Document review', text: 'Certificates, licences and shareholder records reviewed by compliance analysts.' },
  { icon: QrCode, title: 'Shareable certificate', text: 'A public certificate page your counterparties can open from a link or QR code.' },
  { icon: Lock, title: 'Private by design', text: 'Documents stay private to you and our reviewers; the public page shows only what you approve.' },
]

const steps = [
  { icon: ClipboardList, title: 'Choose a tier', text: 'Pick Basic or Premium and create your application.' },
  { icon: Building2, title: 'Complete five sections', text: 'Company, representatives, banking, trade details and documents.' },
  { icon: CreditCard, title: 'Submit and pay', text: 'Pay securely by card once your application is complete.' },
  { icon: BadgeCheck, title: 'Get verified', text: 'Reviews take 1-2 business days. Share your certificate with partners.' },
]

const plans = [
  {
    name: 'Basic',
    price: '$49',
    period: 'valid 12 months',
    description: 'Everything a counterparty needs to start trading with you.',
    features: ['TTT Certificate', 'Client Information Sheet (CIS)', 'Company information check', 'Representative details', 'Banking information', 'Basic document verification'],
    cta: 'Get Started',
    highlighted: false,
  },
  {
    name: 'Premium',
    price: '$299',
    period: 'one-time',
    description: 'Enhanced due diligence for high-value trades.',
    features: ['Everything in Basic', 'KYC checks', 'AML screening', 'PEP screening', 'Premium digital certificate'],
    cta: 'Get Started',
    highlighted: true,
  },
]

const navLinks = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#pricing', label: 'Pricing' },
]

export default function LandingPage() {
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <div className="min-h-screen bg-white">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
          <Link to={paths.home} aria-label="TTT Verify home">
            <Logo />
          </Link>
          <nav className="hidden items-center gap-8 md:flex" aria-label="Sections">
            {navLinks.map((l) => (
              <a key={l.href} href={l.href} className="text-sm font-medium text-slate-600 hover:text-brand-800">
                {l.label}
              </a>
            ))}
            <Link to={paths.verifyDocument} className="text-sm font-medium text-slate-600 hover:text-brand-800">
              Verify a document
            </Link>
          </nav>
          <div className="hidden items-center gap-2 md:flex">
            <ButtonLink to={paths.auth} variant="ghost">
              Sign In
            </ButtonLink>
            <ButtonLink to={paths.register}>Get Started</ButtonLink>
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 md:hidden"
            onClick={() => setMenuOpen((o) => !o)}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
          >
            {menuOpen ? <X className="h-5 w-5" /> : <Menu className="h-5 w-5" />}
          </button>
        </div>
        {menuOpen && (
          <div className="border-t border-slate-100 px-4 pb-4 md:hidden">
            <nav className="flex flex-col py-2" aria-label="Sections (mobile)">
              {navLinks.map((l) => (
                <a key={l.href} href={l.href} onClick={() => setMenuOpen(false)} className="py-2 text-sm font-medium text-slate-700">
                  {l.label}
                </a>
              ))}
              <Link to={paths.verifyDocument} onClick={() => setMenuOpen(false)} className="py-2 text-sm font-medium text-slate-700">
                Verify a document
              </Link>
            </nav>
            <div className="grid grid-cols-2 gap-2">
              <ButtonLink to={paths.auth} variant="outline">
                Sign In
              </ButtonLink>
              <ButtonLink to={paths.register}>Get Started</ButtonLink>
            </div>
          </div>
        )}
      </header>

      <main id={MAIN_ID}>
        <section className="relative overflow-hidden bg-brand-950">
          <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(52,115,243,0.35),transparent_55%)]" />
          <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-28">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-brand-100">
                <ShieldCheck className="h-4 w-4 text-gold-400" aria-hidden /> Compliance-grade counterparty verification
              </p>
              <h1 className="mt-6 text-4xl font-bold leading-tight tracking-tight text-white sm:text-5xl">
                Trade with confidence. <span className="text-gold-400">Get your company verified.</span>
              </h1>
              <p className="mt-6 max-w-xl text-lg text-brand-100">
                TTT Verify checks your company, representatives, bank and documents, then issues a certificate your buyers and sellers can
                trust, in 1-2 business days.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <ButtonLink to={paths.register} variant="accent" size="lg">
                  Get Started <ArrowRight className="h-4 w-4" aria-hidden />
                </ButtonLink>
                <a href="#pricing" className={buttonClass('inverse', 'lg')}>
                  View Pricing
                </a>
              </div>
              <dl className="mt-10 grid max-w-lg grid-cols-3 gap-6 border-t border-white/10 pt-8">
                {[
                  ['1-2 days', 'Review time'],
                  ['5 checks', 'Per application'],
                  ['24 h', 'CIS after approval'],
                ].map(([v, l]) => (
                  <div key={l}>
                    <dt className="text-xs text-brand-200">{l}</dt>
                    <dd className="mt-1 text-xl font-bold text-white">{v}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div className="relative mx-auto w-full max-w-md" aria-hidden>
              <div className="absolute -inset-4 rounded-3xl bg-gold-400/10 blur-2xl" />
              <div className="relative rounded-2xl border border-white/10 bg-white p-6 shadow-2xl">
                <div className="flex items-center justify-between">
                  <Logo />
                  <span className="rounded-full bg-green-50 px-2.5 py-1 text-xs font-semibold text-green-700 ring-1 ring-green-600/20">Verified</span>
                </div>
                <p className="mt-6 text-xs font-medium uppercase tracking-wider text-slate-500">Verified Trading Partner</p>
                <p className="mt-1 text-xl font-bold text-slate-900">Meridian Commodities Pte. Ltd.</p>
                <div className="mt-5 grid grid-cols-2 gap-4 text-sm">
                  {[
                    ['Registration', '201912345K'],
                    ['Country', 'Singapore'],
                    ['Tier', 'Premium'],
                    ['Verified', 'March 14, 2026'],
                  ].map(([k, v]) => (
                    <div key={k}>
                      <p className="text-xs text-slate-500">{k}</p>
                      <p className="font-medium text-slate-800">{v}</p>
                    </div>
                  ))}
                </div>
                <div className="mt-6 flex items-center justify-between rounded-xl bg-slate-50 p-3">
                  <div className="text-xs text-slate-500">
                    Certificate ID
                    <p className="font-mono text-sm font-semibold text-slate-800">TTT-8F3K-29QD</p>
                  </div>
                  <QrCode className="h-12 w-12 text-brand-900" />
                </div>
                <ul className="mt-5 space-y-2 text-sm text-slate-700">
                  {['KYC, AML and PEP checks', 'Bank account confirmed', 'Documents reviewed'].map((t) => (
                    <li key={t} className="flex items-center gap-2">
                      <Check className="h-4 w-4 text-green-600" /> {t}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </div>
        </section>

        <section className="border-b border-slate-100 bg-slate-50">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-10 gap-y-3 px-4 py-6 text-sm font-medium text-slate-500">
            <span className="flex items-center gap-2">
              <Globe2 className="h-4 w-4" aria-hidden /> Metals, energy and agricultural traders
            </span>
            <span className="flex items-center gap-2">
              <Lock className="h-4 w-4" aria-hidden /> Encrypted document storage
            </span>
            <span className="flex items-center gap-2">
              <BadgeCheck className="h-4 w-4" aria-hidden /> Human review of every application
            </span>
          </div>
        </section>

        <section id="features" className="scroll-mt-16 py-20 lg:py-24">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Features</p>
              <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Everything a counterparty wants to know</h2>
              <p className="mt-4 text-lg text-slate-600">One application covers the checks buyers, sellers and banks ask for before a first trade.</p>
            </div>
            <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {features.map((f) => (
                <div key={f.title} className="rounded-2xl border border-slate-200 p-6 transition-shadow hover:shadow-md">
                  <div className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <f.icon className="h-6 w-6" aria-hidden />
                  </div>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{f.text}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section id="how-it-works" className="scroll-mt-16 bg-slate-50 py-20 lg:py-24">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">How It Works</p>
              <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Verified in four steps</h2>
            </div>
            <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
              {steps.map((s, i) => (
                <li key={s.title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="absolute right-5 top-5 text-4xl font-bold text-slate-100">{i + 1}</span>
                  <div className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-700 text-white">
                    <s.icon className="h-6 w-6" aria-hidden />
                  </div>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{s.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section id="pricing" className="scroll-mt-16 py-20 lg:py-24">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Pricing</p>
              <h2 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Simple, one-time pricing</h2>
              <p className="mt-4 text-lg text-slate-600">Pay once per verification. No subscriptions.</p>
            </div>
            <div className="mx-auto mt-14 grid max-w-5xl gap-6 lg:grid-cols-3">
              {plans.map((p) => (
                <div
                  key={p.name}
                  className={cn(
                    'relative flex flex-col rounded-2xl p-8',
                    p.highlighted ? 'bg-brand-950 text-white shadow-xl ring-2 ring-gold-400' : 'bg-white ring-1 ring-slate-200',
                  )}
                >
                  {p.highlighted && (
                    <span className="absolute -top-3 left-8 rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold text-brand-950">Most thorough</span>
                  )}
                  <h3 className={cn('text-lg font-semibold', p.highlighted ? 'text-white' : 'text-slate-900')}>{p.name}</h3>
                  <p className={cn('mt-1 text-sm', p.highlighted ? 'text-brand-100' : 'text-slate-500')}>{p.description}</p>
                  <p className="mt-6 flex items-baseline gap-2">
                    <span className="text-4xl font-bold">{p.price}</span>
                    <span className={cn('text-sm', p.highlighted ? 'text-brand-200' : 'text-slate-500')}>{p.period}</span>
                  </p>
                  <ul className="mt-6 flex-1 space-y-3 text-sm">
                    {p.features.map((f) => (
                      <li key={f} className="flex items-start gap-2">
                        <Check className={cn('mt-0.5 h-4 w-4 shrink-0', p.highlighted ? 'text-gold-400' : 'text-green-600')} aria-hidden />
                        {f}
                      </li>
                    ))}
                  </ul>
                  <ButtonLink to={paths.register} variant={p.highlighted ? 'accent' : 'primary'} className="mt-8 w-full">
                    {p.cta}
                  </ButtonLink>
                </div>
              ))}
              <div className="flex flex-col rounded-2xl bg-slate-50 p-8 ring-1 ring-slate-200">
                <h3 className="text-lg font-semibold text-slate-900">Enterprise</h3>
                <p className="mt-1 text-sm text-slate-500">For trading houses verifying many entities or onboarding suppliers at scale.</p>
                <p className="mt-6 text-4xl font-bold text-slate-900">Custom</p>
                <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
                  {['Volume pricing', 'Dedicated compliance contact', 'Bulk onboarding'].map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden /> {f}
                    </li>
                  ))}
                </ul>
                <a href="mailto:sales@tttverify.com?subject=Enterprise%20verification" className={buttonClass('outline', 'md', 'mt-8 w-full')}>
                  Contact Sales
                </a>
              </div>
            </div>
          </div>
        </section>

        <section className="bg-brand-900">
          <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-6 px-4 py-14 sm:px-6 lg:flex-row lg:px-8">
            <div>
              <h2 className="text-2xl font-bold text-white">Ready to show partners you are the real thing?</h2>
              <p className="mt-2 text-brand-100">Start your verification today. It takes about 15 minutes to complete.</p>
            </div>
            <ButtonLink to={paths.register} variant="accent" size="lg">
              Get Started <ArrowRight className="h-4 w-4" aria-hidden />
            </ButtonLink>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  )
}
