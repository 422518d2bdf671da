import type { Template } from "../Template.js"

export const statementOfWork: Template = {
  id: "tpl_statement_of_work",
  name: "Statement of Work",
  description: "A statement of work under a master services agreement: scope, deliverables, timetable, fees and acceptance.",
  blanks: [
    { key: "customer", label: "Customer", kind: "party", required: true, question: "What is the full legal name of the customer?" },
    { key: "supplier", label: "Supplier", kind: "party", required: true, question: "What is the full legal name of the supplier?" },
    { key: "start_date", label: "Start date", kind: "date", required: true, question: "On what date should the work start?" },
    { key: "fees", label: "Fees", kind: "money", required: true, question: "What are the total fees for this statement of work?" },
    { key: "governing_law", label: "Governing law", kind: "jurisdiction", required: false, default: "the jurisdiction named in the Master Services Agreement", question: "Which law governs this statement of work?" },
    { key: "duration", label: "Duration", kind: "term", required: false, default: "twelve (12) weeks", question: "How long should the work take?" },
    { key: "acceptance_period", label: "Acceptance period", kind: "notice", required: false, default: "ten (10) Business Days", question: "How long does the customer have to accept each deliverable?" }
  ],
  blocks: [
    { kind: "heading", text: "Statement of Work" },
    { kind: "clause", text: "This Statement of Work is agreed between {{customer}} (the \"Customer\") and {{supplier}} (the \"Supplier\") under the Master Services Agreement between them, whose terms apply to it. Capitalised terms not defined here have the meanings given in that agreement." },
    { kind: "clause", text: "1. Scope. The Supplier shall deliver the services described in this clause: discovery workshops with the Customer's stakeholders, a written solution design, implementation of the agreed design, and knowledge transfer to the Customer's nominated staff. Anything not described is out of scope and subject to change control." },
    { kind: "clause", text: "2. Timetable. The work starts on {{start_date}} and is planned to take {{duration}}. The Supplier shall provide a detailed plan within five (5) Business Days of the start and report progress against it every week." },
    { kind: "clause", text: "3. Deliverables and Acceptance. The Customer shall review each deliverable and either accept it or give reasons for rejection within {{acceptance_period}} of delivery. A deliverable not rejected within that period is deemed accepted. The Supplier shall correct a rejected deliverable and resubmit it promptly." },
    { kind: "clause", text: "4. Fees. The fees for this Statement of Work are {{fees}}, invoiced in equal monthly instalments over the duration of the work, plus reasonable pre-approved expenses at cost. Fees are exclusive of applicable taxes." },
    { kind: "clause", text: "5. Personnel. The Supplier shall assign suitably qualified personnel and shall not replace its lead consultant without the Customer's consent, except for illness, resignation or other circumstances outside its control." },
    { kind: "clause", text: "6. Dependencies. The Customer shall provide the access, information and decisions listed in the plan on time. Where a dependency is late, the timetable extends accordingly and any additional effort is handled through change control." },
    { kind: "clause", text: "7. Governing Law. This Statement of Work is governed by the laws of {{governing_law}}." },
    { kind: "signature_block", text: "Agreed for {{customer}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Agreed for {{supplier}}\n\nName:\nTitle:\nDate:" }
  ]
}
