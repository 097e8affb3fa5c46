import { Link } from 'react-router'
import { cn } from '../../lib/cn'
import { OPERATOR } from '../../lib/operator'
import { paths } from '../../lib/paths'

/**
 * SiteFooter names who runs the service and links the Terms and the Privacy Policy; `compact` stacks
 * it without a band, under a narrow column (the sign-in form). `column` gives the width and padding of
 * the page's own column, so that the footer lines up with it (the public certificate's narrow card).
 */
export function SiteFooter({ compact, className, column = 'max-w-7xl px-4 sm:px-6 lg:px-8' }: { compact?: boolean; className?: string; column?: string }) {
  const legal = [OPERATOR.address, OPERATOR.registration].filter(Boolean).join(' · ')
  return (
    <footer className={cn(!compact && 'border-t border-slate-200 bg-white', className)}>
      <div
        className={cn(
          'mx-auto flex flex-col gap-4 text-sm text-slate-600',
          compact ? 'py-2' : cn(column, 'py-6 md:flex-row md:items-center md:justify-between'),
        )}
      >
        <div className="space-y-1">
          <p>
            © {new Date().getFullYear()} {OPERATOR.name}. All rights reserved.
          </p>
          {legal && <p data-testid="operator-legal">{legal}</p>}
        </div>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to={paths.terms} className="font-medium text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline">
            Terms of Service
          </Link>
          <Link to={paths.privacy} className="font-medium text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline">
            Privacy Policy
          </Link>
          <a href={`mailto:${OPERATOR.email}`} className="font-medium text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline">
            {OPERATOR.email}
          </a>
        </nav>
      </div>
    </footer>
  )
}
