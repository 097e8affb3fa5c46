import { useField } from 'formik'
import { useEffect, useState } from 'react'
import { TextField } from '../../components/form/fields'
import { passwordScore, strengthHint } from './strength'

/**
 * NewPasswordField is a password being chosen (register, change, reset), with a strength hint under
 * it once something is typed. The hint only advises: the server refuses what the rules refuse (the
 * length and the list of common passwords) and its message shows at the field.
 */
export function NewPasswordField({ name, label }: { name: string; label: string }) {
  const [{ value }] = useField<string>(name)
  const [score, setScore] = useState<number>()
  useEffect(() => {
    if (!value) return
    let live = true
    void passwordScore(value).then((s) => {
      if (live) setScore(s)
    })
    return () => {
      live = false
    }
  }, [value])
  // The last score shown stays while the next one is computed, so the line does not flicker.
  const hint = value && score !== undefined ? strengthHint(score) : undefined
  return <TextField name={name} label={label} type="password" autoComplete="new-password" hint={hint} />
}
