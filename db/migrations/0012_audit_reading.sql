ALTER TABLE "auditoria" ADD COLUMN "pescador_id" integer;--> statement-breakpoint
ALTER TABLE "auditoria" ADD COLUMN "orgao_ator" varchar(20);--> statement-breakpoint
DROP INDEX "auditoria_criado_em_idx";--> statement-breakpoint
DROP INDEX "auditoria_cpf_ator_idx";--> statement-breakpoint
DROP INDEX "auditoria_recurso_idx";--> statement-breakpoint
CREATE INDEX "auditoria_criado_em_idx" ON "auditoria" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_cpf_ator_idx" ON "auditoria" USING btree ("cpf_ator","criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_recurso_idx" ON "auditoria" USING btree ("recurso","recurso_id","criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_acao_idx" ON "auditoria" USING btree ("acao","criado_em","id");--> statement-breakpoint
CREATE INDEX "auditoria_pescador_idx" ON "auditoria" USING btree ("pescador_id","criado_em","id");
