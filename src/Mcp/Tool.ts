import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js"
import { Effect, JSONSchema, ParseResult, Schema } from "effect"
import type { Actor } from "../Auth/Actor.js"
import type { Attention } from "../Attention.js"
import type { Contracts } from "../Contracts.js"
import type { Scope } from "../Domain/Api/Scopes.js"
import type { Rejection } from "../Domain/Contract/Rejection.js"
import { fromDecodeError } from "../Http/DecodeErrors.js"
import { findRefusedValue } from "../Http/JsonBody.js"
import type { RateClass } from "../Http/Policy.js"
import type { Negotiation } from "../Negotiation.js"

/** What a tool's work may need: the capability services HTTP uses, and the caller. */
export type ToolServices = Contracts | Negotiation | Attention | Actor

/**
 * One MCP tool: the arguments it takes (one schema, which both checks a call and describes the
 * tool to the client), what it does to the world (its annotations), the scope and rate class of
 * the HTTP route it stands for, and the work, which is that route's own service call, answered
 * through that route's success schema, so a tool shows exactly what the equivalent GET shows.
 */
export interface Tool {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly inputSchema: { readonly type: "object"; readonly [key: string]: unknown }
  readonly annotations: ToolAnnotations
  readonly scope: Scope
  readonly rate: RateClass
  readonly call: (args: unknown) => Effect.Effect<unknown, Rejection, ToolServices>
}

/**
 * A read changes nothing, so repeating one is harmless. No tool reaches past the service (no
 * mail, no web): each is a closed world.
 */
export const reading: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/**
 * The arguments as a client reads them: self-contained (no `$ref`, which some clients do not
 * follow) and in keywords draft-07 and 2020-12 share, with no `$schema`, so a strict validator
 * of either dialect compiles it; an argument with an identifier (`Schema.Int`) would bring a `$ref`.
 */
const argumentSchema = (args: Schema.Schema.AnyNoContext): Tool["inputSchema"] => {
  const { $defs, $schema: _, ...schema } = JSONSchema.make(args)
  if ($defs !== undefined) throw new Error(`An MCP tool's arguments must describe themselves inline: ${Object.keys($defs).join(", ")}.`)
  if (!("type" in schema) || schema.type !== "object") throw new Error("An MCP tool's arguments must be an object (a Struct).")
  return schema
}

export const tool = <A, I, B, J>(definition: {
  readonly name: string
  readonly title: string
  readonly description: string
  readonly args: Schema.Schema<A, I>
  readonly annotations: ToolAnnotations
  readonly scope: Scope
  readonly rate: RateClass
  readonly result: Schema.Schema<B, J>
  readonly run: (args: A) => Effect.Effect<B, Rejection, ToolServices>
}): Tool => {
  const decode = Schema.decodeUnknown(definition.args, { onExcessProperty: "error", errors: "all" })
  const encode = Schema.encode(definition.result)
  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    inputSchema: argumentSchema(definition.args),
    annotations: definition.annotations,
    scope: definition.scope,
    rate: definition.rate,
    // The arguments meet the HTTP body's checks first (depth, NUL, lone surrogates, unsafe numbers),
    // so no decoder ever walks a hostile value, and a tool refuses exactly what its route refuses.
    call: (args) => {
      const refused = findRefusedValue(args ?? {})
      return refused !== undefined ? Effect.fail(refused) : decode(args ?? {}).pipe(
        Effect.mapError((error) => fromDecodeError({ issues: ParseResult.ArrayFormatter.formatErrorSync(error) })),
        Effect.flatMap(definition.run),
        // The service's answer always fits its route's schema; a misfit is a defect, as it is over HTTP.
        Effect.flatMap((result) => Effect.orDie(encode(result)))
      )
    }
  }
}
