import { fetchEarly } from './early'
import { firstLoads } from './screens'

// boot is the first script index.html runs (a small file of its own): it starts the first screen's
// code and API reads while the main script, React and the router, is still downloading, instead
// of after the main script has run.
const first = firstLoads(window.location.pathname)
if (first) {
  for (const path of first.api) fetchEarly(path)
  for (const code of first.code) void code()
}
