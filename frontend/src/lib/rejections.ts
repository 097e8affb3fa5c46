/** Section is a part of the application a rejection can send the applicant back to. */
export type Section = 'company' | 'representatives' | 'banking' | 'trade' | 'documents'

/**
 * STANDARD_REJECTIONS are the rejections reviewers write most, worded for the applicant (what is
 * wrong and what to upload or correct), each with the section where it is put right. Reviewers
 * pick them in the reject dialog; the applicant's Update and Resubmit opens that section.
 */
export const STANDARD_REJECTIONS: readonly { reason: string; section: Section }[] = [
  { reason: 'The documents are not readable. Please upload clear, complete scans of every page.', section: 'documents' },
  {
    reason:
      'The certificate of incorporation does not match the company details entered. Please correct the company information or upload the right certificate.',
    section: 'company',
  },
  { reason: 'The business licence has expired. Please upload a licence that is currently in force.', section: 'documents' },
  { reason: 'The shareholder information does not name the ultimate beneficial owners. Please upload a register that shows them.', section: 'documents' },
  {
    reason: "A representative's passport or ID is missing or has expired. Please upload a valid document for every representative.",
    section: 'representatives',
  },
  { reason: "The bank account is not held in the company's name. Please provide an account held by the company.", section: 'banking' },
]

/** rejectionSection is the section a standard rejection names; another reason names none. */
export function rejectionSection(reason: string | null | undefined): Section | null {
  const r = reason?.trim()
  return STANDARD_REJECTIONS.find((s) => s.reason === r)?.section ?? null
}
