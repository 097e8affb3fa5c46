import { useCallback, useState } from 'react'

/** LANDMARKS are the page's landmark elements a popup can be drawn inside. */
const LANDMARKS = 'main, header, footer, nav, aside'

/**
 * useLandmarkContainer gives a popup (select list, menu) the landmark its trigger sits in as its
 * portal's container, so that its content belongs to a region of the page like the rest. Pass the
 * returned ref to the trigger and the container to the portal; inside a dialog, or anywhere without
 * a landmark, the container is undefined and the popup goes to the end of the body as before.
 */
export function useLandmarkContainer(): [(el: HTMLElement | null) => void, HTMLElement | undefined] {
  const [container, setContainer] = useState<HTMLElement | undefined>(undefined)
  const ref = useCallback((el: HTMLElement | null) => {
    const landmark = el?.closest<HTMLElement>(LANDMARKS)
    setContainer(landmark && !el?.closest('[role="dialog"]') ? landmark : undefined)
  }, [])
  return [ref, container]
}
