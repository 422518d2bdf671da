import type { Template } from "./Template.js"

export const statementOfWork: Template = {
  id: "tpl_statement_of_work",
  name: "Statement of Work",
  description: "A statement of work under a master services agreement: scope, deliverables, timetable, fees and acceptance.",
  blanks: [
    { key: "customer", label: "Customer", kind: "party", required: true, question: "What is the full legal name of the customer?" },
    { key: "supplier", label: "Supplier", kind: "party", required: true, question: "What is the full legal name of the supplier?" },
    {
      key: "effective_date",
      label: "Effective date",
      kind: "date",
      required: true,
      question: "On what date does this statement of work take effect and the work start?"
    },
    { key: "fees", label: "Fees", kind: "money", required: true, question: "What are the total fees for the work under this statement of work?" },
    {
      key: "governing_law",
      label: "Governing law",
      kind: "jurisdiction",
      required: true,
      question: "Which country's or state's law governs the master services agreement and this statement of work?"
    },
    { key: "duration", label: "Duration", kind: "term", required: false, default: "twelve (12) weeks", question: "How long is the work expected to take?" },
    {
      key: "acceptance_period",
      label: "Acceptance period",
      kind: "notice",
      required: false,
      default: "ten (10) Business Days",
      question: "How long does the customer have to accept or reject each deliverable?"
    }
  ],
  blocks: [
    { kind: "heading", text: "Statement of Work" },
    {
      kind: "clause",
      text:
        "This Statement of Work is agreed on {{effective_date}} (the \"SOW Effective Date\") between {{customer}} (the \"Customer\") and {{supplier}} (the \"Supplier\") under the Master Services Agreement between them (the \"Agreement\"), whose terms are incorporated into it. Capitalised terms not defined in this Statement of Work have the meanings given to them in the Agreement."
    },
    {
      kind: "clause",
      text:
        "1. Scope of Services. The Supplier shall provide the following Services: discovery workshops with the Customer's stakeholders, a written solution design, implementation of the design approved by the Customer, testing support, and knowledge transfer to the Customer's nominated staff. Any activity not described in this clause is outside the scope of this Statement of Work and may be added only through the change control procedure in the Agreement."
    },
    {
      kind: "clause",
      text:
        "2. Timetable. The Services start on the SOW Effective Date and are planned to be completed within {{duration}} of it. The Supplier shall provide a detailed project plan, including milestones and the Customer's dependencies, within five (5) Business Days of the SOW Effective Date, and shall report progress against that plan in writing every week."
    },
    {
      kind: "clause",
      text:
        "3. Deliverables and Acceptance. The Customer shall review each Deliverable against its agreed acceptance criteria and, within {{acceptance_period}} of delivery, either accept it in writing or reject it with reasons in reasonable detail. A Deliverable not rejected within that period is deemed accepted. The Supplier shall correct any rejected Deliverable and resubmit it promptly, after which the same procedure applies."
    },
    {
      kind: "clause",
      text:
        "4. Fees and Invoicing. The total fees for the Services under this Statement of Work are {{fees}}, exclusive of applicable taxes. The Supplier shall invoice the fees in equal monthly instalments over the planned duration of the work, together with reasonable travel and other expenses approved in advance by the Customer and charged at cost, and payment shall be made in accordance with the Agreement."
    },
    {
      kind: "clause",
      text:
        "5. Personnel. The Supplier shall assign suitably qualified and experienced personnel to perform the Services and shall name a lead consultant in the project plan. The Supplier shall not replace the lead consultant without the Customer's prior consent, not to be unreasonably withheld, except for illness, resignation or other circumstances beyond its reasonable control, in which case it shall provide a replacement of equivalent experience."
    },
    {
      kind: "clause",
      text:
        "6. Customer Dependencies. The Customer shall provide the access, information, facilities and decisions identified as its dependencies in the project plan by the dates stated there. If a dependency is not met, the Supplier shall notify the Customer promptly, the timetable shall be extended by a reasonable period, and any additional effort required shall be handled through change control."
    },
    {
      kind: "clause",
      text:
        "7. Governance. Each party shall appoint a project manager who is its primary point of contact for this Statement of Work. The project managers shall meet at least every two weeks to review progress, risks and issues. Any issue they cannot resolve within five (5) Business Days shall be escalated to the dispute resolution procedure set out in the Agreement."
    },
    {
      kind: "clause",
      text:
        "8. Order of Precedence and Governing Law. This Statement of Work is subject to the Agreement, which prevails in the event of conflict unless this Statement of Work expressly provides otherwise. This Statement of Work and any dispute arising out of or in connection with it are governed by the laws of {{governing_law}}, and the parties submit to the exclusive jurisdiction of its courts."
    },
    { kind: "signature_block", text: "Agreed for and on behalf of {{customer}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Agreed for and on behalf of {{supplier}}\n\nName:\nTitle:\nDate:" }
  ]
}
