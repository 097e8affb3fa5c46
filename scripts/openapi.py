# Generates adapters/http/openapi.json, the API description served at /api/openapi.json.
# Edit this file, then run: python3 scripts/openapi.py [extra.json]
import json, os, sys
S = lambda **kw: dict(type="string", **kw)
NS = lambda **kw: dict(type="string", nullable=True, **kw)
I = lambda **kw: dict(type="integer", **kw)
NI = lambda **kw: dict(type="integer", nullable=True, **kw)
B = dict(type="boolean")
T = S(format="date-time")
NT = NS(format="date-time")
def obj(props, required=None, extra=False):
    o = dict(type="object", properties=props, additionalProperties=extra)
    o["required"] = list(props.keys()) if required is None else required
    return o
ref = lambda n: {"$ref": "#/components/schemas/" + n}
arr = lambda s: dict(type="array", items=s)
stamps = dict(createdAt=T, updatedAt=T)

company = dict(companyName=S(), registrationNumber=S(), registeredAddress=S(), operatingAddress=S(), phoneNumber=S(),
    email=S(), website=S(), countryOfIncorporation=S(), dateOfIncorporation=S(), taxId=S())
rep = dict(fullName=S(), position=S(), nationality=S(), dateOfBirth=S(), passportNumber=S(), issuingCountry=S(),
    expiryDate=S(), email=S(), phoneNumber=S())
bank = dict(bankName=S(), bankAddress=S(), accountName=S(), accountNumber=S(), swiftCode=S(), currency=S(), bankContact=S())
trade = dict(productsTraded=S(), otherProducts=S(), incoterms=S(), targetQuantity=S(), preferredOrigin=S(), targetPrice=S(), pastTransactions=S())
echoed = dict(id=I(), verificationId=I(), createdAt=T, updatedAt=T)

verification = dict(id=I(), userId=I(), userEmail=S(),
    companyName=S(description="the company's name, in list rows and admin views once the company section is saved"), tier=S(enum=["basic","top"]),
    status=S(enum=["draft","submitted","in_review","approved","rejected"]), progress=I(minimum=0, maximum=100),
    publicId=S(), rejectionReason=NS(), deleted=B, paymentStatus=S(enum=["pending","paid","failed"]),
    paymentAmount=NI(), paymentId=NS(), paymentDate=NT, cisFormPath=NS(), cisFormGeneratedAt=NT, approvedAt=NT,
    expiresAt=NT, revokedAt=NT, revocationReason=NS(), **stamps, actions=ref("Actions"),
    screening=dict(allOf=[ref("ApplicantScreening")], nullable=True, description="Top only (null for Basic): whether the checks run or are done, never their results"))
