import * as Migrator from "@effect/sql/Migrator"
import { Layer } from "effect"
import { migrations } from "../../migrations/index.js"

const run = Migrator.make({})

export const MigrationsLive = Layer.effectDiscard(run({ loader: Migrator.fromRecord(migrations) }))
