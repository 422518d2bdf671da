import os from "node:os"
import Pg from "pg"

export interface Machine {
  readonly cpus: number
  readonly cpuModel: string
  readonly memoryGb: number
  readonly os: string
  readonly node: string
  readonly postgres: string
  readonly pglite: string
  /** 1, 5 and 15 minute load averages when the run began: other work on a shared machine shows here. */
  readonly loadAverage: ReadonlyArray<number>
}

/** What the numbers were measured on: they mean little without it. */
export const describeMachine = async (adminUrl: string, pgliteVersion: string): Promise<Machine> => {
  const client = new Pg.Client({ connectionString: adminUrl })
  await client.connect()
  const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version
  await client.end()
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: version,
    pglite: pgliteVersion,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100)
  }
}
