/// <reference types="node" />
import fs from 'node:fs'
import os from 'node:os'
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

/** imports lists the files of src/ that `file` imports, by absolute path: relative and '@/' imports. */
function imports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8')
  return [...src.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].flatMap(([, s]) =>
    s.startsWith('.') ? [path.resolve(path.dirname(file), s)] : s.startsWith('@/') ? [path.join(SRC, s.slice(2))] : [],
  )
}

function area(abs: string): string {
  const rel = path.relative(SRC, abs).split(path.sep)
  return rel[0] === 'features' ? `features/${rel[1]}` : rel[0]
}

describe('import boundaries', () => {
  it("reads '@/' imports as files of src/, like relative ones", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-')), 'probe.ts')
    fs.writeFileSync(file, "import { a } from '@/features/auth/authApi'\nimport { b } from './near'\nimport c from 'react'\n")
    expect(imports(file)).toEqual([path.join(SRC, 'features/auth/authApi'), path.join(path.dirname(file), 'near')])
  })

  const all = files(SRC).filter((f) => !f.includes(`${path.sep}test${path.sep}`))

  it('keeps features independent of each other', () => {
    const bad: string[] = []
    for (const f of all.filter((f) => area(f).startsWith('features/'))) {
      for (const i of imports(f)) {
        const target = area(i)
        if (target.startsWith('features/') && target !== area(f)) bad.push(`${path.relative(SRC, f)} -> ${path.relative(SRC, i)}`)
      }
    }
    expect(bad).toEqual([])
  })

  it('keeps components and lib free of features and app', () => {
    const bad: string[] = []
    for (const f of all.filter((f) => ['components', 'lib'].includes(area(f)))) {
      for (const i of imports(f)) {
        const target = area(i)
        if (target.startsWith('features/') || target === 'app') bad.push(`${path.relative(SRC, f)} -> ${path.relative(SRC, i)}`)
      }
    }
    expect(bad).toEqual([])
  })
})
