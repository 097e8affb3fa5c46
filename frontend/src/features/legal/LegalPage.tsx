import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Logo } from '../../components/ui/Logo'
import { SiteFooter } from '../../components/ui/SiteFooter'
import { MAIN_ID, SkipLink } from '../../components/ui/SkipLink'
import { OPERATOR } from '../../lib/operator'
import { paths } from '../../lib/paths'
import { usePageTitle } from '../../lib/usePageTitle'

/** LEGAL_UPDATED is when the Terms and the Privacy Policy last changed. */
export const LEGAL_UPDATED = '23 November 2026'

/** Clause is one numbered section of a legal page. */
export function Clause({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

/** Operator says who "we" are, with the details the build was given. */
export function Operator() {
  return (
    <>
      {OPERATOR.name}
      {OPERATOR.address && `, ${OPERATOR.address}`}
      {OPERATOR.registration && ` (${OPERATOR.registration})`}
    </>
  )
}

/** LegalPage is the public frame of the Terms and the Privacy Policy: the logo home, the text, the footer. */
export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  usePageTitle(title)
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <Link to={paths.home} aria-label="TTT Verify home">
            <Logo />
          </Link>
          <Link to={paths.auth} className="text-sm font-medium text-brand-700 hover:underline">
            Sign in
          </Link>
        </div>
      </header>
      <main id={MAIN_ID} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated {LEGAL_UPDATED}</p>
        <div className="mt-6 text-base leading-7 text-slate-700">{intro}</div>
        <div className="mt-8 space-y-8 text-sm leading-6 text-slate-700">{children}</div>
      </main>
      <SiteFooter />
    </div>
  )
}
