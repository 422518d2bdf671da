import { call, idempotencyKey } from "../support/client.js"
import type { twoOrgs } from "../support/negotiation.js"

type Seat = Awaited<ReturnType<typeof twoOrgs>>["ada"]

/** A keyed write as first sent, to send again under its key through any runner. */
export interface Keyed {
  readonly kind: string
  readonly method: string
  readonly path: string
  readonly seat: Seat
  readonly body: unknown
  readonly headers: Record<string, string>
}

/** A keyed write the cluster acknowledged, with the answer every replay must repeat byte for byte. */
export interface Acknowledged extends Keyed {
  readonly status: number
  readonly text: string
  readonly answer: any
}

const random = <A>(list: ReadonlyArray<A>): A | undefined => list[Math.floor(Math.random() * list.length)]

/**
 * Writes of every kind the Contract entity takes over HTTP, sent through whichever runner `through`
 * names, with the one rule of the failover probe: no answer is a 5xx but `503 api_error` with
 * `Retry-After: 1`. A keyed write answered 503 may have landed, so it is sent again under its key
 * until the cluster answers it for good; the answer must then be its write's, never a second one.
 */
export const failoverLoad = (ada: Seat, bea: Seat, beaEmail: string, through: () => string) => {
  const drafts: Array<string> = []
  const contracts: Array<string> = []
  const violations: Array<string> = []
  const acknowledged: Array<Acknowledged> = []
  const resolving: Array<Promise<void>> = []
  const statuses = new Map<string, number>()

  const judge = (kind: string, method: string, path: string, base: string, reply: { status: number; text: string; headers: Headers; body: any }) => {
    statuses.set(`${kind} ${reply.status}`, (statuses.get(`${kind} ${reply.status}`) ?? 0) + 1)
    if (reply.status < 500) return true
    const unavailable = reply.status === 503 && reply.headers.get("retry-after") === "1" && reply.body?.error?.code === "api_error"
    if (!unavailable) violations.push(`${kind} ${method} ${path} through ${base}: ${reply.status} ${reply.text.slice(0, 200)}`)
    return false
  }

  const send = async (kind: string, seat: Seat, method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const base = through()
    const reply = await call(base, method, path, { key: seat.org.keys.test, person: seat.person, body, headers }).catch((error: unknown) => {
      violations.push(`${kind} ${method} ${path} through ${base}: ${String(error)}`)
      return undefined
    })
    return reply === undefined || !judge(kind, method, path, base, reply) ? undefined : reply
  }

  // Sent again under its key until answered for good; `409 idempotency_in_flight` means the first may still land.
  const resolve = async (write: Keyed, onAnswer: (reply: { status: number; body: any }) => void) => {
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000))
      const reply = await send(write.kind, write.seat, write.method, write.path, write.body, write.headers)
      if (reply === undefined || (reply.status === 409 && reply.body?.error?.code === "idempotency_in_flight")) continue
      if (reply.status < 300) acknowledged.push({ ...write, status: reply.status, text: reply.text, answer: reply.body })
      return onAnswer(reply)
    }
    violations.push(`${write.kind} ${write.path}: still unanswered under its key after 90 s`)
  }

  const keyed = async (
    kind: string,
    seat: Seat,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    onAnswer: (reply: { status: number; body: any }) => void
  ) => {
    const write: Keyed = { kind, method: "POST", path, seat, body, headers: { ...headers, "idempotency-key": idempotencyKey() } }
    const base = through()
    const reply = await call(base, "POST", path, { key: seat.org.keys.test, person: seat.person, body, headers: write.headers }).catch((error: unknown) => {
      violations.push(`${kind} POST ${path} through ${base}: ${String(error)}`)
      return undefined
    })
    if (reply === undefined) return
    if (judge(kind, "POST", path, base, reply)) {
      if (reply.status < 300) acknowledged.push({ ...write, status: reply.status, text: reply.text, answer: reply.body })
      return onAnswer(reply)
    }
    if (reply.status === 503) resolving.push(resolve(write, onAnswer))
  }

  const clause = (sheet: any) => random(sheet.blocks.filter((b: { kind: string }) => b.kind === "clause")) as { id: string }
  const partyB = (sheet: any) => sheet.facts.find((f: { name: string }) => f.name === "party_b").id as string

  const onDraft = async (write: (id: string, sheet: any) => Promise<void>) => {
    const id = random(drafts)
    if (id !== undefined) await write(id, await ada.sheet(id))
  }
  const onContract = async (write: (seat: Seat, id: string) => Promise<void>) => {
    const id = random(contracts)
    if (id !== undefined) await write(Math.random() < 0.5 ? ada : bea, id)
  }

  const plain = (kind: string, seat: Seat, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    send(kind, seat, method, path, body, headers).then(() => undefined)
  const sent = (id: string) => (reply: { status: number }) => {
    if (reply.status !== 200 || contracts.includes(id)) return
    contracts.push(id)
    drafts.splice(drafts.indexOf(id), 1)
  }
  const recipients = [{ email: beaEmail, name: "Bea", capacity: ["negotiator", "signer"] }]
  const stage = async (seat: Seat, id: string) => {
    const sheet = await seat.sheet(id)
    const open = (await seat.get(`/contracts/${id}/asks?filter=undecided`)).body.data as ReadonlyArray<{ id: string }>
    const decision = open.length > 0 && Math.random() < 0.7
      ? { ask_id: open[0]!.id, type: "accept" }
      : { block_id: clause(sheet).id, type: "counter", text: `Failover ${Math.random()}`, why: "probe" }
    await plain("StageDecision", seat, "POST", `/contracts/${id}/decisions`, decision, { "if-match": sheet.words_hash })
  }
  const unstage = async (seat: Seat, id: string) => {
    const staged = random((await seat.get(`/contracts/${id}/reply`)).body.decisions as ReadonlyArray<{ id: string }>)
    if (staged !== undefined) await plain("WithdrawDecision", seat, "DELETE", `/contracts/${id}/decisions/${staged.id}`)
  }
  const commit = async (seat: Seat, id: string) => {
    const { words_hash } = await seat.sheet(id)
    await keyed("CommitReply", seat, `/contracts/${id}/replies`, { confirmed_by: seat.person }, { "if-match": words_hash }, () => undefined)
  }
  const sign = async (seat: Seat, id: string) => {
    const { words_hash } = await seat.sheet(id)
    await keyed("Sign", seat, `/contracts/${id}/signatures`, { text_hash: words_hash, confirmed_by: seat.person }, {}, () => undefined)
  }
  // The cheapest write, a reply's note: back to back, it keeps the contracts' queues full.
  const note = () => onContract((seat, id) => plain("SetReplyNote", seat, "PATCH", `/contracts/${id}/reply`, { note: `Note ${Math.random()}` }))
  const invitee = () => ({ email: `s${Math.random().toString(36).slice(2)}@outside.test`, name: "Sig", capacity: ["signer"] })
  const uninvite = async (id: string) => {
    const invited = random(((await ada.sheet(id)).parties as ReadonlyArray<{ id: string; email: string }>).filter((p) => p.email.endsWith("@outside.test")))
    if (invited !== undefined) await plain("RemoveParty", ada, "DELETE", `/contracts/${id}/parties/${invited.id}`)
  }

  // The Contract entity's messages over HTTP, by weight: all but the ends of a contract (cancel, amend),
  // imports, playbooks and ask withdrawal.
  const kinds: ReadonlyArray<readonly [number, () => Promise<void>]> = [
    [10, () => keyed("Draft", ada, "/contracts", { template_id: "tpl_mutual_nda" }, {}, (r) => void (r.status === 201 && drafts.push(r.body.id)))],
    [
      6,
      () =>
        onDraft((id, sheet) =>
          plain("SetFact", ada, "POST", `/contracts/${id}/facts/${partyB(sheet)}`, { value: `B ${Math.random()}` }, { "if-match": sheet.words_hash })
        )
    ],
    [4, () => onDraft((id, sheet) => plain("ConfirmFact", ada, "POST", `/contracts/${id}/facts/${partyB(sheet)}/confirm`))],
    [
      8,
      () =>
        onDraft((id, sheet) =>
          keyed("Send", ada, `/contracts/${id}/send`, { recipients, confirmed_by: ada.person }, { "if-match": sheet.words_hash }, sent(id))
        )
    ],
    [20, () => onContract(stage)],
    [4, () => onContract(unstage)],
    [8, note],
    [3, () => onContract((seat, id) => plain("DiscardReply", seat, "DELETE", `/contracts/${id}/reply`))],
    [20, () => onContract(commit)],
    [3, () => onContract((_, id) => plain("Invite", ada, "POST", `/contracts/${id}/invite`, invitee()))],
    [2, () => onContract((_, id) => uninvite(id))],
    [4, () => onContract(sign)]
  ]
  const total = kinds.reduce((sum, [weight]) => sum + weight, 0)
  const one = () => {
    let roll = Math.random() * total
    for (const [weight, write] of kinds) if ((roll -= weight) < 0) return write()
    return Promise.resolve()
  }

  /** `workers` clients writing (every kind, or only notes) until `until` resolves; a read that fails is a violation too. */
  const run = async (workers: number, until: Promise<unknown>, only?: "notes") => {
    let going = true
    void until.then(() => (going = false))
    await Promise.all(Array.from({ length: workers }, async () => {
      while (going) {
        await (only === "notes" ? note() : one()).catch((error: unknown) => violations.push(`a read beside the writes failed: ${String(error)}`))
      }
    }))
  }

  return { drafts, contracts, violations, acknowledged, resolving, statuses, run }
}
