import type { Template } from "../Template.js"

export const consulting: Template = {
  id: "tpl_consulting",
  name: "Consulting Agreement",
  description: "An independent consultant advises a client for a fee, keeping its own business and bearing its own taxes.",
  blanks: [
    { key: "client", label: "Client", kind: "party", required: true, question: "What is the full legal name of the client?" },
    { key: "consultant", label: "Consultant", kind: "party", required: true, question: "What is the full legal name of the consultant?" },
    { key: "start_date", label: "Start date", kind: "date", required: true, question: "On what date does the engagement start?" },
    { key: "daily_rate", label: "Daily rate", kind: "money", required: true, question: "What daily rate will the consultant charge?" },
    { key: "governing_law", label: "Governing law", kind: "jurisdiction", required: true, question: "Which country's or state's law should govern this agreement?" },
    { key: "engagement_term", label: "Engagement term", kind: "term", required: false, default: "six (6) months", question: "How long should the engagement last?" },
    { key: "notice_period", label: "Notice period", kind: "notice", required: false, default: "fourteen (14) days", question: "How much notice must either party give to end the engagement?" }
  ],
  blocks: [
    { kind: "heading", text: "Consulting Agreement" },
    { kind: "clause", text: "This Consulting Agreement is made between {{client}} (the \"Client\") and {{consultant}} (the \"Consultant\"). The Client engages the Consultant to provide advisory services, and the Consultant agrees to provide them, on the terms below." },
    { kind: "clause", text: "1. Engagement. The engagement starts on {{start_date}} and continues for {{engagement_term}} unless ended earlier under clause 8. The parties may extend it by written agreement." },
    { kind: "clause", text: "2. Services. The Consultant shall provide the services the Client reasonably requests within the Consultant's field of expertise, devoting such time as is necessary to perform them properly, and shall comply with the Client's reasonable health, safety and security policies when on its premises." },
    { kind: "clause", text: "3. Fees and Expenses. The Client shall pay the Consultant {{daily_rate}} per day worked, pro rata for part days, plus reasonable expenses approved in advance. The Consultant shall invoice monthly, and the Client shall pay undisputed invoices within thirty (30) days." },
    { kind: "clause", text: "4. Independent Contractor. The Consultant is an independent contractor and not an employee, worker, agent or partner of the Client. The Consultant is responsible for its own taxes and social security contributions and indemnifies the Client against any liability for them." },
    { kind: "clause", text: "5. Confidentiality. The Consultant shall not, during or after the engagement, use or disclose any confidential information of the Client except as needed to provide the services or as required by law." },
    { kind: "clause", text: "6. Intellectual Property. All work product the Consultant creates in providing the services belongs to the Client on creation, and the Consultant assigns to the Client all rights in it, with full title guarantee, and waives any moral rights in it." },
    { kind: "clause", text: "7. Conflicts of Interest. The Consultant may work for others during the engagement, provided it does not work for a direct competitor of the Client without the Client's written consent and does not allow any other work to conflict with its duties under this Agreement." },
    { kind: "clause", text: "8. Termination. Either party may end this Agreement by giving {{notice_period}} written notice. The Client may end it immediately if the Consultant commits a serious breach or becomes unable to provide the services for more than twenty (20) working days." },
    { kind: "clause", text: "9. Liability. The Consultant's total liability under this Agreement is limited to the fees paid in the twelve (12) months before the claim, save for liability for fraud, death or personal injury caused by negligence, or breach of confidentiality." },
    { kind: "clause", text: "10. Governing Law. This Agreement is governed by the laws of {{governing_law}}, and its courts have exclusive jurisdiction over any dispute arising from it." },
    { kind: "signature_block", text: "Signed for and on behalf of {{client}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed by {{consultant}}\n\nName:\nDate:" }
  ]
}
