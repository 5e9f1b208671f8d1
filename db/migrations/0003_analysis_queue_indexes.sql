-- Trigram search of names; pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "analise_situacao_uf_idx";--> statement-breakpoint
CREATE INDEX "analise_uf_criado_idx" ON "analise_solicitacao" USING btree ("uf_pescador","criado_em");--> statement-breakpoint
CREATE INDEX "analise_criado_idx" ON "analise_solicitacao" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "pescador_nome_trgm_idx" ON "pescador" USING gin ("nome" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "analise_situacao_uf_idx" ON "analise_solicitacao" USING btree ("situacao_analise","uf_pescador","criado_em");