import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// Screens load as lazy chunks; on two busy cores the first import of one can take longer than the
// default second that findBy* waits.
configure({ asyncUtilTimeout: 5000 })

// jsdom lacks ResizeObserver, which Radix primitives use to measure themselves.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver

// jsdom lacks the pointer-capture and scrolling calls Radix Select makes when it opens by pointer.
Element.prototype.hasPointerCapture ??= () => false
Element.prototype.releasePointerCapture ??= () => {}
Element.prototype.scrollIntoView ??= () => {}
