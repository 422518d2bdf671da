import foundation from "./0001_foundation.js"

// Every migration, by its numbered name; the migrator runs the ones a database has not seen.
export const migrations = {
  "0001_foundation": foundation
}
