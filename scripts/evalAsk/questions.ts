/** The eval's question sets (eval/ask/*-questions.json), read the one way eval:ask and the cut-off measure both read them. */
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { decodeQuestionSet } from "./gold.js"

const questionsDir = process.env["ASK_QUESTIONS_DIR"] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../eval/ask")

/** A set's questions, or undefined when its file is missing; a bad unseen file is reported without its words. */
export const readQuestions = (name: "develop" | "unseen") => {
  const file = path.join(questionsDir, `${name}-questions.json`)
  if (!existsSync(file)) return undefined
  try {
    return decodeQuestionSet(JSON.parse(readFileSync(file, "utf8")), `${name}-questions.json`)
  } catch (error) {
    if (name === "develop") throw error
    // The decode error quotes the entry; the unseen questions stay unread here, so it is left off.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(`${name}-questions.json is not a list of { question, gold } this script reads`)
  }
}
