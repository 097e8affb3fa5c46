/// <reference types="node" />
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Features never import each other, and shared code (components, lib) never imports features or
// app; this stands in for eslint's import/no-restricted-paths.
const SRC = path.resolve(import.meta.dirname, '..')

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    return e.isDirectory() ? files(p) : /\.(ts|tsx)$/.test(e.name) ? [p] : []
  })
}

function imports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8')
  return [...src.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]).filter((s) => s.startsWith('.'))
}

function area(abs: string): string {
  const rel = path.relative(SRC, abs).split(path.sep)
  return rel[0] === 'features' ? `features/${rel[1]}` : rel[0]
}

describe('import boundaries', () => {
  const all = files(SRC).filter((f) => !f.includes(`${path.sep}test${path.sep}`))

  it('keeps features independent of each other', () => {
    const bad: string[] = []
    for (const f of all.filter((f) => area(f).startsWith('features/'))) {
      for (const i of imports(f)) {
        const target = area(path.resolve(path.dirname(f), i))
        if (target.startsWith('features/') && target !== area(f)) bad.push(`${path.relative(SRC, f)} -> ${i}`)
      }
    }
    expect(bad).toEqual([])
  })

  it('keeps components and lib free of features and app', () => {
    const bad: string[] = []
    for (const f of all.filter((f) => ['components', 'lib'].includes(area(f)))) {
      for (const i of imports(f)) {
        const target = area(path.resolve(path.dirname(f), i))
        if (target.startsWith('features/') || target === 'app') bad.push(`${path.relative(SRC, f)} -> ${i}`)
      }
    }
    expect(bad).toEqual([])
  })
})
