-- Decision 0068: the kept answers were plain text under an unkeyed SHA-256 of the CPF. The keys of before can be
-- neither found (`titular` is now an HMAC under a server key) nor read once their plain column goes: deleted. A
-- replay of one of them runs again and meets the services' own state checks (decision 0060).
DELETE FROM "chave_idempotencia";--> statement-breakpoint
ALTER TABLE "chave_idempotencia" ADD COLUMN "resposta_cifrada" "bytea";--> statement-breakpoint
ALTER TABLE "chave_idempotencia" DROP COLUMN "resposta";