vreq = [k for k in verification if k not in ("userEmail", "companyName")]
schemas = {
  "Error": obj(dict(message=S(), errors=dict(type="object", additionalProperties=S()), missing=arr(S())), ["message"]),
  "User": obj(dict(id=I(), email=S(format="email"), isAdmin=B, createdAt=T)),
  "Credentials": obj(dict(email=S(), password=S())),
  "ChangePassword": obj(dict(currentPassword=S(), newPassword=S())),
  "PasswordResetRequest": obj(dict(email=S())),
  "PasswordResetConfirm": obj(dict(token=S(), newPassword=S())),
  "Message": obj(dict(message=S())),
  "Actions": obj(dict(submit=B, resubmit=B, pay=B, delete=B, upgrade=B, decide=B)),
  "Verification": obj(verification, vreq),
  "ApplicantScreening": obj(dict(status=S(enum=["pending","running","done"]))),
  "AdminVerification": obj(dict(verification, certificateStatus=NS(enum=["valid","expired","revoked"]),
      screening=dict(allOf=[ref("AdminScreeningSummary")], nullable=True, description="Top only (null for Basic)")), vreq + ["userEmail", "certificateStatus"]),
  "AdminScreeningSummary": obj(dict(status=S(enum=["pending","running","done","failed"]), attention=B)),
  "NewVerification": obj(dict(tier=S(enum=["basic","top"]))),
  "Company": obj(dict(verificationId=I(), **company, **stamps)),
  "CompanyInput": obj(dict(**company, **echoed), []),
  "Representative": obj(dict(id=I(), verificationId=I(), **rep, passportFileId=NI(), documentUrl=NS(), **stamps)),
  "RepresentativeInput": obj(dict(**rep, **echoed, passportFileId=NI(), documentUrl=NS()), []),
  "Banking": obj(dict(verificationId=I(), **bank, referenceFileId=NI(), referenceUrl=NS(), **stamps)),
  "BankingInput": obj(dict(**bank, **echoed, referenceFileId=NI(), referenceUrl=NS()), []),
  "Trade": obj(dict(verificationId=I(), **trade, **stamps)),
  "TradeInput": obj(dict(**trade, **echoed), []),
  "Document": obj(dict(id=I(), verificationId=I(), type=S(enum=["incorporation_certificate","business_license","shareholder_info","passport","company_profile","bank_reference","additional"]),
      filename=S(), originalFilename=S(), mimeType=S(enum=["application/pdf","image/jpeg","image/png"]), size=I(), objectPath=S(), url=S(), createdAt=T)),
  "Upload": dict(type="object", properties=dict(file=S(format="binary"), type=S()), required=["file"]),
  "Reason": obj(dict(reason=S())),
  "Stats": obj(dict(total=I(), draft=I(), submitted=I(), in_review=I(), approved=I(), rejected=I(),
      screeningAttention=I(description="Top verifications whose screening needs a reviewer (the filter screening=attention)"))),
  "AuditEvent": obj(dict(id=I(), actorEmail=NS(), action=S(), fromStatus=NS(), toStatus=NS(), reason=NS(), createdAt=T)),
  "CISForm": obj(dict(url=S(), generatedAt=T)),
  "Share": obj(dict(success=B, url=S(), expiresAt=T)),
  "ShareLink": obj(dict(id=I(), createdAt=T, expiresAt=T, used=B, usedAt=NT)),
  "PublicVerification": obj(dict(publicId=S(), certificateId=S(), companyName=S(), registrationNumber=S(), country=S(),
      registeredAddress=S(), email=S(), tier=S(enum=["basic","top"]), checks=arr(ref("CertificateCheck")), status=S(enum=["approved"]),
      certificateStatus=S(enum=["valid","expired","revoked"]), verifiedAt=T, expiresAt=T, revokedAt=NT, fingerprint=S(pattern="^[0-9a-f]{64}$"))),
  "CertificateCheck": dict(obj(dict(kind=S(enum=["verification","sanctions","pep","jurisdiction","kyc"]), label=S(), result=S(),
      text=S(description="the full sentence, e.g. 'Sanctions screening: no match. OFAC SDN of 20 Nov 2026, UN of 19 Nov 2026. Screened 23 Nov 2026, monitored daily'"),
      date=NS(format="date", description="when the check ran (the approval date for the verification itself)"))),
      description="One check the certificate claims; a check that did not run is absent"),
  "PublicCompany": obj(dict(companyName=S(), registrationNumber=S(), countryOfIncorporation=S(), registeredAddress=S(), email=S())),
  "PublicDocument": obj(dict(type=S(), createdAt=T)),
}

def resp(desc, schema=None, ctype="application/json", headers=None):
    r = dict(description=desc)
    if schema is not None:
        r["content"] = {ctype: dict(schema=schema)}
    if headers:
        r["headers"] = headers
    return r
err = lambda d: resp(d, ref("Error"))
E = {"400": err("Bad input"), "401": err("Not signed in"), "403": err("Not allowed"), "404": err("Not found or not yours"),
     "409": err("Not allowed in the current state"), "413": err("Too large"), "415": err("Unsupported type"),
     "422": err("Incomplete"), "429": err("Throttled"), "410": err("Expired"), "503": err("A dependency is down"), "500": err("Server error")}
