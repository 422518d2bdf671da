import type { Template } from "../Domain/Templates/Template.js"
import { templates } from "../Domain/Templates/index.js"

export const findTemplate = (id: string): Template | undefined => templates.find((template) => template.id === id)

export const renderTemplate = (template: Template) => ({
  id: template.id,
  object: "template" as const,
  name: template.name,
  description: template.description,
  blanks: template.blanks.map(({ key, label, kind, required }) => ({ key, label, kind, required }))
})

export { templates }
