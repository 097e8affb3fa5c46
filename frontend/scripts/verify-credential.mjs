// verify-credential.mjs checks a TTT Verify credential as an outside verifier would, with the npm
// `jose` package and nothing of the server's code: the issuer's keys come from its did:web document
// (/.well-known/did.json), the revocation bit from the signed Bitstring Status List it points to.
//
//   node scripts/verify-credential.mjs SERVER CREDENTIAL_FILE
//
// SERVER is where the server answers (a test server's address); the credential's own URLs, made
// from PUBLIC_BASE_URL, are fetched there. Prints the verified header, payload, status index and
// bit as JSON; exits 1 with a message when anything does not verify.
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose'

const [server, file] = process.argv.slice(2)
if (!server || !file) {
  console.error('usage: verify-credential.mjs SERVER CREDENTIAL_FILE')
  process.exit(2)
}

// local turns an address of the public host into the same path on SERVER.
const local = (address) => {
  const u = new URL(address)
  return new URL(u.pathname + u.search, server).toString()
}

async function get(address, accept) {
  const res = await fetch(local(address), { headers: { Accept: accept } })
  if (!res.ok) throw new Error(`GET ${address}: ${res.status}`)
  return res.text()
}

// didWebDocument resolves a did:web to its document's address (did:web:host%3Aport[:path]).
function didWebDocument(did) {
  const [host, ...path] = did.slice('did:web:'.length).split(':')
  const base = `https://${decodeURIComponent(host)}`
  return path.length ? `${base}/${path.map(decodeURIComponent).join('/')}/did.json` : `${base}/.well-known/did.json`
}

// verify checks a vc+jwt against the key its kid names in the issuer's did:web document.
async function verify(jwt) {
  const header = decodeProtectedHeader(jwt)
  if (header.typ !== 'vc+jwt') throw new Error(`typ is ${header.typ}, not vc+jwt`)
  const did = String(header.kid).split('#')[0]
  if (!did.startsWith('did:web:')) throw new Error(`kid ${header.kid} is not a did:web key`)
  const doc = JSON.parse(await get(didWebDocument(did), 'application/did+json'))
  if (doc.id !== did) throw new Error(`the document of ${did} names ${doc.id}`)
  const method = doc.verificationMethod.find((m) => m.id === header.kid)
  if (!method || !doc.assertionMethod.includes(header.kid)) throw new Error(`${header.kid} is not an assertion key of ${did}`)
  const key = await importJWK(method.publicKeyJwk, header.alg)
  const { payload } = await jwtVerify(jwt, key, { typ: 'vc+jwt' })
  const issuer = typeof payload.issuer === 'string' ? payload.issuer : payload.issuer?.id
  if (issuer !== did) throw new Error(`issued by ${issuer}, signed by a key of ${did}`)
  if (payload['@context']?.[0] !== 'https://www.w3.org/ns/credentials/v2') throw new Error('not a VC 2.0 credential')
  return { header, payload }
}

// statusBit reads the bit at index of a BitstringStatusListCredential's encodedList: multibase
// base64url ("u"), GZIP, index 0 the left-most bit of the first byte.
function statusBit(list, index) {
  const encoded = list.credentialSubject.encodedList
  if (!encoded.startsWith('u')) throw new Error('encodedList lacks the multibase prefix u')
  const bits = gunzipSync(Buffer.from(encoded.slice(1), 'base64url'))
  if (bits.length * 8 < 131072) throw new Error(`the list has ${bits.length * 8} entries, fewer than 131072`)
  return (bits[index >> 3] >> (7 - (index & 7))) & 1
}

try {
  const credential = await verify(readFileSync(file, 'utf8').trim())
  const status = credential.payload.credentialStatus
  if (status?.type !== 'BitstringStatusListEntry' || status.statusPurpose !== 'revocation') {
    throw new Error('no revocation status entry')
  }
  const list = await verify(await get(status.statusListCredential, 'application/vc+jwt'))
  if (!list.payload.type.includes('BitstringStatusListCredential') || list.payload.credentialSubject.statusPurpose !== 'revocation') {
    throw new Error('the status list is not a revocation BitstringStatusListCredential')
  }
  const index = Number(status.statusListIndex)
  console.log(JSON.stringify({ ...credential, statusIndex: index, revoked: statusBit(list.payload, index) }, null, 2))
} catch (err) {
  console.error(`not verified: ${err.message}`)
  process.exit(1)
}
