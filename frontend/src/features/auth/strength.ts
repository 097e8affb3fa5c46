import type { ZxcvbnFactory } from '@zxcvbn-ts/core'

let estimator: Promise<ZxcvbnFactory> | undefined

/**
 * loadEstimator loads zxcvbn-ts and its common-password dictionary (about 1 MB) once, when a new
 * password is first typed: the sign-in page's first load never carries them.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  )
  return estimator
}

/** passwordScore is zxcvbn's guessability score, 0 (guessed at once) to 4 (very hard to guess). */
export async function passwordScore(password: string): Promise<number> {
  return (await loadEstimator()).check(password).score
}

const labels = ['very weak', 'weak', 'fair', 'good', 'strong']

/** strengthHint is the line under a new password: its strength, and how to make a weak one better. */
export function strengthHint(score: number): string {
  const label = `Strength: ${labels[score] ?? labels[0]}`
  return score < 3 ? `${label}. A few uncommon words together make a strong password.` : `${label}.`
}
