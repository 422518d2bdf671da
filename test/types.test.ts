import { describe, expectTypeOf, it } from "@effect/vitest"
import type { Rpc } from "@effect/rpc"
import type { CommitReply, ImportLetter, Sign } from "../src/Engine/Entity.js"
import { asId, type ContractId } from "../src/Domain/Contract/Ids.js"
import { reject } from "../src/Domain/Contract/Rejection.js"
import type { importLetter } from "../src/Domain/Negotiation/ImportLetter.js"
import type { commitReply } from "../src/Domain/Negotiation/SendAndCommit.js"
import type { signContract } from "../src/Domain/Signing/SignAndWithdraw.js"

// These hold at compile time: `npm test` runs tsc over test/ before vitest, and each line
// marked as an expected error fails the suite the day the compiler stops refusing it.

type ResultOf<F extends (...args: never) => unknown> = Extract<ReturnType<F>, { readonly result: unknown }>["result"]

describe("what the compiler checks on the write path", () => {
  it("refuses an error code that is not in the error table", () => {
    // @ts-expect-error: a misspelt code is not a code
    expectTypeOf(reject).toBeCallableWith("not_fuond", "No such thing.")
    expectTypeOf(reject).toBeCallableWith("not_found", "No such thing.")
  })

  it("gives the handler the type the core returned, so a renamed result field does not compile", () => {
    type Committed = ResultOf<typeof commitReply>
    type Answered = Rpc.Success<typeof CommitReply>
    expectTypeOf<Committed>().toMatchTypeOf<Answered>()
    // @ts-expect-error: a round's result without `landed` is not what the handler answers
    expectTypeOf<Omit<Committed, "landed"> & { readonly landed_blocks: Committed["landed"] }>().toMatchTypeOf<Answered>()
    expectTypeOf<ResultOf<typeof signContract>>().toMatchTypeOf<Rpc.Success<typeof Sign>>()
    expectTypeOf<ResultOf<typeof importLetter>>().toMatchTypeOf<Rpc.Success<typeof ImportLetter>>()
  })

  it("keeps one kind of id out of another's place", () => {
    const party = asId("pty", "pty_1")
    expectTypeOf(asId("con", "con_1")).toEqualTypeOf<ContractId>()
    // @ts-expect-error: a party's id is not a contract's
    expectTypeOf(party).toEqualTypeOf<ContractId>()
  })
})
