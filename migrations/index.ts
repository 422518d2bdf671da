import foundation from "./0001_foundation.js"
import negotiation from "./0002_negotiation.js"
import signatures from "./0003_signatures.js"
import letters from "./0004_letters.js"
import idempotentWrites from "./0005_idempotent_writes.js"
import keyLast4 from "./0006_key_last4.js"
import partyBroughtBy from "./0007_party_brought_by.js"
import importsAndAssets from "./0008_imports_and_assets.js"
import webhooks from "./0009_webhooks.js"
import playbooksAndSearch from "./0010_playbooks_and_search.js"
import tokensIngressMail from "./0011_tokens_ingress_mail.js"
import outboxNextAttempt from "./0012_outbox_next_attempt.js"
import recentWrites from "./0013_recent_writes.js"
import sharedRateLimits from "./0014_shared_rate_limits.js"
import importLeases from "./0015_import_leases.js"
import attentionAndRelationshipRows from "./0016_attention_and_relationship_rows.js"
import contractsByUpdateAndRevision from "./0017_contracts_by_update_and_revision.js"
import attentionOrder from "./0018_attention_order.js"
import marksByModeAndOneEmail from "./0019_marks_by_mode_and_one_email.js"
import eventTraceParent from "./0020_event_trace_parent.js"
import contractFacts from "./0021_contract_facts.js"
import deadlinesAndSandboxClocks from "./0022_deadlines_and_sandbox_clocks.js"
import deadlineWindowsAndAmendments from "./0023_deadline_windows_and_amendments.js"
import claimSuccessStatus from "./0024_claim_success_status.js"
import commitsWriteWhatChanged from "./0025_commits_write_what_changed.js"

// Every migration, by its numbered name; the migrator runs the ones a database has not seen.
export const migrations = {
  "0001_foundation": foundation,
  "0002_negotiation": negotiation,
  "0003_signatures": signatures,
  "0004_letters": letters,
  "0005_idempotent_writes": idempotentWrites,
  "0006_key_last4": keyLast4,
  "0007_party_brought_by": partyBroughtBy,
  "0008_imports_and_assets": importsAndAssets,
  "0009_webhooks": webhooks,
  "0010_playbooks_and_search": playbooksAndSearch,
  "0011_tokens_ingress_mail": tokensIngressMail,
  "0012_outbox_next_attempt": outboxNextAttempt,
  "0013_recent_writes": recentWrites,
  "0014_shared_rate_limits": sharedRateLimits,
  "0015_import_leases": importLeases,
  "0016_attention_and_relationship_rows": attentionAndRelationshipRows,
  "0017_contracts_by_update_and_revision": contractsByUpdateAndRevision,
  "0018_attention_order": attentionOrder,
  "0019_marks_by_mode_and_one_email": marksByModeAndOneEmail,
  "0020_event_trace_parent": eventTraceParent,
  "0021_contract_facts": contractFacts,
  "0022_deadlines_and_sandbox_clocks": deadlinesAndSandboxClocks,
  "0023_deadline_windows_and_amendments": deadlineWindowsAndAmendments,
  "0024_claim_success_status": claimSuccessStatus,
  "0025_commits_write_what_changed": commitsWriteWhatChanged
}