def errs(*codes): return {c: E[c] for c in codes}
def jbody(name): return dict(required=True, content={"application/json": dict(schema=ref(name))})
mbody = dict(required=True, content={"multipart/form-data": dict(schema=ref("Upload"))})
idp = lambda n="id": dict(name=n, **{"in": "path"}, required=True, schema=S())
q = lambda n, s=None: dict(name=n, **{"in": "query"}, required=False, schema=s or S())
listq = [q("page", S(pattern="^[0-9]+$")), q("pageSize", S(pattern="^[0-9]+$")), q("sort", S(enum=["id","status","tier","createdAt","updatedAt"])),
         q("order", S(enum=["asc","desc"])),
         dict(q("status"), description="one status, or several separated by commas (draft,submitted)"), q("tier")]
total = {"X-Total-Count": dict(description="Total matching rows", schema=S(pattern="^[0-9]+$"))}
pdf = dict(type="string", format="binary")
U = ("400","401","404")

paths = {}
def op(path, method, summary, ok, body=None, params=None, codes=("400","401"), okcode="200", tag=None):
    if "400" not in codes:  # every route refuses control characters in its path and query (issue 28)
        codes = ("400",) + tuple(codes)
    o = dict(summary=summary, responses={okcode: ok, **errs(*codes)})
    if body: o["requestBody"] = body
    if params: o["parameters"] = params
    if tag: o["tags"] = [tag]
    paths.setdefault(path, {})[method] = o

op("/api/user", "get", "The signed-in user", resp("The user", ref("User")), codes=("401",), tag="auth")
op("/api/register", "post", "Create an account and sign in", resp("Created", ref("User")), jbody("Credentials"), okcode="201", codes=("400","409","415","429"), tag="auth")
op("/api/login", "post", "Sign in", resp("Signed in", ref("User")), jbody("Credentials"), codes=("400","401","415","429"), tag="auth")
op("/api/logout", "post", "Sign out (ends the session on the server)", resp("Signed out"), okcode="204", codes=(), tag="auth")
op("/api/change-password", "post", "Change the password; other sessions end", resp("Changed"), jbody("ChangePassword"), okcode="204", codes=("400","401","429"), tag="auth")
op("/api/password-reset/request", "post", "Send a one-time reset link to the account with this e-mail, if there is one; the same answer either way",
   resp("Accepted (whether or not the account exists)", ref("Message")), jbody("PasswordResetRequest"), okcode="202", codes=("400","415","429"), tag="auth")
op("/api/password-reset/confirm", "post", "Set a new password through a reset link; every session of the account ends",
   resp("Password set"), jbody("PasswordResetConfirm"), okcode="204", codes=("400","415","429"), tag="auth")

V = "/api/verifications/{id}"
op("/api/verifications", "get", "List the user's verifications", resp("One page", arr(ref("Verification")), headers=total), params=listq, tag="verifications")
op("/api/verifications", "post", "Start a verification", resp("Created", ref("Verification")), jbody("NewVerification"), okcode="201", codes=("400","401","409"), tag="verifications")
op(V, "get", "One verification", resp("The verification", ref("Verification")), params=[idp()], codes=U, tag="verifications")
op(V, "delete", "Delete (owner: a never-paid draft; admin: any)", resp("Deleted"), params=[idp()], okcode="204", codes=U+("409",), tag="verifications")
op(V+"/submit", "post", "Submit a complete draft", resp("Submitted", ref("Verification")), params=[idp()], codes=U+("409","422"), tag="verifications")
op(V+"/resubmit", "post", "Reopen a rejected verification", resp("Back to draft", ref("Verification")), params=[idp()], codes=U+("409",), tag="verifications")
for path, name in [("company-info","Company"),("banking-info","Banking"),("trade-info","Trade")]:
    op(V+"/"+path, "get", "Read the section (null when never saved)", resp("The section", dict(allOf=[ref(name)], nullable=True)), params=[idp()], codes=U, tag="sections")
    for m in ("post","put"):
        op(V+"/"+path, m, "Save the section of a draft", resp("Saved", ref(name)), jbody(name+"Input"), params=[idp()], codes=U+("409","413","415"), tag="sections")
