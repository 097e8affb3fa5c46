/** STEPS are the draft's sections in the order the applicant fills them in. */
export const STEPS = ['company', 'representatives', 'banking', 'trade', 'documents'] as const
export type Step = (typeof STEPS)[number]
