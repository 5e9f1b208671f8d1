CREATE TABLE "reap_geracao_obrigacoes" (
	"ano_referencia" smallint PRIMARY KEY NOT NULL,
	"ultimo_pescador_id" integer DEFAULT 0 NOT NULL,
	"criadas" integer DEFAULT 0 NOT NULL,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reap_prazo_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"ano_referencia" smallint NOT NULL,
	"inicio_preenchimento" date NOT NULL,
	"fim_preenchimento" date NOT NULL,
	"ato_normativo_id" integer,
	"cpf_ator" char(11),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reap_prazo" ADD COLUMN "ato_normativo_id" integer;--> statement-breakpoint
ALTER TABLE "reap_prazo_historico" ADD CONSTRAINT "reap_prazo_historico_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reap_prazo_historico_ano_idx" ON "reap_prazo_historico" USING btree ("ano_referencia","id");--> statement-breakpoint
ALTER TABLE "reap_prazo" ADD CONSTRAINT "reap_prazo_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The windows set before the history existed start it (no act was cited then).
INSERT INTO "reap_prazo_historico" ("ano_referencia", "inicio_preenchimento", "fim_preenchimento", "cpf_ator", "criado_em")
SELECT "ano_referencia", "inicio_preenchimento", "fim_preenchimento", "cpf_atualizou", "atualizado_em" FROM "reap_prazo" ORDER BY "ano_referencia";
