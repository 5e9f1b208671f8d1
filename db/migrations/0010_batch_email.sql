CREATE TABLE "lote_pescador" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" smallint NOT NULL,
	"forma_processamento" boolean NOT NULL,
	"ato_normativo_id" integer NOT NULL,
	"orgao_solicitante" varchar(200) NOT NULL,
	"justificativa" text NOT NULL,
	"data_limite_suspensao" date,
	"nome_arquivo" varchar(255),
	"situacao" smallint DEFAULT 1 NOT NULL,
	"total" integer NOT NULL,
	"qtd_processados" integer DEFAULT 0 NOT NULL,
	"qtd_nao_encontrados" integer DEFAULT 0 NOT NULL,
	"qtd_invalidos" integer DEFAULT 0 NOT NULL,
	"qtd_ja_na_situacao" integer DEFAULT 0 NOT NULL,
	"qtd_nao_permitidos" integer DEFAULT 0 NOT NULL,
	"qtd_repetidos" integer DEFAULT 0 NOT NULL,
	"cpf_solicitante" char(11) NOT NULL,
	"perfil_solicitante" smallint NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	"email_enviado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lote_pescador_item" (
	"lote_id" integer NOT NULL,
	"linha" integer NOT NULL,
	"cpf_informado" varchar(20) NOT NULL,
	"cpf" char(11),
	"pescador_id" integer,
	"resultado" smallint,
	"situacao_anterior" smallint,
	"processado_em" timestamp with time zone,
	CONSTRAINT "lote_pescador_item_lote_id_linha_pk" PRIMARY KEY("lote_id","linha")
);
--> statement-breakpoint
CREATE TABLE "pescador_historico_situacao" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pescador_historico_situacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"pescador_id" integer NOT NULL,
	"situacao_anterior" smallint,
	"situacao_nova" smallint NOT NULL,
	"lote_id" integer,
	"ato_normativo_id" integer,
	"suspenso_ate" date,
	"cpf_ator" char(11),
	"perfil_ator" smallint,
	"motivo" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lote_pescador" ADD CONSTRAINT "lote_pescador_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lote_pescador_item" ADD CONSTRAINT "lote_pescador_item_lote_id_lote_pescador_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote_pescador"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pescador_historico_situacao" ADD CONSTRAINT "pescador_historico_situacao_pescador_id_pescador_id_fk" FOREIGN KEY ("pescador_id") REFERENCES "public"."pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pescador_historico_situacao" ADD CONSTRAINT "pescador_historico_situacao_lote_id_lote_pescador_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lote_pescador"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pescador_historico_situacao" ADD CONSTRAINT "pescador_historico_situacao_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lote_pescador_criado_idx" ON "lote_pescador" USING btree ("criado_em","id");--> statement-breakpoint
CREATE INDEX "lote_pescador_em_processamento_idx" ON "lote_pescador" USING btree ("atualizado_em") WHERE "lote_pescador"."situacao" = 1;--> statement-breakpoint
CREATE INDEX "lote_pescador_item_pendente_idx" ON "lote_pescador_item" USING btree ("lote_id","linha") WHERE "lote_pescador_item"."resultado" IS NULL;--> statement-breakpoint
CREATE INDEX "lote_pescador_item_resultado_idx" ON "lote_pescador_item" USING btree ("lote_id","resultado","linha");--> statement-breakpoint
CREATE INDEX "pescador_historico_situacao_pescador_idx" ON "pescador_historico_situacao" USING btree ("pescador_id","id");
