// check-api regenerates the API types from the OpenAPI document into a temporary file and fails
// when the committed src/lib/api-schema.d.ts differs, so a changed API cannot ship stale types.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const committed = path.join(root, 'src/lib/api-schema.d.ts')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-schema-'))
const fresh = path.join(dir, 'api-schema.d.ts')
try {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/openapi-typescript/bin/cli.js'), path.join(root, '../adapters/http/openapi.json'), '-o', fresh],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const want = fs.readFileSync(fresh, 'utf8')
  const have = fs.existsSync(committed) ? fs.readFileSync(committed, 'utf8') : ''
  if (want !== have) {
    console.error('src/lib/api-schema.d.ts is stale: run `npm run gen:api` and commit the result.')
    process.exit(1)
  }
  console.log('src/lib/api-schema.d.ts matches adapters/http/openapi.json')
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
