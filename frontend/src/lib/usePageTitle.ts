import { useEffect } from 'react'
import { SITE_NAME } from './operator'

/** pageTitle is a screen's document title: the screen, then the site. */
export function pageTitle(title: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME
}

/**
 * usePageTitle names the browser tab (and what a screen reader announces on navigation) after the
 * screen; the previous title comes back when the screen goes.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    const before = document.title
    document.title = pageTitle(title)
    return () => {
      document.title = before
    }
  }, [title])
}
