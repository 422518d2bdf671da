import type { Template } from "./Template.js"

export const masterServices: Template = {
  id: "tpl_master_services",
  name: "Master Services Agreement",
  description: "The framework terms under which a supplier provides services to a customer through statements of work.",
  blanks: [
    { key: "customer", label: "Customer", kind: "party", required: true, question: "What is the full legal name of the customer?" },
    { key: "supplier", label: "Supplier", kind: "party", required: true, question: "What is the full legal name of the supplier?" },
    { key: "effective_date", label: "Effective date", kind: "date", required: true, question: "From what date should this agreement take effect?" },
    {
      key: "governing_law",
      label: "Governing law",
      kind: "jurisdiction",
      required: true,
      question: "Which country's or state's law should govern this agreement?"
    },
    {
      key: "liability_cap",
      label: "Liability cap",
      kind: "money",
      required: true,
      question: "What is the maximum amount either party can be liable for in a year?"
    },
    {
      key: "payment_terms",
      label: "Payment terms",
      kind: "term",
      required: false,
      default: "thirty (30) days",
      question: "Within how many days must invoices be paid?"
    },
    { key: "initial_term", label: "Initial term", kind: "term", required: false, default: "three (3) years", question: "How long should the initial term be?" },
    {
      key: "notice_period",
      label: "Termination notice",
      kind: "notice",
      required: false,
      default: "ninety (90) days",
      question: "How much notice is needed to terminate for convenience?"
    }
  ],
  blocks: [
    { kind: "heading", text: "Master Services Agreement" },
    {
      kind: "clause",
      text:
        "This Master Services Agreement is entered into on {{effective_date}} (the \"Effective Date\") by {{customer}} (the \"Customer\") and {{supplier}} (the \"Supplier\"). The Supplier will provide services to the Customer under statements of work agreed from time to time, each of which incorporates these terms."
    },
    {
      kind: "clause",
      text:
        "1. Definitions. In this Agreement, \"Services\" means the services described in a Statement of Work; \"Statement of Work\" means a document agreed in writing by both parties that references this Agreement; \"Deliverables\" means all materials the Supplier delivers as part of the Services; and \"Business Day\" means a day other than a weekend or public holiday."
    },
    {
      kind: "clause",
      text:
        "2. Statements of Work. Each Statement of Work forms a separate contract incorporating this Agreement. If a Statement of Work conflicts with this Agreement, this Agreement prevails unless the Statement of Work expressly states the clause of this Agreement it overrides."
    },
    {
      kind: "clause",
      text:
        "3. Supply of Services. The Supplier shall perform the Services with reasonable skill and care, in accordance with good industry practice, applicable law and the Customer's reasonable policies notified in advance, and shall use reasonable endeavours to meet any dates set out in a Statement of Work."
    },
    {
      kind: "clause",
      text:
        "4. Customer Obligations. The Customer shall cooperate with the Supplier, provide timely access to its premises, systems, information and personnel as reasonably required, and ensure that the information it provides is complete and accurate. The Supplier is not liable for any delay caused by the Customer's failure to do so."
    },
    {
      kind: "clause",
      text:
        "5. Change Control. Either party may request a change to a Statement of Work by written notice describing the proposed change. The Supplier shall, within ten (10) Business Days, provide an assessment of its effect on the fees, timetable and Deliverables. No change is binding until the parties agree it in writing, and until then the Supplier shall continue to perform the unchanged Services."
    },
    {
      kind: "clause",
      text:
        "6. Fees and Payment. The Customer shall pay the fees set out in each Statement of Work. The Supplier shall invoice monthly in arrears unless the Statement of Work says otherwise, and the Customer shall pay each undisputed invoice within {{payment_terms}} of receipt. Fees are exclusive of VAT and other applicable taxes."
    },
    {
      kind: "clause",
      text:
        "7. Late Payment and Disputes. The Customer shall notify any disputed amount in good faith within ten (10) Business Days of receiving an invoice. Undisputed sums not paid when due bear interest at four percent (4%) a year above the base rate of the central bank of the governing jurisdiction, accruing daily."
    },
    {
      kind: "clause",
      text:
        "8. Intellectual Property. Each party retains its pre-existing intellectual property. On full payment, the Supplier assigns to the Customer all intellectual property in the Deliverables created specifically for the Customer, and grants a non-exclusive, perpetual licence to any Supplier materials embedded in them, to the extent needed to use the Deliverables."
    },
    {
      kind: "clause",
      text:
        "9. Confidentiality. Each party shall keep the other's confidential information secret, use it only to perform or receive the Services, and disclose it only to personnel and advisers who need to know it and are bound by equivalent obligations, or where required by law."
    },
    {
      kind: "clause",
      text:
        "10. Data Protection. Where the Supplier processes personal data on the Customer's behalf, it shall do so only on the Customer's documented instructions, implement appropriate technical and organisational security measures, and comply with applicable data protection law and any data processing terms agreed between the parties."
    },
    {
      kind: "clause",
      text:
        "11. Warranties. Each party warrants that it has full power and authority to enter into this Agreement. The Supplier warrants that the Services will conform in all material respects to the relevant Statement of Work. All other warranties, express or implied, are excluded to the fullest extent permitted by law."
    },
    {
      kind: "clause",
      text:
        "12. Indemnity. The Supplier shall indemnify the Customer against all losses arising from any claim that the receipt or use of the Deliverables infringes a third party's intellectual property rights, provided the Customer notifies the claim promptly, allows the Supplier to conduct it, and gives reasonable assistance."
    },
    {
      kind: "clause",
      text:
        "13. Limitation of Liability. Nothing limits liability for death or personal injury caused by negligence, fraud, or any liability that cannot be limited by law. Subject to that, neither party is liable for indirect or consequential loss or loss of profit, and each party's total liability in each contract year is limited to {{liability_cap}}."
    },
    {
      kind: "clause",
      text:
        "14. Insurance. The Supplier shall maintain, with reputable insurers, professional indemnity, public liability and employer's liability insurance at levels appropriate to the Services for the term of this Agreement and for two (2) years afterwards, and shall provide evidence of cover on request."
    },
    {
      kind: "clause",
      text:
        "15. Term and Termination. This Agreement starts on the Effective Date and continues for {{initial_term}}, then renews for successive one-year periods unless either party gives {{notice_period}} written notice before the end of the current period. Either party may terminate immediately if the other commits a material breach not remedied within thirty (30) days of notice, or becomes insolvent."
    },
    {
      kind: "clause",
      text:
        "16. Consequences of Termination. On termination the Customer shall pay for Services performed up to the termination date, each party shall return the other's confidential information, and clauses that by their nature survive termination, including those on confidentiality, liability and payment, continue in force."
    },
    {
      kind: "clause",
      text:
        "17. Force Majeure. Neither party is liable for delay or failure to perform caused by events beyond its reasonable control, provided it notifies the other promptly and uses reasonable endeavours to mitigate the effect. If such an event continues for more than sixty (60) days, either party may terminate the affected Statement of Work on written notice."
    },
    {
      kind: "clause",
      text:
        "18. Assignment and Subcontracting. Neither party may assign or transfer this Agreement without the other's prior written consent, not to be unreasonably withheld. The Supplier may subcontract the Services with the Customer's consent and remains responsible for its subcontractors' acts and omissions."
    },
    {
      kind: "clause",
      text:
        "19. Notices. Notices under this Agreement must be in writing and delivered by hand, by recorded post or by email to the address each party last notified. A notice is deemed received on delivery by hand, two (2) Business Days after posting, or at the time of transmission of an email sent during business hours."
    },
    {
      kind: "clause",
      text:
        "20. Entire Agreement. This Agreement and the Statements of Work constitute the entire agreement between the parties and supersede all prior discussions and arrangements. Each party acknowledges that it has not relied on any statement or representation not set out in this Agreement."
    },
    {
      kind: "clause",
      text:
        "21. Governing Law and Jurisdiction. This Agreement, each Statement of Work and any dispute or claim, including non-contractual disputes or claims, arising out of or in connection with them are governed by the laws of {{governing_law}}. Each party irrevocably submits to the exclusive jurisdiction of the courts of {{governing_law}}, without prejudice to either party's right to seek urgent injunctive relief in any competent court."
    },
    { kind: "signature_block", text: "Signed for and on behalf of {{customer}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed for and on behalf of {{supplier}}\n\nName:\nTitle:\nDate:" }
  ]
}
