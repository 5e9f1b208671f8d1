CREATE TABLE "reap_prazo" (
	"ano_referencia" smallint PRIMARY KEY NOT NULL,
	"inicio_preenchimento" date NOT NULL,
	"fim_preenchimento" date NOT NULL,
	"cpf_atualizou" char(11),
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reap_questionario" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitacao_id" integer NOT NULL,
	"pescador_id" integer NOT NULL,
	"ano_referencia" smallint NOT NULL,
	"categoria" smallint NOT NULL,
	"enviada" boolean DEFAULT false NOT NULL,
	"realizou_pesca" boolean,
	"tipo_prestacao_servico" smallint,
	"total_dias_trabalhado_ano" smallint,
	"dados" jsonb,
	"codigo_verificacao" varchar(16),
	"enviada_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reap_questionario" ADD CONSTRAINT "reap_questionario_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reap_questionario" ADD CONSTRAINT "reap_questionario_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reap_questionario_pescador_ano_key" ON "reap_questionario" USING btree ("pescador_id","ano_referencia");--> statement-breakpoint
CREATE UNIQUE INDEX "reap_questionario_solicitacao_key" ON "reap_questionario" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reap_questionario_codigo_key" ON "reap_questionario" USING btree ("codigo_verificacao") WHERE "reap_questionario"."codigo_verificacao" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reap_questionario_ano_enviada_idx" ON "reap_questionario" USING btree ("ano_referencia","enviada","id");
