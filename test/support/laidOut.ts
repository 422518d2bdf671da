/**
 * A short supply agreement as people lay it out: one long clause written as one sentence, so that
 * wherever a page break falls in it the words before the break end mid-sentence; signatures; and a
 * schedule after them. Used to build PDFs with running headers and page numbers, and DOCX with
 * Word's own clause numbering.
 */
export const runningHeader = "Northwind / Contoso Supply Agreement - Execution Copy"

export const longClause = "1. Supply. Northwind shall supply the Products described in Schedule 1 to Contoso in the quantities and at the " +
  "times set out in each purchase order that Contoso places and Northwind accepts in writing, and Contoso shall take delivery of " +
  "the Products at its warehouse in Denver, Colorado, during ordinary business hours on the delivery date stated in the accepted " +
  "purchase order, unless the parties agree on another place or time of delivery in writing, in which case the Products shall be " +
  "delivered at that place and time and the risk in them shall pass to Contoso on delivery."

export const pagedAgreement = [
  "SUPPLY AGREEMENT",
  "This Supply Agreement is made on March 3, 2025 by and between Northwind Traders, Inc., a Delaware corporation (\"Northwind\"), and Contoso Foods LLC, a Colorado limited liability company (\"Contoso\").",
  longClause,
  "2. Price. Contoso shall pay the prices in Schedule 1 within thirty (30) days of each invoice.",
  "3. Term. This Agreement begins on April 1, 2025 and ends on March 31, 2026.",
  "4. Governing Law. This Agreement is governed by the laws of the State of Colorado.",
  "5. Notices. Notices under this Agreement shall be in writing and delivered by hand or by courier to the addresses above.",
  "6. Entire Agreement. This Agreement is the entire agreement between the parties about its subject matter.",
  "IN WITNESS WHEREOF, the parties have signed this Agreement on the date first written above.",
  "NORTHWIND TRADERS, INC.",
  "By: /s/ Jane Roe",
  "Name: Jane Roe",
  "Title: Chief Executive Officer",
  "CONTOSO FOODS LLC",
  "By: /s/ John Doe",
  "Name: John Doe",
  "Title: Manager",
  "SCHEDULE 1",
  "Products and Prices",
  "Roasted coffee beans in 5 kg bags, at USD 60 a bag, delivered monthly."
]

/** Where the page breaks must fall: after the first four lines of the long clause (title 1 line, preamble 3). */
export const pagedLinesPerPage = 8

/** The same agreement's clauses as Word numbers them: the numbers are Word's, not text. */
export const numberedAgreement: Array<{ text: string; level?: 0 | 1 | 2 }> = [
  { text: "SERVICES AGREEMENT" },
  { text: "This Services Agreement is made on March 3, 2025 by and between Northwind Traders, Inc. (\"Northwind\") and Contoso Foods LLC (\"Contoso\")." },
  { text: "Definitions. In this Agreement the words below have these meanings.", level: 0 },
  { text: "\"Services\" means the services described in the statement of work.", level: 1 },
  { text: "\"Fees\" means the fees set out in the statement of work.", level: 1 },
  { text: "Services. Northwind shall perform the Services with reasonable skill and care.", level: 0 },
  { text: "Northwind shall:", level: 1 },
  { text: "assign qualified staff to the Services;", level: 2 },
  { text: "comply with Contoso's site rules when on its premises.", level: 2 },
  { text: "Term. This Agreement begins on April 1, 2025 and ends on March 31, 2026.", level: 0 },
  { text: "IN WITNESS WHEREOF, the parties have signed this Agreement on the date first written above." },
  { text: "By: /s/ Jane Roe" },
  { text: "Name: Jane Roe" }
]