op(V+"/banking-info/reference", "post", "Upload the bank reference letter", resp("Stored", ref("Document")), mbody, params=[idp()], okcode="201", codes=U+("409","413","415","503"), tag="sections")
op(V+"/representatives", "get", "List representatives", resp("Representatives", arr(ref("Representative"))), params=[idp()], codes=U, tag="sections")
op(V+"/representatives", "post", "Add a representative", resp("Added", ref("Representative")), jbody("RepresentativeInput"), params=[idp()], okcode="201", codes=U+("409","415"), tag="sections")
R = V+"/representatives/{repId}"
op(R, "put", "Update a representative", resp("Updated", ref("Representative")), jbody("RepresentativeInput"), params=[idp(), idp("repId")], codes=U+("409","415"), tag="sections")
op(R, "delete", "Remove a representative", resp("Removed"), params=[idp(), idp("repId")], okcode="204", codes=U+("409",), tag="sections")
op(R+"/passport", "post", "Upload a representative's passport", resp("Stored", ref("Document")), mbody, params=[idp(), idp("repId")], okcode="201", codes=U+("409","413","415","503"), tag="sections")
op(V+"/documents", "get", "List documents", resp("Documents", arr(ref("Document"))), params=[idp()], codes=U, tag="documents")
op(V+"/documents", "post", "Upload a document (fields: type, then file)", resp("Stored", ref("Document")), mbody, params=[idp()], okcode="201", codes=U+("409","413","415","503"), tag="documents")
op(V+"/documents/{docId}", "delete", "Delete a document of a draft", resp("Deleted"), params=[idp(), idp("docId")], okcode="204", codes=U+("409",), tag="documents")
files = dict(description="The file, with the type its bytes were recognised as", content={t: dict(schema=pdf) for t in ("application/pdf", "image/jpeg", "image/png")})
op("/api/files/{path}", "get", "Download a stored file (owner or admin); the path may span several segments", files, params=[idp("path")], codes=("401","404","503"), tag="documents")
paths["/api/files/{path}"]["get"]["responses"]["302"] = dict(
    description="With S3_PRESIGNED_DOWNLOADS=true: after the same checks, a redirect to a link into the object store, valid for 5 minutes, that serves the file as an attachment under its sanitised name",
    headers={"Location": dict(description="The presigned link", required=True, schema=S(format="uri"))})
op(V+"/cis-form", "get", "Where to download the CIS form", resp("The CIS form", ref("CISForm")), params=[idp()], codes=U, tag="certificates")
op(V+"/cis-form/share", "post", "Create a temporary CIS link", resp("The link", ref("Share")), params=[idp()], codes=U+("409",), tag="certificates")
op(V+"/cis-form/shares", "get", "The owner's CIS links that still work, newest first", resp("Links", arr(ref("ShareLink"))), params=[idp()], codes=U, tag="certificates")
op(V+"/cis-form/shares/{shareId}", "delete", "Withdraw a CIS link at once (audited)", resp("Withdrawn"), params=[idp(), idp("shareId")], okcode="204", codes=U, tag="certificates")
op(V+"/certificate", "get", "The certificate PDF", resp("PDF", pdf, "application/pdf"), params=[idp()], codes=U+("409",), tag="certificates")
op("/api/shared/cis/{token}", "get", "Open a shared CIS form, no sign-in", resp("PDF", pdf, "application/pdf"), params=[idp("token")], codes=("404","410"), tag="certificates")
P = "/api/public/verifications/{publicId}"
op(P, "get", "Public certificate (approved only)", resp("Certificate", ref("PublicVerification")), params=[idp("publicId")], codes=("403","404"), tag="public")
op(P+"/company-info", "get", "Public company fields", resp("Company", ref("PublicCompany")), params=[idp("publicId")], codes=("403","404"), tag="public")
op(P+"/documents", "get", "Document types and dates, never files", resp("Documents", arr(ref("PublicDocument"))), params=[idp("publicId")], codes=("403","404"), tag="public")

