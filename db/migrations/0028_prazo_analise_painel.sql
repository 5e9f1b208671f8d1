CREATE TABLE "analise_prazo" (
	"solicitacao_id" integer PRIMARY KEY NOT NULL,
	"tipo_solicitacao" smallint NOT NULL,
	"uf" char(2) NOT NULL,
	"dias_prazo" smallint NOT NULL,
	"recebida_em" timestamp with time zone NOT NULL,
	"vence_em" timestamp with time zone,
	"pausada_em" timestamp with time zone,
	"restante_segundos" integer,
	"segundos_pausada" bigint DEFAULT 0 NOT NULL,
	"escalada_em" timestamp with time zone,
	"designado_usuario_mapa_id" integer,
	"decidida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "painel_analise_abertas" (
	"dia" date NOT NULL,
	"uf" char(2) NOT NULL,
	"tipo_solicitacao" smallint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "painel_analise_abertas_dia_uf_tipo_solicitacao_pk" PRIMARY KEY("dia","uf","tipo_solicitacao")
);
--> statement-breakpoint
CREATE TABLE "painel_analise_semana" (
	"semana" date NOT NULL,
	"uf" char(2) NOT NULL,
	"instancia" varchar(4) NOT NULL,
	"tipo_solicitacao" smallint NOT NULL,
	"recebidas" bigint DEFAULT 0 NOT NULL,
	"decididas" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "painel_analise_semana_semana_uf_instancia_tipo_solicitacao_pk" PRIMARY KEY("semana","uf","instancia","tipo_solicitacao")
);
--> statement-breakpoint
CREATE TABLE "painel_analista_semana" (
	"semana" date NOT NULL,
	"usuario_mapa_id" integer NOT NULL,
	"decididas" bigint NOT NULL,
	CONSTRAINT "painel_analista_semana_semana_usuario_mapa_id_pk" PRIMARY KEY("semana","usuario_mapa_id")
);
--> statement-breakpoint
CREATE TABLE "painel_tempo_decisao" (
	"tipo_solicitacao" smallint NOT NULL,
	"dias" integer NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "painel_tempo_decisao_tipo_solicitacao_dias_pk" PRIMARY KEY("tipo_solicitacao","dias")
);
--> statement-breakpoint
CREATE TABLE "prazo_analise_tipo" (
	"tipo_solicitacao" smallint PRIMARY KEY NOT NULL,
	"dias" smallint NOT NULL,
	"ato_normativo_id" integer NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analise_prazo" ADD CONSTRAINT "analise_prazo_solicitacao_id_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazo_analise_tipo" ADD CONSTRAINT "prazo_analise_tipo_ato_normativo_id_ato_normativo_id_fk" FOREIGN KEY ("ato_normativo_id") REFERENCES "public"."ato_normativo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analise_prazo_vence_idx" ON "analise_prazo" USING btree ("vence_em") WHERE vence_em IS NOT NULL AND escalada_em IS NULL;--> statement-breakpoint
CREATE INDEX "analise_prazo_escalada_idx" ON "analise_prazo" USING btree ("uf","escalada_em") WHERE escalada_em IS NOT NULL AND decidida_em IS NULL;