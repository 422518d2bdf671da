import type { Template } from "./Template.js"

export const consulting: Template = {
  id: "tpl_consulting",
  name: "Consulting Agreement",
  description: "An independent consultant advises a client for a fee, keeping its own business and bearing its own taxes.",
  blanks: [
    { key: "client", label: "Client", kind: "party", required: true, question: "What is the full legal name of the client?" },
    { key: "consultant", label: "Consultant", kind: "party", required: true, question: "What is the full legal name of the consultant?" },
    { key: "effective_date", label: "Effective date", kind: "date", required: true, question: "On what date does the engagement start?" },
    { key: "daily_rate", label: "Daily rate", kind: "money", required: true, question: "What daily rate will the consultant charge?" },
    {
      key: "governing_law",
      label: "Governing law",
      kind: "jurisdiction",
      required: true,
      question: "Which country's or state's law should govern this agreement?"
    },
    {
      key: "engagement_term",
      label: "Engagement term",
      kind: "term",
      required: false,
      default: "six (6) months",
      question: "How long should the engagement last?"
    },
    {
      key: "notice_period",
      label: "Notice period",
      kind: "notice",
      required: false,
      default: "thirty (30) days",
      question: "How much notice must either party give to end the engagement?"
    }
  ],
  blocks: [
    { kind: "heading", text: "Consulting Agreement" },
    {
      kind: "clause",
      text:
        "This Consulting Agreement is made on {{effective_date}} (the \"Effective Date\") between {{client}} (the \"Client\") and {{consultant}} (the \"Consultant\"). The Client wishes to engage the Consultant to provide advisory services, and the Consultant agrees to provide them as an independent contractor, on the terms and subject to the conditions set out in this Agreement."
    },
    {
      kind: "clause",
      text:
        "1. Engagement. The engagement starts on the Effective Date and continues for {{engagement_term}} unless terminated earlier in accordance with clause 10. The parties may extend the engagement by written agreement, in which case these terms continue to apply to the extended period unless the parties expressly agree otherwise in writing."
    },
    {
      kind: "clause",
      text:
        "2. Services. The Consultant shall provide the advisory services the Client reasonably requests within the Consultant's field of expertise (the \"Services\"), devoting such time and attention as is necessary to perform them properly. The Consultant shall perform the Services with reasonable skill and care and shall comply with the Client's reasonable health, safety and security policies when on its premises."
    },
    {
      kind: "clause",
      text:
        "3. Fees and Expenses. The Client shall pay the Consultant {{daily_rate}} for each day on which the Services are performed, pro rata for part days, together with reasonable out-of-pocket expenses approved in advance. The Consultant shall invoice monthly in arrears with supporting timesheets, and the Client shall pay each undisputed invoice within thirty (30) days of receipt."
    },
    {
      kind: "clause",
      text:
        "4. Independent Contractor. The Consultant is an independent contractor and nothing in this Agreement makes the Consultant an employee, worker, agent or partner of the Client. The Consultant is solely responsible for its own income tax, social security contributions and similar liabilities, and shall indemnify the Client against any such liability arising in connection with the Services."
    },
    {
      kind: "clause",
      text:
        "5. Confidentiality. The Consultant shall not, during the engagement or at any time after it ends, use or disclose any confidential information relating to the business, customers or affairs of the Client, except as necessary to provide the Services, with the Client's prior written consent, or as required by law. This obligation does not apply to information that is or becomes public other than through the Consultant's breach."
    },
    {
      kind: "clause",
      text:
        "6. Intellectual Property. All work product, reports, materials and other deliverables that the Consultant creates in providing the Services belong to the Client on creation. The Consultant assigns to the Client, with full title guarantee, all intellectual property rights in them, waives any moral rights in them, and shall do anything the Client reasonably requests to perfect that assignment."
    },
    {
      kind: "clause",
      text:
        "7. Data Protection. To the extent the Consultant processes personal data on behalf of the Client in providing the Services, it shall do so only on the Client's documented instructions, keep the data secure using appropriate technical and organisational measures, notify the Client without undue delay of any personal data breach, and comply with applicable data protection law."
    },
    {
      kind: "clause",
      text:
        "8. Conflicts of Interest. The Consultant may provide services to others during the engagement, provided that it does not act for a direct competitor of the Client without the Client's prior written consent and does not allow any other engagement to conflict with its duties under this Agreement. The Consultant shall promptly disclose any actual or potential conflict of interest."
    },
    {
      kind: "clause",
      text:
        "9. Limitation of Liability. Nothing in this Agreement limits liability for fraud, for death or personal injury caused by negligence, or for any liability that cannot be limited by law. Subject to that, neither party is liable for indirect or consequential loss, and the Consultant's total liability under this Agreement is limited to the fees paid in the twelve (12) months before the claim arose."
    },
    {
      kind: "clause",
      text:
        "10. Termination. Either party may terminate this Agreement at any time by giving {{notice_period}} written notice to the other. The Client may terminate it immediately by written notice if the Consultant commits a material breach, becomes insolvent, or is unable to provide the Services for more than twenty (20) working days. On termination the Client shall pay for Services performed up to the termination date."
    },
    {
      kind: "clause",
      text:
        "11. General. This Agreement is the entire agreement between the parties on its subject matter and supersedes any prior arrangement. No variation is effective unless in writing and signed by both parties. The Consultant may not assign or subcontract the Services without the Client's prior written consent. Notices must be given in writing to the address each party last notified to the other."
    },
    {
      kind: "clause",
      text:
        "12. Governing Law and Jurisdiction. This Agreement and any dispute or claim, including any non-contractual dispute or claim, arising out of or in connection with it are governed by the laws of {{governing_law}}. The parties irrevocably agree that the courts of {{governing_law}} have exclusive jurisdiction to settle any such dispute or claim."
    },
    { kind: "signature_block", text: "Signed for and on behalf of {{client}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed by or on behalf of {{consultant}}\n\nName:\nTitle:\nDate:" }
  ]
}
