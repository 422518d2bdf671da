/**
 * Party names by the hand-written patterns against NLP readers, on the same preamble text:
 *   npx tsx scripts/evalImports/partiesNlp.ts
 * - patterns: the parser's findPartyHits (preamble list, labels, signature block);
 * - compromise: its organizations() and people() over the party preamble, in order, up to six;
 * - compromise (anchored): the same over the sentence the patterns anchor on ("by and between …" to WHEREAS);
 * - wink (anchored): runs of proper nouns (wink-eng-lite-web-model has no person/organisation entities);
 * - patterns + compromise people: the patterns, then people compromise finds in the anchored sentence;
 * - patterns, + people if < 2: the same, only where the patterns find fewer than two parties.
 * Scores as the eval does (scoreParties), for the develop set and, as totals only, the unseen set; ms per document.
 */
import { readFileSync } from "node:fs"
import path from "node:path"
import nlp from "compromise"
import winkNLP from "wink-nlp"
import model from "wink-eng-lite-web-model"
import { preambleEnd } from "../../src/Domain/Imports/FactScan.js"
import { findPartyHits, partyPreambleEnd } from "../../src/Domain/Imports/Parties.js"
import { segment } from "../../src/Domain/Imports/Segment.js"
import { corpusDir } from "./corpus.js"
import type { Counts, Label } from "./score.js"
import { normaliseParty, scoreParties } from "./score.js"
import { splitCorpus } from "./split.js"
import { metrics } from "./table.js"

const wink = winkNLP(model)
const labels = JSON.parse(readFileSync(path.join(corpusDir, "labels.json"), "utf8")) as ReadonlyArray<Label>
const split = splitCorpus(labels.map((label) => label.file))

const anchor = /\b(?:by\s{1,3}and\s{1,3}(?:between|among)|entered\s{1,3}into[^.;]{0,60}?\bby|between|among)\b/i
const anchored = (preamble: string): string => {
  const match = anchor.exec(preamble)
  const from = match === null ? 0 : match.index
  const window = preamble.slice(from, from + 1200)
  const stop = /\b(?:WHEREAS|Whereas|RECITALS|WITNESSETH|agree as follows)\b/.exec(window)
  return stop === null ? window : window.slice(0, stop.index)
}

const tidy = (name: string): string => name.replace(/^[\s,;:("“]+|[\s,;:)"”]+$/g, "")
const distinct = (names: ReadonlyArray<string>): ReadonlyArray<string> => {
  const seen = new Set<string>()
  return names.map(tidy).filter((name) => {
    const key = normaliseParty(name)
    if (key.length < 3 || seen.has(key)) return false
    seen.add(key)
    return true
  }).slice(0, 6)
}

const compromiseNames = (text: string): ReadonlyArray<string> => {
  const doc = nlp(text)
  return distinct(doc.match("(#Organization+|#Person+)").out("array") as Array<string>)
}

const suffixWord = /^(?:Inc|Ltd|LLC|Corp|Corporation|Company|Co|Limited|LLP|LP|PLC|AG|GmbH|SA)\.?,?$/i
const winkNames = (text: string): ReadonlyArray<string> => {
  const tokens = wink.readDoc(text).tokens()
  const words = tokens.out(wink.its.value) as Array<string>
  const pos = tokens.out(wink.its.pos) as Array<string>
  const runs: Array<string> = []
  let run: Array<string> = []
  const flush = () => {
    if (run.length >= 2 || run.some((word) => suffixWord.test(word))) runs.push(run.join(" "))
    run = []
  }
  words.forEach((word, index) => {
    const inside = pos[index] === "PROPN" || (run.length > 0 && (suffixWord.test(word) || word === "&" || word === "of"))
    if (inside) run.push(word)
    else if (!(word === "," && suffixWord.test(words[index + 1] ?? ""))) flush()
  })
  flush()
  return distinct(runs)
}

interface Method {
  readonly name: string
  readonly read: (blocks: ReturnType<typeof segment>, preamble: string) => ReadonlyArray<string>
}

const patterns = (blocks: ReturnType<typeof segment>): ReadonlyArray<string> =>
  findPartyHits(blocks, preambleEnd(blocks)).map((hit) => blocks[hit.block].text.slice(hit.start, hit.end))

const methods: ReadonlyArray<Method> = [
  { name: "patterns", read: (blocks) => patterns(blocks) },
  { name: "compromise (preamble)", read: (_, preamble) => compromiseNames(preamble) },
  { name: "compromise (anchored)", read: (_, preamble) => compromiseNames(anchored(preamble)) },
  { name: "wink PROPN (anchored)", read: (_, preamble) => winkNames(anchored(preamble)) },
  {
    name: "patterns + compromise people",
    read: (blocks, preamble) => distinct([...patterns(blocks), ...(nlp(anchored(preamble)).people().out("array") as Array<string>)])
  },
  {
    name: "patterns, + people if < 2",
    read: (blocks, preamble) => {
      const found = patterns(blocks)
      return found.length >= 2 ? found : distinct([...found, ...(nlp(anchored(preamble)).people().out("array") as Array<string>)])
    }
  }
]

const documents = labels.map((label) => {
  const text = readFileSync(path.join(corpusDir, label.file), "utf8")
  const blocks = segment({ text, pages: [{ page: 1, start: 0, end: text.length }] })
  const preamble = blocks.slice(0, partyPreambleEnd(blocks, preambleEnd(blocks))).map((block) => block.text).join("\n")
  return { label, blocks, preamble }
})

const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn })
const line = (counts: Counts): string => {
  const { f1, precision, recall } = metrics(counts)
  return `tp ${counts.tp} fp ${counts.fp} fn ${counts.fn}  P ${precision.toFixed(2)} R ${recall.toFixed(2)} F1 ${f1.toFixed(2)}`
}

for (const method of methods) {
  let develop: Counts = { tp: 0, fp: 0, fn: 0 }
  let unseen: Counts = { tp: 0, fp: 0, fn: 0 }
  const started = performance.now()
  for (const { blocks, label, preamble } of documents) {
    const counts = scoreParties(method.read(blocks, preamble), label)
    if (split.develop.has(label.file)) develop = add(develop, counts)
    else unseen = add(unseen, counts)
  }
  const ms = (performance.now() - started) / documents.length
  console.log(`${method.name.padEnd(30)} develop ${line(develop)} | unseen ${line(unseen)} | ${ms.toFixed(1)} ms/doc`)
}
