ALTER TABLE "ato_normativo" ADD COLUMN "usuario_interno_gravou" char(11);--> statement-breakpoint
ALTER TABLE "ato_normativo" ADD COLUMN "ip_origem_alteracao" varchar(45);--> statement-breakpoint
ALTER TABLE "ato_normativo" ADD COLUMN "data_atualizacao" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "ato_normativo_vigencia_idx" ON "ato_normativo" USING btree ("data_inicio_vigencia");--> statement-breakpoint
CREATE INDEX "forca_tarefa_ato_normativo_idx" ON "forca_tarefa" USING btree ("ato_normativo_id");--> statement-breakpoint
CREATE INDEX "forca_tarefa_data_limite_idx" ON "forca_tarefa" USING btree ("data_limite");--> statement-breakpoint
ALTER TABLE "ato_normativo" ADD CONSTRAINT "ato_normativo_vigencia_check" CHECK ("ato_normativo"."data_termino_vigencia" IS NULL OR "ato_normativo"."data_inicio_vigencia" < "ato_normativo"."data_termino_vigencia");