A = "/api/admin/verifications"
adminq = listq + [q("email"), q("publicId"), q("id", S(pattern="^[0-9]+$")), q("screening", S(enum=["attention"]))]
AU = ("400","401","403","404")
op(A, "get", "Every verification, filtered and paged", resp("One page", arr(ref("AdminVerification")), headers=total), params=adminq, codes=("400","401","403"), tag="admin")
op(A+"/stats", "get", "Counts per status for the filters", resp("Counts", ref("Stats")), params=adminq, codes=("400","401","403"), tag="admin")
AV = A+"/{id}"
op(AV, "get", "One verification with its owner", resp("The verification", ref("AdminVerification")), params=[idp()], codes=AU, tag="admin")
for path, name in [("company-info","Company"),("banking-info","Banking"),("trade-info","Trade")]:
    op(AV+"/"+path, "get", "Read a section", resp("The section", dict(allOf=[ref(name)], nullable=True)), params=[idp()], codes=AU, tag="admin")
op(AV+"/representatives", "get", "Representatives", resp("Representatives", arr(ref("Representative"))), params=[idp()], codes=AU, tag="admin")
op(AV+"/documents", "get", "Documents", resp("Documents", arr(ref("Document"))), params=[idp()], codes=AU, tag="admin")
op(AV+"/cis-form", "get", "The CIS form", resp("The CIS form", ref("CISForm")), params=[idp()], codes=AU, tag="admin")
op(AV+"/certificate", "get", "The certificate PDF", resp("PDF", pdf, "application/pdf"), params=[idp()], codes=AU+("409",), tag="admin")
op(AV+"/events", "get", "The audit trail, oldest first", resp("Events", arr(ref("AuditEvent"))), params=[idp()], codes=AU, tag="admin")
op(AV+"/approve", "post", "Approve", resp("Approved", ref("AdminVerification")), params=[idp()], codes=AU+("409",), tag="admin")
op(AV+"/reject", "post", "Reject with a reason", resp("Rejected", ref("AdminVerification")), jbody("Reason"), params=[idp()], codes=AU+("409","415"), tag="admin")
op(AV+"/revoke", "post", "Revoke an approved certificate", resp("Revoked", ref("AdminVerification")), jbody("Reason"), params=[idp()], codes=AU+("409","415"), tag="admin")
op(AV+"/reinstate", "post", "Lift a revocation, with a reason (audited); nothing else clears one", resp("Reinstated", ref("AdminVerification")), jbody("Reason"), params=[idp()], codes=AU+("409","415"), tag="admin")
op(AV+"/generate-cis", "post", "Generate the CIS form", resp("Generated", ref("AdminVerification")), params=[idp()], codes=AU+("409","503"), tag="admin")

