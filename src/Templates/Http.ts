import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { notFound } from "../Domain/Contract/Rejection.js"
import { findTemplate, renderTemplate, templates } from "./Catalog.js"

export const TemplatesHttp = HttpApiBuilder.group(Api, "templates", (handlers) =>
  handlers
    .handle("list", () => Effect.succeed({ data: templates.map(renderTemplate), has_more: false }))
    .handle("get", ({ path }) => {
      const template = findTemplate(path.id)
      return template === undefined ? Effect.fail(notFound("template", path.id)) : Effect.succeed(renderTemplate(template))
    }))
