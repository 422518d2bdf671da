import type { Template } from "./Template.js"

export const mutualNda: Template = {
  id: "tpl_mutual_nda",
  name: "Mutual Non-Disclosure Agreement",
  description: "Two parties exchange confidential information to evaluate a possible business relationship; both protect what they receive.",
  blanks: [
    { key: "party_a", label: "First party", kind: "party", required: true, question: "What is the full legal name of the first party?" },
    { key: "party_b", label: "Second party", kind: "party", required: true, question: "What is the full legal name of the counterparty?" },
    { key: "effective_date", label: "Effective date", kind: "date", required: true, question: "From what date should this agreement take effect?" },
    {
      key: "governing_law",
      label: "Governing law",
      kind: "jurisdiction",
      required: true,
      question: "Which country's or state's law should govern this agreement?"
    },
    { key: "term", label: "Term", kind: "term", required: false, default: "two (2) years", question: "For how long should the agreement run?" },
    {
      key: "notice_period",
      label: "Notice period",
      kind: "notice",
      required: false,
      default: "thirty (30) days",
      question: "How much notice must a party give to end the agreement?"
    }
  ],
  blocks: [
    { kind: "heading", text: "Mutual Non-Disclosure Agreement" },
    {
      kind: "clause",
      text:
        "This Mutual Non-Disclosure Agreement is made on {{effective_date}} (the \"Effective Date\") between {{party_a}} and {{party_b}} (each a \"Party\" and together the \"Parties\"), who wish to exchange information for the purpose of evaluating a possible business relationship between them (the \"Purpose\")."
    },
    {
      kind: "clause",
      text:
        "1. Confidential Information. \"Confidential Information\" means all information disclosed by one Party (the \"Discloser\") to the other (the \"Recipient\"), whether before or after the Effective Date and in any form, that is marked as confidential or that a reasonable person would understand to be confidential, including business plans, customer data, pricing, technical data, software and know-how."
    },
    {
      kind: "clause",
      text:
        "2. Obligations. The Recipient shall use the Confidential Information solely for the Purpose, shall not disclose it to any third party except as permitted by this Agreement, and shall protect it with at least the degree of care it uses for its own confidential information of a similar nature, and in no event less than reasonable care."
    },
    {
      kind: "clause",
      text:
        "3. Permitted Disclosure. The Recipient may disclose Confidential Information to its employees, officers, professional advisers and contractors who need to know it for the Purpose and who are bound by obligations of confidentiality no less protective than those in this Agreement. The Recipient remains responsible for any breach by those persons."
    },
    {
      kind: "clause",
      text:
        "4. Exclusions. The obligations in clause 2 do not apply to information that (a) is or becomes public through no fault of the Recipient; (b) was lawfully known to the Recipient before disclosure; (c) is lawfully received from a third party without restriction; or (d) is independently developed by the Recipient without use of the Confidential Information."
    },
    {
      kind: "clause",
      text:
        "5. Compelled Disclosure. If the Recipient is required by law, regulation or court order to disclose Confidential Information, it may do so provided that, where lawful, it gives the Discloser prompt written notice and reasonable assistance so that the Discloser may seek a protective order or other remedy."
    },
    {
      kind: "clause",
      text:
        "6. Term and Termination. This Agreement begins on the Effective Date and continues for {{term}}. Either Party may terminate it earlier by giving {{notice_period}} written notice to the other. The obligations of confidentiality survive for three (3) years after expiry or termination, and indefinitely for trade secrets."
    },
    {
      kind: "clause",
      text:
        "7. Return and Destruction. On the Discloser's written request, or on termination, the Recipient shall promptly return or destroy all Confidential Information in its possession, save that it may retain copies required by law or held in routine back-up systems, which remain subject to this Agreement."
    },
    {
      kind: "clause",
      text:
        "8. No Licence or Warranty. All Confidential Information remains the property of the Discloser. Nothing in this Agreement grants any licence under any intellectual property right. Confidential Information is provided \"as is\" without any warranty as to its accuracy or completeness."
    },
    {
      kind: "clause",
      text:
        "9. Remedies. Each Party acknowledges that damages alone may not be an adequate remedy for a breach of this Agreement, and that the Discloser is entitled to seek injunctive relief or specific performance for any threatened or actual breach, in addition to any other remedy available."
    },
    {
      kind: "clause",
      text:
        "10. Governing Law and Jurisdiction. This Agreement and any dispute or claim, including any non-contractual dispute or claim, arising out of or in connection with it or its subject matter are governed by and construed in accordance with the laws of {{governing_law}}. Each Party irrevocably agrees that the courts of {{governing_law}} have exclusive jurisdiction to settle any such dispute or claim."
    },
    {
      kind: "clause",
      text:
        "11. General. This Agreement is the entire agreement between the Parties on its subject matter. It may be amended only in writing signed by both Parties. Neither Party may assign it without the other's prior written consent. No failure to exercise a right is a waiver of it."
    },
    { kind: "signature_block", text: "Signed for and on behalf of {{party_a}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed for and on behalf of {{party_b}}\n\nName:\nTitle:\nDate:" }
  ]
}