schemas.update({
  "Config": obj(dict(paymentProvider=S(enum=["stripe","simulated"]), stripePublishableKey=S(), testMode=B), ["paymentProvider","testMode"]),
  "CouponRequest": obj(dict(couponCode=S(), verificationId=I())),
  "CouponValidation": obj(dict(valid=B, couponCode=S(), baseAmount=I(), discount=I(), discountAmount=I(), finalAmount=I(), currency=S())),
  "CouponError": obj(dict(valid=B, message=S(), errors=dict(type="object", additionalProperties=S())), ["message"]),
  "PaymentIntentRequest": obj(dict(verificationId=I(), couponCode=S(), purpose=S(enum=["verification","upgrade"])), ["verificationId"]),
  "PaymentIntent": obj(dict(clientSecret=S(), paymentIntentId=S(), amount=I(), baseAmount=I(), currency=S(), paid=B,
      purpose=S(), provider=S(), coupon=dict(type="object", nullable=True, additionalProperties=False,
      properties=dict(code=S(), discount=I(), discountAmount=I())), verification=ref("Verification"),
      receiptEmailed=dict(type="boolean", description="true only when a receipt e-mail was queued for this payment (a 100% coupon)")),
      ["clientSecret","amount","paid","coupon","receiptEmailed"]),
  "PaymentSuccessResult": obj(dict(verification, receiptEmailed=dict(type="boolean",
      description="true only when a receipt e-mail was queued for this payment")), vreq + ["receiptEmailed"]),
  "PaymentSuccess": obj(dict(verificationId=I(), paymentIntentId=S())),
  "CardConfirmation": obj(dict(cardNumber=S(), expiry=S(), cvc=S())),
  "CardResult": obj(dict(status=S(), paymentIntentId=S(), receiptEmailed=dict(type="boolean",
      description="true when the payment went through and a receipt e-mail was queued")), ["status","paymentIntentId","receiptEmailed"]),
  "CardDeclined": obj(dict(message=S(), code=S(), declineCode=S(), errors=dict(type="object", additionalProperties=S())), ["message"]),
  "Upgrade": obj(dict(verification=ref("Verification"), paymentRequired=B, amount=I(), currency=S())),
  "WebhookResult": obj(dict(received=B, result=S())),
})
E["402"] = resp("Payment declined or not completed", ref("CardDeclined"))
E["502"] = err("The payment provider failed or answered unexpectedly")
op("/api/config", "get", "Which card provider is active (and Stripe's publishable key)", resp("Config", ref("Config")), codes=(), tag="payments")
op("/api/validate-coupon", "post", "Price a coupon for a submitted verification", resp("Valid", ref("CouponValidation")), jbody("CouponRequest"),
   codes=("401","404","409","415","429"), tag="payments")
paths["/api/validate-coupon"]["post"]["responses"]["400"] = resp("Invalid coupon", ref("CouponError"))
op("/api/create-payment-intent", "post", "Open (or reuse) the payment for a submitted verification", resp("The intent", ref("PaymentIntent")),
   jbody("PaymentIntentRequest"), codes=("400","401","404","409","415","429","502","503"), tag="payments")
op("/api/payment-success", "post", "Record a payment the provider confirms", resp("Paid", ref("PaymentSuccessResult")), jbody("PaymentSuccess"),
   codes=("400","401","402","404","409","415","502","503"), tag="payments")
op("/api/simulated-payments/{intentId}/confirm", "post", "Pay a simulated intent with a test card", resp("Succeeded", ref("CardResult")),
   jbody("CardConfirmation"), params=[idp("intentId")], codes=("400","401","402","404","409","415"), tag="payments")
op(V+"/upgrade", "post", "Upgrade a Basic verification to Top", resp("Upgraded or payment required", ref("Upgrade")), params=[idp()],
   codes=U+("409",), tag="payments")
# 404: no webhook secret is configured (the simulated provider, or Stripe without STRIPE_WEBHOOK_SECRET).
op("/api/webhooks/stripe", "post", "Stripe events (signature verified)", resp("Received", ref("WebhookResult")), codes=("400","404","413"), tag="payments")

