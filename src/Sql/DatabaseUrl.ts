/** A `DATABASE_URL` naming PostgreSQL; read by the start-up checks before anything else loads, so it imports nothing. */
export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url)
