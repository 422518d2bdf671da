import type { Template } from "./Template.js"
import { consulting } from "./Consulting.js"
import { masterServices } from "./MasterServices.js"
import { mutualNda } from "./MutualNda.js"
import { oneWayNda } from "./OneWayNda.js"
import { saasSubscription } from "./SaasSubscription.js"
import { statementOfWork } from "./StatementOfWork.js"

export const templates: ReadonlyArray<Template> = [mutualNda, oneWayNda, masterServices, statementOfWork, consulting, saasSubscription]