# Screening (admin only): the lists in force and their history, and an ad-hoc check.
listfile = obj(dict(name=S(), size=I(), sha256=S(pattern="^[0-9a-f]{64}$")))
schemas.update({
  "ListVersion": obj(dict(id=I(), source=S(), published=NS(format="date", description="the publisher's date of the file; null when it carries none"),
      sha256=S(pattern="^[0-9a-f]{64}$"), entryCount=I(), importedAt=T, importedBy=S(), parserVersion=S(), files=arr(listfile),
      added=I(), removed=I(), changed=I(), previousId=NI(), inForce=B)),
  "ScreeningLists": obj(dict(inForce=arr(ref("ListVersion")), history=arr(ref("ListVersion")))),
  "ListChanges": obj(dict(version=ref("ListVersion"), changes=arr(obj(dict(sourceId=S(), change=S(enum=["added","removed","changed"]), name=S()))))),
  "ScreeningSearch": obj(dict(name=S(), kind=S(enum=["person","company","any"]), dateOfBirth=S(description="YYYY, YYYY-MM or YYYY-MM-DD"),
      country=S(description="ISO 3166-1 alpha-2"), identifiers=arr(obj(dict(type=S(), value=S()), ["value"])), limit=I()), ["name"]),
  "ScreeningIdentifier": obj(dict(type=S(enum=["passport","national_id","registration","tax_id","swift_bic","imo","other"]), value=S(),
      country=S(), label=S())),
  "ScreeningEntry": obj(dict(source=S(), sourceId=S(), listVersion=I(), kind=S(enum=["person","organisation","vessel","aircraft","unknown"]),
      name=S(), aliases=arr(S()), datesOfBirth=arr(S(description="YYYY-MM-DD, YYYY-MM, YYYY, or a range of years YYYY/YYYY")),
      countries=arr(S()), identifiers=arr(ref("ScreeningIdentifier")), programs=arr(S()), topics=arr(S()), remarks=S())),
  "ScreeningHit": obj(dict(score=dict(type="number", minimum=0, maximum=1), matchedName=S(), entry=ref("ScreeningEntry"),
      explanation=arr(obj(dict(feature=S(), score=dict(type="number"), detail=S()))))),
  "ScreeningResult": obj(dict(hits=arr(ref("ScreeningHit")), listVersions=arr(ref("ListVersion")))),
})
op("/api/admin/screening/lists", "get", "Sanctions and PEP list versions in force, and every import", resp("Versions", ref("ScreeningLists")),
   codes=("401","403"), tag="screening")
op("/api/admin/screening/lists/{id}/changes", "get", "What a version added, removed and changed against the one before, by the publisher's entry id",
   resp("The changes", ref("ListChanges")), params=[idp()], codes=AU, tag="screening")
op("/api/admin/screening/search", "post", "Screen a name against the lists in force (POST: personal data stays out of URLs and logs)",
   resp("Hits, best first", ref("ScreeningResult")), jbody("ScreeningSearch"), codes=("400","401","403","413","415"), tag="screening")

# Top-tier checks (admin only): the screening of one verification, hit decisions and the PEP acknowledgement.
num = dict(type="number")
schemas.update({
  "ScreeningRun": dict(obj(dict(id=I(), startedAt=NT, finishedAt=NT, engineVersion=S(), trigger=S(enum=["submission","resubmission","list_update","daily"]),
      lists=arr(ref("ListVersion")))), description="A screening run: the list versions it used and the engine that matched"),
  "ScreeningFinding": obj(dict(code=S(), severity=S(enum=["info","attention","fail"]), message=S())),
  "ScreeningCheck": obj(dict(kind=S(enum=["sanctions","pep","jurisdiction","kyc"]), result=S(enum=["clear","hits","attention","unavailable"]),
      summary=S(), findings=arr(ref("ScreeningFinding")))),
  "ScreeningDecision": obj(dict(outcome=S(enum=["confirmed_match","false_positive","inconclusive"]), note=S(), by=S(), at=T)),
  "ScreeningCaseHit": obj(dict(id=I(), check=S(enum=["sanctions","pep"]), score=dict(type="number", minimum=0, maximum=1), matchedName=S(),
      explanation=arr(obj(dict(feature=S(), score=num, detail=S()))), entry=ref("ScreeningEntry"), listName=S(), listVersionDate=S(format="date"),
      status=S(enum=["open","confirmed_match","false_positive","inconclusive"]),
      reopened=dict(type="boolean", description="a changed listed entry (or changed applicant data) reopened an earlier decision"),
      decisions=arr(ref("ScreeningDecision")))),
  "ScreeningSubject": obj(dict(id=I(), kind=S(enum=["company","representative","bank"]), name=S(), details=S(),
      checks=arr(ref("ScreeningCheck")), hits=arr(ref("ScreeningCaseHit")))),
  "PepAcknowledgement": obj(dict(by=S(), at=T, note=S())),
  "VerificationScreening": obj(dict(status=S(enum=["not_applicable","pending","running","done","failed"]),
      run=dict(allOf=[ref("ScreeningRun")], nullable=True), subjects=arr(ref("ScreeningSubject")),
      open=arr(S(description="what blocks approval, e.g. '2 screening hits are undecided'")), attention=B,
      pepAcknowledgement=dict(allOf=[ref("PepAcknowledgement")], nullable=True))),
  "HitDecisionInput": obj(dict(outcome=S(enum=["confirmed_match","false_positive","inconclusive"]), note=S())),
  "NoteInput": obj(dict(note=S())),
})
op(AV+"/screening", "get", "The Top-tier checks of a verification: subjects, checks, hits and what is open", resp("The screening", ref("VerificationScreening")),
   params=[idp()], codes=AU, tag="screening")
