import { OPERATOR } from '../../lib/operator'
import { Clause, LegalPage, Operator } from './LegalPage'

/** PrivacyPage is the Privacy Policy: what the service keeps about whom, why, for how long, and who sees it. */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          TTT Verify is run by <Operator /> (“we”), responsible for the personal data the service handles. This policy says what we collect, why, who
          sees it and how long we keep it.
        </p>
      }
    >
      <Clause title="1. What we collect">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Your account: e-mail address, a hash of your password (never the password itself), and when you signed in.</li>
          <li>Your company: registration, tax and contact details, trade information and banking details.</li>
          <li>Your representatives: name, position, nationality, date of birth, passport or ID details and a copy of the document.</li>
          <li>Documents you upload, and a record of every step of your application (submitted, paid, approved, rejected).</li>
          <li>Payments: amount, date and the payment provider’s reference. Card details go straight to the provider and never reach us.</li>
        </ul>
      </Clause>
      <Clause title="2. Why">
        <p>
          To verify your company and issue and maintain its certificate (the contract you enter when you apply); for Top verifications, to screen the
          company and its representatives against sanctions and politically exposed persons lists (our legal obligations and legitimate interest in
          preventing financial crime); and to keep records the law requires. We do not sell data or use it for advertising.
        </p>
      </Clause>
      <Clause title="3. Who sees it">
        <p>
          Our compliance reviewers. The public certificate page shows only the company details listed in our Terms of Service. A CIS reaches whoever you
          send a temporary link to. Service providers process data for us under contract: our payment provider, our e-mail provider and our hosting and
          storage provider.
        </p>
      </Clause>
      <Clause title="4. How long">
        <p>
          For as long as your certificate is valid and then for five years, the usual retention period of anti-money-laundering records, unless a longer
          period is required by law. Deleted drafts are kept out of every view and removed with the rest of your data when that period ends.
        </p>
      </Clause>
      <Clause title="5. Cookies">
        <p>One cookie keeps you signed in; it is needed for the service to work. We use no tracking or advertising cookies.</p>
      </Clause>
      <Clause title="6. Your rights">
        <p>
          You can ask for a copy of your data, have it corrected, object to its use or ask for it to be erased where we are not required to keep it, and
          complain to your data protection authority. Write to{' '}
          <a href={`mailto:${OPERATOR.email}`} className="font-medium text-brand-700 underline underline-offset-2">
            {OPERATOR.email}
          </a>
          .
        </p>
      </Clause>
    </LegalPage>
  )
}
