// The read-only views of a verification's five sections, shared by the owner's overview (a summary)
// and the reviewer's page (`detailed`).
export { BankingView } from './BankingView'
export { CompanyView } from './CompanyView'
export { DocumentsView, groupDocuments } from './DocumentsView'
export { OwnersView, controlLabels } from './OwnersView'
export { RepresentativesView } from './RepresentativesView'
export { TradeView } from './TradeView'
export { SectionCard, type SectionViewProps } from './SectionCard'
