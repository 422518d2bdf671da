import type { Template } from "./Template.js"

export const saasSubscription: Template = {
  id: "tpl_saas_subscription",
  name: "SaaS Subscription Agreement",
  description: "A customer subscribes to a hosted software service: access, service levels, fees, data and renewal.",
  blanks: [
    { key: "provider", label: "Provider", kind: "party", required: true, question: "What is the full legal name of the service provider?" },
    { key: "customer", label: "Customer", kind: "party", required: true, question: "What is the full legal name of the customer?" },
    { key: "effective_date", label: "Effective date", kind: "date", required: true, question: "On what date does the subscription start?" },
    { key: "annual_fee", label: "Annual subscription fee", kind: "money", required: true, question: "What is the annual subscription fee?" },
    {
      key: "governing_law",
      label: "Governing law",
      kind: "jurisdiction",
      required: true,
      question: "Which country's or state's law should govern this agreement?"
    },
    {
      key: "subscription_term",
      label: "Subscription term",
      kind: "term",
      required: false,
      default: "one (1) year",
      question: "How long is each subscription term?"
    },
    {
      key: "renewal_notice",
      label: "Renewal notice",
      kind: "notice",
      required: false,
      default: "sixty (60) days",
      question: "How much notice must a party give to stop the subscription renewing automatically?"
    }
  ],
  blocks: [
    { kind: "heading", text: "SaaS Subscription Agreement" },
    {
      kind: "clause",
      text:
        "This SaaS Subscription Agreement is made on {{effective_date}} (the \"Effective Date\") between {{provider}} (the \"Provider\") and {{customer}} (the \"Customer\"). It governs the Customer's access to and use of the Provider's hosted software service, together with its documentation and any updates the Provider makes generally available (the \"Service\")."
    },
    {
      kind: "clause",
      text:
        "1. Access Rights. Subject to payment of the fees and compliance with this Agreement, the Provider grants the Customer a non-exclusive, non-transferable, non-sublicensable right, during the subscription term, to permit its authorised users to access and use the Service for the Customer's internal business purposes. The Customer is responsible for its authorised users' compliance with this Agreement and for keeping their login credentials secure."
    },
    {
      kind: "clause",
      text:
        "2. Restrictions. The Customer shall not, and shall not permit any person to, copy, modify, translate or create derivative works of the Service; decompile or reverse engineer it except as permitted by law; sell, resell or make it available to third parties; use it to build a competing product; or use it in breach of applicable law or the Provider's acceptable use policy."
    },
    {
      kind: "clause",
      text:
        "3. Service Levels and Support. The Provider shall make the Service available at least 99.5% of the time in each calendar month, excluding scheduled maintenance notified at least forty-eight (48) hours in advance. The Provider shall provide support during normal business hours. If availability falls below that level, the Customer is entitled to the service credits in the Provider's service level policy as its sole remedy for that failure."
    },
    {
      kind: "clause",
      text:
        "4. Customer Data. As between the parties, the Customer owns all data that it or its users submit to the Service (\"Customer Data\"). The Customer grants the Provider a limited licence to host and process Customer Data solely to provide the Service. On termination the Provider shall make Customer Data available for export for thirty (30) days and shall then securely delete it, unless retention is required by law."
    },
    {
      kind: "clause",
      text:
        "5. Data Protection and Security. Where the Provider processes personal data on the Customer's behalf, it acts as processor and shall process the data only on the Customer's documented instructions, implement appropriate technical and organisational security measures, ensure its personnel are bound by confidentiality, notify the Customer without undue delay of any personal data breach, and comply with applicable data protection law and any agreed data processing terms."
    },
    {
      kind: "clause",
      text:
        "6. Fees and Payment. The Customer shall pay an annual subscription fee of {{annual_fee}} for each subscription term, invoiced annually in advance and payable within thirty (30) days of the invoice date. Fees are exclusive of applicable taxes. The Provider may increase the fees for any renewal term by written notice given no later than the last date on which the Customer could give notice of non-renewal."
    },
    {
      kind: "clause",
      text:
        "7. Term and Renewal. The initial subscription term starts on the Effective Date and runs for {{subscription_term}}. It then renews automatically for successive periods of the same length unless either party gives written notice of non-renewal at least {{renewal_notice}} before the end of the then-current subscription term. This Agreement continues for so long as any subscription term is in effect."
    },
    {
      kind: "clause",
      text:
        "8. Intellectual Property. The Provider and its licensors own all intellectual property rights in the Service, and nothing in this Agreement transfers any of those rights to the Customer. If the Customer provides suggestions or feedback about the Service, the Provider may use them freely without obligation, provided that it does not identify the Customer or disclose Customer Data in doing so."
    },
    {
      kind: "clause",
      text:
        "9. Confidentiality. Each party shall keep confidential all information of the other party that is marked as confidential or would reasonably be regarded as confidential, use it only to perform its obligations or exercise its rights under this Agreement, and disclose it only to its personnel and advisers who need to know it and are bound by equivalent obligations, or as required by law."
    },
    {
      kind: "clause",
      text:
        "10. Warranties. The Provider warrants that the Service will perform materially in accordance with its documentation and that it will not knowingly introduce malicious code into the Service. If the Service does not so perform, the Provider shall use reasonable efforts to correct it. Except as expressly stated in this Agreement, all other warranties are excluded, and the Provider does not warrant that the Service will be uninterrupted or error-free."
    },
    {
      kind: "clause",
      text:
        "11. Indemnity. The Provider shall defend the Customer against any third-party claim that the Customer's use of the Service in accordance with this Agreement infringes that third party's intellectual property rights, and shall pay any damages finally awarded, provided the Customer notifies the claim promptly, gives the Provider sole control of its defence and settlement, and provides reasonable assistance at the Provider's expense."
    },
    {
      kind: "clause",
      text:
        "12. Limitation of Liability. Nothing in this Agreement limits liability for death or personal injury caused by negligence, fraud, or any liability that cannot be limited by law. Subject to that, neither party is liable for loss of profits or any indirect or consequential loss, and each party's total liability in any twelve-month period is limited to the fees paid or payable in that period, except for the Customer's payment obligations."
    },
    {
      kind: "clause",
      text:
        "13. Suspension and Termination. The Provider may suspend access to the Service if any undisputed fees remain unpaid more than thirty (30) days after a written reminder. Either party may terminate this Agreement by written notice if the other commits a material breach that is not remedied within thirty (30) days of being notified of it, or if the other becomes insolvent."
    },
    {
      kind: "clause",
      text:
        "14. General. This Agreement is the entire agreement between the parties on its subject matter and supersedes any prior arrangement. Neither party may assign it without the other's prior written consent, except to a successor to all or substantially all of its business. Notices must be given in writing to the address or email address each party last notified to the other."
    },
    {
      kind: "clause",
      text:
        "15. Governing Law and Jurisdiction. This Agreement and any dispute or claim, including any non-contractual dispute or claim, arising out of or in connection with it are governed by the laws of {{governing_law}}. The parties irrevocably agree that the courts of {{governing_law}} have exclusive jurisdiction to settle any such dispute or claim."
    },
    { kind: "signature_block", text: "Signed for and on behalf of {{provider}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed for and on behalf of {{customer}}\n\nName:\nTitle:\nDate:" }
  ]
}
