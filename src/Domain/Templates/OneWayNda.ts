import type { Template } from "../Template.js"

export const oneWayNda: Template = {
  id: "tpl_one_way_nda",
  name: "One-Way Non-Disclosure Agreement",
  description: "One party discloses confidential information to another, which undertakes to keep it confidential.",
  blanks: [
    { key: "discloser", label: "Disclosing party", kind: "party", required: true, question: "Which party is disclosing the confidential information?" },
    { key: "recipient", label: "Receiving party", kind: "party", required: true, question: "Which party is receiving the confidential information?" },
    { key: "effective_date", label: "Effective date", kind: "date", required: true, question: "From what date should this agreement take effect?" },
    { key: "governing_law", label: "Governing law", kind: "jurisdiction", required: true, question: "Which country's or state's law should govern this agreement?" },
    { key: "confidentiality_period", label: "Confidentiality period", kind: "term", required: false, default: "five (5) years", question: "For how long must the information be kept confidential?" },
    { key: "notice_period", label: "Notice period", kind: "notice", required: false, default: "thirty (30) days", question: "How much notice must be given to end the agreement?" }
  ],
  blocks: [
    { kind: "heading", text: "One-Way Non-Disclosure Agreement" },
    { kind: "clause", text: "This Agreement is made on {{effective_date}} between {{discloser}} (the \"Discloser\") and {{recipient}} (the \"Recipient\"). The Discloser intends to make certain information available to the Recipient so that the Recipient may assess a proposed transaction between them (the \"Purpose\")." },
    { kind: "clause", text: "1. Confidential Information. \"Confidential Information\" means all information of a confidential nature disclosed by or on behalf of the Discloser to the Recipient, in any form and whether before or after the date of this Agreement, including the fact that discussions between the parties are taking place." },
    { kind: "clause", text: "2. Undertakings. The Recipient shall keep the Confidential Information secret, use it only for the Purpose, and not copy, reproduce or disclose it except to those of its employees and advisers who need to know it for the Purpose and are bound by equivalent duties of confidence." },
    { kind: "clause", text: "3. Exceptions. Clause 2 does not apply to information which the Recipient can show is in the public domain otherwise than through its breach, was in its lawful possession before disclosure, was received from a third party free to disclose it, or must be disclosed by law or by a regulator." },
    { kind: "clause", text: "4. Duration. The Recipient's obligations continue for {{confidentiality_period}} from the date of this Agreement. Either party may end the disclosure of further information by giving {{notice_period}} written notice, without affecting obligations in respect of information already disclosed." },
    { kind: "clause", text: "5. Return of Information. On request, the Recipient shall promptly return or securely destroy all documents and materials containing Confidential Information and, if asked, confirm in writing that it has done so." },
    { kind: "clause", text: "6. Ownership and No Obligation. The Confidential Information remains the property of the Discloser. Nothing in this Agreement obliges either party to enter into any further agreement or transaction." },
    { kind: "clause", text: "7. Governing Law. This Agreement is governed by the laws of {{governing_law}}, whose courts have exclusive jurisdiction over any dispute arising out of or in connection with it." },
    { kind: "signature_block", text: "Signed for and on behalf of {{discloser}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed for and on behalf of {{recipient}}\n\nName:\nTitle:\nDate:" }
  ]
}
