import { Link } from 'react-router'
import { OPERATOR } from '../../lib/operator'
import { paths } from '../../lib/paths'
import { Clause, LegalPage, Operator } from './LegalPage'

/** TermsPage is the Terms of Service the register form links to. */
export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms govern your use of TTT Verify, which verifies commodity trading companies and issues certificates counterparties can check. The
          service is run by <Operator /> (“we”). By creating an account you accept these terms on behalf of yourself and the company you apply for.
        </p>
      }
    >
      <Clause title="1. The service">
        <p>
          You apply for a verification of your company in one of two tiers. Basic ($49) covers company information, representatives, banking information and
          a review of your documents, and yields a certificate and a Client Information Sheet (CIS). Top ($299) adds KYC, AML and PEP checks and a premium
          digital certificate. A Basic verification can be upgraded to Top by paying the difference.
        </p>
        <p>
          A certificate states that our compliance team reviewed the information and documents you gave us and found them in order on the date of
          approval. It is not a guarantee of your company’s performance, creditworthiness or conduct, and counterparties remain responsible for their own
          decisions.
        </p>
      </Clause>
      <Clause title="2. Your account and your application">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>You must be authorised to act for the company you apply for, and keep your password to yourself.</li>
          <li>Everything you submit must be true, complete and authentic; you confirm this with the declaration on the documents step.</li>
          <li>You may edit an application while it is a draft. Once submitted, it is reviewed as submitted; if we reject it you can correct and resubmit it.</li>
        </ul>
      </Clause>
      <Clause title="3. Fees and payment">
        <p>
          Fees are shown in US dollars before you pay and are charged by card through our payment provider; we never see or store your card details.
          The fee pays for the review, whatever its outcome, so it is not refunded once a review has started. A resubmission after a rejection is not
          charged again. Coupons apply to the verification fee, not to upgrades.
        </p>
      </Clause>
      <Clause title="4. Review, approval and certificates">
        <p>
          Reviews usually take 1-2 business days. We may approve or reject an application, and we tell you the reason for a rejection. An approved
          certificate is valid for 12 months. We may revoke a certificate if we learn that information behind it was false or no longer holds; the public
          certificate page then shows it as revoked.
        </p>
      </Clause>
      <Clause title="5. What is public">
        <p>
          An approved verification has a public certificate page showing your company’s name, registration number, country, registered address, e-mail,
          tier, verification date and certificate ID. Your documents, your representatives’ personal data and your banking details are never public; you
          decide who receives your CIS through temporary links.
        </p>
      </Clause>
      <Clause title="6. Liability">
        <p>
          We carry out reviews with reasonable care and skill. To the extent the law allows, our liability for any claim about the service is limited to
          the fees you paid for the verification concerned, and we are not liable for losses arising from trades between you and third parties.
        </p>
      </Clause>
      <Clause title="7. Ending the service">
        <p>
          You may stop using the service at any time. We may suspend an account that is used to submit false information. Records we must keep by law are
          kept as our <Link to={paths.privacy} className="font-medium text-brand-700 underline underline-offset-2">Privacy Policy</Link> describes.
        </p>
      </Clause>
      <Clause title="8. Changes and contact">
        <p>
          We will tell you by e-mail before changes to these terms take effect. Questions:{' '}
          <a href={`mailto:${OPERATOR.email}`} className="font-medium text-brand-700 underline underline-offset-2">
            {OPERATOR.email}
          </a>
          .
        </p>
      </Clause>
    </LegalPage>
  )
}
