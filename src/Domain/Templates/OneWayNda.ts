import type { Template } from "./Template.js"

export const oneWayNda: Template = {
  id: "tpl_one_way_nda",
  name: "One-Way Non-Disclosure Agreement",
  description: "One party discloses confidential information to another, which undertakes to keep it confidential.",
  blanks: [
    {
      key: "discloser",
      label: "Disclosing party",
      kind: "party",
      required: true,
      question: "What is the full legal name of the party disclosing the confidential information?"
    },
    {
      key: "recipient",
      label: "Receiving party",
      kind: "party",
      required: true,
      question: "What is the full legal name of the party receiving the confidential information?"
    },
    { key: "effective_date", label: "Effective date", kind: "date", required: true, question: "From what date should this agreement take effect?" },
    {
      key: "governing_law",
      label: "Governing law",
      kind: "jurisdiction",
      required: true,
      question: "Which country's or state's law should govern this agreement?"
    },
    {
      key: "confidentiality_period",
      label: "Confidentiality period",
      kind: "term",
      required: false,
      default: "five (5) years",
      question: "For how long must the recipient keep the information confidential?"
    },
    {
      key: "notice_period",
      label: "Notice period",
      kind: "notice",
      required: false,
      default: "thirty (30) days",
      question: "How much notice must a party give to stop further disclosures under this agreement?"
    }
  ],
  blocks: [
    { kind: "heading", text: "One-Way Non-Disclosure Agreement" },
    {
      kind: "clause",
      text:
        "This Agreement is made on {{effective_date}} (the \"Effective Date\") between {{discloser}} (the \"Discloser\") and {{recipient}} (the \"Recipient\"). The Discloser intends to make certain confidential information available to the Recipient so that the Recipient may evaluate a proposed transaction between them (the \"Purpose\"), and the Recipient agrees to receive that information on the terms of this Agreement."
    },
    {
      kind: "clause",
      text:
        "1. Confidential Information. \"Confidential Information\" means all information of a confidential nature disclosed by or on behalf of the Discloser to the Recipient, in any form and whether before or after the Effective Date, including information relating to the Discloser's business, customers, finances, products, technology and know-how, and the fact that discussions between the parties are taking place."
    },
    {
      kind: "clause",
      text:
        "2. Undertakings. The Recipient shall keep the Confidential Information secret, use it only for the Purpose, and not copy, reproduce or disclose it except to those of its employees, officers and professional advisers who need to know it for the Purpose and are bound by equivalent duties of confidence. The Recipient is responsible for any breach of this Agreement by any person to whom it discloses Confidential Information."
    },
    {
      kind: "clause",
      text:
        "3. Exceptions. Clause 2 does not apply to information which the Recipient can show by written records is or becomes generally available to the public otherwise than through its breach, was in its lawful possession before disclosure, was received from a third party free to disclose it, or was independently developed without use of the Confidential Information."
    },
    {
      kind: "clause",
      text:
        "4. Compelled Disclosure. The Recipient may disclose Confidential Information to the extent required by law, by any governmental or regulatory authority or by a court of competent jurisdiction, provided that, to the extent lawful, it gives the Discloser prompt written notice of the requirement, discloses only the minimum information required, and cooperates with any reasonable attempt by the Discloser to obtain a protective order."
    },
    {
      kind: "clause",
      text:
        "5. Duration. The Recipient's obligations under this Agreement continue for {{confidentiality_period}} from the Effective Date, and indefinitely in respect of any trade secret. Either party may end the disclosure of further information by giving {{notice_period}} written notice to the other, without affecting the Recipient's obligations in respect of information already disclosed."
    },
    {
      kind: "clause",
      text:
        "6. Return of Information. On the Discloser's written request at any time, the Recipient shall promptly return or securely destroy all documents and materials containing or derived from Confidential Information and, if asked, confirm in writing that it has done so. The Recipient may retain copies it is required to keep by law, which remain subject to this Agreement."
    },
    {
      kind: "clause",
      text:
        "7. Ownership and No Obligation. The Confidential Information remains the property of the Discloser, and no licence under any intellectual property right is granted by this Agreement. The Confidential Information is provided without any warranty as to its accuracy or completeness. Nothing in this Agreement obliges either party to enter into any further agreement or transaction."
    },
    {
      kind: "clause",
      text:
        "8. Remedies. The Recipient acknowledges that damages alone may not be an adequate remedy for a breach of this Agreement. Accordingly, without prejudice to any other rights and remedies it may have, the Discloser is entitled to seek injunctive relief, specific performance or other equitable relief for any threatened or actual breach by the Recipient."
    },
    {
      kind: "clause",
      text:
        "9. General. This Agreement constitutes the entire agreement between the parties on its subject matter and supersedes any prior arrangement relating to it. No variation is effective unless made in writing and signed by both parties. The Recipient may not assign or transfer its rights or obligations without the Discloser's prior written consent."
    },
    {
      kind: "clause",
      text:
        "10. Governing Law and Jurisdiction. This Agreement and any dispute or claim, including any non-contractual dispute or claim, arising out of or in connection with it are governed by the laws of {{governing_law}}. The parties irrevocably agree that the courts of {{governing_law}} have exclusive jurisdiction to settle any such dispute or claim."
    },
    { kind: "signature_block", text: "Signed for and on behalf of {{discloser}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed for and on behalf of {{recipient}}\n\nName:\nTitle:\nDate:" }
  ]
}
