import type { Template } from "../Template.js"

export const saasSubscription: Template = {
  id: "tpl_saas_subscription",
  name: "SaaS Subscription Agreement",
  description: "A customer subscribes to a hosted software service: access, service levels, fees, data and renewal.",
  blanks: [
    { key: "provider", label: "Provider", kind: "party", required: true, question: "What is the full legal name of the service provider?" },
    { key: "customer", label: "Customer", kind: "party", required: true, question: "What is the full legal name of the customer?" },
    { key: "start_date", label: "Subscription start date", kind: "date", required: true, question: "On what date does the subscription start?" },
    { key: "annual_fee", label: "Annual subscription fee", kind: "money", required: true, question: "What is the annual subscription fee?" },
    { key: "governing_law", label: "Governing law", kind: "jurisdiction", required: true, question: "Which country's or state's law should govern this agreement?" },
    { key: "subscription_term", label: "Subscription term", kind: "term", required: false, default: "one (1) year", question: "How long is each subscription term?" },
    { key: "renewal_notice", label: "Renewal notice", kind: "notice", required: false, default: "sixty (60) days", question: "How much notice must be given to stop automatic renewal?" }
  ],
  blocks: [
    { kind: "heading", text: "SaaS Subscription Agreement" },
    { kind: "clause", text: "This SaaS Subscription Agreement is between {{provider}} (the \"Provider\") and {{customer}} (the \"Customer\") and governs the Customer's use of the Provider's hosted software service (the \"Service\") from {{start_date}}." },
    { kind: "clause", text: "1. Access. The Provider grants the Customer a non-exclusive, non-transferable right for the Customer's authorised users to access and use the Service for the Customer's internal business purposes during the subscription term." },
    { kind: "clause", text: "2. Restrictions. The Customer shall not copy, modify, reverse engineer or resell the Service, use it to build a competing product, or permit any use that breaches applicable law or the Provider's acceptable use policy." },
    { kind: "clause", text: "3. Service Levels. The Provider shall make the Service available at least 99.5% of each calendar month, excluding scheduled maintenance notified in advance. If it fails to do so, the Customer is entitled to the service credits set out in the Provider's service level policy as its sole remedy for that failure." },
    { kind: "clause", text: "4. Customer Data. The Customer owns all data it submits to the Service. The Provider shall process it only to provide the Service, keep it secure using industry-standard measures, and on termination make it available for export for thirty (30) days before deleting it." },
    { kind: "clause", text: "5. Fees. The Customer shall pay the annual subscription fee of {{annual_fee}} in advance for each subscription term, within thirty (30) days of invoice. The Provider may increase fees for a renewal term by notice given before the renewal notice deadline." },
    { kind: "clause", text: "6. Term and Renewal. The subscription runs for {{subscription_term}} from the start date and renews automatically for further periods of the same length unless either party gives notice of non-renewal at least {{renewal_notice}} before the end of the current term." },
    { kind: "clause", text: "7. Warranties. The Provider warrants that the Service will perform materially in accordance with its documentation. Except as expressly stated, the Service is provided without other warranties, and the Provider does not warrant that it will be uninterrupted or error-free." },
    { kind: "clause", text: "8. Limitation of Liability. Neither party is liable for indirect or consequential loss. Each party's total liability in any twelve-month period is limited to the fees paid or payable in that period, except for breach of confidentiality, the Customer's payment obligations, and liability that cannot be limited by law." },
    { kind: "clause", text: "9. Suspension and Termination. The Provider may suspend access if undisputed fees are more than thirty (30) days overdue after a reminder. Either party may terminate for material breach not remedied within thirty (30) days of notice." },
    { kind: "clause", text: "10. Governing Law. This Agreement is governed by the laws of {{governing_law}}, and the courts of {{governing_law}} have exclusive jurisdiction." },
    { kind: "signature_block", text: "Signed for and on behalf of {{provider}}\n\nName:\nTitle:\nDate:" },
    { kind: "signature_block", text: "Signed for and on behalf of {{customer}}\n\nName:\nTitle:\nDate:" }
  ]
}
