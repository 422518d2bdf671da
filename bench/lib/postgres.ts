import Pg from "pg"

/** A fresh database on the server behind `adminUrl`; returns its URL and a way to drop it. */
export const freshDatabase = async (adminUrl: string, name: string) => {
  const admin = new Pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const again = new Pg.Client({ connectionString: adminUrl })
      await again.connect()
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await again.end()
    }
  }
}
