import { Fragment } from 'react'

/**
 * BreakableEmail prints an e-mail address that may wrap only after its "@" and before its dots
 * (ana.lopez@ / example.com), not in the middle of a word; a part longer than the line still wraps
 * where its container allows (overflow-wrap: anywhere).
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/)
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {p}
        </Fragment>
      ))}
    </>
  )
}