op(AV+"/screening/hits/{hitId}/decision", "post", "Decide a hit (note required); audited", resp("The screening", ref("VerificationScreening")),
   jbody("HitDecisionInput"), params=[idp(), idp("hitId")], codes=AU+("409","415"), tag="screening")
op(AV+"/screening/pep-acknowledgement", "post", "Acknowledge that PEP screening was unavailable (note required); audited",
   resp("The screening", ref("VerificationScreening")), jbody("NoteInput"), params=[idp()], codes=AU+("409","415"), tag="screening")

# The notification bell (every signed-in user, their own notifications only) and failed jobs (admin only).
schemas.update({
  "Notification": obj(dict(id=I(), kind=S(), title=S(), body=S(),
      link=NS(description="a path in the SPA, e.g. /verification/12 or /admin/verifications/12"), createdAt=T, readAt=NT)),
  "MarkRead": obj(dict(ids=dict(type="array", nullable=True, items=I(minimum=1),
      description="the notifications to mark read; without ids, all of the caller's")), []),
  "FailedJob": obj(dict(id=I(), kind=S(), summary=S(description="the job's arguments, shortened; an e-mail shows recipients, subject and key, never its body"),
      attempts=I(), maxAttempts=I(), lastError=S(), failedAt=T, createdAt=T)),
})
pageq = [q("page", S(pattern="^[0-9]+$")), q("pageSize", S(pattern="^[0-9]+$"))]
unread = dict(total, **{"X-Unread-Count": dict(description="How many of the caller's notifications are unread", schema=S(pattern="^[0-9]+$"))})
op("/api/notifications", "get", "The caller's notifications, newest first", resp("One page", arr(ref("Notification")), headers=unread),
   params=pageq, codes=("400","401"), tag="notifications")
op("/api/notifications/read", "post", "Mark the caller's notifications read (the listed ones, or all)", resp("Marked"),
   dict(required=False, content={"application/json": dict(schema=ref("MarkRead"))}), okcode="204", codes=("400","401","415"), tag="notifications")
op("/api/admin/jobs/failed", "get", "Background jobs that failed permanently, last failed first", resp("One page", arr(ref("FailedJob")), headers=total),
   params=pageq, codes=("400","401","403"), tag="admin")

doc = {"openapi": "3.0.3", "info": {"title": "TTT Verify API", "version": "1.0.0",
  "description": "Verification of commodity traders. Sessions are an HttpOnly cookie set by login and register. Errors are {message, errors?}."},
  "paths": paths, "components": {"schemas": schemas}}
extra = sys.argv[1] if len(sys.argv) > 1 else None
if extra:
    more = json.load(open(extra))
    doc["paths"].update(more.get("paths", {}))
    doc["components"]["schemas"].update(more.get("schemas", {}))
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "adapters", "http", "openapi.json")
json.dump(doc, open(out, "w"), indent=1, sort_keys=False)
print(len(paths), "paths")
