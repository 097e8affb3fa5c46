import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// The app's pages load lazily; on a busy machine the first import of a chunk takes longer than
// Testing Library's default second, which made the whole-app routing tests fail now and then.
configure({ asyncUtilTimeout: 5_000 })

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
