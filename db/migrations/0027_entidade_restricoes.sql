CREATE UNIQUE INDEX "delegacao_aberta_key" ON "delegacao" USING btree ("pescador_id","entidade_id") WHERE "delegacao"."situacao" IN (1, 2);--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_situacao_check" CHECK ("delegacao"."situacao" BETWEEN 1 AND 4);--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_origem_check" CHECK ("delegacao"."origem" IN (1, 2));--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_periodo_check" CHECK ("delegacao"."fim" >= "delegacao"."inicio");--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_servicos_check" CHECK (cardinality("delegacao"."servicos") >= 1 AND "delegacao"."servicos" <@ ARRAY[1, 2, 3, 4]::smallint[]);--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_termo_check" CHECK ("delegacao"."origem" = 1 OR ("delegacao"."cpf_agente" IS NOT NULL AND "delegacao"."documento_termo_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "delegacao" ADD CONSTRAINT "delegacao_recusa_check" CHECK ("delegacao"."situacao" <> 4 OR "delegacao"."justificativa_recusa" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "entidade_representativa" ADD CONSTRAINT "entidade_representativa_tipo_check" CHECK ("entidade_representativa"."tipo" BETWEEN 1 AND 5);--> statement-breakpoint
ALTER TABLE "entidade_representativa" ADD CONSTRAINT "entidade_representativa_situacao_check" CHECK ("entidade_representativa"."situacao" IN (1, 2));--> statement-breakpoint
ALTER TABLE "entidade_representativa" ADD CONSTRAINT "entidade_representativa_vigencia_check" CHECK ("entidade_representativa"."vigencia_fim" > "entidade_representativa"."vigencia_inicio");--> statement-breakpoint
ALTER TABLE "entidade_representativa" ADD CONSTRAINT "entidade_representativa_suspensa_check" CHECK ("entidade_representativa"."situacao" = 1 OR "entidade_representativa"."motivo_suspensao" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "entidade_representativa" ADD CONSTRAINT "entidade_representativa_ufs_check" CHECK (cardinality("entidade_representativa"."ufs") BETWEEN 1 AND 27);