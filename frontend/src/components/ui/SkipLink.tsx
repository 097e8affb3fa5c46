/** MAIN_ID is the id of every screen's main region, where the skip link lands. */
export const MAIN_ID = 'main'

/** SkipLink is the first stop of the Tab key: it jumps over the navigation to the screen's content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-[200] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to main content
    </a>
  )
}
