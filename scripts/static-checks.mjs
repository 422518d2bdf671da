// The test command's static checks, the typecheck and the lint, side by side: each is one
// process on one core, so on two cores they take the longer one's time instead of both together.
// Fails, after both have finished, when either does; each prints its own findings.
import { spawn } from "node:child_process"
import { delimiter, resolve } from "node:path"
import process from "node:process"

// Found as npm's scripts find them, also when this file is run by hand.
const env = { ...process.env, PATH: `${resolve("node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}` }

const run = (command, args) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env })
    child.on("error", (error) => {
      process.stderr.write(`${command}: ${error.message}\n`)
      resolve(1)
    })
    child.on("exit", (code, signal) => resolve(code ?? (signal === null ? 1 : 128)))
  })

const codes = await Promise.all([run("tsc", ["--noEmit"]), run("eslint", ["."])])
process.exit(codes.some((code) => code !== 0) ? 1 : 0)
