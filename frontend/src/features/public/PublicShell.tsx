import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Logo } from '../../components/ui/Logo'
import { SiteFooter } from '../../components/ui/SiteFooter'
import { MAIN_ID, SkipLink } from '../../components/ui/SkipLink'
import { paths } from '../../lib/paths'

/** PublicShell frames the pages a counterparty opens without an account: the certificate and its follow links. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-100">
      <SkipLink />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-4">
          <Link to={paths.home} aria-label="TTT Verify home">
            <Logo />
          </Link>
          <span className="text-xs font-medium uppercase tracking-wide text-slate-500">Certificate check</span>
        </div>
      </header>
      <main id={MAIN_ID} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:py-12">
        {children}
      </main>
      <SiteFooter column="max-w-3xl px-4" />
    </div>
  )
}
