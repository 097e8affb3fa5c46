import { useParams } from 'react-router'
import { RecordState } from '../../components/ui/StateCard'
import { useAdminGetVerificationQuery } from './adminApi'
import { BackButton } from './review/BackButton'
import { Review } from './review/Review'
import { FRESH } from './review/useReviewSections'

/** AdminReviewPage loads one verification for review (/admin/verifications/:id). */
export default function AdminReviewPage() {
  const params = useParams()
  const id = Number(params.id)
  const valid = Number.isInteger(id) && id > 0
  const query = useAdminGetVerificationQuery(id, { skip: !valid, ...FRESH })
  return (
    <RecordState valid={valid} query={query} notFound="There is no verification with this ID." action={<BackButton />} hidden={[404]}>
      {(v) => <Review v={v} />}
    </RecordState>
  )
}
